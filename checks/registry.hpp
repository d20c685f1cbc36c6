// checks/registry.hpp — the claim registry: every inventory ID, plus dcrv's extra readings.
#pragma once
#include <string>
#include <vector>

#include "properties/engine/claim.hpp"

namespace dcrv {

/// One row of the committed inventory (checks/inventory.tsv, imported from ../shared/claims).
struct InventoryEntry {
  std::string id, kind, where, constants;
  bool ambiguity = false;
};
const std::vector<InventoryEntry>& inventory();

class Registry {
public:
  /// All claims: inventory order first (implemented or `unchecked`), then extra readings.
  static const Registry& instance();
  const std::vector<Claim>& claims() const { return claims_; }
  const Claim* find(const std::string& id) const;
  /// IDs matching a glob (`*`, `?`), in registry order.
  std::vector<const Claim*> match(const std::string& glob) const;
  /// Up to n registered IDs closest to `id` (edit distance), for error messages.
  std::vector<std::string> near_matches(const std::string& id, std::size_t n = 3) const;

private:
  Registry();
  std::vector<Claim> claims_;
};

bool glob_match(const std::string& pattern, const std::string& s);
std::size_t edit_distance(const std::string& a, const std::string& b);

} // namespace dcrv
