#!/usr/bin/env bash
# URLs per second of `weburl parse --get '{host}'` against curl's trurl on the benchmark lists,
# each program a whole process on one list, pinned to one CPU (docs/PERFORMANCE.md, "Against
# trurl"). Needs hyperfine and jq, a trurl binary (TRURL=path, default: trurl on the PATH),
# and the lists (DATA=dir, default: ../shared/bench-data). WEBURL=path picks the weburl
# binary (default: target/release/weburl). RUNS=N runs per program and list (default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
WEBURL=${WEBURL:-target/release/weburl}
TRURL=${TRURL:-trurl}
DATA=${DATA:-../shared/bench-data}
RUNS=${RUNS:-30}
CPU=${CPU:-1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Wall: the median run. CPU: the mean user + system time, less disturbed by other load.
printf '%-14s %7s %10s %10s %13s %12s %7s %8s %8s %7s\n' list URLs "weburl ms" "trurl ms" \
    "weburl URL/s" "trurl URL/s" ratio "w CPU ms" "t CPU ms" "CPU x"
for list in web_links kasztp userbait isaacs_files node_files; do
    file="$DATA/$list.txt"
    [ -f "$file" ] || continue
    lines=$(wc -l < "$file")
    # -i: both programs exit non-zero when a line fails to parse (a few lines of each list).
    taskset -c "$CPU" hyperfine -N -i --warmup 3 --runs "$RUNS" --output=null \
        --export-json "$out/$list.json" \
        "$WEBURL parse --threads 1 --get {host} --url-file $file" \
        "$TRURL --url-file $file --get {host}" > /dev/null 2>&1
    w=$(jq '.results[0].median' "$out/$list.json")
    t=$(jq '.results[1].median' "$out/$list.json")
    wc=$(jq '.results[0].user + .results[0].system' "$out/$list.json")
    tc=$(jq '.results[1].user + .results[1].system' "$out/$list.json")
    awk -v l="$list" -v n="$lines" -v w="$w" -v t="$t" -v wc="$wc" -v tc="$tc" 'BEGIN {
        printf "%-14s %7d %10.2f %10.2f %13.0f %12.0f %6.1fx %8.2f %8.2f %6.1fx\n",
            l, n, w*1000, t*1000, n/w, n/t, t/w, wc*1000, tc*1000, tc/wc }'
done
# Process start-up alone: both programs on an empty list.
empty="$out/empty.txt"
: > "$empty"
taskset -c "$CPU" hyperfine -N -i --warmup 3 --runs "$RUNS" --output=null \
    --export-json "$out/empty.json" \
    "$WEBURL parse --threads 1 --get {host} --url-file $empty" \
    "$TRURL --url-file $empty --get {host}" > /dev/null 2>&1
jq -r '"start-up (empty list): weburl \(.results[0].median * 1000 * 100 | round / 100) ms, trurl \(.results[1].median * 1000 * 100 | round / 100) ms (median wall)"' "$out/empty.json"
