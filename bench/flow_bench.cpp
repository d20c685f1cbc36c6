// Benchmark (not a timed test): the paper's S = 12 DCR flow of App. J Study B (clusters 3,3,2 + 4 incorrect,
// gated cluster kernel, λ = 1, α = 0.05, β = 0.5, ε_barrier = 1e-4) integrated to t = 50, in MPFR
// (Bulirsch–Stoer, default 50 digits) and in double (Dormand–Prince). Prints steps, wall time, p(50).
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "dcrv/ode.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/universe.hpp"

using namespace dcrv;

template <class T> void run(const char* label, int repeats) {
  const SrctParams<T> m = study_b_model(make_universe(), 1.0, 0.05, 0.5).template cast<T>();
  Vec<T> p0(12);
  for (int i = 0; i < 12; ++i) p0(i) = T(1 + i) / T(78); // a non-uniform interior start
  FlowResult<T> r;
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < repeats; ++k)
    r = integrate_flow_from<T>([&m](const T&, const Vec<T>& p, const Vec<T>& lp) { return srct_rate(m, p, lp); }, p0, T(0), T(50));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / repeats;
  std::cout << label << ": " << r.steps << " accepted steps, " << r.rejected << " rejected, " << s
            << " s per integration; H[p(50)] = " << to_double(entropy(r.p)) << ", p_1(50) = " << to_double(r.p(0))
            << ", p_12(50) = " << to_double(r.p(11)) << "\n";
}

int main(int argc, char** argv) {
  const unsigned digits = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 50;
  set_working_digits(digits);
  run<double>("double/dopri5  ", 20);
  std::cout << "MPFR " << digits << " digits / Bulirsch-Stoer:\n";
  run<mpfr>("mpfr/bulirsch  ", 3);
  return 0;
}
