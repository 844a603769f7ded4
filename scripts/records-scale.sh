#!/usr/bin/env bash
# records-scale.sh: issue 19's measures of the record stream at scale. Builds
# pdbsolve and, in a temporary directory:
#   resume      `random rotation -n N --seed 19` (default N 10,000,000) solved
#               with `solve rotation -j 2 -o full.jsonl`, uninterrupted; the
#               whole solved again into part.jsonl, stopped by SIGTERM once
#               the file holds half of full.jsonl's bytes; then, in turn,
#               twice each: the boards not yet answered alone (a file of
#               their own, solved the same way: what the remaining part
#               takes uninterrupted) and `--resume` of a copy of part.jsonl.
#               With --old BIN, BIN's `--resume` is timed too, in the same
#               turns (its ratio is reported, not checked). Each timed run
#               starts after a sync, so that the copy's dirty pages are not
#               written back during it. Passes when the best resumed run takes
#               at most 1.5x the best uninterrupted run of the remaining
#               boards (wall time; the ratio of the least CPU times is given
#               beside it), peaks at most 100 MiB, and part.jsonl holds every
#               record of full.jsonl exactly once (headers and interrupted
#               records aside).
#   report      `random 8puzzle -n R --seed 11` (default R 1,000,000) through
#               `bench 8puzzle --heuristic manhattan -j 2 -o runs.jsonl`, then
#               `bench report runs.jsonl`: at most 30 s and 200 MiB.
#   throughput  `random rotation -n T --seed 3` (default T 4,000,000) through
#               `solve rotation -j 2` (judge format) by OLD (--old BIN,
#               a build of an earlier commit; without it this case is
#               skipped) and by this tree's build, interleaved, 3
#               times each: boards/s and CPU time.
# The resume case's turns are 2, or --rounds R.
# Wall times on a shared machine vary with the load: CPU time (user+system)
# is given beside each. Exit status 1 when a check fails.
#
# Usage: scripts/records-scale.sh [--n N] [--runs R] [--boards T] [--rounds R] [--old BIN] [--only CASE]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

n=10000000 runs=1000000 boards=4000000 rounds=2 old= only=
while [ $# -gt 0 ]; do
	[ $# -ge 2 ] || { echo "usage: $0 [--n N] [--runs R] [--boards T] [--rounds R] [--old BIN] [--only resume|report|throughput]" >&2; exit 2; }
	case $1 in
	--n) n=$2 ;;
	--rounds) rounds=$2 ;;
	--runs) runs=$2 ;;
	--boards) boards=$2 ;;
	--old) old=$2 ;;
	--only) only=$2 ;;
	*) echo "$0: unknown flag $1" >&2; exit 2 ;;
	esac
	shift 2
done
temp_dir work "${RECORDS_SCALE_DIR:-}"
export PDBSOLVE_TABLES=${PDBSOLVE_TABLES:-$work/tables}
build_pdbsolve "$work"
echo "# records-scale $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, $(go env GOVERSION), load $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
fail() { echo "FAIL: $*"; status=1; }

# timed LABEL OUT CMD...: runs CMD under GNU time, its standard output to
# the file OUT; prints and sets wall, cpu (user+system s) and rss (MiB).
timed() {
	local label=$1 dest=$2 out
	shift 2
	out=$(mktemp)
	/usr/bin/time -f '%e %U %S %M' -o "$out" "$@" >"$dest" || true
	read -r wall u s kb < <(tail -n 1 "$out")
	cpu=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
	rss=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')
	echo "$label: $wall s wall, $cpu s CPU, $rss MiB peak RSS"
	rm -f "$out"
}

# records FILE: the file's records but headers and interrupted runs.
records() { grep -v -e '^{"provenance":' -e '"status":"interrupted"' "$1"; }

resume_case() {
	local half=$((n / 2)) size target pid done_n st=0 i
	"$bin" random rotation -n "$n" --seed 19 >"$work/boards.txt"
	head -n 1 "$work/boards.txt" | "$bin" solve rotation >/dev/null 2>&1 # tables into the cache
	timed "uninterrupted, all $n" /dev/null "$bin" solve rotation -j 2 -o "$work/full.jsonl" "$work/boards.txt"
	size=$(stat -c %s "$work/full.jsonl")
	target=$((size / 2))
	"$bin" solve rotation -j 2 -o "$work/part.jsonl" "$work/boards.txt" 2>"$work/part.err" &
	pid=$!
	while [ "$(stat -c %s "$work/part.jsonl" 2>/dev/null || echo 0)" -lt "$target" ] && kill -0 "$pid" 2>/dev/null; do
		sleep 0.05
	done
	kill -TERM "$pid" 2>/dev/null || true
	wait "$pid" || st=$?
	done_n=$(records "$work/part.jsonl" | wc -l)
	echo "stopped by SIGTERM at $(stat -c %s "$work/part.jsonl") of $size bytes, $done_n records; exit $st"
	[ "$st" = 143 ] || fail "the interrupted run exited $st, not 143 (SIGTERM)"
	# The remaining boards alone, uninterrupted, and the resumed run (and
	# OLD's), in turn, `rounds` times each: the least wall and the least CPU
	# time of each are compared.
	tail -n $((n - done_n)) "$work/boards.txt" >"$work/rest.txt"
	cp "$work/part.jsonl" "$work/part.bak"
	local rest_best= res_best= old_best= rest_cpu= res_cpu= old_cpu= res_rss=0
	least() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b ? a : b) }'; }
	for i in $(seq "$rounds"); do
		rm -f "$work/rest.jsonl"
		sync
		timed "uninterrupted, the remaining $((n - done_n)) alone #$i" /dev/null "$bin" solve rotation -j 2 -o "$work/rest.jsonl" "$work/rest.txt"
		rest_best=$(least "$wall" "$rest_best") rest_cpu=$(least "$cpu" "$rest_cpu")
		cp "$work/part.bak" "$work/part.jsonl"
		sync
		timed "--resume #$i" /dev/null "$bin" solve rotation -j 2 --resume -o "$work/part.jsonl" "$work/boards.txt"
		res_best=$(least "$wall" "$res_best") res_cpu=$(least "$cpu" "$res_cpu")
		res_rss=$(awk -v a="$rss" -v b="$res_rss" 'BEGIN { print (a > b ? a : b) }')
		[ -n "$old" ] || continue
		cp "$work/part.bak" "$work/part.old"
		sync
		timed "old --resume #$i" /dev/null "$old" solve rotation -j 2 --resume -o "$work/part.old" "$work/boards.txt"
		old_best=$(least "$wall" "$old_best") old_cpu=$(least "$cpu" "$old_cpu")
		rm -f "$work/part.old"
	done
	local ratio
	ratio=$(awk -v a="$res_best" -v b="$rest_best" 'BEGIN { printf "%.2f", a / b }')
	echo "resumed over the remaining boards alone (least of $rounds each): $ratio wall, $(awk -v a="$res_cpu" -v b="$rest_cpu" 'BEGIN { printf "%.2f", a / b }') CPU; peak $res_rss MiB"
	[ -z "$old" ] || echo "old resumed over the remaining boards alone: $(awk -v a="$old_best" -v b="$rest_best" 'BEGIN { printf "%.2f", a / b }') wall, $(awk -v a="$old_cpu" -v b="$rest_cpu" 'BEGIN { printf "%.2f", a / b }') CPU"
	awk -v r="$ratio" 'BEGIN { exit !(r > 1.5) }' && fail "the resumed run took ${ratio}x the remaining boards alone"
	awk -v m="$res_rss" 'BEGIN { exit !(m > 100) }' && fail "the resumed run peaked at $res_rss MiB"
	if cmp -s <(records "$work/full.jsonl") <(records "$work/part.jsonl"); then
		echo "every record exactly once: part.jsonl's records are full.jsonl's, in order"
	elif cmp -s <(records "$work/full.jsonl" | sort) <(records "$work/part.jsonl" | sort); then
		echo "every record exactly once: part.jsonl's records are full.jsonl's (in another order)"
	else
		fail "part.jsonl's records are not full.jsonl's: $(records "$work/part.jsonl" | wc -l) against $(records "$work/full.jsonl" | wc -l)"
	fi
	rm -f "$work"/*.jsonl "$work/part.bak" "$work/boards.txt" "$work/rest.txt"
}

report_case() {
	"$bin" random 8puzzle -n "$runs" --seed 11 >"$work/b8.txt"
	"$bin" bench 8puzzle --heuristic manhattan -j 2 -o "$work/runs.jsonl" "$work/b8.txt" >/dev/null 2>&1
	timed "bench report over $runs runs" "$work/report.txt" "$bin" bench report "$work/runs.jsonl"
	cat "$work/report.txt"
	awk -v w="$wall" 'BEGIN { exit !(w > 30) }' && fail "bench report took $wall s"
	awk -v m="$rss" 'BEGIN { exit !(m > 200) }' && fail "bench report peaked at $rss MiB"
	rm -f "$work/runs.jsonl" "$work/b8.txt"
}

throughput_case() {
	[ -n "$old" ] || { echo "throughput: skipped (no --old BIN to compare with)"; return 0; }
	"$bin" random rotation -n "$boards" --seed 3 >"$work/t.txt"
	head -n 1 "$work/t.txt" | "$bin" solve rotation >/dev/null 2>&1
	for i in 1 2 3; do
		for b in "$old" "$bin"; do
			timed "$([ "$b" = "$bin" ] && echo new || echo old) #$i" /dev/null "$b" solve rotation -j 2 "$work/t.txt"
			echo "  $(awk -v n="$boards" -v w="$wall" -v c="$cpu" 'BEGIN { printf "%.2f M boards/s wall, %.2f M boards/CPU-s", n / w / 1e6, n / c / 1e6 }')"
		done
	done
	rm -f "$work/t.txt"
}

for c in resume report throughput; do
	[ -z "$only" ] || [ "$only" = "$c" ] || continue
	echo "## $c"
	"${c}_case"
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
