#include "properties/engine/domain.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace dcrv {

double normal01(std::mt19937_64& rng) {
  // Box–Muller on our own uniform draws: identical across standard libraries (determinism under a seed).
  const double u1 = (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
  const double u2 = (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}
double uniform(std::mt19937_64& rng, double lo, double hi) {
  const double u = (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
  return lo + (hi - lo) * u;
}
double log_uniform(std::mt19937_64& rng, double lo, double hi) {
  return std::exp(uniform(rng, std::log(lo), std::log(hi)));
}
namespace {
int uniform_int(std::mt19937_64& rng, int lo, int hi) { // inclusive
  return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}
double gamma_draw(std::mt19937_64& rng, double shape) {
  // Marsaglia–Tsang, with the shape<1 boost.
  if (shape < 1.0)
    return gamma_draw(rng, shape + 1.0) * std::pow(uniform(rng, 0, 1), 1.0 / shape);
  const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x = normal01(rng), v = 1.0 + c * x;
    if (v <= 0)
      continue;
    v = v * v * v;
    const double u = uniform(rng, 0, 1);
    if (std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v))
      return d * v;
  }
}
constexpr double kAplus = 0.78867513459481287; // a_± = 1/2 ± 1/(2√3), the paper's extremal masses
constexpr double kAminus = 0.21132486540518713;
} // namespace

nlohmann::json Sample::to_json() const {
  return {{"S", S}, {"x", x}, {"idx", idx}};
}
Sample Sample::from_json(const nlohmann::json& j) {
  Sample s;
  s.S = j.at("S").get<int>();
  s.x = j.at("x").get<std::vector<double>>();
  s.idx = j.at("idx").get<std::vector<int>>();
  return s;
}

Domain& Domain::dims(int lo, int hi) {
  if (lo < 1 || (hi != 0 && hi < lo))
    throw std::invalid_argument("Domain::dims: bad range");
  lo_ = lo;
  hi_ = hi;
  return *this;
}
Domain& Domain::add(Field f) {
  for (const auto& g : fields_)
    if (g.name == f.name)
      throw std::logic_error("Domain: duplicate field " + f.name);
  fields_.push_back(std::move(f));
  return *this;
}
namespace {
Field field_of(const std::string& n, FieldKind kind) {
  Field f;
  f.name = n, f.kind = kind;
  return f;
}
/// The range of a symmetric field (logits, vectors): scale, independent of S.
Field scaled(const std::string& n, FieldKind kind, double scale) {
  Field f = field_of(n, kind);
  f.range = [scale](int) { return std::make_pair(scale, 0.0); };
  return f;
}
} // namespace
Domain& Domain::simplex(const std::string& n, bool closed) {
  Field f = field_of(n, FieldKind::simplex);
  f.closed = closed;
  return add(f);
}
Domain& Domain::logits(const std::string& n, double scale, bool centered) {
  Field f = scaled(n, FieldKind::logits, scale);
  f.centered = centered;
  return add(f);
}
Domain& Domain::tangent(const std::string& n) {
  return add(field_of(n, FieldKind::tangent));
}
Domain& Domain::vector(const std::string& n, double scale) {
  return add(scaled(n, FieldKind::vector, scale));
}
Domain& Domain::real(const std::string& n, double lo, double hi, bool log_scale) {
  return real(
      n, [lo, hi](int) { return std::make_pair(lo, hi); }, log_scale);
}
Domain& Domain::real(const std::string& n, std::function<std::pair<double, double>(int)> range,
                     bool log_scale) {
  Field f = field_of(n, FieldKind::real);
  f.range = std::move(range);
  f.log_scale = log_scale;
  return add(f);
}
Domain& Domain::index(const std::string& n) {
  return add(field_of(n, FieldKind::index));
}
Domain& Domain::points(std::function<std::vector<Assign>(int)> fn) {
  points_.push_back(std::move(fn));
  return *this;
}
Domain& Domain::only_points() {
  points_only_ = true;
  return *this;
}

int Domain::field_index(const std::string& name, FieldKind expected) const {
  for (std::size_t i = 0; i < fields_.size(); ++i)
    if (fields_[i].name == name) {
      if (fields_[i].kind != expected && !(expected == FieldKind::vector))
        throw std::logic_error("Domain: field '" + name + "' accessed with the wrong kind");
      return static_cast<int>(i);
    }
  throw std::logic_error("Domain: no field '" + name + "'");
}
std::size_t Domain::width(int f, int S) const {
  switch (fields_[f].kind) {
  case FieldKind::real:
    return 1;
  case FieldKind::index:
    return 0;
  default:
    return static_cast<std::size_t>(S);
  }
}
std::size_t Domain::offset(int f, int S) const {
  std::size_t o = 0;
  for (int i = 0; i < f; ++i)
    o += width(i, S);
  return o;
}
static int index_slot(const std::vector<Field>& fields, int f) {
  int k = 0;
  for (int i = 0; i < f; ++i)
    k += fields[i].kind == FieldKind::index;
  return k;
}

Sample Domain::make(int S, const Assign& a) const {
  Sample s;
  s.S = S;
  for (std::size_t fi = 0; fi < fields_.size(); ++fi) {
    const Field& f = fields_[fi];
    auto it = a.find(f.name);
    if (f.kind == FieldKind::index) {
      // unassigned index fields default to distinct values 0, 1, 2, … (mod S): an edge case of a claim over a
      // pair (i, j) must not be the degenerate i = j that its hypotheses exclude
      const int k = static_cast<int>(s.idx.size());
      s.idx.push_back(it == a.end() ? k % S : static_cast<int>(it->second.at(0)));
      continue;
    }
    const std::size_t w = width(static_cast<int>(fi), S);
    if (it != a.end()) {
      if (it->second.size() != w)
        throw std::logic_error("Domain::make: field '" + f.name + "' needs " + std::to_string(w) + " values");
      s.x.insert(s.x.end(), it->second.begin(), it->second.end());
      continue;
    }
    switch (f.kind) {
    case FieldKind::simplex:
      s.x.insert(s.x.end(), w, 1.0);
      break;
    case FieldKind::tangent:
      for (std::size_t i = 0; i < w; ++i)
        s.x.push_back(i == 0 ? 1.0 : i == 1 ? -1.0 : 0.0);
      break;
    case FieldKind::real: {
      auto [lo, hi] = f.range(S);
      s.x.push_back(f.log_scale ? std::sqrt(lo * hi) : 0.5 * (lo + hi));
      break;
    }
    default:
      s.x.insert(s.x.end(), w, 0.0);
    }
  }
  for (const auto& [name, v] : a) {
    bool known = false;
    for (const auto& f : fields_)
      known |= f.name == name;
    if (!known)
      throw std::logic_error("Domain::make: no field '" + name + "'");
  }
  return s;
}

namespace {
std::vector<double> dirichlet(std::mt19937_64& rng, int S, double alpha) {
  std::vector<double> w(S);
  double sum = 0;
  for (auto& x : w)
    sum += (x = gamma_draw(rng, alpha));
  if (!(sum > 0))
    std::fill(w.begin(), w.end(), 1.0);
  return w;
}
double tiny_mass(std::mt19937_64& rng, double lo_exp = 1, double hi_exp = 40) {
  return std::pow(10.0, -uniform(rng, lo_exp, hi_exp));
}
} // namespace

int Domain::index_fields() const {
  int n = 0;
  for (const auto& f : fields_)
    n += f.kind == FieldKind::index;
  return n;
}

Sample Domain::random(std::mt19937_64& rng, int S) const {
  Sample s;
  s.S = S;
  // Index fields: distinct values (a random injection) in 9 of 10 samples when there are enough indices, so
  // claims over pairs i ≠ j do not waste their evidence; independent draws otherwise (i = j stays covered).
  const int n_idx = index_fields();
  std::vector<int> distinct;
  if (n_idx >= 2 && n_idx <= S && uniform(rng, 0, 1) < 0.9) {
    std::vector<int> perm(S);
    for (int i = 0; i < S; ++i)
      perm[i] = i;
    for (int i = 0; i < n_idx; ++i)
      std::swap(perm[i], perm[uniform_int(rng, i, S - 1)]);
    distinct.assign(perm.begin(), perm.begin() + n_idx);
  }
  for (const Field& f : fields_) {
    switch (f.kind) {
    case FieldKind::simplex: {
      std::vector<double> w;
      const int mode = uniform_int(rng, 0, 6);
      if (mode <= 2) {
        w = dirichlet(rng, S, mode == 0 ? 1.0 : mode == 1 ? 0.1 : 5.0);
      } else if (mode == 3) { // near a face: some coordinates tiny
        w = dirichlet(rng, S, 1.0);
        const int m = uniform_int(rng, 1, std::max(1, S - 1));
        for (int k = 0; k < m; ++k) {
          const int i = uniform_int(rng, 0, S - 1);
          w[i] = (f.closed && uniform(rng, 0, 1) < 0.3) ? 0.0 : tiny_mass(rng);
        }
      } else if (mode == 4) { // near a vertex
        w.assign(S, 0.0);
        const int v = uniform_int(rng, 0, S - 1);
        for (int i = 0; i < S; ++i)
          w[i] = i == v ? 1.0 : tiny_mass(rng, 1, 20) * uniform(rng, 0.5, 1);
      } else if (mode == 5) { // mass on two coordinates
        w.assign(S, 0.0);
        const int a = uniform_int(rng, 0, S - 1), b = (a + uniform_int(rng, 1, std::max(1, S - 1))) % S;
        for (int i = 0; i < S; ++i)
          w[i] = tiny_mass(rng, 3, 40);
        w[a] = uniform(rng, 0.01, 1);
        w[b] = 1 - w[a];
      } else { // uniform perturbed
        for (int i = 0; i < S; ++i)
          w.push_back(1.0 + 0.1 * normal01(rng));
        for (auto& x : w)
          x = std::max(x, 1e-3);
      }
      if (std::all_of(w.begin(), w.end(), [](double x) { return x == 0; }))
        w[0] = 1.0;
      s.x.insert(s.x.end(), w.begin(), w.end());
      break;
    }
    case FieldKind::logits: {
      const double scale = f.range(S).first;
      const int mode = uniform_int(rng, 0, 4);
      if (mode <= 2) {
        const double sd = scale * (mode == 0 ? 0.3 : mode == 1 ? 1.0 : 3.0);
        for (int i = 0; i < S; ++i)
          s.x.push_back(sd * normal01(rng));
      } else if (mode == 3) { // (t, −t, 0, …) in a random pair of coordinates
        const double t = scale * normal01(rng);
        std::vector<double> v(S, 0.0);
        const int a = uniform_int(rng, 0, S - 1), b = (a + uniform_int(rng, 1, std::max(1, S - 1))) % S;
        v[a] = t;
        if (b != a)
          v[b] = -t;
        s.x.insert(s.x.end(), v.begin(), v.end());
      } else { // one dominant logit
        std::vector<double> v(S);
        for (auto& x : v)
          x = normal01(rng);
        v[uniform_int(rng, 0, S - 1)] += uniform(rng, 5, 40) * (uniform(rng, 0, 1) < 0.5 ? 1 : -1);
        s.x.insert(s.x.end(), v.begin(), v.end());
      }
      break;
    }
    case FieldKind::tangent: {
      std::vector<double> v(S, 0.0);
      if (uniform(rng, 0, 1) < 0.3 && S >= 2) {
        const int a = uniform_int(rng, 0, S - 1), b = (a + uniform_int(rng, 1, S - 1)) % S;
        v[a] = 1;
        v[b] = -1;
      } else {
        for (auto& x : v)
          x = normal01(rng);
      }
      s.x.insert(s.x.end(), v.begin(), v.end());
      break;
    }
    case FieldKind::vector: {
      const double scale = f.range(S).first;
      for (int i = 0; i < S; ++i)
        s.x.push_back(scale * normal01(rng));
      break;
    }
    case FieldKind::real: {
      auto [lo, hi] = f.range(S);
      double v;
      const double u = uniform(rng, 0, 1);
      if (u < 0.08) {
        v = f.log_scale ? lo * (1 + tiny_mass(rng, 1, 12)) : lo + (hi - lo) * tiny_mass(rng, 1, 12);
      } else if (u < 0.16) {
        v = f.log_scale ? hi * (1 - tiny_mass(rng, 1, 12)) : hi - (hi - lo) * tiny_mass(rng, 1, 12);
      } else {
        v = f.log_scale ? log_uniform(rng, lo, hi) : uniform(rng, lo, hi);
      }
      s.x.push_back(std::clamp(v, lo, hi));
      break;
    }
    case FieldKind::index:
      s.idx.push_back(distinct.empty() ? uniform_int(rng, 0, S - 1) : distinct[s.idx.size()]);
      break;
    }
  }
  return s;
}

std::vector<Sample> Domain::edges(int S) const {
  std::vector<Sample> out;
  if (!points_only_) {
    const Sample base = make(S, {});
    out.push_back(base);
    for (std::size_t fi = 0; fi < fields_.size(); ++fi) {
      const Field& f = fields_[fi];
      std::vector<std::vector<double>> vals;
      const double tiny = f.closed ? 0.0 : 1e-30;
      auto filled = [&](double v) { return std::vector<double>(S, v); };
      switch (f.kind) {
      case FieldKind::simplex: {
        auto vtx = filled(tiny);
        vtx[0] = 1;
        vals.push_back(vtx);
        auto nv = filled(1e-8);
        nv[0] = 1;
        vals.push_back(nv);
        for (double depth : {1e-12, 1e-40}) {
          auto face = filled(1.0);
          face[0] = depth;
          vals.push_back(face);
        }
        if (S >= 2) {
          auto two = filled(tiny);
          two[0] = two[1] = 0.5;
          vals.push_back(two);
          auto ext = filled(tiny);
          ext[0] = kAplus;
          ext[1] = kAminus;
          vals.push_back(ext);
          auto ext_rest = filled(kAminus / std::max(1, S - 1));
          ext_rest[0] = kAplus;
          vals.push_back(ext_rest);
        }
        std::vector<double> geo(S);
        for (int i = 0; i < S; ++i)
          geo[i] = std::ldexp(1.0, -i);
        vals.push_back(geo);
        break;
      }
      case FieldKind::logits: {
        for (double t : {0.65847894846240835, 5.0, 30.0}) { // atanh(1/√3): p = (a+, a−) for S = 2
          auto v = filled(0.0);
          v[0] = t;
          if (S >= 2)
            v[1] = -t;
          vals.push_back(v);
        }
        for (double big : {30.0, -30.0}) {
          auto v = filled(0.0);
          v[0] = big;
          vals.push_back(v);
        }
        break;
      }
      case FieldKind::tangent: {
        std::vector<double> v(S, 1.0);
        v[S - 1] = -(S - 1.0);
        vals.push_back(v);
        break;
      }
      case FieldKind::vector: {
        auto v = filled(0.0);
        v[0] = 1;
        vals.push_back(v);
        break;
      }
      case FieldKind::real: {
        auto [lo, hi] = f.range(S);
        if (f.closed) {
          vals.push_back({lo});
          vals.push_back({hi});
        } else if (f.log_scale) {
          vals.push_back({lo * (1 + 1e-9)});
          vals.push_back({hi * (1 - 1e-9)});
        } else {
          vals.push_back({lo + (hi - lo) * 1e-9});
          vals.push_back({hi - (hi - lo) * 1e-9});
        }
        break;
      }
      case FieldKind::index:
        break; // below: rotations of all index fields together
      }
      for (const auto& v : vals)
        out.push_back(make(S, {{f.name, v}}));
    }
    // Index fields: every rotation (k + r) mod S of the distinct defaults, r = 1 … S−1, so every index value
    // appears in every field while the fields stay distinct.
    if (const int n_idx = index_fields(); n_idx > 0)
      for (int r = 1; r < S; ++r) {
        Sample e = base;
        for (int k = 0; k < n_idx; ++k)
          e.idx[k] = (e.idx[k] + r) % S;
        out.push_back(e);
      }
  }
  for (auto& p : claim_points(S))
    out.push_back(std::move(p));
  return out;
}

std::vector<Sample> Domain::claim_points(int S) const {
  std::vector<Sample> out;
  for (const auto& fn : points_)
    for (const auto& a : fn(S))
      out.push_back(make(S, a));
  return out;
}

void Domain::perturb(Sample& s, std::mt19937_64& rng, double sigma) const {
  bool changed = false;
  while (!changed) {
    for (std::size_t fi = 0; fi < fields_.size(); ++fi) {
      if (uniform(rng, 0, 1) > 0.6)
        continue;
      changed = true;
      const Field& f = fields_[fi];
      const std::size_t o = offset(static_cast<int>(fi), s.S), w = width(static_cast<int>(fi), s.S);
      switch (f.kind) {
      case FieldKind::simplex:
        for (std::size_t i = 0; i < w; ++i)
          if (s.x[o + i] > 0)
            s.x[o + i] *= std::exp(3.0 * sigma * normal01(rng));
        break;
      case FieldKind::logits:
      case FieldKind::vector: {
        const double scale = f.range(s.S).first;
        for (std::size_t i = 0; i < w; ++i)
          s.x[o + i] += sigma * scale * normal01(rng);
        break;
      }
      case FieldKind::tangent: {
        double n = 0;
        for (std::size_t i = 0; i < w; ++i)
          n += s.x[o + i] * s.x[o + i];
        n = std::sqrt(n / w) + 1e-12;
        for (std::size_t i = 0; i < w; ++i)
          s.x[o + i] += sigma * n * normal01(rng);
        break;
      }
      case FieldKind::real: {
        auto [lo, hi] = f.range(s.S);
        double& v = s.x[o];
        v = f.log_scale ? v * std::exp(sigma * normal01(rng)) : v + 0.3 * sigma * (hi - lo) * normal01(rng);
        v = std::clamp(v, lo, hi);
        break;
      }
      case FieldKind::index:
        if (uniform(rng, 0, 1) < 0.1)
          s.idx[index_slot(fields_, static_cast<int>(fi))] = uniform_int(rng, 0, s.S - 1);
        break;
      }
    }
  }
}

nlohmann::json Domain::named(const Sample& s) const {
  nlohmann::json out = nlohmann::json::object();
  const Args<double> a(*this, s);
  auto vec = [](const Vec<double>& v) {
    std::vector<double> x(v.data(), v.data() + v.size());
    return nlohmann::json(x);
  };
  for (const Field& f : fields_) {
    switch (f.kind) {
    case FieldKind::simplex:
      out[f.name] = vec(a.simplex(f.name));
      break;
    case FieldKind::logits:
      out[f.name] = vec(a.logits(f.name));
      break;
    case FieldKind::tangent:
      out[f.name] = vec(a.tangent(f.name));
      break;
    case FieldKind::vector:
      out[f.name] = vec(a.vec(f.name));
      break;
    case FieldKind::real:
      out[f.name] = a.real(f.name);
      break;
    case FieldKind::index:
      out[f.name] = a.index(f.name);
      break;
    }
  }
  return out;
}

std::string Domain::describe() const {
  std::ostringstream os;
  os << "S=" << lo_ << ".." << (hi_ == 0 ? std::string("max") : std::to_string(hi_)) << "; ";
  for (std::size_t i = 0; i < fields_.size(); ++i) {
    const Field& f = fields_[i];
    if (i)
      os << ", ";
    os << f.name << ":";
    switch (f.kind) {
    case FieldKind::simplex:
      os << (f.closed ? "closed simplex" : "open simplex");
      break;
    case FieldKind::logits:
      os << (f.centered ? "logits in Theta" : "logits in R^S");
      break;
    case FieldKind::tangent:
      os << "tangent";
      break;
    case FieldKind::vector:
      os << "vector";
      break;
    case FieldKind::real: {
      auto [lo, hi] = f.range(lo_);
      os << "real(" << lo << "," << hi << (hi_ == lo_ ? "" : " at S=min") << ")";
      break;
    }
    case FieldKind::index:
      os << "index";
      break;
    }
  }
  if (!points_.empty())
    os << "; + paper's extremal points";
  return os.str();
}

template <class T> Vec<T> Args<T>::raw(int field) const {
  const std::size_t o = d_->offset(field, s_->S), w = d_->width(field, s_->S);
  Vec<T> v(static_cast<Eigen::Index>(w));
  for (std::size_t i = 0; i < w; ++i)
    v(static_cast<Eigen::Index>(i)) = T(s_->x[o + i]);
  return v;
}
template <class T> Vec<T> Args<T>::simplex(const std::string& n) const {
  Vec<T> w = raw(d_->field_index(n, FieldKind::simplex));
  return w / w.sum();
}
template <class T> Vec<T> Args<T>::logits(const std::string& n) const {
  const int f = d_->field_index(n, FieldKind::logits);
  Vec<T> v = raw(f);
  if (d_->fields()[f].centered)
    v.array() -= v.sum() / T(static_cast<double>(v.size()));
  return v;
}
template <class T> Vec<T> Args<T>::tangent(const std::string& n) const {
  Vec<T> v = raw(d_->field_index(n, FieldKind::tangent));
  v.array() -= v.sum() / T(static_cast<double>(v.size()));
  return v;
}
template <class T> Vec<T> Args<T>::vec(const std::string& n) const {
  return raw(d_->field_index(n, FieldKind::vector));
}
template <class T> T Args<T>::real(const std::string& n) const {
  return T(s_->x[d_->offset(d_->field_index(n, FieldKind::real), s_->S)]);
}
template <class T> int Args<T>::index(const std::string& n) const {
  return s_->idx.at(index_slot(d_->fields(), d_->field_index(n, FieldKind::index)));
}
template class Args<double>;
template class Args<mpfr>;

} // namespace dcrv
