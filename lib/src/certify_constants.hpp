// lib/src/certify_constants.hpp — the constants a certificate runs with (internal to the certify sources):
// shared by run_certificate (lib/src/certify.cpp) and the second checker (lib/src/recheck.cpp), so that the
// recheck re-verifies a box under exactly the constants its proof used.
#pragma once

#include <map>
#include <string>

#include "dcrv/certify/certificate.hpp"

namespace dcrv::certify {

/// Each constant's enclosure (the --set override as given, else the paper's value) and its ratio to the
/// paper's exact value under NAME/paper: exactly 1 at the paper's value (a score written in c/c_paper can
/// then decide a bound attained at an irrational constant), the override over the enclosure otherwise.
inline Constants constants_for(const Certificate& c, const std::map<std::string, double>& overrides) {
  Constants k;
  for (const auto& kc : c.constants) {
    auto it = overrides.find(kc.name);
    const Interval v = it != overrides.end() ? Interval(it->second) : kc.paper();
    k.set(kc.name, v);
    k.set(kc.name + "/paper", it != overrides.end() ? v / kc.paper() : Interval(1));
  }
  return k;
}

/// The exact constants of the identity pieces: the --set override's double as its exact value, else the
/// paper's rational value (a constant without one is left out: a residual that reads it throws).
inline std::map<std::string, Rational> exact_constants_for(const Certificate& c,
                                                           const std::map<std::string, double>& overrides) {
  std::map<std::string, Rational> q;
  for (const auto& kc : c.constants) {
    auto it = overrides.find(kc.name);
    if (it != overrides.end())
      q[kc.name] = Rational(it->second); // the double's exact value
    else if (kc.exact)
      q[kc.name] = kc.exact();
  }
  return q;
}

inline RationalConstants rational_constants(const std::map<std::string, Rational>& values) {
  RationalConstants q;
  for (const auto& [name, v] : values)
    q.set(name, v);
  return q;
}

} // namespace dcrv::certify
