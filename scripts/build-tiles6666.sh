#!/usr/bin/env bash
# build-tiles6666.sh: build the two tables of the 24-puzzle's 6-6-6-6
# partition (25!/19! = 127,512,000 entries each) from scratch and report the
# wall time and peak RSS, as quoted in docs/results/2026-11-30-tiles-builds-5x5.md.
#
# Usage: scripts/build-tiles6666.sh [DIR]
# The tables go to DIR (default: a fresh temporary directory, removed at the
# end), so a cached copy is never just loaded. Runs the long test
# TestBuildTiles6666 of package pdb, which also checks each table's entries
# against the CRC pinned in pdb/checksums.go.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
temp_dir dir "${1:-}"
time_pdb_build "$dir" '^TestBuildTiles6666$' 1h 'tiles_test.go:.*(entries|depth 0:)'
