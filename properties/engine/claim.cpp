#include "properties/engine/claim.hpp"

#include <cmath>
#include <stdexcept>

namespace dcrv {

std::string to_string(Kind k) {
  switch (k) {
  case Kind::identity:
    return "identity";
  case Kind::bound:
    return "bound";
  case Kind::sharpness:
    return "sharpness";
  case Kind::dynamic:
    return "dynamic";
  case Kind::equilibrium:
    return "equilibrium";
  case Kind::stochastic:
    return "stochastic";
  case Kind::structural:
    return "structural";
  case Kind::empirical:
    return "empirical";
  }
  return "?";
}
std::string to_string(Status s) {
  switch (s) {
  case Status::certified:
    return "certified";
  case Status::verified:
    return "verified";
  case Status::falsified:
    return "falsified";
  case Status::inconclusive:
    return "inconclusive";
  case Status::unchecked:
    return "unchecked";
  case Status::not_checkable:
    return "not-checkable";
  case Status::underspecified:
    return "underspecified";
  }
  return "?";
}
std::string to_string(Role r) {
  switch (r) {
  case Role::upper:
    return "upper";
  case Role::lower:
    return "lower";
  case Role::exact:
    return "exact";
  }
  return "?";
}
std::string to_string(Range r) {
  switch (r) {
  case Range::any:
    return "any";
  case Range::non_negative:
    return ">= 0";
  case Range::positive:
    return "> 0";
  case Range::non_positive:
    return "<= 0";
  case Range::negative:
    return "< 0";
  case Range::unit_closed:
    return "[0, 1]";
  case Range::unit_open:
    return "(0, 1)";
  case Range::count:
    return "integer >= 1";
  }
  return "?";
}
bool in_range(Range r, double v) {
  if (!std::isfinite(v))
    return false;
  switch (r) {
  case Range::any:
    return true;
  case Range::non_negative:
    return v >= 0;
  case Range::positive:
    return v > 0;
  case Range::non_positive:
    return v <= 0;
  case Range::negative:
    return v < 0;
  case Range::unit_closed:
    return v >= 0 && v <= 1;
  case Range::unit_open:
    return v > 0 && v < 1;
  case Range::count:
    return v >= 1 && v == std::floor(v);
  }
  return false;
}
Range default_range(double paper_value, Role role) {
  if (role != Role::exact)
    return Range::any;
  return paper_value > 0 ? Range::non_negative : paper_value < 0 ? Range::non_positive : Range::any;
}

std::string to_string(Budget b) {
  switch (b) {
  case Budget::smoke:
    return "smoke";
  case Budget::standard:
    return "standard";
  case Budget::deep:
    return "deep";
  }
  return "?";
}
Kind kind_from_string(const std::string& s) {
  for (Kind k : {Kind::identity, Kind::bound, Kind::sharpness, Kind::dynamic, Kind::equilibrium,
                 Kind::stochastic, Kind::structural, Kind::empirical})
    if (to_string(k) == s)
      return k;
  throw std::invalid_argument("unknown claim kind '" + s + "'");
}
Status status_from_string(const std::string& s) {
  for (Status k : {Status::certified, Status::verified, Status::falsified, Status::inconclusive,
                   Status::unchecked, Status::not_checkable, Status::underspecified})
    if (to_string(k) == s)
      return k;
  throw std::invalid_argument("unknown status '" + s + "'");
}
Budget budget_from_string(const std::string& s) {
  for (Budget b : {Budget::smoke, Budget::standard, Budget::deep})
    if (to_string(b) == s)
      return b;
  throw std::invalid_argument("unknown budget '" + s + "' (smoke, standard, deep)");
}
int status_rank(Status s) {
  switch (s) {
  case Status::certified:
    return 6;
  case Status::verified:
    return 5;
  case Status::not_checkable:
    return 4;
  case Status::underspecified:
    return 3;
  case Status::inconclusive:
    return 2;
  case Status::unchecked:
    return 1;
  case Status::falsified:
    return 0;
  }
  return 0;
}

BudgetSizes sizes_for(Budget b) {
  switch (b) {
  case Budget::smoke:
    return {240, 3, 40, 10, 24, 8, 12, 60.0};
  case Budget::standard:
    return {3000, 12, 150, 12, 64, 64, 48, 240.0};
  case Budget::deep:
    return {40000, 48, 400, 16, 256, 1024, 256, 1800.0};
  }
  return {240, 3, 40, 10, 24, 8, 12, 60.0};
}

namespace {
std::vector<ClaimSource>& factories() {
  static std::vector<ClaimSource> f;
  return f;
}
} // namespace
int register_claim_factory(ClaimFactory f, const char* file) {
  factories().push_back({f, file});
  return static_cast<int>(factories().size());
}
const std::vector<ClaimSource>& claim_factories() {
  return factories();
}

const ConstantSpec* Claim::find_constant(const std::string& name) const {
  for (const auto& c : constants)
    if (c.name == name)
      return &c;
  return nullptr;
}

double Context::constant(const std::string& name) const {
  if (auto it = overrides.find(name); it != overrides.end())
    return it->second;
  if (claim)
    if (const auto* c = claim->find_constant(name))
      return c->value;
  throw std::invalid_argument("claim has no constant '" + name + "'");
}

mpfr Context::constant_mp(const std::string& name) const {
  if (auto it = overrides.find(name); it != overrides.end())
    return mpfr(it->second);
  if (claim)
    if (const auto* c = claim->find_constant(name))
      return c->exact_value ? c->exact_value() : mpfr(c->value);
  throw std::invalid_argument("claim has no constant '" + name + "'");
}

std::mt19937_64 Context::rng(std::uint64_t stream) const {
  // FNV-1a of the claim ID, mixed with the seed and the stream: independent of run order.
  std::uint64_t h = 1469598103934665603ull;
  if (claim)
    for (unsigned char ch : claim->id)
      h = (h ^ ch) * 1099511628211ull;
  std::seed_seq seq{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                    static_cast<std::uint32_t>(h), static_cast<std::uint32_t>(h >> 32),
                    static_cast<std::uint32_t>(stream)};
  return std::mt19937_64(seq);
}

} // namespace dcrv
