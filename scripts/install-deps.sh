#!/usr/bin/env bash
# Installs dcrv's Debian build/test/report dependencies. Idempotent: packages already
# present are skipped, and apt is not touched at all when nothing is missing.
# Usage: scripts/install-deps.sh [--no-latex]
set -euo pipefail
want_latex=1
for a in "$@"; do
  case "$a" in
    --no-latex) want_latex=0 ;;
    -h|--help) echo "usage: $0 [--no-latex]"; exit 0 ;;
    *) echo "install-deps: unknown option '$a'" >&2; exit 2 ;;
  esac
done
pkgs=(build-essential cmake pkg-config libboost-dev libmpfr-dev libmpfi-dev libgmp-dev libeigen3-dev
      catch2 librapidcheck-dev librandom123-dev nlohmann-json3-dev libcli11-dev)
if [ "$want_latex" = 1 ]; then
  pkgs+=(texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-pictures latexmk)
fi
missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#pkgs[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
