#include "checks/runner.hpp"
#include "checks/cli_commit.hpp"
#include "checks/worker_threads.hpp"

#include "dcrv/budget.hpp"
#include "properties/engine/engine.hpp"
#include "reports/theory.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <mutex>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <thread>

namespace dcrv {

namespace {
std::string suggestions(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v)
    s += (s.empty() ? "" : ", ") + x;
  return s.empty() ? "" : " (did you mean: " + s + "?)";
}
bool has_wildcard(const std::string& g) {
  return g.find_first_of("*?") != std::string::npos;
}
} // namespace

Override parse_override(const std::string& text, const Registry& reg) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--set '" + text + "': expected ID.NAME=VALUE");
  const std::string lhs = text.substr(0, eq), rhs = text.substr(eq + 1);
  const auto dot = lhs.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == lhs.size())
    throw UsageError("--set '" + text + "': expected ID.NAME=VALUE");
  Override o{lhs.substr(0, dot), lhs.substr(dot + 1), text, 0};
  const Claim* c = reg.find(o.id);
  if (!c)
    throw UsageError("--set: unknown claim '" + o.id + "'" + suggestions(reg.near_matches(o.id)));
  if (!c->find_constant(o.name)) {
    std::vector<std::pair<std::size_t, std::string>> d;
    for (const auto& k : c->constants)
      d.emplace_back(edit_distance(o.name, k.name), k.name);
    std::sort(d.begin(), d.end());
    std::vector<std::string> near;
    for (const auto& x : d)
      near.push_back(x.second);
    throw UsageError("--set: claim " + o.id + " has no constant '" + o.name + "'" +
                     (c->constants.empty() ? std::string(" (it has no constants)") : suggestions(near)));
  }
  try {
    std::size_t used = 0;
    o.value = std::stod(rhs, &used);
    if (used != rhs.size())
      throw std::invalid_argument("trailing characters");
  } catch (const std::exception&) {
    throw UsageError("--set '" + text + "': '" + rhs + "' is not a number");
  }
  if (!std::isfinite(o.value))
    throw UsageError("--set '" + text + "': value must be finite");
  const ConstantSpec& k = *c->find_constant(o.name);
  if (!in_range(k.range(), o.value))
    throw UsageError("--set '" + text + "': " + o.id + "." + o.name + " = " + rhs +
                     " is outside its valid range " + to_string(k.range()) + " (" +
                     (k.meaning.empty() ? std::string("paper value ") : k.meaning + "; paper value ") +
                     exact_number(k.value) + ")");
  return o;
}

void validate_overrides(const std::vector<const Claim*>& claims, const std::vector<Override>& overrides) {
  for (std::size_t i = 0; i < overrides.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (overrides[i].id == overrides[j].id && overrides[i].name == overrides[j].name)
        throw UsageError("--set " + overrides[i].id + "." + overrides[i].name + " is given twice ('" +
                         overrides[j].text + "', '" + overrides[i].text + "'): set each constant once");
  for (const Claim* c : claims) {
    if (!c->validate)
      continue;
    std::map<std::string, double> values;
    bool touched = false;
    for (const auto& k : c->constants)
      values[k.name] = k.value;
    for (const auto& ov : overrides)
      if (ov.id == c->id)
        values[ov.name] = ov.value, touched = true;
    if (!touched)
      continue;
    const std::string why = c->validate(values);
    if (!why.empty())
      throw UsageError("--set for " + c->id + ": " + why);
  }
}

std::vector<const Claim*> select_claims(const std::vector<std::string>& globs, const Registry& reg) {
  std::vector<const Claim*> out;
  for (const auto& g : globs) {
    auto m = reg.match(g);
    if (m.empty())
      throw UsageError("--filter '" + g + "' matches no claim" +
                       (has_wildcard(g) ? std::string() : suggestions(reg.near_matches(g))));
    for (const Claim* c : m)
      if (std::find(out.begin(), out.end(), c) == out.end())
        out.push_back(c);
  }
  // keep registry order
  std::vector<const Claim*> ordered;
  for (const auto& c : reg.claims())
    if (std::find(out.begin(), out.end(), &c) != out.end())
      ordered.push_back(&c);
  return ordered;
}

Shard parse_shard(const std::string& text) {
  // Digits only: ' 1/3', '+1/3' and '' are refused, not read as 1/3 or ignored.
  unsigned index = 0, count = 0;
  if (!valid_shard_label(text, &index, &count) || index == 0)
    throw UsageError("--shard '" + text + "': expected I/N with 1 <= I <= N <= " +
                     std::to_string(kMaxShards) + " in digits (e.g. 3/8)");
  return Shard{index, count};
}

unsigned shard_of(const std::string& id, unsigned count) {
  return claim_shard(id, count); // reports/results.hpp: merge checks each file's claims against its label
}

std::vector<const Claim*> select_shard(const std::vector<const Claim*>& claims, const Shard& shard) {
  std::vector<const Claim*> out;
  for (const Claim* c : claims)
    if (shard_of(c->id, shard.count) == shard.index)
      out.push_back(c);
  return out;
}

Context make_context(const Claim& c, const RunOptions& o) {
  Context ctx;
  ctx.budget = o.budget;
  ctx.seed = o.seed;
  ctx.digits = o.digits;
  ctx.claim = &c;
  ctx.time_budget = o.time_budget_seconds;
  ctx.backend = o.backend;
  for (const auto& ov : o.overrides)
    if (ov.id == c.id)
      ctx.overrides[ov.name] = ov.value;
  return ctx;
}

ClaimResult run_one(const Claim& c, const Context& ctx) {
  ClaimResult r;
  r.id = c.id;
  r.kind = to_string(c.kind);
  r.where = c.where;
  r.statement = c.statement;
  r.reading = c.reading;
  r.from_inventory = c.from_inventory;
  for (const auto& k : c.constants) {
    ConstantResult kr;
    kr.name = k.name;
    kr.paper_value = k.value;
    kr.value = ctx.constant(k.name);
    kr.overridden = ctx.overridden(k.name);
    kr.role = to_string(k.role);
    kr.meaning = k.meaning;
    r.constants.push_back(kr);
  }
  if (!c.check) {
    r.outcome.status = Status::unchecked;
    r.outcome.message = "no check registered yet";
    return r;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const unsigned long drifts_at_start = precision_drifts();
  try {
    ScopedTimeBudget budget(ctx.seconds()); // no claim can stall a run (DESIGN.md "Budgets and speed")
    r.outcome = c.check(ctx);
  } catch (const TimeBudgetExhausted&) {
    r.outcome = Outcome{};
    r.outcome.status = Status::inconclusive;
    r.outcome.evidence.truncated = true;
    std::ostringstream m;
    m << "time budget (" << ctx.seconds() << " s at " << to_string(ctx.budget)
      << ") exhausted before the check could conclude";
    r.outcome.message = m.str();
  } catch (const std::exception& e) {
    r.outcome = Outcome{};
    r.outcome.status = Status::inconclusive;
    r.outcome.message = std::string("check threw: ") + e.what();
  } catch (...) {
    r.outcome = Outcome{};
    r.outcome.status = Status::inconclusive;
    r.outcome.message = "check threw a non-standard exception";
  }
  r.outcome.evidence.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  refuse_on_precision_drift(r, drifts_at_start);
  return r;
}

namespace {
/// Drifts of the working precision seen (and reset) so far in this process: a claim that ran while one was
/// seen is refused too, whichever thread's claim happened to notice it.
std::atomic<unsigned long> g_precision_drifts{0};
} // namespace

unsigned long precision_drifts() {
  return g_precision_drifts.load();
}

void refuse_on_precision_drift(ClaimResult& r, unsigned long drifts_at_start) {
  std::string drift = working_precision_drift();
  if (!drift.empty()) {
    ++g_precision_drifts;
    set_working_digits(working_digits()); // put the defaults back for the claims that follow
  } else if (precision_drifts() != drifts_at_start) {
    drift = "seen and reset at the end of a claim that ran beside it";
  } else {
    return;
  }
  // Not a verdict at the precision the run states: say so
  r.outcome.status = Status::inconclusive;
  r.outcome.message = "the working precision changed while this claim ran (" + drift +
                      "); its result is not trusted. Was: " + r.outcome.message;
  if (r.certificate.is_object())
    r.certificate["status"] = "error";
}

certify::BnbOptions certify_budget(Budget b) {
  certify::BnbOptions o;
  switch (b) {
  case Budget::smoke:
    o.max_boxes = 50000, o.seconds = 20;
    break;
  case Budget::standard:
    o.max_boxes = 400000, o.seconds = 60;
    break;
  case Budget::deep:
    o.max_boxes = 4000000, o.seconds = 600;
    break;
  }
#ifdef DCRV_SANITIZE_BUILD
  o.seconds *= 10; // the time budgets are for a Release build; sanitizers slow the interval arithmetic ~5-10x
#endif
  o.max_depth = 60;
  return o;
}

void certify_result(ClaimResult& r, const Context& ctx) {
  const certify::Certificate* cert = certify::find_certificate(r.id);
  if (!cert)
    return;
  if (r.outcome.status != Status::verified) {
    r.certificate = {{"status", "skipped"},
                     {"domain", cert->domain},
                     {"message", "not run: the check's status is " + to_string(r.outcome.status)}};
    return;
  }
  const unsigned long drifts_at_start = precision_drifts();
  const certify::CertificateRun run =
      certify::run_certificate(*cert, ctx.overrides, certify_budget(ctx.budget));
  r.certificate = run.to_json();
  std::ostringstream m;
  if (run.proved()) {
    // Status follows scope (DESIGN.md "Statuses"): a proof of part of the paper's domain leaves the claim
    // `verified` and is shown beside it with its scope; only a whole-domain proof makes it `certified`.
    const bool whole = cert->scope.whole;
    if (whole)
      r.outcome.status = Status::certified;
    m << r.outcome.message << (r.outcome.message.empty() ? "" : "; ");
    if (whole)
      m << "certified on " << run.domain << " (";
    else
      m << "certified for " << (cert->scope.summary.empty() ? run.domain : cert->scope.summary)
        << " only, part of the paper's domain"
        << (cert->scope.gap.empty() ? "" : " (left: " + cert->scope.gap + ")") << " (";
    if (run.boxes > 0)
      m << run.boxes << " boxes, depth " << run.depth << ", " << run.digits << " digits"
        << (run.points > 0 ? ", " : "");
    if (run.points > 0)
      m << run.points << " exact rational evaluations";
    m << ")";
    r.outcome.message = m.str();
  } else if (run.status == "violation") {
    r.outcome.status = Status::inconclusive;
    m << "the sampling check found no violation, but the interval certificate proved one (" << run.message
      << "); to be examined";
    r.outcome.message = m.str();
  }
  refuse_on_precision_drift(r, drifts_at_start); // as run_one does for the check
}

namespace {
/// A stored lhs/rhs/score: a number, or the decimal text of one.
std::optional<double> stored_number(const nlohmann::json& v) {
  if (v.is_number())
    return v.get<double>();
  if (v.is_string()) {
    try {
      std::size_t used = 0;
      const std::string t = v.get<std::string>();
      const double x = std::stod(t, &used);
      if (used == t.size())
        return x;
    } catch (const std::exception&) {
    }
  }
  return std::nullopt;
}
} // namespace

std::string ReplayReport::text() const {
  std::string t = to_string(outcome.status) + " — " + outcome.message;
  if (!differences.empty()) {
    t += "\nnot reproduced: the recomputed values differ from the stored ones:";
    for (const auto& d : differences)
      t += "\n  " + d;
  }
  return t;
}

ReplayReport replay_claim(const Results& r, const std::string& file, const std::string& id, unsigned digits,
                          const Registry& reg) {
  const Claim* c = reg.find(id);
  if (!c)
    throw UsageError("unknown claim '" + id + "'");
  std::size_t at = r.claims.size();
  for (std::size_t i = 0; i < r.claims.size(); ++i)
    if (r.claims[i].id == id)
      at = i;
  if (at == r.claims.size())
    throw UsageError("claim " + id + " is not in " + file);
  const ClaimResult& cr = r.claims[at];
  const std::string ptr = "/claims/" + std::to_string(at);
  const nlohmann::json& w = cr.outcome.witness;
  if (w.is_null() || !w.contains("sample"))
    throw UsageError("claim " + id + " has no stored witness in " + file + " (status " +
                     to_string(cr.outcome.status) + ")");
  if (!c->replay)
    throw UsageError("claim " + id + " has no replay");
  if (digits != 0 && (digits < kMinDigits || digits > kMaxDigits))
    throw UsageError("--digits " + std::to_string(digits) + ": expected " + std::to_string(kMinDigits) +
                     " to " + std::to_string(kMaxDigits) + ", as for run");
  RunOptions o;
  o.budget = budget_from_string(r.run.budget);
  o.seed = r.run.seed;
  o.digits = digits ? digits : (w.contains("digits") ? w["digits"].get<unsigned>() : r.run.digits);
  // The stored overrides (run.overrides, for this claim) and the claim's constants in the file must agree;
  // the values replayed are those, checked as `run --set` checks them.
  std::map<std::string, double> from_run;
  for (std::size_t k = 0; k < r.run.overrides.size(); ++k) {
    const std::string& text = r.run.overrides[k];
    if (text.rfind(id + ".", 0) != 0 || text.find('=') == std::string::npos ||
        text.substr(0, text.find('=')).rfind('.') != id.size())
      continue;
    Override ov;
    try {
      ov = parse_override(text, reg);
    } catch (const UsageError& e) {
      throw SchemaError(file, "/run/overrides/" + std::to_string(k), e.what());
    }
    if (!from_run.emplace(ov.name, ov.value).second)
      throw SchemaError(file, "/run/overrides/" + std::to_string(k),
                        "expected each constant overridden once, got " + ov.name + " twice");
    o.overrides.push_back(ov);
  }
  std::set<std::string> seen;
  for (std::size_t k = 0; k < cr.constants.size(); ++k) {
    const ConstantResult& kr = cr.constants[k];
    const std::string kp = ptr + "/constants/" + std::to_string(k);
    const ConstantSpec* spec = c->find_constant(kr.name);
    if (!spec)
      throw SchemaError(file, kp + "/name", "claim " + id + " has no constant '" + kr.name + "'");
    seen.insert(kr.name);
    if (kr.paper_value != spec->value)
      throw SchemaError(file, kp + "/paper_value",
                        "expected the paper value " + exact_number(spec->value) + " of " + id + "." +
                            kr.name + " (this build), got " + exact_number(kr.paper_value));
    auto it = from_run.find(kr.name);
    if (kr.overridden != (it != from_run.end()))
      throw SchemaError(file, kp + "/overridden",
                        std::string("expected ") + (it != from_run.end() ? "true" : "false") +
                            ": run.overrides " + (it != from_run.end() ? "sets" : "does not set") + " " + id +
                            "." + kr.name);
    const double expect = it != from_run.end() ? it->second : spec->value;
    if (kr.value != expect)
      throw SchemaError(file, kp + "/value",
                        "expected " + exact_number(expect) +
                            (it != from_run.end() ? " (run.overrides)" : " (the paper value)") + ", got " +
                            exact_number(kr.value));
  }
  for (const auto& [name, v] : from_run)
    if (!seen.count(name))
      throw SchemaError(file, ptr + "/constants",
                        "run.overrides sets " + id + "." + name +
                            " but the claim's constants do not list it");
  try {
    validate_overrides({c}, o.overrides);
  } catch (const UsageError& e) {
    throw SchemaError(file, "/run/overrides", e.what());
  }
  set_working_digits(o.digits);
  Context ctx = make_context(*c, o);
  ReplayReport rep;
  try {
    ScopedTimeBudget budget(ctx.seconds()); // as a run: a replay cannot stall either
    rep.outcome = c->replay(ctx, w);
  } catch (const WitnessError& e) {
    throw SchemaError(file, ptr + "/witness" + e.where(), e.what());
  } catch (const TimeBudgetExhausted&) {
    rep.outcome = Outcome{};
    rep.outcome.status = Status::inconclusive;
    rep.outcome.message = "the replay reached the time budget of a run at " + r.run.budget;
  }
  const nlohmann::json& now = rep.outcome.witness;
  if (now.is_object())
    for (const char* k : {"lhs", "rhs", "score"}) {
      if (!w.contains(k) || !now.contains(k))
        continue;
      const auto a = stored_number(w[k]), b = stored_number(now[k]);
      if (!a && !b)
        continue;
      const bool same =
          a && b && std::fabs(*a - *b) <= 1e-9 * std::max(std::fabs(*a), std::fabs(*b)) + 1e-300;
      if (!same)
        rep.differences.push_back(std::string(k) + ": stored " + (a ? exact_number(*a) : w[k].dump()) +
                                  ", recomputed " + (b ? exact_number(*b) : now[k].dump()));
    }
  rep.reproduced = rep.outcome.status == Status::falsified && rep.differences.empty();
  return rep;
}

std::string build_description() {
  std::ostringstream os;
#if defined(__clang__)
  os << "clang " << __clang_major__ << "." << __clang_minor__;
#elif defined(__GNUC__)
  os << "gcc " << __GNUC__ << "." << __GNUC_MINOR__;
#endif
#ifdef NDEBUG
  os << ", release";
#else
  os << ", debug";
#endif
#ifdef DCRV_SANITIZE_BUILD
  os << ", sanitizers";
#endif
  return os.str();
}

Results run_claims(const std::vector<const Claim*>& claims, const RunOptions& o, std::ostream& progress) {
  set_working_digits(o.digits); // process-wide, before any worker starts (see real.hpp)
  Results res;
  res.run.budget = to_string(o.budget);
  res.run.seed = o.seed;
  res.run.digits = o.digits;
  res.run.jobs = o.jobs;
  std::string f;
  for (const auto& g : o.filters)
    f += (f.empty() ? "" : ",") + g;
  res.run.filter = f;
  for (const auto& ov : o.overrides)
    res.run.overrides.push_back(ov.text);
  res.run.build = build_description();
  res.run.commit = build_commit();
  res.run.backend = o.backend;
  res.run.shard = o.shard;
  res.run.paper = o.paper;
  res.run.pins = o.pins;
  res.run.sources_note = o.sources_note;
  {
    const std::time_t now = std::time(nullptr);
    std::ostringstream ts;
    ts << std::put_time(std::gmtime(&now), "%Y-%m-%dT%H:%M:%SZ");
    res.run.started = ts.str();
  }
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<ClaimResult> slots(claims.size());
  std::vector<bool> done(claims.size(), false);
  std::atomic<std::size_t> next{0};
  std::mutex mu;
  std::size_t finished = 0, falsified = 0, inconclusive = 0;
  auto last_write = std::chrono::steady_clock::now();
  double write_seconds = 0; // how long the last write took: writes take at most ~10 % of the run
  std::string write_error;  // the first write error (any thread): no new claim starts after it
  std::atomic<bool> stop{false};

  auto snapshot = [&]() { // called under mu (or before the workers start)
    Results partial = res;
    partial.complete = false;
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (done[i])
        partial.claims.push_back(slots[i]);
    partial.run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto w0 = std::chrono::steady_clock::now();
    try {
      write_results(partial, o.json_path);
    } catch (const std::exception& e) {
      if (write_error.empty())
        write_error = e.what();
      stop = true;
    }
    last_write = std::chrono::steady_clock::now();
    write_seconds = std::chrono::duration<double>(last_write - w0).count();
  };
  if (!o.json_path.empty()) {
    // At once: an older file at this path must not pass for this run's result, and a path that cannot be
    // written is refused before any claim runs.
    snapshot();
    if (stop)
      throw OutputError(write_error);
  }

  auto worker = [&] {
    for (;;) {
      if (stop)
        return;
      const std::size_t i = next.fetch_add(1);
      if (i >= claims.size())
        return;
      const Context ctx = make_context(*claims[i], o);
      ClaimResult r = run_one(*claims[i], ctx);
      if (o.certify)
        certify_result(r, ctx);
      if (auto src = o.sources.find(claims[i]->id); src != o.sources.end())
        r.source = src->second;
      std::lock_guard<std::mutex> lock(mu);
      ++finished;
      falsified += r.outcome.status == Status::falsified;
      inconclusive += r.outcome.status == Status::inconclusive;
      slots[i] = std::move(r);
      done[i] = true;
      const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (o.progress && claims[i]->check) {
        const double eta = finished ? el / finished * (claims.size() - finished) : 0;
        progress << "[" << finished << "/" << claims.size() << "] " << std::left << std::setw(44)
                 << claims[i]->id << " " << std::setw(12) << to_string(slots[i].outcome.status) << std::fixed
                 << std::setprecision(2) << slots[i].outcome.evidence.seconds << "s  falsified=" << falsified
                 << " inconclusive=" << inconclusive << "  eta " << std::setprecision(0) << eta << "s\n"
                 << std::defaultfloat << std::flush;
      }
      const double since =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last_write).count();
      if (!o.json_path.empty() && !stop && (finished <= 4 || since > std::max(0.5, 10 * write_seconds)))
        snapshot();
    }
  };
  const int jobs = std::max(1, o.jobs);
  if (jobs == 1) {
    worker();
  } else {
    run_on_threads(jobs, worker);
  }
  if (stop)
    throw OutputError(write_error + " — the run stopped after " + std::to_string(finished) +
                      " claim(s); the file holds those written before the error");
  res.claims = std::move(slots);
  res.run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!o.json_path.empty()) {
    try {
      write_results(res, o.json_path);
    } catch (const std::exception& e) {
      throw OutputError(std::string(e.what()) + " — all " + std::to_string(finished) +
                        " claim(s) ran, but the file keeps only those written before (complete: false)");
    }
  }
  return res;
}

} // namespace dcrv
