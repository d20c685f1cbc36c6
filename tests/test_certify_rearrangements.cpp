// Specification of the rearrangement identities of properties/certificates/rearrangements.hpp (issue 20 point
// 5): each family proves as written and is refused when a sign-evident term is dropped (the score would still
// prove, but it would no longer be the paper's expression); the registered certificates carry them, flagged
// (not counted for the scope).
#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/face_gap_piece.hpp"
#include "properties/certificates/rearrangements.hpp"
#include "tests/certify_support.hpp"

using namespace dcrv::certify;
using namespace dcrv::certify::rearrangements;

namespace {
/// Proved as written, refused with the sign-evident term off.
template <class F> void proved_and_refused_off(F family) {
  const auto good = prove_identity(family(false), {});
  INFO(good.message);
  CHECK(good.status == "proved");
  CHECK(good.message.find("typed residual") != std::string::npos); // every residual is typed
  const auto off = prove_identity(family(true), {});
  INFO(off.message);
  CHECK(off.status == "violation");
}

/// The registered certificate of `id` carries `n` rearrangement identities whose label contains `text`.
void carries(const std::string& id, const std::string& text, std::size_t n) {
  const Certificate* c = dcrv::test::certificate_in_build(id);
  if (!c)
    return;
  std::size_t found = 0;
  for (const auto& piece : c->identities)
    if (piece.rearrangement && piece.label.find(text) != std::string::npos)
      ++found;
  INFO(id);
  CHECK(found == n);
}
} // namespace

TEST_CASE("A.eff-floor-is-floor's case identities refuse a dropped -p_i", "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return eff_floor_is_floor_rearrangement(3, off); });
  carries("A.eff-floor-is-floor", "max{p_i, delta*}", 5);
}

TEST_CASE("A.eff-floor-interval's active-set identities refuse a dropped -sum_A p_j",
          "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return eff_floor_interval_rearrangement(3, true, off); });
  proved_and_refused_off([](bool off) { return eff_floor_interval_rearrangement(3, false, off); });
  carries("A.eff-floor-interval", "active set", 10);
}

TEST_CASE("H.ellipticity-lower's rearrangement refuses a dropped (1 - t)(q.v)^2",
          "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return ellipticity_lower_rearrangement(3, off); });
  carries("H.ellipticity-lower", "diag p - p p^T", 3);
}

TEST_CASE("D.logp-range's centred chart refuses a score off by K log K", "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return logp_lower_rearrangement(3, off); });
  carries("D.logp-range", "log(1 + y_k)", 2);
}

TEST_CASE("D.asym-bracket's expm1 form refuses an exponent without its factor 1 - mu",
          "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return asym_bracket_rearrangement(true, off); });
  proved_and_refused_off([](bool off) { return asym_bracket_rearrangement(false, off); });
  carries("D.asym-bracket", "expm1", 2);
}

TEST_CASE("D.phi-l2-sqrtKm1's norm in the chart refuses a dropped L rho^2 s^2", "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return phi_l2_rearrangement(2, off); });
  carries("D.phi-l2-sqrtKm1", "|phi|^2", 6);
}

TEST_CASE("the face-gap chart's log u = 1 - 1/t step refuses a dropped t log u", "[certify][rearrangement]") {
  // face_gap_chart_identities (face_gap_piece.hpp): t(a - b - log u) = 1 - t + t(a - b) at log u = 1 - 1/t;
  // `off` drops the term t log u = t - 1 from the left (the score would still be bounded, not L_K's)
  proved_and_refused_off([](bool off) {
    return rearrangement_identity("t (a - b - log u) = 1 - t + t (a - b) at log u = 1 - 1/t", 3, 2,
                                  [off](const std::vector<Exact>& y, const RationalConstants&) {
                                    const Exact &t = y[0], &a = y[1], &b = y[2], logu = 1 - 1 / t;
                                    const Exact lhs = off ? Exact(t * (a - b)) : Exact(t * (a - b - logu));
                                    return lhs - (1 - t + t * (a - b));
                                  });
  });
  for (const auto& piece : face_gap_chart_identities()) {
    INFO(piece.label);
    CHECK(piece.rearrangement);
    CHECK(prove_identity(piece, {}).status == "proved");
  }
  for (const char* id :
       {"F.lk-positive", "G.op-lk-positive", "G.ls-positive~open", "H.LK-positive", "F.compat-lk-le-log"}) {
    carries(id, "(K-1) delta = (1 - sigma) u", 1);
    carries(id, "at log u = 1 - 1/t", 1);
  }
}

TEST_CASE("G.meanlog-lower's x = S p form refuses a score with -c log S", "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return meanlog_rearrangement(3, off); });
  carries("G.meanlog-lower", "x = S p", 2);
}

TEST_CASE("H.noise-variance-bound's chart refuses |p - 1/K|^2 without (sum a)^2",
          "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return noise_variance_rearrangement(4, off); });
  carries("H.noise-variance-bound", "|p - 1/K|^2", 7);
}

TEST_CASE("the identities that are steps to a score are flagged, the claim's own are not",
          "[certify][rearrangement]") {
  carries("F.lf-strict", "(S1)", 1);
  carries("F.zstar-lower-2g0", "(S", 2);
  carries("B.clip-floor", ", A = {", 28);
  carries("H.neg-entropy-floor", "(A) ", 7);
  // F.g-derivative's jet is the claim's formula: it still counts, (S1) beside it is a step
  if (const Certificate* c = dcrv::test::certificate_in_build("F.g-derivative"))
    for (const auto& piece : c->identities) {
      INFO(piece.label);
      CHECK(piece.rearrangement == (piece.label.rfind("(S1)", 0) == 0));
    }
}

TEST_CASE("A.shah-gradient-replicator's metric bound refuses a score without its -p_i",
          "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return shah_metric_rearrangement(3, off); });
  carries("A.shah-gradient-replicator", "g_p(v,v) = sum v_i^2/p_i", 5);
}

TEST_CASE("D.flow-Y-inequality's chart and centred chart refuse a dropped term", "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return flow_y_face_rearrangement(2, 1, off); });
  proved_and_refused_off([](bool off) { return flow_y_coef_rearrangement(3, off); });
  carries("D.flow-Y-inequality", "-phi_k - a", 5);
  carries("D.flow-Y-inequality", "b log K", 2);
}

TEST_CASE("C.degenerate-floor's cases refuse the bound without (K - 1)(1/K - min p)",
          "[certify][rearrangement]") {
  proved_and_refused_off([](bool off) { return degenerate_floor_rearrangement(4, off); });
  carries("C.degenerate-floor", "(argmax, argmin)", 5);
}
