// dcrv/ensemble/events.hpp — App. J's event detector as an on-line accumulator (§"Common metrics and event
// detection"; ¶ "Time horizons, seeds, and smoothing"): events are detected on 50-step moving averages with a
// 200-step floor (no event before step 200):
//   fixation (STaR/GRPO)     smoothed max_i p_i ≥ 0.75 and smoothed max{m_A, m_B, m_C} ≥ 0.9;
//   homogenization (DPO)     smoothed cluster Gini ≤ 0.10 and every nonzero smoothed cluster mass ≥ 0.15.
// The metrics are pushed once per logged step t = 0, 1, …, T (t = 0: the initial policy); nothing of the
// trajectory is stored beyond the moving windows.
//
// Readings (J.event-detection leaves them open), all computed at once:
//   event_trailing     literal: trailing window (t−w+1 … t), the maximum taken before smoothing, the event
//                      time the first t ≥ floor at which the smoothed condition holds;
//   event_centred      a centred window (s−⌊w/2⌋ … s−⌊w/2⌋+w−1), first s ≥ floor;
//   event_max_smoothed the trace and cluster maxima taken after smoothing each p_i and m_k (trailing);
//   event_clamped      max(first trailing crossing at any t, floor) — the floor as a clamp, not a search
//   start.
// Before the window is full (t < w − 1) the average is over the values logged so far.
#pragma once

#include "dcrv/ensemble/metrics.hpp"

namespace dcrv::ensemble {

inline constexpr int kMaxWindow = 64;

enum EventReading : int {
  event_trailing = 0,
  event_centred = 1,
  event_max_smoothed = 2,
  event_clamped = 3,
  kEventReadings = 4
};

/// The constants of the detector (App. J: w = 50, floor = 200, 0.75, 0.9, 0.10, 0.15).
struct EventParams {
  int window = 50;
  int floor = 200;
  double fix_trace = 0.75, fix_cluster = 0.9;
  double homog_gini = 0.10, homog_mass = 0.15;
};

/// A moving average over the last `w` pushed values (fewer at the start).
struct MovingAverage {
  double buf[kMaxWindow];
  double sum = 0;
  int count = 0, head = 0, w = 50;
  DCRV_HD void reset(int window) {
    w = window;
    sum = 0;
    count = head = 0;
  }
  DCRV_HD void push(double x) {
    if (count == w) {
      sum -= buf[head];
    } else {
      ++count;
    }
    buf[head] = x;
    sum += x;
    head = head + 1 == w ? 0 : head + 1;
  }
  DCRV_HD double mean() const { return count > 0 ? sum / count : 0.0; }
};

/// The on-line event detector.
struct EventDetector {
  EventParams prm;
  int n_clusters = 3, S = 12;
  MovingAverage max_p, max_m, gini, mass[kMaxClusters], trace[kMaxTraces];
  int fix[kEventReadings], homog[kEventReadings];
  int first_fix_any = -1, first_homog_any = -1; // first trailing crossing at any t (clamped reading)

  DCRV_HD void reset(const EventParams& e, int n_cl, int n_traces) {
    prm = e;
    n_clusters = n_cl;
    S = n_traces;
    max_p.reset(e.window);
    max_m.reset(e.window);
    gini.reset(e.window);
    for (int k = 0; k < n_cl; ++k)
      mass[k].reset(e.window);
    for (int i = 0; i < n_traces; ++i)
      trace[i].reset(e.window);
    for (int r = 0; r < kEventReadings; ++r)
      fix[r] = homog[r] = -1;
    first_fix_any = first_homog_any = -1;
  }

  /// Pushes the metrics of step t (t = 0, 1, … in order): p (the policy), m (cluster masses), g (Gini).
  template <class T> DCRV_HD void push(int t, const T* p, const T* m, const T& g) {
    double mp = 0, mm = 0;
    for (int i = 0; i < S; ++i) {
      const double x = to_d(p[i]);
      mp = x > mp ? x : mp;
      trace[i].push(x);
    }
    for (int k = 0; k < n_clusters; ++k) {
      const double x = to_d(m[k]);
      mm = x > mm ? x : mm;
      mass[k].push(x);
    }
    max_p.push(mp);
    max_m.push(mm);
    gini.push(to_d(g));

    // trailing window ending at t
    const bool fix_now = max_p.mean() >= prm.fix_trace && max_m.mean() >= prm.fix_cluster;
    bool homog_now = gini.mean() <= prm.homog_gini;
    for (int k = 0; k < n_clusters; ++k) {
      const double mk = mass[k].mean();
      if (mk > 0 && mk < prm.homog_mass)
        homog_now = false;
    }
    if (fix_now && first_fix_any < 0)
      first_fix_any = t;
    if (homog_now && first_homog_any < 0)
      first_homog_any = t;
    if (t >= prm.floor) {
      if (fix_now && fix[event_trailing] < 0)
        fix[event_trailing] = t;
      if (homog_now && homog[event_trailing] < 0)
        homog[event_trailing] = t;
    }
    // centred window on s: s − ⌊w/2⌋ … s − ⌊w/2⌋ + w − 1 (w = 50: s − 25 … s + 24), the trailing window
    // ending at t = s − ⌊w/2⌋ + w − 1; only full windows
    const int s = t - prm.window + 1 + prm.window / 2;
    if (s >= prm.floor && max_p.count == prm.window) {
      if (fix_now && fix[event_centred] < 0)
        fix[event_centred] = s;
      if (homog_now && homog[event_centred] < 0)
        homog[event_centred] = s;
    }
    // maxima after smoothing
    if (t >= prm.floor && fix[event_max_smoothed] < 0) {
      double sp = 0, sm = 0;
      for (int i = 0; i < S; ++i)
        sp = trace[i].mean() > sp ? trace[i].mean() : sp;
      for (int k = 0; k < n_clusters; ++k)
        sm = mass[k].mean() > sm ? mass[k].mean() : sm;
      if (sp >= prm.fix_trace && sm >= prm.fix_cluster)
        fix[event_max_smoothed] = t;
    }
    if (t >= prm.floor && homog[event_max_smoothed] < 0 && homog_now)
      homog[event_max_smoothed] = t; // the homogenisation rule has no maximum: as the literal
    if (first_fix_any >= 0 && fix[event_clamped] < 0)
      fix[event_clamped] = first_fix_any > prm.floor ? first_fix_any : prm.floor;
    if (first_homog_any >= 0 && homog[event_clamped] < 0)
      homog[event_clamped] = first_homog_any > prm.floor ? first_homog_any : prm.floor;
  }

private:
  DCRV_HD static double to_d(double x) { return x; }
  template <class T> static double to_d(const T& x) { return static_cast<double>(x); }
};

} // namespace dcrv::ensemble
