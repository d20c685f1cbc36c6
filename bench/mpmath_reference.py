#!/usr/bin/env python3
"""Reference digits for tests/test_mpfr_reference.cpp, computed independently of dcrv with mpmath.

The S = 12 DCR flow of App. J Study B (clusters 3,3,2 + 4 incorrect traces, gated cluster kernel K,
U = 1 on correct and 0.2 on incorrect traces, lambda = 1, alpha = 0.05, beta = 0.5, eps_barrier = 1e-4) from
dcrv's bench start p0_i = i/78 (i = 1..12), integrated to t = 0.05 by mpmath's Taylor-series `odefun` in the
p-coordinates of the boxed ODE of App. C (not dcrv's log-coordinates):

    dp_i/dt = p_i [ (phi_i - <p, phi>) - A (log p_i - <p, log p>) ],  phi = U - 2 lambda beta K p,
    A = eps_barrier + lambda alpha.

Two parameter sets: `exact` (the decimals 0.05, 0.2, 1e-4 at the working precision: the paper's model) and
`double` (their IEEE double roundings, as a model built in double and cast to MPFR sees them).
Usage: python3 bench/mpmath_reference.py [--dps 60] [--digits 50] [exact|double ...]
Prints p_i(0.05) to `--digits` significant digits and the wall time of each odefun integration.
"""
import argparse
import time

import mpmath
from mpmath import mp, mpf


def model(kind):
    dec = (lambda s: mpf(s)) if kind == "exact" else (lambda s: mpf(float(s)))
    lam, alpha, beta, eps, r_inc = dec("1"), dec("0.05"), dec("0.5"), dec("1e-4"), dec("0.2")
    cluster = [0, 0, 0, 1, 1, 1, 2, 2, -1, -1, -1, -1]
    U = [mpf(1) if c >= 0 else r_inc for c in cluster]
    K = [[1 if (ci >= 0 and ci == cj) else 0 for cj in cluster] for ci in cluster]
    return U, K, 2 * lam * beta, eps + lam * alpha


def field(U, K, c, A):
    S = len(U)

    def F(t, p):
        lp = [mpmath.log(x) for x in p]
        phi = [U[i] - c * mpmath.fsum(p[j] for j in range(S) if K[i][j]) for i in range(S)]
        g = [phi[i] - A * lp[i] for i in range(S)]
        gbar = mpmath.fsum(p[i] * g[i] for i in range(S))
        return [p[i] * (g[i] - gbar) for i in range(S)]

    return F


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dps", type=int, default=60)
    ap.add_argument("--digits", type=int, default=50)
    ap.add_argument("--t", default="0.05")
    ap.add_argument("kinds", nargs="*", default=["exact", "double"])
    a = ap.parse_args()
    mp.dps = a.dps
    p0 = [mpf(i) / 78 for i in range(1, 13)]
    for kind in a.kinds:
        U, K, c, A = model(kind)
        t0 = time.time()
        sol = mpmath.odefun(field(U, K, c, A), 0, p0)
        p = sol(mpf(a.t))
        wall = time.time() - t0
        print(f"# {kind} parameters, mp.dps = {a.dps}, odefun to t = {a.t}: {wall:.1f} s")
        for i, x in enumerate(p):
            print(f'    "{mpmath.nstr(x, a.digits, min_fixed=0, max_fixed=0)}", // p_{i + 1}')


if __name__ == "__main__":
    main()
