#include "dcrv/real.hpp"

#include <cmath>
#include <sstream>

namespace dcrv {
namespace {
unsigned g_digits = 50;
}
void set_working_digits(unsigned digits10) {
  g_digits = digits10;
  mpfr::default_precision(digits10);
  mpfi::default_precision(digits10);
  // MPFR's own (thread-local) default precision: MPFI allocates its internal temporaries with it
  mpfr_set_default_prec(static_cast<mpfr_prec_t>(std::ceil(digits10 * 3.3219280948873623) + 1));
}
unsigned working_digits() {
  return g_digits;
}
std::string working_precision_drift() {
  const auto bits = static_cast<mpfr_prec_t>(std::ceil(g_digits * 3.3219280948873623) + 1);
  std::ostringstream os;
  if (mpfr::default_precision() != g_digits)
    os << "MPFR default " << mpfr::default_precision() << " digits; ";
  if (mpfi::default_precision() != g_digits)
    os << "MPFI default " << mpfi::default_precision() << " digits; ";
  if (mpfr_get_default_prec() != bits)
    os << "MPFR thread default " << mpfr_get_default_prec() << " bits; ";
  std::string s = os.str();
  if (!s.empty())
    s += "working precision " + std::to_string(g_digits) + " digits";
  return s;
}

std::string to_string_exact(const mpfr& x, int digits) {
  std::ostringstream os;
  os.precision(digits > 0 ? digits : static_cast<int>(g_digits));
  os << x;
  return os.str();
}
} // namespace dcrv
