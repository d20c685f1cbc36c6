// Main text — the stochastic claims (main.tex §3.5 Scalability, §4.3 "Stochastic Dynamics: Fixation Under
// Noise", §4.4 thm:diversity_decay, §6.4): the U-statistic gradient estimator, the diffusion limit's noise
// scale, the algorithm-specific behaviour of STaR / GRPO / DPO under mini-batch noise, the floor and the
// invariant measure of the displayed SDE, and the effect of batch noise on diversity.
//
// The mini-batch processes are simulated exactly (dcrv/minibatch.hpp: p ← p + η(F(p) + N/B − p), N ~
// Multinomial(B, p), Philox streams) with the STaR / GRPO (G = 8) / DPO (β = 1, ℓ₀ = 0) fields of lib/scores/
// in array form, on the main text's setting K = 4 traces, correct set C = {1, 2, 3}, one incorrect trace, η =
// 0.05. Qualitative statements are decided by stated, measured proxies (thresholds in the statements);
// identities (unbiasedness, the quadratic variation of the chain, the vertices of the unreflected SDE) are
// checked exactly.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "dcrv/minibatch.hpp"
#include "dcrv/ode.hpp"
#include "dcrv/random.hpp"
#include "dcrv/scores/dpo.hpp"
#include "dcrv/scores/grpo.hpp"
#include "dcrv/scores/star.hpp"
#include "dcrv/sde.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "dcrv/stats.hpp"
#include "properties/domains/noise.hpp"
#include "properties/domains/noise_fits.hpp"
#include "properties/domains/points.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace noise_domain;

enum Algo { kStar = 0, kGrpo = 1, kDpo = 2 };
const char* algo_name(int a) {
  return a == kStar ? "STaR" : a == kGrpo ? "GRPO" : "DPO";
}
constexpr int kK = 4, kKC = 3;

/// Calls f(drift) with the array-form drift of the algorithm on K = 4, C = {0,1,2}.
template <class F> auto with_drift(int algo, double eps, F f) {
  if (algo == kStar) {
    StarDrift d;
    d.eps = eps;
    for (int i = 0; i < kK; ++i)
      d.correct[i] = i < kKC;
    return f(d);
  }
  if (algo == kGrpo) {
    GrpoDrift d;
    d.set_group(8);
    d.eps = eps;
    for (int i = 0; i < kK; ++i)
      d.correct[i] = i < kKC;
    return f(d);
  }
  DpoDrift d;
  d.beta = 1, d.ell0 = 0, d.eps = eps;
  for (int i = 0; i < kK; ++i)
    d.label[i] = i < kKC ? 1 : -1;
  return f(d);
}
/// The deterministic flow of the same drift (Dormand–Prince in log-coordinates) at time T.
std::vector<double> flow_at(int algo, double eps, const std::vector<double>& p0, double T) {
  return with_drift(algo, eps, [&](const auto& d) {
    const RateField<double> rate = [d](const double&, const Vec<double>& p, const Vec<double>& lp) {
      Vec<double> r(p.size());
      d.rate(p.data(), lp.data(), static_cast<int>(p.size()), r.data());
      return r;
    };
    Vec<double> p(static_cast<Eigen::Index>(p0.size()));
    for (std::size_t i = 0; i < p0.size(); ++i)
      p(static_cast<Eigen::Index>(i)) = p0[i];
    const FlowResult<double> r = integrate_flow_from<double>(rate, p, 0.0, T);
    if (!r.completed)
      throw std::runtime_error("deterministic flow did not complete");
    return std::vector<double>(r.p.data(), r.p.data() + r.p.size());
  });
}
/// Final states of `count` chains (paths first…) after T/η steps (projection onto Δ_δ when delta > 0).
std::vector<double> chain_finals(int algo, double eps, long B, double eta, double T, double delta,
                                 const std::vector<double>& p0, std::uint64_t seed, long first, long count) {
  return with_drift(algo, eps, [&](const auto& d) {
    MinibatchParams m;
    m.eta = eta, m.B = B, m.project = delta > 0, m.delta = delta;
    const long steps = std::lround(T / eta);
    std::vector<double> out;
    for (long j = first; j < first + count; ++j) {
      double p[kMaxCategories];
      for (int i = 0; i < kK; ++i)
        p[i] = p0[static_cast<std::size_t>(i)];
      run_minibatch_path(seed, static_cast<std::uint64_t>(j), d, m, p, kK, steps,
                         [](long, const double*) { return true; });
      out.insert(out.end(), p, p + kK);
    }
    return out;
  });
}
double entropy_of(const double* p, int K) {
  double h = 0;
  for (int i = 0; i < K; ++i)
    if (p[i] > 0)
      h -= p[i] * std::log(p[i]);
  return h;
}
/// Within-correct shares p_c/ρ, their normalised entropy H/log|C|, and the fixation event of the proxies:
/// a single correct trace holds ≥ 90 % of the correct mass, or one holds ≤ 5 % (a smaller subset carries it).
struct Shares {
  double share[kKC], entropy, max_share, min_share;
};
Shares shares_of(const double* p) {
  Shares s;
  double rho = 0;
  for (int c = 0; c < kKC; ++c)
    rho += p[c];
  s.max_share = 0, s.min_share = 1, s.entropy = 0;
  for (int c = 0; c < kKC; ++c) {
    s.share[c] = p[c] / rho;
    s.max_share = std::max(s.max_share, s.share[c]);
    s.min_share = std::min(s.min_share, s.share[c]);
    if (s.share[c] > 0)
      s.entropy -= s.share[c] * std::log(s.share[c]);
  }
  s.entropy /= std::log(double(kKC));
  return s;
}
bool fixated(const double* p) {
  const Shares s = shares_of(p);
  return s.max_share >= 0.9 || s.min_share <= 0.05;
}
McSide at_least_value(double v) {
  return {[v](const McParams&, const Consts<double>&) {
            return std::pair<double, double>{v, std::numeric_limits<double>::infinity()};
          },
          [v](const McParams&, const Consts<mpfr>&) {
            return std::pair<mpfr, mpfr>{mpfr(v), std::numeric_limits<mpfr>::infinity()};
          }};
}
McSide at_most_value(double v) {
  return {[v](const McParams&, const Consts<double>&) {
            return std::pair<double, double>{-std::numeric_limits<double>::infinity(), v};
          },
          [v](const McParams&, const Consts<mpfr>&) {
            return std::pair<mpfr, mpfr>{-std::numeric_limits<mpfr>::infinity(), mpfr(v)};
          }};
}
/// P(fixation at T) of GRPO under noise (proxy of the GRPO bullet and thm:diversity_decay (ii)).
McResult grpo_fixation(const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
  const std::vector<double> p0 = {0.3, 0.3, 0.3, 0.1};
  const auto fin =
      chain_finals(kGrpo, q("eps"), std::lround(q("B")), q("eta"), q("T"), 0, p0, seed, first, count);
  long k = 0;
  double ent = 0;
  for (long j = 0; j < count; ++j) {
    k += fixated(&fin[kK * j]);
    ent += shares_of(&fin[kK * j]).entropy;
  }
  McResult r{"P(fixation on a corner or a small subset of C at T), GRPO",
             stats::clopper_pearson(k, count, alpha),
             {},
             {}};
  r.details["mean_within_correct_entropy_at_T"] = std::to_string(ent / double(count));
  const auto det = flow_at(kGrpo, q("eps"), p0, q("T"));
  r.details["deterministic_fixated"] = fixated(det.data()) ? "yes" : "no";
  return r;
}
McParams grpo_case(double eps) {
  return McParams{{"K", kK}, {"eps", eps}, {"B", 8}, {"eta", 0.05}, {"T", 500}};
}
} // namespace

// ============================================================================================================
// §3.5 / §6.4: the U-statistic
// ============================================================================================================

// main §3.5 (Scalability), §6.4: the pairwise U-statistic is unbiased for ∇_θ Q[p_θ] at O(B²) kernel
// evaluations.
DCRV_CLAIM(claim_ustat_unbiased) {
  return stochastic("M.ustat-unbiased", Kind::stochastic)
      .where("main §3.5 (Scalability) and §6.4 (subsec:implementation_desiderata)")
      .statement(
          R"(\text{For }B\ge2$ i.i.d. traces $\pi_i\sim p_\theta$ (soft-max), $\hat g=\frac1{B(B-1)}\sum_{i\ne j}k(\pi_i,\pi_j)(\nabla_\theta\log p_\theta(\pi_i)+\nabla_\theta\log p_\theta(\pi_j))$ has $\mathbb E\hat g=\nabla_\theta Q[p_\theta]=2(\mathrm{diag}\,p-pp^\top)Kp$: exactly ($\mathbb E\hat g=\sum_{a,b}p_ap_bk_{ab}(s_a+s_b)$, $s_a=e_a-p$, MPFR, $S=2,\dots,8$, random logits and PSD kernels $K=k_1k_1^\top+\mathrm{diag}(k_d^2)$), and by Monte Carlo ($S=5$, $B=8$: the interval of $\mathbb E\hat g_1$ contains the exact value); it costs $B(B-1)$ kernel evaluations (counted))")
      .exact(forall("M.ustat-unbiased", Kind::stochastic)
                 .over(Domain().dims(2, 8).logits("theta", 3.0).vector("k1", 1.0).vector("kd", 1.0))
                 .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
                   const Vec<T> p = softmax(a.logits("theta"));
                   const Vec<T> k1 = a.vec("k1"), kd = a.vec("kd");
                   Mat<T> Kmat = k1 * k1.transpose();
                   for (int i = 0; i < a.S(); ++i)
                     Kmat(i, i) += kd(i) * kd(i);
                   const int S = a.S();
                   Vec<T> Eg = Vec<T>::Zero(S);
                   for (int x = 0; x < S; ++x)
                     for (int y = 0; y < S; ++y) {
                       Vec<T> s = -T(2) * p;
                       s(x) += 1;
                       s(y) += 1;
                       Eg += p(x) * p(y) * Kmat(x, y) * s;
                     }
                   Mat<T> J = -p * p.transpose();
                   J.diagonal() += p;
                   const Vec<T> grad = T(2) * J * (Kmat * p);
                   return eq<T>(Eg, grad, T(2) * Kmat.cwiseAbs().maxCoeff());
                 })
                 .build())
      .experiment(
          "S=5 B=8",
          [](const Context&) {
            return McParams{{"S", 5}, {"B", 8}};
          },
          2000,
          [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
            const int S = q.integer("S"), B = q.integer("B");
            const double theta[5] = {0.4, -0.3, 0.1, 0.7, -0.9};
            double p[5], z = 0;
            for (int i = 0; i < S; ++i)
              z += (p[i] = std::exp(theta[i]));
            for (int i = 0; i < S; ++i)
              p[i] /= z;
            const auto k = [](int a, int b) { return std::exp(-0.5 * (a - b) * (a - b)) + 0.1 * (a == b); };
            std::vector<double> g1;
            long evaluations = 0;
            for (long j = first; j < first + count; ++j) {
              rng::Stream s(seed, static_cast<std::uint64_t>(j), 0);
              int pi[64];
              for (int b = 0; b < B; ++b)
                pi[b] = rng::categorical(s, p, S);
              double g = 0;
              for (int a = 0; a < B; ++a)
                for (int b = 0; b < B; ++b) {
                  if (a == b)
                    continue;
                  const double kab = k(pi[a], pi[b]);
                  ++evaluations;
                  g += kab * ((pi[a] == 0) - p[0] + (pi[b] == 0) - p[0]); // component 0 of s_a + s_b
                }
              g1.push_back(g / (B * (B - 1.0)));
            }
            McResult r{"E g_1 (pairwise U-statistic)", stats::mean_interval(g1, alpha), {}, {}};
            r.details["kernel_evaluations_per_batch"] = std::to_string(evaluations / count) + " = B(B-1)";
            return r;
          },
          equals([]<class T>(const McParams& q, const Consts<T>&) {
            const int S = q.integer("S");
            const double theta[5] = {0.4, -0.3, 0.1, 0.7, -0.9};
            Vec<T> p(S);
            T z(0);
            for (int i = 0; i < S; ++i)
              z += (p(i) = exp(T(theta[i])));
            p /= z;
            Mat<T> Kmat(S, S);
            for (int a = 0; a < S; ++a)
              for (int b = 0; b < S; ++b)
                Kmat(a, b) = exp(T(-0.5 * (a - b) * (a - b))) + T(0.1 * (a == b));
            Mat<T> J = -p * p.transpose();
            J.diagonal() += p;
            return T((T(2) * J * (Kmat * p))(0));
          }))
      .method("exact expectation in MPFR; Monte Carlo of the estimator (Philox categorical draws)");
}

// ============================================================================================================
// §4.3: the diffusion limit's noise scale
// ============================================================================================================

// main §4.3, displayed SDE: diffusion coefficient 1/√B (literal: whatever η).
DCRV_CLAIM(claim_sde_diffusion_limit_scale) {
  return stochastic("M.sde-diffusion-limit-scale", Kind::stochastic)
      .where("main §4.3, displayed SDE (cites App. H thm:limits)")
      .statement(
          R"(\text{The mini-batch updates converge to }dp=F\,dt+\frac c{\sqrt B}(\sqrt{p_i}dW_i-p_i\sum_k\sqrt{p_k}dW_k)$, $c=1$ (literal: the coefficient does not involve $\eta$). Exact (MPFR): the chain's quadratic variation per unit time is $\mathbb E\|p_{t+1}-p_t\|^2/\eta=\eta(\|F\|^2+(1-\|p\|^2)/B)$ (Lemma lem:noise), which the SDE's $c^2(1-\|p\|^2)/B$ must equal in the limit $\eta\to0$ — checked at $\eta\in[10^{-4},0.1]$; Monte Carlo: $\hat c^2=\sum_k\|\Delta p_k\|^2/\sum_k\eta(1-\|p_k\|^2)/B$ along chain paths ($K=3$, $B=8$, $\eta=0.01$ — settings $B$, $\eta$ of the experiment —, $T=1$) against $c^2$; figure: $\hat c^2$ against $\eta$ ($=\eta$, App. H's $\gamma=\eta/B$))")
      .constant("c", 1.0, Role::exact, "the coefficient in c/sqrt(B)")
      .constant("B", 8, Role::exact,
                "batch size of the Monte-Carlo experiment (a setting, not a paper constant)")
      .constant("eta", 0.01, Role::exact, "smallest step size of the Monte-Carlo experiment (a setting)")
      .validate([](const Context& ctx) {
        const double B = ctx.constant("B"), eta = ctx.constant("eta");
        if (!(B >= 1) || B != std::floor(B) || B > 1e6)
          throw std::invalid_argument(
              "M.sde-diffusion-limit-scale: the batch size B must be an integer in 1..1e6 (got " +
              std::to_string(B) + ")");
        if (!(eta > 0) || eta > 0.1)
          throw std::invalid_argument(
              "M.sde-diffusion-limit-scale: the step size eta must lie in (0, 0.1] (got " +
              std::to_string(eta) + ")");
      })
      .exact(
          forall("M.sde-diffusion-limit-scale", Kind::stochastic)
              .over(with_instance(Domain().dims(2, 0)).real("eta", 1e-4, 0.1, true).real("B", 1, 4096, true))
              .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
                const auto m = instance(a);
                const T B = T(std::max<long>(1, std::lround(to_double(a.real("B"))))), eta = a.real("eta");
                const Vec<T> F = linear_drift(m.w, m.eps, m.p, m.log_p);
                const T noise = (T(1) - m.p.squaredNorm()) / B;
                return eq<T>(eta * (F.squaredNorm() + noise), k("c") * k("c") * noise);
              })
              .build())
      .experiment(
          "K=3 B=8 eta=0.01",
          [](const Context& ctx) {
            return McParams{{"K", 3}, {"B", ctx.constant("B")}, {"eta", ctx.constant("eta")}};
          },
          60,
          [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
            const long B = std::lround(q("B"));
            const LinearDrift d = linear_array_drift({0.5, 0.0, -0.5}, 0.5);
            auto chat = [&](double eta, std::uint64_t sd) {
              MinibatchParams m;
              m.eta = eta, m.B = B;
              std::vector<double> v;
              for (long j = first; j < first + count; ++j) {
                double p[3] = {0.2, 0.3, 0.5}, prev[3] = {0.2, 0.3, 0.5}, qv = 0, pred = 0;
                run_minibatch_path(sd, static_cast<std::uint64_t>(j), d, m, p, 3, std::lround(1 / eta),
                                   [&](long t, const double* x) {
                                     if (t > 0) {
                                       double e = 0, pp = 0;
                                       for (int i = 0; i < 3; ++i)
                                         e += (x[i] - prev[i]) * (x[i] - prev[i]), pp += prev[i] * prev[i];
                                       qv += e;
                                       pred += eta * (1 - pp) / double(B);
                                     }
                                     for (int i = 0; i < 3; ++i)
                                       prev[i] = x[i];
                                     return true;
                                   });
                v.push_back(qv / pred);
              }
              return stats::mean_interval(v, alpha);
            };
            const std::vector<double> etas = {10 * q("eta"), 3 * q("eta"), q("eta")};
            LevelSeries c2; // against η
            stats::Interval last;
            for (std::size_t k = 0; k < etas.size(); ++k) {
              last = chat(etas[k], seed + k);
              c2.add(etas[k], last, alpha, count);
            }
            McResult r{"c^2 measured from the chain's quadratic variation at the smallest eta", last, {}, {}};
            r.series = {
                {"qv_eta", c2.x},
                {"qv_c2", c2.y},
                {"qv_lo", c2.lo},
                {"qv_hi", c2.hi},
                {"figures",
                 {loglog_figure("M.sde-diffusion-limit-scale: squared noise coefficient of the chain (B = 8)",
                                "qv_eta", "qv_c2", "qv_lo", "qv_hi", "$\\eta$", "$\\hat c^2$ (claimed: 1)",
                                R"(measured $c^2=\mathrm{QV}/(\eta(1-|p|^2)/B)$ per step)", "marks")}}};
            return r;
          },
          equals([]<class T>(const McParams&, const Consts<T>& k) { return T(k("c") * k("c")); }))
      .method("exact quadratic-variation identity (MPFR) and Monte Carlo of the chain");
}

// Reading ~eta-one of M.sde-diffusion-limit-scale: η = 1 implicit (time in steps), the Wright–Fisher
// resampling.
DCRV_CLAIM(claim_sde_diffusion_limit_scale_eta_one) {
  return forall("M.sde-diffusion-limit-scale~eta-one", Kind::stochastic)
      .reading("eta = 1 implicit (time counted in updates): the chain's squared step per update is c^2 "
               "(1-|p|^2)/B")
      .where("main §4.3, displayed SDE (cites App. H thm:limits)")
      .statement(
          R"(\eta=1\text{ (time in updates), }F=0$: $\mathbb E\|p_{t+1}-p_t\|^2=c^2(1-\|p\|^2)/B$, $c=1$, exactly (Lemma lem:noise; MPFR), all $p$ in the open simplex, $B\in[1,4096]$, every $K\ge2$ — the main text's $1/\sqrt B$ is App. H's $\sqrt{\eta/B}$ at $\eta=1$)")
      .constant("c", 1.0, Role::exact, "the coefficient in c/sqrt(B)")
      .over(Domain().dims(2, 0).simplex("p").real("B", 1, 4096, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p");
        const T B = T(std::max<long>(1, std::lround(to_double(a.real("B")))));
        // E‖N/B − p‖² = Σ_i p_i(1 − p_i)/B (the multinomial variances), against c²(1 − ‖p‖²)/B
        T v(0);
        for (int i = 0; i < a.S(); ++i)
          v += p(i) * (T(1) - p(i)) / B;
        return eq<T>(v, k("c") * k("c") * (T(1) - p.squaredNorm()) / B, T(1) / B);
      });
}

// ============================================================================================================
// §4.3: STaR, GRPO, DPO under mini-batch noise
// ============================================================================================================

// main §4.3, STaR bullet: "robust: stays near its deterministic collapse". Literal: the noisy chain collapses
// as the flow does (a single correct trace holds most of the mass); reading ~same-trace: onto the flow's
// trace.
namespace {
Claim star_robust(const std::string& id, const std::string& reading, bool same_trace) {
  Stochastic s = stochastic(id, Kind::stochastic);
  s.where("main §4.3, STaR bullet")
      .statement(
          same_trace
              ? R"(\text{STaR under mini-batch noise stays near its deterministic collapse, onto the same trace (proxy): }K=4$, $\mathcal C=\{1,2,3\}$, $\varepsilon=10^{-3}$, $\eta=0.05$, $p_0=(0.30,0.25,0.20,0.25)$ (initial gap $0.05$ between the leading correct traces), $t=100$: the noisy chain collapses onto the same trace as the deterministic flow (trace 1) with probability at least $0.9$, for each $B\in\{8,32,128,2048\}$ (Clopper--Pearson))"
              : R"(\text{STaR under mini-batch noise stays near its deterministic collapse (proxy): }K=4$, $\mathcal C=\{1,2,3\}$, $\varepsilon=10^{-3}$, $\eta=0.05$, $p_0=(0.30,0.25,0.20,0.25)$, $t=100$: like the deterministic flow, the noisy chain collapses — one correct trace holds at least $0.9$ of the mass — with probability at least $0.9$, for each $B\in\{8,32,128,2048\}$ (Clopper--Pearson))")
      .method("exact mini-batch chain (STaR field in array form) against the Dormand-Prince flow");
  if (!reading.empty())
    s.reading(reading);
  for (long B : {8L, 32L, 128L, 2048L})
    s.experiment(
        "B=" + std::to_string(B),
        [B](const Context&) {
          return McParams{{"K", kK}, {"B", double(B)}, {"eps", 1e-3}, {"eta", 0.05}, {"T", 100}};
        },
        8,
        [same_trace](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
          const std::vector<double> p0 = {0.30, 0.25, 0.20, 0.25};
          const auto det = flow_at(kStar, q("eps"), p0, q("T"));
          const int winner = static_cast<int>(std::max_element(det.begin(), det.begin() + kKC) - det.begin());
          const auto fin =
              chain_finals(kStar, q("eps"), std::lround(q("B")), q("eta"), q("T"), 0, p0, seed, first, count);
          long same = 0, collapsed = 0;
          double top = 0;
          for (long j = 0; j < count; ++j) {
            const double* p = &fin[kK * j];
            same += static_cast<int>(std::max_element(p, p + kKC) - p) == winner;
            collapsed += *std::max_element(p, p + kKC) >= 0.9;
            top += *std::max_element(p, p + kKC);
          }
          McResult r{same_trace ? "P(noisy winner = deterministic winner)"
                                : "P(the noisy chain collapses: max correct mass >= 0.9)",
                     stats::clopper_pearson(same_trace ? same : collapsed, count, alpha),
                     {},
                     {}};
          r.details["deterministic_winner_mass"] = std::to_string(det[winner]);
          r.details["mean_winner_mass_noisy"] = std::to_string(top / double(count));
          r.details[same_trace ? "fraction collapsed (any trace)" : "fraction onto the flow's trace"] =
              std::to_string(double(same_trace ? collapsed : same) / double(count));
          return r;
        },
        at_least_value(0.9), 96);
  return s;
}
} // namespace

DCRV_CLAIM(claim_sde_star_robust) {
  return star_robust("M.sde-star-robust", "", false);
}
DCRV_CLAIM(claim_sde_star_robust_same_trace) {
  return star_robust("M.sde-star-robust~same-trace",
                     "the noisy chain collapses onto the same trace as the deterministic flow", true);
}

// main §4.3, GRPO bullet.
DCRV_CLAIM(claim_sde_grpo_drift_fixation) {
  return stochastic("M.sde-grpo-drift-fixation", Kind::stochastic)
      .where("main §4.3, GRPO bullet")
      .statement(
          R"(\text{GRPO under mini-batch noise drifts along the correct manifold until it fixates (proxy): }K_{\mathcal C}=3$, $K_{\mathcal I}=1$, $G=8$, $B=8$, $\eta=0.05$, $p_0=(0.3,0.3,0.3,0.1)$, $t=500$: with probability at least $\tfrac12$ a single correct trace holds $\ge90\%$ of the correct mass or one holds $\le5\%$ (fixation on a corner or a smaller subset), for $\varepsilon=10^{-3}$ and $\varepsilon=10^{-2}$ (Clopper--Pearson; the deterministic flow keeps or equalises the shares))")
      .experiment(
          "eps=1e-3", [](const Context&) { return grpo_case(1e-3); }, 2, grpo_fixation, at_least_value(0.5),
          64)
      .experiment(
          "eps=1e-2", [](const Context&) { return grpo_case(1e-2); }, 2, grpo_fixation, at_least_value(0.5),
          64)
      .method("exact mini-batch chain (GRPO field in array form)");
}

// main §4.4, Theorem thm:diversity_decay (ii).
DCRV_CLAIM(claim_ddt_grpo) {
  return stochastic("M.ddt-grpo", Kind::stochastic)
      .where("main §4.4, Theorem thm:diversity_decay (ii)")
      .statement(
          R"(\text{GRPO evolves on a neutrally stable manifold of correct traces; stochastic drift leads to eventual fixation on a low-diversity subset (proxy, as M.sde-grpo-drift-fixation at small }\varepsilon=10^{-3}$): $P(\text{fixation at }t=500)\ge\tfrac12$)")
      .experiment(
          "eps=1e-3", [](const Context&) { return grpo_case(1e-3); }, 2, grpo_fixation, at_least_value(0.5),
          64)
      .method("exact mini-batch chain (GRPO field in array form)");
}

// main §4.3, DPO bullet.
DCRV_CLAIM(claim_sde_dpo_symmetry_breaking) {
  return existential(
      stochastic("M.sde-dpo-symmetry-breaking", Kind::stochastic)
          .where("main §4.3, DPO bullet")
          .statement(
              R"(\text{DPO under mini-batch noise can break the equalisation symmetry and converge to a state where a subset dominates (proxy, ``can'' = in some setting): }K=4$, $\mathcal C=\{1,2,3\}$, $\beta=1$, $\ell_0=0$, $\varepsilon=10^{-3}$, $\eta=0.05$, $B=8$, $p_0$ uniform: in a non-negligible fraction of runs (probability at least $\ell=10^{-3}$) one correct trace holds at least half of the correct mass at $t=100$ \emph{and the same trace still does at $t=200$} (a dominance that persists, not a fluctuation at one time; the deterministic flow keeps the shares equal); the fraction at $t=100$ alone and at $B=2048$ are reported)")
          .constant("level", 1e-3, Role::lower, "the probability that counts as 'can' (dcrv's reading)")
          .range("level", Range::unit_closed) // a probability
          .experiment(
              "B=8",
              [](const Context&) {
                return McParams{{"K", kK}, {"B", 8}, {"eps", 1e-3}, {"eta", 0.05}, {"T", 100}};
              },
              // 16384 paths at the standard budget: a persistence probability of 10^-3 is then decided at
              // level 1 - 10^-6 whether or not it is observed (0 of 1024 cannot exclude it)
              256,
              [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
                const std::vector<double> p0 = {0.25, 0.25, 0.25, 0.25};
                const long steps = std::lround(q("T") / q("eta"));
                // per path: the dominant correct trace at T (−1: none holds ≥ 1/2), and whether it still
                // holds ≥ 1/2 at 2T (the chain continued with the same stream: the first T steps coincide)
                const auto run = [&](long B, std::uint64_t sd, long n, long& at_t, long& persists) {
                  with_drift(kDpo, q("eps"), [&](const auto& d) {
                    MinibatchParams m;
                    m.eta = q("eta"), m.B = B;
                    for (long j = first; j < first + n; ++j) {
                      double p[kMaxCategories];
                      for (int i = 0; i < kK; ++i)
                        p[i] = p0[static_cast<std::size_t>(i)];
                      int dom = -1;
                      run_minibatch_path(sd, static_cast<std::uint64_t>(j), d, m, p, kK, 2 * steps,
                                         [&](long t, const double* x) {
                                           if (t == steps) {
                                             const Shares sh = shares_of(x);
                                             for (int c = 0; c < kKC; ++c)
                                               if (sh.share[c] >= 0.5)
                                                 dom = c;
                                           }
                                           return true;
                                         });
                      at_t += dom >= 0;
                      persists += dom >= 0 && shares_of(p).share[dom] >= 0.5;
                    }
                    return 0;
                  });
                };
                long at_t = 0, persists = 0, at_t_2048 = 0, persists_2048 = 0;
                run(std::lround(q("B")), seed, count, at_t, persists);
                McResult r{"P(one correct trace holds >= 1/2 of the correct mass at T and still at 2T), DPO",
                           stats::clopper_pearson(persists, count, alpha),
                           {},
                           {}};
                r.details["fraction_dominated_at_T"] = std::to_string(double(at_t) / double(count));
                // B = 2048 (the near-deterministic chain) for comparison, on the first 1024 paths of the
                // range only
                const long n2048 = std::min<long>(count, 1024);
                run(2048, seed + 1, n2048, at_t_2048, persists_2048);
                r.details["same_with_B_2048"] = std::to_string(double(persists_2048) / double(n2048));
                return r;
              },
              at_least([]<class T>(const McParams&, const Consts<T>& k) { return k("level"); }), 256)
          .method("exact mini-batch chain (DPO field in array form)"),
      "the paper says DPO 'can' break the symmetry, in some setting; dcrv searched one: K = 4, "
      "B = 8, eps = 1e-3, eta = 0.05 from the uniform start");
}

// ============================================================================================================
// §4.3: interior, invariant measure, concentration, diversity
// ============================================================================================================

// main §4.3, paragraph after the bullets: min_i p_i(t) > δ⋆ > 0 for all t (literal: the displayed,
// unreflected SDE).
DCRV_CLAIM(claim_sde_interior_floor) {
  return forall("M.sde-interior-floor", Kind::stochastic)
      .where("main §4.3, paragraph after the three bullets, first clause")
      .statement(
          R"(\text{Literal reading (the displayed, unreflected SDE), }K=2$ reduction: with small $\varepsilon>0$ the paths stay in the interior, $\min_ip_i(t)>\delta_\star>0$ for all $t$, so $P(p_1\text{ reaches }0)=0$. Exact: $y=p_1$ is a diffusion on $(0,1)$ whose faces are exit boundaries ($\Phi(y)=(2/\gamma)(\Delta w\,y-\varepsilon\ell(y))$ is bounded), and $P_{y_0}(\text{reach }0\text{ before }1)=\int_{y_0}^1e^{-\Phi}/\int_0^1e^{-\Phi}$ (MPFR quadrature), checked $\le0$ at $\varepsilon\in\{0.01,0.1\}$, $\gamma=0.01$, $\Delta w\in\{0,0.5\}$, $y_0=\tfrac12$)")
      .over(Domain()
                .dims(2, 2)
                .real("eps", 1e-3, 1)
                .real("gamma", 1e-3, 1, true)
                .real("dw", -1, 1)
                .only_points()
                .points([](int) {
                  std::vector<Assign> out;
                  for (double e : {0.01, 0.1})
                    for (double dw : {0.0, 0.5})
                      out.push_back({{"eps", {e}}, {"gamma", {0.01}}, {"dw", {dw}}});
                  return out;
                }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const T reach0 =
            wf2_hit_lower_first<T>(a.real("dw"), a.real("eps"), a.real("gamma"), T(0), T(0.5), T(1));
        return le<T>(reach0, T(0), T(1));
      });
}

// Reading ~reflected of M.sde-interior-floor: the process reflected on Δ_δ⋆ (App. H).
DCRV_CLAIM(claim_sde_interior_floor_reflected) {
  return stochastic("M.sde-interior-floor~reflected", Kind::stochastic)
      .label("vacuous", "the reflected scheme projects every step onto the trimmed simplex: min_i p_i >= "
                        "delta_star holds by construction, whatever the drift and noise")
      .reading("the SDE reflected on the trimmed simplex (App. H, reflected model)")
      .where("main §4.3, paragraph after the three bullets, first clause")
      .statement(
          R"(\text{Reflected on }\Delta_{\delta_\star}$: $\min_ip_i(t)\ge\delta_\star$ at every step of every path of the reflected Euler scheme, $K=2$, $\varepsilon=0.01$, $\gamma=0.01$, $\delta_\star=0.01$, $h=10^{-2}$, $t\le200$ (fraction of violating states $=0$))")
      .experiment(
          "K=2",
          [](const Context&) {
            return McParams{{"K", 2}, {"eps", 0.01}, {"gamma", 0.01}, {"delta", 0.01}};
          },
          4,
          [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
            const LinearDrift d = linear_array_drift({0.0, 0.0}, q("eps"));
            long bad = 0, states = 0;
            for (long j = first; j < first + count; ++j) {
              double p[2] = {0.5, 0.5};
              run_wf_reflected_path(seed, static_cast<std::uint64_t>(j), d, q("gamma"), 1e-2, q("delta"), p,
                                    2, 20000, [&](long, const double* x) {
                                      ++states;
                                      bad += std::min(x[0], x[1]) < q("delta") - 1e-12;
                                      return true;
                                    });
            }
            return McResult{"fraction of states with min_i p_i < delta",
                            stats::clopper_pearson(bad, states, alpha),
                            {},
                            {}};
          },
          equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .method("reflected Euler-Maruyama");
}

// main §4.3 (cites thm:ref-erg): the SDE admits a unique invariant measure (literal: the displayed SDE on the
// simplex).
DCRV_CLAIM(claim_sde_unique_invariant) {
  return forall("M.sde-unique-invariant", Kind::stochastic)
      .where("main §4.3, paragraph after the three bullets (cites App. H thm:ref-erg)")
      .statement(
          R"(\text{Literal reading (the displayed SDE on the closed simplex, unreflected): }\pi_\infty$ is unique. Exact: at every vertex $e_k$ the drift ($F_k=\phi_k(e_k)=0$ by (S1), $F_i=0$ for $i\ne k$ with $0\log0=0$) and the noise matrix $\sigma(e_k)$ vanish, so every $\delta_{e_k}$ is invariant: $K\ge2$ distinct invariant laws (checked: two vertices are fixed points, MPFR; $\phi=w-\langle p,w\rangle\mathbf 1$, $\varepsilon\in[0,3]$, $\gamma\in[10^{-4},10^2]$, every $K\ge2$))")
      .over(Domain().dims(2, 0).vector("w", 2.0).real("eps", 0, 3).real("gamma", 1e-4, 1e2, true))
      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
        const int K = a.S();
        const Vec<T> w = a.vec("w");
        const T eps = a.real("eps"), g = a.real("gamma");
        int fixed = 0;
        for (int k = 0; k < 2; ++k) {
          Vec<T> p = Vec<T>::Zero(K);
          p(k) = 1;
          const Vec<T> phi = linear_score(w, p);
          T res(0);
          for (int i = 0; i < K; ++i) {
            // F_i = p_i φ_i − ε p_i(log p_i − ⟨log p⟩) with 0 log 0 := 0: at a vertex only i = k survives,
            // and its entropy term is 1·(0 − 0)
            res += abs(T(p(i) * phi(i)));
          }
          res += wf_sigma(p, g).cwiseAbs().sum();
          (void)eps;
          fixed += res == 0;
        }
        // unique invariant law ⇒ at most one invariant Dirac at a vertex
        return le<T>(T(fixed), T(1));
      });
}

namespace {
McResult two_starts(const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
  const LinearDrift d = linear_array_drift({0.5, 0.0, -0.5}, q("eps"));
  const double dl = q("delta"), h = 1e-2;
  const long steps = std::lround(q("T") / h);
  std::vector<double> xa, xb;
  for (long j = first; j < first + count; ++j) {
    double a[3] = {1 - 2 * dl, dl, dl}, b[3] = {dl, dl, 1 - 2 * dl};
    run_wf_reflected_path(seed, static_cast<std::uint64_t>(j), d, q("gamma"), h, dl, a, 3, steps,
                          [](long, const double*) { return true; });
    // common random numbers (the same increments from both starts): each marginal law is exact, and the
    // paired difference has a small variance when the reflected flow contracts
    run_wf_reflected_path(seed, static_cast<std::uint64_t>(j), d, q("gamma"), h, dl, b, 3, steps,
                          [](long, const double*) { return true; });
    xa.push_back(a[0] - b[0]);
  }
  (void)xb;
  return McResult{
      "E p_1(T) from e_1 minus from e_3 (reflected, paired)", stats::mean_interval(xa, alpha), {}, {}};
}
} // namespace

// Reading ~reflected of M.sde-unique-invariant: the SDE reflected on Δ_δ⋆ (App. H thm:ref-erg).
DCRV_CLAIM(claim_sde_unique_invariant_reflected) {
  return stochastic("M.sde-unique-invariant~reflected", Kind::stochastic)
      .reading("the SDE reflected on the trimmed simplex (App. H thm:ref-erg)")
      .where("main §4.3, paragraph after the three bullets (cites App. H thm:ref-erg)")
      .statement(
          R"(\text{Reflected on }\Delta_{\delta_\star}$: the law at $T=10$ does not depend on the start (proxy of uniqueness): the difference of $\mathbb E\,p_1(T)$ from the trim vertices $e_1$ and $e_3$ lies in $[-0.02,0.02]$ (paired paths with common increments, Student interval; $K=3$, $w=(0.5,0,-0.5)$, $\varepsilon=0.5$, $\gamma=0.2$, $\delta_\star=0.05$))")
      .experiment(
          "K=3 two starts",
          [](const Context&) {
            return McParams{{"K", 3}, {"eps", 0.5}, {"gamma", 0.2}, {"delta", 0.05}, {"T", 10}};
          },
          12, two_starts,
          between([]<class T>(const McParams&, const Consts<T>&) { return T(-0.02); },
                  []<class T>(const McParams&, const Consts<T>&) { return T(0.02); }))
      .method("reflected Euler-Maruyama from two starts");
}

// main §4.3 (cites cor:gradient): for small ε, π∞ concentrates on high-utility, low-diversity regions.
DCRV_CLAIM(claim_sde_invariant_concentrates) {
  Stochastic s = stochastic("M.sde-invariant-concentrates", Kind::stochastic);
  s.where("main §4.3, paragraph after the three bullets (cites App. H cor:gradient)")
      .statement(
          R"(\text{For small }\varepsilon$ the invariant law concentrates on high-utility, low-diversity regions (proxy): the mini-batch chains projected on $\Delta_{10^{-3}}$ ($K=4$, $\mathcal C=\{1,2,3\}$, $\varepsilon=10^{-3}$, $B=8$, $\eta=0.05$, $p_0$ uniform) at $t=200$ have correct mass $\mathbb E\rho\ge0.9$ for STaR, GRPO ($G=8$) and DPO ($\beta=1$), and within-correct normalised entropy $\mathbb E[H(p_{\mathcal C}/\rho)]/\log3\le\tfrac12$ for STaR and GRPO — not for DPO, which the paper says equalizes the correct traces (§4.3 DPO bullet))")
      .method("exact mini-batch chains with projection onto the trimmed simplex");
  for (int algo : {kStar, kGrpo, kDpo}) {
    s.experiment(
        std::string(algo_name(algo)) + " correct mass",
        [algo](const Context&) {
          return McParams{{"K", kK}, {"algo", double(algo)}, {"eps", 1e-3},
                          {"B", 8},  {"eta", 0.05},          {"T", 200}};
        },
        1,
        [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
          const auto fin = chain_finals(q.integer("algo"), q("eps"), 8, q("eta"), q("T"), 1e-3,
                                        {0.25, 0.25, 0.25, 0.25}, seed, first, count);
          std::vector<double> rho;
          for (long j = 0; j < count; ++j)
            rho.push_back(fin[kK * j] + fin[kK * j + 1] + fin[kK * j + 2]);
          return McResult{"E rho(T)", stats::mean_interval(rho, alpha), {}, {}};
        },
        at_least_value(0.9), 64);
    if (algo == kDpo) // DPO equalizes within the correct set (main §4.3): low diversity is not its claim
      continue;
    s.experiment(
        std::string(algo_name(algo)) + " within-correct entropy",
        [algo](const Context&) {
          return McParams{{"K", kK}, {"algo", double(algo)}, {"eps", 1e-3},
                          {"B", 8},  {"eta", 0.05},          {"T", 200}};
        },
        1,
        [](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
          const auto fin = chain_finals(q.integer("algo"), q("eps"), 8, q("eta"), q("T"), 1e-3,
                                        {0.25, 0.25, 0.25, 0.25}, seed + 7, first, count);
          std::vector<double> h;
          for (long j = 0; j < count; ++j)
            h.push_back(shares_of(&fin[kK * j]).entropy);
          return McResult{"E H(p_C/rho)/log 3 at T", stats::mean_interval(h, alpha), {}, {}};
        },
        at_most_value(0.5), 64);
  }
  return s;
}

namespace {
/// Diversity gain E D(p_T) − D(p_det(T)) of the noisy chain over the deterministic flow at T = 100.
McResult diversity_gain(const McParams& q, std::uint64_t seed, long first, long count, double alpha,
                        bool within) {
  const std::vector<double> p0 = {0.3, 0.25, 0.2, 0.25};
  const int algo = q.integer("algo");
  const auto det = flow_at(algo, q("eps"), p0, q("T"));
  const double dd = within ? shares_of(det.data()).entropy : entropy_of(det.data(), kK);
  const auto fin =
      chain_finals(algo, q("eps"), std::lround(q("B")), q("eta"), q("T"), 0, p0, seed, first, count);
  std::vector<double> g;
  for (long j = 0; j < count; ++j)
    g.push_back((within ? shares_of(&fin[kK * j]).entropy : entropy_of(&fin[kK * j], kK)) - dd);
  McResult r{within ? "E H(p_C/rho)(T)/log 3 minus its deterministic value"
                    : "E H(p_T) minus H of the deterministic flow",
             stats::mean_interval(g, alpha),
             {},
             {}};
  r.details["deterministic_value"] = std::to_string(dd);
  return r;
}
Stochastic diversity_claim(const char* id, bool within) {
  Stochastic s = stochastic(id, Kind::stochastic);
  for (int algo : {kStar, kGrpo, kDpo})
    for (double eps : {1e-3, 1e-2})
      for (long B : {8L, 128L}) {
        const std::string label = std::string(algo_name(algo)) + " eps=" + (eps < 5e-3 ? "1e-3" : "1e-2") +
                                  " B=" + std::to_string(B);
        s.experiment(
            label,
            [algo, eps, B](const Context&) {
              return McParams{{"K", kK},        {"algo", double(algo)}, {"eps", eps},
                              {"B", double(B)}, {"eta", 0.05},          {"T", 100}};
            },
            1,
            [within](const McParams& q, std::uint64_t seed, long first, long count, double alpha) {
              return diversity_gain(q, seed, first, count, alpha, within);
            },
            at_most_value(1e-9), 64); // 1e-9: entropies of collapsed states agree to rounding
      }
  return s;
}
} // namespace

// main §4.3, last sentence; literal diversity measure: the expected Shannon entropy E H(p_t).
DCRV_CLAIM(claim_sde_noise_no_diversity_gain) {
  Stochastic s = diversity_claim("M.sde-noise-no-diversity-gain", false);
  s.where("main §4.3, last sentence of the subsection")
      .statement(
          R"(\text{Batch noise does not increase diversity relative to the deterministic flow (literal measure: }\mathbb E H(p_t)$): $\mathbb E H(p_T)-H(p^{\rm det}_T)\le0$ at $T=100$ for STaR, GRPO ($G=8$), DPO ($\beta=1$), $\varepsilon\in\{10^{-3},10^{-2}\}$, $B\in\{8,128\}$, $\eta=0.05$, $K=4$, $\mathcal C=\{1,2,3\}$, $p_0=(0.3,0.25,0.2,0.25)$ (12 experiments, Student intervals))")
      .method("exact mini-batch chains against the Dormand-Prince flows");
  return s;
}

// Reading ~within-correct of M.sde-noise-no-diversity-gain: diversity = the entropy of the within-correct
// shares.
DCRV_CLAIM(claim_sde_noise_no_diversity_gain_within) {
  Stochastic s = diversity_claim("M.sde-noise-no-diversity-gain~within-correct", true);
  s.reading("diversity = the normalised entropy of the within-correct shares p_C/rho")
      .where("main §4.3, last sentence of the subsection")
      .statement(
          R"(\text{As M.sde-noise-no-diversity-gain with the diversity measure }H(p_{\mathcal C}/\rho)/\log3$ (the within-correct entropy): its expectation under noise minus its deterministic value is $\le0$ at $T=100$ in all 12 settings)")
      .method("exact mini-batch chains against the Dormand-Prince flows");
  return s;
}

// main §4.4, Theorem thm:diversity_decay, closing sentence: finite-batch noise can accelerate collapse.
DCRV_CLAIM(claim_ddt_noise_accelerates) {
  return stochastic("M.ddt-noise-accelerates", Kind::stochastic)
      .where("main §4.4, Theorem thm:diversity_decay, closing sentence")
      .statement(
          R"(\text{Finite-batch noise can accelerate collapse (some setting): GRPO with }\varepsilon=0$ (the deterministic flow keeps the within-correct shares $(\tfrac13,\tfrac13,\tfrac13)$ for ever: no collapse), $K=4$, $G=8$, $B=8$, $\eta=0.05$, $p_0=(0.3,0.3,0.3,0.1)$: by $t=200$ the noisy chain has fixated (a correct trace with $\ge90\%$ or $\le5\%$ of the correct mass) with probability at least $0.05$)")
      .experiment(
          "GRPO eps=0 B=8 t=200",
          [](const Context&) {
            return McParams{{"K", kK}, {"eps", 0.0}, {"B", 8}, {"eta", 0.05}, {"T", 200}};
          },
          2, grpo_fixation, at_least_value(0.05), 64)
      .method("exact mini-batch chain (GRPO field in array form) against the flow");
}

} // namespace dcrv
