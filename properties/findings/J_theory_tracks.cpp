// properties/findings/J_theory_tracks.cpp — findings about the claims of properties/J_theory_tracks.cpp
// (App. J Study A and the strategy simplex).
#include "properties/engine/finding.hpp"

namespace dcrv {

// App. J states the GRPO theory fitness as φ_i = 1{i ∈ C}: it holds no batch statistic and is constant on
// the correct set, so the replicator step never moves mass within C (ε = 0) or moves it towards equal shares
// (ε > 0). Study A's "slow, batch-size-dependent drift" and "median fixation ≈ 4.7k at B = 16" and the
// simplex's "drifts along the face until a noise-driven fixation" then cannot happen; they need a
// batch-dependent fitness, and the two such fitnesses dcrv reads (present-only, importance-weighted) do not
// give every sentence either: only the importance-weighted one fixates in most runs at B = 16, and under it
// 42 % of the runs fixate at B = 64, against "no fixation by 5k at B = 64", which holds only under the
// literal fitness; and under it the median fixation at B = 16 is about 1.3k steps, not 4.7k, so the
// importance-weighted reading of the median sentence fails too, for the same cause, and is repaired like the
// literal one. Each sentence is mapped to the fitness under which dcrv verifies it.
DCRV_FINDING(finding_grpo_fitness_sentences) {
  return corrected_finding(
      "J.grpo-fitness-sentences",
      "App. J's GRPO fitness is constant on the correct set; no one fitness gives "
      "all of Study A's GRPO sentences",
      R"(App.~J (Theoretical update, GRPO) states the fitness \(\phi_i=\mathbf 1\{i\in\mathcal C\}\). It uses no batch statistic and is constant on \(\mathcal C\), so for \(i,j\in\mathcal C\) the ratio \(p_i/p_j\) is unchanged by the replicator step at \(\varepsilon=0\) (and moves towards 1 for \(\varepsilon>0\)): from the uniform start the correct traces stay equal, nothing drifts and no run fixates, at any \(B\). Study~A's ``slow, batch-size-dependent drift (median fixation \(\approx4.7\)k steps at \(B=16\))'' and the simplex overview's ``noise-driven fixation'' therefore fail under the stated fitness (dcrv: drift difference exactly 0, no run fixates). Under a batch-dependent fitness the drift appears (present-only \(\phi_i=U_i\mathbf 1\{n_i>0\}\)), and most runs fixate at \(B=16\) only under the importance-weighted \(\phi_i=U_i\hat p_i/p_i\); but under that fitness 42\,\% of the runs fixate by \(T\) at \(B=64\), against ``no fixation by 5k at \(B=64\)'', which holds only under the stated fitness, and they fixate early: the median fixation time at \(B=16\) is about 1.3k steps, and the five-seed median lies within 10\,\% of 4.7k with probability below 1\,\%. So the median sentence holds under none of the three fitnesses; its importance-weighted reading fails for the same cause (the paper's fitness does not produce Study~A's GRPO behaviour) and is repaired like the literal one: by the stated fitness's exact consequence, no fixation at \(B=16\).)",
      {{"J.grpo-median-fix-b16", "J.grpo-median-fix-b16~corrected"},
       {"J.grpo-batch-dependent-drift", "J.grpo-batch-dependent-drift~present-only"},
       {"J.simplex-grpo-drift-fixation", "J.simplex-grpo-drift-fixation~importance-weighted"},
       {"J.simplex-grpo-drift-fixation~present-only", "J.simplex-grpo-drift-fixation~importance-weighted"},
       {"J.grpo-nofix-b64~importance-weighted", "J.grpo-nofix-b64"},
       {"J.grpo-median-fix-b16~importance-weighted", "J.grpo-median-fix-b16~corrected"}},
      R"(State the GRPO fitness each sentence uses: with the stated \(\phi_i=\mathbf 1\{i\in\mathcal C\}\) GRPO never fixates (at \(B=16\) nor \(B=64\)); the batch-dependent drift needs a batch statistic in the fitness (present-only), the noise-driven fixation in most runs at \(B=16\) the importance-weighted fitness, under which runs also fixate at \(B=64\))");
}

} // namespace dcrv
