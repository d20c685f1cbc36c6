#include "dcrv/universe.hpp"

#include <cstdlib>

namespace dcrv {

TraceUniverse make_universe(const std::vector<int>& cluster_sizes, int incorrect) {
  TraceUniverse u;
  for (std::size_t c = 0; c < cluster_sizes.size(); ++c)
    for (int k = 0; k < cluster_sizes[c]; ++k) {
      u.cluster.push_back(static_cast<int>(c));
      u.correct.push_back(true);
    }
  for (int k = 0; k < incorrect; ++k) {
    u.cluster.push_back(-1);
    u.correct.push_back(false);
  }
  return u;
}

Mat<double> cluster_kernel(const TraceUniverse& u) {
  const int S = u.size();
  Mat<double> k = Mat<double>::Zero(S, S);
  for (int i = 0; i < S; ++i)
    for (int j = 0; j < S; ++j)
      if (u.correct[i] && u.correct[j] && u.cluster[i] == u.cluster[j])
        k(i, j) = 1;
  return k;
}

SrctParams<double> study_b_model(const TraceUniverse& u, double lambda, double alpha, double beta,
                                 double eps_barrier, double incorrect_reward) {
  SrctParams<double> m;
  const int S = u.size();
  m.U.resize(S);
  for (int i = 0; i < S; ++i)
    m.U(i) = u.correct[i] ? 1.0 : incorrect_reward;
  m.K = cluster_kernel(u);
  m.p_base = Vec<double>::Constant(S, 1.0 / S);
  m.lambda = lambda;
  m.alpha = alpha;
  m.beta = beta;
  m.eps = eps_barrier;
  return m;
}

namespace {
/// The decimal `s` correctly rounded into T (strtod for double, mpfr_set_str at the working precision).
template <class T> T decimal(const char* s) {
  if constexpr (std::is_same_v<T, double>)
    return std::strtod(s, nullptr);
  else
    return T(s);
}
} // namespace

template <class T>
SrctParams<T> study_b_model(const TraceUniverse& u, const char* lambda, const char* alpha, const char* beta,
                            const char* eps_barrier, const char* incorrect_reward) {
  SrctParams<T> m = study_b_model(u, 1.0, 0.0, 0.0, 0.0, 0.0).template cast<T>(); // U, K, p_base: exact
  const T r = decimal<T>(incorrect_reward);
  for (int i = 0; i < u.size(); ++i)
    if (!u.correct[i])
      m.U(i) = r;
  m.p_base = Vec<T>::Constant(u.size(), T(1) / T(u.size()));
  m.lambda = decimal<T>(lambda);
  m.alpha = decimal<T>(alpha);
  m.beta = decimal<T>(beta);
  m.eps = decimal<T>(eps_barrier);
  return m;
}
template SrctParams<double> study_b_model(const TraceUniverse&, const char*, const char*, const char*,
                                          const char*, const char*);
template SrctParams<mpfr> study_b_model(const TraceUniverse&, const char*, const char*, const char*,
                                        const char*, const char*);

} // namespace dcrv
