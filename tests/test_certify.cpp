// Specification of the interval certificates (lib/include/dcrv/certify/, properties/certificates/): the guard
// against silent branches, the enclosures, the branch and bound (it proves true bounds, including one
// attained at a known point, and never certifies a bound violated only on a tiny region), and the
// certificates of registered claims (proved at the paper's constants, not proved with a 1 % stronger
// constant).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <type_traits>
#include <unistd.h>

#include "checks/registry.hpp"
#include "checks/runner.hpp"
#include "dcrv/certify/certificate.hpp"
#include "tests/certify_support.hpp"
#include "tests/support.hpp"

using namespace dcrv;
using namespace dcrv::certify;

namespace {
/// The branch-and-bound budget of these tests: 20000 boxes, 20 s.
const BnbOptions small_budget = dcrv::test::bnb_budget(20000, 20);
} // namespace

TEST_CASE("an interval comparison that the enclosures do not decide throws straddle_error", "[certify]") {
  set_working_digits(50);
  const Interval a(0.0, 2.0), b(1.0, 3.0), c(2.5, 3.0);
  CHECK_THROWS_AS((void)(a < b), straddle_error);
  CHECK_THROWS_AS((void)(a <= b), straddle_error);
  CHECK_THROWS_AS((void)(a == b), straddle_error);
  CHECK_THROWS_AS((void)(a == a), straddle_error); // [0,2] == [0,2] is not decided for intervals
  CHECK(a < c);
  CHECK_FALSE(c < a);
  CHECK(Interval(0.5) == Interval(0.5));
  CHECK_THROWS_AS(sqrt(Interval(-1.0, 4.0)), straddle_error);
  CHECK_THROWS_AS(log(Interval(0.0, 1.0)), straddle_error);
  CHECK_THROWS_AS(Interval(1) / Interval(-1.0, 1.0), straddle_error);
  // a branch in a formula: abs of a jet whose sign is undecided
  using J = Jet<Interval, 1, 1>;
  CHECK_THROWS_AS(abs(J::variable(Interval(-1.0, 1.0), 0)), straddle_error);
  CHECK(abs(J::variable(Interval(1.0, 2.0), 0)).g[0] == Interval(1));
}

TEST_CASE("interval arithmetic encloses the exact results (outward rounding, dependency of squares)",
          "[certify]") {
  set_working_digits(50);
  const Interval third = Interval(1) / Interval(3);
  CHECK(third.contains(mpfr(1) / 3));
  CHECK(third.width() > 0);
  CHECK(square(Interval(-1.0, 2.0)).lower() == 0);
  CHECK(Interval(0.5) * Interval(0.5) == Interval(0.25)); // dyadic: exact
  const Interval r3 = sqrt(Interval(3));
  CHECK(r3.contains(boost::multiprecision::sqrt(mpfr(3))));
}

TEST_CASE("jets enclose derivatives over a box", "[certify]") {
  set_working_digits(50);
  using J = Jet<Interval, 2, 2>;
  const J x = J::variable(Interval(0.25), 0), y = J::variable(Interval(2.0), 1);
  const J f = x * x * y + exp(y) / x; // ∂x = 2xy − e^y/x², ∂y = x² + e^y/x, ∂xy = 2x − e^y/x²
  const mpfr ey = exp(mpfr(2));
  CHECK(f.g[0].contains(mpfr(1) - ey * 16));
  CHECK(f.g[1].contains(mpfr(1) / 16 + ey * 4));
  CHECK(f.hess(0, 1).contains(mpfr(0.5) - ey * 16));
  CHECK(f.hess(0, 0).contains(2 * mpfr(2) + 2 * ey * 64));
}

TEST_CASE("stick-breaking maps a raw box to an enclosure of the simplex points it parametrises",
          "[certify]") {
  set_working_digits(50);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(0, 1);
  for (int trial = 0; trial < 200; ++trial) {
    std::array<Interval, 3> box;
    std::array<double, 3> lo, hi;
    for (int i = 0; i < 3; ++i) {
      double a = u(rng), b = u(rng);
      if (a > b)
        std::swap(a, b);
      lo[i] = a, hi[i] = b;
      box[i] = Interval(a, b);
    }
    const auto enc = stick_breaking<4>(box);
    for (int s = 0; s < 20; ++s) {
      std::array<mpfr, 3> x;
      for (int i = 0; i < 3; ++i)
        x[i] = mpfr(lo[i]) + (mpfr(hi[i]) - mpfr(lo[i])) * u(rng);
      const auto p = stick_breaking<4>(x);
      mpfr total = 0;
      for (int i = 0; i < 4; ++i) {
        INFO("trial " << trial << " coordinate " << i);
        CHECK(enc[i].contains(p[i]));
        CHECK(p[i] >= 0);
        total += p[i];
      }
      CHECK(abs(total - 1) < mpfr(1e-40));
    }
  }
  // exact for S = 2: (x, 1 − x)
  const auto two = stick_breaking<2>(std::array<Interval, 1>{Interval(0.25, 0.5)});
  CHECK(two[1].lower() == 0.5);
  CHECK(two[1].upper() == 0.75);
}

TEST_CASE("branch and bound proves a true bound and reports where a false one fails", "[certify]") {
  set_working_digits(50);
  // g = x(3 − x) + y(3 − y) − c on [0,1]²: sup = 4 − c at the corner (1, 1), where ∂g ≥ 1 — neither the
  // natural extension nor the mean-value form closes the root box; the monotonicity test reduces it to the
  // corner
  const Score lin = make_score<2>(
      [](const auto& x, const Constants& k) { return x[0] * (3 - x[0]) + x[1] * (3 - x[1]) - k("c"); });
  Constants k;
  k.set("c", Interval(4));
  const auto ok = branch_and_bound(lin, {unit_box(2)}, k, small_budget);
  CHECK(ok.status == BnbResult::Status::proved);
  CHECK(ok.monotone > 0);
  k.set("c", Interval(4) - Interval(1e-6));
  const auto bad = branch_and_bound(lin, {unit_box(2)}, k, small_budget);
  REQUIRE(bad.status == BnbResult::Status::violation);
  CHECK(bad.point_value.lower() > 0);
}

TEST_CASE("a bound attained at a known point closes only with the second-order test, and 1e-6 too small a "
          "constant is never certified",
          "[certify]") {
  set_working_digits(50);
  // g(x) = x(1 − x) − c on [0, 1]: sup = ¼ − c, attained at x = ½
  const Score s = make_score<1>([](const auto& x, const Constants& k) { return x[0] * (1 - x[0]) - k("c"); });
  Constants k;
  k.set("c", Interval(0.25));
  BnbOptions o = small_budget;
  o.max_boxes = 3000;
  const auto without = branch_and_bound(s, {unit_box(1)}, k, o);
  CHECK(without.status == BnbResult::Status::exhausted); // g = 0 at ½: no enclosure can be < 0 there
  CHECK(without.proved_fraction > 0.99);
  o.attained = {{0.5}};
  const auto with = branch_and_bound(s, {unit_box(1)}, k, o);
  CHECK(with.status == BnbResult::Status::proved);
  CHECK(with.second_order > 0);
  k.set("c", Interval(0.25 - 1e-6));
  const auto weaker = branch_and_bound(s, {unit_box(1)}, k, o);
  REQUIRE(weaker.status == BnbResult::Status::violation);
  CHECK(abs(weaker.point[0] - mpfr(0.5)) < mpfr(1e-3));
  // the second-order test at a point that is not a maximiser does not close anything wrongly
  k.set("c", Interval(0.25 - 1e-6));
  o.attained = {{0.25}};
  CHECK(branch_and_bound(s, {unit_box(1)}, k, o).status != BnbResult::Status::proved);
}

TEST_CASE("a bound violated only on a narrow bump is not certified", "[certify]") {
  set_working_digits(50);
  // g(x) = −10⁻³ + 2·10⁻³ exp(−((x − x₀)/w)²), w = 10⁻⁷: positive only for |x − x₀| < 0.83 w
  const Score bump = make_score<1>([](const auto& x, const Constants& k) {
    const auto z = (x[0] - k("x0")) / k("w");
    return -k("h") + 2 * k("h") * exp(-square(z));
  });
  Constants k;
  k.set("x0", Interval(0.3141592653589793));
  k.set("w", Interval(1e-7));
  k.set("h", Interval(1e-3));
  BnbOptions o;
  o.max_boxes = 200000;
  o.seconds = 60;
  const auto r = branch_and_bound(bump, {unit_box(1)}, k, o);
  REQUIRE(r.status == BnbResult::Status::violation);
  CHECK(abs(r.point[0] - mpfr(0.3141592653589793)) < mpfr(1e-7));
  // the same score with the bump below 0 everywhere is proved
  const Score below = make_score<1>([](const auto& x, const Constants& k) {
    const auto z = (x[0] - k("x0")) / k("w");
    return -k("h") + k("h") * (1 - Interval(1e-3)) * exp(-square(z));
  });
  CHECK(branch_and_bound(below, {unit_box(1)}, k, o).status == BnbResult::Status::proved);
}

TEST_CASE("subtracting a hole keeps the rest of the domain", "[certify]") {
  set_working_digits(50);
  const auto parts = subtract({unit_box(2)}, box_around({0.5, 1.0}, 0.25));
  mpfr area = 0;
  for (const auto& b : parts)
    area += b[0].width() * b[1].width();
  CHECK(abs(area - (1 - 0.5 * 0.25)) < mpfr(1e-30));
}

TEST_CASE("a certificate built before the working precision was set still runs at the working precision",
          "[certify][precision]") {
  // Boost's initial default (20 digits = 64 bits) is what a certificate built before set_working_digits gets
  mpfr::default_precision(20);
  mpfi::default_precision(20);
  Certificate c;
  c.claim = "X.test-precision";
  Piece piece;
  piece.label = "x in [0, 1]";
  unsigned lowest = 0; // the lowest precision of a box the score was evaluated on
  piece.score = make_score<1>([&lowest](const auto& x, const Constants&) {
    if constexpr (std::is_same_v<std::decay_t<decltype(x[0])>, Interval>) {
      const unsigned p = x[0].raw().precision();
      lowest = lowest == 0 ? p : std::min(lowest, p);
    }
    return exp(x[0]) - 3; // e - 3 < 0: proved on the root box
  });
  piece.roots = {unit_box(1)};
  c.pieces = {piece};
  set_working_digits(50);
  REQUIRE(c.pieces[0].roots[0][0].raw().precision() == 20);

  const Interval wide = at_working_precision(c.pieces[0].roots[0][0]);
  CHECK(wide.raw().precision() == 50);
  CHECK(wide.lower() == 0);
  CHECK(wide.upper() == 1);

  const CertificateRun run = run_certificate(c, {}, small_budget);
  CHECK(run.proved());
  CHECK(lowest == 50);
  CHECK(working_precision_drift().empty());
}

// ---------------------------------------------------------------------------------------------------------
// The registered certificates
// ---------------------------------------------------------------------------------------------------------

namespace {
/// The branch-and-bound budget of these tests: 400000 boxes, 120 s.
const BnbOptions claim_budget = dcrv::test::bnb_budget(400000, 120);
} // namespace

namespace {
/// The certificates of paper part `part` (the claim ID's letter) whose claim is in this build.
std::vector<std::pair<const Certificate*, const Claim*>> certificates_of_part(char part) {
  std::vector<std::pair<const Certificate*, const Claim*>> out;
  for (const auto& cert : certificates()) {
    const Claim* claim = Registry::instance().find(cert.claim);
    if (claim && claim->check && !cert.claim.empty() && cert.claim[0] == part)
      out.emplace_back(&cert, claim);
  }
  return out;
}

/// The constant moved by 1 % of its size to the side that makes the claim stronger (an upper bound down, a
/// lower bound up; also for a negative constant, where value × 0.99 would be a weaker upper bound).
double one_percent_stronger(const ConstantSpec& spec) {
  const double step = 0.01 * std::abs(spec.value);
  return spec.role == Role::upper ? spec.value - step : spec.value + step;
}

/// Each certificate names a claim of this build and its constants, and proves it at the paper's values.
void proves_at_paper_values(char part) {
  set_working_digits(50);
  REQUIRE(!certificates().empty());
  for (const auto& [cert, claim] : certificates_of_part(part)) {
    INFO(cert->claim);
    for (const auto& kc : cert->constants) {
      const ConstantSpec* spec = claim->find_constant(kc.name);
      REQUIRE(spec);
      // the certificate's enclosure of the paper value contains the claim's default
      const Interval v = kc.paper();
      CHECK(v.lower() <= spec->value * (1 + 1e-15));
      CHECK(v.upper() >= spec->value * (1 - 1e-15));
      CHECK(v.width() < 1e-40);
    }
    const auto run = run_certificate(*cert, {}, claim_budget);
    INFO(run.message << " " << run.pieces.dump());
    CHECK(run.proved());
  }
}

/// A constant 1 % stronger than the paper's gives an interval (or exact) proof of a violation.
void refuses_stronger_constants(char part) {
  set_working_digits(50);
  for (const auto& [cert, claim] : certificates_of_part(part))
    for (const auto& kc : cert->constants) {
      const ConstantSpec* spec = claim->find_constant(kc.name);
      REQUIRE(spec);
      if (spec->role == Role::exact)
        continue;
      const double stronger = one_percent_stronger(*spec);
      INFO(cert->claim << "." << kc.name << " = " << stronger);
      const auto run = run_certificate(*cert, {{kc.name, stronger}}, claim_budget);
      CHECK_FALSE(run.proved());
      CHECK(run.status == "violation");
    }
}

/// The constant moved by `rel` of its size to the stronger side (as one_percent_stronger).
double stronger_by(const ConstantSpec& spec, double rel) {
  const double step = rel * std::abs(spec.value);
  return spec.role == Role::upper ? spec.value - step : spec.value + step;
}

/// Mutation at the edge: a constant one part in 10⁹ stronger than the paper's is not proved (a violation, or
/// the budget exhausted near the point where the bound is attained — never `proved`). A bound with slack
/// (not attained on the certified domain, nor in a limit of it) would be proved; such constants are listed
/// here with the reason, none so far.
void refuses_edge_constants(char part) {
  set_working_digits(50);
  const BnbOptions edge = dcrv::test::bnb_budget(20000, 10);
  for (const auto& [cert, claim] : certificates_of_part(part))
    for (const auto& kc : cert->constants) {
      const ConstantSpec* spec = claim->find_constant(kc.name);
      REQUIRE(spec);
      if (spec->role == Role::exact || spec->value == 0)
        continue;
      const double stronger = stronger_by(*spec, 1e-9);
      INFO(cert->claim << "." << kc.name << " = " << stronger << " (1e-9 stronger)");
      const auto run = run_certificate(*cert, {{kc.name, stronger}}, edge);
      CHECK_FALSE(run.proved());
    }
}

/// The certification stage makes a verified claim certified when its certificate covers the whole domain, and
/// leaves it verified with "certified for <scope> only" when it covers part of it (status follows scope); a 1
/// % stronger override is falsified.
void certification_stage(char part) {
  for (const auto& [cert, claim] : certificates_of_part(part)) {
    RunOptions o;
    o.budget = Budget::smoke;
    set_working_digits(o.digits);
    ClaimResult r = run_one(*claim, make_context(*claim, o));
    certify_result(r, make_context(*claim, o));
    INFO(cert->claim << ": " << to_string(r.outcome.status) << " — " << r.outcome.message);
    REQUIRE(r.certificate.is_object());
    CHECK(r.certificate["status"] == "proved");
    CHECK(r.certificate["domain"] == cert->domain);
    REQUIRE(r.certificate["scope"].is_object());
    CHECK(r.certificate["scope"]["whole"] == cert->scope.whole);
    if (cert->scope.whole) {
      CHECK(r.outcome.status == Status::certified);
    } else {
      CHECK(r.outcome.status == Status::verified); // never certified by a partial proof
      CHECK(r.outcome.message.find("certified for " + cert->scope.summary + " only") != std::string::npos);
    }
    for (const auto& kc : cert->constants) {
      const ConstantSpec* spec = claim->find_constant(kc.name);
      if (spec->role == Role::exact)
        continue;
      RunOptions w = o;
      w.overrides.push_back({claim->id, kc.name, claim->id + "." + kc.name, one_percent_stronger(*spec)});
      ClaimResult rw = run_one(*claim, make_context(*claim, w));
      certify_result(rw, make_context(*claim, w));
      INFO("override " << kc.name << ": " << rw.outcome.message);
      CHECK(rw.outcome.status == Status::falsified);
      CHECK(rw.certificate["status"] == "skipped");
    }
  }
}
} // namespace

// One test case per paper part, so that ctest runs the parts' certificates in parallel.
#define DCRV_CERTIFICATE_PART_TESTS(L)                                                                       \
  TEST_CASE("the certificates of part " #L                                                                   \
            " name claims of this build and prove them at the paper's values",                               \
            "[certify]") {                                                                                   \
    proves_at_paper_values(#L[0]);                                                                           \
  }                                                                                                          \
  TEST_CASE("the certificates of part " #L " are not proved with a constant 1 % stronger than the paper's",  \
            "[certify]") {                                                                                   \
    refuses_stronger_constants(#L[0]);                                                                       \
  }                                                                                                          \
  TEST_CASE("the certificates of part " #L " are not proved with a constant 1e-9 stronger than the paper's", \
            "[certify]") {                                                                                   \
    refuses_edge_constants(#L[0]);                                                                           \
  }                                                                                                          \
  TEST_CASE("the certification stage makes the verified claims of part " #L                                  \
            " certified, and a 1 % stronger override falsified",                                             \
            "[certify]") {                                                                                   \
    certification_stage(#L[0]);                                                                              \
  }
DCRV_CERTIFICATE_PART_TESTS(A)
DCRV_CERTIFICATE_PART_TESTS(B)
DCRV_CERTIFICATE_PART_TESTS(C)
DCRV_CERTIFICATE_PART_TESTS(D)
DCRV_CERTIFICATE_PART_TESTS(E)
DCRV_CERTIFICATE_PART_TESTS(F)
DCRV_CERTIFICATE_PART_TESTS(G)
DCRV_CERTIFICATE_PART_TESTS(H)
DCRV_CERTIFICATE_PART_TESTS(I)
DCRV_CERTIFICATE_PART_TESTS(J)
DCRV_CERTIFICATE_PART_TESTS(M)

TEST_CASE("dcrv certify writes certified claims with their certificate records and scopes to results.json",
          "[certify][cli]") {
  for (const char* id : {"B.loewner-upper", "F.clog-le"})
    if (!Registry::instance().find(id) || !find_certificate(id)) {
      std::printf("DCRV-SKIPPED: %s or its certificate is not in this build\n", id);
      return;
    }
  namespace fs = std::filesystem;
  const fs::path out = fs::temp_directory_path() / ("dcrv-certify-" + std::to_string(::getpid()) + ".json");
  const std::string cmd = std::string("'") + DCRV_BINARY +
                          "' certify --filter B.loewner-upper --filter F.clog-le --budget smoke --quiet "
                          "--no-stale --json '" +
                          out.string() + "' > /dev/null 2>&1";
  REQUIRE(std::system(cmd.c_str()) == 0);
  const Results res = read_results(out.string());
  REQUIRE(res.claims.size() == 2);
  for (const auto& c : res.claims) {
    INFO(c.id << ": " << c.outcome.message);
    CHECK(c.certificate["status"] == "proved");
    CHECK(c.certificate["boxes"].get<long>() > 0);
    CHECK(c.certificate["digits"].get<unsigned>() == 50);
    REQUIRE(c.certificate["scope"].is_object());
    const bool whole = c.certificate["scope"]["whole"].get<bool>();
    // status follows scope: F.clog-le covers every Lambda >= 1; B.loewner-upper only S = 2, 3 of every S
    CHECK(whole == (c.id == "F.clog-le"));
    CHECK(c.outcome.status == (whole ? Status::certified : Status::verified));
  }
  fs::remove(out);
}
