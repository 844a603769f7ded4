#!/usr/bin/env bash
# bench-24puzzle.sh: Korf & Felner's 24-puzzle instances with pdb6666+reflect
# (or $PDBSOLVE_HEURISTIC), one instance at a time on -j workers, through
# `go test -run TestTilesKorf24` (search/tiles_korf24_test.go): per instance the
# optimal length, nodes generated and expanded, time and nodes per second.
#
# Usage: scripts/bench-24puzzle.sh [-j WORKERS] [INSTANCES]
#   INSTANCES: comma-separated numbers 1..50 (default 40,38,25,44,32, the five
#   easiest with 6-6-6-6 by published nodes generated; the next five are
#   37,30,13,1,28).
# The two 6-6-6-6 tables are built into $PDBSOLVE_TABLES on first use (minutes).
# The machine load is printed before and after: the machine is shared.
set -euo pipefail
workers=2
while [ $# -gt 0 ]; do
	case $1 in
	-j) workers=$2; shift 2 ;;
	-*) echo "usage: $0 [-j WORKERS] [INSTANCES]" >&2; exit 2 ;;
	*) break ;;
	esac
done
instances=${1:-40,38,25,44,32}
cd "$(dirname "$0")/.."
echo "# bench-24puzzle $(date -u +%Y-%m-%dT%H:%MZ), -j $workers, instances $instances, $(nproc) cores, $(go version | cut -d' ' -f3)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
bin=$(mktemp -d)/search.test
trap 'rm -rf "$(dirname "$bin")"' EXIT
go test -c -o "$bin" ./search
(cd search && PDBSOLVE_KORF24=$instances PDBSOLVE_WORKERS=$workers GOMAXPROCS=$(( workers > $(nproc) ? workers : $(nproc) )) \
	"$bin" -test.run '^TestTilesKorf24$' -test.v -test.timeout 0) | grep --line-buffered -E '^\s+tiles_korf24_test|^(---|ok|FAIL|PASS)' | sed -u 's/^ *tiles_korf24_test.go:[0-9]*: //'
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
