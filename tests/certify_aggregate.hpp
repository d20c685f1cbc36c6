// tests/certify_aggregate.hpp — the one specification of a dimension-free (aggregate) identity of a
// certificate (issue 20, round 3; properties/certificates/aggregate_identities.hpp): the identity proves, the
// registered certificate carries it (flagged a rearrangement, with a Reduction extending the dimension) and
// is whole with no gap, and the identity with one term changed (off = true) is refused.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "dcrv/certify/certificate.hpp"
#include "tests/certify_support.hpp"

namespace dcrv::test {

/// `family(false)` proves (with the certificate's exact constants), certificate `id` carries an identity of
/// the same label and is whole, and `family(true)` is refused.
template <class F> void aggregate_identity_makes_whole(const std::string& id, F family) {
  const certify::Certificate* c = certificate_in_build(id);
  if (!c)
    return;
  INFO(id);
  const certify::IdentityPiece good = family(false);
  const auto k = exact_constants(*c);
  const auto proved = certify::prove_identity(good, k);
  INFO(proved.message);
  CHECK(proved.status == "proved");
  bool carried = false;
  for (const auto& piece : c->identities)
    carried = carried || (piece.rearrangement && piece.label == good.label);
  CHECK(carried);
  CHECK(c->scope.whole);
  CHECK(c->scope.gap.empty());
  CHECK_FALSE(c->scope.reductions.empty());
  const auto off = certify::prove_identity(family(true), k);
  INFO(off.message);
  CHECK(off.status != "proved");
}

} // namespace dcrv::test
