// tests/certify_aggregates.hpp — the specification every certificate made whole by the dimension-free
// (aggregate) argument shares (issue 20 point 8; properties/certificates/drift_lump_aggregates.hpp): its aggregate
// identities are the registered ones and prove, the certificate is whole with no gap, and each identity with
// one term changed (a sign flip of one aggregate or a dropped term) is refused.
#pragma once

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "tests/certify_support.hpp"

namespace dcrv::test {

/// `build(claim, off)`: the aggregate identities of `claim` (off = one term changed).
template <class Build> void whole_by_aggregates(const std::string& id, Build build) {
  const certify::Certificate* c = certificate_in_build(id);
  if (!c)
    return;
  INFO(id);
  const std::vector<certify::IdentityPiece> good = build(id, false), off = build(id, true);
  REQUIRE_FALSE(good.empty());
  REQUIRE(off.size() == good.size());
  std::size_t registered = 0; // the certificate carries exactly these (same labels), not rearrangements
  for (const auto& piece : c->identities)
    for (const auto& g : good)
      if (piece.label == g.label && !piece.rearrangement && piece.dims.empty())
        ++registered;
  CHECK(registered == good.size());
  for (std::size_t i = 0; i < good.size(); ++i) {
    INFO(good[i].label);
    const auto proved = certify::prove_identity(good[i], exact_constants(*c));
    INFO(proved.message);
    CHECK(proved.status == "proved");
    const auto refused = certify::prove_identity(off[i], exact_constants(*c));
    INFO(refused.message);
    CHECK(refused.status != "proved");
  }
  CHECK(c->scope.whole);
  CHECK(c->scope.gap.empty());
  CHECK_FALSE(c->reductions.empty());
}

} // namespace dcrv::test
