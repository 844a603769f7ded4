#!/bin/sh
# cli-size.sh: the size of internal/cli against issue 13's targets: its
# non-test lines (at most 2,500) and its longest functions (none over 80
# lines). Exits 1 when a target is missed. Run from the repository root.
set -u
dir=${1:-internal/cli}
lines=$(for f in "$dir"/*.go; do case $f in *_test.go) ;; *) cat "$f";; esac; done | wc -l)
echo "$dir: $lines non-test lines (target 2500)"
status=0
[ "$lines" -le 2500 ] || status=1
go run scripts/funclen.go -max 80 -top 5 "$dir" || status=1
exit $status
