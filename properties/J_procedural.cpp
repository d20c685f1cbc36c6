// Appendix J §Study B: overlays and alignment (appendix_J_aistats.tex, fig:overlays, fig:studyAplus,
// fig:align-summary): the algorithm-faithful (procedural) STaR / GRPO / DPO on logits against the theory
// track, re-run on the ensemble engine over many seeds. The procedural updates are specified only in outline
// (J.proc-star, J.proc-grpo, J.proc-dpo, J.proc-calibration); dcrv's reading, fixed before any run:
//   * batch drawn trace by trace (B i.i.d. draws), L = B (STaR), m = B/2 (GRPO, m ∈ {8, 16, 32} for
//     B ∈ {16, 32, 64}), pairs = B/2 consecutive draws with outcomes by the verifier (DPO, Davidson ties,
//     strengths e^θ);
//   * η_proc calibrated per method and B on 8 anchor states (uniform + 7 Dirichlet(1) draws) × 32 shared
//     batches: the largest mean cosine of the one-step Δp among η on a geometric grid 10⁻²…10² whose mean
//     norm ratio is within [0.8, 1.25] (dcrv/ensemble/ensemble.hpp calibrate);
//   * DPO's "adaptive scaling": literal = a per-step rescaling of Δθ so that the linearised ‖Δp‖₂ equals the
//     theory step's (ν and pairs calibrated); reading ~global-eta = one calibrated η_dpo, ν = 1;
//   * the overlays at B = 64, theory companion at ε = 0 with the same sampler; event times by the literal
//     detector; alignment per step at the same state and batch (cosines of Δp, Euclidean and Shahshahani;
//     sign agreement of the log-ratio slopes over trace pairs; one-step JS divergence of the next states).
// "High" cosine / sign agreement means ≥ 0.9, "modest" cosine ≤ 0.5, "coincide" event times within one
// smoothing window (50 steps) — dcrv's thresholds.
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "properties/domains/ensemble.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace j_ensemble;

constexpr double kHigh = 0.9, kModest = 0.5, kWindow = 50;

/// The calibrated procedural configuration of method m at batch B.
/// (The calibration comes from the calibration stream, the same under every --seed: ensemble.hpp.)
Config calibrated_proc(Method m, int B, bool per_step_norm, Anchors a = Anchors::uniform_and_dirichlet) {
  const Config c = procedural(m, B, per_step_norm);
  return calibrated(c, calibration_of(c, a));
}
std::function<McParams(const Context&)> proc(Method m, int B, bool norm = true) {
  return [=](const Context& ctx) { return params_for(calibrated_proc(m, B, norm), ctx); };
}
/// As proc, calibrated on the anchor set of the setup's choice "calibration anchors".
std::function<McParams(const Context&, const Setup&)> proc_anchored(Method m, int B, bool norm = true) {
  return [=](const Context& ctx, const Setup& s) {
    return params_for(
        calibrated_proc(m, B, norm, static_cast<Anchors>(std::lround(s("calibration anchors")))), ctx);
  };
}
/// Per-run mean of an alignment sum (0 when the run had no aligned step).
double per_step(const PathSummary& p, double PathSummary::*field) {
  // the sign agreement is averaged over the steps where some pair entered it (PathSummary::sign_steps)
  const long n = field == &PathSummary::sign_agree ? p.sign_steps : p.align_steps;
  return n > 0 ? p.*field / static_cast<double>(n) : 0.0;
}
/// Per-run mean of an alignment sum over every step with a nonzero theory step, a step without procedural
/// update counting 0 (the norm ratio "along the runs", not only where the procedure moved).
double per_all_steps(const PathSummary& p, double PathSummary::*field) {
  const long n = p.align_steps + p.noop_steps;
  return n > 0 ? p.*field / static_cast<double>(n) : 0.0;
}
McMeasure alignment_mean(std::string what, std::string paper, double PathSummary::*field) {
  return ensemble_measure([what, paper, field](const JData& d) {
    McResult m = mean_stat(d, "mean per-step " + what, paper,
                           [field](const PathSummary& p) { return per_step(p, field); });
    m.details["calibrated eta_proc, nu, pairs"] =
        num(d.c.eta_proc) + ", " + num(d.c.nu) + ", " + std::to_string(d.c.pairs);
    return m;
  });
}
/// As alignment_mean, over all steps (per_all_steps); the mean over the aligned steps only beside it.
McMeasure all_steps_mean(std::string what, std::string paper, double PathSummary::*field) {
  return ensemble_measure([what, paper, field](const JData& d) {
    McResult m = mean_stat(d, "mean " + what + " over all steps", paper,
                           [field](const PathSummary& p) { return per_all_steps(p, field); });
    m.details["mean over the steps with a procedural update only"] =
        num(mean_of(values_of(d.r.paths, [field](const PathSummary& p) { return per_step(p, field); })));
    m.details["calibrated eta_proc, nu, pairs"] =
        num(d.c.eta_proc) + ", " + num(d.c.nu) + ", " + std::to_string(d.c.pairs);
    return m;
  });
}
/// fig:overlays: entropy and cluster Gini against steps, mean ± 1 sd over the seeds, of the procedural runs
/// and of the theory companion's (the two ensembles a procedural claim reads).
void add_overlay_figure(McResult& m, const McParams& q, const EnsembleResult& rp, const EnsembleResult& rt,
                        const std::string& name) {
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  const Config cp = decode(q), ct = theory_companion(cp);
  for (const auto& [r, c, p] : {std::tuple{&rp, &cp, "op_"}, std::tuple{&rt, &ct, "ot_"}})
    if (!add_moment_columns(m.series, *r, *c, p, metric_entropy, "H") ||
        !add_moment_columns(m.series, *r, *c, p, metric_gini, "Gini"))
      return;
  const std::vector<std::string> legend = {"procedural", "theory"};
  m.series["figures"].push_back(
      {{"title", name + ", procedural against theory track (fig:overlays), $B=" + std::to_string(cp.B) +
                     "$: mean $\\pm1$ sd over " + std::to_string(rp.paths.size()) +
                     " seeds, common random numbers"},
       {"columns", 2},
       {"panels",
        {ribbon_axis("entropy", "op_t", {"op_H", "ot_H"}, legend, "step", "$H[p]$"),
         ribbon_axis("cluster Gini", "op_t", {"op_Gini", "ot_Gini"}, legend, "step",
                     "Gini$(m_A,m_B,m_C)$")}}});
}
/// Mean of f over the procedural runs minus its mean over the theory companion's runs (Welch); `overlay`: the
/// figure of the two tracks under that name.
template <class F>
McMeasure proc_minus_theory(std::string what, std::string paper, F f, std::string overlay = "") {
  return [what, paper, f, overlay](const McParams& q, std::uint64_t experiment, long first, long count,
                                   double alpha) {
    const auto rp = ensemble_of(q, first, count);
    const McParams qt = params_like(q, theory_companion(decode(q)));
    const auto rt = ensemble_of(qt, first, count);
    const auto xp = values_of(rp->paths, f), xt = values_of(rt->paths, f);
    McResult m;
    m.name = "mean " + what + ": procedural minus theory";
    m.interval = stats::difference_interval(xp, xt, alpha);
    note_paper(m, experiment, paper, difference_five("procedural", q, "theory", qt, f, xp, xt));
    if (!overlay.empty())
      add_overlay_figure(m, q, *rp, *rt, overlay);
    return m;
  };
}
double fix_t(const PathSummary& p) {
  return censored(p.fix[event_trailing], 5000);
}
double homog_t(const PathSummary& p) {
  return censored(p.homog[event_trailing], 5000);
}
} // namespace

// App. J §Study B: "STaR nearly coincides" (entropy and cluster-Gini trajectories of both tracks).
DCRV_CLAIM(claim_overlay_star_coincide) {
  return stochastic("J.overlay-star-coincide", Kind::empirical)
      .where("App. J §Study B: overlays (fig:overlays)")
      .statement(
          R"(Procedural STaR nearly coincides with the theory STaR track at $B=64$: the mean fixation time of the procedural runs differs from the theory runs' by at most one smoothing window (50 steps), and the mean late-time entropy (last 1000 steps) by at most $0.05$ nats)")
      .setup("calibration anchors", anchor_setups(), kAnchorsWhy)
      .experiment("B=64 fixation time", proc_anchored(Method::proc_star, 64), kPathsPerUnit,
                  proc_minus_theory("fixation time", "STaR nearly coincides", fix_t),
                  between([]<class T>(const McParams&, const Consts<T>&) { return T(-kWindow); },
                          []<class T>(const McParams&, const Consts<T>&) { return T(kWindow); }))
      .experiment("B=64 late entropy", proc_anchored(Method::proc_star, 64), kPathsPerUnit,
                  proc_minus_theory(
                      "late entropy", "STaR nearly coincides",
                      [](const PathSummary& p) { return p.late_mean[metric_entropy]; }, "STaR"),
                  between([]<class T>(const McParams&, const Consts<T>&) { return T(-0.05); },
                          []<class T>(const McParams&, const Consts<T>&) { return T(0.05); }))
      .method("ensemble engine, procedural STaR (calibrated eta_star) vs theory STaR; Welch intervals");
}

// App. J §Study B: "GRPO shows small-magnitude neutral steps".
DCRV_CLAIM(claim_overlay_grpo_neutral) {
  return stochastic("J.overlay-grpo-neutral", Kind::empirical)
      .where("App. J §Study B: overlays and alignment (fig:overlays, fig:studyAplus)")
      .statement(
          R"(Procedural GRPO makes small-magnitude steps relative to the theory track: the mean per-step norm ratio $\|\Delta p_{\mathrm{proc}}\|_2/\|\Delta p_{\mathrm{theory}}\|_2$ over all steps of the procedural runs (a step without procedural update counts $0$) is at most $1$, at $B=16$ and $B=64$)")
      .experiment("B=16", proc(Method::proc_grpo, 16), kPathsPerUnit,
                  all_steps_mean("norm ratio", "small-magnitude neutral steps", &PathSummary::norm_ratio),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(1); }))
      .experiment("B=64", proc(Method::proc_grpo, 64), kPathsPerUnit,
                  all_steps_mean("norm ratio", "small-magnitude neutral steps", &PathSummary::norm_ratio),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(1); }))
      .method("ensemble engine, procedural GRPO (calibrated eta_grpo) vs the theory step at the same state "
              "and batch");
}

namespace {
Claim dpo_events_entropy(const std::string& id, const std::string& reading, bool norm) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study B: overlays (fig:overlays)")
      .statement(
          R"(Procedural (Davidson-ties) DPO matches the theory track's event timing but keeps a higher entropy, at $B=64$: the mean homogenization times differ by at most 50 steps and the mean late-time entropy of the procedural runs exceeds the theory runs')")
      .reading(reading);
  s.experiment("B=64 homogenization time", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
               proc_minus_theory("homogenization time", "DPO matches event timing", homog_t),
               between([]<class T>(const McParams&, const Consts<T>&) { return T(-kWindow); },
                       []<class T>(const McParams&, const Consts<T>&) { return T(kWindow); }))
      .experiment("B=64 late entropy", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
                  proc_minus_theory(
                      "late entropy", "DPO sustains higher entropy",
                      [](const PathSummary& p) { return p.late_mean[metric_entropy]; },
                      reading.empty() ? "DPO" : "DPO (the reading of this ID)"),
                  at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }));
  return s.method("ensemble engine, procedural DPO vs theory DPO; Welch intervals");
}
} // namespace

DCRV_CLAIM(claim_overlay_dpo_events_entropy) {
  return dpo_events_entropy("J.overlay-dpo-events-entropy", "", true);
}
DCRV_CLAIM(claim_overlay_dpo_events_entropy_global) {
  return dpo_events_entropy(
      "J.overlay-dpo-events-entropy~global-eta",
      "DPO's adaptive scaling as one calibrated eta_dpo (nu = 1), no per-step norm matching", false);
}

namespace {
/// Mean per-step Euclidean cosine of method `other` minus DPO's (both at B = 64): > 0.
McMeasure cosine_gap(Method other, bool norm) {
  return [other, norm](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
    const auto rd = ensemble_of(q, first, count);
    const McParams qo = params_like(q, calibrated_proc(other, 64, norm));
    const auto ro = ensemble_of(qo, first, count);
    const auto f = [](const PathSummary& p) { return per_step(p, &PathSummary::cos_euclid); };
    McResult m;
    m.name = "mean per-step cosine of Delta p: other method minus DPO";
    const auto xo = values_of(ro->paths, f), xd = values_of(rd->paths, f);
    m.interval = stats::difference_interval(xo, xd, alpha);
    note_paper(m, experiment, "directions differ most for DPO",
               difference_five("other", qo, "DPO", q, f, xo, xd));
    return m;
  };
}
Claim dpo_direction(const std::string& id, const std::string& reading, bool norm) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J fig:overlays caption")
      .statement(
          R"(The instantaneous update directions differ most for DPO: at $B=64$ the mean per-step cosine between procedural and theory $\Delta p$ is smaller for DPO than for STaR and for GRPO)")
      .reading(reading);
  s.experiment("STaR minus DPO", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
               cosine_gap(Method::proc_star, norm),
               at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }))
      .experiment("GRPO minus DPO", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
                  cosine_gap(Method::proc_grpo, norm),
                  at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }));
  return s.method("ensemble engine, per-step alignment at the same state and batch; Welch intervals");
}
} // namespace

DCRV_CLAIM(claim_overlay_dpo_direction_largest_diff) {
  return dpo_direction("J.overlay-dpo-direction-largest-diff", "", true);
}
DCRV_CLAIM(claim_overlay_dpo_direction_largest_diff_global) {
  return dpo_direction("J.overlay-dpo-direction-largest-diff~global-eta", "DPO with one calibrated eta_dpo",
                       false);
}

namespace {
Claim dpo_sign_cosine(const std::string& id, const std::string& reading, bool norm) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study B alignment (fig:studyAplus and caption)")
      .statement(
          R"(For DPO the sign agreement of the log-ratio slopes between procedural and theory tracks is high ($\ge h$, $h=0.9$) while the cosine of $\Delta p$ is modest ($\le0.5$), at $B=64$ (sign agreement over the trace pairs with a decisive, non-tie comparison in the batch: a pair moved by tie updates alone has a procedural slope of Davidson tie gradients, which sum to zero))")
      .constant("high", kHigh, Role::lower, "sign agreement that counts as 'high' (dcrv's reading)")
      .reading(reading);
  s.experiment("B=64 sign agreement", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
               alignment_mean("sign agreement", "near-perfect signs", &PathSummary::sign_agree),
               at_least([]<class T>(const McParams&, const Consts<T>& k) { return k("high"); }))
      .experiment("B=64 cosine", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
                  alignment_mean("Euclidean cosine", "low (modest) cosine", &PathSummary::cos_euclid),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(kModest); }));
  return s.method("ensemble engine, per-step alignment at the same state and batch; Student-t intervals");
}
} // namespace

DCRV_CLAIM(claim_align_dpo_sign_cosine) {
  return dpo_sign_cosine("J.align-dpo-sign-cosine", "", true);
}
DCRV_CLAIM(claim_align_dpo_sign_cosine_global) {
  return dpo_sign_cosine("J.align-dpo-sign-cosine~global-eta", "DPO with one calibrated eta_dpo", false);
}

// App. J §Study B alignment: "STaR: high cosine, zero gap".
DCRV_CLAIM(claim_align_star_cosine_gap) {
  return stochastic("J.align-star-cosine-gap", Kind::empirical)
      .where("App. J §Study B alignment (fig:studyAplus and caption)")
      .statement(
          R"(For STaR the procedural--theory cosine of $\Delta p$ is high ($\ge0.9$) and the event-time gap (procedural $-$ theory) is $g=0$, at $B=64$ (the gap's interval must contain $g$))")
      .constant("gap", 0, Role::exact, "the reported event-time gap")
      .setup("calibration anchors", anchor_setups(), kAnchorsWhy)
      .experiment("B=64 cosine", proc_anchored(Method::proc_star, 64), kPathsPerUnit,
                  alignment_mean("Euclidean cosine", "high cosine", &PathSummary::cos_euclid),
                  at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kHigh); }))
      .experiment("B=64 event gap", proc_anchored(Method::proc_star, 64), kPathsPerUnit,
                  proc_minus_theory("fixation time", "zero event-time gap", fix_t),
                  equals([]<class T>(const McParams&, const Consts<T>& k) { return k("gap"); }))
      .method("ensemble engine, procedural STaR vs theory STaR; Student-t and Welch intervals");
}

namespace {
/// fig:align-summary: the per-run mean per-step cosines (Euclidean, Shahshahani) and one-step JS divergence
/// of procedural DPO against B, mean ± 1 sd over the seeds.
void add_align_figure(McResult& m, const std::vector<const EnsembleResult*>& rs, const std::vector<int>& Bs) {
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  const std::vector<std::pair<std::string, double PathSummary::*>> cols = {{"cos", &PathSummary::cos_euclid},
                                                                           {"shah", &PathSummary::cos_shah},
                                                                           {"sign", &PathSummary::sign_agree},
                                                                           {"js", &PathSummary::js_next}};
  m.series["al_B"] = Bs;
  for (const auto& [name, field] : cols) {
    nlohmann::json mu = nlohmann::json::array(), sd = nlohmann::json::array();
    for (const auto* r : rs) {
      const auto x = values_of(r->paths, [field](const PathSummary& p) { return per_step(p, field); });
      const double mean = mean_of(x);
      double ss = 0;
      for (double v : x)
        ss += (v - mean) * (v - mean);
      mu.push_back(mean),
          sd.push_back(x.size() > 1 ? std::sqrt(ss / static_cast<double>(x.size() - 1)) : 0.0);
    }
    m.series["al_" + name] = mu;
    m.series["al_" + name + "_sd"] = sd;
  }
  const std::string n = std::to_string(rs.empty() ? 0 : rs[0]->paths.size());
  m.series["figures"].push_back(
      {{"title", "Alignment of procedural DPO (per-step norm matching) with the theory step against $B$ "
                 "(fig:align-summary): markers are means, whiskers $\\pm1$ sd over " +
                     n + " seeds"},
       {"x", "al_B"},
       {"xlabel", "$B$"},
       {"style", "marks"},
       {"columns", 2},
       {"panels",
        {{{"title", "cosine of $\\Delta p$, sign agreement of log-ratio slopes"},
          {"y", {"al_cos", "al_shah", "al_sign"}},
          {"err", {"al_cos_sd", "al_shah_sd", "al_sign_sd"}},
          {"legend", {"cosine, Euclidean", "cosine, Shahshahani", "sign agreement"}},
          {"ylabel", "per-step mean"}},
         {{"title", "one-step JS divergence"},
          {"y", {"al_js"}},
          {"err", {"al_js_sd"}},
          {"legend", {"JS$(p'_{\\mathrm{proc}},p'_{\\mathrm{theory}})$"}},
          {"ylabel", "mean per-step JS"}}}}});
}
/// A DPO alignment statistic at B = 64 minus at B = 16 (Welch).
McMeasure dpo_trend(std::string what, std::string paper, double PathSummary::*field, bool norm, bool figure) {
  return [what, paper, field, norm, figure](const McParams& q, std::uint64_t experiment, long first,
                                            long count, double alpha) {
    const auto r64 = ensemble_of(q, first, count);
    const McParams q16 = params_like(q, calibrated_proc(Method::proc_dpo, 16, norm));
    const auto r16 = ensemble_of(q16, first, count);
    const auto f = [field](const PathSummary& p) { return per_step(p, field); };
    McResult m;
    m.name = "mean per-step " + what + " at B=64 minus at B=16";
    const auto x64 = values_of(r64->paths, f), x16 = values_of(r16->paths, f);
    m.interval = stats::difference_interval(x64, x16, alpha);
    note_paper(m, experiment, paper, difference_five("B=64", q, "B=16", q16, f, x64, x16));
    if (figure)
      add_align_figure(m, {r16.get(), r64.get()}, {16, 64});
    return m;
  };
}
} // namespace

// App. J §Study B alignment (fig:align-summary): "cosine decreases with B for DPO while JS concurrently
// decreases".
DCRV_CLAIM(claim_align_batch_trends) {
  return stochastic("J.align-batch-trends", Kind::empirical)
      .where("App. J §Study B alignment (fig:align-summary and caption)")
      .statement(
          R"(As $B$ grows from 16 to 64 the DPO procedural--theory cosine of $\Delta p$ decreases and the one-step JS divergence between the tracks' next states decreases (both differences, $B=64$ minus $B=16$, are $<0$))")
      .experiment(
          "cosine trend", proc(Method::proc_dpo, 64), kPathsPerUnit,
          dpo_trend("Euclidean cosine", "cosine decreases with B", &PathSummary::cos_euclid, true, true),
          at_most([]<class T>(const McParams&, const Consts<T>&) { return T(-kStrict); }))
      .experiment(
          "JS trend", proc(Method::proc_dpo, 64), kPathsPerUnit,
          dpo_trend("one-step JS divergence", "JS decreases with B", &PathSummary::js_next, true, false),
          at_most([]<class T>(const McParams&, const Consts<T>&) { return T(-kStrict); }))
      .method("ensemble engine, procedural DPO (per-step norm matching) at B = 16 and 64; Welch intervals");
}

} // namespace dcrv
