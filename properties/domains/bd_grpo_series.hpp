// properties/domains/bd_grpo_series.hpp — the Barrier–Dominance thresholds of a table of GRPO instances, the
// series that the BD claims of App. E (appendix_E_aistats.tex §Exact BD on facets, §Convenient sufficient
// relaxations, §Well-posedness and invariance) report next to their verdicts; shared by E_grpo_thresholds.cpp
// and E_grpo_envelopes.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "dcrv/scores/grpo.hpp"
#include "properties/engine/engine.hpp"

namespace dcrv::grpo_domain {

/// A named column of a BD threshold series.
using SeriesColumn = std::pair<std::string, double>;

/// One row per configuration (K_C, K_I) × G × δ, δ = frac/(K_C + K_I), in that nesting order: the columns
/// "K_C", "K_I", "G", "delta", "eps_bd_interval" (the threshold of the displayed (BD_exact),
/// grpo::bd_threshold_interval), "eps_facet_exact" (the exact inward threshold of the incorrect facet,
/// grpo::bd_threshold_facet), in double, and the caller's columns extra(K_C, K_I, G, δ) (a
/// std::vector<SeriesColumn>, the same names in every row; called once per row, in row order).
template <class Extra>
nlohmann::json bd_threshold_series(const std::vector<std::pair<int, int>>& parts,
                                   const std::vector<int>& groups, const std::vector<double>& fracs,
                                   Extra extra) {
  nlohmann::json series = {{"K_C", nlohmann::json::array()},
                           {"K_I", nlohmann::json::array()},
                           {"G", nlohmann::json::array()},
                           {"delta", nlohmann::json::array()},
                           {"eps_bd_interval", nlohmann::json::array()},
                           {"eps_facet_exact", nlohmann::json::array()}};
  for (const auto& [KC, KI] : parts)
    for (int G : groups)
      for (double frac : fracs) {
        const double delta = frac / (KC + KI);
        const grpo::Characteristic<double> ch(G);
        series["K_C"].push_back(KC), series["K_I"].push_back(KI), series["G"].push_back(G);
        series["delta"].push_back(delta);
        series["eps_bd_interval"].push_back(grpo::bd_threshold_interval(ch, KC, KI, delta).value);
        series["eps_facet_exact"].push_back(grpo::bd_threshold_facet(ch, KC, KI, delta).value);
        for (const auto& [name, value] : extra(KC, KI, G, delta))
          series[name].push_back(value);
      }
  return series;
}

} // namespace dcrv::grpo_domain
