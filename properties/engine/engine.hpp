// properties/engine/engine.hpp — the falsification engine for ∀-claims (identity / bound / sharpness).
//
// A claim is a generic lambda  []<class T>(const Args<T>& a, const Consts<T>& k) -> Ineq<T>  over a Domain.
// The engine evaluates it in double on edge cases, random samples (dimensions S = 2 … budget max) and
// by local maximisation of the violation score from the worst samples; every double-precision violation
// is re-evaluated in MPFR at the working precision (≥ 2× double's digits) before it counts.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "properties/engine/claim.hpp"
#include "properties/engine/domain.hpp"

namespace dcrv {

/// The outcome of one evaluation. `le`: the claim is lhs ≤ rhs. `eq`: lhs is a residual ≥ 0 that must
/// vanish. `scale` is the magnitude of the terms before cancellation: violations are measured relative to
/// max(|lhs|, |rhs|, scale), so rounding noise of tiny quantities is not mistaken for a violation.
///
/// Tightness: an `le` evaluation contributes lhs/rhs (where rhs is resolved at the precision); `worst` keeps
/// the largest contribution of its parts, so an identity residual never hides the ratio of a sharp inequality
/// part, and `untight` drops an evaluation from the tightness (e.g. t = 0 on a trajectory, where both sides
/// coincide whatever the constant) while its violation still counts.
template <class T> struct Ineq {
  enum class Rel { le, eq, skip } rel = Rel::le;
  T lhs{0}, rhs{0}, scale{0};
  double tight = std::numeric_limits<double>::quiet_NaN(); // the tightness of merged parts (when tight_set)
  bool tight_set = false;
  bool decayed = false; // a trajectory whose claimed decay factor e^{-rate·t} fell below 1/e (rate claims)
  /// Signed relative violation: > 0 is a violation (at the scalar's tolerance), < 0 a margin.
  double score() const;
  bool violated() const;
  /// lhs/rhs of an `le` where rhs is resolved at this precision relative to the terms' magnitude; NaN
  /// otherwise.
  double ratio() const;
  /// What this evaluation contributes to the tightness: the merged parts' value, else ratio().
  double tightness() const { return tight_set ? tight : ratio(); }
};

/// Scale (relative to the magnitude of the cancelling terms) below which a difference of O(1) quantities is
/// rounding: 10³ ulps divided by the confirmation threshold of the scalar (1e-9 in double, 1e-30 in MPFR at
/// 50 digits), so rounding never scores as a violation (about 2e-4 in double, 1e-17 in MPFR).
template <class T> T cancel_scale() {
  return T(1e3) * std::numeric_limits<T>::epsilon() / identity_tolerance<T>();
}
/// lhs ≤ rhs
template <class T> Ineq<T> le(const T& lhs, const T& rhs, const T& scale = T(0)) {
  return {Ineq<T>::Rel::le, lhs, rhs, scale};
}
/// lhs ≥ rhs
template <class T> Ineq<T> ge(const T& lhs, const T& rhs, const T& scale = T(0)) {
  return {Ineq<T>::Rel::le, rhs, lhs, scale};
}
/// a = b (relative to max(|a|,|b|,scale))
template <class T> Ineq<T> eq(const T& a, const T& b, const T& scale = T(0));
/// ‖a − b‖_∞ = 0 relative to max(‖a‖_∞, ‖b‖_∞, scale)
template <class T> Ineq<T> eq(const Vec<T>& a, const Vec<T>& b, const T& scale = T(0));
template <class T> Ineq<T> eq(const Mat<T>& a, const Mat<T>& b, const T& scale = T(0));
/// componentwise relative equality: max_i |a_i − b_i| / max(|a_i|,|b_i|) — for quantities near faces
template <class T> Ineq<T> eq_rel(const Vec<T>& a, const Vec<T>& b);
/// the sample is outside the claim's hypotheses
template <class T> Ineq<T> skip() {
  return {Ineq<T>::Rel::skip, T(0), T(0), T(0)};
}
/// the more violated of two conditions (for claims with several parts)
/// (the higher score decides the verdict; the tightness is the largest of the parts' tightness)
template <class T> Ineq<T> worst(const Ineq<T>& a, const Ineq<T>& b) {
  if (a.rel == Ineq<T>::Rel::skip)
    return b;
  if (b.rel == Ineq<T>::Rel::skip)
    return a;
  Ineq<T> w = a.score() >= b.score() ? a : b;
  w.tight = std::fmax(a.tightness(), b.tightness()); // fmax ignores a NaN side
  w.tight_set = true;
  w.decayed = a.decayed || b.decayed;
  return w;
}
/// The same evaluation, excluded from the tightness (its violation still counts).
template <class T> Ineq<T> untight(Ineq<T> a) {
  a.tight = std::numeric_limits<double>::quiet_NaN();
  a.tight_set = true;
  return a;
}

/// The claim's constants in scalar T (overrides applied; exact paper values in MPFR).
template <class T> class Consts {
public:
  Consts() = default;
  Consts(const Claim& c, const Context& ctx);
  T operator()(const std::string& name) const;

private:
  std::vector<std::pair<std::string, T>> values_;
};
extern template class Consts<double>;
extern template class Consts<mpfr>;

template <class T> using Property = std::function<Ineq<T>(const Args<T>&, const Consts<T>&)>;

/// The result of evaluating a property at one sample.
struct Evaluation {
  double score = 0; // > 0: violated
  double ratio = 0; // lhs/rhs when rhs > 0 (bounds), residual (identities); NaN otherwise
  double lhs = 0, rhs = 0;
  bool skipped = false, finite = true;
  bool decayed = false; // a rate claim's trajectory reached a claimed decay factor below 1/e
};

/// Runs the search for one property. Used by ForAll; also callable from custom checks.
struct PropertyRun {
  const Domain* domain;
  Property<double> in_double;
  Property<mpfr> in_mpfr;
  Kind kind;
  double effort = 1.0; // scales the random trials and local steps (expensive properties: trajectories)
  /// The relative violation MPFR must confirm: 0 = identity_tolerance<mpfr>() (1e-30 at 50 digits). A check
  /// whose MPFR evaluation carries a known numerical error (quadrature, an integrator, finite differences)
  /// states a larger one with its reason (`ForAll::tolerance`), shown in the report.
  double mpfr_tolerance = 0;
  std::string tolerance_reason{};
  std::string skip_reason{}; // why samples may fall outside the hypotheses (shown when > 20 % are skipped)
  double mpfr_effort = 1.0;  // scales the direct MPFR audit (claims whose MPFR evaluation is expensive)
};
Outcome run_property(const PropertyRun& p, const Claim& claim, const Context& ctx);
/// Re-evaluates a stored witness (sample) in double and MPFR. The sample is checked against the domain first
/// (check_witness_sample); the returned witness holds the recomputed lhs, rhs and score.
Outcome replay_property(const PropertyRun& p, const Claim& claim, const Context& ctx,
                        const nlohmann::json& w);
/// A stored witness that does not fit its claim (a results file is untrusted input): `where` is the JSON
/// pointer below the witness ("/sample/x"), what() says what was expected.
class WitnessError : public std::invalid_argument {
public:
  WitnessError(std::string where, const std::string& what)
      : std::invalid_argument(what), where_(std::move(where)) {}
  const std::string& where() const { return where_; }

private:
  std::string where_;
};
/// Reads w["sample"] and checks it against the domain before anything indexes with it: S within the domain's
/// dimensions, one number per coordinate of every field at that S, one index per index field, each in
/// [0, S). Throws WitnessError.
Sample check_witness_sample(const Domain& d, const nlohmann::json& w);
/// Merges outcomes of the parts of one claim: falsified if any part is, inconclusive if any is, …
Outcome combine(const std::vector<Outcome>& parts);

/// A constant's exact value in MPFR, from a generic expression:  exact([](auto one) { return
/// one/(3*sqrt(3*one)); })
template <class F> ConstantSpec constant_spec(std::string name, Role role, std::string meaning, F f) {
  ConstantSpec c;
  c.name = std::move(name);
  c.role = role;
  c.meaning = std::move(meaning);
  c.value = static_cast<double>(f(1.0));
  c.exact_value = [f] { return f(mpfr(1)); };
  return c;
}

/// What every claim builder states about its claim: ID and kind (constructor), where in the paper, the
/// statement, the reading, the paper's constants. ForAll and Stochastic derive from it; each setter returns
/// the derived builder (CRTP), so a declaration chains the shared and the builder's own setters in any order.
template <class Derived> class ClaimHeader {
public:
  Derived& where(std::string w) {
    claim_.where = std::move(w);
    return self();
  }
  Derived& statement(std::string latex) {
    claim_.statement = std::move(latex);
    return self();
  }
  Derived& reading(std::string r) {
    claim_.reading = std::move(r);
    return self();
  }
  Derived& constant(std::string name, double value, Role role, std::string meaning = "") {
    ConstantSpec c;
    c.name = std::move(name);
    c.value = value;
    c.role = role;
    c.meaning = std::move(meaning);
    claim_.constants.push_back(std::move(c));
    return self();
  }
  template <class F> Derived& constant(std::string name, Role role, std::string meaning, F exact) {
    claim_.constants.push_back(constant_spec(std::move(name), role, std::move(meaning), exact));
    return self();
  }
  /// The values the constant `name` (declared before) can take by its meaning, e.g. Range::unit_open for a
  /// probability; without it, the sign of its paper value (default_range).
  Derived& range(const std::string& name, Range r) {
    for (auto& k : claim_.constants)
      if (k.name == name) {
        k.declared = r;
        return self();
      }
    throw std::logic_error(claim_.id + ": range of an undeclared constant '" + name + "'");
  }

protected:
  ClaimHeader(std::string id, Kind kind) {
    claim_.id = std::move(id);
    claim_.kind = kind;
  }
  Claim claim_;

private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

/// The claim with report(ctx, outcome) run after its check: series, details, or a status that a sweep beyond
/// the ∀-property decides (the BD threshold tables of App. E/F, measured-vs-claimed series); replay is
/// unchanged.
template <class Report> Claim with_report(Claim c, Report report) {
  c.check = [inner = std::move(c.check), report](const Context& ctx) {
    Outcome out = inner(ctx);
    report(ctx, out);
    return out;
  };
  return c;
}

/// Builder for ∀-claims: a few declarative lines per claim.
///   return forall("B.loewner-upper", Kind::bound)
///       .where("App. B, Cor. cor:B-loewner").statement(R"(v^\top J_\theta v\le \tfrac12\|v\|_2^2)")
///       .constant("c", 0.5, Role::upper, "coefficient")
///       .over(Domain().logits("theta").tangent("v"))
///       .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { ... return le(lhs, rhs); });
class ForAll : public ClaimHeader<ForAll> {
public:
  ForAll(std::string id, Kind kind) : ClaimHeader(std::move(id), kind) {}
  ForAll& over(Domain d);
  /// Scales the search (random trials, local steps) for expensive properties, e.g. 0.1 for trajectories.
  ForAll& effort(double f);
  /// The relative violation that MPFR must confirm, when the check's MPFR evaluation carries a known
  /// numerical error larger than 10^(−0.6·digits) (an integrator's tolerance, quadrature): stated with its
  /// reason.
  ForAll& tolerance(double mpfr_rel, std::string why);
  /// Scales the direct MPFR audit for claims whose MPFR evaluation is expensive (quadrature, long
  /// trajectories) while their double search is cheap; the audit's size stays a count (deterministic).
  ForAll& mpfr_effort(double f);
  /// Why a share of the samples falls outside the claim's hypotheses (the report shows it when > 20 % skip).
  ForAll& skips(std::string why);
  /// Validity of the constants (overrides included): returns "" or the reason (see Claim::validate).
  ForAll& validate(std::function<std::string(const std::map<std::string, double>&)> fn);
  /// The property, as a template lambda; instantiated for double and MPFR.
  template <class F> ForAll& holds(F f) {
    parts_.push_back({Property<double>(f), Property<mpfr>(f), ""});
    return *this;
  }
  /// A further part over another domain (e.g. "attained at the extremal point" next to "bounded").
  template <class F> ForAll& and_holds(std::string label, Domain d, F f) {
    extra_domains_.push_back(std::make_shared<Domain>(std::move(d)));
    parts_.push_back({Property<double>(f), Property<mpfr>(f), std::move(label), extra_domains_.back()});
    return *this;
  }
  operator Claim() const { return build(); }
  Claim build() const;

private:
  struct Part {
    Property<double> d;
    Property<mpfr> m;
    std::string label;
    std::shared_ptr<Domain> domain{}; // null: the main domain
  };
  std::shared_ptr<Domain> domain_;
  std::vector<std::shared_ptr<Domain>> extra_domains_;
  std::vector<Part> parts_;
  double effort_ = 1.0;
  double mpfr_tolerance_ = 0, mpfr_effort_ = 1.0;
  std::string tolerance_reason_, skip_reason_;
};

inline ForAll forall(std::string id, Kind kind) {
  return ForAll(std::move(id), kind);
}

} // namespace dcrv

#include "properties/engine/trajectory.hpp" // along_trajectory: dynamic claims through the same engine
