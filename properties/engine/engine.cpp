#include "properties/engine/engine.hpp"

#include "dcrv/budget.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace dcrv {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
template <class T> T abs_(const T& x) {
  return x < 0 ? T(-x) : x;
}
template <class T> T max3(const T& a, const T& b, const T& c) {
  return std::max({a, b, c});
}
} // namespace

template <class T> double Ineq<T>::score() const {
  if (rel == Rel::skip)
    return -std::numeric_limits<double>::infinity();
  if (!is_finite(lhs) || !is_finite(rhs))
    return kNaN;
  if (rel == Rel::eq) {
    const T denom = scale > 0 ? scale : T(0);
    if (lhs == 0)
      return 0.0;
    if (denom == 0)
      return std::numeric_limits<double>::infinity();
    return to_double(T(lhs / denom));
  }
  const T denom = max3(abs_(lhs), abs_(rhs), abs_(scale));
  if (denom == 0)
    return 0.0;
  return to_double(T((lhs - rhs) / denom));
}
template <class T> double Ineq<T>::ratio() const {
  if (rel != Rel::le || !is_finite(lhs) || !is_finite(rhs))
    return kNaN;
  const T mag = std::max({abs_(lhs), abs_(rhs), abs_(scale)});
  // a ratio of two rounding-level quantities says nothing about the tightness of the bound
  if (!(rhs > 0) || !(rhs > T(1000) * identity_tolerance<T>() * mag))
    return kNaN;
  return to_double(T(lhs / rhs));
}
template <class T> bool Ineq<T>::violated() const {
  const double s = score();
  return s > to_double(identity_tolerance<T>());
}
template struct Ineq<double>;
template struct Ineq<mpfr>;

template <class T> Ineq<T> eq(const T& a, const T& b, const T& scale) {
  return {Ineq<T>::Rel::eq, abs_(T(a - b)), T(0), max3(abs_(a), abs_(b), abs_(scale))};
}
template <class T> Ineq<T> eq(const Vec<T>& a, const Vec<T>& b, const T& scale) {
  T err(0), mag = abs_(scale);
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    err = std::max(err, abs_(T(a(i) - b(i))));
    mag = std::max({mag, abs_(a(i)), abs_(b(i))});
  }
  if (a.size() != b.size())
    err = T(1), mag = T(1);
  return {Ineq<T>::Rel::eq, err, T(0), mag};
}
template <class T> Ineq<T> eq(const Mat<T>& a, const Mat<T>& b, const T& scale) {
  if (a.rows() != b.rows() || a.cols() != b.cols())
    return {Ineq<T>::Rel::eq, T(1), T(0), T(1)};
  const Vec<T> va = Eigen::Map<const Vec<T>>(a.data(), a.size());
  const Vec<T> vb = Eigen::Map<const Vec<T>>(b.data(), b.size());
  return eq<T>(va, vb, scale);
}
template <class T> Ineq<T> eq_rel(const Vec<T>& a, const Vec<T>& b) {
  T worst(0);
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const T m = std::max(abs_(a(i)), abs_(b(i)));
    if (m > 0)
      worst = std::max(worst, T(abs_(T(a(i) - b(i))) / m));
  }
  return {Ineq<T>::Rel::eq, worst, T(0), T(1)};
}
#define DCRV_INSTANTIATE_EQ(T)                                                                               \
  template Ineq<T> eq(const T&, const T&, const T&);                                                         \
  template Ineq<T> eq(const Vec<T>&, const Vec<T>&, const T&);                                               \
  template Ineq<T> eq(const Mat<T>&, const Mat<T>&, const T&);                                               \
  template Ineq<T> eq_rel(const Vec<T>&, const Vec<T>&);
DCRV_INSTANTIATE_EQ(double)
DCRV_INSTANTIATE_EQ(mpfr)

template <class T> Consts<T>::Consts(const Claim& c, const Context& ctx) {
  for (const auto& spec : c.constants) {
    if constexpr (std::is_same_v<T, mpfr>)
      values_.emplace_back(spec.name, ctx.constant_mp(spec.name));
    else
      values_.emplace_back(spec.name, ctx.constant(spec.name));
  }
}
template <class T> T Consts<T>::operator()(const std::string& name) const {
  for (const auto& [n, v] : values_)
    if (n == name)
      return v;
  throw std::logic_error("claim code reads undeclared constant '" + name + "'");
}
template class Consts<double>;
template class Consts<mpfr>;

namespace {

struct Scored {
  Evaluation e;
  Sample s;
};

template <class T>
Evaluation evaluate(const Property<T>& prop, const Domain& d, const Sample& s, const Consts<T>& k) {
  const Ineq<T> r = prop(Args<T>(d, s), k);
  Evaluation e;
  if (r.rel == Ineq<T>::Rel::skip) {
    e.skipped = true;
    return e;
  }
  e.score = r.score();
  e.finite = std::isfinite(e.score) || (e.score == std::numeric_limits<double>::infinity());
  e.finite = e.finite && is_finite(r.lhs) && is_finite(r.rhs);
  e.lhs = to_double(r.lhs);
  e.rhs = to_double(r.rhs);
  e.decayed = r.decayed;
  // Tightness: the parts' largest lhs/rhs (an identity part contributes its residual only when no inequality
  // part resolves a ratio).
  const double t = r.tightness();
  e.ratio = std::isfinite(t) ? t : (r.rel == Ineq<T>::Rel::eq && !r.tight_set ? e.score : kNaN);
  return e;
}

std::string fmt(double x) {
  std::ostringstream os;
  os.precision(17);
  os << x;
  return os.str();
}

/// Rounds every continuous coordinate to `digits` significant digits (witness shrinking).
Sample rounded(const Sample& s, int digits) {
  Sample r = s;
  for (auto& x : r.x) {
    if (x == 0 || !std::isfinite(x))
      continue;
    const double e = std::floor(std::log10(std::fabs(x)));
    const double m = std::pow(10.0, digits - 1 - e);
    const double y = std::round(x * m) / m;
    if (std::isfinite(y) && y != 0)
      x = y;
  }
  return r;
}

/// Two samples belong to one cluster of candidates when they have the same dimension and indices and every
/// coordinate agrees to 5 % (in log scale for nonzero values, exactly for zeros): the neighbourhood that
/// local maximisation explores from one start. The best-scoring member represents its cluster in MPFR.
bool same_cluster(const Sample& a, const Sample& b) {
  if (a.S != b.S || a.idx != b.idx || a.x.size() != b.x.size())
    return false;
  for (std::size_t i = 0; i < a.x.size(); ++i) {
    const double u = a.x[i], v = b.x[i];
    if (u == v)
      continue;
    if (u == 0 || v == 0 || (u > 0) != (v > 0))
      return false;
    if (std::fabs(std::log(std::fabs(u)) - std::log(std::fabs(v))) > 0.05)
      return false;
  }
  return true;
}

struct Cluster {
  Scored best;
  long members = 1;
};

} // namespace

Outcome run_property(const PropertyRun& p, const Claim& claim, const Context& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  const Domain& d = *p.domain;
  BudgetSizes sz = ctx.sizes();
  sz.random_trials = std::max(8, static_cast<int>(sz.random_trials * p.effort));
  sz.local_steps = std::max(4, static_cast<int>(sz.local_steps * p.effort));
  const int audit_sample =
      std::max(2, static_cast<int>(sz.mpfr_audit * std::min(1.0, 4 * p.effort) * p.mpfr_effort));
  auto rng = ctx.rng(0);
  const Consts<double> kd(claim, ctx);
  const Consts<mpfr> km(claim, ctx);
  const double tol_d = identity_tolerance<double>();
  const double tol_m = p.mpfr_tolerance > 0 ? p.mpfr_tolerance : to_double(identity_tolerance<mpfr>());
  // The search may use 60 % of the time left; the MPFR phases (audit, confirmation) the rest.
  const double budget_left = time_budget_left();
  const auto search_deadline = std::isfinite(budget_left)
                                   ? t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                              std::chrono::duration<double>(0.6 * budget_left))
                                   : std::chrono::steady_clock::time_point::max();
  auto search_time_over = [&] {
    return std::chrono::steady_clock::now() >= search_deadline || time_budget_expired();
  };

  Outcome out;
  Evidence& ev = out.evidence;
  ev.digits = static_cast<int>(ctx.digits);
  const int lo = d.min_dim(), hi = d.max_dim(sz.max_dim);

  std::vector<Scored> pool;      // the best samples: starts of the local search
  std::vector<Cluster> clusters; // every double-precision violation candidate, clustered
  std::vector<Sample> nonfinite;
  std::vector<std::vector<Sample>> audit_points; // per S: the paper's points (and an identity's edges)
  std::vector<Sample> audit_random;              // stratified random samples and the ends of local searches
  long decayed = 0, evaluated_finite = 0;
  double worst_score = -std::numeric_limits<double>::infinity();
  Sample worst_sample;
  std::string truncated_at;

  auto note_mpfr = [&](const Evaluation& m) { // an MPFR value that is not a violation: margin and tightness
    if (m.skipped || !m.finite)
      return;
    if (std::isfinite(m.ratio) && (!ev.tightness || m.ratio > *ev.tightness))
      ev.tightness = m.ratio;
    if (!ev.worst_margin || -m.score < *ev.worst_margin)
      ev.worst_margin = -m.score;
  };
  auto record = [&](const Sample& s) -> Evaluation {
    Evaluation e = evaluate(p.in_double, d, s, kd);
    ++ev.trials;
    if (e.skipped) {
      ++ev.skipped;
      return e;
    }
    if (!e.finite) {
      if (nonfinite.size() < 16)
        nonfinite.push_back(s);
      return e;
    }
    ++evaluated_finite;
    decayed += e.decayed;
    // Violation candidates enter the margin and tightness only through their MPFR value: a double-rounding
    // artefact must not make a verified bound look violated.
    if (e.score <= tol_d) {
      if (!ev.worst_margin || -e.score < *ev.worst_margin)
        ev.worst_margin = -e.score;
      if (std::isfinite(e.ratio) && (!ev.tightness || e.ratio > *ev.tightness))
        ev.tightness = e.ratio;
    } else {
      bool joined = false;
      for (auto& c : clusters)
        if (same_cluster(c.best.s, s)) {
          ++c.members;
          if (e.score > c.best.e.score)
            c.best = {e, s};
          joined = true;
          break;
        }
      if (!joined)
        clusters.push_back({{e, s}, 1});
    }
    if (e.score > worst_score) {
      worst_score = e.score;
      worst_sample = s;
    }
    pool.push_back({e, s});
    if (pool.size() > 4096) { // keep the best eighth as starts of the local search
      std::nth_element(pool.begin(), pool.begin() + 512, pool.end(),
                       [](const Scored& a, const Scored& b) { return a.e.score > b.e.score; });
      pool.resize(512);
    }
    return e;
  };

  // Phases 1–3 (double): edge cases and the paper's points in every dimension, random samples, local
  // maximisation of the violation score. The time budget may end them; the evidence then says so.
  long planned = 0, stride = 1;
  try {
    // Phase 1: edge cases and the paper's points. Identities and the paper's points are also audited in MPFR.
    for (int S = lo; S <= hi; ++S) {
      const auto edges = d.edges(S);
      planned += static_cast<long>(edges.size());
      for (const Sample& s : edges) {
        if (search_time_over())
          throw TimeBudgetExhausted("edge cases");
        record(s);
      }
      audit_points.emplace_back(d.claim_points(S));
      if (p.kind == Kind::identity && !d.points_only())
        for (const Sample& s : edges)
          audit_points.back().push_back(s);
    }
    if (!d.points_only()) {
      // Phase 2: random samples, dimensions in rotation; every stride-th goes to the stratified MPFR audit.
      planned += sz.random_trials + static_cast<long>(sz.local_starts) * sz.local_steps;
      stride = std::max<long>(1, sz.random_trials / audit_sample);
      for (int i = 0; i < sz.random_trials; ++i) {
        if (search_time_over())
          throw TimeBudgetExhausted("random search");
        const Sample s = d.random(rng, lo + i % (hi - lo + 1));
        record(s);
        if (i % stride == stride / 2)
          audit_random.push_back(s);
      }
      // Phase 3: local maximisation of the violation score from the best distinct samples.
      std::sort(pool.begin(), pool.end(),
                [](const Scored& a, const Scored& b) { return a.e.score > b.e.score; });
      std::vector<Scored> starts;
      for (const auto& c : pool) {
        if (static_cast<int>(starts.size()) >= sz.local_starts)
          break;
        bool dup = false;
        for (const auto& s : starts)
          dup |= s.s.x == c.s.x && s.s.idx == c.s.idx;
        if (!dup)
          starts.push_back(c);
      }
      for (auto cur : starts) {
        double sigma = 0.3;
        for (int step = 0; step < sz.local_steps; ++step) {
          if (search_time_over())
            throw TimeBudgetExhausted("local search");
          Sample cand = cur.s;
          d.perturb(cand, rng, sigma);
          const Evaluation e = record(cand);
          if (!e.skipped && e.finite && e.score > cur.e.score) {
            cur = {e, cand};
            sigma = std::min(1.0, sigma * 1.5);
          } else {
            sigma = std::max(1e-7, sigma * 0.8);
          }
        }
        audit_random.push_back(cur.s); // the end of every local search is audited in MPFR too
      }
    }
  } catch (const TimeBudgetExhausted& e) {
    ev.truncated = true;
    truncated_at = e.what();
  }

  // Phase 4 (MPFR): the violation candidates, cluster by cluster, best first; then the audit sample. A
  // positive MPFR score above the tolerance is a violation wherever it was found.
  auto falsify = [&](const Sample& s, const Evaluation& m, double double_score) {
    Sample w = s; // shrink: the shortest decimal rounding of the witness that MPFR still confirms
    Evaluation wm = m;
    for (int digits : {1, 2, 3, 4, 6, 8, 12}) {
      if (time_budget_expired())
        break;
      const Sample r = rounded(s, digits);
      ++ev.confirmations;
      const Evaluation rm = evaluate(p.in_mpfr, d, r, km);
      if (!rm.skipped && rm.finite && rm.score > tol_m) {
        w = r;
        wm = rm;
        break;
      }
    }
    out.status = Status::falsified;
    if (std::isfinite(wm.ratio) && (!ev.tightness || wm.ratio > *ev.tightness))
      ev.tightness = wm.ratio;
    if (!ev.worst_margin || -wm.score < *ev.worst_margin)
      ev.worst_margin = -wm.score;
    out.witness = {{"sample", w.to_json()},       {"fields", d.named(w)}, {"lhs", fmt(wm.lhs)},
                   {"rhs", fmt(wm.rhs)},          {"score", wm.score},    {"digits", ctx.digits},
                   {"double_score", double_score}};
    std::ostringstream msg;
    msg << (p.kind == Kind::identity ? "identity residual " : "violation ") << "confirmed in MPFR ("
        << ctx.digits << " digits): lhs=" << fmt(wm.lhs) << " rhs=" << fmt(wm.rhs) << " at S=" << w.S;
    out.message = msg.str();
  };
  long examined_clusters = 0, unexamined_clusters = 0;
  std::sort(clusters.begin(), clusters.end(),
            [](const Cluster& a, const Cluster& b) { return a.best.e.score > b.best.e.score; });
  try {
    for (const auto& c : clusters) {
      if (out.status == Status::falsified)
        break;
      // cheap (pointwise) claims examine 8× more clusters than trajectory claims
      if (examined_clusters >= (p.effort >= 1 ? 8 : 1) * sz.confirmations)
        break;
      check_time_budget();
      ++examined_clusters;
      ++ev.confirmations;
      const Evaluation m = evaluate(p.in_mpfr, d, c.best.s, km);
      if (!m.skipped && m.finite && m.score > tol_m) {
        falsify(c.best.s, m, c.best.e.score);
        break;
      }
      ev.rejected_candidates += c.members;
      note_mpfr(m);
    }
    if (out.status != Status::falsified) {
      // The audit order mixes the paper's points (round robin over the dimensions) with the stratified random
      // samples, so that a time slice that ends it early still covers both kinds.
      std::vector<Sample> points, audit;
      for (std::size_t k = 0;; ++k) {
        bool any = false;
        for (const auto& per_S : audit_points)
          if (k < per_S.size())
            points.push_back(per_S[k]), any = true;
        if (!any)
          break;
      }
      for (std::size_t k = 0; k < std::max(points.size(), audit_random.size()); ++k) {
        if (k < points.size())
          audit.push_back(points[k]);
        if (k < audit_random.size())
          audit.push_back(audit_random[k]);
      }
      // How many: a count (deterministic under a seed), scaled by the claim's effort; pointwise identities
      // are audited at every edge case and point.
      const std::size_t n_audit = std::min(
          audit.size(), static_cast<std::size_t>(p.kind == Kind::identity && p.effort >= 1
                                                     ? std::max(2.0, 4 * sz.mpfr_audit * p.mpfr_effort)
                                                     : audit_sample));
      audit.resize(n_audit);
      for (const Sample& s : audit) {
        check_time_budget(); // the audit's size is a count (deterministic); the budget is the safety net
        ++ev.confirmations;
        ++ev.audited;
        const Evaluation m = evaluate(p.in_mpfr, d, s, km);
        if (!m.skipped && m.finite && m.score > tol_m) {
          falsify(s, m, kNaN);
          out.message += " (found by the MPFR audit: the double-precision score was not a violation)";
          break;
        }
        note_mpfr(m);
      }
    }
  } catch (const TimeBudgetExhausted&) {
    ev.truncated = true;
    if (truncated_at.empty())
      truncated_at = "MPFR confirmation";
  }
  if (out.status != Status::falsified)
    for (std::size_t i = static_cast<std::size_t>(examined_clusters); i < clusters.size(); ++i) {
      ++unexamined_clusters;
      ev.unexamined += clusters[i].members;
    }

  if (out.status != Status::falsified) {
    // Non-finite double evaluations: retry in MPFR; a NaN is never a pass.
    try {
      for (const Sample& s : nonfinite) {
        check_time_budget();
        ++ev.confirmations;
        const Evaluation m = evaluate(p.in_mpfr, d, s, km);
        if (m.skipped)
          continue;
        if (!m.finite) {
          out.status = Status::inconclusive;
          out.message = "non-finite value in double and in MPFR";
          out.witness = {{"sample", s.to_json()}, {"note", "non-finite evaluation"}};
          break;
        }
        if (m.score > tol_m) {
          falsify(s, m, kNaN);
          out.message = "violation confirmed in MPFR where double overflowed";
          break;
        }
        note_mpfr(m);
      }
    } catch (const TimeBudgetExhausted&) {
      ev.truncated = true;
      out.status = Status::inconclusive;
      out.message = "time budget ended before the non-finite double evaluations were re-examined in MPFR";
    }
  }
  if (out.status == Status::unchecked) {
    const long evaluated = ev.trials - ev.skipped;
    if (evaluated == 0) {
      out.status = Status::inconclusive;
      out.message = ev.truncated ? "time budget ended before any sample inside the hypotheses was evaluated"
                                 : "every sample fell outside the claim's hypotheses";
    } else if (unexamined_clusters > 0) {
      out.status = Status::inconclusive;
      out.message = std::to_string(ev.unexamined) + " double-precision violation candidate(s) in " +
                    std::to_string(unexamined_clusters) + " cluster(s) were not examined in MPFR (" +
                    std::to_string(examined_clusters) + " examined, all rounding" +
                    (ev.truncated ? "; the time budget ended" : "; confirmation budget reached") + ")";
    } else {
      out.status = Status::verified;
      // The worst point, re-evaluated in MPFR: its margin/ratio are the reported figures.
      if (worst_sample.S > 0 && !time_budget_expired()) {
        ev.details["worst_at"] = worst_sample.to_json().dump();
        try {
          ++ev.confirmations;
          const Evaluation m = evaluate(p.in_mpfr, d, worst_sample, km);
          if (m.finite && !m.skipped) {
            ev.details["worst_ratio_mpfr"] = fmt(m.ratio);
            ev.details["worst_score_mpfr"] = fmt(m.score);
            if (m.score > tol_m) { // the worst point is a candidate like any other
              falsify(worst_sample, m, worst_score);
            } else {
              note_mpfr(m);
            }
          }
        } catch (const TimeBudgetExhausted&) {
          ev.truncated = true;
          ev.details["worst_point"] = "the time budget ended its MPFR evaluation";
        }
      }
      if (ev.rejected_candidates > 0)
        ev.details["rounding_candidates"] =
            std::to_string(ev.rejected_candidates) + " double-precision violation(s) in " +
            std::to_string(examined_clusters) + " cluster(s), all rejected in MPFR";
    }
  }
  if (ev.truncated)
    ev.details["time_budget"] = "the claim's wall-time budget ended the " + truncated_at + " after " +
                                std::to_string(ev.trials) + " of ~" + std::to_string(planned) +
                                " planned double-precision evaluations";
  if (decayed > 0 || evaluated_finite > 0) {
    if (decayed > 0)
      ev.details["decayed_samples"] = std::to_string(decayed) + " of " + std::to_string(evaluated_finite) +
                                      " trajectories reached a claimed decay factor below 1/e";
  }
  const long used = ev.trials - ev.skipped;
  if (ev.trials > 0 && ev.skipped * 5 > ev.trials)
    ev.details["skip_reason"] =
        p.skip_reason.empty() ? std::string("(no reason given by the check)") : p.skip_reason;
  if (p.mpfr_tolerance > 0)
    ev.details["mpfr_tolerance"] = fmt(p.mpfr_tolerance) + ": " + p.tolerance_reason;
  std::ostringstream method;
  method << (d.points_only() ? "at given points" : "random+edge+local search") << " over " << d.describe()
         << "; double search (" << used << " samples used, " << ev.skipped << " skipped), MPFR at "
         << ctx.digits << " digits (" << ev.audited << " audited directly, " << examined_clusters
         << " candidate cluster(s))";
  ev.method = method.str();
  ev.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

Sample check_witness_sample(const Domain& d, const nlohmann::json& w) {
  if (!w.is_object() || !w.contains("sample") || !w["sample"].is_object())
    throw WitnessError("/sample", "expected the witness's sample {S, x, idx}");
  const nlohmann::json& j = w["sample"];
  // The largest S a run searches (deep budget) and a margin for hand-made points; a domain with fixed
  // dimensions states its own.
  const int hi = d.max_dim(64), lo = d.min_dim();
  if (!j.contains("S") || !j["S"].is_number_integer() || j["S"].get<long long>() < lo ||
      j["S"].get<long long>() > hi)
    throw WitnessError("/sample/S", "expected an integer dimension S in [" + std::to_string(lo) + ", " +
                                        std::to_string(hi) + "] (the claim's domain), got " +
                                        (j.contains("S") ? j["S"].dump() : std::string("nothing")));
  const int S = j["S"].get<int>();
  std::size_t width = 0;
  std::string layout;
  for (std::size_t f = 0; f < d.fields().size(); ++f) {
    const std::size_t k = d.width(static_cast<int>(f), S);
    width += k;
    if (k)
      layout += (layout.empty() ? "" : ", ") + d.fields()[f].name + ": " + std::to_string(k);
  }
  const std::size_t indices = static_cast<std::size_t>(d.index_fields());
  if (!j.contains("x") || !j["x"].is_array() || j["x"].size() != width)
    throw WitnessError("/sample/x", "expected " + std::to_string(width) +
                                        " numbers at S = " + std::to_string(S) + " (" + layout + "), got " +
                                        (j.contains("x") && j["x"].is_array() ? std::to_string(j["x"].size())
                                                                              : std::string("no array")));
  for (std::size_t i = 0; i < width; ++i)
    if (!j["x"][i].is_number() || !std::isfinite(j["x"][i].get<double>()))
      throw WitnessError("/sample/x/" + std::to_string(i), "expected a finite number");
  if (!j.contains("idx") || !j["idx"].is_array() || j["idx"].size() != indices)
    throw WitnessError("/sample/idx", "expected " + std::to_string(indices) + " index(es) in [0, " +
                                          std::to_string(S) + ")");
  for (std::size_t i = 0; i < indices; ++i)
    if (!j["idx"][i].is_number_integer() || j["idx"][i].get<long long>() < 0 ||
        j["idx"][i].get<long long>() >= S)
      throw WitnessError("/sample/idx/" + std::to_string(i),
                         "expected an index in [0, " + std::to_string(S) + "), got " + j["idx"][i].dump());
  return Sample::from_json(j);
}

Outcome replay_property(const PropertyRun& p, const Claim& claim, const Context& ctx,
                        const nlohmann::json& w) {
  Outcome out;
  const Sample s = check_witness_sample(*p.domain, w);
  const Consts<double> kd(claim, ctx);
  const Consts<mpfr> km(claim, ctx);
  const Evaluation ed = evaluate(p.in_double, *p.domain, s, kd);
  const Evaluation em = evaluate(p.in_mpfr, *p.domain, s, km);
  out.evidence.trials = 1;
  out.evidence.confirmations = 1;
  out.evidence.digits = static_cast<int>(ctx.digits);
  out.witness = w; // with the recomputed values, which `dcrv replay` compares with the stored ones
  out.witness["lhs"] = fmt(em.lhs);
  out.witness["rhs"] = fmt(em.rhs);
  out.witness["score"] = std::isfinite(em.score) ? nlohmann::json(em.score) : nlohmann::json(nullptr);
  out.witness["digits"] = ctx.digits;
  std::ostringstream msg;
  msg << "double: lhs=" << fmt(ed.lhs) << " rhs=" << fmt(ed.rhs) << " score=" << ed.score << "; MPFR("
      << ctx.digits << "): lhs=" << fmt(em.lhs) << " rhs=" << fmt(em.rhs) << " score=" << em.score;
  out.message = msg.str();
  if (em.skipped)
    out.status = Status::inconclusive;
  else if (!em.finite)
    out.status = Status::inconclusive;
  else
    out.status = em.score > (p.mpfr_tolerance > 0 ? p.mpfr_tolerance : to_double(identity_tolerance<mpfr>()))
                     ? Status::falsified
                     : Status::verified;
  return out;
}

Outcome combine(const std::vector<Outcome>& parts) {
  if (parts.size() == 1)
    return parts[0];
  Outcome out;
  bool all_certified = true;
  for (const auto& p : parts)
    all_certified &= p.status == Status::certified;
  out.status = all_certified ? Status::certified : Status::verified;
  for (const auto& p : parts)
    if (p.status == Status::inconclusive && out.status != Status::falsified) {
      out.status = Status::inconclusive;
      out.message = p.message;
    }
  for (const auto& p : parts)
    if (p.status == Status::falsified) {
      out.status = Status::falsified;
      out.message = p.message;
      out.witness = p.witness;
      break;
    }
  Evidence& e = out.evidence;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const Evidence& pe = parts[i].evidence;
    e.trials += pe.trials;
    e.confirmations += pe.confirmations;
    e.rejected_candidates += pe.rejected_candidates;
    e.skipped += pe.skipped;
    e.audited += pe.audited;
    e.unexamined += pe.unexamined;
    e.truncated = e.truncated || pe.truncated;
    e.seconds += pe.seconds;
    e.digits = std::max(e.digits, pe.digits);
    if (pe.worst_margin && (!e.worst_margin || *pe.worst_margin < *e.worst_margin))
      e.worst_margin = pe.worst_margin;
    if (pe.tightness && (!e.tightness || *pe.tightness > *e.tightness))
      e.tightness = pe.tightness;
    e.method += (i ? " | " : "") + pe.method;
    for (const auto& [k, v] : pe.details)
      e.details["part" + std::to_string(i) + "." + k] = v;
    if (pe.tightness)
      e.details["part" + std::to_string(i) + ".tightness"] = fmt(*pe.tightness);
  }
  return out;
}

ForAll& ForAll::effort(double f) {
  if (!(f > 0))
    throw std::logic_error("ForAll::effort must be positive");
  effort_ = f;
  return *this;
}
ForAll& ForAll::tolerance(double mpfr_rel, std::string why) {
  if (!(mpfr_rel > 0 && mpfr_rel < 1e-9) || why.empty())
    throw std::logic_error(
        "ForAll::tolerance needs 0 < tol < 1e-9 (beyond double's resolution) and a reason");
  mpfr_tolerance_ = mpfr_rel;
  tolerance_reason_ = std::move(why);
  return *this;
}
ForAll& ForAll::mpfr_effort(double f) {
  if (!(f > 0))
    throw std::logic_error("ForAll::mpfr_effort must be positive");
  mpfr_effort_ = f;
  return *this;
}
ForAll& ForAll::skips(std::string why) {
  skip_reason_ = std::move(why);
  return *this;
}
ForAll& ForAll::validate(std::function<std::string(const std::map<std::string, double>&)> fn) {
  claim_.validate = std::move(fn);
  return *this;
}
ForAll& ForAll::over(Domain d) {
  domain_ = std::make_shared<Domain>(std::move(d));
  return *this;
}

Claim ForAll::build() const {
  if (!domain_ && std::any_of(parts_.begin(), parts_.end(), [](const Part& p) { return !p.domain; }))
    throw std::logic_error(claim_.id + ": ForAll needs .over(domain)");
  if (parts_.empty())
    throw std::logic_error(claim_.id + ": ForAll needs .holds(property)");
  Claim c = claim_;
  auto parts = std::make_shared<std::vector<Part>>(parts_);
  auto main_domain = domain_;
  const Kind kind = c.kind;
  const double effort = effort_, tol = mpfr_tolerance_, mpfr_effort = mpfr_effort_;
  const std::string tol_why = tolerance_reason_, skip_why = skip_reason_;
  auto runs = [parts, main_domain, kind, effort, tol, tol_why, skip_why, mpfr_effort] {
    std::vector<PropertyRun> r;
    for (const auto& p : *parts)
      r.push_back({p.domain ? p.domain.get() : main_domain.get(), p.d, p.m, kind, effort, tol, tol_why,
                   skip_why, mpfr_effort});
    return r;
  };
  c.check = [runs, parts, main_domain](const Context& ctx) {
    std::vector<Outcome> outs;
    const auto rs = runs();
    for (std::size_t i = 0; i < rs.size(); ++i) {
      // each part gets an equal share of the time left, so a slow part cannot starve the others
      const double left = time_budget_left();
      ScopedTimeBudget share(std::isfinite(left) ? left / static_cast<double>(rs.size() - i) : 1e9);
      Outcome o = run_property(rs[i], *ctx.claim, ctx);
      if (!(*parts)[i].label.empty())
        o.evidence.method = (*parts)[i].label + ": " + o.evidence.method;
      if (o.status == Status::falsified)
        o.witness["part"] = i;
      outs.push_back(std::move(o));
    }
    return combine(outs);
  };
  c.replay = [runs, parts, main_domain](const Context& ctx, const nlohmann::json& w) {
    const auto rs = runs();
    const nlohmann::json& pj = w.contains("part") ? w["part"] : nlohmann::json(0);
    if (!pj.is_number_integer() || pj.get<long long>() < 0 ||
        pj.get<long long>() >= static_cast<long long>(rs.size()))
      throw WitnessError("/part",
                         "expected a part in [0, " + std::to_string(rs.size()) + "), got " + pj.dump());
    const std::size_t part = pj.get<std::size_t>();
    return replay_property(rs[part], *ctx.claim, ctx, w);
  };
  return c;
}

} // namespace dcrv
