// dcrv/odeint_mpfr.hpp — Boost.Odeint adaptation of the MPFR scalar (DESIGN.md, "Known pitfalls"):
// odeint needs extract_value_type specialised for the runtime-precision et_off number.
#pragma once
#include "dcrv/real.hpp"
#include <boost/numeric/odeint/util/unit_helper.hpp>

namespace boost::numeric::odeint::detail {
template <> struct extract_value_type<dcrv::mpfr> { using type = dcrv::mpfr; };
} // namespace boost::numeric::odeint::detail
