// dcrv/certify/exact_identity.hpp — exact (rational) certificates of polynomial and rational identities.
//
// An identity lhs(x) = rhs(x) whose residual r = lhs − rhs is, after multiplying by a denominator D(x) that
// does not vanish on the evaluation points, a polynomial N(x) of degree ≤ d in each of its n variables, is
// proved by exact evaluation: a polynomial of degree ≤ d in each variable that vanishes on a product grid A₁
// × … × Aₙ with |Aᵢ| = d + 1 is the zero polynomial (induction on n: a univariate polynomial of degree ≤ d
// with d + 1 roots is zero). So r = 0 at every grid point, evaluated in GMP rationals (no rounding at all),
// proves N ≡ 0, i.e. the identity wherever D ≠ 0. The degree bound d is part of the certificate (stated in
// its `method` text, with the reason); as a guard against a wrong bound the residual is also evaluated at
// extra pseudo-random rational points, where a false identity of any degree is non-zero with probability 1.
//
// Transcendental parts are handled by exact substitution, stated in the method: exp(θᵢ) = Eᵢ > 0 makes the
// soft-max rational in E; an identity that holds with log pᵢ = Lᵢ as independent variables holds in
// particular for Lᵢ = log pᵢ. The default grid values are xᵢ ∈ {(k + 1)/((d + 2)(n + 1)) : k = 0..d}:
// positive, with Σᵢ xᵢ < 1, so a chart p = (x₁, …, xₙ, 1 − Σx) of the open simplex stays inside it.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <cstddef>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace dcrv::certify {

/// GMP rationals with expression templates off: a residual lambda whose return type is deduced then returns a
/// value, never an expression that refers to its destroyed locals (with mpq_rational's expression templates
/// such a lambda returned a dangling expression, and garbage residuals).
using Rational =
    boost::multiprecision::number<boost::multiprecision::gmp_rational, boost::multiprecision::et_off>;

/// An exact value inside a typed identity residual (IdentityPiece::components, exact_identity below): a field
/// element (a GMP rational) with +, −, ×, ÷ and nothing else. It has no comparison, no abs, min, max or sign,
/// and no conversion to Rational or bool, so a residual written in it cannot branch on its variables: every
/// such residual is a rational function of them, which is what the zero lemma of the header needs (a branch
/// like x − |x| would be a polynomial on each sign cell only). These are deleted below, so such a residual
/// does not compile. Constants (Rational, integers) convert to it; a residual may branch on the constants.
class Exact {
public:
  Exact() = default;
  Exact(const Rational& v) : v_(v) {}       // NOLINT: constants and literals enter freely
  Exact(Rational&& v) : v_(std::move(v)) {} // NOLINT
  Exact(long v) : v_(v) {}                  // NOLINT
  Exact(int v) : v_(v) {}                   // NOLINT
  Exact& operator+=(const Exact& o) { return v_ += o.v_, *this; }
  Exact& operator-=(const Exact& o) { return v_ -= o.v_, *this; }
  Exact& operator*=(const Exact& o) { return v_ *= o.v_, *this; }
  Exact& operator/=(const Exact& o);
  // The binary operators form a fresh result, or update an rvalue operand in place: no operand is copied
  // (a GMP rational copy allocates), so a residual in Exact costs what the same one in Rational does.
  friend Exact operator+(const Exact& a, const Exact& b) { return Exact(Rational(a.v_ + b.v_)); }
  friend Exact operator+(Exact&& a, const Exact& b) { return std::move(a += b); }
  friend Exact operator+(const Exact& a, Exact&& b) { return std::move(b += a); }
  friend Exact operator+(Exact&& a, Exact&& b) { return std::move(a += b); }
  friend Exact operator-(const Exact& a, const Exact& b) { return Exact(Rational(a.v_ - b.v_)); }
  friend Exact operator-(Exact&& a, const Exact& b) { return std::move(a -= b); }
  friend Exact operator*(const Exact& a, const Exact& b) { return Exact(Rational(a.v_ * b.v_)); }
  friend Exact operator*(Exact&& a, const Exact& b) { return std::move(a *= b); }
  friend Exact operator*(const Exact& a, Exact&& b) { return std::move(b *= a); }
  friend Exact operator*(Exact&& a, Exact&& b) { return std::move(a *= b); }
  friend Exact operator/(const Exact& a, const Exact& b) {
    Exact r(a);
    return std::move(r /= b);
  }
  friend Exact operator/(Exact&& a, const Exact& b) { return std::move(a /= b); }
  friend Exact operator-(const Exact& a) { return Exact(Rational(-a.v_)); }
  friend Exact operator-(Exact&& a) {
    a.v_.backend().negate();
    return std::move(a);
  }
  friend Exact operator+(const Exact& a) { return a; }
  // a branch on a variable: refused at compile time
  friend bool operator==(const Exact&, const Exact&) = delete;
  friend bool operator!=(const Exact&, const Exact&) = delete;
  friend bool operator<(const Exact&, const Exact&) = delete;
  friend bool operator<=(const Exact&, const Exact&) = delete;
  friend bool operator>(const Exact&, const Exact&) = delete;
  friend bool operator>=(const Exact&, const Exact&) = delete;
  friend Exact abs(const Exact&) = delete;
  friend Exact fabs(const Exact&) = delete;
  friend Exact min(const Exact&, const Exact&) = delete;
  friend Exact max(const Exact&, const Exact&) = delete;
  friend int sign(const Exact&) = delete;
  explicit operator bool() const = delete;

private:
  Rational v_;
  friend struct ExactAccess;
};

inline Exact& Exact::operator/=(const Exact& o) {
  if (o.v_ == 0) // the residual is undefined here (a guard point on a pole is skipped, as with Rational)
    throw std::domain_error("division by zero in an exact identity");
  v_ /= o.v_;
  return *this;
}

/// The prover's access to the value of an Exact (lib/src/certify.cpp only; a residual has no use for it).
struct ExactAccess {
  static const Rational& value(const Exact& x) { return x.v_; }
};

/// Named exact constants (the paper's rational values, or a `--set` override's double converted exactly).
/// Reading an unknown name throws std::out_of_range naming it.
class RationalConstants {
public:
  void set(const std::string& name, const Rational& value) { values_[name] = value; }
  const Rational& operator()(const std::string& name) const;
  bool has(const std::string& name) const { return values_.count(name) != 0; }

private:
  std::map<std::string, Rational> values_;
};

/// One identity of a certificate: components(x, k) = lhs − rhs, exact; the identity holds ⇔ every component
/// is 0. `degree` bounds, in each variable, the degree of each component × (a denominator non-zero on the
/// grid). The residual may throw std::domain_error at a point outside its domain (the certificate then
/// fails). Build one with exact_identity (or rearrangement_identity, certify/certificate.hpp).
struct IdentityPiece {
  std::string label;
  std::size_t variables = 1;
  int degree = 1;
  /// The residual, typed: the components of lhs − rhs as functions of Exact variables (a vector identity has
  /// one per coordinate; each must vanish), which cannot branch on the variables (see Exact). There is no
  /// untyped (Rational) form: a residual that branches on a variable cannot be written.
  std::function<std::vector<Exact>(const std::vector<Exact>&, const RationalConstants&)> components;
  /// Optional: the k-th grid value (k = 0..degree) of variable i; the default is described in the header.
  std::function<Rational(std::size_t i, int k)> grid;
  /// The fixed dimensions of the identity ({"S", 3, 3}), as Piece::dims (certify/certificate.hpp); an
  /// identity holds for every value of its variables, so it has no parameter ranges.
  std::vector<std::pair<std::string, int>> dims = {};
  /// A rearrangement (the chain from the paper's inequality to a piece's score, rearrangement_identity in
  /// certify/certificate.hpp): it involves no dimension and no parameter range, so it adds nothing to the
  /// scope (the pieces' data decide it) and covers no point by itself.
  bool rearrangement = false;
};

/// The identity `label`: f(x, k) = lhs − rhs in `variables` Exact variables (x: const std::vector<Exact>&,
/// k: the exact constants), returning one Exact or a std::vector<Exact> of components; degree as
/// IdentityPiece::degree. A residual that compares, or takes abs/min/max of, its variables does not compile.
template <class F> IdentityPiece exact_identity(std::string label, std::size_t variables, int degree, F f) {
  IdentityPiece p;
  p.label = std::move(label);
  p.variables = variables;
  p.degree = degree;
  p.components = [f = std::move(f)](const std::vector<Exact>& x,
                                    const RationalConstants& k) -> std::vector<Exact> {
    if constexpr (std::is_convertible_v<decltype(f(x, k)), Exact>)
      return {Exact(f(x, k))};
    else
      return f(x, k);
  };
  return p;
}

struct IdentityResult {
  std::string status = "error"; // proved | violation | error
  long points = 0;              // grid points + guard points evaluated
  std::string message;
  std::vector<Rational> witness; // a point with a non-zero residual (violation)
  Rational residual;             // the residual there
  nlohmann::json to_json(const std::string& label) const;
};

/// The residual of `piece` at the exact point x: its first non-zero component (0 when all vanish). Throws as
/// the residual does (std::domain_error at a pole).
Rational identity_residual(const IdentityPiece& piece, const std::vector<Rational>& x,
                           const RationalConstants& k);

/// The default grid value of the header: (k + 1)/((d + 2)(n + 1)).
Rational default_grid_value(std::size_t variables, int degree, int k);

/// Evaluates `piece` on its product grid and at `guard_points` pseudo-random rational points (deterministic).
/// Refuses (status "error") a grid of more than `max_points` points.
IdentityResult prove_identity(const IdentityPiece& piece, const RationalConstants& k,
                              long max_points = 2000000, int guard_points = 16);

} // namespace dcrv::certify
