#!/bin/bash
# Submit the benchmark as Slurm jobs, from the directory the jobs should run
# in (logs/, $RUNS and relative paths start there):
#
#   scripts/slurm/submit.sh            the gen job (tables, once), the bench
#                                      array (afterok:gen, one task a shard)
#                                      and the report job (afterany:array)
#   scripts/slurm/submit.sh rerun K... the array tasks K... again (each resumes
#                                      its $RUNS/NN.jsonl), and the report job
#                                      after them (afterany)
#   scripts/slurm/submit.sh report     the report job alone
#
# Settings (puzzle, heuristics, input, shards, extra sbatch options) are the
# variables of config.sh; PDBSOLVE_TABLES must name a table directory on a
# file system every node mounts. Prints the job ids, one "name id" a line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=config.sh
. "$here/config.sh"
: "${PDBSOLVE_TABLES:?set PDBSOLVE_TABLES to a table directory on a file system every node mounts}"
export PDBSOLVE_TABLES
mkdir -p logs "$RUNS" "$PDBSOLVE_TABLES"

# submit ARGS...: sbatch --parsable, printing the job id alone.
submit() {
  local id
  id=$(sbatch --parsable "$@")
  echo "${id%%;*}"
}

report() { # report DEPENDENCY
  local id
  # shellcheck disable=SC2086 # REPORT_SBATCH is a list of options
  id=$(submit --dependency="$1" $REPORT_SBATCH "$here/report.sbatch")
  echo "report $id"
}

case ${1:-all} in
all)
  # shellcheck disable=SC2086 # *_SBATCH are lists of options
  gen=$(submit $GEN_SBATCH "$here/gen.sbatch")
  echo "gen $gen"
  # shellcheck disable=SC2086
  array=$(submit --dependency="afterok:$gen" --array="0-$((SHARDS - 1))" $BENCH_SBATCH "$here/bench.sbatch")
  echo "bench $array"
  report "afterany:$array"
  ;;
rerun)
  shift
  [ $# -gt 0 ] || { echo "usage: $0 rerun K... (array task numbers, 0 to $((SHARDS - 1)))" >&2; exit 2; }
  for k in "$@"; do
    case $k in '' | *[!0-9]*) echo "$0: rerun: $k is not an array task number" >&2; exit 2 ;; esac
    [ "$k" -lt "$SHARDS" ] || { echo "$0: rerun: task $k is not below SHARDS=$SHARDS" >&2; exit 2; }
  done
  tasks=$(IFS=,; echo "$*")
  # shellcheck disable=SC2086
  array=$(submit --array="$tasks" $BENCH_SBATCH "$here/bench.sbatch")
  echo "bench $array"
  report "afterany:$array"
  ;;
report)
  # shellcheck disable=SC2086
  id=$(submit $REPORT_SBATCH "$here/report.sbatch")
  echo "report $id"
  ;;
*)
  echo "usage: $0 [all | rerun K... | report]" >&2
  exit 2
  ;;
esac
