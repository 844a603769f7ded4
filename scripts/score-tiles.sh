#!/usr/bin/env bash
# score-tiles.sh: the figures of docs/results/2026-12-01-score.md.
#
# Builds pdbsolve, then scores heuristics with "pdbsolve score" (1,000,000
# random boards, seed 1) on the 15-puzzle, 3x4 and 3x5, building missing
# tables (--build), and sets the scores beside real solves ("bench -j 1")
# of the same heuristics on random boards (and Korf's 100).
#
# Usage: scripts/score-tiles.sh [--tables DIR] [--samples N]
# Tables go to DIR (default: pdbsolve's own, $PDBSOLVE_TABLES or the user
# cache directory); the 7-8 tables take minutes and 3.9 GiB to build.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
tables=
samples=1000000
while [ $# -gt 0 ]; do
	case $1 in
	--tables) tables=$2; shift ;;
	--samples) samples=$2; shift ;;
	*) echo "usage: $0 [--tables DIR] [--samples N]" >&2; exit 2 ;;
	esac
	shift
done
tables=$(tables_dir "$tables")
temp_dir work
build_pdbsolve "$work"
run() {
	echo "\$ pdbsolve $*"
	"$bin" --tables "$tables" "$@"
	echo
}

# 15-puzzle: the presets at the mean optimal length (53), then partitions
# whose tables build in under a minute, and real solves of Korf's 100.
run score 15puzzle -n "$samples" --build \
	--heuristic manhattan,linear-conflict,pdb555,pdb663,pdb663+reflect,pdb78+reflect
run score 15puzzle -n "$samples" --build \
	--heuristic 'pdb663+reflect,pdb:1-7/8-14/15+reflect,pdb:1-7/8,9,12,13/10,11,14,15+reflect,pdb78+reflect'
run score 15puzzle -n "$samples" --build \
	--heuristic 'pdb663+reflect,pdb:1-7/8-14/15+reflect,pdb:1-7/9-15/8+reflect,pdb:1-7/8-11,13-15/12+reflect'
run -j 1 bench 15puzzle --heuristic 'pdb663+reflect,pdb:1-7/8-14/15+reflect,pdb:1-7/9-15/8+reflect,pdb:1-7/8-11,13-15/12+reflect,pdb78+reflect' "$root/data/korf100.txt"

# 3x4: the mean optimal length is about 35 (300 random boards below).
"$bin" random tiles --size 3x4 -n 300 --seed 5 > "$work/r34.txt"
h34='manhattan,linear-conflict,pdb:1-4/5-8/9-11,pdb:1-6/7-11,pdb:1,2,5,6,9,10/3,4,7,8,11,pdb:1,2,4,5,8,9/3,6,7,10,11,pdb:1,2,4,5,6,8,9/3,7,10,11,pdb:1-8/9-11,pdb:1,2,3,4,5,6,8,9/7,10,11,pdb:1-9/10-11'
run score tiles --size 3x4 -n "$samples" --depth 35 --build --heuristic "$h34"
run -j 1 bench tiles --size 3x4 --heuristic "$h34" "$work/r34.txt"

# 3x5: the mean optimal length is about 52 (200 random boards below).
"$bin" random tiles --size 3x5 -n 200 --seed 6 > "$work/r35.txt"
h35='pdb:1-6/7-12/13-14,pdb:1-7/8-14,pdb:1,2,5,6,7,10,11/3,4,8,9,12,13,14'
run score tiles --size 3x5 -n "$samples" --depth 50 --build --heuristic "manhattan,$h35"
run -j 1 bench tiles --size 3x5 --timeout 60s --heuristic "$h35" "$work/r35.txt"

# 4x3: the transposes of the 3x4 partitions score the same.
run score tiles --size 4x3 -n 300000 --depth 35 --build --heuristic manhattan,pdb:1-6/7-11,pdb:1-7/8-11

# 2x6: the mean optimal length is about 49 (300 random boards below).
"$bin" random tiles --size 2x6 -n 300 --seed 5 > "$work/r26.txt"
h26='pdb:1-6/7-11,pdb:1,2,3,6,7,8/4,5,9,10,11,pdb:1,2,3,6,7,8,9/4,5,10,11'
run score tiles --size 2x6 -n 300000 --depth 40 --build --heuristic "manhattan,$h26"
run -j 1 bench tiles --size 2x6 --heuristic "$h26" "$work/r26.txt"
