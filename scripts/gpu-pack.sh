#!/usr/bin/env bash
# scripts/gpu-pack.sh [PACK_DIR] — packs the Debian dependencies of the GPU check kit (issue 23) into one
# folder (default: gpu-pack/ at the repository root, ignored by git) that travels with the working tree to the
# GPU machine, which has nvcc, CMake and ninja but none of them and no network. Run it here, on Debian 12
# (x86-64), as root or with the packages' .deb files downloadable (apt-get download needs the Debian mirror).
#
#   1. `apt-get download` the packages below (the installed version when there is one, so that the pack holds
#      the headers this machine's build uses; else the candidate), unpack each with dpkg-deb -x;
#   2. configure the kit (DCRV_GPU_KIT=ON, scripts/gpu-kit.cmake) against the untrimmed unpacked tree and
#      preprocess every compile command of the kit (g++ -M, nvcc -M) to find the headers it includes;
#   3. keep those headers (whole directories for Random123, nlohmann, Eigen, boost/config and boost/predef,
#      which a different compiler version could read differently), the static libraries and a manifest;
#   4. verify: configure the kit against the trimmed pack and preprocess again — every compile command
#      succeeds and no header of a packed library comes from the system's /usr/include; the pack is at most
#      40 MiB.
#
# Layout: include/ (boost/ subset, eigen3/Eigen/, nlohmann/, Random123/, catch2/catch.hpp, mpfr.h, gmp.h,
# mpfi.h, …), lib/ (libmpfi.a, libmpfr.a, libgmp.a), MANIFEST.tsv (package, version, .deb bytes, bytes kept),
# HEADERS.txt (the headers the kit's sources include). Exit status: 0 packed and verified; 1 a step failed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PACK=$(realpath -m "${1:-$ROOT/gpu-pack}")
LIMIT_BYTES=$((40 * 1024 * 1024))
PKGS=(libboost1.74-dev libeigen3-dev nlohmann-json3-dev libmpfr-dev libgmp-dev libmpfi-dev libmpfi-dev-common
      librandom123-dev catch2)
# headers of the packed libraries, as the system has them: none may be used by the kit's build
SYSTEM_LEAK='^/usr/include/(boost|eigen3|nlohmann|Random123|catch2)/|^/usr/include/(x86_64-linux-gnu/)?(mpfr|mpf2mpfr|gmp|gmpxx|mpfi|mpfi_io)\.h$'

t0=$(date +%s)
say() { echo "gpu-pack: $*"; }
die() { echo "gpu-pack: error: $*" >&2; exit 1; }
[ "$(uname -m)" = x86_64 ] || die "the GPU machine is x86-64: run this on an x86-64 Debian machine"
for tool in apt-get dpkg-deb dpkg-query cmake python3; do
  command -v "$tool" >/dev/null || die "$tool is needed"
done
work=$(mktemp -d /tmp/dcrv-gpu-pack.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debs" "$work/pkg"

# --- 1. download and unpack ---
updated=0
for p in "${PKGS[@]}"; do
  ver=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
  spec="$p${ver:+=$ver}"
  if ! (cd "$work/debs" && apt-get download -q "$spec" >/dev/null 2>&1); then
    if [ "$updated" = 0 ]; then
      say "apt-get download $spec failed: apt-get update, then again"
      apt-get update -qq || true
      updated=1
    fi
    (cd "$work/debs" && apt-get download -q "$spec" >/dev/null 2>&1) ||
      (cd "$work/debs" && apt-get download -q "$p" >/dev/null) || die "apt-get download $p failed"
  fi
done
for deb in "$work"/debs/*.deb; do
  name=$(dpkg-deb -f "$deb" Package)
  mkdir -p "$work/pkg/$name"
  dpkg-deb -x "$deb" "$work/pkg/$name"
done
say "downloaded and unpacked ${#PKGS[@]} packages ($(du -cb "$work"/debs/*.deb | tail -1 | cut -f1) bytes of .deb)"

# --- the untrimmed tree in the pack's layout ---
full="$work/full"
mkdir -p "$full/include" "$full/lib"
inc_of() { echo "$work/pkg/$1/usr/include"; }
lib_of() { echo "$work/pkg/$1/usr/lib/x86_64-linux-gnu"; }
cp -al "$(inc_of libboost1.74-dev)/boost" "$full/include/"
cp -al "$(inc_of libeigen3-dev)/eigen3" "$full/include/"
cp -al "$(inc_of nlohmann-json3-dev)/nlohmann" "$full/include/"
cp -al "$(inc_of librandom123-dev)/Random123" "$full/include/"
mkdir -p "$full/include/catch2"
cp -al "$(inc_of catch2)/catch2/catch.hpp" "$full/include/catch2/"
cp -al "$(inc_of libmpfr-dev)"/mpfr.h "$(inc_of libmpfr-dev)"/mpf2mpfr.h "$full/include/"
cp -al "$(inc_of libgmp-dev)"/x86_64-linux-gnu/gmp.h "$(inc_of libgmp-dev)"/gmpxx.h "$full/include/"
cp -al "$(inc_of libmpfi-dev-common)"/mpfi.h "$(inc_of libmpfi-dev-common)"/mpfi_io.h "$full/include/"
cp -al "$(lib_of libmpfi-dev)/libmpfi.a" "$(lib_of libmpfr-dev)/libmpfr.a" "$(lib_of libgmp-dev)/libgmp.a" \
  "$full/lib/"
printf 'package\tversion\n' >"$full/MANIFEST.tsv" # replaced below; the kit's configure wants one

# --- 2. the headers the kit's sources include: every compile command of the kit, preprocessed with -M ---
# prints the absolute paths of the headers (one a line), fails when a command fails
kit_headers() { # PACK_DIR BUILD_DIR
  local nvcc=() gen=()
  command -v ninja >/dev/null && gen=(-G Ninja)
  if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
    nvcc=(-DDCRV_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90)
  else
    say "no nvcc here: the CUDA sources are not preprocessed (Random123 is packed whole)" >&2
    nvcc=(-DDCRV_CUDA=OFF)
  fi
  cmake -S "$ROOT" -B "$2" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DDCRV_GPU_KIT=ON -DDCRV_GPU_PACK="$1" \
    "${nvcc[@]}" >"$2.configure.log" 2>&1 || { cat "$2.configure.log" >&2; return 1; }
  python3 - "$2/compile_commands.json" <<'EOF'
import json, os, re, shlex, subprocess, sys
failed = 0
seen = set()
for e in json.load(open(sys.argv[1])):
    args = e["arguments"] if "arguments" in e else shlex.split(e["command"])
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD") or a.startswith("-o"):
            continue
        out.append(a)
    out.insert(1, "-M")
    r = subprocess.run(out, cwd=e["directory"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write("preprocessing failed: %s\n%s\n" % (e["file"], r.stderr[-4000:]))
        failed += 1
        continue
    text = r.stdout.replace("\\\n", " ")
    text = text.split(":", 1)[1] if ":" in text else text
    for tok in re.split(r"(?<!\\)\s+", text):
        tok = tok.replace("\\ ", " ").strip()
        if tok:
            seen.add(os.path.normpath(os.path.join(e["directory"], tok)))
for h in sorted(seen):
    print(h)
sys.exit(1 if failed else 0)
EOF
}
kit_headers "$full" "$work/build-full" >"$work/headers-full.txt" || die "preprocessing the kit against the untrimmed packages failed"
n_used=$(grep -c "^$full/include/" "$work/headers-full.txt" || true)
say "the kit's sources include $n_used headers of the packed libraries"

# --- 3. the trimmed pack ---
new="$PACK.new"
rm -rf "$new"
mkdir -p "$new/include" "$new/lib"
grep "^$full/include/" "$work/headers-full.txt" | sed "s|^$full/include/||" >"$work/used.txt"
keep_whole=(Random123 nlohmann eigen3/Eigen eigen3/signature_of_eigen3_matrix_library boost/config boost/predef
            boost/version.hpp boost/config.hpp catch2/catch.hpp mpfr.h mpf2mpfr.h gmp.h gmpxx.h mpfi.h mpfi_io.h)
(cd "$full/include" && { cat "$work/used.txt"; printf '%s\n' "${keep_whole[@]}"; } | sort -u |
  while IFS= read -r f; do
    [ -e "$f" ] || continue
    mkdir -p "$new/include/$(dirname "$f")"
    cp -r "$f" "$new/include/$(dirname "$f")/"
  done)
cp "$full"/lib/*.a "$new/lib/"
sed "s|^|include/|" "$work/used.txt" >"$new/HEADERS.txt"

# manifest: package, version, bytes of the .deb, bytes kept in the pack from it
{
  printf '# made by scripts/gpu-pack.sh on %s from %s (%s); kit sources of commit %s\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(. /etc/os-release && echo "$PRETTY_NAME")" "$(uname -m)" \
    "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  printf 'package\tversion\tdeb_bytes\tkept_bytes\n'
  for deb in "$work"/debs/*.deb; do
    name=$(dpkg-deb -f "$deb" Package)
    version=$(dpkg-deb -f "$deb" Version)
    kept=0
    while IFS= read -r -d '' f; do
      rel=${f#"$work/pkg/$name/usr/"}
      case "$rel" in
        include/x86_64-linux-gnu/gmp.h) rel=include/gmp.h ;;
        lib/x86_64-linux-gnu/*.a) rel=lib/${rel##*/} ;;
      esac
      [ -f "$new/$rel" ] && kept=$((kept + $(stat -c %s "$new/$rel")))
    done < <(find "$work/pkg/$name/usr" -type f -print0)
    printf '%s\t%s\t%s\t%s\n' "$name" "$version" "$(stat -c %s "$deb")" "$kept"
  done
} >"$new/MANIFEST.tsv"

# --- 4. verify the trimmed pack ---
kit_headers "$new" "$work/build-pack" >"$work/headers-pack.txt" ||
  die "preprocessing the kit against the trimmed pack failed (a header was trimmed that is needed)"
leaks=$(grep -E "$SYSTEM_LEAK" "$work/headers-pack.txt" || true)
[ -z "$leaks" ] || die "headers of packed libraries came from the system, not the pack:
$leaks"
from_pack=$(grep -c "^$new/include/" "$work/headers-pack.txt" || true)
bytes=$(du -sb "$new" | cut -f1)
[ "$bytes" -le "$LIMIT_BYTES" ] || die "the pack is $bytes bytes, over the limit of $LIMIT_BYTES (40 MiB)"
rm -rf "$PACK"
mv "$new" "$PACK"
say "verified: all $from_pack headers of packed libraries that the kit includes come from the pack, none from /usr/include"
say "$PACK: $bytes bytes ($(awk "BEGIN{printf \"%.1f\", $bytes/1048576}") MiB, limit 40 MiB), $(find "$PACK" -type f | wc -l) files, $(($(date +%s) - t0)) s"
column -t -s $'\t' <(grep -v '^#' "$PACK/MANIFEST.tsv")
