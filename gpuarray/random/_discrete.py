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
from .._engine import arrays as _engine_arrays, ufuncs as _engine_ufuncs


_INT64_MAX = 9.223372036854776e18
POISSON_LAM_MAX = _INT64_MAX - 10.0 * _math.sqrt(_INT64_MAX)


def _run(size, params, fn):
    return _run_f(size, params, fn).astype(C.I64)


def _split(n, mask, small, big):
    """small(take) where mask, big(take) elsewhere (scalar mask: one)."""
    return C.by_mask(n, mask, small, big)


# --- Poisson -------------------------------------------------------------

def _poisson_mult(gen, lam, n):

    def step(state, m):
        enlam, x, prod = state
        prod = prod * gen.random(m)
        x = x + 1.0
        return x, prod > enlam, (enlam, x, prod)
    return C.rounds(step, (_engine_ufuncs.exp(-lam) if C.is_dev(lam) else
                           _math.exp(-lam), -1.0, 1.0), n)


def _poisson_ptrs(gen, lam, n):
    slam = _engine_ufuncs.sqrt(lam)
    loglam = _engine_ufuncs.log(lam)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2.0)

    def step(state, m):
        lam, loglam, a, b, invalpha, vr = state
        u = gen.random(m) - 0.5
        v = gen.random(m)
        us = 0.5 - _engine_ufuncs.abs(u)
        k = _engine_ufuncs.floor((2.0 * a / us + b) * u + lam + 0.43)
        quick = (us >= 0.07) & (v <= vr)
        kk = _engine_ufuncs.maximum(k, 0.0)
        slow = (k >= 0) & ~((us < 0.013) & (v > us)) & (
            _engine_ufuncs.log(v) + _engine_ufuncs.log(invalpha) - _engine_ufuncs.log(a / (us * us) + b) <=
            -lam + kk * loglam - C.loggam(kk + 1.0))
        return k, ~(quick | slow), state
    return C.rounds(step, (lam, loglam, a, b, invalpha, vr), n)


def poisson_flat(gen, lam, n):
    """n Poisson(lam) variates as float64 (lam a float or flat array)."""
    if not C.is_dev(lam) and lam == 0:
        return _engine_arrays.zeros((n,), C.F64)
    return _split(n, lam < 10, lambda t, k: _poisson_mult(gen, t(lam), k),
                  lambda t, k: _poisson_ptrs(gen, t(lam), k))


def poisson(gen, lam=1.0, size=None):
    lam = C.param(lam)
    C.check((lam < 0) | C.isnan(lam), "lam < 0 or lam is NaN")
    C.check(lam > POISSON_LAM_MAX, "lam value too large")
    return _run(size, [lam], lambda lam, n: poisson_flat(gen, lam, n))


# --- Binomial ------------------------------------------------------------

def _binom_inversion(gen, n_, p, m):
    q = 1.0 - p
    qn = _engine_ufuncs.exp(n_ * _engine_ufuncs.log(q))
    np_ = n_ * p
    bound = _engine_ufuncs.minimum(n_, np_ + 10.0 * _engine_ufuncs.sqrt(np_ * q + 1.0))

    def step(state, m):
        n_, p, q, qn, bound, x, px, u = state
        done = u <= px
        x1 = x + 1.0
        restart = x1 > bound
        fresh = gen.random(m)
        nx = _engine_ufuncs.where(restart, 0.0, x1)
        npx = _engine_ufuncs.where(restart, qn, ((n_ - x1 + 1.0) * p * px) /
                      (x1 * q))
        nu = _engine_ufuncs.where(restart, fresh, u - px)
        return x, ~done, (n_, p, q, qn, bound, nx, npx, nu)
    return C.rounds(step, (n_, p, q, qn, bound, 0.0, qn, gen.random(m)), m)


def _binom_btrs(gen, n_, p, m):
    q = 1.0 - p
    spq = _engine_ufuncs.sqrt(n_ * p * q)
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = n_ * p + 0.5
    vr = 0.92 - 4.2 / b
    alpha = (2.83 + 5.1 / b) * spq
    lpq = _engine_ufuncs.log(p / q)
    mode = _engine_ufuncs.floor((n_ + 1.0) * p)
    h = C.loggam(mode + 1.0) + C.loggam(n_ - mode + 1.0)

    def step(state, m):
        n_, a, b, c, vr, alpha, lpq, mode, h = state
        u = gen.random(m) - 0.5
        v = gen.random(m)
        us = 0.5 - _engine_ufuncs.abs(u)
        k = _engine_ufuncs.floor((2.0 * a / us + b) * u + c)
        inside = (k >= 0) & (k <= n_)
        quick = inside & (us >= 0.07) & (v <= vr)
        kk = _engine_ufuncs.clip(k, 0.0, n_)
        lv = _engine_ufuncs.log(_engine_ufuncs.maximum(v, 1e-300) * alpha / (a / (us * us) + b))
        ub = h - C.loggam(kk + 1.0) - C.loggam(n_ - kk + 1.0) + \
            (kk - mode) * lpq
        ok = quick | (inside & (v > 0) & (lv <= ub))
        return k, ~ok, state
    return C.rounds(step, (n_, a, b, c, vr, alpha, lpq, mode, h), m)


def binomial_flat(gen, n_, p, n):
    """n Binomial(n_, p) variates as float64 (exact samplers)."""
    flip = p > 0.5
    pp = _engine_ufuncs.where(flip, 1.0 - p, p) if C.is_dev(flip) else \
        (1.0 - p if flip else p)
    small = (n_ * pp < 10.0) | (pp == 0)
    x = _split(n, small,
               lambda t, k: _binom_inversion(gen, t(n_), t(pp), k),
               lambda t, k: _binom_btrs(gen, t(n_), t(pp), k))
    if C.is_dev(flip):
        return _engine_ufuncs.where(flip, n_ - x, x)
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

    def f(p, n):
        # inversion: ceil(E / -log(1 - p)), E ~ Exp(1); p == 1 gives 1
        x = _engine_ufuncs.ceil(gen.standard_exponential(n) / -_engine_ufuncs.log1p(-p))
        return _engine_ufuncs.minimum(_engine_ufuncs.maximum(x, 1.0), _INT64_MAX)
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
        return poisson_flat(gen, _engine_ufuncs.minimum(y, POISSON_LAM_MAX), m)
    return _run(size, [n_, p], f)


# --- Hypergeometric --------------------------------------------------------

def _hyper_seq(gen, good, bad, sample, m):
    total = good + bad
    upper = sample > _engine_ufuncs.floor(total / 2.0)
    cs = _engine_ufuncs.where(upper, total - sample, sample)
    rt, rg = total + 0.0 * cs, good + 0.0 * cs
    for _ in range(9):
        active = (cs > 0) & (rg > 0) & (rt > rg)
        pick = (gen.random(m) * rt) < rg
        rt = _engine_ufuncs.where(active, rt - 1.0, rt)
        rg = _engine_ufuncs.where(active & pick, rg - 1.0, rg)
        cs = _engine_ufuncs.where(active, cs - 1.0, cs)
    # only good ones left: the remaining draws all take good ones
    rg = _engine_ufuncs.where(rt == rg, rg - cs, rg)
    return _engine_ufuncs.where(upper, rg, good - rg)


_D1, _D2 = 1.7155277699214135, 0.8989161620588988


def _hyper_hrua(gen, good, bad, sample, m):
    lf = lambda k: C.loggam(k + 1.0)  # noqa: E731
    pop = good + bad
    cs = _engine_ufuncs.minimum(sample, pop - sample)
    mingb, maxgb = _engine_ufuncs.minimum(good, bad), _engine_ufuncs.maximum(good, bad)
    p, q = mingb / pop, maxgb / pop
    mu = cs * p
    a = mu + 0.5
    var = (pop - cs) * cs * p * q / (pop - 1.0)
    c = _engine_ufuncs.sqrt(var + 0.5)
    h = _D1 * c + _D2
    mode = _engine_ufuncs.floor((cs + 1.0) * (mingb + 1.0) / (pop + 2.0))
    gg = lf(mode) + lf(mingb - mode) + lf(cs - mode) + lf(maxgb - cs + mode)
    b = _engine_ufuncs.minimum(_engine_ufuncs.minimum(cs, mingb) + 1.0, _engine_ufuncs.floor(a + 16.0 * c))

    def step(state, m):
        a, h, b, gg, mingb, maxgb, cs = state
        u = C.open_uniform(gen, m)
        v = gen.random(m)
        x = a + h * (v - 0.5) / u
        inside = (x >= 0) & (x < b)
        k = _engine_ufuncs.floor(_engine_ufuncs.clip(x, 0.0, b))
        k = _engine_ufuncs.minimum(k, _engine_ufuncs.minimum(cs, mingb))
        t = gg - (lf(k) + lf(mingb - k) + lf(cs - k) +
                  lf(maxgb - cs + k))
        ok = inside & (((u * (4.0 - u) - 3.0) <= t) |
                       ((u * (u - t) < 1) & (2.0 * _engine_ufuncs.log(u) <= t)))
        return k, ~ok, state
    k = C.rounds(step, (a, h, b, gg, mingb, maxgb, cs), m)
    k = _engine_ufuncs.where(good > bad, cs - k, k)
    return _engine_ufuncs.where(cs < sample, good - k, k)


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

    def f(a, n):
        big = a >= 1025
        aa = _engine_ufuncs.where(big, 2.0, a) if C.is_dev(big) else (2.0 if big else a)
        am1 = aa - 1.0
        b = 2.0 ** am1
        umin = _INT64_MAX ** -am1

        def step(state, m):
            am1, b, umin = state
            u01 = gen.random(m)
            u = u01 * umin + (1.0 - u01)
            v = gen.random(m)
            x = _engine_ufuncs.floor(u ** (-1.0 / am1))
            ok = (x <= _INT64_MAX) & (x >= 1.0)
            xs = _engine_ufuncs.where(ok, x, 1.0)
            t = (1.0 + 1.0 / xs) ** am1
            ok = ok & (v * xs * (t - 1.0) / (b - 1.0) <= t / b)
            return xs, ~ok, state
        x = C.rounds(step, (am1, b, umin), n)
        if C.is_dev(big):
            return _engine_ufuncs.where(big, 1.0, x)
        return _engine_arrays.ones((n,), C.F64) if big else x
    return _run(size, [a], f)


def logseries(gen, p, size=None):
    p = C.param(p)
    C.check((p < 0) | (p >= 1) | C.isnan(p), "p < 0, p >= 1 or p is NaN")

    def f(p, n):
        r = _engine_ufuncs.log1p(-p) if C.is_dev(p) else _math.log1p(-p)

        def step(state, m):
            p, r = state
            v = gen.random(m)
            u = gen.random(m)
            q = -_engine_ufuncs.expm1(r * u)
            tail = v <= q * q
            qs = _engine_ufuncs.where(q > 0, q, 0.5)
            k = _engine_ufuncs.floor(1.0 + _engine_ufuncs.log(_engine_ufuncs.maximum(v, 1e-300)) / _engine_ufuncs.log(qs))
            retry = tail & (v < p) & ((k < 1) | (v == 0) | (q <= 0))
            val = _engine_ufuncs.where(v >= p, 1.0, _engine_ufuncs.where(tail, k,
                                               _engine_ufuncs.where(v >= q, 1.0, 2.0)))
            return val, retry, state
        return C.rounds(step, (p, r), n)
    return _run(size, [p], f)
