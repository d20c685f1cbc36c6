// checks/registry.hpp — the claim registry: every inventory ID, plus dcrv's extra readings.
#pragma once
#include <string>
#include <vector>

#include "checks/claim.hpp"

namespace dcrv {

/// One row of the committed inventory (checks/inventory.tsv, imported from ../shared/claims).
struct InventoryEntry {
  std::string id, kind, where, constants;
  bool ambiguity = false;
};
const std::vector<InventoryEntry>& inventory();

using ClaimFactory = Claim (*)();
/// Called by DCRV_CLAIM at static-initialisation time; claims translation units are linked as objects.
int register_claim_factory(ClaimFactory f, const char* file);

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

/// Defines a claim factory `fn` and registers it. Use once per claim, next to its paper reference:
///   DCRV_CLAIM(loewner_upper) { return forall("B.loewner-upper")....; }
#define DCRV_CLAIM(fn)                                                                                       \
  static ::dcrv::Claim fn();                                                                                 \
  [[maybe_unused]] static const int fn##_registered = ::dcrv::register_claim_factory(&fn, __FILE__);        \
  static ::dcrv::Claim fn()
