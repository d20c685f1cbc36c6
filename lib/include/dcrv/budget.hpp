// dcrv/budget.hpp — the wall-time budget of the check running on this thread (DESIGN.md "Budgets and speed":
// every claim has a wall-time budget per budget level; when it ends, the evidence stops there and says so).
//
// The runner arms a deadline before a check and disarms it after; long loops of lib/ (flow integration,
// equilibria, Monte-Carlo paths) call `check_time_budget()`, which throws TimeBudgetExhausted once the
// deadline has passed. The falsification engine catches it between evaluations and keeps the evidence
// gathered so far; anywhere else it ends the check as `inconclusive` with the reason. No claim can stall a
// run.
#pragma once
#include <chrono>
#include <stdexcept>

namespace dcrv {

class TimeBudgetExhausted : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// Arms the deadline of the calling thread for the lifetime of this object (nests: the earlier deadline
/// wins).
class ScopedTimeBudget {
public:
  explicit ScopedTimeBudget(double seconds);
  ~ScopedTimeBudget();
  ScopedTimeBudget(const ScopedTimeBudget&) = delete;
  ScopedTimeBudget& operator=(const ScopedTimeBudget&) = delete;

private:
  std::chrono::steady_clock::time_point previous_;
  bool had_previous_;
};

/// True once the calling thread's deadline (if any) has passed.
bool time_budget_expired();
/// Throws TimeBudgetExhausted once the calling thread's deadline has passed (cheap: a clock read).
void check_time_budget();
/// Seconds left before the calling thread's deadline (+infinity when none is armed).
double time_budget_left();

} // namespace dcrv
