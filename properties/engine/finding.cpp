// properties/engine/finding.cpp — the findings registry (see finding.hpp).
#include "properties/engine/finding.hpp"

namespace dcrv {

namespace {
std::vector<FindingFactory>& factories() {
  static std::vector<FindingFactory> f;
  return f;
}
} // namespace

int register_finding_factory(FindingFactory f, const char*) {
  factories().push_back(f);
  return static_cast<int>(factories().size());
}

const std::vector<Finding>& registered_findings() {
  static const std::vector<Finding> all = [] {
    std::vector<Finding> v;
    for (FindingFactory f : factories())
      v.push_back(f());
    return v;
  }();
  return all;
}

Finding measured_finding(std::string id, std::string title, std::string cause,
                         std::vector<std::string> claims, std::string constant) {
  Finding f{std::move(id), std::move(title), std::move(cause), std::move(claims), {}};
  f.repair.kind = RepairKind::measured;
  f.repair.constant = std::move(constant);
  return f;
}

Finding corrected_finding(std::string id, std::string title, std::string cause,
                          std::map<std::string, std::string> readings, std::string statement) {
  Finding f{std::move(id), std::move(title), std::move(cause), {}, {}};
  for (const auto& [claim, reading] : readings)
    f.claims.push_back(claim);
  f.repair.kind = RepairKind::corrected;
  f.repair.readings = std::move(readings);
  f.repair.statement = std::move(statement);
  return f;
}

Finding value_finding(std::string id, std::string title, std::string cause, std::vector<std::string> claims,
                      std::string reported) {
  Finding f{std::move(id), std::move(title), std::move(cause), std::move(claims), {}};
  f.repair.kind = RepairKind::value;
  f.repair.statement = std::move(reported);
  return f;
}

} // namespace dcrv
