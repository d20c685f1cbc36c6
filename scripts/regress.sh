#!/usr/bin/env bash
# The theory-change workflow in one line: run the checks against the current paper, diff against the committed
# baseline, and write the report with regressions, falsified and stale claims first (README "Theory changes").
#   scripts/regress.sh [smoke|standard] [extra dcrv run arguments, e.g. --filter 'B.*' --paper DIR]
# Exit code: that of `dcrv diff` (1 when a claim got worse than in reports/baseline/<budget>.json).
# Output: reports/out/regress/{results.json, diff.txt, what-if.json, dcrv-report*.tex, PDF when LaTeX is there}.
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-smoke}"
[ $# -gt 0 ] && shift
dcrv="${DCRV:-build/dcrv}"
base="reports/baseline/$budget.json"
out="reports/out/regress"
mkdir -p "$out"
"$dcrv" run --budget "$budget" --jobs "$(nproc)" --quiet --json "$out/results.json" "$@"
# diff and report compare the baseline's claims that the run selected (its --filter), not the others.
rc=0
if [ -f "$base" ]; then
  "$dcrv" diff "$base" "$out/results.json" > "$out/diff.txt" || rc=$?
  tail -n 1 "$out/diff.txt"
  baseline=(--baseline "$base")
else
  echo "no baseline $base: the report has no regression list" >&2
  baseline=()
fi
# Stale claims whose change is a declared constant: run with the new value (what-if.json, with its own report).
# what-if takes the selection and the sources of the run's arguments.
wi=()
while [ $# -gt 0 ]; do
  case "$1" in
    --filter|--paper|--pins|--seed|--digits) wi+=("$1" "$2"); shift 2 ;;
    *) shift ;;
  esac
done
if "$dcrv" what-if --budget "$budget" --quiet --json "$out/what-if.json" "${wi[@]}" > "$out/what-if.txt"; then
  tail -n 1 "$out/what-if.txt"
  "$dcrv" report "$out/what-if.json" --out "$out/what-if" > /dev/null
fi
"$dcrv" report "$out/results.json" --out "$out" "${baseline[@]}" --pdf || [ $? -eq 3 ]
exit "$rc"
