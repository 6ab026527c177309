"""out= of a ufunc call outside fusion (Note [Overriding out=],
csrc/ops/ufunc_type.c): an operand that overrides __array_ufunc__ gets
the call as NumPy hands it over; anything else not an array is NumPy's
TypeError."""
import numpy as np
import pytest

import gpuarray as gp


class Takes:
    def __array_ufunc__(self, ufunc, method, *inputs, **kw):
        return ufunc.__name__, method, len(inputs), sorted(kw), \
            tuple(type(o).__name__ for o in kw["out"])


class Declines:
    def __array_ufunc__(self, ufunc, method, *inputs, **kw):
        return NotImplemented


def call(xp, how, out):
    x = xp.arange(3.0)
    if how == "keyword":
        return xp.add(x, 1, out=out)
    if how == "tuple":
        return xp.add(x, 1, out=(out,))
    return xp.add(x, 1, out)


@pytest.mark.parametrize("how", ["keyword", "tuple", "positional"])
def test_overriding_out_gets_the_call(how):
    assert call(gp, how, Takes()) == call(np, how, Takes())


@pytest.mark.parametrize("how", ["keyword", "positional"])
@pytest.mark.parametrize("out", [[0.0, 0.0, 0.0], 5, Declines()],
                         ids=["list", "int", "declines"])
def test_other_out_is_numpys_typeerror(how, out):
    with pytest.raises(TypeError):
        call(np, how, out)
    with pytest.raises(TypeError):
        call(gp, how, out)


def test_a_numpy_out_stays_refused():
    with pytest.raises(TypeError):
        gp.add(gp.arange(3.0), 1, out=np.zeros(3))


def test_two_outputs_one_overriding():
    x = np.arange(4.0)
    want = np.divmod(x, 3, out=(None, Takes()))
    got = gp.divmod(gp.asarray(x), 3, out=(None, Takes()))
    assert got == want
