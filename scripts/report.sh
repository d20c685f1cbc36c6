#!/usr/bin/env bash
# README command 1: install the dependencies, build, run every registered claim at the standard budget and
# write the report to reports/out/: results.json; dcrv-appendix.tex (to \input in the paper, ≤ 15 pages) with
# dcrv-macros.tex (\dcrvvalue, \dcrvrun, \dcrvstatus); the dossier dcrv-dossier.tex (+ its body
# dcrv-report.tex, the .dat tables of the figures); and both PDFs (dcrv-appendix-standalone.pdf,
# dcrv-dossier.pdf). The report runs the slack search for the findings' measured constants itself.
# --certify: claims with an interval certificate (properties/certificates/) that close become `certified`.
# Extra arguments go to `dcrv run` (e.g. --budget smoke, --filter 'B.*', --jobs 2).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
mkdir -p reports/out
build/dcrv run --budget standard --certify --jobs "$(nproc)" --json reports/out/results.json "$@"
build/dcrv report reports/out/results.json --out reports/out --pdf
