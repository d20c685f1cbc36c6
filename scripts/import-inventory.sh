#!/usr/bin/env bash
# Regenerates checks/inventory.tsv from the claims inventory (../shared/claims/*.md by default).
# Columns: id, kind, where, constants, ambiguity (1 when the entry carries "note: ambiguity").
# The TSV is committed so that dcrv builds and runs without ../shared.
set -euo pipefail
src=${1:-"$(dirname "$0")/../../shared/claims"}
out="$(dirname "$0")/../checks/inventory.tsv"
order="M_A_C B D_E F_G H_I J"
{
  printf 'id\tkind\twhere\tconstants\tambiguity\n'
  for part in $order; do
    awk '
      function flush() { if (id != "") { gsub(/\t/, " ", where); gsub(/\t/, " ", consts);
                          printf "%s\t%s\t%s\t%s\t%d\n", id, kind, where, consts, amb } }
      /^## [A-Z]\./ { flush(); id = substr($0, 4); kind = ""; where = ""; consts = ""; amb = 0; next }
      /^- kind:/ { kind = substr($0, 9) }
      /^- where:/ { where = substr($0, 10) }
      /^- constants:/ { consts = substr($0, 14) }
      /ambiguity/ { if (id != "") amb = 1 }
      END { flush() }' "$src/$part.md"
  done
} > "$out"
echo "wrote $(($(wc -l < "$out") - 1)) claims to $out"
