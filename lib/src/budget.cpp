#include "dcrv/budget.hpp"

#include <limits>

namespace dcrv {
namespace {
using Clock = std::chrono::steady_clock;
thread_local bool t_armed = false;
thread_local Clock::time_point t_deadline{};
} // namespace

ScopedTimeBudget::ScopedTimeBudget(double seconds) : previous_(t_deadline), had_previous_(t_armed) {
  const auto d =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  if (!t_armed || d < t_deadline)
    t_deadline = d;
  t_armed = true;
}
ScopedTimeBudget::~ScopedTimeBudget() {
  t_armed = had_previous_;
  t_deadline = previous_;
}
bool time_budget_expired() {
  return t_armed && Clock::now() >= t_deadline;
}
void check_time_budget() {
  if (time_budget_expired())
    throw TimeBudgetExhausted("the claim's wall-time budget is exhausted");
}
double time_budget_left() {
  if (!t_armed)
    return std::numeric_limits<double>::infinity();
  return std::chrono::duration<double>(t_deadline - Clock::now()).count();
}

} // namespace dcrv
