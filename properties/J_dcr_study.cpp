// Appendix J §Study C (the implementation section's "Study B"), §Objective and safety trajectories and
// §Safety-margin distribution (appendix_J_aistats.tex, fig:phase, fig:ablations, fig:objective-overlay,
// fig:safety-hist): the DCR replicator φ_i = r(i) − 2λβ (K p̂)_i with ε = 10⁻⁴ + λα, λ = 1, B = 128, η = 0.15,
// T = 5000, uniform start, on the (α, β) grid {0.02, 0.05, 0.10} × {0.10, 0.25, 0.50, 0.75} and the
// ablations, re-run on the ensemble engine over many seeds, the paper's five seeds beside.
//
// Readings (App. J leaves them open; J.safety-margin-def, J.dcr-ablations, J.phase-metrics-def):
//   * safety margin, literal: min_{c∈𝒞} [1 − 2λβ (K_eff p)_c] (worst correct trace, p, gated K_eff, unit
//   gap);
//     readings: the arm's own kernel, the Study-B utility gap 0.8;
//   * the (α, β) of the ablations and of the objective/safety overlay: (0.05, 0.10) — the grid's middle α and
//     the β at which DCR's safety is ≈ 0.93 as reported (at β ≥ 0.25 it is ≤ 0.83 on the whole grid);
//   * "Ungated" (apply K to all traces): with K_sem as written it coincides with the gated kernel (literal);
//     readings: incorrect traces mutually similar, each similar to itself only, all-ones kernel;
//   * the band: cells whose mean final incorrect mass is ≤ 10⁻², whose runs all keep the three clusters
//     (final mass ≥ 0.05) and whose between-seed JSD (mean over disjoint pairs of runs) is ≤ 10⁻³ — dcrv's
//     thresholds, stated before the runs (the paper gives none).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "properties/domains/ensemble.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace j_ensemble;

constexpr double kAblAlpha = 0.05, kAblBeta = 0.10; // the ablation / overlay point (see the file comment)
constexpr double kNearZero = 1e-2, kRetained = 0.05, kNegligibleJsd = 1e-3;
/// The grid claims read all 12 cells with the per-configuration seeds in every cell (128 smoke, 1024
/// standard, so 1536 / 12288 runs over the grid): each cell's interval rests on ≥ 1000 seeds at standard.
constexpr double kGridPathsPerUnit = kPathsPerUnit;

/// DCR at (α, β) from the setup's initial policy (uniform where the claim declares no such choice).
std::function<McParams(const Context&, const Setup&)> dcr(double alpha, double beta,
                                                          KernelKind k = KernelKind::gated) {
  return [=](const Context& ctx, const Setup& s) {
    Config c = study_c(alpha, beta, k);
    c.start = start_of(s);
    return params_for(c, ctx);
  };
}
double final_safety(const PathSummary& p, int reading) {
  return p.final_safety[reading];
}

/// The per-cell summaries of the grid with simultaneous intervals (Bonferroni over the 12 cells).
struct Cell {
  double alpha, beta;
  stats::Interval incorrect, jsd;
  long lost = 0; // runs that lost a cluster (final mass < kRetained)
  long n = 0;
  double min_cluster = 0, correct = 0; // means over the runs of the final min_k m_k and Σ_k m_k (fig:phase)
};
std::vector<Cell> grid_cells(const McParams& q, long first, long count, double alpha) {
  std::vector<Cell> cells;
  const double a = alpha / 12;
  for (double al : alpha_grid())
    for (double be : beta_grid()) {
      const auto r = ensemble_of(params_like(q, study_c(al, be)), first, count);
      Cell cell{al, be, {}, {}, 0, static_cast<long>(r->paths.size())};
      cell.incorrect = stats::mean_interval(
          values_of(r->paths, [](const PathSummary& p) { return p.final_metric[metric_incorrect]; }), a);
      cell.jsd = between_seed_jsd(r->paths, a);
      for (const auto& p : r->paths)
        cell.lost += final_min_cluster(p) < kRetained;
      cell.min_cluster = mean_of(values_of(r->paths, final_min_cluster));
      cell.correct = mean_of(values_of(r->paths, [](const PathSummary& p) {
        return p.final_metric[metric_mass_a] + p.final_metric[metric_mass_b] + p.final_metric[metric_mass_c];
      }));
      cells.push_back(cell);
    }
  return cells;
}
/// fig:phase: the grid's cells as heatmaps over (β, α) — mean final incorrect mass, mean final minimum
/// cluster mass, between-seed JSD, mean final correct mass.
void add_phase_figure(McResult& m, const std::vector<Cell>& cells) {
  nlohmann::json al = nlohmann::json::array(), be = al, inc = al, minc = al, jsd = al, corr = al;
  for (const auto& c : cells) {
    al.push_back(c.alpha), be.push_back(c.beta), inc.push_back(c.incorrect.estimate);
    minc.push_back(c.min_cluster), jsd.push_back(c.jsd.estimate), corr.push_back(c.correct);
  }
  // with the intervals of the two band criteria and the runs that lost a cluster (the table in results.json)
  nlohmann::json inc_lo = nlohmann::json::array(), inc_hi = inc_lo, jsd_lo = inc_lo, jsd_hi = inc_lo,
                 lost = inc_lo;
  for (const auto& c : cells) {
    inc_lo.push_back(c.incorrect.lo), inc_hi.push_back(c.incorrect.hi), jsd_lo.push_back(c.jsd.lo);
    jsd_hi.push_back(c.jsd.hi), lost.push_back(c.lost);
  }
  m.series = {{"ph_alpha", al},      {"ph_beta", be},   {"ph_inc", inc},  {"ph_inc_lo", inc_lo},
              {"ph_inc_hi", inc_hi}, {"ph_minc", minc}, {"ph_jsd", jsd},  {"ph_jsd_lo", jsd_lo},
              {"ph_jsd_hi", jsd_hi}, {"ph_corr", corr}, {"ph_lost", lost}};
  auto heat = [](const std::string& z, const std::string& title, const std::string& zlabel, bool logz) {
    return nlohmann::json{
        {"kind", "heatmap"},    {"x", "ph_beta"}, {"y", "ph_alpha"},  {"z", z},
        {"logz", logz},         {"title", title}, {"zlabel", zlabel}, {"xlabel", "$\\beta$"},
        {"ylabel", "$\\alpha$"}};
  };
  const long n = cells.empty() ? 0 : cells[0].n;
  m.series["figures"] = {
      {{"title",
        "DCR phase diagrams over $(\\alpha,\\beta)$ (fig:phase), $\\lambda=1$, $B=128$, $T=5000$: per cell "
        "the mean over " +
            std::to_string(n) + " seeds"},
       {"columns", 2},
       {"panels",
        {heat("ph_inc", "incorrect mass", "$M_{\\mathrm{inc}}(T)$", true),
         heat("ph_minc", "minimum cluster mass", "$\\min_k m_k(T)$", false),
         heat("ph_jsd", "between-seed JSD", "JSD", true),
         heat("ph_corr", "correct mass", "$\\sum_k m_k(T)$", false)}}}};
}
/// Largest 4-connected component of the grid cells flagged in `in` (3 × 4, row = α).
int largest_component(const std::vector<bool>& in) {
  std::vector<int> seen(in.size(), 0);
  int best = 0;
  for (std::size_t s = 0; s < in.size(); ++s) {
    if (!in[s] || seen[s])
      continue;
    int size = 0;
    std::vector<std::size_t> stack{s};
    seen[s] = 1;
    while (!stack.empty()) {
      const std::size_t k = stack.back();
      stack.pop_back();
      ++size;
      const int r = static_cast<int>(k) / 4, c = static_cast<int>(k) % 4;
      const int nb[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& x : nb)
        if (x[0] >= 0 && x[0] < 3 && x[1] >= 0 && x[1] < 4) {
          const std::size_t j = static_cast<std::size_t>(x[0] * 4 + x[1]);
          if (in[j] && !seen[j]) {
            seen[j] = 1;
            stack.push_back(j);
          }
        }
    }
    best = std::max(best, size);
  }
  return best;
}
/// The paper's seeds over the grid: the largest per-cell mean final incorrect mass and the smallest final
/// cluster mass of the 12 × 5 runs.
std::string five_grid_text(const McParams& q) {
  double inc = 0, minc = 1;
  for (double al : alpha_grid())
    for (double be : beta_grid()) {
      const auto f = five_of(params_like(q, study_c(al, be)));
      inc = std::max(
          inc, mean_of(values_of(*f, [](const PathSummary& p) { return p.final_metric[metric_incorrect]; })));
      for (const auto& p : *f)
        minc = std::min(minc, final_min_cluster(p));
    }
  return "largest cell mean M_inc(T) " + num(inc) + ", smallest final cluster mass " + num(minc);
}
} // namespace

// App. J §Study C (fig:phase): "a broad band achieves near-zero incorrect mass, full coverage, and negligible
// between-seed JSD". The band's size is bracketed: a cell surely in the band (the upper confidence bounds of
// its incorrect mass and JSD below the thresholds, no run losing a cluster) and possibly in it (the lower
// bounds below them); the statistic is the largest contiguous group of such cells.
DCRV_CLAIM(claim_phase_band) {
  return stochastic("J.phase-band", Kind::empirical)
      .where("App. J §Study C (fig:phase and caption)")
      .setup("initial policy", start_setups(), kStartWhy)
      .statement(
          R"(Over the $(\alpha,\beta)$ grid $\{0.02,0.05,0.10\}\times\{0.10,0.25,0.50,0.75\}$ ($\lambda=1$, $B=128$) there is a broad contiguous band: the largest 4-connected group of cells with mean final incorrect mass $\le10^{-2}$, every run keeping the three clusters (final mass $\ge0.05$) and between-seed JSD $\le10^{-3}$ has at least $n_b=6$ of the 12 cells (dcrv's thresholds; the paper gives none))")
      .constant("broad", 6, Role::lower, "cells of the grid that make a 'broad' band (half the grid)")
      .experiment(
          "grid", dcr(0.02, 0.10), kGridPathsPerUnit,
          [](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
            const auto cells = grid_cells(q, first, count, alpha);
            std::vector<bool> sure, maybe;
            std::ostringstream table;
            for (const auto& c : cells) {
              sure.push_back(c.incorrect.hi <= kNearZero && c.jsd.hi <= kNegligibleJsd && c.lost == 0);
              maybe.push_back(c.incorrect.lo <= kNearZero && c.jsd.lo <= kNegligibleJsd && c.lost == 0);
              table << "(" << num(c.alpha) << "," << num(c.beta) << "): M_inc " << num(c.incorrect.estimate)
                    << ", JSD " << num(c.jsd.estimate) << ", runs losing a cluster " << c.lost << "; ";
            }
            McResult m;
            m.name = "largest contiguous band (cells)";
            m.interval.lo = largest_component(sure);
            m.interval.hi = largest_component(maybe);
            m.interval.estimate = m.interval.lo;
            m.interval.n = cells.empty() ? 0 : cells[0].n;
            m.interval.method = "cells surely / possibly in the band (Bonferroni over 12 cells)";
            m.details["cells"] = table.str();
            add_phase_figure(m, cells);
            note_paper(m, experiment, "a broad contiguous band", five_grid_text(q));
            return m;
          },
          at_least([]<class T>(const McParams&, const Consts<T>& k) { return k("broad"); }))
      .method("ensemble engine, App. J DCR replicator over the (alpha, beta) grid");
}

// App. J fig:phase caption: "a unique terminal distribution" — the between-seed JSD of final policies is
// negligible in every cell (the largest upper bound over the grid, Bonferroni over the cells).
DCRV_CLAIM(claim_phase_unique_equilibrium) {
  return stochastic("J.phase-unique-equilibrium", Kind::empirical)
      .where("App. J §Study C (fig:phase caption)")
      .setup("initial policy", start_setups(), kStartWhy)
      .statement(
          R"(Within the band the terminal distribution is the same across seeds: the largest over the 12 grid cells of the mean Jensen--Shannon divergence between final policies of independent seeds is at most $10^{-3}$ (dcrv's 'negligible'))")
      .experiment(
          "grid", dcr(0.02, 0.10), kGridPathsPerUnit,
          [](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
            const auto cells = grid_cells(q, first, count, alpha);
            McResult m;
            m.name = "max over cells of the between-seed JSD";
            m.interval.estimate = m.interval.lo = m.interval.hi = 0;
            for (const auto& c : cells) {
              m.interval.estimate = std::max(m.interval.estimate, c.jsd.estimate);
              m.interval.lo = std::max(m.interval.lo, c.jsd.lo);
              m.interval.hi = std::max(m.interval.hi, c.jsd.hi);
              m.details["JSD at (" + num(c.alpha) + "," + num(c.beta) + ")"] = num(c.jsd.estimate);
            }
            m.interval.n = cells.empty() ? 0 : cells[0].n;
            m.interval.method = "max of per-cell Student-t intervals (Bonferroni over 12 cells)";
            double five = 0;
            for (double al : alpha_grid())
              for (double be : beta_grid()) {
                const auto f = five_of(params_like(q, study_c(al, be)));
                five = std::max(five, mean_of(values_of(*f, [&](const PathSummary& p) {
                                  return js_divergence(p.p_final, (*f)[0].p_final, app_j_universe().S);
                                })));
              }
            note_paper(m, experiment, "a unique terminal distribution (negligible JSD)",
                       "largest mean JSD to seed 101's final policy " + num(five));
            return m;
          },
          at_most([]<class T>(const McParams&, const Consts<T>&) { return T(kNegligibleJsd); }))
      .method("ensemble engine, App. J DCR replicator over the (alpha, beta) grid");
}

// App. J §Strategy-simplex: "DCR converges to a unique interior equilibrium with multi-strategy support".
DCRV_CLAIM(claim_simplex_dcr_interior) {
  return stochastic("J.simplex-dcr-interior", Kind::empirical)
      .where("App. J §Strategy-simplex overview (fig:strategy-simplex)")
      .setup("initial policy", start_setups(), kStartWhy)
      .statement(
          R"(DCR trajectories converge to an interior point of the cluster simplex that keeps all three clusters, the same for every seed: at $(\alpha,\beta)=(0.05,0.10)$ and $(0.05,0.50)$ no run ends with a cluster mass below $0.05$, and the between-seed JSD of final policies is at most $10^{-3}$)")
      .experiment("alpha=0.05 beta=0.10 coverage", dcr(0.05, 0.10), kPathsPerUnit,
                  ensemble_measure([](const JData& d) {
                    McResult m =
                        fraction_stat(d, "fraction of runs losing a cluster", "interior, three clusters",
                                      [](const PathSummary& p) { return final_min_cluster(p) < kRetained; });
                    add_simplex_figure(
                        m, d.r, d.c, "sx_",
                        "DCR on the cluster simplex (fig:strategy-simplex), $(\\alpha,\\beta)=(0.05,0.10)$: "
                        "the mean cluster masses over " +
                            std::to_string(d.r.paths.size()) + " seeds and four single runs");
                    return m;
                  }),
                  equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .experiment("alpha=0.05 beta=0.50 coverage", dcr(0.05, 0.50), kPathsPerUnit,
                  ensemble_measure([](const JData& d) {
                    return fraction_stat(
                        d, "fraction of runs losing a cluster", "interior, three clusters",
                        [](const PathSummary& p) { return final_min_cluster(p) < kRetained; });
                  }),
                  equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .experiment("alpha=0.05 beta=0.50 uniqueness", dcr(0.05, 0.50), kPathsPerUnit,
                  ensemble_measure([](const JData& d) {
                    McResult m;
                    m.name = "between-seed JSD of final policies";
                    m.interval = between_seed_jsd(d.r.paths, d.alpha);
                    note_paper(m, d.experiment, "unique interior point",
                               "JSD of seeds 101/202 and 303/404: " +
                                   num(js_divergence(d.five[0].p_final, d.five[1].p_final, d.c.u.S)) + ", " +
                                   num(js_divergence(d.five[2].p_final, d.five[3].p_final, d.c.u.S)));
                    return m;
                  }),
                  at_most([]<class T>(const McParams&, const Consts<T>&) { return T(kNegligibleJsd); }))
      .method("ensemble engine, App. J DCR replicator");
}

namespace {
/// Difference of means of two arms: Welch for independent arms; when the two configurations are the same
/// ensemble (the literal Ungated kernel is K_eff itself: same streams, same paths) the paired differences.
stats::Interval paired_or_welch(const McParams& qa, const McParams& qb, const std::vector<double>& a,
                                const std::vector<double>& b, double alpha) {
  if (key_of(qa, 0, 0) != key_of(qb, 0, 0))
    return stats::difference_interval(a, b, alpha);
  std::vector<double> d(a.size());
  for (std::size_t k = 0; k < a.size(); ++k)
    d[k] = a[k] - b[k];
  stats::Interval iv = stats::mean_interval(d, alpha);
  iv.method = "paired differences (the two arms are the same ensemble)";
  return iv;
}
/// The ablation arms at the ablation point (α = 0.05, β = `beta`: the setup's cell, default 0.10).
Config arm(const std::string& name, double beta = kAblBeta) {
  if (name == "entropy-only")
    return study_c(kAblAlpha, 0);
  if (name == "ungated")
    return study_c(kAblAlpha, beta, KernelKind::ungated_literal);
  if (name == "ungated-incorrect-cluster")
    return study_c(kAblAlpha, beta, KernelKind::ungated_ic_cluster);
  if (name == "ungated-self")
    return study_c(kAblAlpha, beta, KernelKind::ungated_self);
  if (name == "ungated-all-ones")
    return study_c(kAblAlpha, beta, KernelKind::ungated_all_ones);
  return study_c(kAblAlpha, beta);
}
/// The (α, β) cell of the ablations and of the objective/safety overlay: App. J gives none. dcrv's default
/// (0.05, 0.10) is the cell where DCR's final safety is ≈ 0.93 as reported; at (0.05, 0.75) the (literal)
/// Ungated arm's safety is ≈ 0.48 as reported — no single cell gives both.
std::vector<SetupValue> cell_setups() {
  return {{"(0.05, 0.10)", 0.10}, {"(0.05, 0.75)", 0.75}};
}
constexpr const char* kCellWhy =
    "App. J reports the ablations (fig:ablations) and the objective/safety overlay (fig:objective-overlay) "
    "without their (alpha, beta) among the 12 swept cells; (0.05, 0.10) matches DCR's reported safety 0.93, "
    "(0.05, 0.75) the Ungated arm's reported 0.48";
/// Every arm of the ablation study (DCR, Entropy-only and the readings of Ungated) with its legend label.
const std::vector<std::pair<std::string, std::string>>& ablation_arms() {
  static const std::vector<std::pair<std::string, std::string>> a = {
      {"dcr", "DCR"},
      {"entropy-only", "Entropy-only"},
      {"ungated", "Ungated (literal)"},
      {"ungated-incorrect-cluster", "Ungated (incorrect cluster)"},
      {"ungated-self", "Ungated (self-similar)"},
      {"ungated-all-ones", "Ungated ($\\mathbf 1\\mathbf 1^\\top$)"}};
  return a;
}
const std::string& arm_label(const std::string& name) {
  for (const auto& a : ablation_arms())
    if (a.first == name)
      return a.second;
  throw std::invalid_argument("J: no ablation arm named " + name);
}
const std::vector<std::string>& ungated_arms() {
  static const std::vector<std::string> a = {"ungated", "ungated-incorrect-cluster", "ungated-self",
                                             "ungated-all-ones"};
  return a;
}
/// β of the setup's ablation cell (the default cell where the claim declares no such choice).
double cell_beta(const Setup& s) {
  return s.has("ablation cell") ? s("ablation cell") : kAblBeta;
}
std::function<McParams(const Context&, const Setup&)> arm_params(const std::string& name) {
  return [name](const Context& ctx, const Setup& s) { return params_for(arm(name, cell_beta(s)), ctx); };
}
/// Mean of f over the `other` arm minus its mean over DCR (Welch), the five seeds beside.
template <class F> McMeasure arm_difference(std::string other, std::string what, std::string paper, F f) {
  return [other, what, paper, f](const McParams& q, std::uint64_t experiment, long first, long count,
                                 double alpha) {
    const McParams qo = params_like(q, arm(other, q("beta"))); // q: DCR at the experiment's cell
    const auto ro = ensemble_of(qo, first, count), rd = ensemble_of(q, first, count);
    const auto xo = values_of(ro->paths, f), xd = values_of(rd->paths, f);
    McResult m;
    m.name = "mean " + what + ": " + other + " minus DCR";
    m.interval = paired_or_welch(qo, q, xo, xd, alpha);
    note_paper(m, experiment, paper, difference_five(other, qo, "DCR", q, f, xo, xd));
    return m;
  };
}
} // namespace

namespace {
/// fig:ablations: per arm at (α, β) = (0.05, 0.10), the mean ± 1 sd over the seeds of log10 M_inc(T),
/// coverage, kernel energy p(T)ᵀK_eff p(T), ΔJ_p and the final safety margin (literal, and with the arm's own
/// kernel), from the arms' ensembles (those the ablation claims read).
void add_ablation_figure(McResult& m, const JData& d) {
  struct Bar {
    std::string col, title, ylabel;
    std::function<double(const PathSummary&)> f;
  };
  const std::vector<Bar> bars = {
      {"lginc", "incorrect mass", "$\\log_{10}M_{\\mathrm{inc}}(T)$",
       [](const PathSummary& p) { return std::log10(std::max(p.final_metric[metric_incorrect], 1e-300)); }},
      {"cov", "coverage", "clusters with $m_k(T)\\ge0.05$",
       [](const PathSummary& p) { return static_cast<double>(coverage_of(p, kRetained)); }},
      {"energy", "kernel energy", "$p^\\top K_{\\mathrm{eff}}p$ at $T$",
       [](const PathSummary& p) { return p.final_metric[metric_energy]; }},
      {"djp", "objective gain", "$\\Delta J_p=J_p(T)-J_p(0)$",
       [](const PathSummary& p) {
         return p.final_metric[metric_objective] - p.initial_metric[metric_objective];
       }},
      {"safety", "safety margin ($K_{\\mathrm{eff}}$)", "final safety margin",
       [](const PathSummary& p) { return p.final_safety[safety_worst]; }},
      {"safetyarm", "safety margin (arm's kernel)", "final safety margin",
       [](const PathSummary& p) { return p.final_safety[safety_arm_kernel]; }}};
  const auto& arms = ablation_arms();
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  nlohmann::json idx = nlohmann::json::array(), labels = nlohmann::json::array();
  std::vector<nlohmann::json> mean(bars.size(), nlohmann::json::array()),
      sd(bars.size(), nlohmann::json::array());
  for (std::size_t a = 0; a < arms.size(); ++a) {
    const auto r = ensemble_of(params_like(d.q, arm(arms[a].first, d.q("beta"))), d.r.first,
                               static_cast<long>(d.r.paths.size()));
    idx.push_back(a), labels.push_back(arms[a].second);
    for (std::size_t b = 0; b < bars.size(); ++b) {
      const auto x = values_of(r->paths, bars[b].f);
      const double mu = mean_of(x);
      double ss = 0;
      for (double v : x)
        ss += (v - mu) * (v - mu);
      mean[b].push_back(mu),
          sd[b].push_back(x.size() > 1 ? std::sqrt(ss / static_cast<double>(x.size() - 1)) : 0.0);
    }
  }
  m.series["ab_arm"] = idx;
  nlohmann::json panels = nlohmann::json::array();
  for (std::size_t b = 0; b < bars.size(); ++b) {
    m.series["ab_" + bars[b].col] = mean[b];
    m.series["ab_" + bars[b].col + "_sd"] = sd[b];
    panels.push_back({{"title", bars[b].title},
                      {"y", {"ab_" + bars[b].col}},
                      {"err", {"ab_" + bars[b].col + "_sd"}},
                      {"ylabel", bars[b].ylabel}});
  }
  m.series["figures"].push_back(
      {{"title",
        "DCR against its ablations at $(\\alpha,\\beta)=(0.05,0.10)$ (fig:ablations): markers are means, "
        "whiskers $\\pm1$ sd over " +
            std::to_string(d.r.paths.size()) + " seeds per arm"},
       {"x", "ab_arm"},
       {"xlabel", ""},
       {"style", "marks"},
       {"xticklabels", labels},
       {"columns", 3},
       {"panels", panels}});
}
} // namespace

// App. J §Study C (fig:ablations): "coverage saturates at 3 for all" three arms.
DCRV_CLAIM(claim_ablation_coverage_3) {
  Stochastic s("J.ablation-coverage-3", Kind::empirical);
  s.where("App. J §Study C (fig:ablations)")
      .setup("ablation cell", cell_setups(), kCellWhy)
      .statement(
          R"(Coverage (clusters with final mass $\ge0.05$) equals $c=3$ in every run of DCR, Entropy-only and every reading of Ungated, at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$): the fraction of runs with coverage $<c$ is $0$)")
      .constant("coverage", 3, Role::lower, "clusters retained (all three)");
  for (const auto& entry : ablation_arms())
    s.experiment(
        entry.first,
        [name = entry.first](const Context& ctx, const Setup& setup) {
          McParams q = params_for(arm(name, cell_beta(setup)), ctx);
          q.set("s_coverage", ctx.constant("coverage"));
          return q;
        },
        kPathsPerUnit, ensemble_measure([name = entry.first](const JData& d) {
          const double need = d.q("s_coverage");
          McResult m =
              fraction_stat(d, "fraction of runs with coverage < c", "coverage 3",
                            [need](const PathSummary& p) { return coverage_of(p, kRetained) < need; });
          if (name == "dcr")
            add_ablation_figure(m, d);
          return m;
        }),
        equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }));
  return s.method("ensemble engine, App. J DCR replicator and ablations");
}

// App. J §Study C: "DCR reduces kernel energy (structured diversity)" relative to the ablations.
DCRV_CLAIM(claim_ablation_dcr_lower_kernel_energy) {
  Stochastic s("J.ablation-dcr-lower-kernel-energy", Kind::empirical);
  s.where("App. J §Study C (fig:ablations and caption)")
      .setup("ablation cell", cell_setups(), kCellWhy)
      .statement(
          R"(DCR attains lower kernel energy $p^\top K_{\mathrm{eff}}p$ at $T$ than each ablation: the mean final energy of the ablation minus DCR's is $>0$, at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$), for Entropy-only and every reading of Ungated)");
  for (const std::string name :
       {"entropy-only", "ungated", "ungated-incorrect-cluster", "ungated-self", "ungated-all-ones"})
    s.experiment(name + " vs dcr", arm_params("dcr"), kPathsPerUnit,
                 arm_difference(name, "final kernel energy", "DCR reduces kernel energy",
                                [](const PathSummary& p) { return p.final_metric[metric_energy]; }),
                 at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }));
  return s.method(
      "ensemble engine; Welch intervals of differences of means (a strict inequality: an interval "
      "containing 0 is inconclusive)");
}

// App. J §Study C: "DCR … maintains large positive safety margins".
DCRV_CLAIM(claim_ablation_dcr_safety_positive) {
  return stochastic("J.ablation-dcr-safety-positive", Kind::empirical)
      .where("App. J §Study C (fig:ablations)")
      .statement(
          R"(DCR keeps large positive safety margins: at the ablation cell $(\alpha,\beta)$ of the setup no run's minimum over training of the safety margin $\min_{c\in\mathcal C}[1-2\lambda\beta(K_{\mathrm{eff}}p)_c]$ falls to $s=0.5$ or below)")
      .constant("large", 0.5, Role::lower, "safety margin that counts as 'large'")
      .setup("ablation cell", cell_setups(), kCellWhy)
      .experiment(
          "dcr",
          [](const Context& ctx, const Setup& s) {
            McParams q = params_for(arm("dcr", s("ablation cell")), ctx);
            q.set("s_large", ctx.constant("large"));
            return q;
          },
          kPathsPerUnit, ensemble_measure([](const JData& d) {
            const double s = d.q("s_large");
            return fraction_stat(d, "fraction of runs with min_t safety <= s", "large positive",
                                 [s](const PathSummary& p) { return !(p.min_safety[safety_worst] > s); });
          }),
          equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .method("ensemble engine; Clopper-Pearson interval of the fraction");
}

// App. J §Study C: "Entropy-only preserves breadth without distinctiveness" — without the kernel the cluster
// masses stay proportional to the cluster sizes (3 : 3 : 2); DCR's kernel equalizes them: Entropy-only's
// final cluster Gini exceeds DCR's.
DCRV_CLAIM(claim_ablation_entropy_only_no_distinctiveness) {
  return stochastic("J.ablation-entropy-only-no-distinctiveness", Kind::empirical)
      .where("App. J §Study C (fig:ablations and caption)")
      .setup("ablation cell", cell_setups(), kCellWhy)
      .statement(
          R"(Entropy-only keeps breadth but no kernel-driven distinctiveness among correct clusters: its final cluster Gini exceeds DCR's (mean difference $>0$) while it keeps all three clusters, at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$))")
      .experiment("entropy-only vs dcr gini", arm_params("dcr"), kPathsPerUnit,
                  arm_difference("entropy-only", "final cluster Gini",
                                 "Entropy-only lacks targeted distinctiveness",
                                 [](const PathSummary& p) { return p.final_metric[metric_gini]; }),
                  at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }))
      .experiment("entropy-only breadth", arm_params("entropy-only"), kPathsPerUnit,
                  ensemble_measure([](const JData& d) {
                    return fraction_stat(
                        d, "fraction of runs losing a cluster", "breadth preserved",
                        [](const PathSummary& p) { return final_min_cluster(p) < kRetained; });
                  }),
                  equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .method("ensemble engine; Welch interval of the difference, Clopper-Pearson of the fraction");
}

namespace {
Claim ungated_lower_safety(const std::string& id, const std::string& reading, int safety) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Study C (fig:ablations and caption)")
      .setup("ablation cell", cell_setups(), kCellWhy)
      .statement(
          R"(Ungated has lower safety than DCR: the mean final safety margin of DCR minus Ungated's is $>0$ at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$), for every reading of the Ungated kernel)")
      .reading(reading);
  for (const auto& name : ungated_arms())
    s.experiment(
        name, arm_params(name), kPathsPerUnit,
        [name, safety](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
          const McParams qd = params_like(q, arm("dcr", q("beta"))); // q: the Ungated arm at the cell
          const auto ru = ensemble_of(q, first, count), rd = ensemble_of(qd, first, count);
          const auto f = [safety](const PathSummary& p) { return final_safety(p, safety); };
          McResult m;
          m.name = "mean final safety: DCR minus " + name;
          const auto xd = values_of(rd->paths, f), xu = values_of(ru->paths, f);
          m.interval = paired_or_welch(qd, q, xd, xu, alpha);
          note_paper(m, experiment, "Ungated degrades safety (DCR about 0.93, Ungated about 0.48)",
                     difference_five("DCR", qd, name, q, f, xd, xu));
          return m;
        },
        at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }));
  return s.method("ensemble engine; Welch intervals of differences of means");
}
} // namespace

// App. J §Study C: "Ungated penalizes incorrect–incorrect similarity, degrading safety".
DCRV_CLAIM(claim_ablation_ungated_lower_safety) {
  return ungated_lower_safety("J.ablation-ungated-lower-safety", "", safety_worst);
}
DCRV_CLAIM(claim_ablation_ungated_lower_safety_arm) {
  return ungated_lower_safety("J.ablation-ungated-lower-safety~arm-kernel",
                              "safety of each arm evaluated with the arm's own kernel", safety_arm_kernel);
}

// App. J §Study C: "Ungated … despite larger proxy gains" — ΔJ_p = J_p(T) − J_p(0), J_p with K_eff.
DCRV_CLAIM(claim_ablation_ungated_larger_proxy_gain) {
  Stochastic s("J.ablation-ungated-larger-proxy-gain", Kind::empirical);
  s.where("App. J §Study C")
      .setup("ablation cell", cell_setups(), kCellWhy)
      .statement(
          R"(Ungated obtains a larger objective-proxy gain than DCR: the mean of $\Delta J_p=J_p(T)-J_p(0)$, $J_p=\sum_{\mathcal C}p_i+\lambda\alpha H[p]-\lambda\beta p^\top K_{\mathrm{eff}}p$, of Ungated minus DCR's is $>0$ at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$), for every reading of the Ungated kernel)");
  for (const auto& name : ungated_arms())
    s.experiment(name + " vs dcr", arm_params("dcr"), kPathsPerUnit,
                 arm_difference(name, "objective gain Delta J_p", "Ungated: larger proxy gains",
                                [](const PathSummary& p) {
                                  return p.final_metric[metric_objective] -
                                         p.initial_metric[metric_objective];
                                }),
                 at_least([]<class T>(const McParams&, const Consts<T>&) { return T(kStrict); }));
  return s.method("ensemble engine; Welch intervals of differences of means");
}

namespace {
/// fig:objective-overlay: J_p and the safety margin (literal: worst correct trace, K_eff) against steps, mean
/// ± 1 sd over the seeds, for DCR, Entropy-only and Ungated (literal and all-ones readings) at the ablation
/// point.
void add_overlay_figure(McResult& m, const JData& d) {
  const std::vector<std::string> arms = {"dcr", "entropy-only", "ungated", "ungated-all-ones"};
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  std::vector<std::string> jp, sf, legend;
  for (std::size_t a = 0; a < arms.size(); ++a) {
    const McParams qa = params_like(d.q, arm(arms[a]));
    const auto r = ensemble_of(qa, d.r.first, static_cast<long>(d.r.paths.size()));
    const std::string p = "ov" + std::to_string(a) + "_";
    if (!add_moment_columns(m.series, *r, decode(qa), p, metric_objective, "Jp") ||
        !add_moment_columns(m.series, *r, decode(qa), p, metric_safety, "safety"))
      return;
    jp.push_back(p + "Jp"), sf.push_back(p + "safety"), legend.push_back(arm_label(arms[a]));
  }
  m.series["figures"].push_back(
      {{"title",
        "Objective proxy and safety margin against steps (fig:objective-overlay), "
        "$(\\alpha,\\beta)=(0.05,0.10)$: "
        "mean $\\pm1$ sd over " +
            std::to_string(d.r.paths.size()) +
            " seeds per arm; $J_p$ and the safety margin with $K_{\\mathrm{eff}}$ (literal readings)"},
       {"columns", 2},
       {"panels",
        {ribbon_axis("objective proxy", "ov0_t", jp, legend, "step", "$J_p$"),
         ribbon_axis("safety margin", "ov0_t", sf, legend, "step",
                     "$\\min_c[1-2\\lambda\\beta(K_{\\mathrm{eff}}p)_c]$")}}});
}
/// Mean final safety of an arm against a reported value ± about. The figure shows the mean over five seeds:
/// the probability that this five-seed mean lies in the stated range (disjoint groups of five runs) is
/// recorded beside the population mean, which decides — the law of a mean of five cannot be bounded to 1 %
/// from 10³ runs at level 1 − 10⁻⁶.
Claim safety_value(const std::string& id, const std::string& reading, const std::string& arm_name, int safety,
                   double value, const char* statement, bool at_least_value) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Objective and safety trajectories (fig:objective-overlay)")
      .statement(statement)
      .constant("safety", value, at_least_value ? Role::lower : Role::exact, "the reported safety margin")
      .constant("about", 0.02, Role::upper, "absolute tolerance of 'about' (dcrv's reading)")
      .reading(reading)
      .setup("ablation cell", cell_setups(), kCellWhy);
  const std::string paper =
      (at_least_value ? "safety >~ " : "safety about ") + num(value) + " (mean of five seeds)";
  const bool overlay = reading.empty() && arm_name == "dcr";
  const auto measure = ensemble_measure([safety, paper, overlay](const JData& d) {
    const double lo = d.q("s_lo"), hi = d.q("s_hi");
    const auto f = [safety](const PathSummary& p) { return final_safety(p, safety); };
    const auto x = values_of(d.r.paths, f), five = values_of(d.five, f);
    McResult m =
        protocol_result(d.experiment, d.alpha, "mean final safety margin",
                        hi >= 1e300 ? ">= " + num(lo) : "[" + num(lo) + ", " + num(hi) + "]", lo, hi,
                        protocol_group_probability(x, mean_of, lo, hi, d.alpha), "mean final safety margin",
                        stats::mean_interval(x, d.alpha), five, mean_of(five), kProtocolLevel, paper, false);
    if (overlay && d.c.metrics.beta == kAblBeta)
      add_overlay_figure(m, d);
    return m;
  });
  s.experiment(
      arm_name,
      [arm_name, at_least_value](const Context& ctx, const Setup& setup) {
        McParams q = params_for(arm(arm_name, setup("ablation cell")), ctx);
        q.set("s_lo", ctx.constant("safety") - ctx.constant("about"));
        q.set("s_hi", at_least_value ? 1e300 : ctx.constant("safety") + ctx.constant("about"));
        return q;
      },
      kPathsPerUnit, measure,
      at_least_value
          ? at_least([]<class T>(const McParams&, const Consts<T>& k) { return k("safety") - k("about"); })
          : between([]<class T>(const McParams&, const Consts<T>& k) { return k("safety") - k("about"); },
                    []<class T>(const McParams&, const Consts<T>& k) { return k("safety") + k("about"); }));
  return s.method(
      "ensemble engine; Student-t interval of the mean; the paper's protocol (the law of the mean "
      "of five runs, disjoint groups of five, Clopper-Pearson) recorded beside it");
}
} // namespace

// App. J §Objective and safety trajectories: "DCR reaches a stable interior solution with safety ≳ 0.93".
DCRV_CLAIM(claim_traj_dcr_safety_093) {
  return labelled(
      safety_value(
          "J.traj-dcr-safety-093", "", "dcr", safety_worst, 0.93,
          R"(DCR reaches a stable interior solution with safety margin $\gtrsim0.93$: the mean final safety margin $\min_{c}[1-2\lambda\beta(K_{\mathrm{eff}}p)_c]$ at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$) is at least $0.93-a$, $a=0.02$, the mean over all seeds; the paper's five-seed protocol recorded beside it)",
          true),
      "conformance",
      "dcrv's default ablation cell (0.05, 0.10) was chosen because DCR's safety there is about "
      "0.93: that row confirms the choice; the other cell of the setup tests the claim");
}

// App. J §Objective and safety trajectories: "Entropy-only has safety fixed at 1 (no kernel)".
DCRV_CLAIM(claim_traj_entropy_only_safety_1) {
  return stochastic("J.traj-entropy-only-safety-1", Kind::empirical)
      .label("conformance", "with beta = 0 dcrv's safety margin is 1 - 0 by its own definition "
                            "(J.safety-margin-def): the check confirms dcrv's encoding, not the paper's run")
      .where("App. J §Objective and safety trajectories")
      .statement(
          R"(For Entropy-only ($\beta=0$) the safety margin is identically $s=1$: the fraction of runs whose safety margin ever differs from $1$ (minimum over training $<1$, or final value $\ne1$) is $0$)")
      .constant("one", 1, Role::exact, "the safety margin without kernel")
      .experiment("entropy-only", params_with_constant(arm("entropy-only"), "one"), kPathsPerUnit,
                  ensemble_measure([](const JData& d) {
                    const double one = d.q("s_one");
                    return fraction_stat(d, "fraction of runs whose safety margin differs from s", "1",
                                         [one](const PathSummary& p) {
                                           return p.min_safety[safety_worst] != one ||
                                                  p.final_safety[safety_worst] != one;
                                         });
                  }),
                  equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .method("ensemble engine; Clopper-Pearson interval of the fraction");
}

// App. J §Objective and safety trajectories: "Ungated converges at much lower safety (≈ 0.48)".
DCRV_CLAIM(claim_traj_ungated_safety_048) {
  return safety_value(
      "J.traj-ungated-safety-048", "", "ungated", safety_worst, 0.48,
      R"(Ungated converges to a safety margin of about $0.48$: its mean final safety margin at the ablation cell $(\alpha,\beta)$ of the setup ($\alpha=0.05$, $\beta\in\{0.10,0.75\}$) lies in $[0.48-a,0.48+a]$, $a=0.02$ (literal Ungated kernel, which coincides with $K_{\mathrm{eff}}$), the mean over all seeds; the paper's five-seed protocol recorded beside it)",
      false);
}
DCRV_CLAIM(claim_traj_ungated_safety_048_ic) {
  return safety_value(
      "J.traj-ungated-safety-048~incorrect-cluster", "Ungated: the incorrect traces mutually similar",
      "ungated-incorrect-cluster", safety_arm_kernel, 0.48,
      R"(As J.traj-ungated-safety-048, Ungated kernel with the incorrect traces as a fourth cluster, safety with the arm's kernel)",
      false);
}
DCRV_CLAIM(claim_traj_ungated_safety_048_self) {
  return safety_value(
      "J.traj-ungated-safety-048~self-similar", "Ungated: each incorrect trace similar to itself",
      "ungated-self", safety_arm_kernel, 0.48,
      R"(As J.traj-ungated-safety-048, Ungated kernel with $K(i,i)=1$ on $\mathcal I$, safety with the arm's kernel)",
      false);
}
DCRV_CLAIM(claim_traj_ungated_safety_048_all) {
  return safety_value(
      "J.traj-ungated-safety-048~all-ones", "Ungated: K = 11^T, safety with the arm's kernel",
      "ungated-all-ones", safety_arm_kernel, 0.48,
      R"(As J.traj-ungated-safety-048, Ungated kernel $K=\mathbf 1\mathbf 1^\top$, safety with the arm's kernel)",
      false);
}

namespace {
/// The paper's seeds over the grid (12 × 5 runs): the smallest per-run minimum of a safety reading.
double five_grid_min_safety(const McParams& q, int reading) {
  double worst = 1e300;
  for (double al : alpha_grid())
    for (double be : beta_grid())
      for (const auto& p : *five_of(params_like(q, study_c(al, be))))
        worst = std::min(worst, p.min_safety[reading]);
  return worst;
}
/// fig:safety-hist: the histogram of the per-run minimum safety margin over the grid's runs, the paper's
/// worst case and dcrv's 1/60-quantile marked, and per cell the smallest per-run minimum (the paper's inset).
void add_safety_figure(McResult& m, const McParams& q, long first, long count, int reading,
                       double paper_worst, double quantile) {
  std::vector<double> x;
  nlohmann::json al = nlohmann::json::array(), be = al, worst = al, mean = al;
  for (double a : alpha_grid())
    for (double b : beta_grid()) {
      const auto r = ensemble_of(params_like(q, study_c(a, b)), first, count);
      double w = 1e300;
      for (const auto& p : r->paths) {
        x.push_back(p.min_safety[reading]);
        w = std::min(w, p.min_safety[reading]);
      }
      al.push_back(a), be.push_back(b), worst.push_back(w);
      mean.push_back(
          mean_of(values_of(r->paths, [reading](const PathSummary& p) { return p.min_safety[reading]; })));
    }
  if (x.empty())
    return;
  const double lo = std::min(0.0, std::floor(*std::min_element(x.begin(), x.end()) * 20) / 20);
  const double hi = std::max(1.0, std::ceil(*std::max_element(x.begin(), x.end()) * 20) / 20);
  if (!m.series.is_object())
    m.series = nlohmann::json::object();
  add_histogram_columns(m.series, x, lo, hi, 50, "sh_");
  m.series["sh_alpha"] = al, m.series["sh_beta"] = be, m.series["sh_worst"] = worst,
  m.series["sh_mean"] = mean;
  nlohmann::json edge_lo = nlohmann::json::array(), edge_hi = edge_lo; // the bins' edges
  for (int b = 0; b < 50; ++b)
    edge_lo.push_back(lo + b * (hi - lo) / 50), edge_hi.push_back(lo + (b + 1) * (hi - lo) / 50);
  m.series["sh_edge_lo"] = edge_lo, m.series["sh_edge_hi"] = edge_hi;
  nlohmann::json hist = {{"title", "all runs of the 12 cells"},
                         {"x", "sh_x"},
                         {"y", {"sh_n"}},
                         {"legend", {"runs"}},
                         {"style", "histogram"},
                         {"xlabel", "minimum over training of the safety margin"},
                         {"ylabel", "runs"},
                         {"vlines",
                          {{{"at", paper_worst}, {"label", "paper's worst case"}},
                           {{"at", quantile}, {"label", "dcrv: 1/60-quantile"}}}}};
  nlohmann::json cells = {{"kind", "heatmap"},    {"title", "smallest per-run minimum per cell"},
                          {"x", "sh_beta"},       {"y", "sh_alpha"},
                          {"z", "sh_worst"},      {"zlabel", "min safety"},
                          {"xlabel", "$\\beta$"}, {"ylabel", "$\\alpha$"}};
  m.series["figures"].push_back(
      {{"title", "Minimum safety margin per run within the DCR band (fig:safety-hist): " +
                     std::to_string(x.size()) + " runs over the 12 cells"},
       {"columns", 2},
       {"panels", {hist, cells}}});
}
/// Every run of every grid cell: the per-run minimum over training of a safety reading.
std::vector<double> grid_min_safety(const McParams& q, long first, long count, int reading) {
  std::vector<double> x;
  for (double al : alpha_grid())
    for (double be : beta_grid()) {
      const auto r = ensemble_of(params_like(q, study_c(al, be)), first, count);
      for (const auto& p : r->paths)
        x.push_back(p.min_safety[reading]);
    }
  return x;
}
} // namespace

// App. J §Safety-margin distribution: "all runs remain strictly positive" within the band (the whole grid is
// the band: J.phase-band).
DCRV_CLAIM(claim_safety_min_positive) {
  return stochastic("J.safety-min-positive", Kind::empirical)
      .where("App. J §Safety-margin distribution (fig:safety-hist)")
      .statement(
          R"(Within the DCR band (the 12 grid cells) the minimum over training of the safety margin is $>s_0=0$ for every run: the fraction of runs with $\min_t$ safety $\le s_0$ is $0$)")
      .constant("floor", 0, Role::lower, "the lower bound of the per-run minimum safety margin")
      .setup("initial policy", start_setups(), kStartWhy)
      .experiment(
          "grid",
          [](const Context& ctx, const Setup& s) {
            Config c = study_c(0.02, 0.10);
            c.start = start_of(s);
            McParams q = params_for(c, ctx);
            q.set("s_floor", ctx.constant("floor"));
            return q;
          },
          kGridPathsPerUnit,
          [](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
            const auto x = grid_min_safety(q, first, count, safety_worst);
            const double s0 = q("s_floor");
            long k = 0;
            double worst = 1e300;
            for (double v : x) {
              k += !(v > s0);
              worst = std::min(worst, v);
            }
            McResult m;
            m.name = "fraction of runs (all cells) with min_t safety <= s0";
            m.interval = proportion(k, static_cast<long>(x.size()), alpha);
            m.details["smallest per-run minimum"] = num(worst);
            note_paper(m, experiment, "all runs strictly positive (worst about 0.267)",
                       "smallest per-run minimum over the 12 x 5 runs " +
                           num(five_grid_min_safety(q, safety_worst)));
            return m;
          },
          equals([]<class T>(const McParams&, const Consts<T>&) { return T(0); }))
      .method("ensemble engine over the (alpha, beta) grid; Clopper-Pearson interval of the fraction");
}

namespace {
Claim safety_min_value(const std::string& id, const std::string& reading, int safety) {
  Stochastic s(id, Kind::empirical);
  s.where("App. J §Safety-margin distribution (fig:safety-hist and caption)")
      .statement(
          R"(The worst per-run minimum safety margin within the band is about $0.267$: the $1/60$-quantile of the per-run minimum over training (the worst of the paper's $12\times5$ runs), pooled over the 12 grid cells, lies in $[0.267-a,0.267+a]$, $a=0.02$; the paper's protocol (the smallest of 60 minima, five seeds per cell) recorded beside it)")
      .constant("worst", 0.267, Role::exact, "the reported worst minimum safety margin")
      .constant("about", 0.02, Role::upper, "absolute tolerance of 'about' (dcrv's reading)")
      .reading(reading)
      .setup("initial policy", start_setups(), kStartWhy);
  s.experiment(
      "grid",
      [](const Context& ctx, const Setup& setup) {
        Config c = study_c(0.02, 0.10);
        c.start = start_of(setup);
        McParams q = params_for(c, ctx);
        q.set("s_lo", ctx.constant("worst") - ctx.constant("about"));
        q.set("s_hi", ctx.constant("worst") + ctx.constant("about"));
        return q;
      },
      kGridPathsPerUnit,
      [safety, reading](const McParams& q, std::uint64_t experiment, long first, long count, double alpha) {
        const double lo = q("s_lo"), hi = q("s_hi");
        const auto x = grid_min_safety(q, first, count, safety); // cell by cell, `count` runs each
        const long cells = count > 0 ? static_cast<long>(x.size()) / count : 0;
        // the protocol: group g = runs 5g … 5g+4 of every cell; its statistic the smallest of the 60 minima
        long k = 0, groups = 0;
        for (long g = 0; (g + 1) * kPaperSeedCount <= count; ++g, ++groups) {
          double w = 1e300;
          for (long c = 0; c < cells; ++c)
            for (long j = g * kPaperSeedCount; j < (g + 1) * kPaperSeedCount; ++j)
              w = std::min(w, x[static_cast<std::size_t>(c * count + j)]);
          k += w >= lo && w <= hi;
        }
        stats::Interval prob = stats::clopper_pearson(k, groups, alpha);
        prob.method = "Clopper-Pearson over " + std::to_string(groups) +
                      " disjoint groups of five runs per cell (60 runs each)";
        std::vector<double> five_minima; // the paper's seeds: per seed, the smallest minimum over the cells
        for (std::size_t j = 0; j < paper_seeds().size(); ++j) {
          double w = 1e300;
          for (double al : alpha_grid())
            for (double be : beta_grid())
              w = std::min(w, (*five_of(params_like(q, study_c(al, be))))[j].min_safety[safety]);
          five_minima.push_back(w);
        }
        const stats::Interval population = quantile_interval(x, 1.0 / 60, alpha);
        McResult m =
            protocol_result(experiment, alpha, "smallest per-run minimum safety of 60 runs (5 per cell)",
                            "[" + num(lo) + ", " + num(hi) + "]", lo, hi, prob,
                            "1/60-quantile of the per-run minimum safety (all cells)", population,
                            five_minima, *std::min_element(five_minima.begin(), five_minima.end()),
                            kProtocolLevel, "worst of 60 runs about 0.267", false);
        if (reading.empty() && static_cast<Start>(q.integer("start")) == Start::uniform)
          add_safety_figure(m, q, first, count, safety, 0.267, population.estimate);
        return m;
      },
      between([]<class T>(const McParams&, const Consts<T>& k) { return k("worst") - k("about"); },
              []<class T>(const McParams&, const Consts<T>& k) { return k("worst") + k("about"); }));
  return s.method("ensemble engine over the (alpha, beta) grid; quantile by order statistics; the paper's "
                  "protocol (the law of the smallest of 60 per-run minima, 5 runs per cell, disjoint groups) "
                  "recorded beside it");
}
} // namespace

// App. J §Safety-margin distribution: "worst case ≈ 0.267".
DCRV_CLAIM(claim_safety_min_0267) {
  return safety_min_value("J.safety-min-0267", "", safety_worst);
}
DCRV_CLAIM(claim_safety_min_0267_batch) {
  return safety_min_value("J.safety-min-0267~batch",
                          "safety margin with the batch frequencies phat instead of p", safety_batch);
}
DCRV_CLAIM(claim_safety_min_0267_gap) {
  return safety_min_value(
      "J.safety-min-0267~gap-0.8",
      "safety margin with the Study-B utility gap 0.8: [0.8 - 2 lambda beta (K_eff p)_c]/0.8", safety_gap08);
}
DCRV_CLAIM(claim_safety_min_0267_weighted) {
  return safety_min_value("J.safety-min-0267~mass-weighted",
                          "safety margin averaged over correct traces with weights p_c / rho",
                          safety_mass_weighted);
}

} // namespace dcrv
