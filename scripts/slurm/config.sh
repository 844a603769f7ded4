# Settings of the Slurm benchmark scripts, sourced by submit.sh and exported
# to the jobs (sbatch passes the submitting environment on). Each is a
# default: set the variable before submit.sh to change it. The defaults run
# Korf & Felner's 50 24-puzzle instances, one array task an instance. The
# jobs run in the directory you submit from (relative paths start there)
# and write their logs to logs/ in it.

# The pdbsolve binary, as the compute nodes see it.
: "${PDBSOLVE:=./pdbsolve}"
# PDBSOLVE_TABLES, the table directory, has no default: name a directory
# on a file system every node mounts (see README, "Runs on a cluster").
# The puzzle, heuristics (comma-separated, as bench takes them) and input.
: "${PUZZLE:=24puzzle}"
: "${HEURISTIC:=pdb6666+reflect}"
: "${INPUT:=data/korf24.txt}"
# Shards: array task K runs shard K/SHARDS (every SHARDS-th instance from
# the K-th, 0-based); with 50 shards over 50 instances, task K runs instance
# K+1 alone.
: "${SHARDS:=50}"
# The shards' records (RUNS/NN.jsonl, NN the task) and the merged report
# (JSON Lines).
: "${RUNS:=runs}"
: "${REPORT:=report.jsonl}"
# More bench flags for every shard, such as "--max-nodes 100000000000".
: "${BENCH_FLAGS:=}"
# Extra sbatch options per job, which override the #SBATCH lines of its
# script (partition, account, time, memory, CPUs): "--partition=long".
: "${GEN_SBATCH:=}"
: "${BENCH_SBATCH:=}"
: "${REPORT_SBATCH:=}"
export PDBSOLVE PUZZLE HEURISTIC INPUT SHARDS RUNS REPORT BENCH_FLAGS
