// The interval scalar of certificates (dcrv/certify/interval.hpp) and the branch and bound
// (dcrv/certify/branch_and_bound.hpp): the non-template parts.
#include "dcrv/certify/certificate.hpp"

#include "certify_constants.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace dcrv::certify {

namespace {
mpfr left(const mpfi& x) {
  mpfr r;
  mpfi_get_left(r.backend().data(), x.backend().data());
  return r;
}
mpfr right(const mpfi& x) {
  mpfr r;
  mpfi_get_right(r.backend().data(), x.backend().data());
  return r;
}
[[noreturn]] void straddle(const std::string& what, const Interval& a, const Interval& b) {
  throw straddle_error("undecided interval comparison (" + what + "): " + a.str() + " vs " + b.str());
}
} // namespace

Interval::Interval(const mpfr& lo, const mpfr& hi) {
  using boost::multiprecision::isfinite;
  if (!isfinite(lo) || !isfinite(hi) || lo > hi)
    throw std::invalid_argument("Interval: need finite lo <= hi");
  mpfi_interv_fr(x_.backend().data(), lo.backend().data(), hi.backend().data());
}

mpfr Interval::lower() const {
  return left(x_);
}
mpfr Interval::upper() const {
  return right(x_);
}
mpfr Interval::mid() const {
  mpfr r;
  mpfi_mid(r.backend().data(), x_.backend().data());
  return r;
}
mpfr Interval::width() const {
  mpfr r;
  mpfi_diam_abs(r.backend().data(), x_.backend().data());
  return r;
}
bool Interval::bounded() const {
  return mpfi_bounded_p(x_.backend().data()) != 0 && !mpfi_nan_p(x_.backend().data());
}

std::string Interval::str(int digits) const {
  std::ostringstream os;
  os.precision(digits);
  os << "[" << lower() << ", " << upper() << "]";
  return os.str();
}

Interval& Interval::operator*=(const Interval& o) {
  x_ *= o.x_;
  return *this;
}
Interval& Interval::operator/=(const Interval& o) {
  if (o.contains_zero())
    throw straddle_error("division by an interval containing 0: " + o.str());
  x_ /= o.x_;
  return *this;
}

bool operator<(const Interval& a, const Interval& b) {
  if (a.upper() < b.lower())
    return true;
  if (a.lower() >= b.upper())
    return false;
  straddle("<", a, b);
}
bool operator<=(const Interval& a, const Interval& b) {
  if (a.upper() <= b.lower())
    return true;
  if (a.lower() > b.upper())
    return false;
  straddle("<=", a, b);
}
bool operator==(const Interval& a, const Interval& b) {
  if (a.is_point() && b.is_point())
    return a.lower() == b.lower();
  if (a.upper() < b.lower() || b.upper() < a.lower())
    return false;
  straddle("==", a, b);
}

Interval at_working_precision(const Interval& x) {
  Interval r(x);
  r.raw().precision(working_digits()); // Boost's digits-to-bits, as for a number built at the default
  return r;
}

Interval hull(const Interval& a, const Interval& b) {
  return Interval(std::min(a.lower(), b.lower()), std::max(a.upper(), b.upper()));
}
Interval square(const Interval& x) {
  Interval r;
  mpfi_sqr(r.raw().backend().data(), x.raw().backend().data());
  return r;
}
Interval pow(const Interval& x, int n) {
  if (n < 0)
    return Interval(1) / pow(x, -n);
  if (n == 0)
    return Interval(1);
  if (n % 2 == 0)
    return pow(square(x), n / 2);
  return x * pow(square(x), n / 2);
}
Interval sqrt(const Interval& x) {
  if (x.upper() < 0)
    throw std::domain_error("sqrt of a negative interval " + x.str());
  if (x.lower() < 0)
    throw straddle_error("sqrt of an interval reaching below 0: " + x.str());
  return Interval(mpfi(boost::multiprecision::sqrt(x.raw())));
}
Interval exp(const Interval& x) {
  return Interval(mpfi(boost::multiprecision::exp(x.raw())));
}
Interval expm1(const Interval& x) {
  return Interval(mpfi(boost::multiprecision::expm1(x.raw())));
}
Interval log(const Interval& x) {
  if (x.upper() <= 0)
    throw std::domain_error("log of a non-positive interval " + x.str());
  if (x.lower() <= 0)
    throw straddle_error("log of an interval reaching 0: " + x.str());
  return Interval(mpfi(boost::multiprecision::log(x.raw())));
}
Interval log1p(const Interval& x) {
  if (x.upper() <= -1)
    throw std::domain_error("log1p of an interval <= -1: " + x.str());
  if (x.lower() <= -1)
    throw straddle_error("log1p of an interval reaching -1: " + x.str());
  return Interval(mpfi(boost::multiprecision::log1p(x.raw())));
}
Interval abs(const Interval& x) {
  Interval r;
  mpfi_abs(r.raw().backend().data(), x.raw().backend().data());
  return r;
}
Interval min(const Interval& a, const Interval& b) {
  return Interval(std::min(a.lower(), b.lower()), std::min(a.upper(), b.upper()));
}
Interval max(const Interval& a, const Interval& b) {
  return Interval(std::max(a.lower(), b.lower()), std::max(a.upper(), b.upper()));
}

// ---------------------------------------------------------------------------------------------------------
// Branch and bound
// ---------------------------------------------------------------------------------------------------------

const Interval& Constants::operator()(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end())
    throw std::out_of_range("certificate constant '" + name + "' is not declared");
  return it->second;
}

Box unit_box(std::size_t dim) {
  return Box(dim, Interval(0.0, 1.0));
}

Box box_around(const std::vector<double>& centre, double r) {
  Box b;
  for (double c : centre)
    b.emplace_back(c - r, c + r);
  return b;
}

std::vector<Box> subtract(const std::vector<Box>& boxes, const Box& hole) {
  std::vector<Box> out;
  for (const Box& b0 : boxes) {
    bool overlaps = true;
    for (std::size_t i = 0; i < b0.size(); ++i)
      overlaps = overlaps && b0[i].lower() < hole[i].upper() && hole[i].lower() < b0[i].upper();
    if (!overlaps) {
      out.push_back(b0);
      continue;
    }
    Box rest = b0; // peel off the slabs below and above the hole, coordinate by coordinate
    for (std::size_t i = 0; i < b0.size(); ++i) {
      if (rest[i].lower() < hole[i].lower()) {
        Box below = rest;
        below[i] = Interval(rest[i].lower(), hole[i].lower());
        out.push_back(below);
        rest[i] = Interval(hole[i].lower(), rest[i].upper());
      }
      if (hole[i].upper() < rest[i].upper()) {
        Box above = rest;
        above[i] = Interval(hole[i].upper(), rest[i].upper());
        out.push_back(above);
        rest[i] = Interval(rest[i].lower(), hole[i].upper());
      }
    }
    // `rest` now lies inside the hole: removed
  }
  return out;
}

std::string to_string(BnbResult::Status s) {
  switch (s) {
  case BnbResult::Status::proved:
    return "proved";
  case BnbResult::Status::violation:
    return "violation";
  case BnbResult::Status::exhausted:
    return "exhausted";
  }
  return "?";
}

namespace {

struct Item {
  Box box;
  int depth;
  std::size_t root;
  double weight; // share of the domain's volume this box stands for
};

bool closes(const Interval& g, bool strict) {
  return strict ? g.upper() < 0 : g.upper() <= 0;
}

Box point_box(const std::vector<mpfr>& x) {
  Box b;
  for (const auto& v : x)
    b.emplace_back(v);
  return b;
}

/// sup over the box of Σ_i a_i (x_i − c_i): the linear term of a centred form.
mpfr linear_sup(const std::vector<Interval>& a, const Box& box, const std::vector<mpfr>& c) {
  Interval sum(0);
  for (std::size_t i = 0; i < box.size(); ++i)
    if (!box[i].is_point() || box[i].lower() != c[i])
      sum += a[i] * (box[i] - Interval(c[i]));
  return sum.upper();
}

/// The second-order test around an attained point x* contained in the box (see the header).
bool second_order_closes(const Score& s, const Box& box, const std::vector<mpfr>& xs, const Constants& k) {
  const std::size_t n = box.size();
  const SecondOrder at = s.second(point_box(xs), k);
  if (!(at.value.upper() <= 0))
    return false;
  std::vector<std::size_t> free;
  for (std::size_t i = 0; i < n; ++i)
    if (!box[i].is_point())
      free.push_back(i);
  for (std::size_t i : free) // the linear term, coordinate by coordinate: G_i d_i ≤ 0 for every d_i
    if (!((at.grad[i] * (box[i] - Interval(xs[i]))).upper() <= 0))
      return false;
  const SecondOrder over = s.second(box, k);
  // Scaled Gershgorin: with d = D z, D = diag(s), dᵀHd ≤ Σ_i z_i² (s_i² sup H_ii + Σ_{j≠i} s_i s_j
  // sup|H_ij|).
  std::vector<mpfr> sc(n, mpfr(1));
  for (std::size_t i : free) {
    const mpfr m = abs(over.hess[i * n + i].mid());
    sc[i] = m > 0 ? mpfr(1 / sqrt(m)) : mpfr(1);
  }
  // the products s_i s_j as intervals of the exact products of the (exactly represented) scalings: the
  // bound needs D H D exactly, a product rounded to nearest could understate a positive entry
  for (std::size_t i : free) {
    Interval row = over.hess[i * n + i] * (Interval(sc[i]) * Interval(sc[i]));
    for (std::size_t j : free)
      if (j != i)
        row += abs(over.hess[i * n + j]) * (Interval(sc[i]) * Interval(sc[j]));
    if (!(row.upper() <= 0))
      return false;
  }
  return true;
}

} // namespace

BnbResult branch_and_bound(const Score& score, const std::vector<Box>& roots, const Constants& k,
                           const BnbOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  BnbResult res;
  std::vector<Item> stack;
  for (std::size_t r = 0; r < roots.size(); ++r) {
    if (roots[r].size() != score.dim)
      throw std::invalid_argument("branch_and_bound: root box of wrong dimension");
    stack.push_back({roots[r], 0, r, 1.0 / static_cast<double>(roots.size())});
  }
  std::vector<std::vector<mpfr>> attained;
  for (const auto& a : opts.attained) {
    if (a.size() != score.dim)
      throw std::invalid_argument("branch_and_bound: attained point of wrong dimension");
    attained.emplace_back(a.begin(), a.end());
  }
  double proved = 0, unresolved = 0;
  auto violation = [&](const std::vector<mpfr>& x, const Interval& g) {
    res.status = BnbResult::Status::violation;
    res.point = x;
    res.point_value = g;
    std::ostringstream m;
    m << "violation: g = " << g.str(10) << " > 0 at raw point (";
    for (std::size_t i = 0; i < x.size(); ++i)
      m << (i ? ", " : "") << x[i].str(20);
    m << ")";
    res.message = m.str();
  };
  while (!stack.empty()) {
    if (res.boxes >= opts.max_boxes || elapsed() > opts.seconds) {
      for (const auto& it : stack)
        unresolved += it.weight;
      res.message = res.boxes >= opts.max_boxes ? "box budget exhausted" : "time budget exhausted";
      break;
    }
    Item it = std::move(stack.back());
    stack.pop_back();
    ++res.boxes;
    res.depth = std::max(res.depth, it.depth);
    Box& box = it.box;
    const Box& root = roots[it.root];
    // 1. natural extension
    try {
      const Interval g = score.value(box, k);
      if (g.bounded()) {
        if (closes(g, opts.strict)) {
          proved += it.weight;
          if (opts.record)
            opts.record({"natural", box, {}, -1});
          continue;
        }
        if (g.lower() > 0) {
          std::vector<mpfr> c;
          for (const auto& x : box)
            c.push_back(x.mid());
          violation(c, g);
          break;
        }
      }
    } catch (const std::domain_error&) { // straddle_error included: nothing proved, go on
    }
    // 2. the centre
    std::vector<mpfr> c;
    for (const auto& x : box)
      c.push_back(x.mid());
    std::optional<Interval> gc;
    try {
      gc = score.value(point_box(c), k);
      if (!gc->bounded())
        gc.reset();
    } catch (const std::domain_error&) {
    }
    if (gc && gc->lower() > 0) {
      violation(c, *gc);
      break;
    }
    // 3–4. mean-value form and monotonicity
    bool fixed = false;
    try {
      const FirstOrder d = score.first(box, k);
      bool ok = true;
      for (const auto& gi : d.grad)
        ok = ok && gi.bounded();
      if (ok) {
        if (gc) {
          // the sum as an interval: mpfr's + rounds to nearest, which could hide a positive supremum
          const mpfr mv = (Interval(gc->upper()) + Interval(linear_sup(d.grad, box, c))).upper();
          if (opts.strict ? mv < 0 : mv <= 0) {
            proved += it.weight;
            if (opts.record)
              opts.record({"mean-value", box, {}, -1});
            continue;
          }
        }
        const Box before = opts.record ? box : Box{};
        std::vector<int> faces;
        for (std::size_t i = 0; i < box.size(); ++i) {
          if (box[i].is_point())
            continue;
          if (d.grad[i].lower() > 0) {
            box[i] = Interval(box[i].upper());
            fixed = true;
            ++res.monotone;
            faces.push_back(static_cast<int>(i) + 1);
          } else if (d.grad[i].upper() < 0) {
            box[i] = Interval(box[i].lower());
            fixed = true;
            ++res.monotone;
            faces.push_back(-static_cast<int>(i) - 1);
          }
        }
        if (fixed && opts.record)
          opts.record({"monotone", before, faces, -1});
      }
    } catch (const std::domain_error&) {
    }
    if (fixed) {
      stack.push_back(std::move(it));
      continue;
    }
    // 5. second-order test around an attained point
    if (!opts.strict) {
      bool closed = false;
      int which = -1;
      for (const auto& xs : attained) {
        ++which;
        bool inside = true;
        for (std::size_t i = 0; i < box.size() && inside; ++i)
          inside = box[i].contains(xs[i]);
        if (!inside)
          continue;
        try {
          closed = second_order_closes(score, box, xs, k);
        } catch (const std::domain_error&) {
        }
        if (closed)
          break;
      }
      if (closed) {
        ++res.second_order;
        proved += it.weight;
        if (opts.record)
          opts.record({"second-order", box, {}, which});
        continue;
      }
    }
    // 6. bisect the widest coordinate, relative to the root's width
    std::size_t wi = box.size();
    mpfr best = 0;
    for (std::size_t i = 0; i < box.size(); ++i) {
      if (box[i].is_point())
        continue;
      const mpfr rw = root[i].width();
      const mpfr w = rw > 0 ? mpfr(box[i].width() / rw) : box[i].width();
      if (w > best)
        best = w, wi = i;
    }
    if (wi == box.size() || it.depth >= opts.max_depth) {
      unresolved += it.weight;
      if (res.message.empty())
        res.message =
            wi == box.size() ? "a point box that the enclosures do not decide" : "depth budget reached";
      continue;
    }
    const mpfr m = box[wi].mid();
    Item lo = it, hi = std::move(it);
    lo.box[wi] = Interval(lo.box[wi].lower(), m);
    hi.box[wi] = Interval(m, hi.box[wi].upper());
    lo.depth = hi.depth = lo.depth + 1;
    lo.weight = hi.weight = lo.weight / 2;
    stack.push_back(std::move(hi));
    stack.push_back(std::move(lo));
  }
  res.seconds = elapsed();
  if (res.status != BnbResult::Status::violation) {
    res.proved_fraction = std::min(1.0, proved);
    if (stack.empty() && unresolved == 0) {
      res.status = BnbResult::Status::proved;
      res.proved_fraction = 1;
      res.message = "every box closed";
    } else {
      res.status = BnbResult::Status::exhausted;
    }
  }
  return res;
}

// ---------------------------------------------------------------------------------------------------------
// Certificates
// ---------------------------------------------------------------------------------------------------------

namespace {
std::vector<std::pair<CertificateFactory, const char*>>& factories() {
  static std::vector<std::pair<CertificateFactory, const char*>> f;
  return f;
}
} // namespace

int register_certificate(CertificateFactory f, const char* file) {
  factories().emplace_back(f, file);
  return static_cast<int>(factories().size());
}

const std::vector<Certificate>& certificates() {
  static const std::vector<Certificate> all = [] {
    std::vector<Certificate> v;
    for (const auto& [make, file] : factories()) {
      v.push_back(make());
      v.back().scope = derive_scope(v.back());
    }
    return v;
  }();
  return all;
}

// ---------------------------------------------------------------------------------------------------------
// Scope
// ---------------------------------------------------------------------------------------------------------

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A box in the named space of dimensions and parameters: one per root box of a piece (and one per identity
/// piece). A name it does not constrain is either unbounded (`free_rest`: identities hold for every value of
/// the parameters) or not covered at all.
struct NamedBox {
  std::map<std::string, std::pair<double, double>> ranges;
  bool free_rest = false;
  /// `dims`: the names that are dimensions — an identity without a value of a dimension proves nothing for
  /// it (free_rest covers parameters only).
  bool contains(const std::map<std::string, double>& point, const std::set<std::string>& dims) const {
    for (const auto& [name, v] : point) {
      auto it = ranges.find(name);
      if (it == ranges.end()) {
        if (!free_rest || dims.count(name))
          return false;
        continue;
      }
      if (v < it->second.first || v > it->second.second)
        return false;
    }
    return true;
  }
};

std::vector<NamedBox> named_boxes(const Certificate& c) {
  std::vector<NamedBox> out;
  for (const auto& piece : c.pieces)
    for (const auto& root : piece.roots) {
      NamedBox b;
      for (const auto& d : piece.dims)
        b.ranges[d.name] = {d.lo, d.hi};
      for (const auto& pc : piece.params) {
        if (pc.coord >= root.size())
          throw std::logic_error(c.claim + ": parameter " + pc.name + " reads coordinate " +
                                 std::to_string(pc.coord) + " of a " + std::to_string(root.size()) +
                                 "-dimensional box");
        double lo = root[pc.coord].lower().convert_to<double>(),
               hi = root[pc.coord].upper().convert_to<double>();
        if (pc.to_param) { // monotone: increasing or decreasing
          lo = pc.to_param(lo);
          hi = pc.to_param(hi);
          if (lo > hi)
            std::swap(lo, hi);
        }
        auto it = b.ranges.find(pc.name);
        if (it != b.ranges.end()) // two coordinates of one parameter: the intersection
          it->second = {std::max(it->second.first, lo), std::min(it->second.second, hi)};
        else
          b.ranges[pc.name] = {lo, hi};
      }
      out.push_back(b);
    }
  for (const auto& id : c.identities) {
    if (id.rearrangement) // a step of the chain, not a part of the domain
      continue;
    NamedBox b;
    b.free_rest = true;
    for (const auto& [name, v] : id.dims)
      b.ranges[name] = {double(v), double(v)};
    out.push_back(b);
  }
  return out;
}

bool is_dim(const Certificate& c, const std::string& name) {
  for (const auto& piece : c.pieces)
    for (const auto& d : piece.dims)
      if (d.name == name)
        return true;
  for (const auto& id : c.identities)
    for (const auto& d : id.dims)
      if (d.first == name)
        return true;
  return false;
}

/// Union of closed ranges (integers: ranges that touch, n and n + 1, merge too).
std::vector<std::pair<double, double>> merged(std::vector<std::pair<double, double>> v, bool integer) {
  std::sort(v.begin(), v.end());
  std::vector<std::pair<double, double>> out;
  for (const auto& r : v) {
    if (r.first > r.second)
      continue;
    if (!out.empty() && r.first <= out.back().second + (integer ? 1 : 0))
      out.back().second = std::max(out.back().second, r.second);
    else
      out.push_back(r);
  }
  return out;
}

std::string number(double v) {
  if (std::isinf(v))
    return v > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os << v;
  // six digits when they name v; otherwise as many as it takes (1 − 2⁻⁵³ is not "1": a gap "(1, 1]" reads
  // as empty)
  if (std::stod(os.str()) != v) {
    os.str("");
    os << std::setprecision(17) << v;
  }
  return os.str();
}

std::string range_text(const std::string& name, double lo, double hi, bool integer) {
  if (lo == hi)
    return name + " = " + number(lo);
  if (integer) {
    if (std::isinf(hi))
      return name + " >= " + number(lo);
    if (hi == lo + 1)
      return name + " in {" + number(lo) + ", " + number(hi) + "}";
    return name + " = " + number(lo) + ".." + number(hi);
  }
  if (std::isinf(lo) && std::isinf(hi))
    return name + " in R";
  if (std::isinf(hi))
    return name + " >= " + number(lo);
  if (std::isinf(lo))
    return name + " <= " + number(hi);
  return name + " in [" + number(lo) + ", " + number(hi) + "]";
}

/// The parts of the paper's range r that the merged ranges leave, in words.
std::vector<std::string> uncovered(const ScopeRange& r, const std::vector<std::pair<double, double>>& have,
                                   bool integer) {
  std::vector<std::string> out;
  auto real_gap = [&](double a, bool a_in, double b, bool b_in) {
    if (std::isinf(b))
      return r.name + (a_in ? " >= " : " > ") + number(a);
    if (std::isinf(a))
      return r.name + (b_in ? " <= " : " < ") + number(b);
    return r.name + " in " + (a_in ? "[" : "(") + number(a) + ", " + number(b) + (b_in ? "]" : ")");
  };
  double cur = r.lo;
  bool incl = true; // cur itself is uncovered
  for (const auto& [lo, hi] : have) {
    if (hi < cur || (hi == cur && !incl))
      continue;
    if (integer) {
      if (lo > cur)
        out.push_back(range_text(r.name, cur, std::min(lo - 1, r.hi), true));
      if (std::isinf(hi)) // covered to the end ("K >= 2"): nothing left, not "K = inf"
        return out;
      cur = hi + 1;
    } else {
      if (lo > cur)
        out.push_back(real_gap(cur, incl, std::min(lo, r.hi), lo > r.hi));
      cur = std::max(cur, hi);
      incl = false;
    }
    if (cur > r.hi)
      return out;
  }
  if (cur < r.hi || (cur == r.hi && incl))
    out.push_back(integer ? range_text(r.name, cur, r.hi, true) : real_gap(cur, incl, r.hi, true));
  return out;
}

/// The breakpoints of one name inside [lo, hi] and a representative of every cell between them: the cells of
/// the arrangement of the boxes' ends, each inside or outside every box.
std::vector<double> cell_points(double lo, double hi, const std::vector<NamedBox>& boxes,
                                const std::string& name, bool integer) {
  std::vector<double> cuts = {lo, hi};
  for (const auto& b : boxes) {
    auto it = b.ranges.find(name);
    if (it == b.ranges.end())
      continue;
    for (double e : {it->second.first, it->second.second})
      if (e > lo && e < hi)
        cuts.push_back(e);
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  std::vector<double> pts;
  for (std::size_t i = 0; i < cuts.size(); ++i) {
    if (std::isfinite(cuts[i]))
      pts.push_back(cuts[i]);
    if (i + 1 < cuts.size()) {
      const double a = cuts[i], b = cuts[i + 1];
      double m;
      if (std::isinf(a) && std::isinf(b))
        m = 0;
      else if (std::isinf(b))
        m = a + std::max(1.0, std::abs(a));
      else if (std::isinf(a))
        m = b - std::max(1.0, std::abs(b));
      else
        m = a + (b - a) / 2;
      if (integer)
        for (double n = std::ceil(a); n <= b && n <= a + 3; ++n)
          pts.push_back(n);
      else if (m > a && m < b)
        pts.push_back(m);
    }
  }
  if (integer) {
    std::vector<double> ints;
    for (double v : pts)
      if (std::isfinite(v) && std::floor(v) == v)
        ints.push_back(v);
    pts = ints;
  }
  std::sort(pts.begin(), pts.end());
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  return pts;
}

} // namespace

Scope derive_scope(const Certificate& c) {
  Scope s = c.scope;
  // the identities that prove part of the claim (rearrangements only check a step of a piece's score)
  const bool no_identities = std::all_of(c.identities.begin(), c.identities.end(),
                                         [](const IdentityPiece& id) { return id.rearrangement; });
  const std::vector<NamedBox> boxes = named_boxes(c);

  // the ranges of every name, merged per part of the proof: a point is proved when an interval piece (if
  // there are any) and an identity (if there are any) both cover it, so with both parts the proved range is
  // the intersection of theirs (pieces S = 2..6 and identities S = 2..5 prove S = 2..5, not 2..6)
  std::map<std::string, std::vector<std::pair<double, double>>> piece_ranges, identity_ranges;
  for (const auto& b : boxes) {
    for (const auto& [name, r] : b.ranges)
      (b.free_rest ? identity_ranges : piece_ranges)[name].push_back(r);
  }
  std::set<std::string> names;
  for (const auto* m : {&piece_ranges, &identity_ranges})
    for (const auto& [name, v] : *m)
      names.insert(name);
  s.dims.clear();
  s.params.clear();
  for (const auto& name : names) {
    const bool integer = is_dim(c, name);
    // a name both parts constrain is proved where both cover it; a name only one part speaks of (an
    // auxiliary dimension such as a lemma's class size) keeps that part's ranges
    const auto p = piece_ranges.find(name), i = identity_ranges.find(name);
    std::vector<std::pair<double, double>> proved;
    if (p != piece_ranges.end() && i != identity_ranges.end()) {
      for (const auto& [alo, ahi] : merged(p->second, integer))
        for (const auto& [blo, bhi] : merged(i->second, integer))
          if (std::max(alo, blo) <= std::min(ahi, bhi))
            proved.push_back({std::max(alo, blo), std::min(ahi, bhi)});
      proved = merged(proved, integer);
    } else
      proved = merged(p != piece_ranges.end() ? p->second : i->second, integer);
    for (const auto& [lo, hi] : proved)
      if (!std::isinf(lo) || !std::isinf(hi))
        (integer ? s.dims : s.params).push_back({name, lo, hi});
  }

  s.reductions.clear();
  std::set<std::string> extended;
  for (const auto& r : c.reductions) {
    s.reductions.push_back(r.text);
    extended.insert(r.extends.begin(), r.extends.end());
  }

  std::set<std::string> dim_names;
  for (const auto& d : s.dims)
    dim_names.insert(d.name);
  for (const auto& r : c.paper)
    if (is_dim(c, r.name))
      dim_names.insert(r.name);

  // whole: every point of the paper's domain (the names not extended by a reduction) lies in a box
  std::vector<std::string> gaps;
  bool covered = !c.paper.empty() && !boxes.empty();
  if (c.paper.empty())
    gaps.push_back("the paper's domain is not stated as data in the certificate");
  std::vector<std::pair<std::string, std::vector<double>>> axes;
  for (const auto& r : c.paper) {
    if (extended.count(r.name))
      continue;
    const bool integer = is_dim(c, r.name);
    axes.emplace_back(r.name, cell_points(r.lo, r.hi, boxes, r.name, integer));
    // the gap of this name alone, for the text
    for (const bool identities : {false, true}) { // each part of the proof separately
      if (identities ? no_identities : c.pieces.empty())
        continue;
      std::vector<std::pair<double, double>> mine;
      for (const auto& b : boxes) {
        if (b.free_rest != identities)
          continue;
        auto it = b.ranges.find(r.name);
        if (it != b.ranges.end())
          mine.push_back(it->second);
        else if (b.free_rest && !integer)
          mine.push_back({-kInf, kInf});
      }
      for (const auto& g : uncovered(r, merged(mine, integer), integer))
        if (std::find(gaps.begin(), gaps.end(), g + " not covered") == gaps.end())
          gaps.push_back(g + " not covered");
    }
  }
  if (covered) {
    // every combination of the cells' representatives (the arrangement is small: a few names, few cuts)
    std::vector<std::size_t> idx(axes.size(), 0);
    for (const auto& a : axes)
      if (a.second.empty())
        covered = false;
    long visited = 0;
    while (covered && visited < 1000000) {
      std::map<std::string, double> point;
      for (std::size_t i = 0; i < axes.size(); ++i)
        point[axes[i].first] = axes[i].second[idx[i]];
      // every part of the proof covers the point: some interval piece (when there are any) and some
      // identity (when there are any) — an identity that holds for every parameter value does not cover a
      // point that the interval pieces leave out
      bool in_piece = c.pieces.empty(), in_identity = no_identities;
      for (const auto& b : boxes)
        if (b.contains(point, dim_names))
          (b.free_rest ? in_identity : in_piece) = true;
      const bool in = in_piece && in_identity;
      if (!in) {
        covered = false;
        if (gaps.empty()) {
          std::ostringstream os;
          os << "the point";
          for (const auto& [name, v] : point)
            os << " " << name << " = " << number(v);
          os << " of the paper's domain is in no piece";
          gaps.push_back(os.str());
        }
      }
      ++visited;
      std::size_t i = 0;
      while (i < idx.size() && ++idx[i] == axes[i].second.size())
        idx[i++] = 0;
      if (i == idx.size())
        break;
    }
    if (visited >= 1000000)
      covered = false;
  }
  for (const auto& e : s.exclusions)
    gaps.push_back("excluded: " + e);
  s.whole = covered && s.exclusions.empty();

  std::string manual = c.scope.gap;
  s.gap.clear();
  if (!s.whole) {
    for (const auto& g : gaps)
      s.gap += (s.gap.empty() ? "" : "; ") + g;
    if (!manual.empty())
      s.gap += (s.gap.empty() ? "" : "; ") + manual;
  }
  if (c.scope.summary.empty()) {
    if (s.whole)
      s.summary = "the whole domain";
    else {
      std::string t;
      for (const auto& d : s.dims)
        if (!extended.count(d.name))
          t += (t.empty() ? "" : ", ") + range_text(d.name, d.lo, d.hi, true);
      for (const auto& p : s.params)
        if (!extended.count(p.name))
          t += (t.empty() ? "" : ", ") + range_text(p.name, p.lo, p.hi, false);
      for (const auto& name : extended)
        t += (t.empty() ? "" : ", ") + name + " by reduction";
      if (!s.exclusions.empty())
        t += (t.empty() ? "" : ", ") + std::string("with exclusions");
      // nothing derived (no piece states its dimensions or parameters as data yet): the domain in words
      s.summary = t.empty() ? c.domain : t;
    }
  }
  return s;
}

const Certificate* find_certificate(const std::string& claim) {
  for (const auto& c : certificates())
    if (c.claim == claim)
      return &c;
  return nullptr;
}

nlohmann::json ScopeRange::to_json() const {
  // JSON has no infinity: an unbounded side is null.
  auto side = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  return {{"name", name}, {"lo", side(lo)}, {"hi", side(hi)}};
}

nlohmann::json Scope::to_json() const {
  nlohmann::json ds = nlohmann::json::array(), ps = nlohmann::json::array();
  for (const auto& d : dims)
    ds.push_back(d.to_json());
  for (const auto& p : params)
    ps.push_back(p.to_json());
  return {{"dims", ds},
          {"params", ps},
          {"exclusions", exclusions},
          {"reductions", reductions},
          {"whole", whole},
          {"summary", summary},
          {"gap", gap}};
}

nlohmann::json CertificateRun::to_json() const {
  return {{"status", status},       {"domain", domain},
          {"method", method},       {"message", message},
          {"boxes", boxes},         {"depth", depth},
          {"points", points},       {"digits", digits},
          {"seconds", seconds},     {"proved_fraction", proved_fraction},
          {"constants", constants}, {"pieces", pieces},
          {"scope", scope}};
}

CertificateRun run_certificate(const Certificate& c, const std::map<std::string, double>& overrides,
                               const BnbOptions& opts, const PieceRecorder& record) {
  CertificateRun run;
  run.claim = c.claim;
  run.domain = c.domain;
  run.method = c.method;
  run.scope = c.scope.to_json();
  run.digits = working_digits();
  const auto t0 = std::chrono::steady_clock::now();
  try {
    const Constants k = constants_for(c, overrides);
    for (const auto& kc : c.constants)
      run.constants[kc.name] = k(kc.name).mid().convert_to<double>();
    std::string first_failure;
    double fraction = 0;
    bool all = !c.pieces.empty();
    for (std::size_t pi = 0; pi < c.pieces.size(); ++pi) {
      const Piece& piece = c.pieces[pi];
      BnbOptions o = opts;
      o.attained = piece.attained;
      o.strict = piece.strict;
      if (record)
        o.record = [&record, pi](const ClosedBox& b) { record(pi, b); };
      auto roots = piece.roots; // certificates are built once, possibly before the working precision was set
      for (auto& box : roots)
        for (auto& x : box)
          x = at_working_precision(x);
      const BnbResult r = branch_and_bound(piece.score, roots, k, o);
      run.boxes += r.boxes;
      run.depth = std::max(run.depth, r.depth);
      fraction += r.proved_fraction;
      run.pieces.push_back({{"label", piece.label},
                            {"status", to_string(r.status)},
                            {"boxes", r.boxes},
                            {"depth", r.depth},
                            {"seconds", r.seconds},
                            {"proved_fraction", r.proved_fraction},
                            {"second_order", r.second_order},
                            {"monotone", r.monotone},
                            {"message", r.message}});
      if (r.status != BnbResult::Status::proved) {
        all = false;
        if (first_failure.empty())
          first_failure = piece.label + ": " + r.message;
        if (r.status == BnbResult::Status::violation)
          run.status = "violation";
      }
    }
    if (!c.identities.empty()) {
      const RationalConstants q = rational_constants(exact_constants_for(c, overrides));
      for (const auto& piece : c.identities) {
        const IdentityResult r = prove_identity(piece, q);
        run.points += r.points;
        fraction += r.status == "proved" ? 1.0 : 0.0;
        run.pieces.push_back(r.to_json(piece.label));
        run.pieces.back()["rearrangement"] = piece.rearrangement; // a checked step of the chain to a score
        if (r.status != "proved") {
          all = false;
          if (first_failure.empty())
            first_failure = piece.label + ": " + r.message;
          if (r.status == "violation")
            run.status = "violation";
          else if (run.status != "violation")
            run.status = "error"; // an evaluation that could not be made proves nothing
        }
      }
    }
    all = all ||
          (c.pieces.empty() && !c.identities.empty() && run.status != "violation" && first_failure.empty());
    const std::size_t parts = c.pieces.size() + c.identities.size();
    run.proved_fraction = parts == 0 ? 0 : fraction / static_cast<double>(parts);
    if (all) {
      run.status = "proved";
      run.message = "every piece proved";
    } else {
      if (run.status != "violation" && run.status != "error")
        run.status = "exhausted";
      run.message = first_failure;
    }
  } catch (const std::exception& e) {
    run.status = "error";
    run.message = std::string("certificate threw: ") + e.what();
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

} // namespace dcrv::certify

// ---------------------------------------------------------------------------------------------------------
// Exact identities (certify/exact_identity.hpp)
// ---------------------------------------------------------------------------------------------------------

namespace dcrv::certify {

const Rational& RationalConstants::operator()(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end())
    throw std::out_of_range("exact constant '" + name + "' has no rational value in this certificate");
  return it->second;
}

Rational default_grid_value(std::size_t variables, int degree, int k) {
  return Rational(k + 1) / Rational((degree + 2) * static_cast<long>(variables + 1));
}

namespace {
std::string rational_text(const Rational& q) {
  return q.str();
}
} // namespace

nlohmann::json IdentityResult::to_json(const std::string& label) const {
  nlohmann::json j{{"label", label},
                   {"status", status},
                   {"points", points},
                   {"message", message},
                   {"method", "exact rational evaluation on a product grid"},
                   {"typed", true}}; // every residual is typed (IdentityPiece::components): none can branch
  if (status == "violation") {
    nlohmann::json w = nlohmann::json::array();
    for (const auto& x : witness)
      w.push_back(rational_text(x));
    j["witness"] = w;
    j["residual"] = rational_text(residual);
  }
  return j;
}

Rational identity_residual(const IdentityPiece& piece, const std::vector<Rational>& x,
                           const RationalConstants& k) {
  // every component must vanish; the first non-zero one is the residual
  const std::vector<Exact> ex(x.begin(), x.end());
  for (const auto& comp : piece.components(ex, k))
    if (ExactAccess::value(comp) != 0)
      return ExactAccess::value(comp);
  return Rational(0);
}

IdentityResult prove_identity(const IdentityPiece& piece, const RationalConstants& k, long max_points,
                              int guard_points) {
  IdentityResult res;
  const std::size_t n = piece.variables;
  const int d = piece.degree;
  if (n == 0 || d < 0 || !piece.components) {
    res.message = "an identity piece needs variables >= 1, degree >= 0 and a residual";
    return res;
  }
  long total = 1;
  for (std::size_t i = 0; i < n; ++i) {
    total *= d + 1;
    if (total > max_points) {
      res.message = "the product grid has more than " + std::to_string(max_points) + " points";
      return res;
    }
  }
  auto value = [&](std::size_t i, int kk) {
    return piece.grid ? piece.grid(i, kk) : default_grid_value(n, d, kk);
  };
  std::vector<std::vector<Rational>> axis(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (int kk = 0; kk <= d; ++kk)
      axis[i].push_back(value(i, kk));
    for (int a = 0; a <= d; ++a) // the lemma needs d + 1 distinct values per variable
      for (int b = a + 1; b <= d; ++b)
        if (axis[i][a] == axis[i][b]) {
          res.message = "grid values of variable " + std::to_string(i) + " repeat";
          return res;
        }
  }
  auto evaluate = [&](const std::vector<Exact>& x) -> bool {
    ++res.points;
    for (const auto& comp : piece.components(x, k)) { // every component must vanish
      const Rational& r = ExactAccess::value(comp);
      if (r != 0) {
        res.status = "violation";
        res.witness.clear();
        for (const auto& xi : x)
          res.witness.push_back(ExactAccess::value(xi));
        res.residual = r;
        res.message = "non-zero residual " + rational_text(r) + " at an exact point";
        return false;
      }
    }
    return true;
  };
  try {
    std::vector<int> idx(n, 0);
    std::vector<Exact> x(n);
    for (std::size_t i = 0; i < n; ++i)
      x[i] = axis[i][0];
    for (long t = 0; t < total; ++t) {
      if (!evaluate(x))
        return res;
      for (std::size_t i = 0; i < n; ++i) { // odometer: only the coordinates that change are set
        if (++idx[i] <= d) {
          x[i] = axis[i][idx[i]];
          break;
        }
        idx[i] = 0;
        x[i] = axis[i][0];
      }
    }
    // guard points off the grid: x_i = a_i/(b (n + 1)) with a_i < b, distinct primes-ish b, deterministic
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state] {
      state ^= state << 13, state ^= state >> 7, state ^= state << 17;
      return state;
    };
    for (int g = 0; g < guard_points; ++g) {
      const long b = 1009 + 2 * g;
      for (std::size_t i = 0; i < n; ++i)
        x[i] = Rational(static_cast<long>(1 + next() % (b - 1))) / Rational(b * static_cast<long>(n + 1));
      if (!evaluate(x))
        return res;
    }
    // one guard point in every sign cell of the variables (a deterministic sample of 4096 cells beyond n =
    // 12): a second line behind the type (a typed residual cannot branch on a variable's sign, as x − |x|
    // would, Exact), and guard points off the positive cell of the grid for a degree bound stated too low.
    // A point where the residual is undefined (std::domain_error: a denominator vanishes there) is skipped.
    const std::size_t cells = n <= 12 ? (std::size_t(1) << n) : 4096;
    long skipped = 0;
    for (std::size_t cell = 0; cell < cells; ++cell) {
      const std::uint64_t signs = n <= 12 ? cell : next();
      for (std::size_t i = 0; i < n; ++i) {
        // a denominator of its own per variable, so that signed sums of the coordinates are not 0 by accident
        const long b = 1013 + 2 * static_cast<long>((cell + 37 * i) % 509);
        const Rational mag =
            Rational(static_cast<long>(1 + next() % (b - 1))) / Rational(b * static_cast<long>(n + 1 + i));
        x[i] = (signs >> (i % 64)) & 1u ? Rational(-mag) : mag;
      }
      try {
        if (!evaluate(x))
          return res;
      } catch (const std::domain_error&) {
        ++skipped;
      } catch (const std::overflow_error&) { // GMP's division by zero: a denominator vanishes at this point
        ++skipped;
      }
    }
    if (skipped * 2 > static_cast<long>(cells)) {
      res.status = "error";
      res.message = "the residual is undefined at " + std::to_string(skipped) + " of " +
                    std::to_string(cells) + " sign-cell guard points";
      return res;
    }
    guard_points += static_cast<int>(cells);
  } catch (const std::exception& e) {
    res.status = "error";
    res.message = std::string("the residual threw: ") + e.what();
    return res;
  }
  res.status = "proved";
  res.message = "residual 0 at all " + std::to_string(total) +
                " grid points (degree <= " + std::to_string(d) + " in each of " + std::to_string(n) +
                " variables) and " + std::to_string(guard_points) +
                " guard points (typed residual: no branch on the variables)";
  return res;
}

} // namespace dcrv::certify
