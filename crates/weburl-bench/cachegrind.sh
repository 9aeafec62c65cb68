#!/usr/bin/env bash
# Instructions per input under valgrind (cachegrind, no cache simulation), for each dataset and
# library:
#   1st  = (Ir of one pass of `weburl-bench one` - Ir of the baseline `--lib none`, which only
#          loads and reads the dataset) / inputs. Includes one-time costs (lazy initialisation,
#          first-touch page faults of the allocator).
#   warm = (Ir of two passes - Ir of one pass) / inputs: the steady-state cost of one more pass,
#          the number to compare.
#
# usage: crates/weburl-bench/cachegrind.sh [DATASET...]
#   env: BENCH=parse_href|parse_base|can_parse|hostile (default parse_href)
#        LIBS="weburl ada url" (default), CARGO_TARGET_DIR (default: <workspace>/target)
#        NO_BUILD=1 to skip `cargo build`
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${CARGO_TARGET_DIR:=$PWD/target}"
export CARGO_TARGET_DIR
BENCH="${BENCH:-parse_href}"
LIBS="${LIBS:-weburl ada url}"
if [ -z "${NO_BUILD:-}" ]; then
    cargo build --release -p weburl-bench >&2
fi
BIN="$CARGO_TARGET_DIR/release/weburl-bench"
command -v valgrind >/dev/null || { echo "valgrind not found" >&2; exit 1; }

if [ "$#" -gt 0 ]; then
    DATASETS=("$@")
elif [ "$BENCH" = hostile ]; then
    DATASETS=(dots-100K idna-100K ipv6-100K percent-100K)
else
    DATASETS=(isaacs_files node_files kasztp web_links wpt)
    # `grep` reads all of the list (not `grep -q`, which may exit first and, under pipefail,
    # fail the pipeline when `list` then dies of SIGPIPE).
    if "$BIN" list 2>/dev/null | grep '^userbait ' >/dev/null; then DATASETS+=(userbait); fi
fi

# Ir of one run: the "I refs" (3.19-3.20) or "I" (3.21+) summary line.
ir() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
        "$BIN" one --bench "$BENCH" "$@" 2>&1 >/dev/null |
        sed -n -E 's/^==[0-9]+== I( +refs)?: +([0-9,]+).*/\2/p' | tr -d , | head -n1
}

printf '%-14s %8s %12s' "dataset" "inputs" "baseline Ir"
for lib in $LIBS; do printf ' %10s %10s' "$lib 1st" "$lib warm"; done
printf '   (%s; Ir per input)\n' "$BENCH"
for ds in "${DATASETS[@]}"; do
    inputs=$("$BIN" one --lib none --bench "$BENCH" --dataset "$ds" | sed -E 's/.* inputs=([0-9]+).*/\1/')
    base=$(ir --lib none --dataset "$ds")
    printf '%-14s %8d %12d' "$ds" "$inputs" "$base"
    for lib in $LIBS; do
        one=$(ir --lib "$lib" --dataset "$ds" --passes 1)
        two=$(ir --lib "$lib" --dataset "$ds" --passes 2)
        awk -v a="$one" -v b="$two" -v z="$base" -v n="$inputs" \
            'BEGIN { printf " %10.1f %10.1f", (a - z) / n, (b - a) / n }'
    done
    printf '\n'
done
