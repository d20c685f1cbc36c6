// properties/certificates/aggregates.hpp — the dimension-free (aggregate) identities of the App. F drift
// and App. G lump certificates (issue 20 point 8): an identity in the few coordinates a claim's formula
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

} // namespace dcrv::certify::aggregates
