"""Discrete distributions (NumPy's Generator semantics), all exact
samplers vectorised in rounds (Note [Rounds] in _common.py); values are
computed in float64 (exact integers below 2**53) and returned as int64.

poisson: lam < 10 by NumPy's multiplication method, lam >= 10 by PTRS
  (Hormann, "The transformed rejection method for generating Poisson
  random variables", 1993), as NumPy.
binomial: n*min(p, 1-p) < 10 by NumPy's inversion, else BTRS (Hormann,
  "The generation of binomial random variates", 1993).
hypergeometric: NumPy's algorithms: sequential draws (at most 9) for
  nsample < 10 or > total - 10, else HRUA (Stadlober's ratio of uniforms).
zipf, logseries: NumPy's rejection / Kemp's algorithms.
"""
import math as _math

import numpy as _np

from . import _common as C
from ._common import _run as _run_f
from ._gamma import standard_gamma_flat

_INT64_MAX = 9.223372036854776e18
POISSON_LAM_MAX = _INT64_MAX - 10.0 * _math.sqrt(_INT64_MAX)


def _run(size, params, fn):
    return _run_f(size, params, fn).astype(C.I64)


def _split(n, mask, small, big):
    """small(take) where mask, big(take) elsewhere (scalar mask: one)."""
    return C.by_mask(n, mask, small, big)


# --- Poisson -------------------------------------------------------------

def _poisson_mult(gen, lam, n):
    g = C.gp()

    def step(state, m):
        enlam, x, prod = state
        prod = prod * gen.random(m)
        x = x + 1.0
        return x, prod > enlam, (enlam, x, prod)
    return C.rounds(step, (g.exp(-lam) if C.is_dev(lam) else
                           _math.exp(-lam), -1.0, 1.0), n)


def _poisson_ptrs(gen, lam, n):
    g = C.gp()
    slam = g.sqrt(lam)
    loglam = g.log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2.0)

    def step(state, m):
        lam, loglam, a, b, invalpha, vr = state
        u = gen.random(m) - 0.5
        v = gen.random(m)
        us = 0.5 - g.abs(u)
        k = g.floor((2.0 * a / us + b) * u + lam + 0.43)
        quick = (us >= 0.07) & (v <= vr)
        kk = g.maximum(k, 0.0)
        slow = (k >= 0) & ~((us < 0.013) & (v > us)) & (
            g.log(v) + g.log(invalpha) - g.log(a / (us * us) + b) <=
            -lam + kk * loglam - C.loggam(kk + 1.0))
        return k, ~(quick | slow), state
    return C.rounds(step, (lam, loglam, a, b, invalpha, vr), n)


def poisson_flat(gen, lam, n):
    """n Poisson(lam) variates as float64 (lam a float or flat array)."""
    g = C.gp()
    if not C.is_dev(lam) and lam == 0:
        return g.zeros((n,), C.F64)
    return _split(n, lam < 10, lambda t, k: _poisson_mult(gen, t(lam), k),
                  lambda t, k: _poisson_ptrs(gen, t(lam), k))


def poisson(gen, lam=1.0, size=None):
    lam = C.param(lam)
    C.check((lam < 0) | C.isnan(lam), "lam < 0 or lam is NaN")
    C.check(lam > POISSON_LAM_MAX, "lam value too large")
    return _run(size, [lam], lambda lam, n: poisson_flat(gen, lam, n))


# --- Binomial ------------------------------------------------------------

def _binom_inversion(gen, n_, p, m):
    g = C.gp()
    q = 1.0 - p
    qn = g.exp(n_ * g.log(q))
    np_ = n_ * p
    bound = g.minimum(n_, np_ + 10.0 * g.sqrt(np_ * q + 1.0))

    def step(state, m):
        n_, p, q, qn, bound, x, px, u = state
        done = u <= px
        x1 = x + 1.0
        restart = x1 > bound
        fresh = gen.random(m)
        nx = g.where(restart, 0.0, x1)
        npx = g.where(restart, qn, ((n_ - x1 + 1.0) * p * px) /
                      (x1 * q))
        nu = g.where(restart, fresh, u - px)
        return x, ~done, (n_, p, q, qn, bound, nx, npx, nu)
    return C.rounds(step, (n_, p, q, qn, bound, 0.0, qn, gen.random(m)), m)


def _binom_btrs(gen, n_, p, m):
    g = C.gp()
    q = 1.0 - p
    spq = g.sqrt(n_ * p * q)
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n_ * p + 0.5
    vr = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spq
    lpq = g.log(p / q)
    mode = g.floor((n_ + 1.0) * p)
    h = C.loggam(mode + 1.0) + C.loggam(n_ - mode + 1.0)

    def step(state, m):
        n_, a, b, c, vr, alpha, lpq, mode, h = state
        u = gen.random(m) - 0.5
        v = gen.random(m)
        us = 0.5 - g.abs(u)
        k = g.floor((2.0 * a / us + b) * u + c)
        inside = (k >= 0) & (k <= n_)
        quick = inside & (us >= 0.07) & (v <= vr)
        kk = g.clip(k, 0.0, n_)
        lv = g.log(g.maximum(v, 1e-300) * alpha / (a / (us * us) + b))
        ub = h - C.loggam(kk + 1.0) - C.loggam(n_ - kk + 1.0) + \
            (kk - mode) * lpq
        ok = quick | (inside & (v > 0) & (lv <= ub))
        return k, ~ok, state
    return C.rounds(step, (n_, a, b, c, vr, alpha, lpq, mode, h), m)


def binomial_flat(gen, n_, p, n):
    """n Binomial(n_, p) variates as float64 (exact samplers)."""
    g = C.gp()
    flip = p > 0.5
    pp = g.where(flip, 1.0 - p, p) if C.is_dev(flip) else \
        (1.0 - p if flip else p)
    small = (n_ * pp < 10.0) | (pp == 0)
    x = _split(n, small,
               lambda t, k: _binom_inversion(gen, t(n_), t(pp), k),
               lambda t, k: _binom_btrs(gen, t(n_), t(pp), k))
    if C.is_dev(flip):
        return g.where(flip, n_ - x, x)
    return n_ - x if flip else x


def binomial(gen, n, p, size=None):
    n_, p = C.param(n, C.I64), C.param(p)
    C.check(n_ < 0, "n < 0")
    C.check((p < 0) | (p > 1) | C.isnan(p), "p < 0, p > 1 or p is NaN")
    n_ = n_.astype(C.F64) if C.is_dev(n_) else float(n_)
    return _run(size, [n_, p], lambda n_, p, m: binomial_flat(gen, n_, p, m))


# --- Geometric, negative binomial -----------------------------------------

def geometric(gen, p, size=None):
    p = C.param(p)
    C.check((p <= 0) | (p > 1) | C.isnan(p),
            "p <= 0, p > 1 or p contains NaNs")
    g = C.gp()

    def f(p, n):
        # inversion: ceil(E / -log(1 - p)), E ~ Exp(1); p == 1 gives 1
        x = g.ceil(gen.standard_exponential(n) / -g.log1p(-p))
        return g.minimum(g.maximum(x, 1.0), _INT64_MAX)
    return _run(size, [p], f)


def negative_binomial(gen, n, p, size=None, legacy=False):
    n_, p = C.param(n), C.param(p)
    C.check((n_ <= 0) | C.isnan(n_), "n <= 0")
    if legacy:
        C.check((p < 0) | (p > 1) | C.isnan(p), "p < 0, p > 1 or p is NaN")
    else:
        C.check((p <= 0) | (p > 1) | C.isnan(p),
                "p <= 0, p > 1 or p contains NaNs")

    def f(n_, p, m):
        if not C.is_dev(p):  # legacy p = 0: inf odds, not ZeroDivisionError
            p = _np.float64(p)
        with _np.errstate(divide="ignore"):
            odds = (1.0 - p) / p
        y = standard_gamma_flat(gen, n_, m) * odds
        return poisson_flat(gen, C.gp().minimum(y, POISSON_LAM_MAX), m)
    return _run(size, [n_, p], f)


# --- Hypergeometric --------------------------------------------------------

def _hyper_seq(gen, good, bad, sample, m):
    g = C.gp()
    total = good + bad
    upper = sample > g.floor(total / 2.0)
    cs = g.where(upper, total - sample, sample)
    rt, rg = total + 0.0 * cs, good + 0.0 * cs
    for _ in range(9):
        active = (cs > 0) & (rg > 0) & (rt > rg)
        pick = (gen.random(m) * rt) < rg
        rt = g.where(active, rt - 1.0, rt)
        rg = g.where(active & pick, rg - 1.0, rg)
        cs = g.where(active, cs - 1.0, cs)
    # only good ones left: the remaining draws all take good ones
    rg = g.where(rt == rg, rg - cs, rg)
    return g.where(upper, rg, good - rg)


_D1, _D2 = 1.7155277699214135, 0.8989161620588988


def _hyper_hrua(gen, good, bad, sample, m):
    g = C.gp()
    lf = lambda k: C.loggam(k + 1.0)  # noqa: E731
    pop = good + bad
    cs = g.minimum(sample, pop - sample)
    mingb, maxgb = g.minimum(good, bad), g.maximum(good, bad)
    p, q = mingb / pop, maxgb / pop
    mu = cs * p
    a = mu + 0.5
    var = (pop - cs) * cs * p * q / (pop - 1.0)
    c = g.sqrt(var + 0.5)
    h = _D1 * c + _D2
    mode = g.floor((cs + 1.0) * (mingb + 1.0) / (pop + 2.0))
    gg = lf(mode) + lf(mingb - mode) + lf(cs - mode) + lf(maxgb - cs + mode)
    b = g.minimum(g.minimum(cs, mingb) + 1.0, g.floor(a + 16.0 * c))

    def step(state, m):
        a, h, b, gg, mingb, maxgb, cs = state
        u = C.open_uniform(gen, m)
        v = gen.random(m)
        x = a + h * (v - 0.5) / u
        inside = (x >= 0) & (x < b)
        k = g.floor(g.clip(x, 0.0, b))
        k = g.minimum(k, g.minimum(cs, mingb))
        t = gg - (lf(k) + lf(mingb - k) + lf(cs - k) +
                  lf(maxgb - cs + k))
        ok = inside & (((u * (4.0 - u) - 3.0) <= t) |
                       ((u * (u - t) < 1) & (2.0 * g.log(u) <= t)))
        return k, ~ok, state
    k = C.rounds(step, (a, h, b, gg, mingb, maxgb, cs), m)
    k = g.where(good > bad, cs - k, k)
    return g.where(cs < sample, good - k, k)


def hypergeometric(gen, ngood, nbad, nsample, size=None, legacy=False):
    good, bad, ns = (C.param(x, C.I64) for x in (ngood, nbad, nsample))
    C.check(good < 0, "ngood < 0")
    C.check(bad < 0, "nbad < 0")
    if legacy:
        C.check(ns < 1, "nsample < 1 or nsample is NaN")
    else:
        C.check(ns < 0, "nsample < 0")
    C.check(good + bad < ns, "ngood + nbad < nsample")
    if not legacy:
        C.check((good >= 10 ** 9) | (bad >= 10 ** 9),
                "both ngood and nbad must be less than 1000000000")
    as_f = lambda x: x.astype(C.F64) if C.is_dev(x) else float(x)  # noqa
    good, bad, ns = as_f(good), as_f(bad), as_f(ns)

    def f(good, bad, ns, m):
        hrua = (ns >= 10) & (ns <= good + bad - 10)
        return _split(m, hrua, lambda t, k: _hyper_hrua(
            gen, t(good), t(bad), t(ns), k),
            lambda t, k: _hyper_seq(gen, t(good), t(bad), t(ns), k))
    return _run(size, [good, bad, ns], f)


# --- Zipf, logarithmic series --------------------------------------------

def zipf(gen, a, size=None):
    a = C.param(a)
    C.check((a <= 1) | C.isnan(a), "a <= 1 or a is NaN")
    g = C.gp()

    def f(a, n):
        big = a >= 1025
        aa = g.where(big, 2.0, a) if C.is_dev(big) else (2.0 if big else a)
        am1 = aa - 1.0
        b = 2.0 ** am1
        umin = _INT64_MAX ** -am1

        def step(state, m):
            am1, b, umin = state
            u01 = gen.random(m)
            u = u01 * umin + (1.0 - u01)
            v = gen.random(m)
            x = g.floor(u ** (-1.0 / am1))
            ok = (x <= _INT64_MAX) & (x >= 1.0)
            xs = g.where(ok, x, 1.0)
            t = (1.0 + 1.0 / xs) ** am1
            ok = ok & (v * xs * (t - 1.0) / (b - 1.0) <= t / b)
            return xs, ~ok, state
        x = C.rounds(step, (am1, b, umin), n)
        if C.is_dev(big):
            return g.where(big, 1.0, x)
        return g.ones((n,), C.F64) if big else x
    return _run(size, [a], f)


def logseries(gen, p, size=None):
    p = C.param(p)
    C.check((p < 0) | (p >= 1) | C.isnan(p), "p < 0, p >= 1 or p is NaN")
    g = C.gp()

    def f(p, n):
        r = g.log1p(-p) if C.is_dev(p) else _math.log1p(-p)

        def step(state, m):
            p, r = state
            v = gen.random(m)
            u = gen.random(m)
            q = -g.expm1(r * u)
            tail = v <= q * q
            qs = g.where(q > 0, q, 0.5)
            k = g.floor(1.0 + g.log(g.maximum(v, 1e-300)) / g.log(qs))
            retry = tail & (v < p) & ((k < 1) | (v == 0) | (q <= 0))
            val = g.where(v >= p, 1.0, g.where(tail, k,
                                               g.where(v >= q, 1.0, 2.0)))
            return val, retry, state
        return C.rounds(step, (p, r), n)
    return _run(size, [p], f)
