"""bitorder= of packbits/unpackbits as NumPy's C functions read it: a str
(TypeError for bytes, None or any other type); packbits compares its
start with 'big' or 'little', unpackbits only its first letter."""
import numpy as np
import pytest

from gpuarray.testing.parity import numpy_parity

ORDERS = ["little", "big", "l", "b", "L", "B", "x", "bogus", "", "lit",
          "bigger", "littler", None, 3, b"little", object()]


def _id(o):
    return repr(o) if type(o) is not object else "object"


@numpy_parity()
@pytest.mark.parametrize("order", ORDERS, ids=_id)
def test_packbits_bitorder(xp, order):
    return xp.packbits(xp.asarray([1, 0, 1, 1]), bitorder=order)


@numpy_parity()
@pytest.mark.parametrize("order", ORDERS, ids=_id)
def test_unpackbits_bitorder(xp, order):
    return xp.unpackbits(xp.asarray(np.array([5, 200], np.uint8)),
                         bitorder=order)
