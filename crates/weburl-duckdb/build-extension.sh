#!/usr/bin/env bash
# Builds the DuckDB extension and writes <target>/<profile>/weburl.duckdb_extension:
#   crates/weburl-duckdb/build-extension.sh            # debug (as CI builds it)
#   crates/weburl-duckdb/build-extension.sh --release  # for the benchmark
# Prints the path of the file written. Load it with:
#   SET allow_unsigned_extensions = true; LOAD '<path>';
#
# A DuckDB extension is a shared library followed by a metadata footer that DuckDB reads
# before it opens the library (the layout of DuckDB's extension-ci-tools and of
# `ParsedExtensionMetaData` in DuckDB's source):
#   22 bytes   a WebAssembly custom section header named "duckdb_signature" (section id 0,
#              LEB128 size 531, name length 16, the name, LEB128 payload size 512), which
#              keeps the file a valid Wasm module for DuckDB-Wasm and is ignored elsewhere;
#   256 bytes  eight fields of 32 bytes, NUL-padded, read last-first:
#              three unused, the ABI type, the extension version, the DuckDB version (for
#              the C_STRUCT ABI: the lowest C API version the extension needs), the
#              platform, the magic value "4";
#   256 bytes  the signature: zeros, as this file is unsigned.
# Environment: DUCKDB_PLATFORM (default: the platform of the `duckdb` Python package when
# $PYTHON, default python3, has one, else linux_amd64 or linux_arm64 by `uname -m`).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
python="${PYTHON:-python3}"

profile=debug
cargo_args=()
if [[ "${1:-}" == "--release" ]]; then
    profile=release
    cargo_args=(--release)
fi

# The C API version the entry point asks DuckDB for (`min_duckdb_version` in src/lib.rs).
capi_version="v1.2.0"
extension_version="v$(sed -n 's/^version = "\(.*\)"/\1/p' "$root/Cargo.toml" | head -n 1)"

platform="${DUCKDB_PLATFORM:-}"
if [[ -z "$platform" ]]; then
    platform="$("$python" -c 'import duckdb; print(duckdb.execute("PRAGMA platform").fetchone()[0])' 2>/dev/null || true)"
fi
if [[ -z "$platform" ]]; then
    case "$(uname -m)" in
        x86_64) platform=linux_amd64 ;;
        aarch64 | arm64) platform=linux_arm64 ;;
        *) echo "build-extension.sh: set DUCKDB_PLATFORM for $(uname -m)" >&2; exit 1 ;;
    esac
fi

(cd "$root" && cargo build --quiet -p weburl-duckdb "${cargo_args[@]}")

library="$target/$profile/libweburl_duckdb.so"
output="$target/$profile/weburl.duckdb_extension"

# One footer field: the text, then NULs up to 32 bytes.
field() {
    local text="$1"
    if (( ${#text} > 32 )); then
        echo "build-extension.sh: metadata field longer than 32 bytes: $text" >&2
        exit 1
    fi
    printf '%s' "$text"
    head -c $((32 - ${#text})) /dev/zero
}

tmp="$output.tmp"
{
    cat "$library"
    printf '\x00\x93\x04\x10duckdb_signature\x80\x04'
    field ""
    field ""
    field ""
    field "C_STRUCT"
    field "$extension_version"
    field "$capi_version"
    field "$platform"
    field "4"
    head -c 256 /dev/zero
} >"$tmp"
mv "$tmp" "$output"
echo "$output"
