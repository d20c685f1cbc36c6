// properties/engine/domain.hpp — input domains of ∀-claims, and the samples drawn from them.
//
// A Domain is a list of named fields (a simplex point, logits, a tangent vector, a real parameter, an
// index) over a range of dimensions S. A Sample stores the raw doubles of every field; Args<T> decodes
// them in the scalar T (normalising simplex weights, centring logits, projecting tangent vectors), so the
// same stored Sample is evaluated in double during the search and in MPFR for confirmation and replay.
#pragma once

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "dcrv/real.hpp"

namespace dcrv {

enum class FieldKind { simplex, logits, tangent, vector, real, index };

struct Field {
  std::string name;
  FieldKind kind = FieldKind::real;
  /// real: the range (lo, hi) as a function of S; logits/vector: (typical scale, unused)
  std::function<std::pair<double, double>(int)> range;
  bool log_scale = false; // real: sample log-uniformly
  bool closed = false;    // simplex: zeros allowed (closed simplex); real: endpoints themselves are edges
  bool centered = true;   // logits: decode into Θ = {⟨1,θ⟩ = 0}
};

/// The raw, exactly replayable input of one trial.
struct Sample {
  int S = 0;
  std::vector<double> x; // continuous coordinates of all fields, in field order
  std::vector<int> idx;  // index fields
  nlohmann::json to_json() const;
  static Sample from_json(const nlohmann::json& j);
};

/// Per-field values for hand-made samples (edge cases, the paper's extremal points).
using Assign = std::map<std::string, std::vector<double>>;

class Domain {
public:
  Domain() = default;
  /// Dimensions S in [lo, hi]; hi = 0 means "every S": up to the budget's max_dim.
  Domain& dims(int lo, int hi = 0);
  Domain& simplex(const std::string& name, bool closed = false);
  Domain& logits(const std::string& name, double scale = 3.0, bool centered = true);
  Domain& tangent(const std::string& name);
  Domain& vector(const std::string& name, double scale = 1.0);
  Domain& real(const std::string& name, double lo, double hi, bool log_scale = false);
  Domain& real(const std::string& name, std::function<std::pair<double, double>(int)> range,
               bool log_scale = false);
  Domain& index(const std::string& name);
  /// Claim-specific edge cases, e.g. the paper's extremal points, evaluated before the random search.
  Domain& points(std::function<std::vector<Assign>(int S)> fn);
  /// Evaluate only the edge cases and points (no random search): for claims at given points.
  Domain& only_points();

  int min_dim() const { return lo_; }
  int max_dim(int budget_max) const { return hi_ == 0 ? std::max(budget_max, lo_) : hi_; }
  bool points_only() const { return points_only_; }
  const std::vector<Field>& fields() const { return fields_; }
  int field_index(const std::string& name, FieldKind expected) const;
  std::size_t offset(int field, int S) const;
  std::size_t width(int field, int S) const;

  Sample make(int S, const Assign& a) const; // unassigned fields get neutral defaults
  Sample random(std::mt19937_64& rng, int S) const;
  std::vector<Sample> edges(int S) const;        // generic field edges + claim points
  std::vector<Sample> claim_points(int S) const; // the claim's own points only (.points())
  int index_fields() const;
  void perturb(Sample& s, std::mt19937_64& rng, double sigma) const;
  std::string describe() const;
  /// The sample in the domain's own terms: {field name: value} (simplex weights normalised, tangent vectors
  /// projected, logits centred when declared so), for witnesses a reader can decode.
  nlohmann::json named(const Sample& s) const;

private:
  Domain& add(Field f);
  int lo_ = 2, hi_ = 0;
  std::vector<Field> fields_;
  std::vector<std::function<std::vector<Assign>(int)>> points_;
  bool points_only_ = false;
};

/// A Sample decoded in scalar T.
template <class T> class Args {
public:
  using scalar = T;
  Args(const Domain& d, const Sample& s) : d_(&d), s_(&s) {}
  int S() const { return s_->S; }
  Vec<T> simplex(const std::string& name) const; // normalised weights: a point of Δ^{S-1}
  Vec<T> logits(const std::string& name) const;  // centred (∈ Θ) unless declared uncentred
  Vec<T> tangent(const std::string& name) const; // projected onto T = 1^⊥
  Vec<T> vec(const std::string& name) const;     // raw vector
  T real(const std::string& name) const;
  int index(const std::string& name) const;
  const Sample& sample() const { return *s_; }

private:
  Vec<T> raw(int field) const;
  const Domain* d_;
  const Sample* s_;
};

extern template class Args<double>;
extern template class Args<mpfr>;

/// Standard-normal draw, log-uniform draw: shared by generators.
double normal01(std::mt19937_64& rng);
double uniform(std::mt19937_64& rng, double lo, double hi);
double log_uniform(std::mt19937_64& rng, double lo, double hi);

} // namespace dcrv
