#!/usr/bin/env bash
# The C library's checks, for CI (scripts/test-all.sh calls it right after
# `cargo test --workspace`) and for developers:
#   bash crates/weburl-c/ci.sh
# 1. Installs what it needs when missing, with apt-get as root: libcjson-dev (the C suites'
#    JSON reader), valgrind, pkg-config, golang-go (the Go example), g++ and binutils.
# 2. Builds libweburl in the dev profile (`cargo build -p weburl-c`; after
#    `cargo test --workspace` this builds nothing). `cargo test` already checks that
#    include/ada_c.h and include/weburl.h are generated from the source (tests/headers.rs).
# 3. Checks target/debug/libweburl.so: it exports only `ada_*` and `weburl_*` symbols (no
#    Rust symbols), every function the two headers declare, and has the soname
#    libweburl.so.0.
# 4. Compiles every tests/c/*.c (cc -std=c99) and tests/c/*.cpp (c++ -std=c++17), with
#    -Wall -Wextra -Werror, against libweburl.so, and wpt_url.c also against libweburl.a;
#    runs each, then each (dynamic) again under valgrind (no error, no leak;
#    WEBURL_ROBUSTNESS_MB=1 there, for robustness.c's large inputs). Each program ends with
#    `N passed, M failed`; the last line of this script is the sum over the C suite.
# 5. Installs into a temporary prefix (install.sh --profile debug) and builds a program with
#    `pkg-config --cflags --libs weburl`, and one wholly static (`--static`, -static-pie),
#    and runs them; builds and runs docs/C.md's tour the same way.
# 6. Runs the ada-url crate's own tests against libweburl (tests/ada-url-crate.sh).
# 7. Runs the Go example's tests (examples/go: cgo over weburl.h), offline.
# Environment: CARGO_TARGET_DIR (default <workspace>/target), CC (default cc), CXX (default
# c++), WEBURL_C_SKIP_VALGRIND=1 (skips step 4's valgrind runs, for a quick local loop).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
cc="${CC:-cc}"
cxx="${CXX:-c++}"
start=$SECONDS

# ---- 1. Packages ----------------------------------------------------------------------
missing=()
for pkg in libcjson-dev valgrind pkg-config golang-go g++ binutils; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$pkg")
    fi
done
if [[ ${#missing[@]} -gt 0 ]]; then
    if [[ $(id -u) -ne 0 ]]; then
        echo "ci.sh: missing Debian packages (${missing[*]}), and installing them needs root" >&2
        exit 1
    fi
    echo "ci.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ---- 2. Build -------------------------------------------------------------------------
cargo build --quiet -p weburl-c
libdir="$target/debug"
so="$libdir/libweburl.so"
archive="$libdir/libweburl.a"
include="$here/include"

# ---- 3. The shared library's exports and soname ----------------------------------------
exports="$(nm -D --defined-only "$so" | awk '{print $NF}' | sort -u)"
foreign="$(grep -Ev '^(ada_|weburl_)' <<<"$exports" || true)"
if [[ -n "$foreign" ]]; then
    echo "ci.sh: $so exports symbols other than ada_* and weburl_*:" >&2
    head -n 20 <<<"$foreign" >&2
    exit 1
fi
declared="$(sed -e 's|//.*||' "$include/ada_c.h" "$include/weburl.h" \
    | grep -oE '\b(ada|weburl)_[A-Za-z0-9_]+[[:space:]]*\(' | tr -d '( \t' | sort -u)"
absent="$(comm -23 <(echo "$declared") <(echo "$exports"))"
if [[ -n "$absent" ]]; then
    echo "ci.sh: functions the headers declare but $so does not export:" >&2
    echo "$absent" >&2
    exit 1
fi
soname="$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
if [[ "$soname" != "libweburl.so.0" ]]; then
    echo "ci.sh: $so has the soname '$soname', expected libweburl.so.0" >&2
    exit 1
fi
echo "libweburl.so: $(wc -l <<<"$exports") exports (all ada_* or weburl_*, every declared function), soname $soname"

# ---- 4. The C suite ----------------------------------------------------------------------
out="$target/c-tests"
rm -rf "$out"
mkdir -p "$out/lib"
# Programs linked against libweburl.so record its soname, libweburl.so.0, which cargo does
# not write: a directory with that name for the library, to run them from.
ln -s "$so" "$out/lib/libweburl.so.0"
runlib="$out/lib"
cflags=(-g -O1 -Wall -Wextra -Werror -I"$include" -I"$here/tests/c")
link=(-L"$libdir" -Wl,-rpath,"$runlib" -lweburl -lcjson)
static_link=("$archive" -lcjson -lpthread -ldl -lm)
programs=()
shopt -s nullglob
for src in "$here"/tests/c/*.c; do
    name="$(basename "$src" .c)"
    "$cc" -std=c99 "${cflags[@]}" -o "$out/$name" "$src" "${link[@]}"
    programs+=("$name")
done
for src in "$here"/tests/c/*.cpp; do
    name="$(basename "$src" .cpp)"
    "$cxx" -std=c++17 "${cflags[@]}" -o "$out/$name" "$src" "${link[@]}"
    programs+=("$name")
done
shopt -u nullglob
if [[ ${#programs[@]} -eq 0 ]]; then
    echo "ci.sh: no C test programs in $here/tests/c" >&2
    exit 1
fi
# The static library links: wpt_url against libweburl.a and the system libraries it needs.
"$cc" -std=c99 "${cflags[@]}" -o "$out/wpt_url-static" "$here/tests/c/wpt_url.c" "${static_link[@]}"
if readelf -d "$out/wpt_url-static" | grep -q 'libweburl'; then
    echo "ci.sh: wpt_url-static depends on libweburl.so" >&2
    exit 1
fi

total_passed=0
total_failed=0
# Runs one program, its output in $out/LABEL.log and its exit status in $out/LABEL.status.
execute() {
    local label="$1"
    shift
    local status=0
    "$@" >"$out/$label.log" 2>&1 || status=$?
    echo "$status" >"$out/$label.status"
}

# Adds a program's last `N passed, M failed` line to the totals and prints it (or its log's
# end when it failed). A program that prints no such line counts as one check, passed when it
# exits 0; a program that fails counts at least one failure.
account() {
    local label="$1"
    local log="$out/$label.log" status
    status="$(cat "$out/$label.status")"
    local last p=0 f=0
    # `N passed, M failed` (this suite's programs); `N checks, M failed` and
    # `...: N checks passed` (ada_api.cpp's and weburl_api.c's last lines).
    last="$(grep -E '[0-9]+ passed, [0-9]+ failed|^[0-9]+ checks, [0-9]+ failed$|[0-9]+ checks passed' "$log" | tail -n 1 || true)"
    if [[ "$last" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        p="${BASH_REMATCH[1]}"
        f="${BASH_REMATCH[2]}"
    elif [[ "$last" =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
        # tests/ada-url-crate.sh: `...: N passed, M failed as documented (exit S)`; the
        # documented failures are no failure while the script succeeds.
        p="${BASH_REMATCH[1]}"
        [[ $status -eq 0 ]] || f="${BASH_REMATCH[2]}"
    elif [[ "$last" =~ ^([0-9]+)\ checks,\ ([0-9]+)\ failed$ ]]; then
        f="${BASH_REMATCH[2]}"
        p=$((BASH_REMATCH[1] - f))
    elif [[ "$last" =~ ([0-9]+)\ checks\ passed ]]; then
        p="${BASH_REMATCH[1]}"
    elif [[ $status -eq 0 ]]; then
        p=1
    fi
    if [[ $status -ne 0 && $f -eq 0 ]]; then
        f=1
    fi
    total_passed=$((total_passed + p))
    total_failed=$((total_failed + f))
    if [[ $status -ne 0 ]]; then
        echo "FAILED: $label (exit $status)"
        tail -n 60 "$log"
    else
        echo "$label: ${last:-exit 0}"
    fi
}

run() {
    execute "$@"
    account "$1"
}

# robustness.c's 50 MB inputs take about a minute in the dev profile: it runs on the second
# core while the other programs and the valgrind runs take the first.
background=()
for name in "${programs[@]}"; do
    if [[ "$name" == robustness ]]; then
        execute "$name" "$out/$name" &
        background+=("$!")
    else
        run "$name" "$out/$name"
    fi
done
run "wpt_url-static" "$out/wpt_url-static"

if [[ "${WEBURL_C_SKIP_VALGRIND:-0}" != 1 ]]; then
    valgrind_start=$SECONDS
    for name in "${programs[@]}"; do
        WEBURL_ROBUSTNESS_MB=1 run "valgrind $name" valgrind -q --leak-check=full \
            --errors-for-leak-kinds=definite,indirect,possible --show-leak-kinds=definite,indirect,possible \
            --error-exitcode=1 "$out/$name"
    done
    echo "valgrind: $((SECONDS - valgrind_start)) s"
fi
for pid in "${background[@]}"; do
    wait "$pid"
done
for name in "${programs[@]}"; do
    if [[ "$name" == robustness ]]; then
        account "$name"
        grep -E '^  [0-9.]+ MB ' "$out/$name.log" | sed 's/^/  /' || true
    fi
done
for name in "${programs[@]}"; do
    grep -E '^[^ ]+\.json: [0-9]+ passed' "$out/$name.log" | sed 's/^/    /' || true
done

# ---- 5. Install and pkg-config ----------------------------------------------------------------
prefix="$(mktemp -d "${TMPDIR:-/tmp}/weburl-install.XXXXXX")"
trap 'rm -rf "$prefix"' EXIT
bash "$here/install.sh" --prefix "$prefix" --profile debug >/dev/null
for f in lib/libweburl.so.0.1.0 lib/libweburl.so.0 lib/libweburl.so lib/libweburl.a \
    include/ada_c.h include/weburl.h lib/pkgconfig/weburl.pc; do
    [[ -e "$prefix/$f" ]] || { echo "ci.sh: install.sh did not write $f" >&2; exit 1; }
done
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
smoke="$here/tests/pkgconfig/smoke.c"
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -std=c99 -Wall -Wextra -Werror -o "$out/smoke" "$smoke" $(pkg-config --cflags --libs weburl)
if ! readelf -d "$out/smoke" | grep -q 'NEEDED.*\[libweburl.so.0\]'; then
    echo "ci.sh: the pkg-config build does not record libweburl.so.0" >&2
    exit 1
fi
# Wholly static, as docs/C.md shows it: libweburl.a and Libs.private, glibc's static libraries
# (glibc's warnings about getaddrinfo and getpwuid_r in static programs go to the log).
# shellcheck disable=SC2046
"$cc" -std=c99 -Wall -Wextra -Werror -o "$out/smoke-static" "$smoke" \
    $(pkg-config --cflags --libs --static weburl) -static-pie >"$out/smoke-static.link.log" 2>&1 \
    || { cat "$out/smoke-static.link.log" >&2; echo "ci.sh: the static pkg-config build fails" >&2; exit 1; }
if readelf -d "$out/smoke-static" | grep -q NEEDED; then
    echo "ci.sh: the -static-pie build needs shared libraries" >&2
    exit 1
fi
run "installed (pkg-config)" env LD_LIBRARY_PATH="$prefix/lib" "$out/smoke"
# docs/C.md's tour of weburl.h (its first C block), built as the page says and run: it must
# print what its comments say.
python3 - "$root/docs/C.md" "$out/tour.c" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.index("```c\n") + len("```c\n")
open(sys.argv[2], "w", encoding="utf-8").write(text[start:text.index("```", start)])
PY
# shellcheck disable=SC2046
"$cc" -std=c99 -Wall -Wextra -Werror -o "$out/tour" "$out/tour.c" $(pkg-config --cflags --libs weburl)
run "docs-tour" bash -c 'out="$(env LD_LIBRARY_PATH="$1" "$2")" && [[ "$out" == $'"'"'https://example.com/a/c?q#f\nid=7'"'"' ]] && echo "docs/C.md tour: 1 passed, 0 failed" || { echo "docs/C.md tour printed: $out"; exit 1; }' _ "$prefix/lib" "$out/tour"
run "installed (pkg-config --static)" "$out/smoke-static"

# ---- 6. The ada-url crate's own tests on libweburl (tests/ada-url-crate.sh, docs/C.md) -----
run "ada-url crate" bash "$here/tests/ada-url-crate.sh"

# ---- 7. The Go example ---------------------------------------------------------------------
go_log="$out/go-test.log"
go_status=0
(
    cd "$root/examples/go"
    export CGO_ENABLED=1 CGO_CFLAGS="-I$include" CGO_LDFLAGS="-L$libdir"
    export LD_LIBRARY_PATH="$runlib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export GOFLAGS=-mod=mod GOPROXY=off GOCACHE="$target/go-cache" GOPATH="$target/go-path"
    go vet ./... && go test -count=1 -v ./...
) >"$go_log" 2>&1 || go_status=$?
go_passed="$(grep -c -- '^--- PASS' "$go_log" || true)"
go_failed="$(grep -c -- '^--- FAIL' "$go_log" || true)"
if [[ $go_status -ne 0 ]]; then
    cat "$go_log"
    echo "FAILED: go test (exit $go_status)"
    total_failed=$((total_failed + 1))
else
    echo "go test (examples/go): $go_passed passed, $go_failed failed"
fi

echo "C suite done in $((SECONDS - start)) s"
echo "$total_passed passed, $total_failed failed"
[[ $total_failed -eq 0 ]]
