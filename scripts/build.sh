#!/usr/bin/env bash
# Configures and builds dcrv into build/ (Release) — or build-sanitize/ with --sanitize.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
extra=()
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-sanitize
  # The sanitizer build covers the machinery and a representative subset of claim files (build time on 2 cores).
  # -O1 -g1 (line tables: sanitizer reports still name file:line) compiles much faster than RelWithDebInfo's
  # -O2 -g; the CUDA fast path and the benchmarks are not part of the sanitized tests.
  extra=(-DDCRV_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
         -DDCRV_CUDA=OFF -DDCRV_BENCH=OFF
         "-DDCRV_ONLY_CLAIMS=properties/B_softmax_jacobian.cpp"
         "-DDCRV_ONLY_TESTS=none")
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "${extra[@]}" > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
cmake --build "$dir" -j"$(nproc)"
