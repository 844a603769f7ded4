# lib.sh: what the measuring scripts share (bash). Sourced first thing:
#   . "$(dirname "$0")/lib.sh"
# It moves to the repository root and sets root to it; it sets no shell
# options and runs nothing else.

cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit
root=$PWD

# lib_temps: the directories temp_dir made, removed when the script exits.
lib_temps=()

# temp_dir VAR [DIR]: sets VAR to DIR, or, when DIR is empty or missing, to a
# new temporary directory that is removed (with all in it) when the script
# exits. It sets the script's EXIT trap.
temp_dir() {
	local lib_dir=${2:-} # not "dir": printf -v would set the local
	if [ -z "$lib_dir" ]; then
		lib_dir=$(mktemp -d)
		lib_temps+=("$lib_dir")
		trap 'rm -rf "${lib_temps[@]}"' EXIT
	fi
	printf -v "$1" %s "$lib_dir"
}

# tables_dir [DIR]: prints DIR, or when it is empty the directory pdbsolve
# uses by default ($PDBSOLVE_TABLES, else pdbsolve under the user cache
# directory), after creating it.
tables_dir() {
	local dir=${1:-${PDBSOLVE_TABLES:-}}
	dir=${dir:-${XDG_CACHE_HOME:-$HOME/.cache}/pdbsolve}
	mkdir -p "$dir" && echo "$dir"
}

# build_pdbsolve DIR: builds this tree's pdbsolve into DIR/pdbsolve and sets
# bin to its path.
build_pdbsolve() {
	bin=$1/pdbsolve
	go build -o "$bin" ./cmd/pdbsolve
}

# measure CMD...: runs CMD (its standard input, output and error are the
# caller's), sets wall to its wall time (seconds, 2 decimals) and peak_kb to
# its peak resident set size (KiB), and returns its exit status. With GNU time
# (/usr/bin/time) they are its %e and %M ("Maximum resident set size" of
# time -v). Without it peak_kb is the last VmHWM read from /proc/PID/status,
# read every 50 ms while CMD runs: a lower bound that misses what CMD adds in
# its last 50 ms.
measure() {
	local out status=0
	out=$(mktemp)
	if /usr/bin/time -f %M -o "$out" true 2>/dev/null; then
		/usr/bin/time -f '%e %M' -o "$out" "$@" || status=$?
		# On failure GNU time writes "Command exited with ..." first.
		read -r wall peak_kb < <(tail -n 1 "$out")
	else
		local t0 pid hwm
		t0=$(date +%s.%N)
		peak_kb=0
		"$@" <&0 & # the explicit <&0: a background command's input is otherwise /dev/null
		pid=$!
		while kill -0 "$pid" 2>/dev/null; do
			hwm=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$pid/status" 2>/dev/null) || true
			if [ -n "$hwm" ] && [ "$hwm" -gt "$peak_kb" ]; then peak_kb=$hwm; fi
			sleep 0.05
		done
		wait "$pid" || status=$?
		wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
	fi
	rm -f "$out"
	return "$status"
}

# time_pdb_build TABLES TEST TIMEOUT LOG: builds package pdb's test binary
# into TABLES and runs its long test TEST (a -test.run pattern) with
# PDBSOLVE_LONG=1 and PDBSOLVE_TABLES=TABLES under GNU time -v, showing the
# test's verdict lines, the log lines that match the extended regular
# expression LOG, and the times and peak RSS; then lists the 24-puzzle tables
# in TABLES. The build scripts' shared body: the tables are built from
# scratch when TABLES holds none.
time_pdb_build() {
	local dir=$1 run=$2 timeout=$3 log=$4
	go test -c -o "$dir/pdb.test" ./pdb
	PDBSOLVE_LONG=1 PDBSOLVE_TABLES=$dir /usr/bin/time -v "$dir/pdb.test" -test.run "$run" -test.v -test.timeout "$timeout" 2>&1 |
		grep -E "^ *(---|=== RUN|ok|FAIL|PASS)|$log|Elapsed|Maximum resident|User time|System time"
	ls -l "$dir"/24puzzle-*.pdb
}
