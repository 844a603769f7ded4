#!/usr/bin/env bash
# bench-tiles-kernel.sh: nodes per second of two builds of the sliding-tile
# kernel on Korf's 100, one core, run alternately so that both see the same
# machine load (the 2-core machine is shared, and times vary 2-3x between
# minutes).
#
# Usage: scripts/bench-tiles-kernel.sh OLD.test NEW.test [ROUNDS]
# where each .test is `go test -c ./search` of one version (the benchmarks
# BenchmarkTilesKorf663, BenchmarkTilesKorfManhattan and BenchmarkTilesKorf78
# must exist in both). Output: benchstat-ready files old.txt and new.txt in
# $OUT (default: a new temp dir), and benchstat's comparison when go can run it.
# Tables come from $PDBSOLVE_TABLES (the 7-8 tables must be there or are built).
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
rounds=${3:-3}
cd "$(dirname "$0")/../search"
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
: >"$out/old.txt"
: >"$out/new.txt"
for r in $(seq "$rounds"); do
	for b in TilesKorf663 TilesKorfManhattan TilesKorf78; do
		PDBSOLVE_LONG=1 GOMAXPROCS=1 "$old" -test.run '^$' -test.bench "^Benchmark$b\$" -test.benchtime 1x >>"$out/old.txt"
		PDBSOLVE_LONG=1 GOMAXPROCS=1 "$new" -test.run '^$' -test.bench "^Benchmark$b\$" -test.benchtime 1x >>"$out/new.txt"
	done
	echo "round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
echo "results in $out" >&2
go run golang.org/x/perf/cmd/benchstat@latest "$out/old.txt" "$out/new.txt" || true
