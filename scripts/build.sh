#!/usr/bin/env bash
# Configures and builds dcrv into build/ (Release) — or build-sanitize/ with --sanitize.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
extra=()
if [ "${1:-}" = "--sanitize" ]; then
  dir=build-sanitize
  # Certificates: the mechanism's own tests need the first certificates (A, B, D, E, F, H) and App. B's (the
  # claim file of this build); the per-part certificate tests of the other parts (test_certify_<parts>.cpp)
  # are point evaluations of formulas the Release suite checks, and are left to it.
  sanitized_certificates=$(ls properties/certificates/{A_face_gap,B_*,D_star,E_grpo,F_face_gap,H_noise}_certificates.cpp \
                              properties/certificates/B_*.cpp 2>/dev/null | sort -u | tr '\n' ';' | sed 's/;$//')
  sanitized_unit_tests=$(cd tests && ls test_*.cpp | grep -v -E '^test_certify_(AC|C|D|E|F|G|H|HIM|I|M)\.cpp$' | tr '\n' ';' | sed 's/;$//')
  # The sanitizer build covers the machinery and a representative subset of claim files (build time on 2 cores).
  # -O1 -g1 (line tables: sanitizer reports still name file:line) compiles much faster than RelWithDebInfo's
  # -O2 -g; the CUDA fast path and the benchmarks are not part of the sanitized tests.
  extra=(-DDCRV_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
         -DDCRV_CUDA=OFF -DDCRV_BENCH=OFF
         "-DDCRV_ONLY_CLAIMS=properties/B_softmax_jacobian.cpp"
         "-DDCRV_ONLY_TESTS=none"
         "-DDCRV_ONLY_CERTIFICATES=$sanitized_certificates"
         "-DDCRV_ONLY_UNIT_TESTS=$sanitized_unit_tests")
fi
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "${extra[@]}" > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
cmake --build "$dir" -j"$(nproc)"
