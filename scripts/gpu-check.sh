#!/usr/bin/env bash
# scripts/gpu-check.sh [--probe-only | --build-without-device] OUTDIR — the GPU check kit (issue 23), run on the
# machine with the GPU in one call of the device tool:
#
#   bash scripts/gpu-check.sh "$OUT"          (carry: ["gpu-pack"]; make the pack first with scripts/gpu-pack.sh)
#
# It writes OUTDIR/gpu-check.json (schema "dcrv-gpu-check/1": status, reason, machine, pack, stages with
# their figures, bench, speed-ups, criteria) and OUTDIR/gpu-check.log (every stage's full output), nothing
# else, and keeps to a time budget (DCRV_GPU_BUDGET, default 470 s) so that a failed first try can be rerun
# within one 15-minute loan. Each stage has its own time limit (and never more than what is left of the
# budget); a stage that fails or runs out of time is recorded and the next one runs.
#   probe      a CUDA program compiled with nvcc asks the runtime for devices (no device: stop, exit 3)
#   pack       the carried folder of packed dependencies (DCRV_GPU_PACK, default gpu-pack/) is complete
#   configure  cmake -DDCRV_GPU_KIT=ON against the pack alone (scripts/gpu-kit.cmake), CUDA for the device's
#              architecture, build folder DCRV_GPU_BUILD (default build-gpu/)
#   build      the library, the CUDA backend, dcrv_gpu_tests and dcrv_ensemble_bench, on all cores
#   audit      no header of a packed library came from the system (the compiler's dependency output), no
#              shared library of a packed one is linked
#   kat        Random123 known-answer values and dcrv's streams on the device against the host
#   cuda_vs_cpu  identical batch counts and event times on >= 99 % of paths (5 configurations x 1024 paths x
#              5000 steps), final coordinates within 1e-9 on those
#   ks         event-time laws, cuda vs cpu (two-sample KS)
#   bench_gpu_* / bench_cpu_*  Study A (STaR, GRPO, DPO; K = 12, B = 64, 5000 steps) at DCRV_GPU_BENCH_PATHS
#              (default 100000) seeds on the GPU and on all CPU cores; path-steps/s and the speed-up
#   cuda_vs_mpfr  24 device paths replayed by the MPFR reference (50 digits) from their own batch counts
#   host_tests the ensemble and RNG specifications on the host (everything not tagged [cuda])
#
# --probe-only: stop after the probe (the suite's no-device test). --build-without-device: go on without a
# device (configure, build, audit, host stages; the device stages are skipped), to test the kit here.
#
# Exit status: 0 every stage passed on a device (or, --probe-only, a device is present); 1 a stage failed or
# timed out; 2 usage; 3 no device (or no CUDA compiler) — a clean stop, the JSON says why; 4 the pack is
# missing or incomplete.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SELF="$ROOT/scripts/gpu-check.sh"

# --- internal: the audit stage (run through the stage runner, as a command) ---
if [ "${1:-}" = --_audit ]; then
  build=$2 pack=$3
  leak='^/usr/include/(boost|eigen3|nlohmann|Random123|catch2)/|^/usr/include/(x86_64-linux-gnu/)?(mpfr|mpf2mpfr|gmp|gmpxx|mpfi|mpfi_io)\.h$'
  if [ -f "$build/build.ninja" ]; then
    deps=$(cd "$build" && ninja -t deps 2>/dev/null | sed -n 's/^ \{4\}//p' | sort -u)
  else
    deps=$(find "$build" \( -name '*.d' -o -name compiler_depend.make \) -exec cat {} + 2>/dev/null |
      tr ' \\' '\n\n' | sed 's/^[[:space:]]*//' | grep '^/' | sort -u)
  fi
  n_all=$(printf '%s\n' "$deps" | grep -c . || true)
  n_pack=$(printf '%s\n' "$deps" | grep -c "^$pack/include/" || true)
  bad=$(printf '%s\n' "$deps" | grep -E "$leak" || true)
  echo "dependency output: $n_all headers, $n_pack of them from the pack"
  status=0
  if [ "$n_pack" -eq 0 ]; then
    echo "FAIL: no header from the pack in the dependency output (was anything built?)"
    status=1
  fi
  if [ -n "$bad" ]; then
    echo "FAIL: headers of packed libraries from the system:"
    echo "$bad"
    status=1
  fi
  for exe in "$build/dcrv_gpu_tests" "$build/dcrv_ensemble_bench"; do
    [ -x "$exe" ] || continue
    shared=$(ldd "$exe" 2>/dev/null | grep -E 'lib(mpfr|gmp|mpfi)\.so' || true)
    if [ -n "$shared" ]; then
      echo "FAIL: $(basename "$exe") links shared libraries of packed ones: $shared"
      status=1
    fi
  done
  [ "$status" = 0 ] && echo "DCRV-FIGURE stage=audit headers=$n_all from_pack=$n_pack from_system_packed=0"
  exit $status
fi

usage() {
  echo "usage: $0 [--probe-only | --build-without-device] OUTDIR" >&2
  exit 2
}
mode=full
OUT=""
for a in "$@"; do
  case "$a" in
    --probe-only) mode=probe ;;
    --build-without-device) mode=nodevice ;;
    -h | --help) sed -n '2,33p' "$0"; exit 0 ;;
    -*) usage ;;
    *) [ -z "$OUT" ] || usage; OUT=$a ;;
  esac
done
[ -n "$OUT" ] || usage
mkdir -p "$OUT" || usage
OUT=$(cd "$OUT" && pwd)
PACK=$(realpath -m "${DCRV_GPU_PACK:-$ROOT/gpu-pack}")
BUILD=$(realpath -m "${DCRV_GPU_BUILD:-$ROOT/build-gpu}")
BUDGET=${DCRV_GPU_BUDGET:-470}
JOBS=$(nproc 2>/dev/null || echo 4)
LOG="$OUT/gpu-check.log"
JSON="$OUT/gpu-check.json"
WORK=$(mktemp -d /tmp/dcrv-gpu-check.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
: >"$LOG"
T0=$(date +%s.%N)
STARTED=$(date -u +%Y-%m-%dT%H:%M:%SZ)
STAGES=()

log() { printf '%s\n' "$*" | tee -a "$LOG"; }
elapsed() { awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
# a JSON string (control characters dropped)
js() {
  local s
  s=$(printf '%s' "$1" | tr -d '\000-\010\013\014\016-\037')
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\t'/\\t}
  s=${s//$'\n'/\\n}
  printf '"%s"' "$s"
}
# "… DCRV-FIGURE k=v k=v …" lines → a JSON array of objects (numbers stay numbers)
kv_json() {
  awk 'BEGIN { printf "["; n = 0 }
    { sub(/^.*DCRV-(FIGURE|BENCH) /, ""); o = "{"; sep = ""
      for (i = 1; i <= NF; i++) { eq = index($i, "="); if (!eq) continue
        k = substr($i, 1, eq - 1); v = substr($i, eq + 1); gsub(/["\\]/, "", k); gsub(/["\\]/, "", v)
        if (v ~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/) o = o sep "\"" k "\":" v
        else o = o sep "\"" k "\":\"" v "\""
        sep = "," }
      printf "%s%s}", (n++ ? "," : ""), o }
    END { printf "]" }'
}

# --- the machine ---
NVCC=$(command -v nvcc || true)
[ -z "$NVCC" ] && [ -x /usr/local/cuda/bin/nvcc ] && NVCC=/usr/local/cuda/bin/nvcc
CXX_BIN=$(command -v "${CXX:-c++}" || command -v g++ || true)
first_line() { "$@" 2>/dev/null | head -n 1; }
SMI=""
command -v nvidia-smi >/dev/null &&
  SMI=$(nvidia-smi --query-gpu=name,memory.total,driver_version,compute_cap --format=csv,noheader 2>&1 | head -n 4)
DIGEST=$(cd "$ROOT" && find lib bench/ensemble_bench.cpp tests/main.cpp tests/test_ensemble.cpp tests/test_cuda.cpp tests/ensemble_configs.hpp \
  tests/test_random.cpp scripts/gpu-kit.cmake scripts/gpu-check.sh CMakeLists.txt -type f 2>/dev/null | sort |
  xargs sha256sum 2>/dev/null | sha256sum | cut -c1-16)
MACHINE=$(printf '{"hostname":%s,"os":%s,"kernel":%s,"cpus":%s,"memory_kib":%s,"nvidia_smi":%s,"nvcc":%s,"cxx":%s,"cmake":%s,"ninja":%s}' \
  "$(js "$(hostname 2>/dev/null)")" "$(js "$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-}")")" \
  "$(js "$(uname -r)")" "$JOBS" "$(awk '/MemTotal/ { print $2 }' /proc/meminfo 2>/dev/null || echo 0)" \
  "$(js "$SMI")" "$(js "$([ -n "$NVCC" ] && "$NVCC" --version 2>/dev/null | grep -i release)")" \
  "$(js "$([ -n "$CXX_BIN" ] && first_line "$CXX_BIN" --version)")" "$(js "$(first_line cmake --version)")" \
  "$(js "$(first_line ninja --version)")")
log "gpu-check: $STARTED, mode $mode, out $OUT, budget ${BUDGET} s, $JOBS cores, sources $DIGEST"
log "gpu-check: nvcc ${NVCC:-none}; nvidia-smi: ${SMI:-none}"

# --- the pack (reported in every mode; required to build) ---
PACK_MISSING=()
for f in MANIFEST.tsv include/boost/version.hpp include/eigen3/Eigen/Core include/nlohmann/json.hpp \
  include/Random123/philox.h include/catch2/catch.hpp include/mpfr.h include/gmp.h include/mpfi.h \
  lib/libmpfi.a lib/libmpfr.a lib/libgmp.a; do
  [ -e "$PACK/$f" ] || PACK_MISSING+=("$f")
done
PACK_BYTES=0
[ -d "$PACK" ] && PACK_BYTES=$(du -sb "$PACK" | cut -f1)
PACK_PACKAGES=""
[ -f "$PACK/MANIFEST.tsv" ] && PACK_PACKAGES=$(awk -F'\t' '!/^#/ && NR > 2 { printf "%s%s=%s", (n++ ? " " : ""), $1, $2 }' "$PACK/MANIFEST.tsv")
PACK_JSON=$(printf '{"path":%s,"present":%s,"complete":%s,"bytes":%s,"limit_bytes":%s,"missing":%s,"packages":%s}' \
  "$(js "$PACK")" "$([ -d "$PACK" ] && echo true || echo false)" \
  "$([ ${#PACK_MISSING[@]} -eq 0 ] && echo true || echo false)" "$PACK_BYTES" $((40 * 1024 * 1024)) \
  "$(js "${PACK_MISSING[*]:-}")" "$(js "$PACK_PACKAGES")")

DEVICE_JSON='{}'
CRITERIA='{}'
SPEEDUP='[]'
BENCH='[]'
finish() { # STATUS EXIT_CODE REASON
  local figs='[]'
  [ -s "$WORK/all-figures.txt" ] && figs=$(kv_json <"$WORK/all-figures.txt")
  {
    printf '{\n"schema":"dcrv-gpu-check/1",\n"status":%s,\n"exit_code":%s,\n"reason":%s,\n' "$(js "$1")" "$2" "$(js "$3")"
    printf '"mode":%s,\n"started_utc":%s,\n"seconds":%s,\n"budget_s":%s,\n"sources_digest":%s,\n' \
      "$(js "$mode")" "$(js "$STARTED")" "$(elapsed)" "$BUDGET" "$(js "$DIGEST")"
    printf '"machine":%s,\n"device":%s,\n"pack":%s,\n' "$MACHINE" "$DEVICE_JSON" "$PACK_JSON"
    printf '"stages":[\n'
    local i
    for i in "${!STAGES[@]}"; do
      printf '%s%s\n' "${STAGES[$i]}" "$([ "$i" -lt $((${#STAGES[@]} - 1)) ] && echo ,)"
    done
    printf '],\n"figures":%s,\n"bench":%s,\n"speedup":%s,\n"criteria":%s\n}\n' "$figs" "$BENCH" "$SPEEDUP" "$CRITERIA"
  } >"$JSON"
  log "gpu-check: $1 (exit $2): $3"
  log "gpu-check: wrote $JSON and $LOG ($(elapsed) s)"
  exit "$2"
}

# --- stages ---
ANY_FAILED=0
# run_stage NAME LIMIT_S COMMAND…: runs it under timeout (at most what is left of the budget), appends its
# output to the log, records status, return code, seconds and the figures it wrote (DCRV_FIGURES file, and
# DCRV-FIGURE / DCRV-BENCH lines of its output)
run_stage() {
  local name=$1 limit=$2
  shift 2
  local left
  left=$(awk -v B="$BUDGET" -v e="$(elapsed)" 'BEGIN { printf "%d", B - e }')
  [ "$left" -lt "$limit" ] && limit=$left
  if [ "$limit" -lt 5 ]; then
    record_stage "$name" skipped "" 0 0 "the time budget of $BUDGET s is spent" "$*" '[]'
    ANY_FAILED=1
    return 1
  fi
  local figs="$WORK/figures-$name.txt" out="$WORK/stage-$name.out" s0 rc secs status note=""
  rm -f "$figs"
  log "=== [$(elapsed) s] stage $name (limit $limit s): $*"
  s0=$(date +%s.%N)
  DCRV_FIGURES="$figs" timeout -k 10 "$limit" "$@" >"$out" 2>&1
  rc=$?
  secs=$(awk -v a="$s0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  cat "$out" >>"$LOG"
  # figures: the tests write theirs to $DCRV_FIGURES (Catch wraps its own output); the bench and the audit
  # print theirs at the start of a line
  grep -h '^DCRV-\(FIGURE\|BENCH\) ' "$out" >>"$figs"
  [ -s "$figs" ] && sort -u "$figs" -o "$figs"
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    status=timeout note="stopped at its limit of $limit s"
  elif grep -q 'DCRV-SKIPPED' "$out" && { [ "$rc" = 0 ] || [ "$rc" = 3 ]; }; then
    status=skipped note=$(grep -m1 -o 'DCRV-SKIPPED.*' "$out")
  elif [ "$rc" = 0 ]; then
    status=pass
  else
    status=fail note=$(grep -v '^\s*$' "$out" | tail -n 3 | tr '\n' ' ' | cut -c1-400)
  fi
  case "$status" in timeout | fail) ANY_FAILED=1 ;; esac
  local fj='[]'
  if [ -s "$figs" ]; then
    fj=$(kv_json <"$figs")
    sed "s/^DCRV-\(FIGURE\|BENCH\) /& stage_name=$name /" "$figs" >>"$WORK/all-figures.txt"
  fi
  record_stage "$name" "$status" "$rc" "$secs" "$limit" "$note" "$*" "$fj"
  log "--- stage $name: $status (rc $rc, $secs s)${note:+: $note}"
  [ "$status" = pass ] || [ "$status" = skipped ]
}
record_stage() { # NAME STATUS RC SECONDS LIMIT NOTE COMMAND FIGURES_JSON
  STAGES+=("$(printf '{"name":%s,"status":%s,"rc":%s,"seconds":%s,"limit_s":%s,"note":%s,"command":%s,"figures":%s}' \
    "$(js "$1")" "$(js "$2")" "${3:-null}" "$4" "$5" "$(js "$6")" "$(js "$7")" "$8")")
}
skip_stage() { record_stage "$1" skipped "" 0 0 "$2" "" '[]'; log "--- stage $1: skipped: $2"; }

# --- 1. the device probe ---
DEVICE_OK=0
REASON=""
if [ -z "$NVCC" ]; then
  REASON="no CUDA compiler: nvcc is neither on PATH nor at /usr/local/cuda/bin"
else
  cat >"$WORK/probe.cu" <<'EOF'
#include <cstdio>
#include <cuda_runtime.h>
int main() {
  int rt = 0, drv = 0, n = 0;
  cudaRuntimeGetVersion(&rt);
  cudaDriverGetVersion(&drv);
  std::printf("runtime=%d\ndriver=%d\n", rt, drv);
  cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    std::printf("error=no CUDA device: %s\n", cudaGetErrorString(e));
    return 1;
  }
  if (n == 0) {
    std::printf("error=no CUDA device: the runtime reports 0 devices\n");
    return 1;
  }
  cudaDeviceProp p;
  e = cudaGetDeviceProperties(&p, 0);
  void* d = nullptr;
  if (e == cudaSuccess)
    e = cudaMalloc(&d, 1 << 20);
  if (e != cudaSuccess) {
    std::printf("error=CUDA device unusable: %s\n", cudaGetErrorString(e));
    return 1;
  }
  cudaFree(d);
  std::printf("devices=%d\nname=%s\ncc=%d%d\nsms=%d\nmemory_bytes=%zu\n", n, p.name, p.major, p.minor,
              p.multiProcessorCount, p.totalGlobalMem);
  return 0;
}
EOF
  log "=== [$(elapsed) s] probe: $NVCC -o probe probe.cu"
  if ! (cd "$WORK" && timeout 120 "$NVCC" -o probe probe.cu) >"$WORK/probe.build" 2>&1; then
    cat "$WORK/probe.build" >>"$LOG"
    REASON="the device probe did not compile with $NVCC: $(tail -n 2 "$WORK/probe.build" | tr '\n' ' ')"
  else
    timeout 60 "$WORK/probe" >"$WORK/probe.out" 2>&1
    cat "$WORK/probe.out" >>"$LOG"
    pv() { sed -n "s/^$1=//p" "$WORK/probe.out" | head -n 1; }
    if [ -n "$(pv devices)" ]; then
      DEVICE_OK=1
      DEVICE_JSON=$(printf '{"devices":%s,"name":%s,"compute_capability":%s,"sms":%s,"memory_bytes":%s,"runtime":%s,"driver":%s}' \
        "$(pv devices)" "$(js "$(pv name)")" "$(js "$(pv cc)")" "$(pv sms)" "$(pv memory_bytes)" "$(pv runtime)" "$(pv driver)")
      log "gpu-check: device: $(pv name) (compute capability $(pv cc), $(pv sms) SMs)"
    else
      REASON=$(pv error)
      [ -n "$REASON" ] || REASON="the device probe failed: $(tail -n 2 "$WORK/probe.out" | tr '\n' ' ')"
      DEVICE_JSON=$(printf '{"devices":0,"runtime":%s,"driver":%s,"error":%s}' "$(pv runtime || true)" \
        "$(pv driver || true)" "$(js "$REASON")")
      DEVICE_JSON=${DEVICE_JSON//:,/:null,}
      DEVICE_JSON=${DEVICE_JSON//:\}/:null\}}
    fi
  fi
fi
if [ "$DEVICE_OK" = 0 ]; then
  log "gpu-check: no device: $REASON"
  [ "$mode" = nodevice ] || finish no-device 3 "$REASON"
elif [ "$mode" = probe ]; then
  finish device 0 "a CUDA device is present (probe only)"
fi

# --- 2. the pack ---
if [ ${#PACK_MISSING[@]} -gt 0 ]; then
  finish no-pack 4 "the pack $PACK is missing or incomplete (lacks ${PACK_MISSING[*]}): run scripts/gpu-pack.sh here and carry gpu-pack"
fi

# --- 3. configure, build, audit ---
ARCH=${DCRV_CUDA_ARCH:-}
if [ -z "$ARCH" ]; then
  ARCH=$(sed -n 's/^cc=//p' "$WORK/probe.out" 2>/dev/null | head -n 1)
  [ -n "$ARCH" ] || ARCH=90
fi
GEN=()
command -v ninja >/dev/null && GEN=(-G Ninja)
CUDA_ARGS=(-DDCRV_CUDA=ON -DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES="$ARCH")
[ -z "$NVCC" ] && CUDA_ARGS=(-DDCRV_CUDA=OFF)
run_stage configure 120 cmake -S "$ROOT" -B "$BUILD" "${GEN[@]}" -DCMAKE_BUILD_TYPE=Release -DDCRV_GPU_KIT=ON \
  -DDCRV_GPU_PACK="$PACK" "${CUDA_ARGS[@]}"
BUILD_ARGS=()
[ ${#GEN[@]} -gt 0 ] && BUILD_ARGS=(-- -k 0) || BUILD_ARGS=(-- -k)
run_stage build 330 cmake --build "$BUILD" -j "$JOBS" "${BUILD_ARGS[@]}"
run_stage audit 60 "$SELF" --_audit "$BUILD" "$PACK"

TESTS="$BUILD/dcrv_gpu_tests"
BENCHX="$BUILD/dcrv_ensemble_bench"
have() { [ -x "$1" ] || { skip_stage "$2" "$(basename "$1") was not built"; ANY_FAILED=1; return 1; }; }
# --- 4. device checks, most telling first ---
have "$TESTS" kat && run_stage kat 60 "$TESTS" '[cuda][kat]'
have "$TESTS" cuda_vs_cpu && run_stage cuda_vs_cpu 150 "$TESTS" '[cuda][cpu]'
have "$TESTS" ks && run_stage ks 60 "$TESTS" '[cuda][ks]'
PATHS=${DCRV_GPU_BENCH_PATHS:-100000}
CPU_PATHS=$PATHS
[ "$DEVICE_OK" = 0 ] && CPU_PATHS=${DCRV_GPU_BENCH_PATHS:-2000} # no device: the cpu bench only proves it runs
for m in star grpo dpo; do
  have "$BENCHX" "bench_gpu_$m" && run_stage "bench_gpu_$m" 60 "$BENCHX" "$PATHS" 0 "$m" cuda
done
for m in star grpo dpo; do
  have "$BENCHX" "bench_cpu_$m" && run_stage "bench_cpu_$m" 120 "$BENCHX" "$CPU_PATHS" 0 "$m" cpu
done
have "$TESTS" cuda_vs_mpfr && run_stage cuda_vs_mpfr 120 "$TESTS" '[cuda][mpfr]'
have "$TESTS" host_tests && run_stage host_tests 150 "$TESTS" '~[cuda]'

# --- 5. bench, speed-ups, criteria ---
# the 2-core rate of the development machine (path-steps/s), for the criterion "Study A >= 50x the 2-core CPU
# rate of this machine": dcrv_ensemble_bench 2000 2 <method> cpu, kit build, 2026-11-27 (load average 4.5:
# other builds ran beside it, so an idle machine may be faster)
DEV_2CORE=${DCRV_DEV_2CORE:-"star=7.54e6 grpo=3.45e6 dpo=3.11e6"}
if [ -s "$WORK/all-figures.txt" ]; then
  grep 'DCRV-BENCH ' "$WORK/all-figures.txt" >"$WORK/bench.txt" || true
  [ -s "$WORK/bench.txt" ] && BENCH=$(kv_json <"$WORK/bench.txt")
  SPEEDUP=$(awk -v dev="$DEV_2CORE" '
    BEGIN { n = split(dev, d, " "); for (i = 1; i <= n; i++) { split(d[i], kv, "="); ref[kv[1]] = kv[2] } }
    { b = ""; m = ""; r = 0; s = 0; p = 0
      for (i = 1; i <= NF; i++) { split($i, kv, "=")
        if (kv[1] == "backend") b = kv[2]; if (kv[1] == "method") m = kv[2]
        if (kv[1] == "path_steps_per_s") r = kv[2]; if (kv[1] == "seconds") s = kv[2]; if (kv[1] == "paths") p = kv[2] }
      rate[b, m] = r; secs[b, m] = s; paths[b, m] = p; methods[m] = 1 }
    END { printf "["; k = 0
      for (m in methods) {
        g = rate["cuda", m]; c = rate["cpu", m]
        printf "%s{\"method\":\"%s\",\"gpu_path_steps_per_s\":%s,\"cpu_path_steps_per_s\":%s,\"gpu_seconds\":%s,\"gpu_paths\":%s", (k++ ? "," : ""), m, g + 0, c + 0, secs["cuda", m] + 0, paths["cuda", m] + 0
        printf ",\"gpu_over_cpu\":%s", (g > 0 && c > 0) ? sprintf("%.4g", g / c) : "null"
        printf ",\"dev_2core_path_steps_per_s\":%s,\"gpu_over_dev_2core\":%s}", (ref[m] ? ref[m] : "null"), (g > 0 && ref[m] > 0) ? sprintf("%.4g", g / ref[m]) : "null" }
      printf "]" }' "$WORK/bench.txt")
  CRITERIA=$(awk '
    { delete f; for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
    f["stage"] == "cuda_vs_cpu" && f["where"] == "device" { n++; x = f["fraction"] + 0; if (x < 0.99) bad++
      if (n == 1 || x < min) min = x; if (f["final_worst_rel"] + 0 > cw) cw = f["final_worst_rel"] + 0 }
    f["stage"] == "kat" && f["where"] == "device" { kat = (f["philox_kat_ok"] == 3 && f["bits_diff"] == 0 && f["uniform_diff"] == 0 && f["binomial_diff"] == 0 && f["multinomial_diff"] == 0) ? "true" : "false"; nw = f["normal_worst_rel"] }
    f["stage"] == "cuda_vs_mpfr" && f["where"] == "device" { mw = f["worst_rel"]; mp = f["paths"]; me = f["identical_events"] }
    $1 == "DCRV-BENCH" && f["backend"] == "cuda" { g++; if (f["paths"] + 0 >= 100000 && f["seconds"] + 0 < 10) fast++ }
    END {
      printf "{\"device_kat_and_streams_identical\":%s,\"device_normal_worst_rel\":%s,", (kat ? kat : "null"), (nw != "" ? nw : "null")
      printf "\"cuda_vs_cpu_configs\":%d,\"cuda_vs_cpu_min_identical_fraction\":%s,\"cuda_vs_cpu_all_at_least_0.99\":%s,\"cuda_vs_cpu_final_worst_rel\":%s,", n, (n ? min : "null"), (n ? (bad ? "false" : "true") : "null"), (n ? cw : "null")
      printf "\"cuda_vs_mpfr_paths\":%s,\"cuda_vs_mpfr_worst_rel\":%s,\"cuda_vs_mpfr_identical_events\":%s,", (mp != "" ? mp : "null"), (mw != "" ? mw : "null"), (me != "" ? me : "null")
      printf "\"gpu_bench_runs\":%d,\"gpu_bench_1e5_paths_under_10s\":%d}", g, fast }' "$WORK/all-figures.txt")
fi

# --- 6. the verdict ---
if [ "$DEVICE_OK" = 0 ]; then
  [ "$ANY_FAILED" = 0 ] || finish fail 1 "no device ($REASON), and a host stage failed: see stages"
  finish no-device 3 "$REASON (built and ran the host stages without a device: --build-without-device)"
fi
[ "$ANY_FAILED" = 0 ] || finish fail 1 "a stage failed or ran out of time: see stages"
finish pass 0 "every stage passed"
