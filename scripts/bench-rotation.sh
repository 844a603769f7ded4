#!/usr/bin/env bash
# bench-rotation.sh: measures the Rotation Game figures of docs/results/2026-11-30-rotation.md.
#
#   scripts/bench-rotation.sh [BOARDS]      (default 4000000 boards)
#
# It builds pdbsolve, makes its own random boards, and reports:
#  1. table build times and per-board costs (go test -bench): parse
#     (ParseRotation), solve (RotationSolvePaths one at a time,
#     RotationSolveMany in blocks, RotationSolveExact = IDA*), and one
#     worker's parse + solve + format (SolveRotationChunk);
#  2. end-to-end throughput of `pdbsolve solve rotation` with 1 and 2 workers
#     on BOARDS random boards (parse, solve, print), and the peak RSS;
#  3. the textbook IDA* in C (scripts/rotation-textbook.c) on the first
#     TEXTBOOK boards of the same set, its rate, the ratio, and a check that
#     both print the same answers.
# Tables go to a temporary cache unless PDBSOLVE_TABLES is set.
set -euo pipefail
cd "$(dirname "$0")/.."
boards=${1:-4000000}
textbook=${TEXTBOOK:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PDBSOLVE_TABLES=${PDBSOLVE_TABLES:-$work/tables}

go build -o "$work/pdbsolve" ./cmd/pdbsolve
gcc -O2 -o "$work/textbook" scripts/rotation-textbook.c
echo "== machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), go $(go env GOVERSION)"

echo "== go test -bench (table build, parse, solve)"
go test -run '^$' -bench 'BuildRotation$|BuildRotationPaths' -benchtime 20x ./pdb/ | grep -E '^Benchmark'
go test -run '^$' -bench 'ParseRotation' ./bitboard/ | grep -E '^Benchmark'
go test -run '^$' -bench 'RotationSolve' ./search/ | grep -E '^Benchmark'
go test -run '^$' -bench 'SolveRotationChunk' ./internal/cli/ | grep -E '^Benchmark'

echo "== end to end: $boards random boards"
"$work/pdbsolve" random rotation -n "$boards" --seed 42 > "$work/boards.txt"
"$work/pdbsolve" solve rotation < /dev/null # build the tables into the cache first
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.0f", n / t }'; }
for j in 1 2; do
  /usr/bin/time -f '%e %M' -o "$work/time" "$work/pdbsolve" -j "$j" solve rotation "$work/boards.txt" > "$work/out-$j.txt"
  read -r secs rss < "$work/time"
  echo "solve rotation -j $j: ${secs} s, $(rate "$boards" "$secs") boards/s, peak RSS ${rss} KB"
done
cmp -s "$work/out-1.txt" "$work/out-2.txt" && echo "outputs of -j 1 and -j 2 are identical"
secs2=$(cut -d' ' -f1 "$work/time")

echo "== where the time goes (one worker, CPU profile by function)"
/usr/bin/time -f '%e' -o "$work/time" "$work/pdbsolve" -j 1 --cpuprofile "$work/cpu.prof" solve rotation "$work/boards.txt" > /dev/null
go tool pprof -top -nodecount 12 "$work/pdbsolve" "$work/cpu.prof" 2>/dev/null | sed -n '/flat%/,$p'

echo "== textbook IDA* in C on the first $textbook boards"
head -n "$textbook" "$work/boards.txt" > "$work/few.txt"
/usr/bin/time -f '%e' -o "$work/time" "$work/textbook" < "$work/few.txt" > "$work/textbook.out"
tsecs=$(cat "$work/time")
trate=$(rate "$textbook" "$tsecs")
echo "textbook C: ${tsecs} s, ${trate} boards/s"
"$work/pdbsolve" solve rotation "$work/few.txt" > "$work/pdbsolve-few.out"
if cmp -s "$work/textbook.out" "$work/pdbsolve-few.out"; then echo "answers identical on $textbook boards"; else echo "ANSWERS DIFFER"; exit 1; fi
awk -v a="$(rate "$boards" "$secs2")" -v b="$trate" 'BEGIN { printf "pdbsolve -j 2 / textbook C: %.0fx\n", a / b }'

echo "== deepest board (13 moves)"
echo "1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3" | "$work/pdbsolve" solve rotation --format json
