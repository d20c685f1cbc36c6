// properties/findings/I_ideal_kernel.cpp — findings about the claims of properties/I_ideal_kernel.cpp (App. I
// §Idealized kernel, §Exponential convergence, §Notation hygiene and edge cases).
#include "properties/engine/finding.hpp"

namespace dcrv {

// §Exponential convergence: "since −∇²J̃ ⪰ A diag(1/p), J̃ is A-strongly concave in the Shahshahani metric, and
// the Riemannian PL inequality with the Lyapunov identity gives the δ-free rate e^{−2At}". The matrix bound
// holds (I.shahshahani-hessian-bound), but geodesic concavity also involves F·p̈ (the metric's curvature
// term), and near the faces it fails; the Riemannian PL inequality J̃(p⋆) − J̃(p) ≤ (1/2A) Σ p_i a_i² fails
// near every vertex, where Σ p_i a_i² → 0 while the gap stays of order one, and with it the δ-free rate from
// such starts (for N = 0 too). What holds is the Euclidean PL inequality and the rate e^{−2Aδt} with the
// dynamic floor δ.
DCRV_FINDING(finding_shahshahani_pl) {
  return corrected_finding(
      "I.shahshahani-pl",
      R"x(the Shahshahani PL inequality and the \(\delta\)-free rate fail near the faces)x",
      R"x(App.~I, Exponential convergence: ``since \(-\nabla^2\widetilde J(p)\succeq A\,\mathrm{diag}(1/p)\), \(\widetilde J\) is \(A\)-strongly concave in the Shahshahani metric \(g_p(u,u)=\sum_iu_i^2/p_i\), and the Riemannian PL inequality with the Lyapunov identity gives the \(\delta\)-free rate'' \(e^{-2At}\); the edge-case paragraph repeats it for \(N=0\). The matrix bound holds, but it is not geodesic concavity: along a geodesic of \(g\) the second derivative of \(\widetilde J\) is \(\dot p^\top\nabla^2\widetilde J\dot p+F\cdot\ddot p\), and the second term is unbounded near the faces. The Riemannian PL inequality \(\widetilde J(p^\star)-\widetilde J(p)\le\frac1{2A}\sum_ip_ia_i(p)^2\) fails near every vertex, and more generally near every point of a face that is stationary for the flow on that face (the Shahshahani flow preserves faces), where \(\sum_ip_ia_i^2\to0\) while \(\widetilde J(p^\star)-\widetilde J(p)\) stays of order one (e.g.\ \(S=8\), logit gaps of \(50\)); so from a start within \(10^{-30}\) of such a point the decay of \(\widetilde J(p^\star)-\widetilde J(p_t)\) is delayed (the small masses grow only as \(\log p_i\) relaxes at rate \(A\)) and the rate \(e^{-2At}\) fails (e.g.\ \(S=2\), \(A=0.3\), \(p_0=(1,8\cdot10^{-31})\); for \(N=0\), \(K=0\), \(S=12\), \(p_0=(10^{-41},\tfrac1{11},\dots,\tfrac1{11})\)). The Euclidean inequality \(\widetilde J(p^\star)-\widetilde J(p)\le\frac1{2A}\|a(p)\|_2^2\) and the rate \(e^{-2A\delta t}\) with the dynamic floor \(\delta\) hold.)x",
      {{"I.riemannian-pl", "I.euclid-pl"},
       {"I.metric-pl-rate", "I.euclid-rate-J"},
       {"I.shahshahani-hessian-bound~geodesic", "I.shahshahani-hessian-bound"},
       {"I.n0-validity", "I.n0-validity~corrected"}},
      R"x(Keep the matrix bound \(-\nabla^2\widetilde J\succeq A\,\mathrm{diag}(1/p)\), the Euclidean PL inequality and the rate \(e^{-2A\delta t}\) with the dynamic floor \(\delta\) (also for \(N=0\)); drop the Shahshahani strong concavity, the Riemannian PL inequality and the \(\delta\)-free rate:)x");
}

// prop:kkt-gap (⇒) with λβ = 0: K drops out of the flow, so stationarity of p⋆ says nothing about Kp⋆ and
// classwise constancy (i) does not follow; the proposition's "subtract the KKT equations" needs λβ > 0.
DCRV_FINDING(finding_kkt_lambda_beta_zero) {
  return corrected_finding(
      "I.kkt-needs-lambda-beta-positive",
      R"x(stationarity forces classwise constancy of \(Kp^\star\) only when \(\lambda\beta>0\))x",
      R"x(App.~I, Proposition prop:kkt-gap (\(\Rightarrow\)): subtracting the KKT equations of two indices of one class gives \(2\lambda\beta((Kp^\star)_a-(Kp^\star)_b)=-A\log(p^\star_a/p^\star_b)=0\), which forces (i) only when \(\lambda\beta>0\). With \(\lambda\beta=0\) the kernel drops out of the flow: the two-level \(p^\star\) is stationary when \(A=1/\log(p_C/\delta_\star)\), for every \(K\), including kernels with \(Kp^\star\) not classwise constant.)x",
      {{"I.kkt-two-level-necessity~lambda-beta-zero", "I.kkt-two-level-necessity"}},
      R"x(State the proposition for \(\lambda\beta>0\) (for \(\lambda\beta=0\) only the gap identity \(1=A\log(p_C/\delta_\star)\) is necessary):)x");
}

} // namespace dcrv
