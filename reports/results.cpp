#include "reports/results.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <sys/file.h>
#include <type_traits>
#include <unistd.h>

namespace dcrv {
using nlohmann::json;

const ClaimResult* Results::find(const std::string& id) const {
  for (const auto& c : claims)
    if (c.id == id)
      return &c;
  return nullptr;
}

namespace {
json opt(const std::optional<double>& v) {
  if (v && std::isfinite(*v))
    return *v;
  return nullptr;
}
json statistic_json(const Statistic& s) {
  return {{"name", s.name},   {"estimate", s.estimate},     {"lo", s.lo},
          {"hi", s.hi},       {"confidence", s.confidence}, {"paths", s.paths},
          {"claim", s.claim}, {"method", s.method},         {"paths_to_decide", s.paths_to_decide}};
}
json evidence_json(const Evidence& e) {
  json j = {{"trials", e.trials},
            {"confirmations", e.confirmations},
            {"rejected_candidates", e.rejected_candidates},
            {"skipped", e.skipped},
            {"audited", e.audited},
            {"unexamined", e.unexamined},
            {"truncated", e.truncated},
            {"worst_margin", opt(e.worst_margin)},
            {"tightness", opt(e.tightness)},
            {"digits", e.digits},
            {"backend", e.backend},
            {"seconds", e.seconds},
            {"method", e.method},
            {"details", e.details}};
  if (e.statistic)
    j["statistic"] = statistic_json(*e.statistic);
  if (!e.labels.empty()) {
    json labels = json::array();
    for (const EvidenceLabel& l : e.labels)
      labels.push_back({{"kind", l.kind}, {"why", l.why}});
    j["labels"] = labels;
  }
  return j;
}

// --- validation helpers: every error names its JSON pointer and what was expected ---
/// A short rendering of a JSON value for messages (never the whole of a large value).
std::string shown(const json& v) {
  std::string s = v.dump();
  if (s.size() > 40)
    s = s.substr(0, 37) + "...";
  return s;
}
struct Reader {
  const std::string& file;
  [[noreturn]] void fail(const std::string& ptr, const std::string& what) const {
    throw SchemaError(file, ptr.empty() ? "/" : ptr, what);
  }
  const json& get(const json& o, const std::string& key, const std::string& ptr) const {
    if (!o.is_object())
      fail(ptr, "expected an object, got " + shown(o));
    auto it = o.find(key);
    if (it == o.end())
      fail(ptr + "/" + key, "missing key");
    return *it;
  }
  const json& object(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_object())
      fail(ptr + "/" + key, "expected an object, got " + shown(v));
    return v;
  }
  std::string str(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_string())
      fail(ptr + "/" + key, "expected a string, got " + shown(v));
    return v.get<std::string>();
  }
  bool boolean(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_boolean())
      fail(ptr + "/" + key, "expected true or false, got " + shown(v));
    return v.get<bool>();
  }
  double num(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_number() || !std::isfinite(v.get<double>()))
      fail(ptr + "/" + key, "expected a finite number, got " + shown(v));
    return v.get<double>();
  }
  std::optional<double> opt_num(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (v.is_null())
      return std::nullopt;
    return num(o, key, ptr);
  }
  /// An integer in [lo, hi]: an integral JSON number (3.7, 1e400 and strings are refused).
  long long integer(const json& v, const std::string& at, long long lo, long long hi) const {
    const std::string range = "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    long long x = 0;
    if (v.is_number_unsigned()) {
      if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi))
        fail(at, "expected " + range + ", got " + shown(v));
      x = static_cast<long long>(v.get<std::uint64_t>());
    } else if (v.is_number_integer()) {
      x = v.get<long long>();
    } else if (v.is_number_float()) {
      const double d = v.get<double>();
      if (!std::isfinite(d) || std::floor(d) != d || d < static_cast<double>(lo) ||
          d > static_cast<double>(hi))
        fail(at, "expected " + range + ", got " + shown(v));
      x = static_cast<long long>(d);
    } else {
      fail(at, "expected " + range + ", got " + shown(v));
    }
    if (x < lo || x > hi)
      fail(at, "expected " + range + ", got " + shown(v));
    return x;
  }
  long long integer(const json& o, const std::string& key, const std::string& ptr, long long lo,
                    long long hi) const {
    return integer(get(o, key, ptr), ptr + "/" + key, lo, hi);
  }
  /// A seed: a non-negative integer below 2^64 (as a JSON integer, or as decimal text).
  std::uint64_t seed(const json& v, const std::string& at) const {
    if (v.is_number_unsigned())
      return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<long long>() >= 0)
      return static_cast<std::uint64_t>(v.get<long long>());
    if (v.is_string()) {
      std::uint64_t x = 0;
      if (parse_seed(v.get<std::string>(), x))
        return x;
    }
    fail(at, "expected a non-negative integer below 2^64, got " + shown(v));
  }
  std::vector<std::string> strings(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_array())
      fail(ptr + "/" + key, "expected an array of strings, got " + shown(v));
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      if (!v[i].is_string())
        fail(ptr + "/" + key + "/" + std::to_string(i), "expected a string, got " + shown(v[i]));
      out.push_back(v[i].get<std::string>());
    }
    return out;
  }
  /// An optional key: `out` keeps its value when the key is absent, and must have the right type otherwise.
  void maybe(const json& o, const std::string& key, const std::string& ptr, std::string& out) const {
    if (o.contains(key))
      out = str(o, key, ptr);
  }
  void maybe(const json& o, const std::string& key, const std::string& ptr, bool& out) const {
    if (o.contains(key))
      out = boolean(o, key, ptr);
  }
  void maybe(const json& o, const std::string& key, const std::string& ptr, double& out) const {
    if (o.contains(key))
      out = num(o, key, ptr);
  }
  /// A count: an integer >= 0.
  void maybe_count(const json& o, const std::string& key, const std::string& ptr, long& out) const {
    if (o.contains(key))
      out = static_cast<long>(integer(o, key, ptr, 0, std::numeric_limits<long>::max()));
  }
};

/// The shape of a stored witness: the fields that `dcrv replay` and the report read are typed and in range.
/// (That the sample fits the claim's domain is checked by the replay, which knows the domain.)
void check_witness(const Reader& rd, const json& w, const std::string& ptr) {
  if (w.contains("sample")) {
    const std::string sp = ptr + "/sample";
    const json& s = rd.object(w, "sample", ptr);
    const long long S = rd.integer(s, "S", sp, 0, kMaxWitnessDim);
    const json& x = rd.get(s, "x", sp);
    if (!x.is_array())
      rd.fail(sp + "/x", "expected an array of numbers, got " + shown(x));
    // null: a non-finite coordinate as JSON writes it (a sample of an inconclusive claim's non-finite
    // evaluation); `dcrv replay` refuses it
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!x[i].is_null() && (!x[i].is_number() || !std::isfinite(x[i].get<double>())))
        rd.fail(sp + "/x/" + std::to_string(i), "expected a finite number (or null), got " + shown(x[i]));
    const json& idx = s.contains("idx") ? s["idx"] : json::array(); // absent: no index fields
    if (!idx.is_array())
      rd.fail(sp + "/idx", "expected an array of integers, got " + shown(idx));
    for (std::size_t i = 0; i < idx.size(); ++i)
      rd.integer(idx[i], sp + "/idx/" + std::to_string(i), 0, S > 0 ? S - 1 : 0);
    if (s.contains("names")) {
      const auto names = rd.strings(s, "names", sp);
      if (names.size() != x.size())
        rd.fail(sp + "/names", "expected one name per entry of x (" + std::to_string(x.size()) + "), got " +
                                   std::to_string(names.size()));
    }
  }
  if (w.contains("digits"))
    rd.integer(w, "digits", ptr, kMinDigits, kMaxDigits);
  if (w.contains("part"))
    rd.integer(w, "part", ptr, 0, 1000);
  for (const char* k : {"lhs", "rhs"})
    if (w.contains(k) && !w[k].is_string() && !w[k].is_number() && !w[k].is_null())
      rd.fail(ptr + "/" + k, "expected a number (or its decimal text), got " + shown(w[k]));
  if (w.contains("score") && !w["score"].is_null())
    rd.num(w, "score", ptr);
  if (w.contains("experiment")) { // a stochastic witness (properties/engine/stochastic.cpp)
    rd.str(w, "experiment", ptr);
    const json& q = rd.object(w, "parameters", ptr);
    const auto names = rd.strings(q, "names", ptr + "/parameters");
    const json& vals = rd.get(q, "values", ptr + "/parameters");
    if (!vals.is_array() || vals.size() != names.size())
      rd.fail(ptr + "/parameters/values", "expected an array of " + std::to_string(names.size()) +
                                              " numbers (one per name), got " + shown(vals));
    for (std::size_t i = 0; i < vals.size(); ++i)
      if (!vals[i].is_number() || !std::isfinite(vals[i].get<double>()))
        rd.fail(ptr + "/parameters/values/" + std::to_string(i),
                "expected a finite number, got " + shown(vals[i]));
    rd.seed(rd.get(w, "seed", ptr), ptr + "/seed");
    rd.integer(w, "first_path", ptr, 0, kMaxWitnessPaths);
    rd.integer(w, "paths", ptr, 1, kMaxWitnessPaths);
    const double a = rd.num(w, "alpha", ptr);
    if (!(a > 0 && a < 1))
      rd.fail(ptr + "/alpha", "expected a level in (0, 1), got " + shown(w["alpha"]));
    const json& iv = rd.get(w, "interval", ptr);
    if (!iv.is_array() || iv.size() != 2 || !(iv[0].is_number() || iv[0].is_null()) ||
        !(iv[1].is_number() || iv[1].is_null()))
      rd.fail(ptr + "/interval", "expected [lo, hi] (numbers or null), got " + shown(iv));
    const json& est = rd.get(w, "estimate", ptr);
    if (!est.is_number() && !est.is_null())
      rd.fail(ptr + "/estimate", "expected a number or null, got " + shown(est));
  }
}

/// A certificate record (CertificateRun::to_json) and its scope (Scope::to_json).
void check_certificate(const Reader& rd, const json& cert, const std::string& ptr) {
  const std::string status = rd.str(cert, "status", ptr);
  static const std::set<std::string> statuses{"proved", "violation", "exhausted", "error", "skipped"};
  if (!statuses.count(status))
    rd.fail(ptr + "/status",
            "expected proved, violation, exhausted, error or skipped, got \"" + status + "\"");
  rd.str(cert, "domain", ptr);
  for (const char* k : {"boxes", "depth", "digits", "points"})
    if (cert.contains(k))
      rd.integer(cert, k, ptr, 0, std::numeric_limits<long long>::max());
  if (cert.contains("proved_fraction")) {
    const double f = rd.num(cert, "proved_fraction", ptr);
    if (f < 0 || f > 1)
      rd.fail(ptr + "/proved_fraction", "expected a share in [0, 1], got " + shown(cert["proved_fraction"]));
  }
  if (cert.contains("pieces")) {
    const json& ps = rd.get(cert, "pieces", ptr);
    if (!ps.is_array())
      rd.fail(ptr + "/pieces", "expected an array, got " + shown(ps));
    for (std::size_t i = 0; i < ps.size(); ++i)
      if (!ps[i].is_object())
        rd.fail(ptr + "/pieces/" + std::to_string(i), "expected an object, got " + shown(ps[i]));
  }
  if (!cert.contains("scope") || cert["scope"].is_null())
    return;
  const std::string sp = ptr + "/scope";
  const json& scope = rd.object(cert, "scope", ptr);
  for (const char* k : {"dims", "params"}) {
    if (!scope.contains(k))
      continue;
    const json& rs = scope[k];
    if (!rs.is_array())
      rd.fail(sp + "/" + k, "expected an array of {name, lo, hi}, got " + shown(rs));
    for (std::size_t i = 0; i < rs.size(); ++i) {
      const std::string rp = sp + "/" + k + "/" + std::to_string(i);
      rd.str(rs[i], "name", rp);
      std::optional<double> lo = rd.opt_num(rs[i], "lo", rp), hi = rd.opt_num(rs[i], "hi", rp);
      if (lo && hi && *lo > *hi)
        rd.fail(rp, "expected lo <= hi, got lo = " + shown(rs[i]["lo"]) + ", hi = " + shown(rs[i]["hi"]));
    }
  }
  for (const char* k : {"exclusions", "reductions"})
    if (scope.contains(k))
      rd.strings(scope, k, sp);
  rd.boolean(scope, "whole", sp);
  std::string text;
  rd.maybe(scope, "summary", sp, text);
  rd.maybe(scope, "gap", sp, text);
}
} // namespace

json to_json(const ClaimResult& c) {
  json consts = json::array();
  for (const auto& k : c.constants)
    consts.push_back({{"name", k.name},
                      {"value", k.value},
                      {"paper_value", k.paper_value},
                      {"role", k.role},
                      {"overridden", k.overridden},
                      {"meaning", k.meaning}});
  const Outcome& o = c.outcome;
  json j = {{"id", c.id},
            {"status", to_string(o.status)},
            {"kind", c.kind},
            {"where", c.where},
            {"statement", c.statement},
            {"reading", c.reading},
            {"from_inventory", c.from_inventory},
            {"constants", consts},
            {"evidence", evidence_json(o.evidence)},
            {"tightness", opt(o.evidence.tightness)},
            {"witness", o.witness.is_null() ? json(nullptr) : o.witness},
            {"message", o.message},
            {"series", o.series.is_null() ? json(nullptr) : o.series}};
  if (!o.setups.is_null())
    j["setups"] = o.setups;
  if (!o.protocol.is_null())
    j["protocol"] = o.protocol;
  if (c.source) {
    const SourceInfo& s = *c.source;
    j["stale"] = s.stale;
    json src = {{"pinned", s.pinned ? json(*s.pinned) : json(nullptr)},
                {"current", s.current.empty() ? json(nullptr) : json(s.current)},
                {"file", s.file},
                {"lines", s.lines}};
    if (s.stale)
      src["old_text"] = s.old_text, src["new_text"] = s.new_text;
    j["source"] = src;
  }
  if (!c.certificate.is_null())
    j["certificate"] = c.certificate;
  return j;
}

json to_json(const Results& r) {
  std::map<std::string, int> summary;
  for (const auto& c : r.claims)
    ++summary[to_string(c.outcome.status)];
  json claims = json::array();
  for (const auto& c : r.claims)
    claims.push_back(to_json(c));
  json run = {{"budget", r.run.budget},  {"seed", r.run.seed},       {"digits", r.run.digits},
              {"jobs", r.run.jobs},      {"filter", r.run.filter},   {"overrides", r.run.overrides},
              {"build", r.run.build},    {"backend", r.run.backend}, {"seconds", r.run.seconds},
              {"started", r.run.started}};
  if (!r.run.commit.empty())
    run["commit"] = r.run.commit;
  if (!r.run.shard.empty())
    run["shard"] = r.run.shard;
  if (!r.run.paper.empty())
    run["paper"] = r.run.paper;
  if (!r.run.pins.empty())
    run["pins"] = r.run.pins;
  if (!r.run.sources_note.empty())
    run["sources_note"] = r.run.sources_note;
  json j = {{"schema", kResultsSchema},
            {"complete", r.complete},
            {"run", run},
            {"summary", summary},
            {"claims", claims}};
  if (!r.what_if.is_null())
    j["what_if"] = r.what_if;
  if (!r.slack.is_null())
    j["slack"] = r.slack;
  return j;
}

bool parse_seed(const std::string& text, std::uint64_t& out) {
  if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  std::uint64_t x = 0;
  for (char ch : text) {
    const std::uint64_t d = static_cast<std::uint64_t>(ch - '0');
    if (x > (std::numeric_limits<std::uint64_t>::max() - d) / 10)
      return false; // 2^64 or more
    x = x * 10 + d;
  }
  out = x;
  return true;
}

bool valid_commit(const std::string& t) {
  if (t == "unknown")
    return true;
  const std::string sha = t.size() == 46 && t.compare(40, 6, "-dirty") == 0 ? t.substr(0, 40) : t;
  return sha.size() == 40 && std::all_of(sha.begin(), sha.end(), [](char ch) {
           return std::isdigit(static_cast<unsigned char>(ch)) || (ch >= 'a' && ch <= 'f');
         });
}

bool valid_shard_label(const std::string& text, unsigned* index, unsigned* count) {
  const auto slash = text.find('/');
  if (slash == std::string::npos)
    return false;
  const std::string a = text.substr(0, slash), b = text.substr(slash + 1);
  auto number = [](const std::string& t, unsigned long& v) {
    if (t.empty() || t.size() > 7 || t.find_first_not_of("0123456789") != std::string::npos)
      return false;
    v = std::stoul(t);
    return true;
  };
  unsigned long n = 0;
  if (!number(b, n) || n < 1 || n > kMaxShards)
    return false;
  // "I" for one shard, or "I,J,…" (ascending) for an incomplete merge of shards
  std::string cur;
  unsigned long last = 0, first = 0;
  for (char ch : a + ",") {
    if (ch != ',') {
      cur += ch;
      continue;
    }
    unsigned long i = 0;
    if (!number(cur, i) || i < 1 || i > n || i <= last)
      return false;
    first = first ? first : i;
    last = i;
    cur.clear();
  }
  if (index)
    *index = a.find(',') == std::string::npos ? static_cast<unsigned>(first) : 0;
  if (count)
    *count = static_cast<unsigned>(n);
  return true;
}

Results results_from_json(const json& j, const std::string& file) {
  Reader rd{file};
  if (!j.is_object())
    rd.fail("", "expected an object at the top level, got " + shown(j));
  const std::string schema = rd.str(j, "schema", "");
  if (schema != kResultsSchema)
    throw SchemaError(file, "/schema",
                      "unsupported schema '" + schema + "' (expected " + kResultsSchema + ")");
  Results r;
  rd.maybe(j, "complete", "", r.complete);
  const json& run = rd.object(j, "run", "");
  r.run.budget = rd.str(run, "budget", "/run");
  if (r.run.budget != "smoke" && r.run.budget != "standard" && r.run.budget != "deep")
    rd.fail("/run/budget", "expected smoke, standard or deep, got \"" + r.run.budget + "\"");
  r.run.seed = rd.seed(rd.get(run, "seed", "/run"), "/run/seed");
  r.run.digits = static_cast<unsigned>(rd.integer(run, "digits", "/run", kMinDigits, kMaxDigits));
  if (run.contains("jobs"))
    r.run.jobs = static_cast<int>(rd.integer(run, "jobs", "/run", 1, 4096));
  rd.maybe(run, "filter", "/run", r.run.filter);
  rd.maybe(run, "build", "/run", r.run.build);
  rd.maybe(run, "backend", "/run", r.run.backend);
  rd.maybe(run, "seconds", "/run", r.run.seconds);
  if (r.run.seconds < 0)
    rd.fail("/run/seconds", "expected a duration >= 0, got " + shown(run["seconds"]));
  rd.maybe(run, "started", "/run", r.run.started);
  if (run.contains("commit")) {
    r.run.commit = rd.str(run, "commit", "/run");
    if (!valid_commit(r.run.commit))
      rd.fail("/run/commit",
              "expected 40 lowercase hex digits (optionally followed by -dirty) or unknown, got " +
                  shown(run["commit"]));
  }
  rd.maybe(run, "shard", "/run", r.run.shard);
  if (!r.run.shard.empty() && !valid_shard_label(r.run.shard))
    rd.fail("/run/shard",
            "expected I/N with 1 <= I <= N (or ascending I,J,.../N), got \"" + r.run.shard + "\"");
  rd.maybe(run, "paper", "/run", r.run.paper);
  rd.maybe(run, "pins", "/run", r.run.pins);
  rd.maybe(run, "sources_note", "/run", r.run.sources_note);
  if (run.contains("overrides"))
    r.run.overrides = rd.strings(run, "overrides", "/run");
  if (j.contains("what_if") && !j["what_if"].is_null()) {
    if (!j["what_if"].is_array())
      rd.fail("/what_if", "expected an array, got " + shown(j["what_if"]));
    r.what_if = j["what_if"];
  }
  if (j.contains("slack") && !j["slack"].is_null()) {
    if (!j["slack"].is_array())
      rd.fail("/slack", "expected an array, got " + shown(j["slack"]));
    r.slack = j["slack"];
  }
  if (j.contains("summary") && !j["summary"].is_object())
    rd.fail("/summary", "expected an object, got " + shown(j["summary"]));
  const json& claims = rd.get(j, "claims", "");
  if (!claims.is_array())
    rd.fail("/claims", "expected an array, got " + shown(claims));
  std::map<std::string, std::size_t> ids;
  for (std::size_t i = 0; i < claims.size(); ++i) {
    const std::string ptr = "/claims/" + std::to_string(i);
    const json& c = claims[i];
    if (!c.is_object())
      rd.fail(ptr, "expected an object, got " + shown(c));
    ClaimResult cr;
    cr.id = rd.str(c, "id", ptr);
    if (cr.id.empty())
      rd.fail(ptr + "/id", "expected a claim ID, got \"\"");
    if (auto [it, fresh] = ids.emplace(cr.id, i); !fresh)
      rd.fail(ptr + "/id",
              "expected unique claim IDs: \"" + cr.id + "\" is also /claims/" + std::to_string(it->second));
    cr.kind = rd.str(c, "kind", ptr);
    try {
      kind_from_string(cr.kind);
    } catch (const std::exception& e) {
      rd.fail(ptr + "/kind", e.what());
    }
    cr.where = rd.str(c, "where", ptr);
    try {
      cr.outcome.status = status_from_string(rd.str(c, "status", ptr));
    } catch (const std::invalid_argument& e) {
      rd.fail(ptr + "/status", e.what());
    }
    rd.maybe(c, "statement", ptr, cr.statement);
    rd.maybe(c, "reading", ptr, cr.reading);
    rd.maybe(c, "from_inventory", ptr, cr.from_inventory);
    rd.maybe(c, "message", ptr, cr.outcome.message);
    const json& ev = rd.object(c, "evidence", ptr);
    const std::string eptr = ptr + "/evidence";
    Evidence& e = cr.outcome.evidence;
    e.trials = static_cast<long>(rd.integer(ev, "trials", eptr, 0, std::numeric_limits<long>::max()));
    rd.maybe_count(ev, "confirmations", eptr, e.confirmations);
    rd.maybe_count(ev, "rejected_candidates", eptr, e.rejected_candidates);
    rd.maybe_count(ev, "skipped", eptr, e.skipped);
    rd.maybe_count(ev, "audited", eptr, e.audited);
    rd.maybe_count(ev, "unexamined", eptr, e.unexamined);
    rd.maybe(ev, "truncated", eptr, e.truncated);
    if (ev.contains("worst_margin"))
      e.worst_margin = rd.opt_num(ev, "worst_margin", eptr);
    if (ev.contains("digits"))
      e.digits = static_cast<int>(rd.integer(ev, "digits", eptr, 0, kMaxDigits));
    rd.maybe(ev, "backend", eptr, e.backend);
    rd.maybe(ev, "seconds", eptr, e.seconds);
    rd.maybe(ev, "method", eptr, e.method);
    if (ev.contains("details")) {
      const json& d = ev["details"];
      if (!d.is_object())
        rd.fail(eptr + "/details", "expected an object, got " + shown(d));
      for (auto it = d.begin(); it != d.end(); ++it)
        e.details[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    }
    if (ev.contains("statistic") && !ev["statistic"].is_null()) {
      const json& st = ev["statistic"];
      const std::string sptr = eptr + "/statistic";
      Statistic s;
      s.name = rd.str(st, "name", sptr);
      // A statistic that could not be estimated (no finite sample, e.g. a zero-variance difference) is
      // written with NaN, which JSON stores as null: read null back as NaN.
      const double nan = std::numeric_limits<double>::quiet_NaN();
      s.estimate = rd.opt_num(st, "estimate", sptr).value_or(nan);
      s.lo = rd.opt_num(st, "lo", sptr).value_or(nan);
      s.hi = rd.opt_num(st, "hi", sptr).value_or(nan);
      s.confidence = rd.num(st, "confidence", sptr);
      s.paths = static_cast<long>(rd.integer(st, "paths", sptr, 0, std::numeric_limits<long>::max()));
      s.claim = rd.str(st, "claim", sptr);
      s.method = rd.str(st, "method", sptr);
      rd.maybe_count(st, "paths_to_decide", sptr, s.paths_to_decide);
      e.statistic = s;
    }
    if (ev.contains("labels") && !ev["labels"].is_null()) {
      const json& ls = ev["labels"];
      if (!ls.is_array())
        rd.fail(eptr + "/labels", "expected an array, got " + shown(ls));
      for (std::size_t k = 0; k < ls.size(); ++k) {
        const std::string lptr = eptr + "/labels/" + std::to_string(k);
        const std::string kind = rd.str(ls[k], "kind", lptr);
        if (kind != "conformance" && kind != "vacuous")
          rd.fail(lptr + "/kind", "expected \"conformance\" or \"vacuous\", got \"" + kind + "\"");
        e.labels.push_back({kind, rd.str(ls[k], "why", lptr)});
      }
    }
    e.tightness = rd.opt_num(c, "tightness", ptr);
    const json& w = rd.get(c, "witness", ptr);
    if (!w.is_null() && !w.is_object())
      rd.fail(ptr + "/witness", "expected an object or null, got " + shown(w));
    if (w.is_object())
      check_witness(rd, w, ptr + "/witness");
    else if (cr.outcome.status == Status::falsified)
      rd.fail(ptr + "/witness", "expected the witness of a falsified claim (an object), got null");
    cr.outcome.witness = w;
    if (c.contains("series"))
      cr.outcome.series = c["series"];
    if (c.contains("setups") && !c["setups"].is_null()) {
      if (!c["setups"].is_object())
        rd.fail(ptr + "/setups", "expected an object or null, got " + shown(c["setups"]));
      cr.outcome.setups = c["setups"];
    }
    if (cr.outcome.status == Status::underspecified && cr.outcome.setups.is_null())
      rd.fail(ptr + "/setups", "expected the setups table (an object) of an underspecified claim");
    if (c.contains("protocol") && !c["protocol"].is_null()) {
      if (!c["protocol"].is_object())
        rd.fail(ptr + "/protocol", "expected an object or null, got " + shown(c["protocol"]));
      cr.outcome.protocol = c["protocol"];
    }
    if (c.contains("constants")) {
      const json& ks = c["constants"];
      if (!ks.is_array())
        rd.fail(ptr + "/constants", "expected an array, got " + shown(ks));
      std::set<std::string> names;
      for (std::size_t k = 0; k < ks.size(); ++k) {
        const std::string kptr = ptr + "/constants/" + std::to_string(k);
        ConstantResult kr;
        kr.name = rd.str(ks[k], "name", kptr);
        if (!names.insert(kr.name).second)
          rd.fail(kptr + "/name", "expected unique constant names: \"" + kr.name + "\" is given twice");
        kr.value = rd.num(ks[k], "value", kptr);
        kr.paper_value = ks[k].contains("paper_value") ? rd.num(ks[k], "paper_value", kptr) : kr.value;
        kr.role = rd.str(ks[k], "role", kptr);
        if (kr.role != "upper" && kr.role != "lower" && kr.role != "exact")
          rd.fail(kptr + "/role", "expected upper, lower or exact, got \"" + kr.role + "\"");
        rd.maybe(ks[k], "overridden", kptr, kr.overridden);
        rd.maybe(ks[k], "meaning", kptr, kr.meaning);
        cr.constants.push_back(kr);
      }
    }
    if (c.contains("stale") && !c["stale"].is_boolean())
      rd.fail(ptr + "/stale", "expected true or false, got " + shown(c["stale"]));
    if (c.contains("source") && !c["source"].is_null()) {
      const json& src = c["source"];
      const std::string sptr = ptr + "/source";
      if (!src.is_object())
        rd.fail(sptr, "expected an object or null, got " + shown(src));
      SourceInfo s;
      s.stale = c.value("stale", false);
      for (const char* k : {"pinned", "current"})
        if (src.contains(k) && !src[k].is_string() && !src[k].is_null())
          rd.fail(sptr + "/" + k, "expected a hash (string) or null, got " + shown(src[k]));
      if (src.contains("pinned") && src["pinned"].is_string())
        s.pinned = src["pinned"].get<std::string>();
      if (src.contains("current") && src["current"].is_string())
        s.current = src["current"].get<std::string>();
      rd.maybe(src, "file", sptr, s.file);
      rd.maybe(src, "lines", sptr, s.lines);
      rd.maybe(src, "old_text", sptr, s.old_text);
      rd.maybe(src, "new_text", sptr, s.new_text);
      cr.source = s;
    }
    if (c.contains("certificate") && !c["certificate"].is_null()) {
      if (!c["certificate"].is_object())
        rd.fail(ptr + "/certificate", "expected an object or null, got " + shown(c["certificate"]));
      check_certificate(rd, c["certificate"], ptr + "/certificate");
      cr.certificate = c["certificate"];
    }
    if (cr.outcome.status == Status::certified) {
      const json& cert = cr.certificate;
      if (!cert.is_object() || cert.value("status", "") != "proved")
        rd.fail(ptr + "/certificate/status",
                "expected \"proved\": a certified claim carries a proved certificate");
      if (!cert.contains("scope") || !cert["scope"].is_object() ||
          cert["scope"].value("whole", false) != true)
        rd.fail(ptr + "/certificate/scope/whole",
                "expected true: a claim is certified only by a certificate of its whole domain");
    }
    r.claims.push_back(std::move(cr));
  }
  return r;
}

unsigned claim_shard(const std::string& id, unsigned count) {
  std::uint64_t h = 0xcbf29ce484222325ULL; // FNV-1a 64: the same on every platform and build
  for (unsigned char c : id) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return static_cast<unsigned>(h % count) + 1;
}

Results merge_results(const std::vector<Results>& parts, const std::vector<std::string>& files,
                      const std::vector<std::string>& order, bool allow_partial) {
  if (parts.empty())
    throw MergeError("merge: no results files given");
  const Results& first = parts.front();
  const auto name = [&](std::size_t i) {
    if (i < files.size())
      return files[i];
    std::string n = "file ";
    n += std::to_string(i + 1);
    return n;
  };
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v)
      s += (s.empty() ? "" : ",") + x;
    return s;
  };
  // Shards: all "I/N" with one N and distinct I, or a single whole run.
  std::set<unsigned> indices;
  unsigned count = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const RunInfo& a = parts[i].run;
    const RunInfo& b = first.run;
    auto refuse = [&](const std::string& what, const std::string& x, const std::string& y) {
      throw MergeError("merge: " + name(i) + " has " + what + " " + x + ", " + name(0) + " has " + y +
                       ": not shards of one run");
    };
    if (a.budget != b.budget)
      refuse("budget", a.budget, b.budget);
    if (a.seed != b.seed)
      refuse("seed", std::to_string(a.seed), std::to_string(b.seed));
    if (a.digits != b.digits)
      refuse("digits", std::to_string(a.digits), std::to_string(b.digits));
    if (a.build != b.build)
      refuse("build", "'" + a.build + "'", "'" + b.build + "'");
    if (a.commit != b.commit)
      refuse("commit", "'" + a.commit + "'", "'" + b.commit + "'");
    if (a.backend != b.backend)
      refuse("backend", a.backend, b.backend);
    if (a.filter != b.filter)
      refuse("filter", "'" + a.filter + "'", "'" + b.filter + "'");
    if (a.overrides != b.overrides)
      refuse("overrides", "'" + join(a.overrides) + "'", "'" + join(b.overrides) + "'");
    if (!parts[i].complete && !allow_partial)
      throw MergeError("merge: " + name(i) + " is incomplete (complete: false: its run was interrupted, " +
                       std::to_string(parts[i].claims.size()) +
                       " claims finished); give --allow-partial to merge it anyway");
    if (a.shard.empty()) {
      if (parts.size() > 1)
        throw MergeError("merge: " + name(i) + " is a whole run, not a shard (--shard I/N)");
      continue;
    }
    unsigned idx = 0, n = 0;
    if (!valid_shard_label(a.shard, &idx, &n))
      throw MergeError("merge: " + name(i) + " has the shard label '" + a.shard + "', expected I/N");
    if (idx == 0)
      throw MergeError("merge: " + name(i) + " is already a merge of the shards " + a.shard +
                       "; merge the shard files themselves");
    for (const auto& c : parts[i].claims)
      if (claim_shard(c.id, n) != idx)
        throw MergeError("merge: " + name(i) + " is labelled shard " + a.shard + " but holds claim " + c.id +
                         ", which belongs to shard " + std::to_string(claim_shard(c.id, n)) + "/" +
                         std::to_string(n));
    if (count && n != count)
      throw MergeError("merge: " + name(i) + " is shard " + a.shard + ", others are of " +
                       std::to_string(count));
    count = n;
    if (!indices.insert(idx).second)
      throw MergeError("merge: shard " + a.shard + " is given twice");
  }
  Results out;
  out.run = first.run;
  out.run.shard.clear();
  if (count && indices.size() < count) {
    std::vector<std::string> have;
    for (unsigned i : indices)
      have.push_back(std::to_string(i));
    out.run.shard = join(have) + "/" + std::to_string(count); // incomplete: the shards present
  }
  std::map<std::string, std::size_t> rank;
  for (std::size_t i = 0; i < order.size(); ++i)
    rank.emplace(order[i], i);
  std::map<std::string, std::string> seen; // id -> file
  std::vector<std::pair<std::size_t, const ClaimResult*>> all;
  std::size_t extra = order.size();
  std::vector<std::string> notes;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const RunInfo& a = parts[i].run;
    out.complete = out.complete && parts[i].complete;
    out.run.seconds = std::max(out.run.seconds, a.seconds);
    out.run.jobs = std::max(out.run.jobs, a.jobs);
    if (!a.started.empty() && (out.run.started.empty() || a.started < out.run.started))
      out.run.started = a.started;
    for (const auto& c : parts[i].claims) {
      if (auto it = seen.find(c.id); it != seen.end())
        throw MergeError("merge: claim " + c.id + " is in both " + it->second + " and " + name(i));
      seen[c.id] = name(i);
      auto r = rank.find(c.id);
      all.push_back({r == rank.end() ? extra++ : r->second, &c});
    }
    for (const json* extra_json : {&parts[i].what_if, &parts[i].slack}) {
      json& dst = extra_json == &parts[i].what_if ? out.what_if : out.slack;
      if (extra_json->is_array())
        for (const auto& e : *extra_json)
          dst.push_back(e);
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [k, c] : all)
    out.claims.push_back(*c);
  return out;
}

Results read_results(const std::string& path) {
  std::error_code ec;
  if (path.empty())
    throw SchemaError("''", "", "no results file given (the path is empty)");
  if (std::filesystem::is_directory(path, ec))
    throw SchemaError(path, "", "is a directory, not a results file");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw SchemaError(path, "", "cannot open file");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  // Byte offset → line:column, so the user can find the error.
  auto position = [&](std::size_t byte) {
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col) + " (byte " +
           std::to_string(byte) + ")";
  };
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw SchemaError(path, position(e.byte), "malformed JSON");
  } catch (const json::exception& e) {
    // A number beyond double's range (1e400): the library names the token, not its place.
    std::string what = e.what(), where = "somewhere";
    const auto q1 = what.find('\''), q2 = what.rfind('\'');
    if (q1 != std::string::npos && q2 > q1 + 1)
      if (const auto at = text.find(what.substr(q1 + 1, q2 - q1 - 1)); at != std::string::npos)
        where = position(at + 1);
    throw SchemaError(path, where, "malformed JSON: a number out of range (expected a finite double)");
  }
  return results_from_json(j, path);
}

namespace {
// What a fatal signal must remove: the temporary file being written and the lock file held (one each;
// signal handlers read them, so they are plain pointers published atomically).
std::atomic<const char*> g_tmp_path{nullptr};
std::atomic<const char*> g_lock_path{nullptr};

extern "C" void remove_and_die(int sig) {
  if (const char* t = g_tmp_path.load())
    ::unlink(t);
  if (const char* l = g_lock_path.load())
    ::unlink(l);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

std::string errno_text(int e) {
  return std::strerror(e);
}
} // namespace

void remove_temporary_files_on_signals() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction sa {};
      sa.sa_handler = remove_and_die;
      sigemptyset(&sa.sa_mask);
      ::sigaction(sig, &sa, nullptr);
    }
  });
}

void write_file_atomic(const std::string& path, const std::string& content) {
  if (path.empty())
    throw OutputError("cannot write: the output path is empty");
  // One temporary name per process: two processes never write one temporary file.
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  const char* expected = nullptr;
  const bool published = g_tmp_path.compare_exchange_strong(expected, tmp.c_str());
  struct Unpublish {
    bool on;
    ~Unpublish() {
      if (on)
        g_tmp_path.store(nullptr);
    }
  } unpublish{published};
  auto fail = [&](const std::string& what, int e) {
    ::unlink(tmp.c_str());
    throw OutputError("cannot write " + path + ": " + what + " (" + errno_text(e) + ")");
  };
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int e = errno;
    throw OutputError("cannot write " + path + ": cannot create " + tmp + " (" + errno_text(e) + ")");
  }
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      const int e = n < 0 ? errno : ENOSPC;
      ::close(fd);
      fail("write of " + tmp + " failed", e);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) {
    const int e = errno;
    ::close(fd);
    fail("fsync of " + tmp + " failed", e);
  }
  if (::close(fd) != 0) {
    const int e = errno;
    fail("close of " + tmp + " failed", e);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    fail("cannot rename " + tmp + " to " + path, e);
  }
}

std::string check_output_path(const std::string& given) {
  namespace fs = std::filesystem;
  if (given.empty())
    throw OutputError("the results path is empty (give --json FILE)");
  fs::path p(given);
  std::error_code ec;
  // A link is resolved to its target, which is what the user means to write (the link stays a link).
  for (int hops = 0; fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
    if (hops == 40)
      throw OutputError("the results path " + given + " is a loop of symbolic links");
    const fs::path t = fs::read_symlink(p, ec);
    if (ec)
      throw OutputError("the results path " + given + " is a symbolic link that cannot be read (" +
                        ec.message() + ")");
    p = (t.is_absolute() ? t : p.parent_path() / t).lexically_normal();
  }
  const fs::file_status st = fs::status(p, ec);
  if (fs::exists(st)) {
    if (fs::is_directory(st))
      throw OutputError("the results path " + p.string() + " is a directory");
    if (!fs::is_regular_file(st))
      throw OutputError(
          "the results path " + p.string() +
          " is not a regular file (a device, a pipe or a socket): refused, it would be replaced");
  }
  if (p.filename().empty())
    throw OutputError("the results path " + given + " names no file");
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec))
    throw OutputError("the directory of the results path " + p.string() + " does not exist");
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    const int e = errno;
    throw OutputError("the directory " + dir.string() + " of the results path is not writable (" +
                      errno_text(e) + ")");
  }
  return p.string();
}

OutputLock::OutputLock(const std::string& path) : lock_path_(path + ".lock") {
  fd_ = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    const int e = errno;
    throw OutputError("cannot create the lock file " + lock_path_ + " (" + errno_text(e) + ")");
  }
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    fd_ = -1;
    throw OutputError("another dcrv process is writing " + path + " (it holds " + lock_path_ +
                      "): refused, so that neither result is lost");
  }
  const char* expected = nullptr;
  g_lock_path.compare_exchange_strong(expected, lock_path_.c_str());
  // Temporary files that a killed writer left beside the file (its process is gone): remove them.
  namespace fs = std::filesystem;
  const fs::path p(path);
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  const std::string prefix = p.filename().string() + ".tmp.";
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.rfind(prefix, 0) != 0)
      continue;
    const std::string pid = name.substr(prefix.size());
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9)
      continue;
    if (::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH)
      fs::remove(it->path(), ec);
  }
}

OutputLock::~OutputLock() {
  if (fd_ < 0)
    return;
  const char* mine = lock_path_.c_str();
  g_lock_path.compare_exchange_strong(mine, nullptr);
  ::unlink(lock_path_.c_str());
  ::close(fd_);
}

void write_results(const Results& r, const std::string& path) {
  write_file_atomic(path, to_json(r).dump(1) + "\n");
}

json strip_timing(json j) {
  if (j.contains("run")) {
    j["run"].erase("seconds");
    j["run"].erase("started");
    j["run"].erase("jobs");
  }
  if (j.contains("claims"))
    for (auto& c : j["claims"]) {
      if (c.contains("evidence"))
        c["evidence"].erase("seconds");
      if (c.contains("certificate") && c["certificate"].is_object()) {
        c["certificate"].erase("seconds");
        for (auto& p : c["certificate"]["pieces"])
          p.erase("seconds");
      }
    }
  return j;
}

} // namespace dcrv
