#!/usr/bin/env bash
# score-tiles.sh: the figures of scripts/RESULTS-score.md.
#
# Builds pdbsolve, then scores heuristics with "pdbsolve score" (1,000,000
# random boards, seed 1) on the 15-puzzle and on candidate partitions of
# 3x4 and 3x5, building missing tables (--build), and checks the predictions
# against bench on random boards of the same boards' kind.
#
# Usage: scripts/score-tiles.sh [--tables DIR] [--samples N]
# Tables go to DIR (default: pdbsolve's own, $PDBSOLVE_TABLES or the user
# cache directory); the 7-8 tables take minutes and 3.9 GiB to build.
set -euo pipefail

cd "$(dirname "$0")/.."
tables=${PDBSOLVE_TABLES:-}
samples=1000000
while [ $# -gt 0 ]; do
	case $1 in
	--tables) tables=$2; shift ;;
	--samples) samples=$2; shift ;;
	*) echo "usage: $0 [--tables DIR] [--samples N]" >&2; exit 2 ;;
	esac
	shift
done
if [ -z "$tables" ]; then
	tables=${XDG_CACHE_HOME:-$HOME/.cache}/pdbsolve
fi
mkdir -p "$tables"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=$work/pdbsolve
go build -o "$bin" ./cmd/pdbsolve
run() {
	echo "\$ pdbsolve $*"
	"$bin" --tables "$tables" "$@"
	echo
}

# 15-puzzle: the presets, at the mean optimal length (53).
run score 15puzzle -n "$samples" --build \
	--heuristic manhattan,linear-conflict,pdb555,pdb663,pdb663+reflect,pdb78+reflect
# 15-puzzle: partitions whose tables build in under a minute, against the presets.
run score 15puzzle -n "$samples" --build \
	--heuristic 'pdb663+reflect,pdb:1-7/8-14/15+reflect,"pdb:1-7/8,9,12,13/10,11,14,15+reflect",pdb78+reflect'

# 3x4 (mean optimal length about 35, measured on 300 random boards; the
# hardest boards need 53 moves).
for d in 35 53; do
	run score tiles --size 3x4 -n "$samples" --depth $d --build \
		--heuristic 'manhattan,linear-conflict,pdb:1-4/5-8/9-11,pdb:1-6/7-11,"pdb:1,2,5,6,9,10/3,4,7,8,11",pdb:1-8/9-11,pdb:1-9/10-11'
done

# 3x5 (the hardest known board needs 80 moves).
for d in 50 80; do
	run score tiles --size 3x5 -n "$samples" --depth $d --build \
		--heuristic 'pdb:1-6/7-12/13-14,pdb:1-7/8-14,"pdb:1,2,5,6,7,10,11/3,4,8,9,12,13,14"'
done
