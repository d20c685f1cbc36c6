// dcrv/certify/branch_and_bound.hpp — interval branch and bound over boxes of raw coordinates.
//
// A claim "lhs ≤ rhs on a compact domain" is turned into a violation score g (the claim holds ⇔ g ≤ 0) over a
// box of raw coordinates that parametrises the domain (stick-breaking for the simplex, plain intervals for
// parameters). Per box, in this order (DESIGN.md "Certificates"):
//   1. the natural interval extension G ⊇ g(box): sup G ≤ 0 (< 0 for strict claims) proves the box;
//      inf G > 0 is a violation on the whole box;
//   2. the value at the box's centre c (a point box): inf g(c) > 0 is a violation at c (reported);
//   3. the mean-value form g(box) ⊆ g(c) + ∇g(box)·(box − c) from a gradient enclosure (Jet, order 1);
//   4. the monotonicity test: ∂g/∂x_i of one sign on the box ⇒ the supremum lies on the face x_i = hi (or
//   lo),
//      and only that face is kept;
//   5. the second-order test at a declared point x* where the bound is attained (an exact, dyadic point of
//      the raw box): g(x) ≤ g(x*) + ∇g(x*)·d + ½ dᵀH(box)d with d = x − x* (Taylor, Lagrange remainder on the
//      convex box) — proved when sup g(x*) ≤ 0, ∇g(x*)_i d_i ≤ 0 for every d in the box and the scaled
//      Gershgorin rows of the Hessian enclosure are ≤ 0 (so the quadratic form is ≤ 0);
//   6. otherwise bisect the widest coordinate (relative to the root box).
// An evaluation that throws straddle_error (an undecided branch) proves nothing: the box is bisected. The run
// ends with `proved` (every box closed), `violation` (a point with inf g > 0, an interval proof that the
// claim fails there), or `exhausted` (the box, time or depth budget ran out; the proved fraction of the
// domain's volume is reported).
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "dcrv/certify/interval.hpp"

namespace dcrv::certify {

using Box = std::vector<Interval>;

/// Named constants of a score: the paper's values as enclosures of the exact values, or `--set` overrides
/// (a double, an exact point). Reading an unknown name throws std::out_of_range naming it.
class Constants {
public:
  void set(const std::string& name, const Interval& value) { values_[name] = value; }
  const Interval& operator()(const std::string& name) const;
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  const std::map<std::string, Interval>& values() const { return values_; }

private:
  std::map<std::string, Interval> values_;
};

/// Enclosures of a score and its derivatives over a box (row-major Hessian).
struct FirstOrder {
  Interval value;
  std::vector<Interval> grad;
};
struct SecondOrder {
  Interval value;
  std::vector<Interval> grad, hess;
};

/// A violation score over boxes of `dim` raw coordinates, evaluable on intervals and on jets.
struct Score {
  std::size_t dim = 0;
  std::function<Interval(const Box&, const Constants&)> value;
  std::function<FirstOrder(const Box&, const Constants&)> first;
  std::function<SecondOrder(const Box&, const Constants&)> second;
};

/// A score from a generic lambda f(const std::array<X, N>& x, const Constants& k) -> X, evaluated for
/// X = Interval (natural extension), Jet<Interval, N, 1> and Jet<Interval, N, 2>.
template <std::size_t N, class F> Score make_score(F f) {
  Score s;
  s.dim = N;
  s.value = [f](const Box& b, const Constants& k) {
    std::array<Interval, N> x;
    for (std::size_t i = 0; i < N; ++i)
      x[i] = b[i];
    return Interval(f(x, k));
  };
  s.first = [f](const Box& b, const Constants& k) {
    using J = Jet<Interval, N, 1>;
    std::array<J, N> x;
    for (std::size_t i = 0; i < N; ++i)
      x[i] = J::variable(b[i], i);
    const J r = f(x, k);
    return FirstOrder{r.v, std::vector<Interval>(r.g.begin(), r.g.end())};
  };
  s.second = [f](const Box& b, const Constants& k) {
    using J = Jet<Interval, N, 2>;
    std::array<J, N> x;
    for (std::size_t i = 0; i < N; ++i)
      x[i] = J::variable(b[i], i);
    const J r = f(x, k);
    return SecondOrder{r.v, std::vector<Interval>(r.g.begin(), r.g.end()),
                       std::vector<Interval>(r.h.begin(), r.h.end())};
  };
  return s;
}

/// Stick-breaking: raw u ∈ [0,1]^{S−1} (the coordinates x[offset], …, x[offset+S−2]) ↦ p ∈ Δ^{S−1},
/// p₁ = u₁, p_k = u_k Π_{j<k}(1 − u_j), p_S = Π_j(1 − u_j). Onto the closed simplex; every p_k is a product
/// of factors monotone in one raw coordinate each, so a box maps to tight enclosures (exact for S = 2: p =
/// (u, 1 − u)).
template <std::size_t S, class X, std::size_t N>
std::array<X, S> stick_breaking(const std::array<X, N>& x, std::size_t offset = 0) {
  static_assert(S >= 2, "a simplex of dimension >= 1");
  std::array<X, S> p;
  X rest(1);
  for (std::size_t k = 0; k + 1 < S; ++k) {
    p[k] = rest * x[offset + k];
    rest = rest * (X(1) - x[offset + k]);
  }
  p[S - 1] = rest;
  return p;
}

/// The raw box [0,1]^{S−1} of stick_breaking.
Box unit_box(std::size_t dim);
/// The box of half-width r around a point (clipped to nothing: the caller subtracts it from a domain).
Box box_around(const std::vector<double>& centre, double r);
/// Boxes covering ∪boxes \ int(hole) (the hole's interior removed: shared faces stay in the domain).
std::vector<Box> subtract(const std::vector<Box>& boxes, const Box& hole);

/// A box the branch and bound closed, with the test that closed it (for `dcrv certify --export`, rechecked by
/// certify/recheck.hpp): "natural" (sup G(box) ≤ 0), "mean-value" (at the box's centre), "second-order" (at
/// the attained point `attained`), or "monotone" (not closed: the coordinates in `faces` were fixed, +i + 1
/// to the upper face, −(i + 1) to the lower one, by the sign of ∂g/∂x_i on the box; the face is recorded when
/// it closes).
struct ClosedBox {
  std::string test;
  Box box;
  std::vector<int> faces;
  int attained = -1;
};

struct BnbOptions {
  long max_boxes = 200000; // boxes examined at most (each costs up to four interval evaluations)
  double seconds = 60;     // wall-time budget
  int max_depth = 60;      // bisections along one branch at most (a box deeper is left unresolved)
  bool strict = false;     // prove sup g < 0 (claims with <) instead of sup g ≤ 0
  /// Exact raw points where the bound is attained (g = 0): the second-order test closes boxes around them.
  std::vector<std::vector<double>> attained;
  /// Called for every closed box and every monotone step (certify --export); empty: nothing recorded.
  std::function<void(const ClosedBox&)> record = {};
};

struct BnbResult {
  enum class Status { proved, violation, exhausted };
  Status status = Status::exhausted;
  long boxes = 0; // boxes examined
  int depth = 0;  // deepest subdivision reached
  double seconds = 0;
  double proved_fraction = 0; // share of the domain's volume proved (1 when proved)
  long second_order = 0;      // boxes closed by the second-order test
  long monotone = 0;          // coordinates fixed to a face by the monotonicity test
  std::vector<mpfr> point;    // violation: raw coordinates of a point where inf g > 0
  Interval point_value;       // violation: the enclosure of g there
  std::string message;
};
std::string to_string(BnbResult::Status);

/// Branch and bound of `score` over the union of `roots` (boxes of score.dim raw coordinates).
BnbResult branch_and_bound(const Score& score, const std::vector<Box>& roots, const Constants& k,
                           const BnbOptions& opts);

} // namespace dcrv::certify
