// Appendix B — the soft-max map and its Jacobian (appendix_B_aistats.tex §B.2–B.3).
#include "checks/registry.hpp"
#include "dcrv/linalg.hpp"
#include "dcrv/simplex.hpp"
#include "dcrv/softmax.hpp"
#include "properties/engine.hpp"

namespace dcrv {
namespace {

// App. B, Cor. cor:B-loewner (right inequality): J_θ|_T ≼ ½ I.
DCRV_CLAIM(loewner_upper) {
  return forall("B.loewner-upper", Kind::bound)
      .statement(R"(v^\top J_\theta v \le c\,\|v\|_2^2$ for all $\theta\in\mathbb R^S$, $v\in T$, $c=\tfrac12)")
      .constant("c", 0.5, Role::upper, "coefficient of ||v||^2")
      .over(Domain().logits("theta", 3.0, false).tangent("v"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> v = a.tangent("v");
        const Vec<T> p = softmax(a.logits("theta"));
        return le<T>(v.dot(covariance_matrix(p) * v), k("c") * v.squaredNorm());
      });
}

// App. B, Cor. cor:B-loewner (left inequality): p_min I ≼ J_θ|_T.
DCRV_CLAIM(loewner_lower) {
  return forall("B.loewner-lower", Kind::bound)
      .statement(R"(v^\top J_\theta v \ge c\,p_{\min}\|v\|_2^2$ for all $v\in T$, $c=1)")
      .constant("c", 1.0, Role::lower, "coefficient of p_min ||v||^2")
      .over(Domain().logits("theta", 3.0, false).tangent("v"))
      .holds([]<class T>(const Args<T>& a, const Consts<T>& k) {
        const Vec<T> v = a.tangent("v");
        const Vec<T> p = softmax(a.logits("theta"));
        return ge<T>(v.dot(covariance_matrix(p) * v), k("c") * p.minCoeff() * v.squaredNorm());
      });
}

} // namespace
} // namespace dcrv
