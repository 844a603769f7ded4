#!/usr/bin/env bash
# build-tiles-zero.sh: build zero-aware tables of the 24-puzzle's 6-6-6-6
# patterns (25!/19! = 127,512,000 placements, 1.42 times as many entries)
# from scratch and report the wall time and peak RSS, as quoted in
# docs/results/2026-12-01-tiles-zero-tables.md.
#
# Usage: scripts/build-tiles-zero.sh [DIR [PATTERN]]
# The tables go to DIR (default: a fresh temporary directory, removed at the
# end), so a cached copy is never just loaded. PATTERN (a regular expression
# over table ids, default 1.2.5.6.7.12) picks the tables to build; "." builds
# all of them. Runs the long test TestBuildTilesZero6666 of package pdb.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
temp_dir dir "${1:-}"
time_pdb_build "$dir" "^TestBuildTilesZero6666\$/${2:-1.2.5.6.7.12}" 2h \
	'tiles_zero_test.go:.*(entries|depth 0:|random walks|least over)'
