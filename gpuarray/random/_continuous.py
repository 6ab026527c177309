"""Continuous distributions (NumPy's Generator semantics): inverse-CDF
transforms of uniform/exponential/normal draws, and the gamma family
(random/_gamma.py) composed as NumPy composes it.  Each function takes
the Generator, checks its parameters with NumPy's messages and returns
an array of the NumPy shape (Note [Flat parameters] in _common.py)."""

import math as _math

from . import _common as C
from ._common import _run
from ._discrete import poisson_flat
from ._gamma import standard_gamma_flat
from .._engine import arrays as _engine_arrays, ufuncs as _engine_ufuncs


def _nonneg(x, name):
    C.check(x < 0, "%s < 0" % name)


def _pos(x, name):
    C.check(x <= 0, "%s <= 0" % name)


def standard_gamma(gen, shape, size=None, dtype=C.F64):
    import numpy as np
    dt = np.dtype(dtype)
    if dt not in (C.F64, np.dtype(np.float32)):
        raise TypeError("Unsupported dtype %r for standard_gamma" % dt.name)
    a = C.param(shape)
    _nonneg(a, "shape")
    r = _run(size, [a], lambda a, n: standard_gamma_flat(gen, a, n))
    return r if dt == C.F64 else r.astype(dt)


def gamma(gen, shape, scale=1.0, size=None):
    a, s = C.param(shape), C.param(scale)
    _nonneg(a, "shape")
    _nonneg(s, "scale")
    return _run(size, [a, s],
                lambda a, s, n: standard_gamma_flat(gen, a, n) * s)


def _chisq(gen, df, n):
    return 2.0 * standard_gamma_flat(gen, df / 2.0, n)


def chisquare(gen, df, size=None):
    df = C.param(df)
    _pos(df, "df")
    return _run(size, [df], lambda df, n: _chisq(gen, df, n))


def beta(gen, a, b, size=None):
    a, b = C.param(a), C.param(b)
    _pos(a, "a")
    _pos(b, "b")

    def f(a, b, n):
        # X / (X + Y) from the gammas' logs: tiny shapes underflow the
        # gammas themselves but not their ratio
        d = standard_gamma_flat(gen, a, n, log=True) - \
            standard_gamma_flat(gen, b, n, log=True)
        e = _engine_ufuncs.exp(-_engine_ufuncs.abs(d))
        return _engine_ufuncs.where(d < 0, e / (1.0 + e), 1.0 / (1.0 + e))
    return _run(size, [a, b], f)


def f(gen, dfnum, dfden, size=None):
    d1, d2 = C.param(dfnum), C.param(dfden)
    _pos(d1, "dfnum")
    _pos(d2, "dfden")
    return _run(size, [d1, d2], lambda d1, d2, n:
                (_chisq(gen, d1, n) * d2) / (_chisq(gen, d2, n) * d1))


def _noncentral_chisq(gen, df, nonc, n):
    """NumPy's: nonc == 0 -> chi2(df); df > 1 -> chi2(df-1) + (Z +
    sqrt(nonc))**2; else chi2(df + 2 Poisson(nonc / 2))."""
    big = df > 1
    dfm1 = _engine_ufuncs.where(big, df - 1.0, 1.0) if C.is_dev(big) else \
        (df - 1.0 if big else 1.0)
    z = gen.standard_normal(n) + _engine_ufuncs.sqrt(nonc)
    r_big = _chisq(gen, dfm1, n) + z * z
    if not C.any_true(~big if C.is_dev(big) else not big):
        r = r_big
    else:
        # a nan nonc gives nan, as NumPy's (its Poisson would never
        # accept a draw)
        lam = _engine_ufuncs.where(_engine_ufuncs.isnan(nonc), 0.0,
                                   nonc / 2.0) if C.is_dev(nonc) else \
            (0.0 if nonc != nonc else nonc / 2.0)
        i = poisson_flat(gen, lam, n) + nonc * 0.0
        r_small = _chisq(gen, df + 2.0 * i, n)
        r = _engine_ufuncs.where(big, r_big, r_small)
    return _engine_ufuncs.where(nonc == 0, _chisq(gen, df, n), r) \
        if C.any_true(nonc == 0) else r


def noncentral_chisquare(gen, df, nonc, size=None):
    df, nonc = C.param(df), C.param(nonc)
    _pos(df, "df")
    _nonneg(nonc, "nonc")
    return _run(size, [df, nonc],
                lambda df, nc, n: _noncentral_chisq(gen, df, nc, n))


def noncentral_f(gen, dfnum, dfden, nonc, size=None):
    d1, d2, nc = C.param(dfnum), C.param(dfden), C.param(nonc)
    _pos(d1, "dfnum")
    _pos(d2, "dfden")
    _nonneg(nc, "nonc")
    return _run(size, [d1, d2, nc], lambda d1, d2, nc, n:
                (_noncentral_chisq(gen, d1, nc, n) * d2) /
                (_chisq(gen, d2, n) * d1))


def standard_t(gen, df, size=None):
    df = C.param(df)
    _pos(df, "df")
    return _run(size, [df], lambda df, n:
                _engine_ufuncs.sqrt(df / 2.0) * gen.standard_normal(n) /
                _engine_ufuncs.sqrt(standard_gamma_flat(gen, df / 2.0, n)))


def standard_cauchy(gen, size=None):
    return _run(size, [], lambda n: gen.standard_normal(n) /
                gen.standard_normal(n))


def lognormal(gen, mean=0.0, sigma=1.0, size=None):
    mu, s = C.param(mean), C.param(sigma)
    _nonneg(s, "sigma")
    return _run(size, [mu, s], lambda mu, s, n:
                _engine_ufuncs.exp(gen.standard_normal(n) * s + mu))


def _scale_family(gen, loc, scale, size, transform):
    loc, scale = C.param(loc), C.param(scale)
    _nonneg(scale, "scale")
    return _run(size, [loc, scale],
                lambda loc, s, n: transform(n) * s + loc)


def gumbel(gen, loc=0.0, scale=1.0, size=None):
    return _scale_family(gen, loc, scale, size, lambda n:
                         -_engine_ufuncs.log(-_engine_ufuncs.log(C.open_uniform(gen, n))))


def laplace(gen, loc=0.0, scale=1.0, size=None):

    def std(n):
        u = C.open_uniform(gen, n)
        return _engine_ufuncs.where(u >= 0.5, -_engine_ufuncs.log(2.0 - 2.0 * u), _engine_ufuncs.log(2.0 * u))
    return _scale_family(gen, loc, scale, size, std)


def logistic(gen, loc=0.0, scale=1.0, size=None):

    def std(n):
        u = C.open_uniform(gen, n)
        return _engine_ufuncs.log(u / (1.0 - u))
    return _scale_family(gen, loc, scale, size, std)


def pareto(gen, a, size=None):
    a = C.param(a)
    _pos(a, "a")
    return _run(size, [a], lambda a, n:
                _engine_ufuncs.expm1(gen.standard_exponential(n) / a))


def power(gen, a, size=None):
    a = C.param(a)
    _pos(a, "a")
    return _run(size, [a], lambda a, n:
                (-_engine_ufuncs.expm1(-gen.standard_exponential(n))) ** (1.0 / a))


def weibull(gen, a, size=None):
    a = C.param(a)
    _nonneg(a, "a")

    def f(a, n):
        e = gen.standard_exponential(n)
        if not C.is_dev(a):
            return _engine_arrays.zeros((n,), C.F64) if a == 0 else e ** (1.0 / a)
        zero = a == 0
        return _engine_ufuncs.where(zero, 0.0, e ** (1.0 / _engine_ufuncs.where(zero, 1.0, a)))
    return _run(size, [a], f)


def rayleigh(gen, scale=1.0, size=None):
    s = C.param(scale)
    _nonneg(s, "scale")
    return _run(size, [s], lambda s, n:
                _engine_ufuncs.sqrt(2.0 * gen.standard_exponential(n)) * s)


def triangular(gen, left, mode, right, size=None):
    lo, mo, hi = C.param(left), C.param(mode), C.param(right)
    C.check(lo > mo, "left > mode")
    C.check(mo > hi, "mode > right")
    C.check(lo == hi, "left == right")

    def f(lo, mo, hi, n):
        base = hi - lo
        ratio = (mo - lo) / base
        u = gen.random(n)
        return _engine_ufuncs.where(u <= ratio, lo + _engine_ufuncs.sqrt(u * (mo - lo) * base),
                       hi - _engine_ufuncs.sqrt((1.0 - u) * (hi - mo) * base))
    return _run(size, [lo, mo, hi], f)


def wald(gen, mean, scale, size=None):
    mu, lam = C.param(mean), C.param(scale)
    _pos(mu, "mean")
    _pos(lam, "scale")

    def f(mu, lam, n):
        y = gen.standard_normal(n)
        y = mu * y * y
        x = mu + (mu / (2.0 * lam)) * (y - _engine_ufuncs.sqrt(4.0 * lam * y + y * y))
        u = gen.random(n)
        return _engine_ufuncs.where(u <= mu / (mu + x), x, mu * mu / x)
    return _run(size, [mu, lam], f)


def _vonmises_flat(gen, mu, kappa, n):
    """NumPy's random_vonmises (Best & Fisher), the rejection in rounds;
    kappa < 1e-8: uniform; kappa > 1e6: wrapped normal."""
    mid = (kappa >= 1e-8) & (kappa <= 1e6)
    k = _engine_ufuncs.where(mid, kappa, 1.0) if C.is_dev(mid) else \
        (kappa if mid else 1.0)
    r = 1.0 + _engine_ufuncs.sqrt(1.0 + 4.0 * k * k)
    rho = (r - _engine_ufuncs.sqrt(2.0 * r)) / (2.0 * k)
    s = _engine_ufuncs.where(k < 1e-5, 1.0 / k + k, (1.0 + rho * rho) / (2.0 * rho))

    def step(state, m):
        s, k = state
        z = _engine_ufuncs.cos(_math.pi * gen.random(m))
        w = (1.0 + s * z) / (s + z)
        y = k * (s - w)
        v = C.open_uniform(gen, m)
        # V == 0 is fine: y > 0 accepts, y < 0 rejects (as NumPy)
        quick = y * (2.0 - y) - v >= 0
        slow = (y > 0) & (_engine_ufuncs.log(_engine_ufuncs.where(y > 0, y, 1.0) / v) + 1.0 - y >= 0)
        return w, ~(quick | slow), state
    w = C.rounds(step, (s, k), n)
    ang = _engine_ufuncs.arccos(_engine_ufuncs.clip(w, -1.0, 1.0))
    ang = _engine_ufuncs.where(gen.random(n) < 0.5, -ang, ang) + mu
    neg = ang < 0
    mod = _engine_ufuncs.fmod(_engine_ufuncs.abs(ang) + _math.pi, 2 * _math.pi) - _math.pi
    res = _engine_ufuncs.where(neg, -mod, mod)
    wrapped = mu + _engine_ufuncs.sqrt(1.0 / _engine_ufuncs.where(mid, 1.0, kappa)) * \
        gen.standard_normal(n)
    wrapped = _engine_ufuncs.where(wrapped < -_math.pi, wrapped + 2 * _math.pi, wrapped)
    wrapped = _engine_ufuncs.where(wrapped > _math.pi, wrapped - 2 * _math.pi, wrapped)
    unif = _math.pi * (2.0 * gen.random(n) - 1.0)
    res = _engine_ufuncs.where(kappa < 1e-8, unif, _engine_ufuncs.where(kappa > 1e6, wrapped, res))
    return _engine_ufuncs.where(C.isnan(kappa), float("nan"), res)


def vonmises(gen, mu, kappa, size=None):
    mu, kappa = C.param(mu), C.param(kappa)
    _nonneg(kappa, "kappa")
    return _run(size, [mu, kappa],
                lambda mu, k, n: _vonmises_flat(gen, mu, k, n))
