#!/usr/bin/env bash
# bench-24puzzle-kf.sh: 24-puzzle heuristics on Korf & Felner's instances,
# with their published figures beside ours.
#
# Usage: scripts/bench-24puzzle-kf.sh [-j WORKERS] [-o FILE.md] INSTANCES HEURISTIC...
#   INSTANCES   comma-separated numbers 1..50 or ranges (as bench --instances
#               reads them), e.g. 40,38,25,44,32 (the five easiest by the
#               published counts) or 38,40,25,32,44,37,30,13,1,28 (the ten)
#   HEURISTIC   one or more 24-puzzle heuristics, e.g. pdb6666+reflect
#   -j          workers per instance (default 2)
#   -o          the markdown report (default
#               docs/results/DATE-24puzzle-HEURISTICS-INSTANCES.md); the raw
#               CSV of bench goes beside it (.csv)
#
# It builds pdbsolve from this tree, runs one `pdbsolve bench 24puzzle` over
# every heuristic (tables built into $PDBSOLVE_TABLES or the user cache on
# first use) and writes a table: per instance Korf & Felner's optimal length
# and nodes generated (data/korf24-published.txt: 6-6-6-6 with the reflected
# lookup, their move order) and, per heuristic, ours: length, h0, nodes
# expanded and generated, generated over published, time. With the machine
# (cores, CPU model, load before and after) and the command. Times are only
# comparable within one run on an idle machine; nodes are machine-independent.
set -euo pipefail
workers=2
out=
while [ $# -gt 0 ]; do
	case $1 in
	-j) workers=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	-h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "$0: unknown flag $1 (see -h)" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ $# -lt 2 ]; then
	echo "usage: $0 [-j WORKERS] [-o FILE.md] INSTANCES HEURISTIC..." >&2
	exit 2
fi
instances=$1
shift
heuristics=$(IFS=,; echo "$*")
cd "$(dirname "$0")/.."
published=data/korf24-published.txt
day=$(date -u +%F)
if [ -z "$out" ]; then
	slug=$(echo "$heuristics-$instances" | tr ',+:/' '_p__' | tr -cd 'A-Za-z0-9_.-')
	out=docs/results/$day-24puzzle-$slug.md
fi
mkdir -p "$(dirname "$out")"
csv=${out%.md}.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/pdbsolve" ./cmd/pdbsolve
cmd="pdbsolve bench 24puzzle --heuristic $heuristics -j $workers --instances $instances --per-instance --format csv data/korf24.txt"
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
load0=$(cut -d' ' -f1-3 /proc/loadavg)
start=$(date -u +%FT%TZ)
echo "# $start: $cmd (load $load0)" >&2
status=0
/usr/bin/time -f '%e s wall, %U s user, %M KB peak RSS' -o "$tmp/time" \
	"$tmp/pdbsolve" bench 24puzzle --heuristic "$heuristics" -j "$workers" --instances "$instances" \
	--per-instance --format csv data/korf24.txt > "$csv" || status=$?
load1=$(cut -d' ' -f1-3 /proc/loadavg)
sed -i "s|$tmp/pdbsolve|pdbsolve|" "$csv" # the provenance names the binary: not this machine's temporary path
{
	echo "# 24-puzzle: $heuristics on Korf & Felner's instances $instances"
	echo
	echo "Run $start to $(date -u +%FT%TZ) from commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
	echo "on $(nproc) cores ($cpu), $(go version | cut -d' ' -f3); load average $load0 before, $load1 after;"
	echo "$(cat "$tmp/time"), exit status $status."
	echo
	echo "    $cmd"
	echo
	echo "(\`scripts/bench-24puzzle-kf.sh -j $workers $instances ${*}\`; raw output: \`$(basename "$csv")\`.)"
	echo
	awk -F, -v heur="$heuristics" '
	FNR == NR {                                     # the published figures
		if ($0 !~ /^#/ && NF) { split($0, f, " "); plen[f[1]] = f[2]; pgen[f[1]] = f[3] }
		next
	}
	/^#/ { next }
	!header { for (i = 1; i <= NF; i++) col[$i] = i; header = 1; next }
	("kind" in col) && $(col["kind"]) != "run" { next } # the report rows before the runs
	{
		n = $(col["instance"]); h = $(col["heuristic"])
		if (!(n in seen)) { seen[n] = 1; order[++ninst] = n }
		key = n SUBSEP h
		status[key] = $(col["status"]); len[key] = $(col["length"]); h0[key] = $(col["h0"])
		xp[key] = $(col["expanded"]); gen[key] = $(col["generated"]); ns[key] = $(col["time_ns"])
	}
	function sci(x) { return sprintf("%.3g", x) }
	END {
		nh = split(heur, hs, ",")
		printf "| instance | published length | published generated |"
		for (j = 1; j <= nh; j++) printf " %s: length | h0 | expanded | generated | generated / published | time s |", hs[j]
		printf "\n| ---: | ---: | ---: |"
		for (j = 1; j <= nh; j++) printf " ---: | ---: | ---: | ---: | ---: | ---: |"
		printf "\n"
		for (i = 1; i <= ninst; i++) {
			n = order[i]
			printf "| %s | %s | %s |", n, plen[n], pgen[n]
			tp += pgen[n]
			for (j = 1; j <= nh; j++) {
				key = n SUBSEP hs[j]
				if (status[key] != "solved") { printf " %s | | | | | |", status[key]; continue }
				mark = (len[key] == plen[n]) ? "" : " (published " plen[n] ")"
				printf " %s%s | %s | %s | %s | %.2f | %.1f |", len[key], mark, h0[key], xp[key], gen[key], gen[key] / pgen[n], ns[key] / 1e9
				te[j] += xp[key]; tg[j] += gen[key]; tt[j] += ns[key]
			}
			printf "\n"
		}
		printf "| total | | %s |", sci(tp)
		for (j = 1; j <= nh; j++) printf " | | %s | %s | %.2f | %.1f |", sci(te[j]), sci(tg[j]), tg[j] / tp, tt[j] / 1e9
		printf "\n"
	}' "$published" "$csv"
	echo
	echo "Published: Korf & Felner (2002), nodes generated by IDA* with their 6-6-6-6 partition and the reflected"
	echo "lookup, the blank's moves tried up, left, right, down ($published). pdbsolve counts the same way"
	echo "(a node is generated when its move is made, before pruning; the move back is never made; expanded"
	echo "nodes are those whose children were generated) but tries up, down, left, right, so only the last"
	echo "iteration, cut at the first solution, can differ from theirs with the same heuristic."
} > "$out"
echo "wrote $out and $csv" >&2
exit "$status"
