// tests/certify_support.hpp — what the certificate tests (tests/test_certify*.cpp) share: finding a
// certificate and its pieces, its constants at the paper's values (intervals, or exact rationals for identity
// pieces), point boxes, a score's value at a point, and MPFR views of rationals and of vectors of numbers.
#pragma once

#include <cstdio>

#include <catch2/catch.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "dcrv/certify/certificate.hpp"
#include "dcrv/real.hpp"

namespace dcrv::test {

/// A branch-and-bound budget: at most `max_boxes` boxes and `seconds` of wall time (other options default).
inline certify::BnbOptions bnb_budget(long max_boxes, double seconds) {
  certify::BnbOptions o;
  o.max_boxes = max_boxes;
  o.seconds = seconds;
  return o;
}

/// The registered certificate of claim `id` (fails the test when there is none).
inline const certify::Certificate& certificate_of(const std::string& id) {
  const certify::Certificate* c = certify::find_certificate(id);
  REQUIRE(c);
  return *c;
}

/// The registered certificate of claim `id`, or nullptr after a DCRV-SKIPPED line: a partial build (the
/// sanitizer build has the certificates of a few parts only) may not have it.
inline const certify::Certificate* certificate_in_build(const std::string& id) {
  const certify::Certificate* c = certify::find_certificate(id);
  if (!c)
    std::printf("DCRV-SKIPPED: the certificate of %s is not in this build\n", id.c_str());
  return c;
}

/// The certificate's constants at the paper's values (interval enclosures).
inline certify::Constants paper_constants(const certify::Certificate& c) {
  certify::Constants k;
  for (const auto& kc : c.constants) {
    k.set(kc.name, kc.paper());
    k.set(kc.name + "/paper", certify::Interval(1)); // as run_certificate: the ratio to the paper's value
  }
  return k;
}

/// The certificate's exact constants (identity pieces), with overrides taken as the doubles' exact values.
inline certify::RationalConstants exact_constants(const certify::Certificate& c,
                                                  const std::map<std::string, double>& overrides = {}) {
  certify::RationalConstants q;
  for (const auto& kc : c.constants) {
    auto it = overrides.find(kc.name);
    if (it != overrides.end())
      q.set(kc.name, certify::Rational(it->second));
    else if (kc.exact)
      q.set(kc.name, kc.exact());
  }
  return q;
}

/// A point box (every coordinate an exact point), from doubles or MPFR numbers.
template <class R> certify::Box point_box(const std::vector<R>& x) {
  certify::Box b;
  for (const auto& v : x)
    b.push_back(certify::Interval(v));
  return b;
}
inline certify::Box point(const std::vector<double>& x) {
  return point_box(x);
}
/// (a template, so that a braced list of numbers picks the double overload)
template <class R, std::enable_if_t<std::is_same_v<R, mpfr>, int> = 0>
certify::Box point(const std::vector<R>& x) {
  return point_box(x);
}

/// The piece of `c` labelled `label` (bounds), or the identity piece (identities).
inline const certify::Piece& piece_labelled(const certify::Certificate& c, const std::string& label) {
  for (const auto& p : c.pieces)
    if (p.label == label)
      return p;
  FAIL("no piece " << label);
  return c.pieces.front();
}
inline const certify::IdentityPiece& identity_labelled(const certify::Certificate& c,
                                                       const std::string& label) {
  for (const auto& p : c.identities)
    if (p.label == label)
      return p;
  FAIL("no identity piece " << label);
  return c.identities.front();
}

/// A rearrangement step (issue 20 point 5): `make(false)` proves, `make(true)` (one term off) is refused as a
/// violation, and the registered certificate of `id` (where it is in the build) carries it exactly once,
/// flagged a rearrangement.
template <class Make> void rearrangement_step_checked(const std::string& id, Make make) {
  INFO(id);
  const certify::IdentityPiece good = make(false);
  CHECK(certify::prove_identity(good, {}).status == "proved");
  CHECK(certify::prove_identity(make(true), {}).status == "violation");
  const certify::Certificate* c = certificate_in_build(id);
  if (!c)
    return;
  std::size_t carried = 0;
  for (const auto& piece : c->identities)
    carried += piece.rearrangement && piece.label == good.label ? 1 : 0;
  CHECK(carried == 1);
}

/// The midpoint of the score's enclosure at a point (close to the score's exact value there).
inline mpfr score_at(const certify::Piece& piece, const std::vector<double>& x, const certify::Constants& k) {
  return piece.score.value(point(x), k).mid();
}
template <class R, std::enable_if_t<std::is_same_v<R, mpfr>, int> = 0>
mpfr score_at(const certify::Piece& piece, const std::vector<R>& x, const certify::Constants& k) {
  return piece.score.value(point(x), k).mid();
}

/// A rational as an MPFR number (rounded once, at the working precision).
inline mpfr to_mpfr(const certify::Rational& q) {
  return mpfr(boost::multiprecision::numerator(q).str()) / mpfr(boost::multiprecision::denominator(q).str());
}

/// Numbers as an MPFR vector: doubles exactly, rationals each rounded once (to_mpfr); a braced list of
/// numbers is read as doubles.
template <class T = double> Vec<mpfr> mpfr_vec(const std::vector<T>& x) {
  static_assert(std::is_same_v<T, double> || std::is_same_v<T, certify::Rational>);
  Vec<mpfr> v(static_cast<Eigen::Index>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) {
    if constexpr (std::is_same_v<T, double>)
      v(static_cast<Eigen::Index>(i)) = mpfr(x[i]);
    else
      v(static_cast<Eigen::Index>(i)) = to_mpfr(x[i]);
  }
  return v;
}

} // namespace dcrv::test
