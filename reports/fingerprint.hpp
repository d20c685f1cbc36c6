// reports/fingerprint.hpp — hashes of each claim's LaTeX source, so `diff` can tell which claims' text
// changed.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include <vector>

#include "properties/engine/claim.hpp"

namespace dcrv {
/// {"schema": "dcrv-fingerprint/1", "claims": {ID: {"label": ..., "file": ..., "hash": ...}}}
/// `claims`: the registered claims (an extra reading without a place of its own shares its base claim's).
/// `with_text`: each located claim also carries "text", its source without comments and with whitespace
/// collapsed (what the pins store, see reports/theory.hpp).
nlohmann::json fingerprint_paper(const std::string& paper_dir, const std::vector<Claim>& claims,
                                 bool with_text = false);
} // namespace dcrv
