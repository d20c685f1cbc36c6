// Appendix J §Study B: overlays and alignment (appendix_J_aistats.tex, fig:overlays, fig:studyAplus,
// fig:align-summary): the algorithm-faithful (procedural) STaR / GRPO / DPO on logits against the theory track,
// re-run on the ensemble engine over many seeds. The procedural updates are specified only in outline
// (J.proc-star, J.proc-grpo, J.proc-dpo, J.proc-calibration); dcrv's reading, fixed before any run:
//   * batch drawn trace by trace (B i.i.d. draws), L = B (STaR), m = B/2 (GRPO, m ∈ {8, 16, 32} for
//     B ∈ {16, 32, 64}), pairs = B/2 consecutive draws with outcomes by the verifier (DPO, Davidson ties,
//     strengths e^θ);
//   * η_proc calibrated per method and B on 8 anchor states (uniform + 7 Dirichlet(1) draws) × 32 shared
//     batches: the largest mean cosine of the one-step Δp among η on a geometric grid 10⁻²…10² whose mean norm
//     ratio is within [0.8, 1.25] (dcrv/ensemble/ensemble.hpp calibrate);
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

#include "properties/domains/ensemble.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace j_ensemble;

constexpr double kHigh = 0.9, kModest = 0.5, kWindow = 50;

/// The calibrated procedural configuration of method m at batch B.
Config calibrated_proc(Method m, int B, bool per_step_norm, std::uint64_t run_seed) {
  const Config c = procedural(m, B, per_step_norm);
  return calibrated(c, calibration_of(c, run_seed));
}
std::function<McParams(const Context&)> proc(Method m, int B, bool norm = true) {
  return [=](const Context& ctx) { return params_for(calibrated_proc(m, B, norm, ctx.seed), ctx); };
}
/// Per-run mean of an alignment sum (0 when the run had no aligned step).
double per_step(const PathSummary& p, double PathSummary::*field) {
  return p.align_steps > 0 ? p.*field / static_cast<double>(p.align_steps) : 0.0;
}
McMeasure alignment_mean(std::string what, double PathSummary::*field) {
  return ensemble_measure([what, field](const JData& d) {
    McResult m = mean_stat(d, "mean per-step " + what, "see statement",
                           [field](const PathSummary& p) { return per_step(p, field); });
    m.details["calibrated eta_proc, nu, pairs"] =
        num(d.c.eta_proc) + ", " + num(d.c.nu) + ", " + std::to_string(d.c.pairs);
    return m;
  });
}
/// Mean of f over the procedural runs minus its mean over the theory companion's runs (Welch).
template <class F> McMeasure proc_minus_theory(std::string what, F f) {
  return [what, f](const McParams& q, std::uint64_t, long first, long count, double alpha) {
    const auto rp = ensemble_of(q, first, count);
    const auto rt = ensemble_of(params_like(q, theory_companion(decode(q))), first, count);
    const auto xp = values_of(rp->paths, f), xt = values_of(rt->paths, f);
    McResult m;
    m.name = "mean " + what + ": procedural minus theory";
    m.interval = stats::difference_interval(xp, xt, alpha);
    const auto fp = run_seeds(decode(q), paper_seeds()), ft = run_seeds(theory_companion(decode(q)), paper_seeds());
    m.details["paper beside dcrv"] = "dcrv seeds 101..505: procedural " + num(mean_of(values_of(fp, f))) +
                                     ", theory " + num(mean_of(values_of(ft, f))) + "; dcrv over " +
                                     std::to_string(xp.size()) + " seeds: " + num(mean_of(xp)) + " vs " +
                                     num(mean_of(xt));
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
      .experiment("B=64 fixation time", proc(Method::proc_star, 64), kPathsPerUnit,
                  proc_minus_theory("fixation time", fix_t),
                  between([]<class T>(const McParams&, const Consts<T>&) { return T(-kWindow); },
                          []<class T>(const McParams&, const Consts<T>&) { return T(kWindow); }))
      .experiment("B=64 late entropy", proc(Method::proc_star, 64), kPathsPerUnit,
                  proc_minus_theory("late entropy", [](const PathSummary& p) { return p.late_mean[metric_entropy]; }),
                  between([]<class T>(const McParams&, const Consts<T>&) { return T(-0.05); },
                          []<class T>(const McParams&, const Consts<T>&) { return T(0.05); }))
      .method("ensemble engine, procedural STaR (calibrated eta_star) vs theory STaR; Welch intervals");
}

// App. J §Study B: "GRPO shows small-magnitude neutral steps".
DCRV_CLAIM(claim_overlay_grpo_neutral) {
  return stochastic("J.overlay-grpo-neutral", Kind::empirical)
      .where("App. J §Study B: overlays and alignment (fig:overlays, fig:studyAplus)")
      .statement(
          R"(Procedural GRPO makes small-magnitude steps relative to the theory track: the mean per-step norm ratio $\|\Delta p_{\mathrm{proc}}\|_2/\|\Delta p_{\mathrm{theory}}\|_2$ along the procedural runs is at most $1$, at $B=16$ and $B=64$)")
      .experiment("B=16", proc(Method::proc_grpo, 16), kPathsPerUnit, alignment_mean("norm ratio", &PathSummary::norm_ratio),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(1); }))
      .experiment("B=64", proc(Method::proc_grpo, 64), kPathsPerUnit, alignment_mean("norm ratio", &PathSummary::norm_ratio),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(1); }))
      .method("ensemble engine, procedural GRPO (calibrated eta_grpo) vs the theory step at the same state and batch");
}

namespace {
Claim dpo_events_entropy(const std::string& id, const std::string& reading, bool norm) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study B: overlays (fig:overlays)")
      .statement(
          R"(Procedural (Davidson-ties) DPO matches the theory track's event timing but keeps a higher entropy, at $B=64$: the mean homogenization times differ by at most 50 steps and the mean late-time entropy of the procedural runs exceeds the theory runs')");
  if (!reading.empty())
    s.reading(reading);
  s.experiment("B=64 homogenization time", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
               proc_minus_theory("homogenization time", homog_t),
               between([]<class T>(const McParams&, const Consts<T>&) { return T(-kWindow); },
                       []<class T>(const McParams&, const Consts<T>&) { return T(kWindow); }))
      .experiment("B=64 late entropy", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
                  proc_minus_theory("late entropy", [](const PathSummary& p) { return p.late_mean[metric_entropy]; }),
                  at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }));
  return s.method("ensemble engine, procedural DPO vs theory DPO; Welch intervals");
}
} // namespace

DCRV_CLAIM(claim_overlay_dpo_events_entropy) {
  return dpo_events_entropy("J.overlay-dpo-events-entropy", "", true);
}
DCRV_CLAIM(claim_overlay_dpo_events_entropy_global) {
  return dpo_events_entropy("J.overlay-dpo-events-entropy~global-eta",
                            "DPO's adaptive scaling as one calibrated eta_dpo (nu = 1), no per-step norm matching", false);
}

namespace {
/// Mean per-step Euclidean cosine of method `other` minus DPO's (both at B = 64): > 0.
McMeasure cosine_gap(Method other, bool norm) {
  return [other, norm](const McParams& q, std::uint64_t, long first, long count, double alpha) {
    const auto rd = ensemble_of(q, first, count);
    const auto ro =
        ensemble_of(params_like(q, calibrated_proc(other, 64, norm, static_cast<std::uint64_t>(q("run_seed")))),
                    first, count);
    const auto f = [](const PathSummary& p) { return per_step(p, &PathSummary::cos_euclid); };
    McResult m;
    m.name = "mean per-step cosine of Delta p: other method minus DPO";
    m.interval = stats::difference_interval(values_of(ro->paths, f), values_of(rd->paths, f), alpha);
    m.details["means"] = "other " + num(mean_of(values_of(ro->paths, f))) + ", DPO " + num(mean_of(values_of(rd->paths, f)));
    return m;
  };
}
Claim dpo_direction(const std::string& id, const std::string& reading, bool norm) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J fig:overlays caption")
      .statement(
          R"(The instantaneous update directions differ most for DPO: at $B=64$ the mean per-step cosine between procedural and theory $\Delta p$ is smaller for DPO than for STaR and for GRPO)");
  if (!reading.empty())
    s.reading(reading);
  s.experiment("STaR minus DPO", proc(Method::proc_dpo, 64, norm), kPathsPerUnit, cosine_gap(Method::proc_star, norm),
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
  return dpo_direction("J.overlay-dpo-direction-largest-diff~global-eta", "DPO with one calibrated eta_dpo", false);
}

namespace {
Claim dpo_sign_cosine(const std::string& id, const std::string& reading, bool norm) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study B alignment (fig:studyAplus and caption)")
      .statement(
          R"(For DPO the sign agreement of the log-ratio slopes between procedural and theory tracks is high ($\ge0.9$) while the cosine of $\Delta p$ is modest ($\le0.5$), at $B=64$)");
  if (!reading.empty())
    s.reading(reading);
  s.experiment("B=64 sign agreement", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
               alignment_mean("sign agreement", &PathSummary::sign_agree),
               at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kHigh); }))
      .experiment("B=64 cosine", proc(Method::proc_dpo, 64, norm), kPathsPerUnit,
                  alignment_mean("Euclidean cosine", &PathSummary::cos_euclid),
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
      .experiment("B=64 cosine", proc(Method::proc_star, 64), kPathsPerUnit,
                  alignment_mean("Euclidean cosine", &PathSummary::cos_euclid),
                  at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kHigh); }))
      .experiment("B=64 event gap", proc(Method::proc_star, 64), kPathsPerUnit,
                  proc_minus_theory("fixation time", fix_t),
                  equals([]<class T>(const McParams&, const Consts<T>& k) { return k("gap"); }))
      .method("ensemble engine, procedural STaR vs theory STaR; Student-t and Welch intervals");
}

namespace {
/// A DPO alignment statistic at B = 64 minus at B = 16 (Welch).
McMeasure dpo_trend(std::string what, double PathSummary::*field, bool norm) {
  return [what, field, norm](const McParams& q, std::uint64_t, long first, long count, double alpha) {
    const auto r64 = ensemble_of(q, first, count);
    const auto r16 = ensemble_of(
        params_like(q, calibrated_proc(Method::proc_dpo, 16, norm, static_cast<std::uint64_t>(q("run_seed")))), first,
        count);
    const auto f = [field](const PathSummary& p) { return per_step(p, field); };
    McResult m;
    m.name = "mean per-step " + what + " at B=64 minus at B=16";
    m.interval = stats::difference_interval(values_of(r64->paths, f), values_of(r16->paths, f), alpha);
    m.details["means"] = "B=64 " + num(mean_of(values_of(r64->paths, f))) + ", B=16 " +
                         num(mean_of(values_of(r16->paths, f)));
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
      .experiment("cosine trend", proc(Method::proc_dpo, 64), kPathsPerUnit,
                  dpo_trend("Euclidean cosine", &PathSummary::cos_euclid, true),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(-kStrict); }))
      .experiment("JS trend", proc(Method::proc_dpo, 64), kPathsPerUnit,
                  dpo_trend("one-step JS divergence", &PathSummary::js_next, true),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(-kStrict); }))
      .method("ensemble engine, procedural DPO (per-step norm matching) at B = 16 and 64; Welch intervals");
}

} // namespace dcrv
