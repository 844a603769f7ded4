#!/usr/bin/env bash
# The cluster recipe of README.md ("Runs on a cluster"), run on a real
# single-node Slurm cluster: scripts/slurm/submit.sh submits the gen job,
# a 3-task bench array (afterok:gen) and the report job (afterany:array) on
# a small workload (Korf's 100 15-puzzles under pdb555, about 15 s a
# shard); one task is cancelled mid-run (scancel), the report job then
# fails naming the unfinished shard, "submit.sh rerun 1" resumes the task,
# and the new report must equal the unsharded run's in every field but the
# times.
#
# Needs root and Debian's packages: slurmctld, slurmd, slurm-client and
# munge (and jq, to compare reports), installed with apt-get when missing,
# before the clock starts and with no time limit: dpkg is never killed
# half-way (if an earlier run left dpkg half-configured, "dpkg --configure
# -a" finishes that first).
# Starts munged, slurmctld and slurmd by hand (no systemd) on ports found
# free, with their state, sockets and logs in a temporary directory, and
# stops them, cancels its jobs and removes that directory on exit, also on
# failure or interrupt. Never touches a system-wide Slurm or munge.
#
# Environment: PDBSOLVE_SKIP_SLURM=1 skips the test (exit 0, says so);
# PDBSOLVE_SLURM_TIMEOUT bounds the test in seconds, from after the
# packages are installed to the end (default 540); when it runs out the test
# stops what it started and fails with one line "FAIL: out of time ...";
# PDBSOLVE_SLURM_KEEP=1 keeps the temporary directory.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TIMEOUT=${PDBSOLVE_SLURM_TIMEOUT:-540}
NODE=pdbsolve-ci
SHARDS=3
CANCEL=1 # the array task cancelled mid-run

# log writes to the script's own standard output (file descriptor 3), also
# from inside a function whose output is redirected (within ... >/dev/null).
exec 3>&1
log() { printf '%s ci-slurm: %s\n' "$(date -u +%H:%M:%S)" "$*" >&3; }
fail() {
  log "FAIL: $*"
  exit 1
}

if [ "${PDBSOLVE_SKIP_SLURM:-}" = 1 ]; then
  log "skipped (PDBSOLVE_SKIP_SLURM=1)"
  exit 0
fi
[ "$(id -u)" = 0 ] || fail "needs root to install Slurm and run slurmd (PDBSOLVE_SKIP_SLURM=1 skips this test)"
case $TIMEOUT in
'' | *[!0-9]* | 0) fail "PDBSOLVE_SLURM_TIMEOUT=$TIMEOUT: want a whole number of seconds above 0" ;;
esac

# ---- packages, outside the time budget: dpkg is never interrupted.
missing=()
for c in slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge jq:jq; do
  command -v "${c%%:*}" >/dev/null 2>&1 || [ -x "/usr/sbin/${c%%:*}" ] || missing+=("${c#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  command -v apt-get >/dev/null || fail "missing ${missing[*]} and no apt-get to install them"
  export DEBIAN_FRONTEND=noninteractive
  # A package left unpacked or half-configured (an interrupted install)
  # makes every apt-get install fail until dpkg finishes configuring it.
  if [ -n "$(dpkg --audit 2>/dev/null)" ]; then
    log "dpkg was left half-configured: dpkg --configure -a"
    dpkg --configure -a </dev/null >/dev/null || fail "dpkg --configure -a"
  fi
  log "installing ${missing[*]} (no time limit)"
  # setsid runs apt-get in a session of its own: on a terminal, apt's
  # pseudo-terminal for dpkg would stop it (SIGTTOU), so it gets none, and
  # no terminal input either. Its output is shown only if it fails.
  aptlog=$(mktemp)
  setsid apt-get -q -o DPkg::Lock::Timeout=120 update </dev/null >"$aptlog" 2>&1 ||
    { tail -n 15 "$aptlog"; rm -f "$aptlog"; fail "apt-get update"; }
  setsid apt-get -q -y -o DPkg::Lock::Timeout=120 -o Dpkg::Use-Pty=0 install --no-install-recommends "${missing[@]}" </dev/null >"$aptlog" 2>&1 ||
    { tail -n 15 "$aptlog"; rm -f "$aptlog"; fail "apt-get install ${missing[*]}"; }
  rm -f "$aptlog"
fi

# ---- the time budget starts here
START=$SECONDS
# out_of_time WHAT: fails naming the step that was running when the budget ran out.
out_of_time() {
  OUT_OF_TIME=1
  fail "out of time during $1: the test may take ${TIMEOUT}s after installing (PDBSOLVE_SLURM_TIMEOUT)"
}
# left WHAT: sets LEFT to the seconds left in the budget (at least 1), or
# fails naming WHAT. It runs in this shell, never inside $(...), so that its
# failure ends the test.
left() {
  LEFT=$((TIMEOUT - (SECONDS - START)))
  [ "$LEFT" -gt 0 ] || out_of_time "$1"
}
# timed WHAT CMD...: runs CMD for at most the time left; fails with the
# out-of-time line if the budget ends it, else returns CMD's status.
timed() {
  local what=$1 status=0
  shift
  left "$what"
  timeout "$LEFT" "$@" || status=$?
  [ "$status" != 124 ] || out_of_time "$what"
  return "$status"
}

# within SECONDS WHAT CMD...: runs CMD every half second until it succeeds,
# for at most SECONDS (and the overall time left).
within() {
  local limit=$1 what=$2 budget=
  shift 2
  left "$what"
  [ "$limit" -le "$LEFT" ] || { limit=$LEFT; budget=1; }
  local end=$((SECONDS + limit))
  until "$@"; do
    if [ "$SECONDS" -ge "$end" ]; then
      [ -z "$budget" ] || out_of_time "$what"
      fail "$what: not done after ${limit}s"
    fi
    sleep 0.5
  done
}
PATH=$PATH:/usr/sbin
for c in slurmctld slurmd sbatch squeue scontrol scancel munged munge jq; do
  command -v "$c" >/dev/null || fail "$c not found after installing"
done
log "$(slurmctld -V), $(munged --version 2>&1 | head -1)"

# ---- a directory for everything, removed at exit
WORK=$(mktemp -d "${TMPDIR:-/tmp}/pdbsolve-slurm.XXXXXX")
chmod 755 "$WORK"
PIDS=() # daemons started here, stopped at exit in reverse order
JOBS=() # jobs submitted here, cancelled at exit

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  set +e
  if [ -n "${SLURM_CONF:-}" ] && [ ${#JOBS[@]} -gt 0 ]; then
    scancel "${JOBS[@]}" 2>/dev/null
    local end=$((SECONDS + 30))
    while [ -n "$(squeue -h -o %i 2>/dev/null)" ] && [ "$SECONDS" -lt "$end" ]; do sleep 0.5; done
  fi
  if [ -s "$WORK/munge/munged.pid" ]; then PIDS=("$(cat "$WORK/munge/munged.pid")" "${PIDS[@]}"); fi
  local i
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    kill "${PIDS[i]}" 2>/dev/null
  done
  for p in "${PIDS[@]}"; do
    for _ in $(seq 40); do kill -0 "$p" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$p" 2>/dev/null
  done
  if [ "$status" != 0 ] && [ -z "${OUT_OF_TIME:-}" ]; then
    for f in "$WORK"/log/*.log "$WORK"/run/logs/*.out; do
      [ -f "$f" ] || continue
      echo "---- last lines of $f"
      tail -n 15 "$f"
    done >&3
  fi
  if [ "${PDBSOLVE_SLURM_KEEP:-}" = 1 ]; then
    log "kept $WORK"
  else
    rm -rf "$WORK"
  fi
  log "stopped the daemons and removed what this test made ($((SECONDS - START))s in all)"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- pdbsolve
log "building pdbsolve"
timed "go build" go -C "$ROOT" build -o "$WORK/bin/pdbsolve" ./cmd/pdbsolve || fail "go build"

# ---- munge: its own daemon, key and socket
mkdir -p "$WORK/munge" "$WORK/munge-key" "$WORK/log" "$WORK/run" "$WORK/spool" "$WORK/state"
head -c 1024 /dev/urandom >"$WORK/munge-key/munge.key"
chown -R munge:munge "$WORK/munge" "$WORK/munge-key"
chmod 700 "$WORK/munge-key"
chmod 400 "$WORK/munge-key/munge.key"
SOCKET=$WORK/munge/munge.socket
runuser -u munge -- munged --socket="$SOCKET" --key-file="$WORK/munge-key/munge.key" \
  --pid-file="$WORK/munge/munged.pid" --log-file="$WORK/munge/munged.log" \
  --seed-file="$WORK/munge/munged.seed" || fail "munged did not start"
munge_ok() { munge -S "$SOCKET" -n 2>/dev/null | unmunge -S "$SOCKET" 2>/dev/null | grep -q 'STATUS: *Success'; }
within 15 "munged" munge_ok

# ---- slurm.conf: one node, ports found free
# port_free PORT: nothing listens on PORT (TCP, IPv4 or IPv6).
port_free() {
  local hex
  hex=$(printf '%04X' "$1")
  ! cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v p=":$hex" '$2 ~ p"$" && $4 == "0A" {found=1} END {exit !found}'
}
CTLD_PORT=
for ((p = 20000 + RANDOM % 20000; p < 60000; p += 2)); do
  if port_free "$p" && port_free $((p + 1)); then CTLD_PORT=$p; break; fi
done
[ -n "$CTLD_PORT" ] || fail "no free pair of ports"
MEM_MB=$(awk '/^MemTotal:/ {print int($2 / 1024 / 2)}' /proc/meminfo)
HOST=$(hostname -s)
export SLURM_CONF=$WORK/slurm.conf
cat >"$SLURM_CONF" <<EOF
# Single-node cluster of scripts/ci-slurm.sh: no systemd, no cgroups, no accounting.
ClusterName=pdbsolveci
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$((CTLD_PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
MpiDefault=none
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
ReturnToService=2
SlurmctldPidFile=$WORK/run/slurmctld.pid
SlurmdPidFile=$WORK/run/slurmd.pid
SlurmdSpoolDir=$WORK/spool
StateSaveLocation=$WORK/state
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=1000
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MinJobAge=3600
KillWait=10
NodeName=$NODE NodeHostname=$HOST NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$MEM_MB State=UNKNOWN
PartitionName=ci Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -f "$SLURM_CONF" >"$WORK/log/slurmctld.out" 2>&1 &
PIDS+=($!)
within 30 "slurmctld answering" scontrol ping >/dev/null
slurmd -D -f "$SLURM_CONF" -N "$NODE" >"$WORK/log/slurmd.out" 2>&1 &
PIDS+=($!)
node_idle() { [ "$(sinfo -h -n "$NODE" -o %t 2>/dev/null)" = idle ]; }
within 60 "node $NODE idle" node_idle
log "cluster up: slurmctld on port $CTLD_PORT, node $NODE ($(nproc) CPUs, ${MEM_MB} MB)"

# ---- job helpers
# state ID: the job's state (COMPLETED, FAILED, CANCELLED, RUNNING, ...).
state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }
# exit_code ID: the job's exit status (the number before the colon).
exit_code() { scontrol show job "$1" 2>/dev/null | sed -n 's/.* ExitCode=\([0-9]*\):.*/\1/p' | head -1; }
# gone ID...: none of the jobs (array jobs: none of their tasks) is pending or running.
gone() { [ -z "$(squeue -h -j "$(IFS=,; echo "$*")" -o %i 2>/dev/null)" ]; }
# runs FILE: the run records in FILE (lines with a status).
runs() {
  local n
  n=$(grep -c '"status"' "$1" 2>/dev/null) || true
  echo "${n:-0}"
}

# ---- the recipe, as README gives it
RUN=$WORK/run # the directory the jobs are submitted from and run in
mkdir -p "$RUN"
export PDBSOLVE=$WORK/bin/pdbsolve PDBSOLVE_TABLES=$WORK/tables
export PUZZLE=15puzzle HEURISTIC=pdb555 INPUT=$ROOT/data/korf100.txt SHARDS RUNS=$RUN/runs REPORT=$RUN/report.jsonl
export GEN_SBATCH="--cpus-per-task=1 --mem=1G" BENCH_SBATCH="--cpus-per-task=1 --mem=1G" REPORT_SBATCH="--mem=500M"
INSTANCES=$(grep -cv '^#' "$INPUT")
PER_SHARD=$(((INSTANCES - 1 - CANCEL) / SHARDS + 1)) # the instances of shard $CANCEL

log "the unsharded run, for reference: bench $PUZZLE --heuristic $HEURISTIC -j $(nproc) $INPUT"
timed "the unsharded run" "$PDBSOLVE" --tables "$PDBSOLVE_TABLES" -j "$(nproc)" bench "$PUZZLE" --heuristic "$HEURISTIC" \
  -o "$WORK/full.jsonl" "$INPUT" >"$WORK/full.txt" 2>"$WORK/full.err" || fail "the unsharded run: $(tail -3 "$WORK/full.err")"
rm -rf "$PDBSOLVE_TABLES" # the gen job builds them again

log "submitting: scripts/slurm/submit.sh"
ids=$(cd "$RUN" && "$ROOT/scripts/slurm/submit.sh") || fail "submit.sh"
echo "$ids" | sed 's/^/    /'
GEN=$(echo "$ids" | awk '$1 == "gen" {print $2}')
ARRAY=$(echo "$ids" | awk '$1 == "bench" {print $2}')
REPORT1=$(echo "$ids" | awk '$1 == "report" {print $2}')
JOBS+=("$GEN" "$ARRAY" "$REPORT1")
[ -n "$GEN" ] && [ -n "$ARRAY" ] && [ -n "$REPORT1" ] || fail "submit.sh printed no job ids"

within 120 "gen job $GEN" gone "$GEN"
[ "$(state "$GEN")" = COMPLETED ] || fail "gen job $GEN: $(state "$GEN"), exit $(exit_code "$GEN")"
log "gen job $GEN: COMPLETED; $(grep -c 'pdbsolve: built' "$RUN/logs/pdbsolve-gen-$GEN.out") tables built"

# Cancel task $CANCEL once it has finished a few runs, long before its last.
victim=$ARRAY"_"$CANCEL
file=$RUN/runs/0$CANCEL.jsonl
# A task not yet split out of its pending array, or starting, has no state
# or another one than these: only a final state ends the wait.
ended() { case "$(state "$1")" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | PREEMPTED | BOOT_FAIL | DEADLINE) return 0 ;; esac; return 1; }
started() { [ "$(runs "$file")" -ge 3 ] || ended "$victim"; }
within 180 "task $victim running 3 runs" started
[ "$(state "$victim")" = RUNNING ] || fail "task $victim ended before it could be cancelled: $(state "$victim")"
scancel "$victim"
cancelled_at=$(runs "$file")
within 60 "task $victim ending after scancel" gone "$victim"
done_before=$(grep -c '"status":"solved"' "$file" || true)
log "cancelled $victim after $cancelled_at runs: $(state "$victim"), exit $(exit_code "$victim"); $done_before runs of $PER_SHARD kept in $file"
[ "$(state "$victim")" = CANCELLED ] || fail "task $victim: $(state "$victim") after scancel"
[ "$done_before" -ge 3 ] && [ "$done_before" -lt "$PER_SHARD" ] || fail "$file holds $done_before solved runs, want 3 to $((PER_SHARD - 1))"

within 240 "the array $ARRAY and report job $REPORT1" gone "$ARRAY" "$REPORT1"
for k in $(seq 0 $((SHARDS - 1))); do
  [ "$k" = "$CANCEL" ] && continue
  [ "$(state "${ARRAY}_$k")" = COMPLETED ] || fail "task ${ARRAY}_$k: $(state "${ARRAY}_$k"), exit $(exit_code "${ARRAY}_$k")"
done
if grep -h 'building' "$RUN"/logs/pdbsolve-bench-*.out; then fail "an array task built a table"; fi
r1log=$RUN/logs/pdbsolve-report-$REPORT1.out
[ "$(state "$REPORT1")" = FAILED ] && [ "$(exit_code "$REPORT1")" = 6 ] ||
  fail "report job $REPORT1 over an unfinished shard: $(state "$REPORT1"), exit $(exit_code "$REPORT1"), want FAILED, 6"
grep -q "shard $CANCEL/$SHARDS" "$r1log" || fail "report job $REPORT1's log does not name shard $CANCEL/$SHARDS: $(tail -3 "$r1log")"
log "report job $REPORT1: FAILED, exit 6: $(grep -m1 "shard $CANCEL/$SHARDS" "$r1log")"

log "rerunning task $CANCEL: scripts/slurm/submit.sh rerun $CANCEL"
ids=$(cd "$RUN" && "$ROOT/scripts/slurm/submit.sh" rerun "$CANCEL") || fail "submit.sh rerun"
echo "$ids" | sed 's/^/    /'
RERUN=$(echo "$ids" | awk '$1 == "bench" {print $2}')
REPORT2=$(echo "$ids" | awk '$1 == "report" {print $2}')
JOBS+=("$RERUN" "$REPORT2")
within 240 "the rerun $RERUN and report job $REPORT2" gone "$RERUN" "$REPORT2"
[ "$(state "${RERUN}_$CANCEL")" = COMPLETED ] || fail "rerun ${RERUN}_$CANCEL: $(state "${RERUN}_$CANCEL"), exit $(exit_code "${RERUN}_$CANCEL")"
solved=$(grep -c '"status":"solved"' "$file" || true)
distinct=$(grep '"status":"solved"' "$file" | jq -r .instance | sort -u | wc -l)
[ "$solved" = "$PER_SHARD" ] && [ "$distinct" = "$PER_SHARD" ] ||
  fail "after the rerun $file holds $solved solved runs of $distinct instances, want $PER_SHARD of $PER_SHARD (none repeated)"
log "rerun ${RERUN}_$CANCEL: COMPLETED; $file: $solved runs, the $done_before finished before the cancel not repeated"
[ "$(state "$REPORT2")" = COMPLETED ] || fail "report job $REPORT2: $(state "$REPORT2"), exit $(exit_code "$REPORT2"): $(tail -3 "$RUN/logs/pdbsolve-report-$REPORT2.out")"

# ---- the merged report against the unsharded run's, times aside
"$PDBSOLVE" bench report --format json "$WORK/full.jsonl" >"$WORK/full-report.jsonl" 2>"$WORK/full-report.err" ||
  fail "bench report of the unsharded run: $(cat "$WORK/full-report.err")"
# untimed FILE: the records of a report without provenance, times (wall and
# CPU) and dates.
untimed() {
  jq -cS 'select(has("provenance") | not)
    | walk(if type == "object" then with_entries(select(.key | test("time|date|spread|cpu") | not)) else . end)' "$1" | sort
}
untimed "$REPORT" >"$WORK/merged.cmp"
untimed "$WORK/full-report.jsonl" >"$WORK/full.cmp"
if ! cmp -s "$WORK/merged.cmp" "$WORK/full.cmp"; then
  diff "$WORK/full.cmp" "$WORK/merged.cmp" | head -20
  fail "the merged report differs from the unsharded run's (above: < unsharded, > merged)"
fi
records=$(grep -c '"status"' "$WORK/merged.cmp" || true)
[ "$records" = "$INSTANCES" ] || fail "the merged report holds $records runs"
log "merged report of $SHARDS shards = unsharded run, times aside: $records runs, $(wc -l <"$WORK/merged.cmp") records compared"
sed -n '1,4p' "$RUN/logs/pdbsolve-report-$REPORT2.out" | sed 's/^/    /'
log "PASS in $((SECONDS - START))s"
