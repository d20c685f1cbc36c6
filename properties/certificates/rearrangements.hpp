// properties/certificates/rearrangements.hpp — the rearrangements of some certificates as typed exact
// identities (issue 20 point 5; properties/certificates/REARRANGEMENTS.md lists every certificate): the step
// from the paper's inequality to the score a piece proves, lhs − rhs ≡ 0 in free Exact variables
// (rearrangement_identity: flagged, not counted for the scope). A max/min in the chain is split into its
// cases, one component per case (the Exact type cannot branch on a variable; the interval pieces' score
// covers every case). Each factory takes `off`: the same identity with a sign-evident term dropped or added,
// which the prover must refuse (tests/test_certify_rearrangements.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "properties/certificates/softmax_exact.hpp"
#include "properties/certificates/star_exact.hpp"

namespace dcrv::certify::rearrangements {

/// p = (x₁, …, x_{S−1}, 1 − Σx): the plane Σp = 1 (softmax_exact's chart, typed).
using softmax_exact::plane_chart;

/// A.eff-floor-is-floor, S: variables (p₁..p_{S−1}, δ⋆, D) with D = Σ_j max{p_j, δ⋆} > 0 free. Per coordinate
/// i and case (p_i ≥ δ⋆: max{p_i, δ⋆} = p_i, min{δ⋆ − p_i, 0} = δ⋆ − p_i; p_i ≤ δ⋆: both δ⋆ resp. 0) the
/// paper's margin δ_eff − max{p_i, δ⋆}/D = δ⋆/D − m_i/D, times D > 0, minus the score's term of i: 2S
/// components. `off`: the score's term with +p_i (a term ≥ 0 dropped from the score's side).
inline IdentityPiece eff_floor_is_floor_rearrangement(std::size_t S, bool off = false) {
  return rearrangement_identity(
      "S = " + std::to_string(S) +
          ": D (delta*/D - max{p_i, delta*}/D) = min{delta* - p_i, 0} in both cases of each i, D = sum_j "
          "max{p_j, delta*}",
      S + 1, 2, [S, off](const std::vector<Exact>& x, const RationalConstants&) {
        const std::vector<Exact> p = plane_chart(x, S);
        const Exact &ds = x[S - 1], &D = x[S];
        std::vector<Exact> r;
        for (std::size_t i = 0; i < S; ++i) {
          const Exact term_active = off ? Exact(ds) : Exact(ds - p[i]); // min{δ⋆ − p_i, 0}, p_i ≥ δ⋆
          r.push_back(D * (ds / D - p[i] / D) - term_active);           // max{p_i, δ⋆} = p_i
          r.push_back(D * (ds / D - ds / D) - 0);                       // max{p_i, δ⋆} = δ⋆
        }
        return r;
      });
}

/// A.eff-floor-interval, S, one end: variables (p₁..p_{S−1}, δ⋆, c). Per active set A (p_j ≤ δ⋆ for j ∈ A,
/// so max{p_j, δ⋆} = δ⋆ there and p_j elsewhere; 2^S cases), Σ := Σ_j max{p_j, δ⋆}: lower end, the paper's
/// margin δ⋆/(1 + c(S−1)δ⋆) − δ⋆/Σ times (1 + c(S−1)δ⋆)Σ/δ⋆ > 0 equals the score's term of A, (|A|δ⋆ −
/// Σ_A p_j) − c(S−1)δ⋆ (the full set: Sδ⋆ − 1, Σp = 1); upper end, δ⋆/Σ − cδ⋆ times Σ/δ⋆ > 0 equals 1 − c(1 +
/// |A|δ⋆ − Σ_A p_j). That the score's maximum over every subset is the active set's term (Σ_A x_j ≤ Σ_j
/// max{x_j, 0}) is the elementary x ≤ max{x, 0} per term (REARRANGEMENTS.md). `off`: the term without −Σ_A
/// p_j.
inline IdentityPiece eff_floor_interval_rearrangement(std::size_t S, bool lower, bool off = false) {
  return rearrangement_identity(
      "S = " + std::to_string(S) + (lower ? ", lower end" : ", upper end") +
          ": per active set A, the paper's margin times its positive denominator = the score's term of A "
          "(sum_j max{p_j, delta*} = 1 + sum_A (delta* - p_j) on sum p = 1)",
      S + 1, 2, [S, lower, off](const std::vector<Exact>& x, const RationalConstants&) {
        const std::vector<Exact> p = plane_chart(x, S);
        const Exact &ds = x[S - 1], &c = x[S];
        std::vector<Exact> r;
        for (unsigned mask = 0; mask < (1u << S); ++mask) {
          Exact sigma(0), pa(0);
          int n = 0;
          for (std::size_t j = 0; j < S; ++j)
            if (mask & (1u << j)) {
              sigma += ds;
              pa += p[j];
              ++n;
            } else
              sigma += p[j];
          const Exact partial = Exact(n) * ds - (off ? Exact(0) : pa); // Σ_A (δ⋆ − p_j)
          const Exact spread = 1 + c * Exact(static_cast<long>(S) - 1) * ds;
          if (lower)
            r.push_back((ds / spread - ds / sigma) * spread * sigma / ds - (partial - (spread - 1)));
          else
            r.push_back((ds / sigma - c * ds) * sigma / ds - (1 - c * (1 + partial)));
        }
        return r;
      });
}

/// H.ellipticity-lower, K: variables (q₁..q_{K−1}, t, v₁..v_{K−1}, c, γ), q_K = 1 − Σq, v_K = −Σv, δ = (1 −
/// t)/K, p = δ1 + tq (so Σp = 1): the paper's cγδ‖v‖² − vᵀQv with Q = γ(diag p − ppᵀ) equals γ times the
/// score (c − 1)δ‖v‖² − t[Σ_{i<j} q_i q_j (v_i − v_j)² + (1 − t)(q·v)²]. `off`: without the (q·v)² term.
inline IdentityPiece ellipticity_lower_rearrangement(std::size_t K, bool off = false) {
  return rearrangement_identity(
      "K = " + std::to_string(K) +
          ": c gamma delta |v|^2 - v^T gamma(diag p - p p^T) v = gamma [(c - 1) delta |v|^2 - t(sum_{i<j} "
          "q_i q_j (v_i - v_j)^2 + (1 - t)(q.v)^2)], p = delta 1 + t q, delta = (1 - t)/K",
      2 * K + 1, 2, [K, off](const std::vector<Exact>& x, const RationalConstants&) {
        const std::vector<Exact> q = plane_chart(x, K);
        const Exact& t = x[K - 1];
        std::vector<Exact> v(x.begin() + static_cast<long>(K), x.begin() + static_cast<long>(2 * K - 1));
        Exact vl(0);
        for (const auto& vi : v)
          vl -= vi;
        v.push_back(vl);
        const Exact &c = x[2 * K - 1], &g = x[2 * K];
        const Exact delta = (1 - t) / Exact(static_cast<long>(K));
        Exact norm2(0), pv(0), diag(0), qv(0), pairs(0);
        for (std::size_t i = 0; i < K; ++i) {
          const Exact pi = delta + t * q[i];
          norm2 += v[i] * v[i];
          diag += pi * v[i] * v[i];
          pv += pi * v[i];
          qv += q[i] * v[i];
          for (std::size_t j = i + 1; j < K; ++j)
            pairs += q[i] * q[j] * (v[i] - v[j]) * (v[i] - v[j]);
        }
        const Exact paper = c * g * delta * norm2 - g * (diag - pv * pv);
        const Exact score = (c - 1) * delta * norm2 - t * (pairs + (off ? Exact(0) : (1 - t) * qv * qv));
        return paper - g * score;
      });
}

/// D.logp-range, lower end, K (2, 3): variables (y₁..y_{K−1}, L₁..L_K, ℓ) with y_K = −Σy, K p_k = 1 + y_k,
/// L_k = log(1 + y_k) and ℓ = log K free, log p_k = L_k − ℓ (log(a/b) = log a − log b): K(−log K − ⟨log p⟩)
/// = −Σ_k (1 + y_k) L_k (the centred piece's score; Σp = 1 cancels ℓ). `off`: the score with +K ℓ.
inline IdentityPiece logp_lower_rearrangement(std::size_t K, bool off = false) {
  return rearrangement_identity(
      "K = " + std::to_string(K) +
          ": K(-log K - sum_k p_k log p_k) = -sum_k (1 + y_k) log(1 + y_k), K p_k = 1 + y_k, logs free, "
          "log p_k = log(1 + y_k) - log K",
      2 * K, 2, [K, off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact Kx(static_cast<long>(K));
        Exact yl(0);
        std::vector<Exact> y(x.begin(), x.begin() + static_cast<long>(K - 1));
        for (const auto& yi : y)
          yl -= yi;
        y.push_back(yl);
        const Exact& ell = x[2 * K - 1];
        Exact meanlog(0), score(0);
        for (std::size_t k = 0; k < K; ++k) {
          const Exact& Lk = x[K - 1 + k];
          meanlog += (1 + y[k]) / Kx * (Lk - ell);
          score -= (1 + y[k]) * Lk;
        }
        if (off)
          score += Kx * ell;
        return Kx * (-ell - meanlog) - score;
      });
}

/// D.asym-bracket, one side: variables (μ, t, ε, p, E_B, X) with μ = 1/M, g = μ + t(1 − μ), E_B = e^B and X =
/// e^{A−B} free (e^A = e^B e^{A−B}): the exponent A − B equals the piece's −(1 − t)(1 − μ)/ε (lower: A =
/// −1/ε, B = −g/ε) resp. −t(1 − μ)/ε (upper: A = −g/ε, B = −μ/ε = −1/(Mε)), and p e^A − p e^B = p E_B (X −
/// 1), the form p e^B expm1(A − B) of the score. `off`: the exponent without its factor (1 − μ).
inline IdentityPiece asym_bracket_rearrangement(bool lower, bool off = false) {
  return rearrangement_identity(
      std::string(lower ? "lower" : "upper") +
          ": p e^A - p e^B = p e^B expm1(A - B) (e^A = e^B e^(A - B)) with A - B = " +
          (lower ? "-1/eps + g/eps = -(1 - t)(1 - mu)/eps" : "-g/eps + mu/eps = -t(1 - mu)/eps") +
          ", g = mu + t(1 - mu), mu = 1/M",
      6, 2, [lower, off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact &mu = x[0], &t = x[1], &eps = x[2], &p = x[3], &EB = x[4], &X = x[5];
        const Exact span = off ? Exact(1) : Exact(1 - mu), g = mu + t * (1 - mu);
        const Exact A = lower ? Exact(-1 / eps) : Exact(-g / eps),
                    B = lower ? Exact(-g / eps) : Exact(-mu / eps);
        const Exact piece_exponent = lower ? Exact(-((1 - t) * span) / eps) : Exact(-(t * span) / eps);
        return std::vector<Exact>{(A - B) - piece_exponent, (p * (EB * X) - p * EB) - p * EB * (X - 1)};
      });
}

/// D.phi-l2-sqrtKm1, M: variables (ρ, a₁..a_{M−1}, L), a_M = 1 − Σa, p_C = ρa and one incorrect coordinate of
/// mass 1 − ρ standing for the L ones (φ depends on p_I only through Σ_I p = 1 − ρ, and φ_i = −S⁽²⁾/ρ is the
/// same for every i ∈ I, star_exact::chart_rearrangement): ‖φ‖² = Σ_c φ_c² + Lφ_i² equals the piece's Σ_c
/// (a_c − ρs)² + Lρ²s², s = Σa² (the constant term c²(K − 1) = c²(M − 1 + L) is the same on both sides).
/// `off`: without the L ρ²s² term.
inline IdentityPiece phi_l2_rearrangement(std::size_t M, bool off = false) {
  return rearrangement_identity(
      "M = " + std::to_string(M) +
          ": |phi|^2 = sum_c phi_c^2 + L phi_i^2 = sum_c (a_c - rho s)^2 + L rho^2 s^2, p_C = rho a, "
          "sum_I p = 1 - rho, s = sum a^2",
      M + 1, 4, [M, off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact &rho = x[0], &L = x[M];
        std::vector<Exact> a(x.begin() + 1, x.begin() + static_cast<long>(M));
        Exact last(1);
        for (const auto& ac : a)
          last -= ac;
        a.push_back(last);
        std::vector<Exact> p;
        Exact s(0);
        for (const auto& ac : a) {
          p.push_back(rho * ac);
          s += ac * ac;
        }
        p.push_back(1 - rho);
        const std::vector<Exact> phi = star_exact::star_phi(p, star_exact::leading(M + 1, M));
        Exact norm2 = L * phi[M] * phi[M], score = off ? Exact(0) : L * rho * rho * s * s;
        for (std::size_t c = 0; c < M; ++c) {
          norm2 += phi[c] * phi[c];
          score += (a[c] - rho * s) * (a[c] - rho * s);
        }
        return norm2 - score;
      });
}

/// G.meanlog-lower, S: variables (x₁..x_{S−1}, L₁..L_S, ℓ, c), x_S = S − Σx (x = Sp on Σp = 1; the cone
/// chart's x_k = S b_a + b_S lies on it), L_k = log x_k and ℓ = log S free, log p_k = L_k − ℓ: the paper's
/// −c log S − ⟨log p⟩ equals the score (1 − c) log S − (1/S) Σ x_k log x_k. `off`: the score with −c log S.
inline IdentityPiece meanlog_rearrangement(std::size_t S, bool off = false) {
  return rearrangement_identity(
      "S = " + std::to_string(S) +
          ": -c log S - sum p log p = (1 - c) log S - (1/S) sum x log x, x = S p, logs free, log p_k = log "
          "x_k - log S",
      2 * S + 1, 2, [S, off](const std::vector<Exact>& v, const RationalConstants&) {
        const Exact Sx(static_cast<long>(S));
        std::vector<Exact> x(v.begin(), v.begin() + static_cast<long>(S - 1));
        Exact last = Sx;
        for (const auto& xk : x)
          last -= xk;
        x.push_back(last);
        const Exact &ell = v[2 * S - 1], &c = v[2 * S];
        Exact meanlog(0), sum(0);
        for (std::size_t k = 0; k < S; ++k) {
          const Exact& Lk = v[S - 1 + k];
          meanlog += x[k] / Sx * (Lk - ell);
          sum += x[k] * Lk;
        }
        const Exact score = (off ? Exact(-c) : Exact(1 - c)) * ell - sum / Sx;
        return (-c * ell - meanlog) - score;
      });
}

/// H.noise-variance-bound, K, first bound: variables (a₁..a_{K−1}, c, B), p_i = (1 + a_i)/K, p_K = (1 −
/// Σa)/K: the paper's (1 − ‖p‖²)/B − c(K − 1)/(BK), times B > 0, equals the score (1 − c)(K − 1)/K − (Σa² +
/// (Σa)²)/K² (‖p − 1/K‖² in the chart). `off`: the score without (Σa)².
inline IdentityPiece noise_variance_rearrangement(std::size_t K, bool off = false) {
  return rearrangement_identity(
      "K = " + std::to_string(K) +
          ": B((1 - |p|^2)/B - c(K-1)/(BK)) = (1 - c)(K-1)/K - |p - 1/K|^2, p_i = (1 + a_i)/K",
      K + 1, 2, [K, off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact Kx(static_cast<long>(K));
        const Exact &c = x[K - 1], &B = x[K];
        Exact sum(0), sq(0), norm2(0);
        for (std::size_t i = 0; i + 1 < K; ++i) {
          sum += x[i];
          sq += x[i] * x[i];
          norm2 += (1 + x[i]) * (1 + x[i]) / (Kx * Kx);
        }
        norm2 += (1 - sum) * (1 - sum) / (Kx * Kx);
        const Exact paper = (1 - norm2) / B - c * (Kx - 1) / (B * Kx);
        const Exact score = (1 - c) * (Kx - 1) / Kx - (sq + (off ? Exact(0) : sum * sum)) / (Kx * Kx);
        return B * paper - score;
      });
}

/// A.shah-gradient-replicator, S, the metric bound: variables (p₁..p_S, v₁..v_{S−1}), p free (non-zero), v_S
/// = −Σv (v ∈ T): the paper's ‖v‖² − g_p(v,v) = Σv_i² − Σv_i²/p_i, times Π_j p_j > 0, equals the score −Σ_i
/// v_i²(1 − p_i)Π_{j≠i}p_j. `off`: the score without its −p_i (so −Σ v_i² Π_{j≠i}p_j).
inline IdentityPiece shah_metric_rearrangement(std::size_t S, bool off = false) {
  return rearrangement_identity(
      "S = " + std::to_string(S) +
          ": prod p (|v|^2 - g_p(v,v)) = -sum_i v_i^2 (1 - p_i) prod_{j != i} p_j, g_p(v,v) = sum v_i^2/p_i",
      2 * S - 1, 2, [S, off](const std::vector<Exact>& x, const RationalConstants&) {
        std::vector<Exact> p(x.begin(), x.begin() + static_cast<long>(S));
        std::vector<Exact> v(x.begin() + static_cast<long>(S), x.end());
        Exact last(0);
        for (const auto& vi : v)
          last -= vi;
        v.push_back(last);
        Exact prod(1), norm2(0), metric(0), score(0);
        for (std::size_t i = 0; i < S; ++i) {
          prod *= p[i];
          norm2 += v[i] * v[i];
          metric += v[i] * v[i] / p[i];
          Exact others(1);
          for (std::size_t j = 0; j < S; ++j)
            if (j != i)
              others *= p[j];
          score -= v[i] * v[i] * (off ? Exact(1) : Exact(1 - p[i])) * others;
        }
        return prod * (norm2 - metric) - score;
      });
}

/// D.flow-Y-inequality, the face ε = 0, M correct (L = 0, or one incorrect coordinate of mass 1 − ρ standing
/// for every L ≥ 1, as star_exact::chart_rearrangement): variables (ρ, a₁..a_{M−1}, A) for L = 1,
/// (a₁..a_{M−1}, A) for L = 0 (ρ = 1), a_M = 1 − Σa, A the constant a free: per component k, −φ_k − A equals
/// the piece's (1 − A) − (1 − ρ) − 2ρΣ_{c<c'} a_c a_c' − [a_k if k ∈ C] (φ = star_phi of p = (ρa, 1 − ρ)).
/// `off`: without −(1 − ρ).
inline IdentityPiece flow_y_face_rearrangement(std::size_t M, std::size_t L, bool off = false) {
  const std::size_t n = (L ? 1 : 0) + M; // (ρ,) a₁..a_{M−1}, A
  return rearrangement_identity(
      "M = " + std::to_string(M) + (L ? ", L >= 1" : ", L = 0") +
          ": -phi_k - a = (1 - a) - (1 - rho) - 2 rho sum_{c<c'} a_c a_c' - [a_k, k in C] (eps = 0)",
      n, 3, [M, L, n, off](const std::vector<Exact>& x, const RationalConstants&) {
        const std::size_t off0 = L ? 1 : 0;
        const Exact rho = L ? x[0] : Exact(1);
        const Exact& A = x[n - 1];
        std::vector<Exact> a;
        Exact last(1);
        for (std::size_t c = 0; c + 1 < M; ++c) {
          a.push_back(x[off0 + c]);
          last -= x[off0 + c];
        }
        a.push_back(last);
        std::vector<Exact> p;
        for (const auto& ac : a)
          p.push_back(rho * ac);
        if (L)
          p.push_back(1 - rho);
        const std::vector<Exact> phi = star_exact::star_phi(p, star_exact::leading(p.size(), M));
        Exact pairs(0);
        for (std::size_t c = 0; c < M; ++c)
          for (std::size_t d = c + 1; d < M; ++d)
            pairs += a[c] * a[d];
        std::vector<Exact> r;
        for (std::size_t k = 0; k < p.size(); ++k) {
          Exact score = (1 - A) - (off ? Exact(0) : Exact(1 - rho)) - 2 * rho * pairs;
          if (k < M)
            score -= a[k];
          r.push_back((-phi[k] - A) - score);
        }
        return r;
      });
}

/// D.flow-Y-inequality, the ε coefficient in the centred chart, K (2, 3): variables (y₁..y_{K−1}, L₁..L_K, ℓ,
/// b) as logp_lower_rearrangement: K(−⟨log p⟩ − b log K) = −Σ_k (1 + y_k) log(1 + y_k) + K(1 − b) log K (the
/// piece's score, K > 0 times the coefficient). `off`: without K(1 − b) log K.
inline IdentityPiece flow_y_coef_rearrangement(std::size_t K, bool off = false) {
  return rearrangement_identity(
      "K = " + std::to_string(K) +
          ": K(-sum_k p_k log p_k - b log K) = -sum_k (1 + y_k) log(1 + y_k) + K(1 - b) log K, K p_k = 1 + "
          "y_k, logs free",
      2 * K + 1, 2, [K, off](const std::vector<Exact>& x, const RationalConstants&) {
        const Exact Kx(static_cast<long>(K));
        std::vector<Exact> y(x.begin(), x.begin() + static_cast<long>(K - 1));
        Exact yl(0);
        for (const auto& yi : y)
          yl -= yi;
        y.push_back(yl);
        const Exact &ell = x[2 * K - 1], &b = x[2 * K];
        Exact meanlog(0), score = off ? Exact(0) : Exact(Kx * (1 - b) * ell);
        for (std::size_t k = 0; k < K; ++k) {
          const Exact& Lk = x[K - 1 + k];
          meanlog += (1 + y[k]) / Kx * (Lk - ell);
          score -= (1 + y[k]) * Lk;
        }
        return Kx * (-meanlog - b * ell) - score;
      });
}

/// C.degenerate-floor, K, the bound: variables (p₁..p_{K−1}), p_K = 1 − Σp. Per case (i = an index of max p,
/// m = an index of min p; K² components) the paper's (max p − 1/K) − (K − 1)(1/K − min p) equals the score's
/// term of i, Σ_{j≠i} min(0, min_{k≠j}(p_k − p_j)), which is p_m − p_j for j ≠ m and 0 for j = m in that case
/// (the score is the max over i, so it is ≥ this term). `off`: the paper's form without −(K − 1)(1/K − min
/// p).
inline IdentityPiece degenerate_floor_rearrangement(std::size_t K, bool off = false) {
  return rearrangement_identity(
      "K = " + std::to_string(K) +
          ": per (i, m) = (argmax, argmin), max p - 1/K - (K-1)(1/K - min p) = sum_{j != i} min(0, min_{k != "
          "j}(p_k - p_j))",
      K - 1, 2, [K, off](const std::vector<Exact>& x, const RationalConstants&) {
        std::vector<Exact> p(x.begin(), x.end());
        Exact last(1);
        for (const auto& v : p)
          last -= v;
        p.push_back(last);
        const Exact Kx(static_cast<long>(K));
        std::vector<Exact> r;
        for (std::size_t i = 0; i < K; ++i)
          for (std::size_t m = 0; m < K; ++m) {
            if (i == m) // max p = min p: p uniform, a case of every (i, m ≠ i) as well
              continue;
            const Exact paper = (p[i] - 1 / Kx) - (off ? Exact(0) : Exact((Kx - 1) * (1 / Kx - p[m])));
            Exact term(0);
            for (std::size_t j = 0; j < K; ++j)
              if (j != i && j != m)
                term += p[m] - p[j];
            r.push_back(paper - term);
          }
        return r;
      });
}

/// Flags the identities of `c` whose label contains one of `marks` as rearrangements: identity pieces a
/// certificate already had that are the step from the paper's statement to a piece's score ((S1)–(S3), a
/// chart, a cleared denominator), not a part of the claim (REARRANGEMENTS.md). A flagged identity still
/// has to prove; it no longer counts for the scope (IdentityPiece::rearrangement).
inline void flag_rearrangements(Certificate& c, const std::vector<std::string>& marks) {
  for (auto& id : c.identities)
    for (const auto& m : marks)
      if (id.label.find(m) != std::string::npos)
        id.rearrangement = true;
}

} // namespace dcrv::certify::rearrangements
