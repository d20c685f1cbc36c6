// Certificates of App. E claims about the GRPO–SRCT drift at a point (properties/E_grpo_thresholds.cpp):
// the pointwise identities of the drift and of the log-ratio dynamics, the facet drift, Ψ and its inverse,
// and the trimmed-simplex bound on ‖diag p‖.
//
// The drift is F = p ⊙ r, r = γ̂ − ε(log p − ⟨log p⟩), ⟨log p⟩ = Σ_j p_j log p_j, γ̂ the closed form
// (Σ_I p)h_G on C, −(Σ_C p)h_G on I (dcrv/scores/grpo.hpp: rate, drift, centered_score). The identities are
// proved by exact rational evaluation (certify/exact_identity.hpp) with the transcendental parts as
// independent variables: h_G(ρ) = H (it enters only as a common factor of the score), log p_j = L_j (the
// identities hold with L free, so in particular for L_j = log p_j), ε free; p = (x, 1 − Σx) on the plane
// Σp = 1, which contains the simplex. A vector identity is one piece whose typed residual returns its
// components (zero on the grid iff every component is, and each component obeys the degree bound).
#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/aggregate_identities.hpp"
#include "properties/certificates/grpo_exact.hpp"
#include "properties/certificates/rearrangements.hpp"

namespace dcrv::certify {
namespace {

using namespace grpo_exact;

constexpr int kMaxDriftK = 3; // the drift identities have 2K + 1 variables: 3^7 or 4^7 grid points at K = 3

const char* kFreeVariables = "variables x (p = (x, 1 - sum x) on the plane sum p = 1), H = h_G(rho), eps and "
                             "L_j = log p_j, all independent (the identity holds with them free, so for "
                             "every G, eps and p in the open simplex)";

// App. E §Drift: Σ_k F_k(p) = 0.
DCRV_CERTIFICATE(drift_mass) {
  Certificate c;
  c.claim = "E.drift-mass";
  c.domain = covered_up_to("K", kMaxDriftK,
                           ", every 0 <= K_C <= K, every G, every eps, every p in the open simplex");
  c.method = std::string(kFreeVariables) + "; sum_k p_k r_k has degree <= 2 in each variable: zero on the "
                                           "3^(2K+1) grid";
  add_class_split_identities<DriftPoint>(c, kMaxDriftK, Splits::every, 2,
                                         [](int kc, const DriftPoint& d) -> Exact {
                                           Exact s(0);
                                           for (const auto& f : drift_exact(kc, d.p, d.H, d.eps, d.L))
                                             s += f;
                                           return s;
                                         });
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2 (and every K_C, G, eps, p)
  c.identities.push_back(aggregate::drift_mass_every_k());
  c.reductions.push_back(
      {"sum_k F_k is a sum over the classes of p_k r_k, and r_k depends on the other coordinates only "
       "through rho = sum_C p, sigma = sum_I p (the closed-form score sigma H on C, -rho H on I) and m_L = "
       "<p, L>: summed, rho sigma H - sigma rho H - eps(m_L - m_L(rho + sigma)) = (rho + sigma - 1) eps m_L "
       "for every real rho, sigma, m_L (checked), 0 on sum p = 1, for every K (the term-by-term identity "
       "checked for K = 2..3)",
       {"K"}});
  return c;
}

// App. E §Log-ratio dynamics: F_i/p_i − F_j/p_j = γ̂_i − γ̂_j − ε log(p_i/p_j), γ̂ from its definition.
DCRV_CERTIFICATE(logratio_ode) {
  Certificate c;
  c.claim = "E.logratio-ode";
  c.domain = covered_up_to(
      "K", kMaxDriftK,
      ", every 0 <= K_C <= K, every pair i != j, every G, every eps, every p in the open simplex");
  c.method = std::string(kFreeVariables) +
             "; F_i/p_i - F_j/p_j - ((raw_i - rho H) - (raw_j - rho H) - eps(L_i - L_j)), times p_i p_j a "
             "polynomial of degree <= 3 in each variable: zero on the 4^(2K+1) grid (p > 0 there)";
  add_class_split_identities<DriftPoint>(
      c, kMaxDriftK, Splits::every, 3, [](int kc, const DriftPoint& d) -> XVec {
        const std::vector<Exact> F = drift_exact(kc, d.p, d.H, d.eps, d.L);
        const Exact mean = correct_mass(kc, d.p) * d.H;
        auto raw = [&](std::size_t k) { return static_cast<int>(k) < kc ? d.H : Exact(0); };
        std::vector<Exact> r;
        for (std::size_t i = 0; i < d.p.size(); ++i)
          for (std::size_t j = 0; j < d.p.size(); ++j)
            if (i != j)
              r.push_back(F[i] / d.p[i] - F[j] / d.p[j] -
                          ((raw(i) - mean) - (raw(j) - mean) - d.eps * (d.L[i] - d.L[j])));
        return r;
      });
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2 (and every K_C, G, eps, p)
  c.identities.push_back(
      aggregate::logratio_every_k("F_i/p_i - F_j/p_j summed: rho, sigma, m_L",
                                  {{true, true}, {true, false}, {false, true}, {false, false}}));
  c.reductions.push_back(
      {"F_i/p_i = r_i depends on the other coordinates only through rho = sum_C p, sigma = sum_I p and m_L = "
       "<p, L> (eq. of the SRCT rate: r_i = gamma_i - eps(L_i - m_L), gamma_i = sigma H on C, -rho H on I): "
       "the pair identity in (p_i, p_j, L_i, L_j, H, eps, rho, sigma, m_L) free equals (rho + sigma - 1)H([i "
       "in C] - [j in C]), 0 on sum p = 1, for each of the four class pairs and every K (checked; term by "
       "term for K = 2..3)",
       {"K"}});
  return c;
}

/// ż_ci = F_c/p_c − F_i/p_i − (H − ε(L_c − L_i)) for every c ∈ C, i ∈ I.
XVec zci_residual(int kc, const DriftPoint& d) {
  const std::vector<Exact> F = drift_exact(kc, d.p, d.H, d.eps, d.L);
  std::vector<Exact> r;
  for (std::size_t c = 0; c < static_cast<std::size_t>(kc); ++c)
    for (std::size_t i = static_cast<std::size_t>(kc); i < d.p.size(); ++i)
      r.push_back(F[c] / d.p[c] - F[i] / d.p[i] - (d.H - d.eps * (d.L[c] - d.L[i])));
  return r;
}

// App. E §Log-ratio dynamics: ż_ci = h_G(ρ_C) − εz_ci.
DCRV_CERTIFICATE(zci_ode) {
  Certificate c;
  c.claim = "E.zci-ode";
  c.domain = covered_up_to(
      "K", kMaxDriftK,
      ", every 1 <= K_C <= K - 1, every c in C, i in I, every G, every eps, every p in the open "
      "simplex");
  c.method = std::string(kFreeVariables) + "; F_c/p_c - F_i/p_i - (H - eps(L_c - L_i)), times p_c p_i a "
                                           "polynomial of degree <= 3 in each variable: zero on the "
                                           "4^(2K+1) grid";
  add_class_split_identities<DriftPoint>(c, kMaxDriftK, Splits::mixed, 3, zci_residual);
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2 (and every K_C, G, eps, p)
  c.identities.push_back(aggregate::logratio_every_k("z_ci' summed: rho, sigma, m_L", {{true, false}}));
  c.reductions.push_back(
      {"F_c/p_c - F_i/p_i = r_c - r_i depends on the other coordinates only through rho = sum_C p, sigma = "
       "sum_I p and m_L = <p, L>: with these free, F_c/p_c - F_i/p_i - (H - eps(L_c - L_i)) = (rho + sigma - "
       "1)H, 0 on sum p = 1, for every K (checked; term by term for K = 2..3)",
       {"K"}});
  return c;
}

// App. E §Edge cases: K = 2, K_C = K_I = 1: ż = h_G(p_c) − εz.
DCRV_CERTIFICATE(two_class_ode) {
  Certificate c;
  c.claim = "E.two-class-ode";
  c.domain = "K = 2, K_C = K_I = 1 (the claim's case), every G, every eps, every p in the open simplex; no "
             "exclusion";
  c.method = std::string(kFreeVariables) + "; F_c/p_c - F_i/p_i - (H - eps(L_c - L_i)), times p_c p_i a "
                                           "polynomial of degree <= 3 in each variable: zero on the 4^5 grid";
  c.identities.push_back(class_split_identity<DriftPoint>(2, 1, 3, zci_residual));
  c.identities.back().dims = {{"K", 2}};
  c.paper = {{"K", 2, 2}}; // the claim's case K = 2 (every G, eps, p)
  return c;
}

// App. E §Edge cases: K_C ∈ {0, K} ⇒ γ̂ ≡ 0 and F_i = −εp_i(log p_i − ⟨log p⟩).
DCRV_CERTIFICATE(degenerate_flow) {
  Certificate c;
  c.claim = "E.degenerate-flow";
  c.domain =
      covered_up_to("K", kMaxDriftK + 1, ", K_C in {0, K}, every G, every eps, every p in the open simplex");
  c.method = std::string(kFreeVariables) + "; the components of gamma (closed form) and F_i + eps p_i(L_i - "
                                           "sum_j p_j L_j), degree <= 2 in each variable: zero on the "
                                           "3^(2K+1) grid";
  add_class_split_identities<DriftPoint>(c, kMaxDriftK + 1, Splits::degenerate, 2,
                                         [](int kc, const DriftPoint& d) -> XVec {
                                           std::vector<Exact> r = centered_score_closed_exact(kc, d.p, d.H);
                                           const std::vector<Exact> F = drift_exact(kc, d.p, d.H, d.eps, d.L);
                                           const Exact mean_log = dot(d.p, d.L);
                                           for (std::size_t k = 0; k < d.p.size(); ++k)
                                             r.push_back(F[k] + d.eps * d.p[k] * (d.L[k] - mean_log));
                                           return r;
                                         });
  c.paper = {{"K", 2, kUnbounded}}; // every K >= 2 (and every K_C, G, eps, p)
  c.identities.push_back(aggregate::degenerate_flow_every_k());
  c.reductions.push_back(
      {"coordinate k of gamma and of F depends on the others only through the class masses (one of which is "
       "the empty sum 0 when K_C in {0, K}) and m_L = <p, L>: the identity with p_k, L_k, H, eps, m_L and "
       "the other mass free holds for every K (checked; term by term for K = 2..4)",
       {"K"}});
  return c;
}

// App. E §Exact BD on facets: on p_k = δ, F_k(p) = δ(γ̂_k(p) + εGap_k(p)), Gap_k = ⟨log p⟩ − log δ.
// Variables (δ, x₁, …, x_{K−2}, H, ε, L_δ, L_j (j ≠ k)): p_k = δ, the other coordinates (x, 1 − δ − Σx), and
// log p_k = log δ = L_δ (the same number, so the same variable).
IdentityPiece facet_drift_identity(int K, int KC, int k) {
  return exact_identity(
      class_split_label(K, KC) + ", facet k = " + std::to_string(k), static_cast<std::size_t>(2 * K + 1), 2,
      [K, KC, k](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
        const auto Ks = static_cast<std::size_t>(K), ks = static_cast<std::size_t>(k);
        const Exact& delta = v[0];
        std::vector<Exact> p(Ks), L(Ks);
        Exact rest = 1 - delta;
        std::size_t next = 1;                              // x₁ … x_{K−2}
        std::size_t last = Ks - 1 == ks ? Ks - 2 : Ks - 1; // the coordinate that takes the rest
        for (std::size_t j = 0; j < Ks; ++j) {
          if (j == ks || j == last)
            continue;
          p[j] = v[next++];
          rest -= p[j];
        }
        p[ks] = delta;
        p[last] = rest;
        const Exact H = v[Ks - 1], eps = v[Ks], Ld = v[Ks + 1];
        std::size_t l = Ks + 2;
        for (std::size_t j = 0; j < Ks; ++j)
          L[j] = j == ks ? Ld : v[l++];
        const std::vector<Exact> F = drift_exact(KC, p, H, eps, L);
        const std::vector<Exact> g = centered_score_closed_exact(KC, p, H);
        const Exact mean_log = dot(p, L);
        return F[ks] - delta * (g[ks] + eps * (mean_log - Ld));
      });
}

DCRV_CERTIFICATE(bd_facet_drift) {
  Certificate c;
  c.claim = "E.bd-facet-drift";
  c.domain = covered_up_to(
      "K", kMaxDriftK,
      ", every 0 <= K_C <= K, every facet k, every G, every eps, every delta and every p with p_k = "
      "delta on the plane sum p = 1 (containing the facets of Delta_delta)");
  c.method = "variables delta, the free coordinates x (p_k = delta, the last other coordinate 1 - delta - "
             "sum x), H = h_G(rho), eps, L_delta = log delta = log p_k and L_j = log p_j (j != k), all "
             "independent; F_k - delta(gamma_k + eps(sum_j p_j L_j - L_delta)) has degree <= 2 in each "
             "variable: zero on the 3^(2K+1) grid";
  for (DimLoop<int> K(c, "K", 2); K <= kMaxDriftK; ++K)
    for (int KC = 0; KC <= K; ++KC)
      for (int k = 0; k < K; ++k)
        c.identities.push_back(facet_drift_identity(K, KC, k));
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  c.identities.push_back(aggregate::bd_facet_every_k());
  c.reductions.push_back(
      {"F_k = p_k r_k at p_k = delta, log p_k = L_delta, depends on the other coordinates only through rho = "
       "sum_C p, sigma = sum_I p (the score) and m_L = <p, L> (the gap <log p> - log delta): the identity "
       "with delta, L_delta, H, eps, rho, sigma, m_L free holds for k in C and k in I and every K (checked; "
       "term by term for K = 2..3)",
       {"K"}});
  return c;
}

// App. E §Edge cases: K_I = 1 ⇒ ρ_C(p) = 1 − δ on the incorrect facet {p_K = δ} of Δ_δ.
DCRV_CERTIFICATE(single_incorrect_rho) {
  Certificate c;
  c.claim = "E.single-incorrect-rho";
  c.domain = covered_up_to(
      "K", 8,
      ", K_C = K - 1, every delta and every point facet_point(q, K, delta) = delta + (1 - "
      "K delta) w/sum w with w = q, w_K = 0 and sum w > 0 (every point of the facet p_K = delta of "
      "Delta_delta)");
  c.method =
      "variables delta and the weights w_1..w_(K-1) > 0; rho_C - (1 - delta) with p_j = delta + (1 - K "
      "delta) w_j/sum w (j < K), times sum w a polynomial of degree <= 2 in each variable: zero on the "
      "3^K grid";
  for (DimLoop<int> K(c, "K", 2); K <= 8; ++K) {
    const IdentityPiece piece = exact_identity(
        "K = " + std::to_string(K), static_cast<std::size_t>(K), 2,
        [K = static_cast<int>(K)](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
          const Exact& delta = v[0];
          Exact total(0), rho(0);
          for (int j = 1; j < K; ++j)
            total += v[static_cast<std::size_t>(j)];
          for (int j = 1; j < K; ++j)
            rho += delta + (1 - Exact(K) * delta) * v[static_cast<std::size_t>(j)] / total;
          return rho - (1 - delta);
        });
    c.identities.push_back(piece);
  }
  c.paper = {{"K", 2, kUnbounded}}; // the claim holds for every K >= 2
  c.identities.push_back(aggregate::single_incorrect_rho_every_k());
  c.reductions.push_back({"rho_C = sum_{j<K}(delta + (1 - K delta) w_j/W) is a sum of K - 1 terms affine in "
                          "w_j: it depends on K only through m = K - 1 and sum_j w_j = W, and m delta + (1 - "
                          "(m + 1)delta) W/W = 1 - delta for every real m (checked; term by term for K = "
                          "2..8)",
                          {"K"}});
  return c;
}

// App. E §Edge cases: K_I = 1 ⇒ E_min^(I)(1−δ) = (δ−1)log δ + (1−δ)log((1−δ)/K_C), also the gap of the
// block-equalised facet point.
DCRV_CERTIFICATE(single_incorrect_Emin) {
  Certificate c;
  c.claim = "E.single-incorrect-Emin";
  c.domain =
      "every delta in (0, 1) and every real K_C > 0 (so every K >= 2, delta in (0, 1/K]); no exclusion";
  c.method =
      "variables delta, K_C, L_delta = log delta and l = log((1-delta)/K_C), independent: "
      "E_min^(I)(rho) at rho = 1 - delta, K_I = 1 is (delta-1)log delta + rho log rho - rho log K_C "
      "(dcrv::grpo::emin_incorrect) = (delta-1)L_delta + rho l (log rho - log K_C = log(rho/K_C)); the "
      "gap of the facet point (p_c = (1-delta)/K_C for the K_C correct, p_K = delta) is sum p log p - "
      "log delta = K_C((1-delta)/K_C) l + delta L_delta - L_delta; both minus the displayed (delta-1) "
      "L_delta + (1-delta) l, times K_C of degree <= 2 in each variable: zero on the 3^4 grid";
  const IdentityPiece piece =
      exact_identity("E_min^(I)(1 - delta) and the facet gap, K_I = 1", 4, 2,
                     [](const std::vector<Exact>& v, const RationalConstants&) -> XVec {
                       const Exact &delta = v[0], &KC = v[1], &Ld = v[2], &l = v[3];
                       const Exact rho = 1 - delta;
                       const Exact displayed = (delta - 1) * Ld + (1 - delta) * l;
                       const Exact emin = (delta - 1) * Ld + rho * l;
                       const Exact pc = rho / KC;
                       const Exact gap = KC * (pc * l) + delta * Ld - Ld;
                       return XVec{emin - displayed, gap - displayed};
                     });
  c.identities = {piece};
  c.paper = {{"K_C", 1, kUnbounded}, {"delta", 0, 1}};
  c.reductions = {{"log delta and log((1 - delta)/K_C) as independent variables (exact substitution): the "
                   "identity holds for every value of them"}};
  return c;
}

// App. E §Feasibility band: ρ(Ψ(ρ)) = ρ and Ψ(ρ(z)) = z.
DCRV_CERTIFICATE(Psi_inverse) {
  Certificate c;
  c.claim = "E.Psi-inverse";
  c.domain = "every rho in (0, 1), every real z, every real K_C, K_I > 0 (so every 1 <= K_C, 1 <= K_I and z "
             "in [-60, 60]); no exclusion";
  c.method =
      "exact substitution: exp(Psi(rho)) = K_I rho/(K_C(1 - rho)) and E = exp(z) > 0, rho(z) = K_C "
      "E/(K_I + K_C E) (both branches of dcrv::grpo::rho_of_z are this rational function); rho(Psi(rho)) "
      "= rho, and Psi(rho(z)) = z iff exp(Psi(rho(z))) = E (exp is injective): rational identities in "
      "(rho, E, K_C, K_I) of degree <= 4 after clearing the denominators, zero on the 5^4 grid";
  const IdentityPiece piece =
      exact_identity("rho(Psi(rho)) = rho, exp(Psi(rho(z))) = exp(z)", 4, 4,
                     [](const std::vector<Exact>& v, const RationalConstants&) -> XVec {
                       const Exact &rho = v[0], &E = v[1], &KC = v[2], &KI = v[3];
                       auto rho_of = [&](const Exact& e) -> Exact { return KC * e / (KI + KC * e); };
                       auto exp_Psi = [&](const Exact& r) -> Exact { return KI * r / (KC * (1 - r)); };
                       return XVec{rho_of(exp_Psi(rho)) - rho, exp_Psi(rho_of(E)) - E};
                     });
  c.identities.push_back(piece);
  c.paper = {{"rho", 0, 1}, {"z", -kUnbounded, kUnbounded}, {"K_C", 1, kUnbounded}, {"K_I", 1, kUnbounded}};
  c.reductions = {{"exp(Psi(rho)) and E = exp(z) by exact substitution (exp injective)"}};
  return c;
}

// App. E §Scalar reduction: |ρ'(z)| ≤ q = ¼, ρ(z) = K_C e^z/(K_I + K_C e^z).
DCRV_CERTIFICATE(rho_prime_quarter) {
  Certificate c;
  c.claim = "E.rho-prime-quarter";
  c.domain = "every real z (so z in [-60, 60]) and every real K_C, K_I > 0 (so every 1 <= K_C, 1 <= K_I); no "
             "exclusion";
  c.method =
      "rho'(z) = E d rho/dE with E = exp(z): K_C K_I E/(K_I + K_C E)^2 = rho(1 - rho) (exact identity in "
      "(E, K_C, K_I), times (K_I + K_C E)^2 of degree <= 3: 4^3 grid), so |rho'| = rho(1 - rho) with rho "
      "in (0, 1); rho(1 - rho) - q <= 0 on [0, 1] by branch and bound, attained at rho = 1/2: "
      "second-order test";
  c.constants = {{"quarter", [] { return Interval(0.25); }}};
  Piece piece =
      make_piece<1>("rho(1 - rho) - q, rho in [0, 1]", {unit_box(1)}, [](const auto& x, const Constants& k) {
        using X = std::decay_t<decltype(x[0])>;
        return x[0] * (1 - x[0]) - X(k("quarter"));
      });
  piece.attained = {{0.5}};
  c.pieces = {with_param(piece, "rho", 0)};
  const IdentityPiece derivative = exact_identity(
      "rho'(z) = rho(1 - rho)", 3, 3, [](const std::vector<Exact>& v, const RationalConstants&) -> Exact {
        const Exact &E = v[0], &KC = v[1], &KI = v[2];
        const Exact den = KI + KC * E, rho = KC * E / den;
        return KC * KI * E / (den * den) - rho * (1 - rho);
      });
  c.identities = {derivative};
  c.paper = {{"z", -kUnbounded, kUnbounded}, {"K_C", 1, kUnbounded}, {"K_I", 1, kUnbounded}, {"rho", 0, 1}};
  c.reductions = {
      {"|rho'(z)| = rho(1 - rho) (the identity) with rho = rho(z) in (0, 1) for every z, K_C, K_I",
       {"z", "K_C", "K_I"}}};
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"rho'(z) = rho(1 - rho)"});
  return c;
}

// App. E §Selection Lipschitz bound: ‖diag(p)‖_{2→2} = max_k p_k ≤ 1 − (K−1)δ on Δ_δ.
DCRV_CERTIFICATE(diag_norm) {
  Certificate c;
  c.claim = "E.diag-norm";
  c.domain = "every K >= 2, every delta in [0, 1/K], every p in Delta_delta (q in the closed simplex); no "
             "exclusion";
  c.method = "|diag p|_2 = max_k p_k (p >= 0); p_k - (1 - (K-1)delta) = -(1 - K delta)(1 - q_k) exactly (p = "
             "delta + (1 - K delta)q), i.e. -(1 - u)t with (u, t) = (K delta, 1 - q_k) in [0, 1]^2 for every "
             "K and k";
  c.pieces = {free_mass_piece("p_k - (1 - (K-1)delta) = -(1 - K delta)(1 - q_k)")};
  // the rearrangement, exact (variables K, delta, q_k; degree <= 2 in each): p_k = delta + (1 - K delta) q_k
  c.identities = {exact_identity("p_k - (1 - (K-1) delta) = -(1 - K delta)(1 - q_k)", 3, 2,
                                 [](const std::vector<Exact>& x, const RationalConstants&) -> Exact {
                                   const Exact &K = x[0], &delta = x[1], &q = x[2];
                                   const Exact p = delta + (1 - K * delta) * q;
                                   return (p - (1 - (K - 1) * delta)) - (-(1 - K * delta) * (1 - q));
                                 })};
  c.paper = {{"K", 2, kUnbounded}, {"u", 0, 1}, {"t", 0, 1}};
  c.reductions = {
      {"every K >= 2, k, delta in [0, 1/K] and q in the closed simplex give (u, t) = (K delta, 1 - "
       "q_k) in [0, 1]^2, and the score is -(1 - u) t there",
       {"K"}}};
  // the steps to the scores among the identities (issue 20 point 5)
  rearrangements::flag_rearrangements(c, {"p_k - (1 - (K-1) delta)"});
  return c;
}

} // namespace
} // namespace dcrv::certify
