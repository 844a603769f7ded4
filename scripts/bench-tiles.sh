#!/usr/bin/env bash
# bench-tiles.sh: the sliding-tile figures of docs/results/2026-11-29-15puzzle.md.
#
# Builds pdbsolve, then measures on one core (-j 1) unless said otherwise:
#   1. building the 7-8 tables (wall time, peak RSS)     [skipped with --no-gen]
#   2. loading them from the cache (one trivial solve, whole process)
#   3. Korf's 100 with pdb78+reflect and pdb663+reflect: all optimal, same
#      lengths, total solve time, mean nodes generated
#   4. 100 uniform random boards (seeded) with pdb78+reflect
#   5. the comparison table: manhattan, linear-conflict (with a node limit),
#      pdb555, pdb663, pdb78 with and without +reflect, on Korf's 100
#   6. go test -bench for the tiles benchmarks
#
# Usage: scripts/bench-tiles.sh [--no-gen] [--tables DIR] [--max-nodes N]
# Tables go to DIR (default: pdbsolve's own, $PDBSOLVE_TABLES or the user
# cache directory).
set -euo pipefail

. "$(dirname "$0")/lib.sh"
gen=1
tables=
max_nodes=20000000
while [ $# -gt 0 ]; do
	case $1 in
	--no-gen) gen=0 ;;
	--tables) tables=$2; shift ;;
	--max-nodes) max_nodes=$2; shift ;;
	*) echo "usage: $0 [--no-gen] [--tables DIR] [--max-nodes N]" >&2; exit 2 ;;
	esac
	shift
done
tables=$(tables_dir "$tables")
temp_dir work
korf=$root/data/korf100.txt

echo "# bench-tiles $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(go version | cut -d' ' -f3)"
echo "# cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
build_pdbsolve "$work"
pdb() { "$bin" --tables "$tables" "$@"; }

# timed CMD...: run CMD, print wall seconds and peak RSS (MiB) to $work/timed.
timed() {
	measure "$@"
	echo "$wall $((peak_kb / 1024))" >"$work/timed"
}

# summary FILE: totals of a JSON-lines solve output.
summary() {
	awk '
	{
		match($0, /"generated":[0-9]+/); g = substr($0, RSTART + 12, RLENGTH - 12) + 0
		match($0, /"time_ns":[0-9]+/); t = substr($0, RSTART + 10, RLENGTH - 10) + 0
		all += g; allns += t
	}
	/"error"/ { err++; next }
	{
		n++
		gen += g; ns += t
		match($0, /"expanded":[0-9]+/); ex += substr($0, RSTART + 11, RLENGTH - 11)
	}
	END {
		if (n == 0) { printf "solved 0, stopped or bad %d\n", err; exit }
		printf "solved %d (stopped or bad %d): solve time %.3f s (mean %.2f ms), generated %d (mean %d), expanded mean %d; with the stopped ones: %d generated, %.3f s\n",
			n, err, ns / 1e9, ns / 1e6 / n, gen, gen / n, ex / n, all, allns / 1e9
	}' "$1"
}
lengths() { awk '/"error"/ { print "x"; next } { match($0, /"length":[0-9]+/); print substr($0, RSTART + 9, RLENGTH - 9) }' "$1"; }

if [ $gen = 1 ]; then
	echo
	echo "## 1. gen 15puzzle --pdb 78 (both cores)"
	timed "$bin" --tables "$tables" gen 15puzzle --pdb 78
	read -r secs mib <"$work/timed"
	echo "build: ${secs} s wall, peak RSS ${mib} MiB"
fi

echo
echo "## 2. loading the 7-8 tables (whole process: start, load, solve the goal board)"
for i in 1 2 3; do
	echo "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15" >"$work/goal.txt"
	timed "$bin" --tables "$tables" solve 15puzzle --heuristic pdb78+reflect "$work/goal.txt" >/dev/null
	read -r secs mib <"$work/timed"
	echo "load run $i: ${secs} s wall, peak RSS ${mib} MiB"
done

echo
echo "## 3. Korf's 100, -j 1"
for h in pdb78+reflect pdb663+reflect; do
	timed "$bin" --tables "$tables" -j 1 solve 15puzzle --heuristic "$h" --format json "$korf" >"$work/$h.json"
	read -r secs mib <"$work/timed"
	echo "$h: $(summary "$work/$h.json"); process ${secs} s wall incl. loading, RSS ${mib} MiB"
done
if cmp -s <(lengths "$work/pdb78+reflect.json") <(lengths "$work/pdb663+reflect.json"); then
	echo "pdb78+reflect and pdb663+reflect agree on all 100 lengths (sum $(lengths "$work/pdb78+reflect.json" | awk '{s+=$1} END {print s}'))"
else
	echo "LENGTHS DIFFER between pdb78+reflect and pdb663+reflect"
	exit 1
fi

echo
echo "## 4. 100 uniform random boards (random 15puzzle -n 100 --seed 1), pdb78+reflect, -j 1"
pdb random 15puzzle -n 100 --seed 1 >"$work/random.txt"
pdb -j 1 solve 15puzzle --heuristic pdb78+reflect --format json "$work/random.txt" >"$work/random.json"
echo "pdb78+reflect: $(summary "$work/random.json")"

echo
echo "## 5. heuristics on Korf's 100, -j 1, --max-nodes $max_nodes a board"
for h in manhattan linear-conflict pdb555 pdb555+reflect pdb663 pdb663+reflect pdb78 pdb78+reflect; do
	pdb -j 1 solve 15puzzle --heuristic "$h" --max-nodes "$max_nodes" --format json "$korf" >"$work/cmp.json" 2>/dev/null || true
	echo "$h: $(summary "$work/cmp.json")"
done

echo
echo "## 6. go test -bench (Tile benchmarks)"
PDBSOLVE_TABLES=$tables PDBSOLVE_LONG=1 go test -run '^$' -bench 'Tile' -benchtime 3x ./bitboard ./pdb ./search 2>&1 | grep -E '^(Benchmark|ok|FAIL)'
