#!/usr/bin/env bash
# README command 1: install the dependencies, build, run every registered claim at the standard budget and
# write the report to reports/out/ (results.json, dcrv-report.tex, dcrv-report-standalone.tex, figures, PDF).
# --certify: claims with an interval certificate (properties/certificates/) that close become `certified`.
# Extra arguments go to `dcrv run` (e.g. --budget smoke, --filter 'B.*', --jobs 2).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
mkdir -p reports/out
build/dcrv run --budget standard --certify --jobs "$(nproc)" --json reports/out/results.json "$@"
build/dcrv report reports/out/results.json --out reports/out --pdf
