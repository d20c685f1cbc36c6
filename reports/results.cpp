#include "reports/results.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>

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

// --- validation helpers: every error names its JSON pointer ---
struct Reader {
  const std::string& file;
  const json& get(const json& o, const std::string& key, const std::string& ptr) const {
    if (!o.is_object())
      throw SchemaError(file, ptr, "expected an object");
    auto it = o.find(key);
    if (it == o.end())
      throw SchemaError(file, ptr + "/" + key, "missing key");
    return *it;
  }
  std::string str(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_string())
      throw SchemaError(file, ptr + "/" + key, "expected a string");
    return v.get<std::string>();
  }
  double num(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_number())
      throw SchemaError(file, ptr + "/" + key, "expected a number");
    return v.get<double>();
  }
  std::optional<double> opt_num(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (v.is_null())
      return std::nullopt;
    if (!v.is_number())
      throw SchemaError(file, ptr + "/" + key, "expected a number or null");
    return v.get<double>();
  }
  /// An optional key: `out` keeps its value when the key is absent, and must have the right type otherwise.
  void maybe(const json& o, const std::string& key, const std::string& ptr, std::string& out) const {
    if (o.contains(key))
      out = str(o, key, ptr);
  }
  template <class N>
  requires std::is_arithmetic_v<N>
  void maybe(const json& o, const std::string& key, const std::string& ptr, N& out) const {
    if (o.contains(key))
      out = static_cast<N>(num(o, key, ptr));
  }
};
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
  if (!r.run.shard.empty())
    run["shard"] = r.run.shard;
  if (!r.run.paper.empty())
    run["paper"] = r.run.paper;
  if (!r.run.pins.empty())
    run["pins"] = r.run.pins;
  if (!r.run.sources_note.empty())
    run["sources_note"] = r.run.sources_note;
  json j = {{"schema", kResultsSchema}, {"run", run}, {"summary", summary}, {"claims", claims}};
  if (!r.what_if.is_null())
    j["what_if"] = r.what_if;
  if (!r.slack.is_null())
    j["slack"] = r.slack;
  return j;
}

Results results_from_json(const json& j, const std::string& file) {
  Reader rd{file};
  if (!j.is_object())
    throw SchemaError(file, "", "top level must be an object");
  const std::string schema = rd.str(j, "schema", "");
  if (schema != kResultsSchema)
    throw SchemaError(file, "/schema",
                      "unsupported schema '" + schema + "' (expected " + kResultsSchema + ")");
  Results r;
  const json& run = rd.get(j, "run", "");
  r.run.budget = rd.str(run, "budget", "/run");
  r.run.seed = static_cast<std::uint64_t>(rd.num(run, "seed", "/run"));
  r.run.digits = static_cast<unsigned>(rd.num(run, "digits", "/run"));
  rd.maybe(run, "jobs", "/run", r.run.jobs);
  rd.maybe(run, "filter", "/run", r.run.filter);
  rd.maybe(run, "build", "/run", r.run.build);
  rd.maybe(run, "backend", "/run", r.run.backend);
  rd.maybe(run, "seconds", "/run", r.run.seconds);
  rd.maybe(run, "started", "/run", r.run.started);
  rd.maybe(run, "shard", "/run", r.run.shard);
  rd.maybe(run, "paper", "/run", r.run.paper);
  rd.maybe(run, "pins", "/run", r.run.pins);
  rd.maybe(run, "sources_note", "/run", r.run.sources_note);
  if (j.contains("what_if"))
    r.what_if = j["what_if"];
  if (j.contains("slack"))
    r.slack = j["slack"];
  if (run.contains("overrides") && run["overrides"].is_array())
    for (const auto& o : run["overrides"])
      r.run.overrides.push_back(o.get<std::string>());
  const json& claims = rd.get(j, "claims", "");
  if (!claims.is_array())
    throw SchemaError(file, "/claims", "expected an array");
  for (std::size_t i = 0; i < claims.size(); ++i) {
    const std::string ptr = "/claims/" + std::to_string(i);
    const json& c = claims[i];
    ClaimResult cr;
    cr.id = rd.str(c, "id", ptr);
    cr.kind = rd.str(c, "kind", ptr);
    try {
      kind_from_string(cr.kind);
    } catch (const std::exception& e) {
      throw SchemaError(file, ptr + "/kind", e.what());
    }
    cr.where = rd.str(c, "where", ptr);
    try {
      cr.outcome.status = status_from_string(rd.str(c, "status", ptr));
    } catch (const std::invalid_argument& e) {
      throw SchemaError(file, ptr + "/status", e.what());
    }
    rd.maybe(c, "statement", ptr, cr.statement);
    rd.maybe(c, "reading", ptr, cr.reading);
    if (c.contains("from_inventory"))
      cr.from_inventory = c["from_inventory"].get<bool>();
    rd.maybe(c, "message", ptr, cr.outcome.message);
    const json& ev = rd.get(c, "evidence", ptr);
    const std::string eptr = ptr + "/evidence";
    Evidence& e = cr.outcome.evidence;
    e.trials = static_cast<long>(rd.num(ev, "trials", eptr));
    rd.maybe(ev, "confirmations", eptr, e.confirmations);
    rd.maybe(ev, "rejected_candidates", eptr, e.rejected_candidates);
    rd.maybe(ev, "skipped", eptr, e.skipped);
    rd.maybe(ev, "audited", eptr, e.audited);
    rd.maybe(ev, "unexamined", eptr, e.unexamined);
    if (ev.contains("truncated"))
      e.truncated = ev["truncated"].is_boolean() && ev["truncated"].get<bool>();
    if (ev.contains("worst_margin"))
      e.worst_margin = rd.opt_num(ev, "worst_margin", eptr);
    rd.maybe(ev, "digits", eptr, e.digits);
    rd.maybe(ev, "backend", eptr, e.backend);
    rd.maybe(ev, "seconds", eptr, e.seconds);
    rd.maybe(ev, "method", eptr, e.method);
    if (ev.contains("details") && ev["details"].is_object())
      for (auto it = ev["details"].begin(); it != ev["details"].end(); ++it)
        e.details[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
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
      s.paths = static_cast<long>(rd.num(st, "paths", sptr));
      s.claim = rd.str(st, "claim", sptr);
      s.method = rd.str(st, "method", sptr);
      rd.maybe(st, "paths_to_decide", sptr, s.paths_to_decide);
      e.statistic = s;
    }
    if (ev.contains("labels") && !ev["labels"].is_null()) {
      const json& ls = ev["labels"];
      if (!ls.is_array())
        throw SchemaError(file, eptr + "/labels", "expected an array");
      for (std::size_t k = 0; k < ls.size(); ++k) {
        const std::string lptr = eptr + "/labels/" + std::to_string(k);
        const std::string kind = rd.str(ls[k], "kind", lptr);
        if (kind != "conformance" && kind != "vacuous")
          throw SchemaError(file, lptr + "/kind",
                            "expected \"conformance\" or \"vacuous\", got \"" + kind + "\"");
        e.labels.push_back({kind, rd.str(ls[k], "why", lptr)});
      }
    }
    e.tightness = rd.opt_num(c, "tightness", ptr);
    const json& w = rd.get(c, "witness", ptr);
    if (!w.is_null() && !w.is_object())
      throw SchemaError(file, ptr + "/witness", "expected an object or null");
    cr.outcome.witness = w;
    if (c.contains("series"))
      cr.outcome.series = c["series"];
    if (c.contains("setups") && !c["setups"].is_null()) {
      if (!c["setups"].is_object())
        throw SchemaError(file, ptr + "/setups", "expected an object or null");
      cr.outcome.setups = c["setups"];
    }
    if (c.contains("protocol") && !c["protocol"].is_null()) {
      if (!c["protocol"].is_object())
        throw SchemaError(file, ptr + "/protocol", "expected an object or null");
      cr.outcome.protocol = c["protocol"];
    }
    if (c.contains("constants")) {
      const json& ks = c["constants"];
      if (!ks.is_array())
        throw SchemaError(file, ptr + "/constants", "expected an array");
      for (std::size_t k = 0; k < ks.size(); ++k) {
        const std::string kptr = ptr + "/constants/" + std::to_string(k);
        ConstantResult kr;
        kr.name = rd.str(ks[k], "name", kptr);
        kr.value = rd.num(ks[k], "value", kptr);
        kr.paper_value = ks[k].contains("paper_value") ? rd.num(ks[k], "paper_value", kptr) : kr.value;
        kr.role = rd.str(ks[k], "role", kptr);
        kr.overridden = ks[k].value("overridden", false);
        kr.meaning = ks[k].value("meaning", "");
        cr.constants.push_back(kr);
      }
    }
    if (c.contains("source") && !c["source"].is_null()) {
      const json& src = c["source"];
      const std::string sptr = ptr + "/source";
      if (!src.is_object())
        throw SchemaError(file, sptr, "expected an object or null");
      SourceInfo s;
      s.stale = c.value("stale", false);
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
        throw SchemaError(file, ptr + "/certificate", "expected an object or null");
      rd.str(c["certificate"], "status", ptr + "/certificate");
      rd.str(c["certificate"], "domain", ptr + "/certificate");
      cr.certificate = c["certificate"];
    }
    r.claims.push_back(std::move(cr));
  }
  return r;
}

Results merge_results(const std::vector<Results>& parts, const std::vector<std::string>& files,
                      const std::vector<std::string>& order) {
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
    if (a.backend != b.backend)
      refuse("backend", a.backend, b.backend);
    if (a.filter != b.filter)
      refuse("filter", "'" + a.filter + "'", "'" + b.filter + "'");
    if (a.overrides != b.overrides)
      refuse("overrides", "'" + join(a.overrides) + "'", "'" + join(b.overrides) + "'");
    if (a.shard.empty()) {
      if (parts.size() > 1)
        throw MergeError("merge: " + name(i) + " is a whole run, not a shard (--shard I/N)");
      continue;
    }
    const auto slash = a.shard.find('/');
    const unsigned idx = static_cast<unsigned>(std::stoul(a.shard.substr(0, slash)));
    const unsigned n = static_cast<unsigned>(std::stoul(a.shard.substr(slash + 1)));
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
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw SchemaError(path, "", "cannot open file");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    // Byte offset → line:column, so the user can find the error.
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    throw SchemaError(path,
                      "line " + std::to_string(line) + ", column " + std::to_string(col) + " (byte " +
                          std::to_string(e.byte) + ")",
                      "malformed JSON");
  }
  return results_from_json(j, path);
}

void write_file_atomic(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw std::runtime_error("cannot write " + tmp);
    out << content;
    out.flush();
    if (!out)
      throw std::runtime_error("write failed: " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot rename " + tmp + " to " + path);
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
