// Appendix H §"Discrete mini-batch updates and noise statistics" (appendix_H_aistats.tex, Lemma lem:noise):
// the mini-batch noise ξ = N/B − p, N ~ Multinomial(B, p). The moment identities are checked exactly — E ξ
// and E‖ξ‖² by enumerating every outcome of the multinomial with its exact probability, in MPFR — and the
// sampler that the Monte-Carlo claims use (dcrv/random.hpp: conditional binomials, exact inversion / BTRS) is
// tested against them by Monte Carlo (K = 12, B = 64 as in App. J; K = 3, B = 10⁶).
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "dcrv/random.hpp"
#include "dcrv/stats.hpp"
#include "properties/domains/noise.hpp"
#include "properties/engine/engine.hpp"
#include "properties/engine/stochastic.hpp"

namespace dcrv {
namespace {
using namespace noise_domain;
using boost::multiprecision::pow;
using std::pow;

/// Calls f(n, prob) for every outcome n of Multinomial(B, p) with its exact probability B!/∏n_i! ∏p_i^{n_i}.
template <class T>
void for_each_outcome(int B, const Vec<T>& p,
                      const std::function<void(const std::vector<int>&, const T&)>& f) {
  const int K = static_cast<int>(p.size());
  std::vector<int> n(static_cast<std::size_t>(K), 0);
  std::function<void(int, int, T)> rec = [&](int i, int left, T coef) {
    // coef = B!/(∏_{j<i} n_j! · left!) ∏_{j<i} p_j^{n_j}
    if (i == K - 1) {
      n[static_cast<std::size_t>(i)] = left;
      T pw(1);
      for (int k = 0; k < left; ++k)
        pw *= p(i);
      f(n, coef * pw);
      return;
    }
    T c = coef, pw(1);
    for (int k = 0; k <= left; ++k) {
      n[static_cast<std::size_t>(i)] = k;
      // coef·C(left, k)·p_i^k: C(left, k) built incrementally
      rec(i + 1, left - k, c * pw);
      pw *= p(i);
      c = c * T(left - k) / T(k + 1);
    }
  };
  rec(0, B, T(1));
}

int batch_of(double x) {
  return static_cast<int>(std::clamp<long>(std::lround(x), 1, 8));
}

/// Calls f(ξ, prob) for the noise ξ = n/B − p of every outcome n of Multinomial(B, p).
template <class T, class F> void for_each_noise(int B, const Vec<T>& p, const F& f) {
  Vec<T> xi(p.size());
  for_each_outcome<T>(B, p, [&](const std::vector<int>& n, const T& pr) {
    for (Eigen::Index i = 0; i < p.size(); ++i)
      xi(i) = T(n[static_cast<std::size_t>(i)]) / T(B) - p(i);
    f(xi, pr);
  });
}

/// The exact part of a moment claim: `moment(p, B)` for every p in the closed simplex, K = 2..4, B = 1..8
/// (the moments by enumeration, in MPFR).
template <class F> Claim enumerated(const char* id, F moment) {
  return forall(id, Kind::stochastic)
      .over(Domain().dims(2, 4).simplex("p", true).real("B", 1, 8))
      .holds([moment]<class T>(const Args<T>& a, const Consts<T>&) {
        return moment.template operator()<T>(a.simplex("p"), batch_of(to_double(a.real("B"))));
      });
}

/// The noise moments of a sampler experiment: K, B, a fixed p (geometric weights), n draws.
struct Draws {
  std::vector<double> xi1, sq;
  double pp = 0;
};
Draws draw_noise(const McParams& q, std::uint64_t seed, long first, long count) {
  const int K = q.integer("K");
  const long B = std::lround(q("B"));
  std::vector<double> p(static_cast<std::size_t>(K));
  double t = 0;
  for (int i = 0; i < K; ++i)
    t += (p[i] = std::pow(q("ratio"), i));
  for (auto& v : p)
    v /= t;
  Draws d;
  for (double v : p)
    d.pp += v * v;
  std::vector<long> N(static_cast<std::size_t>(K));
  std::vector<double> tail(static_cast<std::size_t>(K) + 1);
  for (long j = first; j < first + count; ++j) {
    rng::Stream s(seed, static_cast<std::uint64_t>(j), 0);
    rng::multinomial(s, B, p.data(), K, N.data(), tail.data());
    double sq = 0;
    for (int i = 0; i < K; ++i) {
      const double xi = double(N[i]) / double(B) - p[i];
      sq += xi * xi;
    }
    d.xi1.push_back(double(N[0]) / double(B) - p[0]);
    d.sq.push_back(sq);
  }
  return d;
}
McParams sampler_case(int K, double B, double ratio) {
  return McParams{{"K", K}, {"B", B}, {"ratio", ratio}};
}

/// ‖p‖² of the sampler's geometric p ∝ (1, r, …, r^{K−1}).
template <class T> T geometric_sq_norm(const McParams& q) {
  const int K = q.integer("K");
  T t(0), s(0);
  for (int i = 0; i < K; ++i)
    t += pow(T(q("ratio")), i);
  for (int i = 0; i < K; ++i)
    s += pow(T(q("ratio")), i) * pow(T(q("ratio")), i) / (t * t);
  return s;
}

/// The Monte-Carlo part of Lemma lem:noise: dcrv's exact sampler at K = 12, B = 64 (as in App. J) and K = 3,
/// B = 10⁶; the interval of the sample mean of `moment` (ξ₁ or ‖ξ‖², labelled `label`) must contain `exact`.
template <class Exact>
Stochastic& with_sampler_experiments(Stochastic& c, const char* label, std::vector<double> Draws::*moment,
                                     Exact exact) {
  const auto measure = [label, moment](const McParams& q, std::uint64_t seed, long first, long count,
                                       double alpha) {
    const Draws d = draw_noise(q, seed, first, count);
    return McResult{label, stats::mean_interval(d.*moment, alpha), {}, {}};
  };
  c.experiment(
      "sampler K=12 B=64", [](const Context&) { return sampler_case(12, 64, 0.8); }, 20000, measure,
      equals(exact));
  c.experiment(
      "sampler K=3 B=1e6", [](const Context&) { return sampler_case(3, 1e6, 0.5); }, 2000, measure,
      equals(exact));
  return c.method(
      "exact enumeration in MPFR (K = 2..4, B = 1..8) and Monte Carlo of the exact multinomial sampler");
}
} // namespace

// App. H, Lemma lem:noise, first part: E[ξ | p] = 0, ξ ∈ T almost surely.
DCRV_CLAIM(claim_noise_mean) {
  Stochastic c = stochastic("H.noise-mean", Kind::stochastic);
  c.where("App. H §Discrete mini-batch updates, Lemma lem:noise (first part)")
      .statement(
          R"(\mathbb E[\xi\mid p]=0$ and $\sum_i\xi_i=0$ for every outcome, $\xi=N/B-p$, $N\sim\mathrm{Multinomial}(B,p)$: exactly, by enumerating every outcome with its probability in MPFR, for $K=2,3,4$, $B=1,\dots,8$, all $p$ in the closed simplex; and by Monte Carlo with dcrv's exact sampler, $K=12$, $B=64$ and $K=3$, $B=10^6$ (interval of $\mathbb E\xi_1$ at level $1-10^{-6}$ must contain $0$))")
      .exact(enumerated("H.noise-mean", []<class T>(const Vec<T>& p, int B) {
        Vec<T> mean = Vec<T>::Zero(p.size());
        T total(0), worst_sum(0);
        for_each_noise<T>(B, p, [&](const Vec<T>& xi, const T& pr) {
          T s(0);
          for (Eigen::Index i = 0; i < p.size(); ++i) {
            mean(i) += pr * xi(i);
            s += xi(i);
          }
          total += pr;
          worst_sum = std::max<T>(worst_sum, abs(s));
        });
        return worst(worst(eq<T>(mean, Vec<T>::Zero(p.size()), T(1)), eq<T>(total, T(1))),
                     le<T>(worst_sum, T(0), T(1)));
      }));
  return with_sampler_experiments(c, "E xi_1", &Draws::xi1,
                                  []<class T>(const McParams&, const Consts<T>&) { return T(0); });
}

// App. H, Lemma lem:noise, equality E‖ξ‖² = (1 − ‖p‖²)/B.
DCRV_CLAIM(claim_noise_second_moment) {
  Stochastic c = stochastic("H.noise-second-moment", Kind::stochastic);
  c.where("App. H §Discrete mini-batch updates, Lemma lem:noise (equality)")
      .statement(
          R"(\mathbb E[\|\xi\|_2^2\mid p]=(1-\|p\|_2^2)/B$: exactly, by enumeration in MPFR ($K=2,3,4$, $B=1,\dots,8$, all $p$ in the closed simplex), and by Monte Carlo with dcrv's exact sampler ($K=12$, $B=64$; $K=3$, $B=10^6$; the interval must contain the value))")
      .exact(enumerated("H.noise-second-moment", []<class T>(const Vec<T>& p, int B) {
        T m2(0);
        for_each_noise<T>(B, p, [&](const Vec<T>& xi, const T& pr) {
          T s(0);
          for (Eigen::Index i = 0; i < p.size(); ++i)
            s += xi(i) * xi(i);
          m2 += pr * s;
        });
        return eq<T>(m2, (T(1) - p.squaredNorm()) / T(B), T(1) / T(B));
      }));
  return with_sampler_experiments(c, "E |xi|^2", &Draws::sq,
                                  []<class T>(const McParams& q, const Consts<T>&) {
                                    return (T(1) - geometric_sq_norm<T>(q)) / T(q("B"));
                                  });
}

// App. H, Lemma lem:noise, inequalities (1 − ‖p‖²)/B ≤ (K−1)/(BK) < 1/B.
DCRV_CLAIM(claim_noise_variance_bound) {
  return forall("H.noise-variance-bound", Kind::bound)
      .where("App. H §Discrete mini-batch updates, Lemma lem:noise (inequalities)")
      .statement(
          R"((1-\|p\|_2^2)/B\le c\,(K-1)/(BK)<1/B$, $c=1$ (attained at the uniform $p$), for all $p$ in the closed simplex, $B\in[1,10^6]$ (integers), every $K\ge2$)")
      .constant("c", 1.0, Role::upper, "coefficient of (K-1)/(BK)")
      .over(Domain().dims(2, 0).simplex("p", true).real("B", 1, 1e6, true).points([](int S) {
        return std::vector<Assign>{{{"p", std::vector<double>(S, 1.0)}, {"B", {1.0}}},
                                   {{"p", std::vector<double>(S, 1.0)}, {"B", {64.0}}}};
      }))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> p = a.simplex("p");
        const T B = T(std::max<long>(1, std::lround(to_double(a.real("B")))));
        const T K = T(a.S());
        const T mid = (K - T(1)) / (B * K);
        return worst(le<T>((T(1) - p.squaredNorm()) / B, k("c") * mid), le<T>(mid, T(1) / B));
      });
}

} // namespace dcrv
