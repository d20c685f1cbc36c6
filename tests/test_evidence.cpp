// Specifications of the evidence behind a verdict (issue "Stronger evidence"): exact claims are decided in
// MPFR, every violation candidate is accounted for, "for all t" claims are followed long enough, edge cases
// of claims over pairs are not skipped, trajectory tightness measures the claim, and no claim can stall a
// run.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "checks/runner.hpp"
#include "dcrv/budget.hpp"
#include "dcrv/srct.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"
#include "properties/engine/trajectory.hpp"

using namespace dcrv;

namespace {
Outcome run(const Claim& c, Budget b = Budget::smoke) {
  Context ctx;
  ctx.budget = b;
  ctx.seed = 1;
  ctx.digits = 50;
  ctx.claim = &c;
  return c.check(ctx);
}

// The replicator flow of S = 2 with fitness (λ, 0): z(t) = log(p₀/p₁) = z(0) + λt exactly, and from the
// uniform start p₁(t) = e^{−λt}/(1 + e^{−λt}).
template <class T> RateField<T> two_strategy_flow(double lambda) {
  return [lambda](const T&, const Vec<T>& p, const Vec<T>&) {
    Vec<T> g(2);
    g << T(lambda), T(0);
    return replicator_rate<T>(p, g);
  };
}
template <class T> Vec<T> uniform2() {
  return Vec<T>::Constant(2, T(1) / T(2));
}
} // namespace

TEST_CASE("an identity wrong at 1e-12 relative is falsified: identities are decided in MPFR",
          "[engine][evidence]") {
  // (p₀ + p₁)·(1 + 10⁻¹²) = p₀ + p₁: invisible at double's 1e-9 violation threshold, an O(1e-12) residual in
  // MPFR.
  const Claim c = forall("X.test-identity-1e-12", Kind::identity)
                      .over(Domain().dims(2, 4).simplex("p"))
                      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
                        const Vec<T> p = a.simplex("p");
                        return eq<T>(T(p.sum() * (T(1) + T(1) / T(1e12))), T(p.sum()));
                      })
                      .build();
  const Outcome o = run(c);
  REQUIRE(o.status == Status::falsified);
  CHECK(o.witness["score"].get<double>() == Approx(1e-12).epsilon(1e-3));
  CHECK(o.evidence.audited > 0);
  CHECK(c.replay(Context{Budget::smoke, 1, 50, {}, &c}, o.witness).status == Status::falsified);
}

TEST_CASE("a bound violated by 1e-11 relative at an interior point is found by the MPFR audit",
          "[engine][evidence]") {
  const Claim c = forall("X.test-bound-1e-11", Kind::bound)
                      .over(Domain().dims(2, 3).simplex("p"))
                      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
                        const Vec<T> p = a.simplex("p");
                        return le<T>(T(p.maxCoeff() * (T(1) + T(1) / T(1e11))), p.maxCoeff());
                      })
                      .build();
  CHECK(run(c).status == Status::falsified);
}

TEST_CASE("violation candidates are all accounted for: beyond the MPFR budget a claim is inconclusive, never "
          "verified",
          "[engine][evidence]") {
  // In double every sample "violates" by 1e-6 (a rounding artefact of the double path); in MPFR none does.
  auto artefact = [](double spread) {
    return forall("X.test-artefact", Kind::bound)
        .over(Domain().dims(2, 6).real("x", spread > 0 ? 1.0 : 0.5, spread > 0 ? 1.0 + spread : 0.5,
                                       spread > 0))
        .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
          const T x = a.real("x");
          if constexpr (std::is_same_v<T, double>)
            return le<T>(x * (1 + 1e-6), x);
          else
            return le<T>(x, x);
        })
        .build();
  };
  SECTION("many distinct clusters: inconclusive with the count of unexamined candidates") {
    const Outcome o =
        run(artefact(1e12), Budget::standard); // 3000 random samples: more clusters than the budget
    CHECK(o.status == Status::inconclusive);
    CHECK(o.evidence.unexamined > 0);
    CHECK(o.message.find("not examined in MPFR") != std::string::npos);
  }
  SECTION("one cluster (a single point): examined, rejected as rounding, verified") {
    const Outcome o = run(artefact(0));
    CHECK(o.status == Status::verified);
    CHECK(o.evidence.unexamined == 0);
    CHECK(o.evidence.rejected_candidates > 0);
  }
}

TEST_CASE("a claim over a pair i ≠ j uses at least 80 % of its edge samples", "[engine][evidence][domain]") {
  const Domain d = Domain().dims(2, 12).simplex("p").index("i").index("j").real("x", 0, 1);
  long edges = 0, distinct = 0;
  for (int S = 2; S <= 12; ++S)
    for (const Sample& s : d.edges(S)) {
      ++edges;
      distinct += s.idx[0] != s.idx[1];
    }
  CHECK(distinct >= 0.8 * edges);
  // every index value occurs in each index field, in every dimension
  for (int S = 2; S <= 5; ++S)
    for (int k = 0; k < 2; ++k) {
      std::vector<bool> seen(S, false);
      for (const Sample& s : d.edges(S))
        seen[s.idx[k]] = true;
      CHECK(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
    }
  // random samples: distinct in most draws, collisions still covered
  std::mt19937_64 rng(3);
  long same = 0;
  for (int n = 0; n < 2000; ++n) {
    const Sample s = d.random(rng, 4);
    same += s.idx[0] == s.idx[1];
  }
  CHECK(same > 0);
  CHECK(same < 0.1 * 2000);
}

TEST_CASE("a rate claim wrong only after t = 50 is falsified when followed until its decay factor is small",
          "[engine][evidence][flow]") {
  // p₁(t) = e^{−λt}/(1 + e^{−λt}) with λ = 0.02; the claim p₁(t) ≤ e^{−ρt} with ρ = 0.022 fails from t ≈ 85
  // on.
  auto claim = [](Horizon h) {
    return forall("X.test-late-rate", Kind::dynamic)
        .over(Domain().dims(2, 2).real("u", 0, 1).only_points().points([](int) {
          return std::vector<Assign>{{{"u", {0.5}}}};
        }))
        .holds(along_trajectory(
            h, []<class T>(const Args<T>&, const Consts<T>&) { return two_strategy_flow<T>(0.02); },
            []<class T>(const Args<T>&, const Consts<T>&) { return uniform2<T>(); },
            []<class T>(const Args<T>&, const Consts<T>&, const T& t, const Vec<T>& p) {
              using std::exp;
              using boost::multiprecision::exp;
              return le<T>(p(1), T(exp(T(-0.022) * t)));
            }))
        .build();
  };
  CHECK(run(claim(until(10.0))).status == Status::verified); // a short window is blind to it
  const Outcome o = run(claim(until_decayed(0.022)));
  CHECK(o.status == Status::falsified);
}

TEST_CASE(
    "trajectory tightness is measured after t = 0: a bound loosened tenfold reports a tightness below 0.2",
    "[engine][evidence][flow]") {
  // z(t) = λt exactly (uniform start); the envelope z(t) ≤ z(0) + c·λt holds with equality at t = 0 for every
  // c.
  auto claim = [](double c) {
    return forall("X.test-envelope", Kind::dynamic)
        .constant("c", c, Role::upper)
        .over(Domain().dims(2, 2).real("u", 0, 1).only_points().points([](int) {
          return std::vector<Assign>{{{"u", {0.5}}}};
        }))
        .holds(along_trajectory(
            until(10.0), []<class T>(const Args<T>&, const Consts<T>&) { return two_strategy_flow<T>(1.0); },
            []<class T>(const Args<T>&, const Consts<T>&) { return uniform2<T>(); },
            []<class T>(const Args<T>&, const Consts<T>& k, const T& t, const Vec<T>& p) {
              using std::log;
              using boost::multiprecision::log;
              return le<T>(T(log(p(0) / p(1))), T(k("c") * t), T(1));
            }))
        .build();
  };
  const Outcome sharp = run(claim(1.0));
  REQUIRE(sharp.status == Status::verified);
  REQUIRE(sharp.evidence.tightness);
  CHECK(*sharp.evidence.tightness == Approx(1.0).epsilon(1e-6));
  const Outcome loose = run(claim(10.0));
  REQUIRE(loose.status == Status::verified);
  REQUIRE(loose.evidence.tightness);
  CHECK(*loose.evidence.tightness < 0.2);
}

TEST_CASE("the tightness of a sharp inequality part is not hidden by an identity residual",
          "[engine][evidence]") {
  const Claim c = forall("X.test-parts", Kind::bound)
                      .over(Domain().dims(2, 4).simplex("p"))
                      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
                        const Vec<T> p = a.simplex("p");
                        // identity part: Σp = 1 (residual ~1e-16); sharp part: max p ≤ 1 (attained at
                        // vertices)
                        return worst(eq<T>(T(p.sum()), T(1)), le<T>(p.maxCoeff(), T(1)));
                      })
                      .build();
  const Outcome o = run(c);
  REQUIRE(o.status == Status::verified);
  REQUIRE(o.evidence.tightness);
  CHECK(*o.evidence.tightness > 0.99);
}

TEST_CASE("no claim can stall a run: the wall-time budget ends the search and the evidence says so",
          "[engine][evidence][budget]") {
  const Claim c = forall("X.test-slow", Kind::bound)
                      .over(Domain().dims(2, 10).simplex("p"))
                      .holds([]<class T>(const Args<T>& a, const Consts<T>&) {
                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                        check_time_budget();
                        return le<T>(a.simplex("p").maxCoeff(), T(1));
                      })
                      .build();
  const auto t0 = std::chrono::steady_clock::now();
  Outcome o;
  {
    ScopedTimeBudget budget(1.0);
    o = run(c);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  CHECK(secs < 3.0);
  CHECK(o.evidence.truncated);
  CHECK(o.evidence.details.count("time_budget") == 1);
  CHECK(o.status == Status::verified); // no violation in the evidence it had time for, and it says how much
}

TEST_CASE("the runner ends a check that exceeds its budget as inconclusive, with the reason",
          "[runner][budget]") {
  Claim c;
  c.id = "X.test-runaway";
  c.kind = Kind::dynamic;
  c.check = [](const Context&) -> Outcome {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      check_time_budget();
    }
  };
  RunOptions o;
  o.budget = Budget::smoke;
  o.time_budget_seconds = 0.5;
  const ClaimResult r = run_one(c, make_context(c, o));
  CHECK(r.outcome.status == Status::inconclusive);
  CHECK(r.outcome.message.find("time budget") != std::string::npos);
}

TEST_CASE("invalid constants given with --set are refused before the claim runs", "[runner][errors]") {
  Claim c =
      forall("X.test-validated", Kind::bound)
          .constant("B", 64, Role::exact, "batch size")
          .validate([](const std::map<std::string, double>& v) {
            return v.at("B") >= 1 ? std::string()
                                  : "B = " + std::to_string(v.at("B")) + ": a batch needs B >= 1";
          })
          .over(Domain().dims(2, 2).real("x", 0, 1))
          .holds([]<class T>(const Args<T>& a, const Consts<T>& k) { return le<T>(a.real("x"), k("B")); })
          .build();
  const std::vector<const Claim*> claims{&c};
  CHECK_NOTHROW(validate_overrides(claims, {}));
  CHECK_NOTHROW(validate_overrides(claims, {{"X.test-validated", "B", "X.test-validated.B=2", 2}}));
  CHECK_THROWS_WITH(validate_overrides(claims, {{"X.test-validated", "B", "X.test-validated.B=0", 0}}),
                    Catch::Contains("a batch needs B >= 1"));
}

TEST_CASE("a stochastic claim's validity check also refuses --set values before the run",
          "[runner][errors]") {
  Claim c = stochastic("X.test-stochastic-validated", Kind::stochastic)
                .constant("delta", 0.3, Role::exact, "floor")
                .validate([](const Context& ctx) {
                  if (!(ctx.constant("delta") > 0 && ctx.constant("delta") < 0.5))
                    throw std::invalid_argument("the floor delta must lie in (0, 1/2)");
                })
                .build();
  const std::vector<const Claim*> claims{&c};
  CHECK_NOTHROW(validate_overrides(claims, {{"X.test-stochastic-validated", "delta", "d=0.2", 0.2}}));
  CHECK_THROWS_WITH(validate_overrides(claims, {{"X.test-stochastic-validated", "delta", "d=0.7", 0.7}}),
                    Catch::Contains("must lie in (0, 1/2)"));
}
