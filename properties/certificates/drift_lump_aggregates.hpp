// properties/certificates/drift_lump_aggregates.hpp — the dimension-free (aggregate) identities of the App. F
// drift and App. G lump certificates (issue 20 point 8): an identity in the few coordinates a claim's formula
// touches plus the aggregates (⟨p, f⟩, ⟨p, log p⟩, class sums Σ_{C_k} p φ, q_k, m_k, ρ, S⁽²⁾, …) as free
// variables, so it holds for every K (S). Exposed so that the tests can check each one proves, and is refused
// with one term changed (`off`: a sign flip of one aggregate or a dropped term).
#pragma once

#include <string>
#include <vector>

#include "dcrv/certify/exact_identity.hpp"

namespace dcrv::certify::aggregates {

/// The aggregate identities of the App. F drift certificate of `claim` (F.phi-centered, F.mass-conservation,
/// F.face-drift, F.face-test-iff, F.zik-ode, F.zij-ode, F.replicator-form, F.jphi-formula, F.e-jacobian);
/// empty for another claim. `off`: one term changed, so each must be refused.
std::vector<IdentityPiece> f_drift(const std::string& claim, bool off = false);

/// The aggregate identities of the App. G lump certificate of `claim` (properties/certificates/
/// G_lump_certificates.cpp); empty for another claim.
std::vector<IdentityPiece> g_lump(const std::string& claim, bool off = false);

/// G.op1-star-phii-bound, G.op1-star-phic-bound: the pair sum for every number of masses, by induction: with
/// ρ = Σy, S⁽²⁾ = Σy², P = Σ_{c<c'} y_c y_c' of n masses and one more mass y (ρ + y, S⁽²⁾ + y², P + yρ),
/// (S⁽²⁾ − ρ²) + 2P is unchanged; at n = 1 it is 0 (the K_C = 1 pieces), so S⁽²⁾ − ρ² = −2P for every n.
/// Variables (ρ, S⁽²⁾, P, y). `off`: P + yρ read as P.
inline IdentityPiece pair_sum_step(bool off = false) {
  return exact_identity("every K_C (induction step): S2 - rho^2 = -2 sum_{c < c'} y_c y_c'", 4, 2,
                        [off](const std::vector<Exact>& x, const RationalConstants&) -> Exact {
                          const Exact &rho = x[0], &s2 = x[1], &P = x[2], &y = x[3];
                          const Exact rho1 = rho + y, s21 = s2 + y * y, P1 = off ? P : Exact(P + y * rho);
                          return ((s21 - rho1 * rho1) + 2 * P1) - ((s2 - rho * rho) + 2 * P);
                        });
}

} // namespace dcrv::certify::aggregates
