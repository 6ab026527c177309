"""Issue 22: every ufunc over the layout sweep (C, F, strided, negative,
transposed, broadcast, 0-size, 0-d), one loop each (float64 where the
ufunc has it, else its widest integer or bool loop), against NumPy on
the same values.  The loop tests of test_ufuncs.py cover every dtype
loop on 1-D contiguous inputs; this covers the strides."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import LAYOUTS, make_pair, stable_seed

SWEEP = LAYOUTS + ["0-size", "0-d"]


def _names():
    out = []
    for n in sorted(gp._core.ufuncs):
        u = getattr(np, n, None)
        if isinstance(u, np.ufunc) and u.signature is None and \
                hasattr(gp, n):
            out.append(n)
    return out


def _loop(name):
    """The type char of the loop to test: float64, else int64, else bool."""
    types = getattr(np, name).types
    for want in ("d", "l", "q", "?"):
        for t in types:
            ins = t.split("->")[0]
            if set(ins) == {want}:
                return want
    return None


def _operand(shape, ch, layout, seed):
    if layout == "0-size":
        h = np.zeros((0, 3), np.dtype(ch))
        return h, gp.asarray(h)
    if layout == "0-d":
        h, g = make_pair((1,), np.dtype(ch), "C", seed=seed, specials=False)
        return h.reshape(()), g.reshape(())
    return make_pair(shape, np.dtype(ch), layout, seed=seed, specials=False)


def _tame(name, ch, h):
    """Inputs NumPy's loop accepts without raising (shifts and powers of
    integers need small non-negative right operands)."""
    if ch in "lq" and name in ("left_shift", "right_shift", "power",
                               "ldexp"):
        return np.abs(h) % 7
    return h


NAMES = [n for n in _names() if _loop(n) is not None]


@pytest.mark.parametrize("layout", SWEEP)
@pytest.mark.parametrize("name", NAMES)
def test_ufunc_layout(name, layout):
    ch = _loop(name)
    u_np, u_gp = getattr(np, name), getattr(gp, name)
    base = stable_seed(name + layout)
    hs, gs = [], []
    for k in range(u_np.nin):
        h, g = _operand((4, 5), ch, layout, base + k)
        if k > 0:
            t = _tame(name, ch, h)
            if t is not h:
                h, g = t, gp.asarray(t)
        hs.append(h)
        gs.append(g)
    # the operands really have the layout (not a silent copy)
    for h, g in zip(hs, gs):
        assert g.strides == h.strides or h.size <= 1 or layout in ("0-size",)
    with np.errstate(all="ignore"):
        want = u_np(*hs)
    got = u_gp(*gs)
    if not isinstance(want, tuple):
        want, got = (want,), (got,)
    for g, w in zip(got, want):
        w = np.asarray(w)
        g = gp.asnumpy(g)
        assert g.dtype == w.dtype and g.shape == w.shape, (name, layout)
        if w.dtype.kind in "fc":
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-300,
                                       equal_nan=True, err_msg=name)
        else:
            np.testing.assert_array_equal(g, w, err_msg=name)
