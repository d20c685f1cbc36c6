#include "checks/runner.hpp"
#include "checks/worker_threads.hpp"

#include "dcrv/budget.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <mutex>
#include <ostream>
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
  return o;
}

void validate_overrides(const std::vector<const Claim*>& claims, const std::vector<Override>& overrides) {
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
  const auto slash = text.find('/');
  Shard s;
  try {
    if (slash == std::string::npos)
      throw std::invalid_argument("no slash");
    std::size_t u1 = 0, u2 = 0;
    const std::string a = text.substr(0, slash), b = text.substr(slash + 1);
    const long i = std::stol(a, &u1), n = std::stol(b, &u2);
    if (u1 != a.size() || u2 != b.size() || n < 1 || i < 1 || i > n || n > 1'000'000)
      throw std::invalid_argument("range");
    s.index = static_cast<unsigned>(i);
    s.count = static_cast<unsigned>(n);
  } catch (const std::exception&) {
    throw UsageError("--shard '" + text + "': expected I/N with 1 <= I <= N (e.g. 3/8)");
  }
  return s;
}

unsigned shard_of(const std::string& id, unsigned count) {
  std::uint64_t h = 0xcbf29ce484222325ULL; // FNV-1a 64: the same on every platform and build
  for (unsigned char c : id) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return static_cast<unsigned>(h % count) + 1;
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

  auto snapshot = [&]() { // called under mu
    Results partial = res;
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (done[i])
        partial.claims.push_back(slots[i]);
    partial.run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    write_results(partial, o.json_path);
  };

  auto worker = [&] {
    for (;;) {
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
      if (!o.json_path.empty() &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last_write).count() > 2.0) {
        snapshot();
        last_write = std::chrono::steady_clock::now();
      }
    }
  };
  const int jobs = std::max(1, o.jobs);
  if (jobs == 1) {
    worker();
  } else {
    run_on_threads(jobs, worker);
  }
  res.claims = std::move(slots);
  res.run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!o.json_path.empty())
    write_results(res, o.json_path);
  return res;
}

} // namespace dcrv
