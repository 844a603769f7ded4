#!/usr/bin/env bash
# mem-flat.sh: checks that pdbsolve's memory stays flat however long its input
# (issue 13). Builds pdbsolve and measures the peak RSS of three streaming
# cases, each at N and at N/10 records:
#   rotation  `random rotation -n N --seed 1` through `solve rotation --shard 0/2`
#             (default N 10,000,000; about 45 MB before this script)
#   verify    N Rotation boards (`random rotation -n N --seed 2`) solved with
#             --format json, the N JSON answers checked by `verify rotation`
#             (default N 2,000,000)
#   bench     `random 8puzzle -n N --seed 1` through
#             `bench 8puzzle --heuristic manhattan,exact -o runs.jsonl`
#             (default N 300,000; about 18 MB before this script)
#   resume    `random rotation -n N --seed 3` solved with `solve rotation -o
#             out.jsonl`, the file cut to its first N/2 records, then
#             `solve rotation --resume -o out.jsonl` (default N 2,000,000;
#             before issue 19 the resumed run kept every record read:
#             158 MB at 200,000)
#   report    `random 8puzzle -n N --seed 4` through `bench 8puzzle
#             --heuristic manhattan -o runs.jsonl`, then `bench report
#             runs.jsonl` (default N 300,000; before issue 19: 414 MB at
#             200,000). Its entries, 88 bytes a run, grow with N by design:
#             the limit holds, the growth check is 10x looser here (it is a
#             check that nothing else grows).
# A table of the peaks follows; the exit status is 1 when a case fails either
# check, 2 on bad arguments:
#   limit   the peak at N is at most LIMIT MiB (default 200). The known peaks
#           are 18 to 47 MB, so 200 leaves room for the garbage collector
#           (GOGC=100 lets the heap grow to twice what is live) and for more
#           workers (chunks in flight grow with -j, which is all cores here),
#           while a run that keeps its input or its runs (1.5 GB and 534 MB
#           before streaming) is far over it.
#   growth  the peak at N is at most GROWTH times the peak at N/10 (default
#           1.5). This is the real test of flatness: a fixed limit is met by a
#           small leak on a small N, but memory that grows with the records
#           read shows as the difference between N and N/10 (on the rotation
#           case, 1.5 times ~45 MB catches anything over ~2.5 bytes a board).
#
# Usage: scripts/mem-flat.sh [--small] [--rotation N] [--verify N] [--bench N]
#                            [--resume N] [--report N] [--limit MIB] [--growth X]
#                            [--only CASE]
#   --small   the default sizes divided by 10 for a quick run (also
#             MEM_FLAT_SMALL=1); a size given explicitly is kept
# Tables come from $PDBSOLVE_TABLES, else a temporary directory of the
# script's own (built there first, a few seconds); every file it makes goes
# to a temporary directory removed at exit. Each command is run once on 10
# records first, so no table is built while a peak is measured. The peaks are
# GNU time's "Maximum resident set size" (without /usr/bin/time, a lower bound
# read from /proc; see measure in scripts/lib.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() {
	echo "usage: $0 [--small] [--rotation N] [--verify N] [--bench N] [--resume N] [--report N] [--limit MIB] [--growth X] [--only CASE]" >&2
	exit 2
}
small=${MEM_FLAT_SMALL:-0}
n_rotation= n_verify= n_bench= n_resume= n_report= only=
limit=200
growth=1.5
while [ $# -gt 0 ]; do
	case $1 in
	--small) small=1 ;;
	--rotation | --verify | --bench | --resume | --report | --limit | --growth | --only)
		[ $# -ge 2 ] || usage
		case $1 in
		--rotation) n_rotation=$2 ;;
		--verify) n_verify=$2 ;;
		--bench) n_bench=$2 ;;
		--resume) n_resume=$2 ;;
		--report) n_report=$2 ;;
		--only) only=$2 ;;
		--limit) limit=$2 ;;
		--growth) growth=$2 ;;
		esac
		shift
		;;
	*) usage ;;
	esac
	shift
done
scale=1
[ "$small" = 1 ] && scale=10
n_rotation=${n_rotation:-$((10000000 / scale))}
n_verify=${n_verify:-$((2000000 / scale))}
n_bench=${n_bench:-$((300000 / scale))}
n_resume=${n_resume:-$((2000000 / scale))}
n_report=${n_report:-$((300000 / scale))}
for n in "$n_rotation" "$n_verify" "$n_bench" "$n_resume" "$n_report"; do
	[[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 10 ] || { echo "$0: a size must be a whole number, at least 10: $n" >&2; usage; }
done
[[ $limit =~ ^[0-9]+$ ]] || { echo "$0: --limit wants whole MiB: $limit" >&2; usage; }
[[ $growth =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "$0: --growth wants a number: $growth" >&2; usage; }

temp_dir work
export PDBSOLVE_TABLES=${PDBSOLVE_TABLES:-$work/tables}
build_pdbsolve "$work"
echo "# mem-flat $(date -u +%Y-%m-%dT%H:%MZ), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(nproc) cores, $(awk '/^MemTotal:/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(go env GOVERSION)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# Each case is a pair of functions: CASE_data N makes the input of N records
# in $work, CASE_run runs the measured command on it (under measure).
rotation_data() { "$bin" random rotation -n "$1" --seed 1 >"$work/rotation.txt"; }
rotation_run() { measure "$bin" solve rotation --shard 0/2 "$work/rotation.txt" >/dev/null; }
verify_data() {
	"$bin" random rotation -n "$1" --seed 2 >"$work/verify.txt"
	"$bin" solve rotation --format json "$work/verify.txt" >"$work/verify.json"
}
verify_run() { measure "$bin" verify rotation --input "$work/verify.txt" --solutions "$work/verify.json" >/dev/null; }
bench_data() { "$bin" random 8puzzle -n "$1" --seed 1 >"$work/bench.txt"; }
bench_run() {
	rm -f "$work/runs.jsonl"
	measure "$bin" bench 8puzzle --heuristic manhattan,exact -o "$work/runs.jsonl" "$work/bench.txt" >/dev/null 2>"$work/bench.err"
}
resume_data() {
	"$bin" random rotation -n "$1" --seed 3 >"$work/resume.txt"
	rm -f "$work/resume-full.jsonl"
	"$bin" solve rotation -o "$work/resume-full.jsonl" "$work/resume.txt"
}
resume_run() {
	head -n $(($(wc -l <"$work/resume.txt") / 2 + 1)) "$work/resume-full.jsonl" >"$work/resume.jsonl" # header, N/2 records
	measure "$bin" solve rotation --resume -o "$work/resume.jsonl" "$work/resume.txt" >/dev/null
}
report_data() {
	"$bin" random 8puzzle -n "$1" --seed 4 >"$work/report.txt"
	rm -f "$work/report.jsonl"
	"$bin" bench 8puzzle --heuristic manhattan -o "$work/report.jsonl" "$work/report.txt" >/dev/null 2>&1
}
report_run() { measure "$bin" bench report "$work/report.jsonl" >/dev/null; }

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# peak CASE N: sets kb to the peak RSS (KiB) of CASE on N records and prints
# it; a command that fails fails the script.
peak() {
	local st=0
	"$1_data" "$2"
	"$1_run" || st=$?
	if [ "$st" != 0 ]; then
		echo "FAIL: $1 on $2 records: the command exited with status $st" >&2
		[ "$1" != bench ] || cat "$work/bench.err" >&2
		exit 1
	fi
	kb=$peak_kb
	echo "$1 on $2 records: $(mib "$kb") MiB peak RSS, $wall s wall"
}
status=0
report=()
for c in rotation verify bench resume report; do
	[ -z "$only" ] || [ "$only" = "$c" ] || continue
	n_var=n_$c
	n=${!n_var}
	peak "$c" 10 >/dev/null # tables into the cache, outside the measures
	peak "$c" $((n / 10))
	small_kb=$kb
	peak "$c" "$n"
	big_kb=$kb
	ratio=$(awk -v a="$big_kb" -v b="$small_kb" 'BEGIN { printf "%.2f", a / b }')
	fails=()
	[ "$big_kb" -le $((limit * 1024)) ] || fails+=("over $limit MiB")
	g=$growth
	[ "$c" != report ] || g=$(awk -v g="$growth" 'BEGIN { print 1 + 10 * (g - 1) }')
	awk -v r="$ratio" -v g="$g" 'BEGIN { exit !(r > g) }' && fails+=("grew over ${g}x")
	verdict=ok
	if [ ${#fails[@]} -gt 0 ]; then
		verdict="FAIL: ${fails[0]}${fails[1]:+, ${fails[1]}}"
		status=1
	fi
	report+=("$(printf '| %s | %d | %s | %d | %s | %s | %s |' "$c" "$n" "$(mib "$big_kb")" $((n / 10)) "$(mib "$small_kb")" "$ratio" "$verdict")")
done
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| case | N | peak RSS MiB | N/10 | peak RSS MiB | N over N/10 | verdict (limit $limit MiB, growth ${growth}x) |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | --- |"
printf '%s\n' "${report[@]}"
exit "$status"
