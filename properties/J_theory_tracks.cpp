// Appendix J §Study A and §Strategy-simplex overview (appendix_J_aistats.tex, fig:studyA,
// fig:strategy-simplex): the theory tracks of STaR, GRPO and DPO on the 12-trace universe — multiplicative
// weights with the batch frequencies p̂ = n/B, n ~ Multinomial(B, p), η = 0.15, barrier ε ∈ {0, 3·10⁻⁴}, T =
// 5000 — re-run on the ensemble engine (dcrv/ensemble/) over many seeds, the paper's five seeds {101, …, 505}
// reported beside. The initial policy is uniform over the 12 traces (App. J does not give it;
// J.replicator-step). Event times use the literal detector (trailing 50-step window, first t ≥ 200;
// J.event-detection), censored at T + 1.
//
// GRPO's theory fitness as written, φ_i = 1{i ∈ 𝒞}, contains no batch statistic: from the uniform start the
// update is deterministic and keeps the correct traces exactly equal, so no GRPO run can fixate and there is
// no drift. The readings that inject batch noise (importance-weighted φ_i = U_i p̂_i/p_i; only correct traces
// present in the batch reinforced) are registered beside the literal claims.
#include <algorithm>
#include <cmath>
#include <string>

#include "properties/domains/ensemble.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace j_ensemble;

constexpr const char* kStudyA = "App. J §Study A (fig:studyA)";
constexpr const char* kSimplex = "App. J §Strategy-simplex overview (fig:strategy-simplex)";

/// Study A at (method, B, ε): the experiment's parameters in the context of a run.
std::function<McParams(const Context&)> study(Method m, int B, double eps) {
  return [=](const Context& ctx) { return params_for(study_a(m, B, eps), ctx); };
}
std::string case_label(int B, double eps) {
  return (B > 0 ? "B=" + std::to_string(B) + ", " : std::string()) + (eps > 0 ? "eps=3e-4" : "eps=0");
}
/// The batch size of the DPO theory track: App. J names B = 16 and 64 for GRPO (and L ∈ {16, 64} for STaR)
/// but none for DPO's Study A runs or its strategy-simplex panel.
std::vector<SetupValue> dpo_batch_setups() {
  return {{"16", 16}, {"64", 64}};
}
constexpr const char* kDpoBatchWhy =
    "App. J names B = 16 and B = 64 only for GRPO ('median fixation at B=16; no fixation by 5k at B=64'); "
    "no batch size is given for DPO";
double fix_time(const PathSummary& p, int T) {
  return censored(p.fix[event_trailing], T);
}
double homog_time(const PathSummary& p, int T) {
  return censored(p.homog[event_trailing], T);
}

/// fig:studyA, the row of `method`: entropy, Fix, cluster Gini and log10 incorrect mass against steps, the
/// mean ± 1 sd over the seeds of the B = 16 and B = 64 ensembles at ε = 0 — the ensembles the Study A claims
/// read (cached: no extra runs in a full run). Added to the experiment at B = 16, ε = 0 of the hosting claim.
void add_study_a_figure(McResult& m, const JData& d, Method method, const std::string& name, long count = 0) {
  if (!(d.c.B == 16 && d.c.eps == 0 && d.c.start == Start::uniform))
    return;
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  nlohmann::json& s = m.series;
  std::vector<std::string> legend;
  for (int B : {16, 64}) {
    const McParams qb = params_like(d.q, study_a(method, B, 0));
    const Config c = decode(qb);
    // cached (the ensembles of the other Study A claims; `count`: their size when this claim reads more)
    const auto r = ensemble_of(qb, d.r.first, count > 0 ? count : static_cast<long>(d.r.paths.size()));
    const std::string p = "sa" + std::to_string(B) + "_";
    if (!(add_moment_columns(s, *r, c, p, metric_entropy, "H") &&
          add_moment_columns(s, *r, c, p, metric_fix, "Fix") &&
          add_moment_columns(s, *r, c, p, metric_gini, "Gini") &&
          add_moment_columns(s, *r, c, p, metric_incorrect, "lgMinc", true)))
      return;
    legend.push_back("$B=" + std::to_string(B) + "$");
  }
  auto panel = [&](const std::string& col, const std::string& title, const std::string& ylabel) {
    nlohmann::json a = ribbon_axis(title, "sa16_t", {"sa16_" + col, "sa64_" + col}, legend, "step", ylabel);
    a["logx"] =
        true; // the collapse of STaR and the early homogenization of DPO happen in the first 100 steps
    return a;
  };
  s["figures"].push_back(
      {{"title", name + " theory track (fig:studyA): mean $\\pm1$ sd over " +
                     std::to_string(d.r.paths.size()) +
                     " seeds per batch size, $\\varepsilon=0$, uniform start; steps on a log axis from "
                     "$t=25$, the incorrect "
                     "mass as $\\log_{10}$, floored at $10^{-300}$"},
       {"columns", 2},
       {"panels",
        {panel("H", "entropy", "$H[p]$"), panel("Fix", "fixation index", "$\\mathrm{Fix}=\\sum_i p_i^2$"),
         panel("Gini", "cluster Gini", "Gini$(m_A,m_B,m_C)$"),
         panel("lgMinc", "incorrect mass", "$\\log_{10}M_{\\mathrm{inc}}$")}}});
}
/// fig:strategy-simplex for the ensemble of d at B = 16, ε = 0.
void add_simplex_b16(McResult& m, const JData& d, const std::string& name) {
  if (d.c.B == 16 && d.c.eps == 0)
    add_simplex_figure(
        m, d.r, d.c, "sx_",
        name +
            " on the cluster simplex (fig:strategy-simplex), $B=16$, $\\varepsilon=0$: the mean "
            "cluster masses over " +
            std::to_string(d.r.paths.size()) + " seeds and four single runs");
}

/// Median fixation time of STaR against floor + close (one smoothing window by default).
Claim star_collapse(const std::string& id, const std::string& reading, Method m) {
  Stochastic s(id, Kind::empirical);
  s.where(kStudyA)
      .statement(
          R"(Under the STaR theory update the fixation event (smoothed $\max_i p_i\ge0.75$ and $\max_k m_k\ge0.9$) comes at or close to the 200-step floor: the median fixation time over seeds is at most $200+c$, $c=50$ steps (one smoothing window), for $B\in\{16,64\}$, $\varepsilon\in\{0,3\cdot10^{-4}\}$, $T=5000$, uniform start)")
      .constant("close", 50, Role::upper,
                "steps after the 200-step floor that count as 'at or close to the floor'")
      .reading(reading);
  for (int B : {16, 64})
    for (double eps : {0.0, study_a_barrier()})
      s.experiment(
          case_label(B, eps), study(m, B, eps), kPathsPerUnit, ensemble_measure([m](const JData& d) {
            McResult r = quantile_stat(d, "median fixation time", "at or close to 200 (H -> 0, Fix -> 1)",
                                       0.5, [&](const PathSummary& p) { return fix_time(p, d.c.T); });
            add_study_a_figure(r, d, m, "STaR");
            return r;
          }),
          at_most([]<class T>(const McParams& q, const Consts<T>& k) { return T(q("floor")) + k("close"); }));
  return s.method("ensemble engine (cpu/cuda backend), App. J theory STaR, exact multinomial batches");
}
} // namespace

// App. J §Study A: "STaR collapses essentially immediately (H → 0, Fix → 1)".
DCRV_CLAIM(claim_star_immediate_collapse) {
  return star_collapse("J.star-immediate-collapse", "", Method::star);
}

// App. J fig:studyA caption: "STaR deterministically fixates" — every run reaches the fixation event.
DCRV_CLAIM(claim_star_always_fixates) {
  Stochastic s("J.star-always-fixates", Kind::empirical);
  s.where("App. J fig:studyA caption")
      .statement(
          R"(Every STaR theory run reaches the fixation event by $T=5000$: the fraction of runs without a fixation event is $0$ (a universal claim over seeds: any such run falsifies it and is listed for replay))");
  for (int B : {16, 64})
    for (double eps : {0.0, study_a_barrier()})
      s.experiment(case_label(B, eps), study(Method::star, B, eps), kPathsPerUnit,
                   ensemble_measure([](const JData& d) {
                     return fraction_stat(d, "fraction of runs without fixation by T",
                                          "0 (every seed fixates)",
                                          [](const PathSummary& p) { return p.fix[event_trailing] < 0; });
                   }),
                   equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }));
  return s.method("ensemble engine, App. J theory STaR; Clopper-Pearson interval of the fraction");
}

namespace {
/// J.grpo-median-fix-b16 under a GRPO fitness, judged under the paper's protocol: the paper reports the
/// median over its five seeds; the claim is that this protocol reports a value within the stated relative
/// tolerance of 4700 (and not beyond the horizon) — P(median of 5 runs in range) ≥ protocol_level, with the
/// population median (order statistics over all runs) and the paper's seeds 101..505 beside it.
Claim grpo_median(const std::string& id, const std::string& reading, Method m) {
  Stochastic s(id, Kind::empirical);
  s.where(kStudyA)
      .statement(
          R"(Under the GRPO theory update at $B=16$ the median fixation time over the paper's five seeds is about $4.7\cdot10^3$ steps: the five-seed median lies in $[m(1-a),\,\min(m(1+a),T)]$, $m=4700$, $a=0.1$, $T=5000$ (runs without fixation count as $T+1$) with probability at least $\ell=0.01$ (the paper's protocol: five seeds; its sampling law estimated from the ensemble))")
      .constant("median", 4700, Role::exact, "the reported median fixation time at B = 16")
      .constant("about", 0.1, Role::upper, "relative tolerance of 'about' (dcrv's reading)")
      .constant("protocol_level", kProtocolLevel, Role::lower,
                "probability below which the five-seed protocol's report counts as implausible (decision "
                "rule)")
      .range("protocol_level", Range::unit_open) // a probability level
      .reading(reading);
  for (double eps : {0.0, study_a_barrier()})
    s.experiment(
        case_label(16, eps),
        [m, eps](const Context& ctx) {
          McParams q = params_for(study_a(m, 16, eps), ctx);
          q.set("s_median", ctx.constant("median"));
          q.set("s_about", ctx.constant("about"));
          q.set("s_level", ctx.constant("protocol_level"));
          return q;
        },
        // 2 × the seeds of the other Study A experiments: under the importance-weighted reading the
        // probability's upper bound at 1024 seeds lies at the 1 % level (0.0091 at seed 1, 0.0101 at 99)
        2 * kPathsPerUnit, ensemble_measure([m, reading](const JData& d) {
          const double lo = d.q("s_median") * (1 - d.q("s_about")),
                       hi = std::min(d.q("s_median") * (1 + d.q("s_about")), static_cast<double>(d.c.T));
          const auto f = [&](const PathSummary& p) { return fix_time(p, d.c.T); };
          const auto x = values_of(d.r.paths, f);
          const auto five = values_of(d.five, f);
          std::vector<bool> failed;
          for (const auto& p : d.r.paths)
            failed.push_back(p.status != 0);
          McResult r = protocol_result(
              d.experiment, d.alpha, "median fixation time (censored at T+1)",
              "[" + num(lo) + ", " + num(hi) + "]", lo, hi,
              protocol_median_probability(x, lo, hi, d.alpha, failed), "median fixation time over all runs",
              quantile_bracketed(d.r.paths, f, 0.5, d.alpha), five, median_of_five(five), d.q("s_level"),
              "about 4700 (median of five seeds)", true);
          if (const long nf = failed_runs(d.r.paths); nf > 0)
            r.censoring = bracketing_text(nf, "counted below and above the range (the two bounds of P)");
          add_study_a_figure(r, d, m, reading.empty() ? "GRPO" : "GRPO (the reading of this ID)",
                             static_cast<long>(d.r.paths.size()) / 2);
          return r;
        }),
        at_least([]<class T>(const McParams&, const Consts<T>& k) { return k("protocol_level"); }));
  return s.method(
      "ensemble engine, App. J theory GRPO; the paper's protocol: the law of the median of five "
      "runs from the empirical law of all runs (Clopper-Pearson bounds), the population median by "
      "order statistics beside it");
}
} // namespace

// App. J §Study A: "median fixation ≈ 4.7k steps at B = 16".
DCRV_CLAIM(claim_grpo_median_fix_b16) {
  return grpo_median("J.grpo-median-fix-b16", "", Method::grpo);
}
DCRV_CLAIM(claim_grpo_median_fix_b16_iw) {
  return grpo_median("J.grpo-median-fix-b16~importance-weighted",
                     "GRPO fitness phi_i = U_i phat_i / p_i (importance-weighted, unbiased for U_i)",
                     Method::grpo_iw);
}
DCRV_CLAIM(claim_grpo_median_fix_b16_present) {
  return grpo_median(
      "J.grpo-median-fix-b16~present-only",
      "GRPO fitness phi_i = U_i 1{n_i > 0}: only correct traces present in the batch are reinforced",
      Method::grpo_present);
}

namespace {
Claim grpo_nofix(const std::string& id, const std::string& reading, Method m, int B = 64) {
  Stochastic s(id, Kind::empirical);
  s.where(kStudyA)
      .statement("Under the GRPO theory update at $B=" + std::to_string(B) +
                 "$ no run reaches the fixation event within $T=5000$ steps: the fraction of runs that "
                 "fixate is $0$")
      .reading(reading);
  for (double eps : {0.0, study_a_barrier()})
    // at B = 16 the runs of the median claims (twice the seeds: their ensembles are shared, not rerun)
    s.experiment(case_label(B, eps), study(m, B, eps), B == 16 ? 2 * kPathsPerUnit : kPathsPerUnit,
                 ensemble_measure([](const JData& d) {
                   return fraction_stat(d, "fraction of runs that fixate by T", "0 (no fixation by 5k)",
                                        [](const PathSummary& p) { return p.fix[event_trailing] >= 0; });
                 }),
                 equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }));
  return s.method("ensemble engine, App. J theory GRPO; Clopper-Pearson interval of the fraction");
}
} // namespace

// App. J §Study A: "no fixation by 5k at B = 64".
DCRV_CLAIM(claim_grpo_nofix_b64) {
  return labelled(
      grpo_nofix("J.grpo-nofix-b64", "", Method::grpo), "vacuous",
      "under the literal GRPO fitness phi_i = 1{i in C} the update holds no batch statistic: from the "
      "uniform start the correct traces stay exactly equal, so no run can fixate whatever B is");
}
DCRV_CLAIM(claim_grpo_nofix_b64_iw) {
  return grpo_nofix("J.grpo-nofix-b64~importance-weighted", "GRPO fitness phi_i = U_i phat_i / p_i",
                    Method::grpo_iw);
}
DCRV_CLAIM(claim_grpo_nofix_b64_present) {
  return grpo_nofix("J.grpo-nofix-b64~present-only", "GRPO fitness phi_i = U_i 1{n_i > 0}",
                    Method::grpo_present);
}

// Reading ~corrected of J.grpo-median-fix-b16 (finding J.grpo-fitness-sentences): under App. J's stated GRPO
// fitness φ_i = 1{i ∈ C} the update holds no batch statistic, and for i, j ∈ C the ratio p_i/p_j changes by
// exp(−ηε(log p_i − log p_j)) per step (no change at ε = 0, towards 1 for ε > 0): from the uniform start the
// correct traces stay equal, the largest cluster mass stays 3/8 < 0.9, so no run can fixate at any B —
// in particular not at B = 16. Checked on the runs (fails if any run fixates).
DCRV_CLAIM(claim_grpo_median_fix_b16_corrected) {
  return labelled(grpo_nofix("J.grpo-median-fix-b16~corrected",
                             "under the stated GRPO fitness phi_i = 1{i in C} no run fixates at B = 16",
                             Method::grpo, 16),
                  "vacuous",
                  "the stated fitness is constant on the correct set: from the uniform start no run can "
                  "fixate (the exact consequence the corrected statement records)");
}

namespace {
/// Drift among correct traces after the floor, ‖q_T − q_200‖₁ of the within-correct distribution: its mean at
/// B = 16 exceeds its mean at B = 64 by more than the resolution (Welch interval of the difference).
McResult drift_difference(const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
  McParams q64 = q;
  q64.set("B", 64);
  const auto r16 = ensemble_of(q, first, count);
  const auto r64 = ensemble_of(q64, first, count);
  const auto d16 = values_of(r16->paths, correct_drift), d64 = values_of(r64->paths, correct_drift);
  McResult m;
  m.name = "mean within-correct drift |q_T - q_200|_1 at B=16 minus at B=64";
  m.interval = stats::difference_interval(d16, d64, alpha);
  const auto f16 = run_seeds(decode(q), paper_seeds()), f64 = run_seeds(decode(q64), paper_seeds());
  note_paper(m, experiment, "slow drift, faster at smaller B",
             "mean drift " + num(mean_of(values_of(f16, correct_drift))) + " (B=16) vs " +
                 num(mean_of(values_of(f64, correct_drift))) + " (B=64); over all seeds " +
                 num(mean_of(d16)) + " vs " + num(mean_of(d64)));
  return m;
}
Claim grpo_drift(const std::string& id, const std::string& reading, Method m) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study A and fig:studyA caption")
      .statement(
          R"(GRPO drifts slowly among correct traces, faster for smaller $B$: the mean drift $\|q_T-q_{200}\|_1$ of the distribution within the correct set, $q=p|_{\mathcal C}/\rho$, is larger at $B=16$ than at $B=64$ by more than the resolution $r=10^{-6}$)")
      .constant("resolution", 1e-6, Role::lower, "smallest difference of mean drifts that counts as a drift")
      .range("resolution", Range::non_negative)
      .reading(reading);
  for (double eps : {0.0, study_a_barrier()})
    s.experiment(
        case_label(16, eps) + " vs B=64", study(m, 16, eps), kPathsPerUnit,
        [](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
          return drift_difference(q, experiment, first, count, alpha);
        },
        at_least([]<class T>(const McParams&, const Consts<T>& k) { return k("resolution"); }));
  return s.method("ensemble engine, App. J theory GRPO; Welch interval of the difference of mean drifts");
}
} // namespace

// App. J §Study A: "GRPO exhibits slow, batch-size-dependent drift".
DCRV_CLAIM(claim_grpo_batch_dependent_drift) {
  return grpo_drift("J.grpo-batch-dependent-drift", "", Method::grpo);
}
DCRV_CLAIM(claim_grpo_batch_dependent_drift_iw) {
  return grpo_drift("J.grpo-batch-dependent-drift~importance-weighted",
                    "GRPO fitness phi_i = U_i phat_i / p_i", Method::grpo_iw);
}
DCRV_CLAIM(claim_grpo_batch_dependent_drift_present) {
  return grpo_drift("J.grpo-batch-dependent-drift~present-only", "GRPO fitness phi_i = U_i 1{n_i > 0}",
                    Method::grpo_present);
}

namespace {
Claim dpo_early(const std::string& id, const std::string& reading, Method m, Start start) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study A and fig:studyA caption")
      .statement(
          R"(Under the DPO theory update correct strategies homogenize early: the median homogenization time (smoothed cluster Gini $\le0.10$, nonzero cluster masses $\ge0.15$) is at most $200+c$, $c=50$ steps, at the batch size $B$ of the setup ($16$ or $64$: App. J names none for DPO), $\varepsilon\in\{0,3\cdot10^{-4}\}$)")
      .constant("close", 50, Role::upper, "steps after the 200-step floor that count as 'early'")
      .reading(reading)
      .setup("DPO batch size", dpo_batch_setups(), kDpoBatchWhy);
  for (double eps : {0.0, study_a_barrier()})
    s.experiment(
        case_label(0, eps),
        [=](const Context& ctx, const Setup& setup) {
          Config c = study_a(m, static_cast<int>(setup("DPO batch size")), eps);
          c.start = start;
          return params_for(c, ctx);
        },
        kPathsPerUnit, ensemble_measure([](const JData& d) {
          return quantile_stat(d, "median homogenization time", "near the start", 0.5,
                               [&](const PathSummary& p) { return homog_time(p, d.c.T); });
        }),
        at_most([]<class T>(const McParams& q, const Consts<T>& k) { return T(q("floor")) + k("close"); }));
  return s.method("ensemble engine, App. J theory DPO; median by order statistics");
}
} // namespace

// App. J §Study A: "DPO homogenizes correct strategies early". From the uniform start the homogenization
// condition already holds at t = 0 (cluster masses (1/4, 1/4, 1/6), Gini 1/12): the literal claim is about
// keeping it; the Dirichlet-start reading asks for it from a random policy.
DCRV_CLAIM(claim_dpo_homogenizes_early) {
  return dpo_early("J.dpo-homogenizes-early", "", Method::dpo, Start::uniform);
}
DCRV_CLAIM(claim_dpo_homogenizes_early_random_start) {
  return dpo_early("J.dpo-homogenizes-early~random-start", "initial policy Dirichlet(1,...,1) per seed",
                   Method::dpo, Start::dirichlet);
}
DCRV_CLAIM(claim_dpo_homogenizes_early_sampled) {
  return dpo_early("J.dpo-homogenizes-early~sampled-only",
                   "DPO fitness -log phat_i only for correct traces present in the batch (absent ones get 0)",
                   Method::dpo_sampled, Start::uniform);
}

// App. J §Study A: "DPO … maintaining zero incorrect mass" — sup_{t ≥ 200} M_inc ≤ tol in every run.
DCRV_CLAIM(claim_dpo_zero_incorrect) {
  Stochastic s("J.dpo-zero-incorrect", Kind::empirical);
  s.where("App. J §Study A and fig:studyA caption")
      .statement(
          R"(Under the DPO theory update the incorrect mass is kept at (numerically) zero: the fraction of runs with $\sup_{t\ge200}M_{\mathrm{inc}}(t)>\tau$, $\tau=10^{-6}$, is $0$)")
      .constant("tol", 1e-6, Role::upper, "incorrect mass that counts as numerically zero");
  for (int B : {16, 64})
    for (double eps : {0.0, study_a_barrier()})
      s.experiment(case_label(B, eps), params_with_constant(study_a(Method::dpo, B, eps), "tol"),
                   kPathsPerUnit, ensemble_measure([](const JData& d) {
                     const double tol = d.q("s_tol");
                     McResult m = fraction_stat(
                         d, "fraction of runs with sup_{t>=200} M_inc > tol", "0",
                         [tol](const PathSummary& p) { return !(p.max_incorrect_after_floor <= tol); });
                     double worst = 0;
                     for (const auto& p : d.r.paths)
                       worst = std::max(worst, p.max_incorrect_after_floor);
                     m.details["largest sup_{t>=200} M_inc"] = num(worst);
                     add_study_a_figure(m, d, Method::dpo, "DPO");
                     return m;
                   }),
                   equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }));
  return s.method("ensemble engine, App. J theory DPO; Clopper-Pearson interval of the fraction");
}

// App. J §Strategy-simplex: "STaR collapses to a vertex" — the final largest cluster mass ≥ 1 − tol in every
// run.
DCRV_CLAIM(claim_simplex_star_vertex) {
  Stochastic s("J.simplex-star-vertex", Kind::empirical);
  s.where(kSimplex)
      .statement(
          R"(STaR trajectories on the cluster simplex go to a vertex: the fraction of runs whose final largest cluster mass is below $1-\tau$, $\tau=0.01$, is $0$ ($B\in\{16,64\}$, $\varepsilon=0$))")
      .constant("tol", 0.01, Role::upper, "distance from the vertex that counts as reaching it");
  for (int B : {16, 64})
    s.experiment(case_label(B, 0), params_with_constant(study_a(Method::star, B, 0), "tol"), kPathsPerUnit,
                 ensemble_measure([](const JData& d) {
                   const double tol = d.q("s_tol");
                   McResult m = fraction_stat(
                       d, "fraction of runs with max_k m_k(T) < 1 - tol", "vertex (monoculture)",
                       [tol](const PathSummary& p) { return !(final_max_cluster(p) >= 1 - tol); });
                   add_simplex_b16(m, d, "STaR");
                   return m;
                 }),
                 equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }));
  return s.method("ensemble engine, App. J theory STaR; Clopper-Pearson interval of the fraction");
}

namespace {
Claim grpo_face(const std::string& id, const std::string& reading, Method m) {
  Stochastic s(id, Kind::empirical);
  s.where(kSimplex)
      .statement(
          R"(GRPO trajectories wander along the face of correct traces before a noise-driven fixation: at $B=16$, $\varepsilon=0$, most runs (fraction $\ge1/2$) reach the fixation event by $T=5000$, and the within-correct drift $\|q_T-q_{200}\|_1$ after step 200 exceeds the resolution $r=10^{-6}$ in most runs)")
      .constant("resolution", 1e-6, Role::lower,
                "smallest within-correct drift that counts as a drift (rounding noise is ~1e-16)")
      .range("resolution", Range::non_negative)
      .reading(reading);
  s.experiment("B=16 fixation", study(m, 16, 0), kPathsPerUnit, ensemble_measure([reading](const JData& d) {
                 McResult r = fraction_stat(d, "fraction of runs that fixate by T", "noise-driven fixation",
                                            [](const PathSummary& p) { return p.fix[event_trailing] >= 0; });
                 add_simplex_b16(r, d, reading.empty() ? "GRPO" : "GRPO (the reading of this ID)");
                 return r;
               }),
               at_least([]<class T>(const McParams&, const Consts<T>&) { return T(1) / T(2); }));
  s.experiment("B=16 drift", params_with_constant(study_a(m, 16, 0), "resolution"), kPathsPerUnit,
               ensemble_measure([](const JData& d) {
                 const double r = d.q("s_resolution");
                 return fraction_stat(d, "fraction of runs with within-correct drift > r after step 200",
                                      "wanders along the face",
                                      [r](const PathSummary& p) { return correct_drift(p) > r; });
               }),
               at_least([]<class T>(const McParams&, const Consts<T>&) { return T(1) / T(2); }));
  return s.method("ensemble engine, App. J theory GRPO; Clopper-Pearson intervals");
}
} // namespace

// App. J §Strategy-simplex: "GRPO meanders along a neutral manifold before noise-driven fixation".
DCRV_CLAIM(claim_simplex_grpo_drift_fixation) {
  return grpo_face("J.simplex-grpo-drift-fixation", "", Method::grpo);
}
DCRV_CLAIM(claim_simplex_grpo_drift_fixation_iw) {
  return grpo_face("J.simplex-grpo-drift-fixation~importance-weighted",
                   "GRPO fitness phi_i = U_i phat_i / p_i", Method::grpo_iw);
}
DCRV_CLAIM(claim_simplex_grpo_drift_fixation_present) {
  return grpo_face("J.simplex-grpo-drift-fixation~present-only", "GRPO fitness phi_i = U_i 1{n_i > 0}",
                   Method::grpo_present);
}

// App. J §Strategy-simplex: "DPO equalizes mass within the correct set" — the mean final cluster Gini is at
// most the homogenization threshold 0.10 (B of the representative run unstated: B = 16 and B = 64).
DCRV_CLAIM(claim_simplex_dpo_equalize) {
  Stochastic s("J.simplex-dpo-equalize", Kind::empirical);
  s.where(kSimplex)
      .statement(
          R"(DPO trajectories equalize mass within the correct set: the mean final cluster Gini is at most $g=0.10$ (the homogenization threshold), at the batch size $B$ of the setup ($16$ or $64$: App. J names none for DPO), $\varepsilon=0$)")
      .constant("gini", 0.10, Role::upper,
                "cluster Gini that counts as equalized (App. J's homogenization threshold)")
      .range("gini", Range::unit_closed) // a Gini coefficient
      .setup("DPO batch size", dpo_batch_setups(), kDpoBatchWhy);
  s.experiment(
      case_label(0, 0),
      [](const Context& ctx, const Setup& setup) {
        return params_for(study_a(Method::dpo, static_cast<int>(setup("DPO batch size")), 0), ctx);
      },
      // 4 × the seeds of the other Study A experiments: at B = 64 the mean final Gini (about 0.095) lies
      // within the 1024-seed interval's half-width (0.0055) of the threshold 0.10, so the verdict at 1024
      // seeds depends on --seed (measured: seed 1 verified, seed 7 inconclusive)
      4 * kPathsPerUnit, ensemble_measure([](const JData& d) {
        McResult m = mean_stat(d, "mean final cluster Gini", "equalized on the face",
                               [](const PathSummary& p) { return p.final_metric[metric_gini]; });
        add_simplex_b16(m, d, "DPO");
        return m;
      }),
      at_most([]<class T>(const McParams&, const Consts<T>& k) { return k("gini"); }));
  return s.method("ensemble engine, App. J theory DPO; Student-t interval of the mean");
}

} // namespace dcrv
