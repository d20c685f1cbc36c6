#include "dcrv/real.hpp"

#include <cmath>
#include <sstream>

namespace dcrv {
namespace {
unsigned g_digits = 50;
/// The bits of MPFR's own default for `digits10` decimal digits.
mpfr_prec_t bits_of(unsigned digits10) {
  return static_cast<mpfr_prec_t>(std::ceil(digits10 * 3.3219280948873623) + 1);
}
} // namespace
void set_working_digits(unsigned digits10) {
  g_digits = digits10;
  mpfr::default_precision(digits10);
  mpfi::default_precision(digits10);
  // MPFR's own (thread-local) default precision: MPFI allocates its internal temporaries with it
  mpfr_set_default_prec(bits_of(digits10));
}
unsigned working_digits() {
  return g_digits;
}
std::string working_precision_drift() {
  std::ostringstream os;
  if (mpfr::default_precision() != g_digits)
    os << "MPFR default " << mpfr::default_precision() << " digits; ";
  if (mpfi::default_precision() != g_digits)
    os << "MPFI default " << mpfi::default_precision() << " digits; ";
  if (mpfr_get_default_prec() != bits_of(g_digits))
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
