// dcrv/ensemble/universe.hpp — the App. J trace universe in fixed-size array form, for the ensemble engine
// (one path per CPU task or GPU thread; no allocation, DCRV_HD).
//
// App. J §"Experimental Implementation", ¶ Synthetic trace universe: S = 12 traces, correct set 𝒞 of 8 traces
// in clusters A, B, C of sizes 3, 3, 2, incorrect set ℐ of 4 traces; U(i) = 1{i ∈ 𝒞}; Study-B rewards r(i) =
// 1 on 𝒞 and 0.2 on ℐ; before any logarithm p_i ← max(p_i, 10⁻¹²).
//
// Kernels are similarity *labels*: K(i, j) = 1 iff label(i) = label(j) ≥ 0, so (K p)_i is the mass of i's
// label class (O(S) instead of O(S²)). The gated kernel K_eff = R K_sem R of App. J has label = cluster on 𝒞
// and −1 (no row, no column) on ℐ. The "Ungated" ablation ("apply K to all traces") is not defined on ℐ by
// the paper (K_sem as written already vanishes there); its readings are the other labellings below.
#pragma once

#include "dcrv/random.hpp" // DCRV_HD

namespace dcrv::ensemble {

inline constexpr int kMaxTraces = 16;  // the largest S of the array form (App. J: 12)
inline constexpr int kMaxClusters = 4; // the largest number of correct clusters (App. J: 3)
inline constexpr double kClip = 1e-12; // App. J: p_i ← max(p_i, 1e-12) before any log

/// The trace universe: cluster[i] ∈ {0, …, n_clusters − 1} for correct traces, −1 for incorrect ones.
struct Universe {
  int S = 0;
  int n_clusters = 0;
  int cluster[kMaxTraces] = {};
  double reward[kMaxTraces] = {}; // r(i) of Study B (1 on 𝒞, r_incorrect on ℐ)
  DCRV_HD bool correct(int i) const { return cluster[i] >= 0; }
  /// The verifier U(i) = 1{i ∈ 𝒞}.
  DCRV_HD double verifier(int i) const { return cluster[i] >= 0 ? 1.0 : 0.0; }
};

/// Clusters of the given sizes (in order A, B, C, …) followed by `incorrect` incorrect traces; r = 1 on 𝒞 and
/// `incorrect_reward` on ℐ. App. J: sizes {3, 3, 2}, 4 incorrect, r_incorrect = 0.2.
inline Universe make_universe(const int* sizes, int n_clusters, int incorrect, double incorrect_reward) {
  Universe u;
  u.n_clusters = n_clusters;
  for (int c = 0; c < n_clusters; ++c)
    for (int k = 0; k < sizes[c]; ++k) {
      u.cluster[u.S] = c;
      u.reward[u.S] = 1.0;
      ++u.S;
    }
  for (int k = 0; k < incorrect; ++k) {
    u.cluster[u.S] = -1;
    u.reward[u.S] = incorrect_reward;
    ++u.S;
  }
  return u;
}
/// The App. J universe: clusters {3, 3, 2}, 4 incorrect traces, r_incorrect = 0.2.
inline Universe app_j_universe() {
  const int sizes[3] = {3, 3, 2};
  return make_universe(sizes, 3, 4, 0.2);
}

/// A 0/1 similarity kernel given by labels: K(i, j) = 1 iff label[i] == label[j] ≥ 0.
struct LabelKernel {
  int label[kMaxTraces] = {};
  int n_labels = 0;
  /// K(i, j).
  DCRV_HD double operator()(int i, int j) const { return label[i] >= 0 && label[i] == label[j] ? 1.0 : 0.0; }
  /// (K p)_i for every i, through the label masses (mass: scratch of n_labels entries).
  template <class T> DCRV_HD void apply(const T* p, int S, T* out, T* mass) const {
    for (int l = 0; l < n_labels; ++l)
      mass[l] = T(0);
    for (int i = 0; i < S; ++i)
      if (label[i] >= 0)
        mass[label[i]] += p[i];
    for (int i = 0; i < S; ++i)
      out[i] = label[i] >= 0 ? mass[label[i]] : T(0);
  }
  /// pᵀ K p = Σ_l (mass of label l)².
  template <class T> DCRV_HD T energy(const T* p, int S, T* mass) const {
    for (int l = 0; l < n_labels; ++l)
      mass[l] = T(0);
    for (int i = 0; i < S; ++i)
      if (label[i] >= 0)
        mass[label[i]] += p[i];
    T e(0);
    for (int l = 0; l < n_labels; ++l)
      e += mass[l] * mass[l];
    return e;
  }
};

/// How the kernel treats incorrect traces.
enum class KernelKind {
  gated,              // K_eff = R K_sem R (App. J): rows and columns of ℐ vanish
  ungated_literal,    // "apply K to all traces" with K_sem as written: identical to gated
  ungated_ic_cluster, // the incorrect traces are mutually similar (a fourth cluster)
  ungated_self,       // each incorrect trace is similar to itself only (K(i,i) = 1 on ℐ)
  ungated_all_ones,   // every pair similar: K = 11ᵀ
};
inline constexpr int kMaxLabels = kMaxTraces + kMaxClusters;

/// The labelling of a kernel kind over universe u.
DCRV_HD inline LabelKernel make_kernel(const Universe& u, KernelKind kind) {
  LabelKernel k;
  k.n_labels = u.n_clusters;
  int next = u.n_clusters;
  for (int i = 0; i < u.S; ++i) {
    if (kind == KernelKind::ungated_all_ones) {
      k.label[i] = 0;
      continue;
    }
    if (u.correct(i)) {
      k.label[i] = u.cluster[i];
      continue;
    }
    switch (kind) {
    case KernelKind::ungated_ic_cluster:
      k.label[i] = u.n_clusters;
      break;
    case KernelKind::ungated_self:
      k.label[i] = next++;
      break;
    default:
      k.label[i] = -1;
      break;
    }
  }
  if (kind == KernelKind::ungated_all_ones)
    k.n_labels = 1;
  else if (kind == KernelKind::ungated_ic_cluster)
    k.n_labels = u.n_clusters + 1;
  else if (kind == KernelKind::ungated_self)
    k.n_labels = next;
  return k;
}

} // namespace dcrv::ensemble
