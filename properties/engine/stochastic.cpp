// properties/engine/stochastic.cpp — statistical verdicts of stochastic claims (stochastic.hpp).
#include "properties/engine/stochastic.hpp"

#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>
#include <stdexcept>

#include "dcrv/budget.hpp"
#include "dcrv/minibatch.hpp"
#include "dcrv/random.hpp"

namespace dcrv {

McParams& McParams::set(const std::string& name, double v) {
  for (auto& [n, x] : values_)
    if (n == name) {
      x = v;
      return *this;
    }
  values_.emplace_back(name, v);
  return *this;
}
double McParams::operator()(const std::string& name) const {
  for (const auto& [n, x] : values_)
    if (n == name)
      return x;
  throw std::out_of_range("experiment has no parameter '" + name + "'");
}
bool McParams::has(const std::string& name) const {
  for (const auto& [n, x] : values_)
    if (n == name)
      return true;
  return false;
}
nlohmann::json McParams::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  nlohmann::json names = nlohmann::json::array(), vals = nlohmann::json::array();
  for (const auto& [n, x] : values_)
    names.push_back(n), vals.push_back(x);
  j["names"] = names;
  j["values"] = vals;
  return j;
}
McParams McParams::from_json(const nlohmann::json& j) {
  McParams q;
  const auto& names = j.at("names");
  const auto& vals = j.at("values");
  for (std::size_t i = 0; i < names.size(); ++i)
    q.set(names[i].get<std::string>(), vals[i].get<double>());
  return q;
}

namespace {
struct Ledger {
  long paths = 0, failed = 0;
  std::string first;
};
thread_local Ledger ledger;
} // namespace

void note_paths(long paths, long failed, const std::string& first_failure) {
  ledger.paths += paths;
  if (failed > 0 && ledger.failed == 0)
    ledger.first = first_failure;
  ledger.failed += failed;
}

Setup& Setup::set(const std::string& name, SetupValue v) {
  for (auto& [n, x] : values_)
    if (n == name) {
      x = std::move(v);
      return *this;
    }
  values_.emplace_back(name, std::move(v));
  return *this;
}
double Setup::operator()(const std::string& name) const {
  for (const auto& [n, x] : values_)
    if (n == name)
      return x.value;
  throw std::out_of_range("setup has no choice '" + name + "'");
}
const std::string& Setup::label(const std::string& name) const {
  for (const auto& [n, x] : values_)
    if (n == name)
      return x.label;
  throw std::out_of_range("setup has no choice '" + name + "'");
}
bool Setup::has(const std::string& name) const {
  for (const auto& [n, x] : values_)
    if (n == name)
      return true;
  return false;
}
std::string Setup::text() const {
  std::string t;
  for (const auto& [n, x] : values_)
    t += (t.empty() ? "" : ", ") + n + " = " + x.label;
  return t;
}
nlohmann::json Setup::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [n, x] : values_)
    j[n] = x.label;
  return j;
}
std::vector<Setup> setups_of(const std::vector<SetupChoice>& choices) {
  std::vector<Setup> out{Setup{}};
  for (const auto& c : choices) {
    if (c.values.empty())
      throw std::invalid_argument("setup choice '" + c.name + "' has no values");
    std::vector<Setup> next;
    for (const auto& s : out)
      for (const auto& v : c.values) {
        Setup t = s;
        t.set(c.name, v);
        next.push_back(std::move(t));
      }
    out = std::move(next);
  }
  return out;
}

namespace {
std::string num(double x) {
  std::ostringstream s;
  s << std::setprecision(6) << x;
  return s.str();
}
std::string side_text(const std::pair<double, double>& s, bool point = false) {
  if (point)
    return "= " + num(s.first);
  const bool lo_inf = std::isinf(s.first), hi_inf = std::isinf(s.second);
  if (lo_inf && !hi_inf)
    return "<= " + num(s.second);
  if (!lo_inf && hi_inf)
    return ">= " + num(s.first);
  if (lo_inf && hi_inf)
    return "any value";
  return "in [" + num(s.first) + ", " + num(s.second) + "]";
}
/// Signed margin of the interval inside the side, relative to the bound's magnitude (< 0: outside).
double margin_of(const stats::Interval& iv, const std::pair<double, double>& s, bool point = false) {
  if (point) // how far inside the interval the claimed value lies, relative to the half-width
    return std::min(s.first - iv.lo, iv.hi - s.first) / std::max(iv.halfwidth(), 1e-300);
  double m = std::numeric_limits<double>::infinity();
  if (!std::isinf(s.second))
    m = std::min(m, (s.second - iv.hi) / std::max(std::abs(s.second), 1e-300));
  if (!std::isinf(s.first))
    m = std::min(m, (iv.lo - s.first) / std::max(std::abs(s.first), 1e-300));
  return m;
}
/// Distance from the estimate to the bound edge that the interval straddles (for paths_to_decide).
double gap_of(const stats::Interval& iv, const std::pair<double, double>& s) {
  double g = std::numeric_limits<double>::infinity();
  if (!std::isinf(s.second) && iv.lo <= s.second && iv.hi >= s.second)
    g = std::min(g, std::abs(iv.estimate - s.second));
  if (!std::isinf(s.first) && iv.lo <= s.first && iv.hi >= s.first)
    g = std::min(g, std::abs(iv.estimate - s.first));
  return std::isinf(g) ? 0.0 : g;
}
void merge_series(nlohmann::json& into, const nlohmann::json& from) {
  if (!from.is_object())
    return;
  if (!into.is_object())
    into = nlohmann::json::object();
  for (auto it = from.begin(); it != from.end(); ++it) {
    if (it.key() == "figures") {
      if (!into.contains("figures"))
        into["figures"] = nlohmann::json::array();
      for (const auto& f : it.value())
        into["figures"].push_back(f);
    } else
      into[it.key()] = it.value();
  }
}
} // namespace

Outcome combine_setups(const std::vector<SetupChoice>& choices, const std::vector<Setup>& setups,
                       const std::vector<Outcome>& rows) {
  if (rows.empty() || rows.size() != setups.size())
    throw std::invalid_argument("combine_setups: one outcome per setup");
  nlohmann::json table = nlohmann::json::object();
  nlohmann::json cj = nlohmann::json::array(), rj = nlohmann::json::array(), dj = nlohmann::json::array();
  for (const auto& c : choices) {
    nlohmann::json vals = nlohmann::json::array();
    for (const auto& v : c.values)
      vals.push_back(v.label);
    cj.push_back({{"name", c.name}, {"values", vals}, {"why", c.why}});
  }
  int nver = 0, nfal = 0;
  long trials = 0;
  double seconds = 0;
  std::size_t first_fal = rows.size(), first_ver = rows.size(), first_other = rows.size();
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Outcome& o = rows[i];
    const bool ver = o.status == Status::verified || o.status == Status::certified;
    nver += ver;
    nfal += o.status == Status::falsified;
    if (o.status == Status::falsified && first_fal == rows.size())
      first_fal = i;
    else if (ver && first_ver == rows.size())
      first_ver = i;
    else if (!ver && o.status != Status::falsified && first_other == rows.size())
      first_other = i;
    trials += o.evidence.trials;
    seconds += o.evidence.seconds;
    nlohmann::json row = {
        {"setup", setups[i].to_json()}, {"status", to_string(o.status)}, {"message", o.message}};
    if (o.evidence.statistic) {
      const Statistic& st = *o.evidence.statistic;
      row["statistic"] = {{"name", st.name},   {"estimate", st.estimate},     {"lo", st.lo},
                          {"hi", st.hi},       {"confidence", st.confidence}, {"paths", st.paths},
                          {"claim", st.claim}, {"method", st.method}};
    }
    if (!o.protocol.is_null())
      row["protocol"] = o.protocol;
    // every experiment's statistic under this setup (the measured values of a finding, reports/findings.cpp)
    for (const auto& [k, v] : o.evidence.details)
      if (k.rfind("experiment ", 0) == 0)
        row["details"][k] = v;
    rj.push_back(row);
  }
  // a choice decides the outcome when two setups that differ only in its value have different statuses
  for (const auto& c : choices) {
    bool flips = false;
    for (std::size_t i = 0; i < rows.size() && !flips; ++i)
      for (std::size_t j = i + 1; j < rows.size() && !flips; ++j) {
        if (rows[i].status == rows[j].status)
          continue;
        bool others_same = true;
        for (const auto& d : choices)
          if (d.name != c.name && setups[i].label(d.name) != setups[j].label(d.name))
            others_same = false;
        flips = others_same && setups[i].label(c.name) != setups[j].label(c.name);
      }
    if (flips)
      dj.push_back(c.name);
  }
  table["choices"] = cj;
  table["rows"] = rj;
  table["deciding"] = dj;
  const std::size_t n = rows.size();
  Outcome out;
  std::ostringstream m;
  if (nver == static_cast<int>(n)) {
    // the tightest row speaks for the claim
    std::size_t k = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (rows[i].evidence.worst_margin &&
          (!rows[k].evidence.worst_margin || *rows[i].evidence.worst_margin < *rows[k].evidence.worst_margin))
        k = i;
    out = rows[k];
    m << "holds under every setup (" << n << "); tightest under " << setups[k].text() << ": "
      << rows[k].message;
  } else if (nfal == static_cast<int>(n)) {
    out = rows[first_fal];
    m << "fails under every setup (" << n << "); under " << setups[first_fal].text() << ": "
      << rows[first_fal].message;
  } else if (nver > 0 && nfal > 0) {
    out = rows[first_fal];
    out.status = Status::underspecified;
    out.witness = nlohmann::json(); // a failure under one setup is no counterexample to the claim
    std::string holds, fails;
    for (std::size_t i = 0; i < n; ++i) {
      if (rows[i].status == Status::falsified)
        fails += (fails.empty() ? "" : "; ") + setups[i].text();
      else if (rows[i].status == Status::verified || rows[i].status == Status::certified)
        holds += (holds.empty() ? "" : "; ") + setups[i].text();
    }
    std::string deciding;
    for (const auto& d : dj)
      deciding += (deciding.empty() ? "" : ", ") + d.get<std::string>();
    m << "the outcome depends on a choice the paper does not make" << (deciding.empty() ? "" : " (")
      << deciding << (deciding.empty() ? "" : ")") << ": holds under " << holds << "; fails under " << fails;
    if (nver + nfal < static_cast<int>(n))
      m << "; inconclusive under the others";
  } else {
    const std::size_t k = first_other < n ? first_other : 0;
    out = rows[k];
    out.status = Status::inconclusive;
    out.witness = nlohmann::json();
    m << "not decided under every setup (" << nver << " verified, " << nfal << " falsified of " << n
      << "); under " << setups[k].text() << ": " << rows[k].message;
  }
  out.message = m.str();
  out.evidence.trials = trials;
  out.evidence.seconds = seconds;
  out.setups = std::move(table);
  return out;
}

Status decide(const stats::Interval& iv, const std::pair<mpfr, mpfr>& side, bool point) {
  if (!std::isfinite(iv.lo) || !std::isfinite(iv.hi) || !std::isfinite(iv.estimate))
    return Status::inconclusive;
  const mpfr lo(iv.lo), hi(iv.hi);
  if (point)
    return lo <= side.first && hi >= side.second ? Status::verified : Status::falsified;
  const bool inside = lo >= side.first && hi <= side.second;
  if (inside)
    return Status::verified;
  const bool outside = hi < side.first || lo > side.second;
  return outside ? Status::falsified : Status::inconclusive;
}

Stochastic& Stochastic::validate(std::function<void(const Context&)> v) {
  validate_ = std::move(v);
  return *this;
}
Stochastic& Stochastic::exact(Claim part) {
  exact_.push_back(std::move(part));
  return *this;
}
Stochastic& Stochastic::experiment(std::string label, std::function<McParams(const Context&)> params,
                                   double paths_per_unit, McMeasure measure, McSide side, long min_paths) {
  return experiment(
      std::move(label), [params](const Context& ctx, const Setup&) { return params(ctx); }, paths_per_unit,
      std::move(measure), std::move(side), min_paths);
}
Stochastic& Stochastic::setup(std::string name, std::vector<SetupValue> values, std::string why) {
  choices_.push_back({std::move(name), std::move(values), std::move(why)});
  return *this;
}
Stochastic& Stochastic::label(std::string kind, std::string why) {
  labels_.push_back({std::move(kind), std::move(why)});
  return *this;
}
Stochastic& Stochastic::experiment(std::string label,
                                   std::function<McParams(const Context&, const Setup&)> params,
                                   double paths_per_unit, McMeasure measure, McSide side, long min_paths) {
  auto e = std::make_shared<Experiment>();
  e->label = std::move(label);
  e->params = std::move(params);
  e->paths_per_unit = paths_per_unit;
  e->min_paths = min_paths;
  e->measure = std::move(measure);
  e->side = std::move(side);
  experiments_.push_back(std::move(e));
  return *this;
}
Stochastic& Stochastic::confidence(double alpha) {
  alpha_ = alpha;
  return *this;
}
Stochastic& Stochastic::method(std::string m) {
  method_ = std::move(m);
  return *this;
}

namespace {
struct Decided {
  Status status = Status::inconclusive;
  Statistic stat;
  double margin = 0;
  nlohmann::json witness;
  nlohmann::json series;
  nlohmann::json protocol;
  std::string line;
  std::string
      trouble; // why an inconclusive experiment is not decided by its interval: failed paths, non-finite
  std::string failures; // "k of n paths failed (first: …)" when any failed
};

/// Runs (or re-runs) one experiment and decides it.
Decided run_experiment(const std::string& label, const McMeasure& measure, const McSide& side,
                       const McParams& q, std::uint64_t seed, long first, long count, double alpha,
                       const Claim& claim, const Context& ctx, const Setup& setup = Setup{}) {
  ledger = Ledger{};
  McResult r = measure(q, seed, first, count, alpha);
  r.paths_read += ledger.paths;
  if (r.failed == 0)
    r.first_failure = ledger.first;
  r.failed += ledger.failed;
  ledger = Ledger{};
  const Consts<double> kd(claim, ctx);
  const Consts<mpfr> km(claim, ctx);
  const auto sd = side.in_double(q, kd);
  const auto sm = side.in_mpfr(q, km);
  Decided d;
  d.status = decide(r.interval, sm, side.point);
  d.margin = margin_of(r.interval, sd, side.point);
  Statistic& s = d.stat;
  s.name = r.name + " [" + label + "]";
  s.estimate = r.interval.estimate;
  s.lo = r.interval.lo;
  s.hi = r.interval.hi;
  s.confidence = 1 - alpha;
  s.paths = r.interval.n;
  s.claim = side_text(sd, side.point);
  s.method = r.interval.method;
  if (r.failed > 0) {
    std::ostringstream f;
    f << r.failed << " of " << std::max(r.paths_read, r.failed)
      << " paths failed (first: " << (r.first_failure.empty() ? std::string("not recorded") : r.first_failure)
      << ")";
    d.failures = f.str();
    if (r.censoring.empty()) {
      d.status = Status::inconclusive;
      d.trouble = d.failures + "; the statistic of " + s.name +
                  " would include them (no censoring is defined for it) — inconclusive, never a pass";
    } else
      d.failures += "; censored: " + r.censoring;
  }
  const bool finite = std::isfinite(s.estimate) && std::isfinite(s.lo) && std::isfinite(s.hi);
  if (!finite && d.trouble.empty()) {
    d.status = Status::inconclusive;
    d.trouble = "the interval of " + s.name + " is non-finite (" + num(s.estimate) + " in [" + num(s.lo) +
                ", " + num(s.hi) + "]) — numerical trouble, not weak statistics";
  }
  if (d.status == Status::inconclusive && d.trouble.empty())
    s.paths_to_decide = stats::paths_to_decide(r.interval.n, r.interval.halfwidth(), gap_of(r.interval, sd));
  std::ostringstream line;
  line << num(s.estimate) << " in [" << num(s.lo) << ", " << num(s.hi) << "] (" << s.method << ", " << s.paths
       << " paths, level 1-" << num(alpha) << "); claim " << s.claim << ": " << to_string(d.status);
  if (!d.failures.empty())
    line << "; " << d.failures;
  for (const auto& [k, v] : r.details)
    line << "; " << k << " = " << v;
  d.line = line.str();
  nlohmann::json w;
  w["experiment"] = label;
  // `sample` holds the parameters (the shape `dcrv replay` and the report expect): x = their values
  nlohmann::json xs = nlohmann::json::array(), names = nlohmann::json::array();
  for (const auto& [n, v] : q.values())
    xs.push_back(v), names.push_back(n);
  w["sample"] = {
      {"S", q.has("K") ? q.integer("K") : 0}, {"x", xs}, {"idx", nlohmann::json::array()}, {"names", names}};
  w["parameters"] = q.to_json();
  if (!setup.empty())
    w["setup"] = setup.to_json();
  w["seed"] = std::to_string(seed); // 64-bit: as text, exactly
  w["first_path"] = first;
  w["paths"] = count;
  w["alpha"] = alpha;
  w["statistic"] = r.name;
  w["estimate"] = s.estimate;
  w["interval"] = {s.lo, s.hi};
  w["side"] = s.claim;
  w["lhs"] = s.estimate;
  w["rhs"] = std::isinf(sd.second) ? sd.first : sd.second;
  w["digits"] = static_cast<int>(working_digits()); // the side is evaluated and compared in MPFR
  d.witness = std::move(w);
  d.series = r.series;
  d.protocol = r.protocol;
  return d;
}
} // namespace

Claim Stochastic::build() const {
  Claim c = claim_;
  const auto experiments = experiments_;
  const auto exact = exact_;
  const auto validate = validate_;
  const auto choices = choices_;
  const auto labels = labels_;
  const double alpha = alpha_;
  const std::string method = method_;
  const std::string id = claim_.id;
  // `--set` values are checked before the run (exit 2 with the reason), not at run time as a verdict
  if (validate)
    c.validate = [validate](const std::map<std::string, double>& values) -> std::string {
      Context probe;
      for (const auto& [name, v] : values) {
        if (!std::isfinite(v))
          return "constant '" + name + "' must be finite";
        probe.overrides[name] = v;
      }
      try {
        validate(probe);
      } catch (const std::exception& e) {
        return e.what();
      }
      return "";
    };
  // the Monte-Carlo part under one setup
  auto run_setup = [experiments, alpha, method, id](const Context& ctx, const Setup& setup) -> Outcome {
    Outcome mc;
    Evidence& ev = mc.evidence;
    ev.digits = static_cast<int>(working_digits());
    const double a = alpha / static_cast<double>(experiments.size());
    const Claim& claim = *ctx.claim;
    std::vector<Decided> done;
    std::string trouble;
    try {
      for (const auto& e : experiments) {
        const McParams q = e->params(ctx, setup);
        const long paths = std::max<long>(e->min_paths, std::lround(e->paths_per_unit * ctx.sizes().paths));
        const std::uint64_t seed = rng::derive_seed(ctx.seed, (id + "/" + e->label).c_str());
        done.push_back(
            run_experiment(e->label, e->measure, e->side, q, seed, 0, paths, a, claim, ctx, setup));
        ev.trials += done.back().stat.paths;
        merge_series(mc.series, done.back().series);
      }
    } catch (const PathBreakdown& b) {
      trouble = std::string("a Monte-Carlo path broke down: ") + b.what() + " — inconclusive, never a pass";
    } catch (const TimeBudgetExhausted& b) {
      trouble = std::string("the claim's wall-time budget ended the Monte Carlo: ") + b.what();
    }
    const Decided* deciding = nullptr;
    int nfals = 0, ninc = 0;
    for (std::size_t i = 0; i < done.size(); ++i) {
      const Decided& d = done[i];
      ev.details["experiment " + experiments[i]->label] = d.line;
      if (!d.failures.empty())
        ev.details["failed paths, experiment " + experiments[i]->label] = d.failures;
      nfals += d.status == Status::falsified;
      ninc += d.status == Status::inconclusive;
      if (!ev.worst_margin || d.margin < *ev.worst_margin)
        ev.worst_margin = d.margin;
      if (d.status == Status::falsified && (!deciding || deciding->status != Status::falsified))
        deciding = &d;
      if (d.status == Status::inconclusive &&
          (!deciding ||
           (deciding->status == Status::inconclusive && deciding->trouble.empty() && !d.trouble.empty())))
        deciding = &d;
    }
    if (!deciding && !done.empty()) { // all verified: the tightest experiment
      deciding = &done[0];
      for (const auto& d : done)
        if (d.margin < deciding->margin)
          deciding = &d;
    }
    if (deciding) {
      ev.statistic = deciding->stat;
      if (!deciding->protocol.is_null())
        mc.protocol = deciding->protocol;
    }
    std::ostringstream m;
    m << (method.empty() ? std::string("Monte Carlo") : method) << "; " << experiments.size()
      << " experiment(s), Philox streams keyed by (seed, path, step); per-claim false-falsification "
         "probability "
      << num(alpha) << " (Bonferroni: " << num(a) << " per experiment)";
    ev.method = m.str();
    if (!trouble.empty()) {
      mc.status = Status::inconclusive;
      mc.message = trouble;
    } else if (nfals > 0) {
      mc.status = Status::falsified;
      mc.witness = deciding->witness;
      mc.message = "the confidence interval of " + deciding->stat.name +
                   " lies wholly outside the claim's side (" + deciding->stat.claim +
                   "): " + num(deciding->stat.estimate) + " in [" + num(deciding->stat.lo) + ", " +
                   num(deciding->stat.hi) + "] at level 1-" + num(1 - deciding->stat.confidence);
    } else if (ninc > 0 && !deciding->trouble.empty()) {
      mc.status = Status::inconclusive;
      mc.message = deciding->trouble;
    } else if (ninc > 0) {
      mc.status = Status::inconclusive;
      mc.message = "statistics too weak: the interval of " + deciding->stat.name +
                   " straddles the claim's side (" + deciding->stat.claim + "); about " +
                   std::to_string(deciding->stat.paths_to_decide) + " paths would decide it";
    } else {
      mc.status = Status::verified;
      mc.message = "every experiment's interval lies on the claim's side (" + std::to_string(done.size()) +
                   " experiment(s)); tightest: " + deciding->stat.name + " " + num(deciding->stat.estimate) +
                   " in [" + num(deciding->stat.lo) + ", " + num(deciding->stat.hi) + "], claim " +
                   deciding->stat.claim;
    }
    return mc;
  };
  c.check = [experiments, exact, validate, choices, labels, id, run_setup](const Context& ctx) -> Outcome {
    // validity of the constants first: invalid input is an error, not a verdict
    if (ctx.claim)
      for (const auto& k : ctx.claim->constants)
        if (!std::isfinite(ctx.constant(k.name)))
          throw std::invalid_argument(id + ": constant '" + k.name + "' must be finite");
    if (validate)
      validate(ctx);
    std::vector<Outcome> parts;
    for (const auto& e : exact)
      parts.push_back(e.check(ctx));
    auto labelled = [&labels](Outcome o) {
      for (const auto& l : labels)
        o.evidence.labels.push_back(l);
      return o;
    };
    if (experiments.empty())
      return labelled(combine(parts));
    const std::vector<Setup> setups = setups_of(choices);
    std::vector<Outcome> rows;
    for (const auto& s : setups)
      rows.push_back(run_setup(ctx, s));
    Outcome mc = choices.empty() ? rows[0] : combine_setups(choices, setups, rows);
    if (parts.empty())
      return labelled(mc);
    const auto keep = mc.evidence.statistic;
    const auto keep_series = mc.series;
    const auto keep_setups = mc.setups;
    const auto keep_protocol = mc.protocol;
    const Status mc_status = mc.status;
    parts.push_back(mc);
    Outcome out = combine(parts);
    if (keep)
      out.evidence.statistic = keep;
    if (!keep_series.is_null())
      out.series = keep_series;
    out.setups = keep_setups;
    out.protocol = keep_protocol;
    if (mc_status == Status::underspecified && out.status == Status::verified) {
      out.status = Status::underspecified;
      out.message = mc.message;
    }
    if (out.status == Status::falsified && mc.status == Status::falsified && out.witness.is_null())
      out.witness = mc.witness;
    return labelled(out);
  };
  c.replay = [experiments, exact, alpha](const Context& ctx, const nlohmann::json& w) -> Outcome {
    if (!w.is_object() || !w.contains("experiment")) {
      Outcome last;
      last.status = Status::inconclusive;
      last.message = "no exact part reproduces the witness";
      for (const auto& e : exact) {
        if (!e.replay)
          continue;
        Outcome o = e.replay(ctx, w);
        if (o.status == Status::falsified)
          return o;
        last = o;
      }
      return last;
    }
    const std::string label = w.at("experiment").get<std::string>();
    for (const auto& e : experiments) {
      if (e->label != label)
        continue;
      // The witness is untrusted input: its shape is checked before anything is built from it.
      const nlohmann::json& pq = w.at("parameters");
      if (!pq.at("names").is_array() || !pq.at("values").is_array() ||
          pq["names"].size() != pq["values"].size())
        throw WitnessError("/parameters", "expected as many values as names");
      const McParams q = McParams::from_json(pq);
      const std::string seed_text = w.at("seed").get<std::string>();
      if (seed_text.empty() || seed_text.size() > 20 ||
          seed_text.find_first_not_of("0123456789") != std::string::npos)
        throw WitnessError("/seed", "expected a non-negative integer below 2^64 (as text)");
      const std::uint64_t seed = std::stoull(seed_text);
      const long first = w.at("first_path").get<long>(), count = w.at("paths").get<long>();
      if (first < 0 || count < 1 || count > 10'000'000)
        throw WitnessError("/paths", "expected first_path >= 0 and 1 <= paths <= 10^7");
      const double a = w.at("alpha").get<double>();
      if (!(a > 0 && a < 1))
        throw WitnessError("/alpha", "expected a level in (0, 1)");
      if (!w.at("interval").is_array() || w["interval"].size() != 2)
        throw WitnessError("/interval", "expected [lo, hi]");
      const Decided d = run_experiment(label, e->measure, e->side, q, seed, first, count, a, *ctx.claim, ctx);
      Outcome o;
      o.evidence.statistic = d.stat;
      const auto iv = w.at("interval");
      const bool same = d.stat.estimate == w.at("estimate").get<double>() &&
                        d.stat.lo == iv[0].get<double>() && d.stat.hi == iv[1].get<double>();
      if (!same) {
        o.status = Status::inconclusive;
        o.message = "the replayed statistic differs from the stored one: " + d.line;
        return o;
      }
      o.status = d.status;
      o.witness = d.witness;
      o.message = "replayed bit-identically (" + std::to_string(count) + " paths from " +
                  std::to_string(first) + ", seed " + std::to_string(seed) + "): " + d.line;
      return o;
    }
    Outcome o;
    o.status = Status::inconclusive;
    o.message = "the claim has no experiment '" + label + "'";
    return o;
  };
  return c;
}

Claim labelled(Claim c, std::string kind, std::string why) {
  if (c.check)
    c.check = [check = c.check, label = EvidenceLabel{std::move(kind), std::move(why)}](const Context& ctx) {
      Outcome o = check(ctx);
      o.evidence.labels.push_back(label);
      return o;
    };
  return c;
}

Claim existential(Claim c, std::string why) {
  if (c.check)
    c.check = [check = c.check, why = std::move(why)](const Context& ctx) {
      Outcome o = check(ctx);
      if (o.status == Status::falsified) {
        o.status = Status::inconclusive;
        o.witness = nullptr;
        o.message = "not shown in the searched setting, which does not refute an existential claim (" + why +
                    "): " + o.message;
      }
      return o;
    };
  return c;
}

Claim not_checkable(std::string id, Kind kind, std::string where, std::string statement, std::string reason,
                    std::string proxy, std::string reading) {
  Claim c;
  c.id = std::move(id);
  c.kind = kind;
  c.where = std::move(where);
  c.statement = std::move(statement);
  if (!reading.empty()) {
    c.reading = std::move(reading);
    c.from_inventory = false;
  }
  c.check = [reason, proxy](const Context&) {
    Outcome o;
    o.status = Status::not_checkable;
    o.message = reason;
    o.evidence.method = proxy.empty() ? "none" : proxy;
    return o;
  };
  return c;
}

} // namespace dcrv
