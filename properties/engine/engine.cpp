#include "properties/engine/engine.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace dcrv {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
template <class T> T abs_(const T& x) { return x < 0 ? T(-x) : x; }
template <class T> T max3(const T& a, const T& b, const T& c) { return std::max({a, b, c}); }
} // namespace

template <class T> double Ineq<T>::score() const {
  if (rel == Rel::skip) return -std::numeric_limits<double>::infinity();
  if (!is_finite(lhs) || !is_finite(rhs)) return kNaN;
  if (rel == Rel::eq) {
    const T denom = scale > 0 ? scale : T(0);
    if (lhs == 0) return 0.0;
    if (denom == 0) return std::numeric_limits<double>::infinity();
    return to_double(T(lhs / denom));
  }
  const T denom = max3(abs_(lhs), abs_(rhs), abs_(scale));
  if (denom == 0) return 0.0;
  return to_double(T((lhs - rhs) / denom));
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
  if (a.size() != b.size()) err = T(1), mag = T(1);
  return {Ineq<T>::Rel::eq, err, T(0), mag};
}
template <class T> Ineq<T> eq(const Mat<T>& a, const Mat<T>& b, const T& scale) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return {Ineq<T>::Rel::eq, T(1), T(0), T(1)};
  const Vec<T> va = Eigen::Map<const Vec<T>>(a.data(), a.size());
  const Vec<T> vb = Eigen::Map<const Vec<T>>(b.data(), b.size());
  return eq<T>(va, vb, scale);
}
template <class T> Ineq<T> eq_rel(const Vec<T>& a, const Vec<T>& b) {
  T worst(0);
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    const T m = std::max(abs_(a(i)), abs_(b(i)));
    if (m > 0) worst = std::max(worst, T(abs_(T(a(i) - b(i))) / m));
  }
  return {Ineq<T>::Rel::eq, worst, T(0), T(1)};
}
#define DCRV_INSTANTIATE_EQ(T)                                                                               \
  template Ineq<T> eq(const T&, const T&, const T&);                                                        \
  template Ineq<T> eq(const Vec<T>&, const Vec<T>&, const T&);                                              \
  template Ineq<T> eq(const Mat<T>&, const Mat<T>&, const T&);                                              \
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
    if (n == name) return v;
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
  if (r.rel == Ineq<T>::Rel::eq) {
    e.ratio = e.score;
  } else {
    // lhs/rhs only where rhs is resolved at this precision relative to the terms' magnitude: a ratio of two
    // rounding-level quantities says nothing about the tightness of the bound.
    const T mag = std::max({abs_(r.lhs), abs_(r.rhs), abs_(r.scale)});
    e.ratio = (r.rhs > 0 && is_finite(r.lhs) && r.rhs > T(1000) * identity_tolerance<T>() * mag)
                  ? to_double(T(r.lhs / r.rhs))
                  : kNaN;
  }
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
    if (x == 0 || !std::isfinite(x)) continue;
    const double e = std::floor(std::log10(std::fabs(x)));
    const double m = std::pow(10.0, digits - 1 - e);
    const double y = std::round(x * m) / m;
    if (std::isfinite(y) && y != 0) x = y;
  }
  return r;
}

} // namespace

Outcome run_property(const PropertyRun& p, const Claim& claim, const Context& ctx) {
  const auto t0 = std::chrono::steady_clock::now();
  const Domain& d = *p.domain;
  BudgetSizes sz = ctx.sizes();
  sz.random_trials = std::max(8, static_cast<int>(sz.random_trials * p.effort));
  sz.local_steps = std::max(4, static_cast<int>(sz.local_steps * p.effort));
  auto rng = ctx.rng(0);
  const Consts<double> kd(claim, ctx);
  const Consts<mpfr> km(claim, ctx);
  const double tol_d = identity_tolerance<double>();

  Outcome out;
  Evidence& ev = out.evidence;
  ev.digits = static_cast<int>(ctx.digits);
  const int lo = d.min_dim(), hi = d.max_dim(sz.max_dim);

  std::vector<Scored> pool; // candidates for local search and confirmation
  std::vector<Sample> nonfinite;
  double worst_score = -std::numeric_limits<double>::infinity();
  Sample worst_sample;
  const bool is_identity = p.kind == Kind::identity;

  auto record = [&](const Sample& s) -> Evaluation {
    Evaluation e = evaluate(p.in_double, d, s, kd);
    ++ev.trials;
    if (e.skipped) {
      ++ev.skipped;
      return e;
    }
    if (!e.finite) {
      if (nonfinite.size() < 16) nonfinite.push_back(s);
      return e;
    }
    // Violation candidates enter the margin and tightness only through their MPFR value (phase 4): a
    // double-rounding artefact must not make a verified bound look violated.
    if (e.score <= tol_d) {
      if (!ev.worst_margin || -e.score < *ev.worst_margin) ev.worst_margin = -e.score;
      if (std::isfinite(e.ratio) && (!ev.tightness || e.ratio > *ev.tightness)) ev.tightness = e.ratio;
    }
    if (e.score > worst_score) {
      worst_score = e.score;
      worst_sample = s;
    }
    pool.push_back({e, s});
    if (pool.size() > 4096) { // keep the best half
      std::nth_element(pool.begin(), pool.begin() + 512, pool.end(),
                       [](const Scored& a, const Scored& b) { return a.e.score > b.e.score; });
      pool.resize(512);
    }
    return e;
  };

  // Phase 1: edge cases and the paper's points, every dimension.
  for (int S = lo; S <= hi; ++S)
    for (const Sample& s : d.edges(S)) record(s);
  // Phase 2: random samples, dimensions in rotation.
  if (!d.points_only()) {
    for (int i = 0; i < sz.random_trials; ++i) record(d.random(rng, lo + i % (hi - lo + 1)));
    // Phase 3: local maximisation of the violation score from the best distinct samples.
    std::sort(pool.begin(), pool.end(), [](const Scored& a, const Scored& b) { return a.e.score > b.e.score; });
    std::vector<Scored> starts;
    for (const auto& c : pool) {
      if (static_cast<int>(starts.size()) >= sz.local_starts) break;
      bool dup = false;
      for (const auto& s : starts) dup |= s.s.x == c.s.x && s.s.idx == c.s.idx;
      if (!dup) starts.push_back(c);
    }
    for (auto cur : starts) {
      double sigma = 0.3;
      for (int step = 0; step < sz.local_steps; ++step) {
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
    }
  }

  // Phase 4: MPFR confirmation of the double-precision violations, worst first.
  std::sort(pool.begin(), pool.end(), [](const Scored& a, const Scored& b) { return a.e.score > b.e.score; });
  int attempts = 0;
  for (const auto& c : pool) {
    if (c.e.score <= tol_d || attempts >= sz.confirmations) break;
    ++attempts;
    ++ev.confirmations;
    const Evaluation m = evaluate(p.in_mpfr, d, c.s, km);
    if (!m.skipped && m.finite && m.score > to_double(identity_tolerance<mpfr>())) {
      // Shrink: the shortest decimal rounding of the witness that MPFR still confirms.
      Sample w = c.s;
      Evaluation wm = m;
      for (int digits : {1, 2, 3, 4, 6, 8, 12}) {
        const Sample r = rounded(c.s, digits);
        ++ev.confirmations;
        const Evaluation rm = evaluate(p.in_mpfr, d, r, km);
        if (!rm.skipped && rm.finite && rm.score > to_double(identity_tolerance<mpfr>())) {
          w = r;
          wm = rm;
          break;
        }
      }
      out.status = Status::falsified;
      if (std::isfinite(wm.ratio) && (!ev.tightness || wm.ratio > *ev.tightness)) ev.tightness = wm.ratio;
      if (!ev.worst_margin || -wm.score < *ev.worst_margin) ev.worst_margin = -wm.score;
      out.witness = {{"sample", w.to_json()},
                     {"lhs", fmt(wm.lhs)},
                     {"rhs", fmt(wm.rhs)},
                     {"score", wm.score},
                     {"digits", ctx.digits},
                     {"double_score", c.e.score}};
      std::ostringstream msg;
      msg << (is_identity ? "identity residual " : "violation ") << "confirmed in MPFR (" << ctx.digits
          << " digits): lhs=" << fmt(wm.lhs) << " rhs=" << fmt(wm.rhs) << " at S=" << w.S;
      out.message = msg.str();
      break;
    }
    ++ev.rejected_candidates;
    if (!m.skipped && m.finite) {
      if (std::isfinite(m.ratio) && (!ev.tightness || m.ratio > *ev.tightness)) ev.tightness = m.ratio;
      if (!ev.worst_margin || -m.score < *ev.worst_margin) ev.worst_margin = -m.score;
    }
  }
  long unconfirmed = 0;
  for (const auto& c : pool) unconfirmed += c.e.score > tol_d;
  unconfirmed -= attempts;

  if (out.status != Status::falsified) {
    // Non-finite double evaluations: retry in MPFR; a NaN is never a pass.
    for (const Sample& s : nonfinite) {
      ++ev.confirmations;
      const Evaluation m = evaluate(p.in_mpfr, d, s, km);
      if (m.skipped) continue;
      if (!m.finite) {
        out.status = Status::inconclusive;
        out.message = "non-finite value in double and in MPFR";
        out.witness = {{"sample", s.to_json()}, {"note", "non-finite evaluation"}};
        break;
      }
      if (m.score > to_double(identity_tolerance<mpfr>())) {
        out.status = Status::falsified;
        out.witness = {{"sample", s.to_json()}, {"lhs", fmt(m.lhs)}, {"rhs", fmt(m.rhs)},
                       {"score", m.score},      {"digits", ctx.digits}};
        out.message = "violation confirmed in MPFR where double overflowed";
        break;
      }
    }
  }
  if (out.status == Status::unchecked) {
    const long evaluated = ev.trials - ev.skipped;
    if (evaluated == 0) {
      out.status = Status::inconclusive;
      out.message = "every sample fell outside the claim's hypotheses";
    } else {
      out.status = Status::verified;
      // The worst point, re-evaluated in MPFR: its margin/ratio are the reported figures.
      if (worst_sample.S > 0) {
        ++ev.confirmations;
        const Evaluation m = evaluate(p.in_mpfr, d, worst_sample, km);
        ev.details["worst_at"] = worst_sample.to_json().dump();
        if (m.finite && !m.skipped) {
          ev.details["worst_ratio_mpfr"] = fmt(m.ratio);
          ev.details["worst_score_mpfr"] = fmt(m.score);
        }
      }
      if (unconfirmed > 0)
        ev.details["unconfirmed_candidates"] =
            std::to_string(unconfirmed) + " lower-scoring double-precision candidates beyond the MPFR confirmation "
                                          "budget (the higher-scoring ones were all rounding)";
      if (ev.rejected_candidates > 0)
        ev.details["rounding_candidates"] = std::to_string(ev.rejected_candidates) +
                                            " double-precision violations were rounding (not confirmed in MPFR)";
    }
  }
  std::ostringstream method;
  method << (d.points_only() ? "at given points" : "random+edge+local search") << " over " << d.describe()
         << "; double search, MPFR confirmation at " << ctx.digits << " digits";
  ev.method = method.str();
  ev.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

Outcome replay_property(const PropertyRun& p, const Claim& claim, const Context& ctx, const nlohmann::json& w) {
  Outcome out;
  const Sample s = Sample::from_json(w.at("sample"));
  const Consts<double> kd(claim, ctx);
  const Consts<mpfr> km(claim, ctx);
  const Evaluation ed = evaluate(p.in_double, *p.domain, s, kd);
  const Evaluation em = evaluate(p.in_mpfr, *p.domain, s, km);
  out.evidence.trials = 1;
  out.evidence.confirmations = 1;
  out.evidence.digits = static_cast<int>(ctx.digits);
  out.witness = w;
  std::ostringstream msg;
  msg << "double: lhs=" << fmt(ed.lhs) << " rhs=" << fmt(ed.rhs) << " score=" << ed.score << "; MPFR("
      << ctx.digits << "): lhs=" << fmt(em.lhs) << " rhs=" << fmt(em.rhs) << " score=" << em.score;
  out.message = msg.str();
  if (em.skipped)
    out.status = Status::inconclusive;
  else if (!em.finite)
    out.status = Status::inconclusive;
  else
    out.status = em.score > to_double(identity_tolerance<mpfr>()) ? Status::falsified : Status::verified;
  return out;
}

Outcome combine(const std::vector<Outcome>& parts) {
  if (parts.size() == 1) return parts[0];
  Outcome out;
  bool all_certified = true;
  for (const auto& p : parts) all_certified &= p.status == Status::certified;
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
    e.seconds += pe.seconds;
    e.digits = std::max(e.digits, pe.digits);
    if (pe.worst_margin && (!e.worst_margin || *pe.worst_margin < *e.worst_margin)) e.worst_margin = pe.worst_margin;
    if (pe.tightness && (!e.tightness || *pe.tightness > *e.tightness)) e.tightness = pe.tightness;
    e.method += (i ? " | " : "") + pe.method;
    for (const auto& [k, v] : pe.details) e.details["part" + std::to_string(i) + "." + k] = v;
  }
  return out;
}

ForAll::ForAll(std::string id, Kind kind) {
  claim_.id = std::move(id);
  claim_.kind = kind;
}
ForAll& ForAll::where(std::string w) {
  claim_.where = std::move(w);
  return *this;
}
ForAll& ForAll::statement(std::string latex) {
  claim_.statement = std::move(latex);
  return *this;
}
ForAll& ForAll::reading(std::string r) {
  claim_.reading = std::move(r);
  return *this;
}
ForAll& ForAll::constant(std::string name, double value, Role role, std::string meaning) {
  ConstantSpec c;
  c.name = std::move(name);
  c.value = value;
  c.role = role;
  c.meaning = std::move(meaning);
  claim_.constants.push_back(std::move(c));
  return *this;
}
ForAll& ForAll::effort(double f) {
  if (!(f > 0)) throw std::logic_error("ForAll::effort must be positive");
  effort_ = f;
  return *this;
}
ForAll& ForAll::over(Domain d) {
  domain_ = std::make_shared<Domain>(std::move(d));
  return *this;
}

Claim ForAll::build() const {
  if (!domain_ && std::any_of(parts_.begin(), parts_.end(), [](const Part& p) { return !p.domain; }))
    throw std::logic_error(claim_.id + ": ForAll needs .over(domain)");
  if (parts_.empty()) throw std::logic_error(claim_.id + ": ForAll needs .holds(property)");
  Claim c = claim_;
  auto parts = std::make_shared<std::vector<Part>>(parts_);
  auto main_domain = domain_;
  const Kind kind = c.kind;
  const double effort = effort_;
  auto runs = [parts, main_domain, kind, effort] {
    std::vector<PropertyRun> r;
    for (const auto& p : *parts)
      r.push_back({p.domain ? p.domain.get() : main_domain.get(), p.d, p.m, kind, effort});
    return r;
  };
  c.check = [runs, parts, main_domain](const Context& ctx) {
    std::vector<Outcome> outs;
    const auto rs = runs();
    for (std::size_t i = 0; i < rs.size(); ++i) {
      Outcome o = run_property(rs[i], *ctx.claim, ctx);
      if (!(*parts)[i].label.empty()) o.evidence.method = (*parts)[i].label + ": " + o.evidence.method;
      if (o.status == Status::falsified) o.witness["part"] = i;
      outs.push_back(std::move(o));
    }
    return combine(outs);
  };
  c.replay = [runs, parts, main_domain](const Context& ctx, const nlohmann::json& w) {
    const auto rs = runs();
    const std::size_t part = w.value("part", 0);
    if (part >= rs.size()) throw std::invalid_argument("witness names part " + std::to_string(part));
    return replay_property(rs[part], *ctx.claim, ctx, w);
  };
  return c;
}

} // namespace dcrv
