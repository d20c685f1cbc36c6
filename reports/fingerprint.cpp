#include "reports/fingerprint.hpp"

namespace dcrv {
nlohmann::json fingerprint_paper(const std::string& paper_dir, const Registry&) {
  return {{"schema", "dcrv-fingerprint/1"}, {"paper", paper_dir}, {"claims", nlohmann::json::object()}};
}
} // namespace dcrv
