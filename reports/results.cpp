#include "reports/results.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace dcrv {
using nlohmann::json;

const ClaimResult* Results::find(const std::string& id) const {
  for (const auto& c : claims)
    if (c.id == id) return &c;
  return nullptr;
}

namespace {
json opt(const std::optional<double>& v) {
  if (v && std::isfinite(*v)) return *v;
  return nullptr;
}
json statistic_json(const Statistic& s) {
  return {{"name", s.name},   {"estimate", s.estimate},     {"lo", s.lo},   {"hi", s.hi},
          {"confidence", s.confidence}, {"paths", s.paths}, {"claim", s.claim}, {"method", s.method},
          {"paths_to_decide", s.paths_to_decide}};
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
  if (e.statistic) j["statistic"] = statistic_json(*e.statistic);
  return j;
}

// --- validation helpers: every error names its JSON pointer ---
struct Reader {
  const std::string& file;
  const json& get(const json& o, const std::string& key, const std::string& ptr) const {
    if (!o.is_object()) throw SchemaError(file, ptr, "expected an object");
    auto it = o.find(key);
    if (it == o.end()) throw SchemaError(file, ptr + "/" + key, "missing key");
    return *it;
  }
  std::string str(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_string()) throw SchemaError(file, ptr + "/" + key, "expected a string");
    return v.get<std::string>();
  }
  double num(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (!v.is_number()) throw SchemaError(file, ptr + "/" + key, "expected a number");
    return v.get<double>();
  }
  std::optional<double> opt_num(const json& o, const std::string& key, const std::string& ptr) const {
    const json& v = get(o, key, ptr);
    if (v.is_null()) return std::nullopt;
    if (!v.is_number()) throw SchemaError(file, ptr + "/" + key, "expected a number or null");
    return v.get<double>();
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
  return {{"id", c.id},
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
}

json to_json(const Results& r) {
  std::map<std::string, int> summary;
  for (const auto& c : r.claims) ++summary[to_string(c.outcome.status)];
  json claims = json::array();
  for (const auto& c : r.claims) claims.push_back(to_json(c));
  return {{"schema", kResultsSchema},
          {"run",
           {{"budget", r.run.budget},
            {"seed", r.run.seed},
            {"digits", r.run.digits},
            {"jobs", r.run.jobs},
            {"filter", r.run.filter},
            {"overrides", r.run.overrides},
            {"build", r.run.build},
            {"backend", r.run.backend},
            {"seconds", r.run.seconds},
            {"started", r.run.started}}},
          {"summary", summary},
          {"claims", claims}};
}

Results results_from_json(const json& j, const std::string& file) {
  Reader rd{file};
  if (!j.is_object()) throw SchemaError(file, "", "top level must be an object");
  const std::string schema = rd.str(j, "schema", "");
  if (schema != kResultsSchema)
    throw SchemaError(file, "/schema", "unsupported schema '" + schema + "' (expected " + kResultsSchema + ")");
  Results r;
  const json& run = rd.get(j, "run", "");
  r.run.budget = rd.str(run, "budget", "/run");
  r.run.seed = static_cast<std::uint64_t>(rd.num(run, "seed", "/run"));
  r.run.digits = static_cast<unsigned>(rd.num(run, "digits", "/run"));
  if (run.contains("jobs")) r.run.jobs = static_cast<int>(rd.num(run, "jobs", "/run"));
  if (run.contains("filter")) r.run.filter = rd.str(run, "filter", "/run");
  if (run.contains("build")) r.run.build = rd.str(run, "build", "/run");
  if (run.contains("backend")) r.run.backend = rd.str(run, "backend", "/run");
  if (run.contains("seconds")) r.run.seconds = rd.num(run, "seconds", "/run");
  if (run.contains("started")) r.run.started = rd.str(run, "started", "/run");
  if (run.contains("overrides") && run["overrides"].is_array())
    for (const auto& o : run["overrides"]) r.run.overrides.push_back(o.get<std::string>());
  const json& claims = rd.get(j, "claims", "");
  if (!claims.is_array()) throw SchemaError(file, "/claims", "expected an array");
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
    if (c.contains("statement")) cr.statement = rd.str(c, "statement", ptr);
    if (c.contains("reading")) cr.reading = rd.str(c, "reading", ptr);
    if (c.contains("from_inventory")) cr.from_inventory = c["from_inventory"].get<bool>();
    if (c.contains("message")) cr.outcome.message = rd.str(c, "message", ptr);
    const json& ev = rd.get(c, "evidence", ptr);
    const std::string eptr = ptr + "/evidence";
    Evidence& e = cr.outcome.evidence;
    e.trials = static_cast<long>(rd.num(ev, "trials", eptr));
    if (ev.contains("confirmations")) e.confirmations = static_cast<long>(rd.num(ev, "confirmations", eptr));
    if (ev.contains("rejected_candidates"))
      e.rejected_candidates = static_cast<long>(rd.num(ev, "rejected_candidates", eptr));
    if (ev.contains("skipped")) e.skipped = static_cast<long>(rd.num(ev, "skipped", eptr));
    if (ev.contains("audited")) e.audited = static_cast<long>(rd.num(ev, "audited", eptr));
    if (ev.contains("unexamined")) e.unexamined = static_cast<long>(rd.num(ev, "unexamined", eptr));
    if (ev.contains("truncated")) e.truncated = ev["truncated"].is_boolean() && ev["truncated"].get<bool>();
    if (ev.contains("worst_margin")) e.worst_margin = rd.opt_num(ev, "worst_margin", eptr);
    if (ev.contains("digits")) e.digits = static_cast<int>(rd.num(ev, "digits", eptr));
    if (ev.contains("backend")) e.backend = rd.str(ev, "backend", eptr);
    if (ev.contains("seconds")) e.seconds = rd.num(ev, "seconds", eptr);
    if (ev.contains("method")) e.method = rd.str(ev, "method", eptr);
    if (ev.contains("details") && ev["details"].is_object())
      for (auto it = ev["details"].begin(); it != ev["details"].end(); ++it)
        e.details[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
    if (ev.contains("statistic") && !ev["statistic"].is_null()) {
      const json& st = ev["statistic"];
      const std::string sptr = eptr + "/statistic";
      Statistic s;
      s.name = rd.str(st, "name", sptr);
      s.estimate = rd.num(st, "estimate", sptr);
      s.lo = rd.num(st, "lo", sptr);
      s.hi = rd.num(st, "hi", sptr);
      s.confidence = rd.num(st, "confidence", sptr);
      s.paths = static_cast<long>(rd.num(st, "paths", sptr));
      s.claim = rd.str(st, "claim", sptr);
      s.method = rd.str(st, "method", sptr);
      if (st.contains("paths_to_decide")) s.paths_to_decide = static_cast<long>(rd.num(st, "paths_to_decide", sptr));
      e.statistic = s;
    }
    e.tightness = rd.opt_num(c, "tightness", ptr);
    const json& w = rd.get(c, "witness", ptr);
    if (!w.is_null() && !w.is_object()) throw SchemaError(file, ptr + "/witness", "expected an object or null");
    cr.outcome.witness = w;
    if (c.contains("series")) cr.outcome.series = c["series"];
    if (c.contains("constants")) {
      const json& ks = c["constants"];
      if (!ks.is_array()) throw SchemaError(file, ptr + "/constants", "expected an array");
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
    r.claims.push_back(std::move(cr));
  }
  return r;
}

Results read_results(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SchemaError(path, "", "cannot open file");
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
    throw SchemaError(path, "line " + std::to_string(line) + ", column " + std::to_string(col) + " (byte " +
                                std::to_string(e.byte) + ")",
                      "malformed JSON");
  }
  return results_from_json(j, path);
}

void write_file_atomic(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + tmp);
    out << content;
    out.flush();
    if (!out) throw std::runtime_error("write failed: " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + path);
}

void write_results(const Results& r, const std::string& path) { write_file_atomic(path, to_json(r).dump(1) + "\n"); }

json strip_timing(json j) {
  if (j.contains("run")) {
    j["run"].erase("seconds");
    j["run"].erase("started");
    j["run"].erase("jobs");
  }
  if (j.contains("claims"))
    for (auto& c : j["claims"])
      if (c.contains("evidence")) c["evidence"].erase("seconds");
  return j;
}

} // namespace dcrv
