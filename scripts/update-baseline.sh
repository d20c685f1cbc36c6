#!/usr/bin/env bash
# Regenerates reports/baseline/smoke.json (the reference for the regression test) from the current build.
# Run after an intended change of a claim's status, and commit the result with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports/baseline
build/dcrv run --budget smoke --jobs 2 --quiet --json reports/baseline/smoke.json
