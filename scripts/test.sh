#!/usr/bin/env bash
# README command 2: install the dependencies, build, run the whole test suite (CTest over Catch2 + RapidCheck),
# then the sanitizer build (ASan + UBSan) over the machinery tests and a subset of the claims.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
(cd build && ctest --output-on-failure -j"$(nproc)" --timeout 900)
if [ "${DCRV_SKIP_SANITIZE:-0}" != 1 ]; then
  scripts/build.sh --sanitize
  (cd build-sanitize && ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure -j"$(nproc)" --timeout 900)
fi
