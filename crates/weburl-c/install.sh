#!/usr/bin/env bash
# Installs libweburl as a C library:
#   crates/weburl-c/install.sh --prefix PREFIX [--profile release|debug]
# from the workspace's target directory (`cargo build -p weburl-c`, with `--release` for the
# release profile; this script does not build):
#   PREFIX/lib/libweburl.so.X.Y.Z, with the symlinks libweburl.so.X (the soname) and
#   libweburl.so; PREFIX/lib/libweburl.a; PREFIX/include/ada_c.h and weburl.h;
#   PREFIX/lib/pkgconfig/weburl.pc (from weburl.pc.in, with the prefix and version).
# Then: `PKG_CONFIG_PATH=PREFIX/lib/pkgconfig cc app.c $(pkg-config --cflags --libs weburl)`,
# or `pkg-config --static --libs weburl` with libweburl.a.
# Environment: CARGO_TARGET_DIR (default <workspace>/target).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"

prefix=""
profile="release"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --profile) profile="${2:?--profile needs release or debug}"; shift 2 ;;
        --profile=*) profile="${1#--profile=}"; shift ;;
        -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}"; exit 0 ;;
        *) echo "install.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [[ -z "$prefix" ]]; then
    echo "install.sh: --prefix PREFIX is required" >&2
    exit 2
fi
case "$profile" in
    release|debug) ;;
    *) echo "install.sh: --profile must be release or debug, not $profile" >&2; exit 2 ;;
esac

# The version of the workspace ([workspace.package] version in Cargo.toml).
version="$(sed -n '/^\[workspace.package\]/,/^\[/s/^version *= *"\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)"
if [[ ! "$version" =~ ^([0-9]+)\.[0-9]+\.[0-9]+ ]]; then
    echo "install.sh: cannot read the workspace version from Cargo.toml" >&2
    exit 1
fi
major="${BASH_REMATCH[1]}"

libdir="$target/$profile"
for file in libweburl.so libweburl.a; do
    if [[ ! -f "$libdir/$file" ]]; then
        echo "install.sh: $libdir/$file is missing; build it first: cargo build -p weburl-c$([[ $profile == release ]] && echo ' --release')" >&2
        exit 1
    fi
done
soname="$(readelf -d "$libdir/libweburl.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
if [[ "$soname" != "libweburl.so.$major" ]]; then
    echo "install.sh: $libdir/libweburl.so has the soname '$soname', expected libweburl.so.$major" >&2
    exit 1
fi

mkdir -p "$prefix/lib/pkgconfig" "$prefix/include"
prefix="$(cd "$prefix" && pwd)"
install -m 0755 "$libdir/libweburl.so" "$prefix/lib/libweburl.so.$version"
ln -sf "libweburl.so.$version" "$prefix/lib/libweburl.so.$major"
ln -sf "libweburl.so.$major" "$prefix/lib/libweburl.so"
install -m 0644 "$libdir/libweburl.a" "$prefix/lib/libweburl.a"
install -m 0644 "$here/include/ada_c.h" "$here/include/weburl.h" "$prefix/include/"
sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" "$here/weburl.pc.in" \
    | grep -v '^# ' >"$prefix/lib/pkgconfig/weburl.pc"
echo "installed libweburl $version ($profile) into $prefix"
