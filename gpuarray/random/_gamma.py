"""Gamma variates: Marsaglia & Tsang, "A simple method for generating
gamma variables" (ACM TOMS 26(3), 2000), with the rejection vectorised
in rounds (Note [Rounds] in _common.py); shape < 1 by the boost
Gamma(a) = Gamma(a + 1) * U**(1/a); shape 0 gives 0 as in NumPy."""
from . import _common as C
from .._engine import arrays as _engine_arrays
from .._engine import ufuncs as _engine_ufuncs


def _mt_step(gen):

    def step(state, m):
        d, c = state
        x = gen.standard_normal(m)
        v = 1.0 + c * x
        v3 = v * v * v
        u = C.open_uniform(gen, m)
        pos = v3 > 0
        lv = _engine_ufuncs.log(_engine_ufuncs.where(pos, v3, 1.0))
        ok = pos & (_engine_ufuncs.log(u) < 0.5 * x * x + d - d * v3 + d * lv)
        # a NaN shape is "accepted" (it gives NaN, as NumPy's does)
        pending = ~ok & (d == d)
        return d * v3, pending, state
    return step


def standard_gamma_flat(gen, a, n, log=False):
    """n Gamma(a, 1) variates, a a float or a flat array (a >= 0); with
    log=True their logarithms (no underflow for tiny shapes)."""
    if not C.is_dev(a):
        if a == 0.0:
            z = _engine_arrays.zeros((n,), C.F64)
            return z - float("inf") if log else z
        if a == 1.0:
            e = gen.standard_exponential(n)
            return _engine_ufuncs.log(e) if log else e
        a1 = a + 1.0 if a < 1.0 else a
        d = a1 - 1.0 / 3.0
        c = 1.0 / (9.0 * d) ** 0.5
        r = C.rounds(_mt_step(gen), (d, c), n)
        if a < 1.0:
            u = C.open_uniform(gen, n)
            return _engine_ufuncs.log(r) + _engine_ufuncs.log(u) / a if log else r * u ** (1.0 / a)
        return _engine_ufuncs.log(r) if log else r
    small = a < 1.0
    a1 = _engine_ufuncs.where(small, a + 1.0, a)
    d = a1 - 1.0 / 3.0
    c = 1.0 / _engine_ufuncs.sqrt(9.0 * d)
    r = C.rounds(_mt_step(gen), (d, c), n)
    if C.any_true(small):
        u = C.open_uniform(gen, n)
        inv = 1.0 / _engine_ufuncs.where(small, a, 1.0)
        if log:
            return _engine_ufuncs.where(small, _engine_ufuncs.log(r) + _engine_ufuncs.log(u) * inv, _engine_ufuncs.log(r))
        r = _engine_ufuncs.where(small, r * u ** inv, r)
    return _engine_ufuncs.log(r) if log else r
