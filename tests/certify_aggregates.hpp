// tests/certify_aggregates.hpp — the one specification every certificate made whole by a dimension-free
// (aggregate) argument shares (issue 20 point 8; the identities live in properties/certificates/
// aggregates.hpp (A, C, I, M), B_every_s.hpp, star_aggregate.hpp (D), aggregate_identities.hpp (E, H) and
// drift_lump_aggregates.hpp (F, G)): each aggregate identity proves with the certificate's exact constants
// and is refused with one term changed (a sign flip of one aggregate, a dropped term); the registered
// certificate carries it (same label, same rearrangement flag); the certificate has a reduction that extends
// a range of the paper's domain and is whole, with no gap.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "tests/certify_support.hpp"

namespace dcrv::test {

namespace aggregates_detail {
inline std::vector<certify::IdentityPiece> as_list(certify::IdentityPiece piece) {
  return {std::move(piece)};
}
inline std::vector<certify::IdentityPiece> as_list(std::vector<certify::IdentityPiece> pieces) {
  return pieces;
}
} // namespace aggregates_detail

/// `family(false)`: the aggregate identities (one piece or a list) of certificate `id`; `family(true)`: the
/// same with one term changed. Skipped where the certificate is not in a partial build.
template <class Family> void aggregate_identities_make_whole(const std::string& id, Family family) {
  const certify::Certificate* c = certificate_in_build(id);
  if (!c)
    return;
  INFO(id);
  const auto k = exact_constants(*c);
  const std::vector<certify::IdentityPiece> good = aggregates_detail::as_list(family(false)),
                                            off = aggregates_detail::as_list(family(true));
  REQUIRE_FALSE(good.empty());
  REQUIRE(off.size() == good.size());
  for (std::size_t i = 0; i < good.size(); ++i) {
    INFO(good[i].label);
    const auto proved = certify::prove_identity(good[i], k);
    INFO(proved.message);
    CHECK(proved.status == "proved");
    const auto refused = certify::prove_identity(off[i], k);
    INFO(refused.message);
    CHECK(refused.status != "proved");
    bool carried = false;
    for (const auto& piece : c->identities)
      carried = carried || (piece.label == good[i].label && piece.rearrangement == good[i].rearrangement);
    CHECK(carried);
  }
  bool extends = false;
  for (const auto& r : c->reductions)
    extends = extends || !r.extends.empty();
  CHECK(extends);
  CHECK(c->scope.whole);
  CHECK(c->scope.gap.empty());
  CHECK(c->scope.summary == "the whole domain");
}

} // namespace dcrv::test
