#!/usr/bin/env bash
# bench-batch.sh: measures the batch engine's figures of issue 8, each as a
# ratio or a peak within one run of this script (the machine is shared, so
# only figures from one run compare):
#  1. Korf's 100 with pdb663+reflect: -j 1 against -j 2, and that both print
#     the same answers;
#  2. Rotation end to end (solve, BOARDS random boards, -j 1 and -j 2): this
#     tree against BASE (default: the commit before the batch engine moved
#     to internal/batch), runs alternated;
#  3. verify rotation on VERIFY boards: time with -j 1 and -j 2, peak RSS;
#  4. bench rotation on BENCH boards: peak RSS;
#  5. go test -bench: one worker's cost a Rotation board (parse, solve,
#     format), for comparison with the end-to-end rate.
#
#   scripts/bench-batch.sh            (BOARDS=4000000 VERIFY=10000000 BENCH=2000000 BASE=ff5773e)
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${BOARDS:-4000000}
nverify=${VERIFY:-10000000}
nbench=${BENCH:-2000000}
base=${BASE:-ff5773e}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PDBSOLVE_TABLES=${PDBSOLVE_TABLES:-$work/tables}
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), go $(go env GOVERSION)"

go build -o "$work/new" ./cmd/pdbsolve
mkdir "$work/base-src"
git archive "$base" | tar -x -C "$work/base-src"
(cd "$work/base-src" && go build -o "$work/base" ./cmd/pdbsolve)
echo "built this tree ($(git rev-parse --short HEAD)) and BASE ($base)"
"$work/new" solve rotation < /dev/null          # build the Rotation tables into the cache first
"$work/new" solve 15puzzle --heuristic pdb663+reflect < /dev/null

timed() { # timed LABEL OUT CMD...: prints LABEL, wall and CPU seconds and peak RSS; CMD's stdout to OUT
  local label=$1 out=$2; shift 2
  /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$@" > "$out"
  read -r secs rss user sys < "$work/time"
  echo "$label: $secs s wall, $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }') s CPU, peak RSS $((rss / 1024)) MB, load $(cut -d' ' -f1 /proc/loadavg)"
  last=$secs
}
idle() { # percent of CPU time idle over the next second
  local a b
  a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat))
  local total=0 i
  for i in 1 2 3 4 5 6 7 8; do total=$((total + b[i] - a[i])); done
  echo $(( 100 * (b[4] - a[4]) / (total > 0 ? total : 1) ))
}
quiet() { # wait (up to QUIET_WAIT seconds, default 600) for a second with 90% of the CPU idle
  local waited=0 pct
  while pct=$(idle); [ "$pct" -lt 90 ] && [ "$waited" -lt "${QUIET_WAIT:-600}" ]; do waited=$((waited + 1)); done
  echo "  (CPU ${pct}% idle before the next pair, after waiting ${waited} s)"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "== 1. Korf's 100, pdb663+reflect (pairs of runs, alternated; the machine is shared)"
for round in 1 2 3; do
  quiet
  timed "round $round, solve 15puzzle -j 1" "$work/k1" "$work/new" -j 1 solve 15puzzle --heuristic pdb663+reflect data/korf100.txt; k1=$last
  timed "round $round, solve 15puzzle -j 2" "$work/k2" "$work/new" -j 2 solve 15puzzle --heuristic pdb663+reflect data/korf100.txt; k2=$last
  cmp -s "$work/k1" "$work/k2" && echo "  same answers with -j 1 and -j 2; speed-up -j 2 over -j 1: $(ratio "$k1" "$k2")x"
done
# What one-record units allow, whatever else runs on the machine: the
# instances' own solve times (JSON time_ns, -j 1) dealt in input order to 2
# workers, each taking the next instance when it is free, as the pipeline does.
"$work/new" -j 1 solve 15puzzle --heuristic pdb663+reflect --format json data/korf100.txt |
  sed 's/.*"time_ns":\([0-9]*\).*/\1/' | awk '
    { t = $1; if (w[0] <= w[1]) w[0] += t; else w[1] += t; sum += t }
    END { m = w[0] > w[1] ? w[0] : w[1]; printf "2 workers taking the instances in order: %.2f s of solving on the busier one, %.2f s in all: speed-up bound %.2fx\n", m / 1e9, sum / 1e9, sum / m }'
timed "BASE solve 15puzzle -j 2" "$work/kb" "$work/base" -j 2 solve 15puzzle --heuristic pdb663+reflect data/korf100.txt; kb=$last
cmp -s "$work/k1" "$work/kb" && echo "BASE prints the same answers; BASE -j 2 over this tree's -j 1: $(ratio "$k1" "$kb")x"

echo "== 2. Rotation end to end, $boards random boards"
"$work/new" random rotation -n "$boards" --seed 42 > "$work/boards.txt"
for round in 1 2; do
  for j in 1 2; do
    timed "round $round, BASE -j $j" "$work/ob" "$work/base" -j "$j" solve rotation "$work/boards.txt"; b=$last
    timed "round $round, new  -j $j" "$work/on" "$work/new" -j "$j" solve rotation "$work/boards.txt"; n=$last
    cmp -s "$work/ob" "$work/on" && echo "  same output; new/BASE time $(ratio "$n" "$b"), $(awk -v n="$boards" -v t="$n" 'BEGIN { printf "%.1fM", n / t / 1e6 }') boards/s new"
  done
done

echo "== 3. verify rotation, $nverify boards"
"$work/new" random rotation -n "$nverify" --seed 7 > "$work/v.txt"
"$work/new" solve rotation "$work/v.txt" > "$work/v.out"
for round in 1 2; do
  quiet
  timed "round $round, verify -j 1" "$work/v1" "$work/new" -j 1 verify rotation --input "$work/v.txt" --solutions "$work/v.out"; v1=$last
  timed "round $round, verify -j 2" "$work/v2" "$work/new" -j 2 verify rotation --input "$work/v.txt" --solutions "$work/v.out"; v2=$last
  cmp -s "$work/v1" "$work/v2" && echo "  same verdicts with -j 1 and -j 2; speed-up $(ratio "$v1" "$v2")x"
done
tail -n 1 "$work/v2"
rm -f "$work/v.txt" "$work/v.out" "$work/v1" "$work/v2"

echo "== 4. bench rotation, $nbench boards"
"$work/new" random rotation -n "$nbench" --seed 8 > "$work/bench.txt"
timed "bench rotation --heuristic exact,exact-ida" "$work/bench.out" "$work/new" bench rotation --heuristic exact,exact-ida "$work/bench.txt"
timed "BASE bench rotation --heuristic exact,exact-ida" "$work/bench-base.out" "$work/base" bench rotation --heuristic exact,exact-ida "$work/bench.txt"

echo "== 5. go test -bench: one worker, a Rotation board"
go test -run '^$' -bench 'SolveRotationChunk' ./internal/cli/ | grep -E '^Benchmark'
