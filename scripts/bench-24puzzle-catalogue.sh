#!/usr/bin/env bash
# bench-24puzzle-catalogue.sh: Korf & Felner's 6-6-6-6 against other
# 24-puzzle heuristics (the default catalogue unless given) on Korf & Felner's
# easiest instances, 2 workers on one instance at a time, through the CLI's
# bench: per instance h0, length, nodes expanded and generated, time.
#
# Usage: scripts/bench-24puzzle-catalogue.sh [-n 10|20] [HEURISTIC...]
#   -n 10 (default): 38,40,25,32,44,37,30,13,1,28, the ten easiest for
#   6-6-6-6 by published figures; -n 20 adds 36,5,22,16,29,4,26,3,31,41.
# Tables come from $PDBSOLVE_TABLES and are built on first use (minutes each).
# The machine load is printed before and after: the machine is shared.
set -euo pipefail
n=10
if [ "${1:-}" = -n ]; then n=$2; shift 2; fi
instances=38,40,25,32,44,37,30,13,1,28
[ "$n" = 20 ] && instances=$instances,36,5,22,16,29,4,26,3,31,41
cd "$(dirname "$0")/.."
default=$(go run ./cmd/pdbsolve solve 24puzzle --help | sed -n "s/^Default: \(.*\)\.$/\1/p")
heuristics=pdb6666+reflect
for h in "${@:-$default}"; do heuristics="$heuristics,$h"; done # a comma inside a pattern does not split
bin=$(mktemp -d)/pdbsolve
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/pdbsolve
echo "# bench-24puzzle-catalogue $(date -u +%Y-%m-%dT%H:%MZ), instances $instances, $(nproc) cores, $(go version | cut -d' ' -f3)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$bin" bench 24puzzle --heuristic "$heuristics" -j 2 --instances "$instances" --per-instance data/korf24.txt
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
