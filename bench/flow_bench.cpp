// Benchmark (not a timed test): the paper's S = 12 DCR flow of App. J Study B (clusters 3,3,2 + 4 incorrect,
// gated cluster kernel, λ = 1, α = 0.05, β = 0.5, ε_barrier = 1e-4) integrated to t = 50, in double
// (Dormand–Prince) and in MPFR (Bulirsch–Stoer, default 50 digits) at each requested tolerance.
// Prints steps, rate evaluations, wall time per integration, p(50) and, in MPFR, the distance of log p(50)
// from a reference integrated at tolerance 10^(5 − digits).
//   dcrv_flow_bench [digits=50] [tol...=1e-20 1e-30 1e-40]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "dcrv/ode.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/universe.hpp"

using namespace dcrv;
using boost::multiprecision::abs;
using std::abs;

/// Integrates `repeats` times at tolerance `tol`; prints the cost and, given a reference, the largest
/// |log p_i(50) − log p_ref,i(50)|.
template <class T>
FlowResult<T> run(const char* label, double tol, int repeats, const FlowResult<T>* reference = nullptr) {
  // The constants as exact decimals in T (in MPFR not their double roundings, dcrv/universe.hpp).
  const SrctParams<T> m = study_b_model<T>(make_universe(), "1", "0.05", "0.5");
  Vec<T> p0(12);
  for (int i = 0; i < 12; ++i)
    p0(i) = T(1 + i) / T(78); // a non-uniform interior start
  FlowOptions o;
  o.rel_tol = o.abs_tol = tol;
  FlowResult<T> r;
  long evals = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < repeats; ++k)
    r = integrate_flow_from<T>(
        [&m, &evals](const T&, const Vec<T>& p, const Vec<T>& lp) { return ++evals, srct_rate(m, p, lp); },
        p0, T(0), T(50), {}, o);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / repeats;
  std::cout << label << " tol " << tol << ": " << r.steps << " accepted steps, " << r.rejected
            << " rejected, " << evals / repeats << " rate evaluations, " << s << " s per integration ("
            << 1e6 * s * repeats / evals << " us per evaluation); H[p(50)] = " << to_double(entropy(r.p))
            << ", p_1(50) = " << to_double(r.p(0)) << ", p_12(50) = " << to_double(r.p(11));
  if (reference) {
    T d(0);
    for (int i = 0; i < 12; ++i)
      d = std::max<T>(d, T(abs(T(r.log_p(i) - reference->log_p(i)))));
    std::cout << "; max |log p(50) - reference| = " << to_double(d);
  }
  std::cout << std::endl;
  return r;
}

int main(int argc, char** argv) {
  const unsigned digits = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 50;
  std::vector<double> tols;
  for (int i = 2; i < argc; ++i)
    tols.push_back(std::atof(argv[i]));
  if (tols.empty())
    tols = {1e-20, 1e-30, 1e-40};
  set_working_digits(digits);
  run<double>("double/dopri5  ", 1e-10, 20);
  std::cout << "MPFR " << digits << " digits / Bulirsch-Stoer:\n";
  const double ref_tol = std::pow(10.0, 5.0 - digits);
  const FlowResult<mpfr> ref = run<mpfr>("mpfr/reference ", ref_tol, 1);
  for (const double tol : tols)
    run<mpfr>("mpfr/bulirsch  ", tol, 3, &ref);
  return 0;
}
