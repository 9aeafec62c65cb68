#!/usr/bin/env bash
# Linearity of the hostile inputs, counted: `weburl-bench linearity` runs every hostile
# family's work (weburl-testkit's `hostile`: the URL parser's families and shapes, each href
# parsed again, pattern constructor strings and init objects, pattern exec, route sets, route
# sets of regexp routes on the linear engine and the bounded backtracker, search params) on each
# case at size 0 and at sizes n, 2n, 4n, each run inside one function; callgrind counts the
# instructions executed inside that function only and writes one profile per run. For each
# case, with I(s) = instructions at size s minus instructions at size 0 (the fixed cost):
#
#   I(2n) / max(I(n), n)   <= LIMIT       (default 2.3: the cost per byte grows <= 15%)
#   I(4n) / max(I(2n), 2n) <= LIMIT
#   I(4n) / max(I(n), n)   <= 2 * LIMIT   (<= 15% over the whole range as well)
#
# Linear work doubles (2.0, plus a little from amortized buffer growth); n log n work (a
# sort) gives 2 * log(2n)/log(n), under 2.2 from n = 1,000. Work a*n + q*n^2 gives
# 2(1 + 2s)/(1 + s) per doubling with s = q*n/a: it fails the first two rules once the
# quadratic part is 15% of the linear one at n, the third once it is 5.3%. The floor (one
# instruction a byte) keeps a case that does not read its input (a constant answer) from
# failing on noise. Instruction counts do not depend on the machine's load (no timing), so
# the rule needs no retries. Prints a table (family, case, fixed cost, I(n), I(2n), I(4n), the
# ratios, instructions a byte at 4n) and exits 1 when any case exceeds a limit, or when
# valgrind is missing. With other sizes, each limit scales with the step between them.
#
# usage: scripts/linearity.sh [--family SUBSTRING]
#   env: LINEARITY_SIZES (default 4608,9216,18432: n, 2n, 4n in bytes of the repeated part,
#        all above the 4096 bytes up to which the parser writes into a reused buffer, so that
#        every size takes the same path), LINEARITY_LIMIT (default 2.3), LINEARITY_JOBS
#        (default nproc: the cases are shared among that many valgrind processes),
#        CARGO_TARGET_DIR (default <workspace>/target),
#        NO_BUILD=1 (use the existing target/debug/weburl-bench: CI runs this after
#        `cargo test --workspace`, which builds it).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
sizes="${LINEARITY_SIZES:-4608,9216,18432}"
jobs="${LINEARITY_JOBS:-$(nproc)}"
limit="${LINEARITY_LIMIT:-2.3}"
family=()
if [[ $# -gt 0 ]]; then
    if [[ $# -ne 2 || "$1" != --family ]]; then
        echo "usage: scripts/linearity.sh [--family SUBSTRING]" >&2
        exit 2
    fi
    family=(--family "$2")
fi
if ! command -v valgrind >/dev/null; then
    echo "linearity.sh: valgrind is not installed (apt-get install valgrind): the check cannot run" >&2
    exit 1
fi
if [[ -z "${NO_BUILD:-}" ]]; then
    cargo build --quiet -p weburl-bench --bin weburl-bench
fi
bin="$target/debug/weburl-bench"
if [[ ! -x "$bin" ]]; then
    echo "linearity.sh: $bin is missing (cargo build -p weburl-bench)" >&2
    exit 1
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/weburl-linearity.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
# Each shard: one process under callgrind, collecting only inside `measured`
# (--collect-atstart=no, --toggle-collect) and writing one profile after each call
# (--dump-after: cg.out.1, cg.out.2, ... in the order of the runner's lines).
fn='weburl_bench::linearity::measured'
pids=()
for ((k = 0; k < jobs; k++)); do
    mkdir "$tmp/$k"
    valgrind --tool=callgrind --collect-atstart=no --toggle-collect="$fn" --dump-after="$fn" \
        --callgrind-out-file="$tmp/$k/cg.out" "$bin" linearity --sizes "$sizes" \
        --shard "$k/$jobs" "${family[@]}" >"$tmp/$k/runs.tsv" 2>"$tmp/$k/valgrind.log" &
    pids+=("$!")
done
for ((k = 0; k < jobs; k++)); do
    if ! wait "${pids[$k]}"; then
        cat "$tmp/$k/valgrind.log" >&2
        echo "linearity.sh: shard $k/$jobs of the runner failed under valgrind" >&2
        exit 1
    fi
done
# Each run's line with its instruction count, in the order of the cases.
for ((k = 0; k < jobs; k++)); do
    runs=$(wc -l <"$tmp/$k/runs.tsv")
    for ((i = 1; i <= runs; i++)); do
        ir=$(sed -n 's/^summary: //p' "$tmp/$k/cg.out.$i" 2>/dev/null || true)
        if [[ -z "$ir" ]]; then
            echo "linearity.sh: no profile cg.out.$i for run $i of $runs (shard $k)" >&2
            exit 1
        fi
        echo "$ir"
    done >"$tmp/$k/ir.txt"
    if [[ -e "$tmp/$k/cg.out.$((runs + 1))" ]]; then
        echo "linearity.sh: more profiles than runs ($runs, shard $k)" >&2
        exit 1
    fi
    paste "$tmp/$k/runs.tsv" "$tmp/$k/ir.txt"
done | sort -t "$(printf '\t')" -k1,1n -s >"$tmp/all.tsv"
awk -F '\t' -v limit="$limit" -v seconds="$((SECONDS - start))" '
    # Lines: case index, family, case, size, input bytes, instructions; size 0 first, then
    # each size.
    function flush(   k, d, prev, r, ok, line, floor) {
        if (count == 0) return
        ok = 1
        line = sprintf("%-32s %-36s %10.0f", substr(fam, 1, 32), substr(cas, 1, 36), base)
        prev = -1
        for (k = 1; k < count; k++) {
            d[k] = ir[k] - base
            line = line sprintf(" %12.0f", d[k])
        }
        for (k = 2; k < count; k++) {
            floor = d[k - 1] > size[k - 1] ? d[k - 1] : size[k - 1]
            r = d[k] / floor
            # The limit scales with the step between sizes (2.3 for a doubling).
            if (r > limit * size[k] / size[k - 1] / 2) ok = 0
            line = line sprintf(" %6.2f", r)
        }
        # Over the whole range (n to 4n for the default sizes): the cost per byte grows by
        # at most the same factor, limit / 2, as over one doubling.
        floor = d[1] > size[1] ? d[1] : size[1]
        r = d[count - 1] / floor
        if (r > limit / 2 * size[count - 1] / size[1]) ok = 0
        line = line sprintf(" %6.2f", r)
        line = line sprintf(" %8.1f  %s", d[count - 1] / bytes[count - 1], ok ? "ok" : "SUPERLINEAR")
        print line
        if (!ok) failed++
        cases++
        count = 0
    }
    BEGIN {
        printf "%-32s %-36s %10s %12s %12s %12s %6s %6s %6s %8s\n", "family", "case", "I(0)", \
            "I(n)-I(0)", "I(2n)-I(0)", "I(4n)-I(0)", "2n/n", "4n/2n", "4n/n", "I/byte"
    }
    {
        if ($4 == 0) { flush(); fam = $2; cas = $3; base = $6; count = 1; next }
        size[count] = $4; bytes[count] = $5; ir[count] = $6; count++
    }
    END {
        flush()
        printf "linearity: %d cases, %d superlinear (limit %s a doubling; callgrind, %d s)\n", \
            cases, failed, limit, seconds
        exit failed > 0
    }' "$tmp/all.tsv"
