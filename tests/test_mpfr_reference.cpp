// Specification: an MPFR integration of the paper's model is a reference for it. The S = 12 DCR flow of
// App. J Study B (λ = 1, α = 0.05, β = 0.5, ε_barrier = 1e-4, incorrect reward 0.2) from dcrv's bench start
// p0_i = i/78, integrated to t = 0.05 at 50 digits, is compared with digits computed independently by mpmath.
//
// How the digits were produced: `python3 bench/mpmath_reference.py --dps 60 --digits 50` (mpmath 1.3.0,
// `odefun`, a Taylor-series integrator, at 60 working digits, in the p-coordinates of App. C's boxed ODE
// rather than dcrv's log-coordinates; 50 s per parameter set on the 2-core development machine). A run at 75
// digits reproduces all 50 printed digits. `exact`: the decimals 0.05, 0.2, 1e-4 at mpmath's working
// precision; `double`: their IEEE double roundings.
//
// What agrees (measured when the test was written): the exact-decimal model built by
// study_b_model<mpfr>(u, "1", "0.05", "0.5") agrees with the exact digits to a relative 2.3e-48 in every
// coordinate (47 digits; the test asks for 40); the double model cast to MPFR agrees as well with the
// double-parameter digits (2.9e-48), but with the exact digits only to a relative 3.0e-19 (18 digits): the
// double roundings (0.05 → 0.05000000000000000277…) perturb the model at 1e-17, not the integrator.
#include <catch2/catch.hpp>

#include "dcrv/ode.hpp"
#include "dcrv/universe.hpp"

using namespace dcrv;

namespace {
// p_i(0.05), i = 1..12, from bench/mpmath_reference.py (exact decimal parameters).
const char* const mpmath_exact[12] = {
    "1.3165907312611825146757202577684751389595162335536e-2",
    "2.6286190597111553096388581154164462843146672679772e-2",
    "3.9389308359094259341601189134224428816901902630747e-2",
    "5.2178025317822176103626377151113580585433300558526e-2",
    "6.5186129696305750750559088515187991988953192802626e-2",
    "7.8187682662476239865415505109923055616698954127288e-2",
    "9.11842255746694495815413491394703481364816477741e-2",
    "1.0417573492745862208260336684079003651043890289786e-1",
    "1.1366975579210394018783399077297409626772876915931e-1",
    "1.262664407150833326508519315366772866509585800812e-1",
    "1.3885996923266329355356201198762299408918055111887e-1",
    "1.5145062981259955763925940608016696710448236383418e-1",
};
// The same with the parameters rounded to double (a double model cast to MPFR).
const char* const mpmath_double[12] = {
    "1.3165907312611825146556290288641760276723302500139e-2",
    "2.6286190597111553093460863581133642345423307570726e-2",
    "3.9389308359094259334999373257910804873327243478529e-2",
    "5.2178025317822176092868779518812989901309429131858e-2",
    "6.5186129696305750735102526075814906469567628040625e-2",
    "7.8187682662476239844899310807755362494617977585096e-2",
    "9.118422557466944955568980382121822540045036111082e-2",
    "1.0417573492745862205113961550277636971760483097468e-1",
    "1.1366975579210394021474333215482703114018619857578e-1",
    "1.2626644071508333267889852763211512059257772439463e-1",
    "1.388599692326632935825706508073191179412604555668e-1",
    "1.5145062981259955766907092655167466884695154107031e-1",
};

/// The 50-digit flow of `m` from p0_i = i/78 to t = 0.05 at tolerance 1e-45; the largest relative deviation
/// of p_i(0.05) from the given digits.
mpfr deviation_from(const SrctParams<mpfr>& m, const char* const (&digits)[12]) {
  Vec<mpfr> p0(12);
  for (int i = 0; i < 12; ++i)
    p0(i) = mpfr(i + 1) / 78;
  FlowOptions o;
  o.rel_tol = o.abs_tol = 1e-45;
  const FlowResult<mpfr> r = integrate_flow_from<mpfr>(srct_field(m), p0, mpfr(0), mpfr("0.05"), {}, o);
  REQUIRE(r.completed);
  mpfr worst(0);
  for (int i = 0; i < 12; ++i) {
    const mpfr ref(digits[i]);
    worst = std::max<mpfr>(worst, mpfr(abs(mpfr(r.p(i) - ref)) / ref));
  }
  return worst;
}

struct Digits50 { // the test's precision, whatever the suite's other tests left set
  unsigned saved = working_digits();
  Digits50() { set_working_digits(50); }
  ~Digits50() { set_working_digits(saved); }
};
} // namespace

TEST_CASE("the 50-digit flow of the exact-decimal Study B model agrees with mpmath to 40 digits",
          "[flow][mpfr][reference]") {
  const Digits50 digits;
  const SrctParams<mpfr> m = study_b_model<mpfr>(make_universe(), "1", "0.05", "0.5");
  const mpfr dev = deviation_from(m, mpmath_exact);
  INFO("largest relative deviation " << to_double(dev));
  CHECK(dev < mpfr("1e-40"));
}

TEST_CASE("a double model cast to MPFR is a reference for the double-rounded parameters only",
          "[flow][mpfr][reference]") {
  const Digits50 digits;
  const SrctParams<mpfr> m = study_b_model(make_universe(), 1.0, 0.05, 0.5).cast<mpfr>();
  const mpfr dev = deviation_from(m, mpmath_double), off = deviation_from(m, mpmath_exact);
  INFO("largest relative deviation " << to_double(dev) << " from the double-parameter digits, "
                                     << to_double(off) << " from the exact ones");
  CHECK(dev < mpfr("1e-40")); // the integrator is right; the model is perturbed at ~1e-17
  CHECK(off > mpfr("1e-22"));
  CHECK(off < mpfr("1e-15"));
}
