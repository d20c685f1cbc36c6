// checks/recheck.hpp — `dcrv certify --export DIR` and `dcrv recheck DIR` (the second checker of the interval
// certificates, dcrv/certify/recheck.hpp): the export writes DIR/<claim>.json per proved certificate of a run
// (every closed box with the test that closed it, every identity piece as a record); the recheck re-verifies
// every box at 30 more digits and every identity at random exact points (Schwartz–Zippel), and names each
// record it cannot confirm (exit status 1 then).
#pragma once

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "checks/runner.hpp"
#include "dcrv/certify/recheck.hpp"
#include "dcrv/real.hpp"

namespace dcrv {

/// Exports the closed boxes of every certificate that proved in `res` (with the run's overrides and budget)
/// to DIR/<claim>.json; returns the number of files written.
inline int export_certificates(const std::string& dir, const Results& res, const RunOptions& ro,
                               std::ostream& log) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  int written = 0;
  for (const auto& r : res.claims) {
    if (!r.certificate.is_object() || r.certificate.value("status", "") != "proved")
      continue;
    const certify::Certificate* c = certify::find_certificate(r.id);
    if (!c || (c->pieces.empty() && c->identities.empty()))
      continue;
    std::map<std::string, double> overrides;
    for (const auto& ov : ro.overrides)
      if (ov.id == r.id)
        overrides[ov.name] = ov.value;
    const nlohmann::json e = certify::export_certificate(*c, overrides, certify_budget(ro.budget));
    if (e.value("status", "") != "proved") {
      log << "export: " << r.id << " did not prove again (" << e.value("status", "") << "); not written\n";
      continue;
    }
    std::ofstream(fs::path(dir) / (r.id + ".json")) << e.dump() << "\n";
    ++written;
  }
  log << "export: " << written << " certificate(s) with their closed boxes and identity records in " << dir
      << "\n";
  return written;
}

/// Rechecks every DIR/*.json export at its digits + 30; prints one line per certificate and every refused
/// box; writes DIR/recheck.json. Returns 0 when every record of every file was confirmed, 1 otherwise.
inline int cmd_recheck(const std::string& dir, std::ostream& out) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir))
    throw UsageError("recheck: no directory '" + dir + "'");
  std::vector<fs::path> files;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".json" && f.path().filename() != "recheck.json")
      files.push_back(f.path());
  std::sort(files.begin(), files.end());
  if (files.empty())
    throw UsageError("recheck: no exported certificate in '" + dir + "' (dcrv certify --export DIR)");
  nlohmann::json summary = nlohmann::json::array();
  long records = 0, confirmed = 0, identities = 0, identities_confirmed = 0, points = 0, redraws = 0;
  double worst = -1e9;
  int failed = 0;
  for (const auto& f : files) {
    nlohmann::json e;
    std::string claim = f.stem().string();
    certify::RecheckResult r;
    try {
      std::ifstream in(f);
      e = nlohmann::json::parse(in);
      claim = e.at("claim").get<std::string>();
      const certify::Certificate* c = certify::find_certificate(claim);
      if (!c)
        throw std::invalid_argument("no certificate of " + claim + " in this build");
      r = certify::recheck_certificate(*c, e, e.at("digits").get<unsigned>() + 30);
    } catch (const std::exception& ex) {
      r.claim = claim;
      r.refused.push_back(std::string("unreadable export: ") + ex.what());
    }
    records += r.records;
    confirmed += r.confirmed;
    identities += r.identities;
    identities_confirmed += r.identities_confirmed;
    points += r.identity_points;
    redraws += r.identity_redraws;
    if (r.identities_confirmed > 0)
      worst = std::max(worst, r.identity_bound_log2);
    out << (r.ok() ? "confirmed " : "REFUSED   ") << r.claim << ": " << r.confirmed << " of " << r.records
        << " boxes at " << r.digits << " digits, " << r.roots_covered << " of " << r.roots
        << " root boxes covered";
    if (r.identities > 0)
      out << "; " << r.identities_confirmed << " of " << r.identities << " identities at "
          << certify::kIdentityPoints << " random exact points each";
    out << "\n";
    for (const auto& why : r.refused)
      out << "  " << why << "\n";
    failed += r.ok() ? 0 : 1;
    summary.push_back(r.to_json());
  }
  const int k = certify::kIdentityPoints, bits = certify::kIdentityBits;
  const std::string bound =
      "a false identity whose numerator has total degree T passes k = " + std::to_string(k) +
      " points x_i = a_i/(2^" + std::to_string(bits) + " (n + 1)), a_i uniform in 1..2^" +
      std::to_string(bits) + ", with probability <= (T/2^" + std::to_string(bits) + ")^k: <= 2^" +
      std::to_string(k * (40 - bits)) + " for any T <= 2^40";
  std::ofstream(fs::path(dir) / "recheck.json")
      << nlohmann::json{{"certificates", summary},
                        {"records", records},
                        {"confirmed", confirmed},
                        {"identities", identities},
                        {"identities_confirmed", identities_confirmed},
                        {"identity_points", points},
                        {"identity_redraws", redraws},
                        {"identity_bound_log2", identities_confirmed > 0 ? nlohmann::json(worst) : nullptr},
                        {"identity_bound", bound}}
             .dump(1)
      << "\n";
  out << "recheck: " << files.size() - failed << " of " << files.size() << " certificates confirmed ("
      << confirmed << " of " << records << " boxes; " << identities_confirmed << " of " << identities
      << " identities, " << points << " random points, " << redraws << " redrawn)\n";
  if (identities > 0) {
    out << "recheck: identities by Schwartz-Zippel, independent of the declared degree: " << bound;
    if (identities_confirmed > 0)
      out << "; with T = variables x declared degree, <= 2^" << static_cast<long>(std::floor(worst))
          << " per piece";
    out << "\n";
  }
  return failed == 0 ? 0 : 1;
}

} // namespace dcrv
