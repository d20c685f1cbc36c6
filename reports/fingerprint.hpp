// reports/fingerprint.hpp — hashes of each claim's LaTeX source, so `diff` can tell which claims' text changed.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "checks/registry.hpp"

namespace dcrv {
/// {"schema": "dcrv-fingerprint/1", "claims": {ID: {"label": ..., "file": ..., "hash": ...}}}
nlohmann::json fingerprint_paper(const std::string& paper_dir, const Registry& reg);
} // namespace dcrv
