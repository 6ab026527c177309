"""The argument checks of take, compress, choose, put, ravel_multi_index,
take_along_axis, unravel_index, fill_diagonal and diag_indices, against
NumPy (gpuarray/indexing/take_arguments.py): the clip mode as NumPy's
converter reads it, out= checked before any work, choose's choices split
as NumPy splits them, the along-axis checks in NumPy's order."""
import numpy as np
import pytest

from gpuarray.testing.parity import numpy_parity

MODES = [None, "raise", "wrap", "clip", b"wrap", 0, 1, 2, np.int64(0),
         "r", "Clip", "", 1.5, True, np.True_, [], object()]


def _mode_id(m):
    return repr(m) if not isinstance(m, object) or isinstance(
        m, (str, bytes, int, float, list, type(None), np.generic)) \
        else "object"


@numpy_parity()
@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
@pytest.mark.parametrize("index", [[1, 2], [5, -7]])
def test_take_clip_mode(xp, mode, index):
    return xp.take(xp.arange(4.0), index, mode=mode)


@numpy_parity()
@pytest.mark.parametrize("mode", [-1, 3, 2 ** 31])
def test_take_integer_clip_mode_out_of_range(xp, mode):
    # NumPy's converter sets its ValueError and carries on, so an index
    # error of the take itself would surface instead: in-bounds indices
    return xp.take(xp.arange(4.0), [1, 2], mode=mode)


@numpy_parity()
@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
def test_choose_clip_mode(xp, mode):
    return xp.choose(xp.asarray([0, 1, 3]), [xp.arange(3), xp.arange(3) + 10],
                     mode=mode)


@numpy_parity()
@pytest.mark.parametrize("mode", MODES, ids=_mode_id)
def test_put_clip_mode(xp, mode):
    a = xp.arange(4.0)
    xp.put(a, [1, 6], [7.0, 8.0], mode=mode)
    return a


@numpy_parity()
@pytest.mark.parametrize("mode", [None, 0, "clip", ("clip", "wrap"),
                                  [0, None], ("clip",), ("a", "b"),
                                  1.5, ("clip", "wrap", "raise")],
                         ids=repr)
def test_ravel_multi_index_clip_modes(xp, mode):
    return xp.ravel_multi_index((xp.asarray([1, 5]), xp.asarray([1, 4])),
                                (3, 3), mode=mode)


OUTS = {
    "list": lambda xp: [0.0, 0.0],
    "npscalar": lambda xp: np.float64(0),
    "exact": lambda xp: xp.zeros(2),
    "int8": lambda xp: xp.zeros(2, xp.int8),
    "float32": lambda xp: xp.zeros(2, xp.float32),
    "complex": lambda xp: xp.zeros(2, xp.complex128),
    "bool": lambda xp: xp.zeros(2, bool),
    "longer": lambda xp: xp.zeros(3),
    "2d": lambda xp: xp.zeros((1, 2)),
    "0d": lambda xp: xp.zeros(()),
    "strided": lambda xp: xp.zeros(4)[::2],
}


@numpy_parity()
@pytest.mark.parametrize("out", sorted(OUTS))
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int8])
def test_take_out(xp, out, dtype):
    o = OUTS[out](xp)
    r = xp.take(xp.arange(4).astype(dtype), [1, 3], out=o)
    return r, o


@numpy_parity()
@pytest.mark.parametrize("out", sorted(OUTS))
def test_take_out_is_checked_before_the_indices(xp, out):
    # an index out of bounds and a bad out=: NumPy's out= error first
    return xp.take(xp.arange(4.0), [1, 9], out=OUTS[out](xp))


@numpy_parity()
@pytest.mark.parametrize("out", sorted(OUTS))
def test_compress_out(xp, out):
    o = OUTS[out](xp)
    r = xp.compress([True, False, True], xp.arange(3.0), out=o)
    return r, o


@numpy_parity()
@pytest.mark.parametrize("out", sorted(OUTS))
def test_choose_out(xp, out):
    o = OUTS[out](xp)
    r = xp.choose(xp.asarray([0, 1]), [xp.asarray([1.0, 2.0]),
                                       xp.asarray([3.0, 4.0])], out=o)
    return r, o


@numpy_parity()
@pytest.mark.parametrize("out", ["longer", "list", "int8"])
def test_choose_out_is_checked_before_the_entries(xp, out):
    return xp.choose(xp.asarray([0, 5]), [xp.asarray([1.0, 2.0])],
                     out=OUTS[out](xp))


CHOICES = {
    "dict": lambda xp: {},
    "dict_items": lambda xp: {0: xp.arange(2)},
    "set": lambda xp: set(),
    "empty_list": lambda xp: [],
    "0d": lambda xp: xp.asarray(0.5),
    "int": lambda xp: 5,
    "generator": lambda xp: (c for c in [xp.arange(2)]),
    "array": lambda xp: xp.asarray([[1, 2], [3, 4]]),
    "tuple": lambda xp: (xp.arange(2), xp.arange(2) + 5),
}


@numpy_parity()
@pytest.mark.parametrize("choices", sorted(CHOICES))
def test_choose_choices(xp, choices):
    return xp.choose(xp.asarray([0, 1]), CHOICES[choices](xp))


INDICES = {
    "0d": lambda xp: xp.asarray(1),
    "npscalar": lambda xp: np.float64(0.25),
    "float2d": lambda xp: xp.zeros((0, 4)),
    "bool2d": lambda xp: xp.ones((3, 4), bool),
    "int1d": lambda xp: xp.asarray([0, 1]),
    "int2d": lambda xp: xp.asarray([[0, 1, 2, 0]] * 3),
    "int3d": lambda xp: xp.zeros((1, 1, 1), xp.int64),
}


@numpy_parity()
@pytest.mark.parametrize("indices", sorted(INDICES))
@pytest.mark.parametrize("axis", [-1, 0, None, (0,), (0, 0), 1.5, 5])
def test_take_along_axis_checks(xp, indices, axis):
    a = xp.arange(12.0).reshape(3, 4)
    return xp.take_along_axis(a, INDICES[indices](xp), axis=axis)


@numpy_parity()
@pytest.mark.parametrize("indices", sorted(INDICES))
def test_put_along_axis_checks(xp, indices):
    a = xp.arange(12.0).reshape(3, 4)
    xp.put_along_axis(a, INDICES[indices](xp), 7.0, axis=1)
    return a


@numpy_parity()
@pytest.mark.parametrize("order", ["C", "F", "c", "f", "A", "K", "Z", "",
                                   "CF", None, 1, b"F", object()],
                         ids=_mode_id)
def test_unravel_and_ravel_order(xp, order):
    return (xp.unravel_index(xp.asarray([5, 7]), (3, 4), order=order),
            xp.ravel_multi_index((xp.asarray([1]), xp.asarray([2])), (3, 4),
                                 order=order))


@numpy_parity()
@pytest.mark.parametrize("a", [np.float64(0.25), np.int8(3)], ids=repr)
def test_fill_diagonal_of_a_scalar(xp, a):
    return xp.fill_diagonal(a, 1)


@numpy_parity()
@pytest.mark.parametrize("n", [3, 0, -2, 1.5, True, np.uint8(3),
                               np.array(2), 2 ** 70, "a", None], ids=repr)
def test_diag_indices_n(xp, n):
    n = xp.asarray(n) if isinstance(n, np.ndarray) else n
    return xp.diag_indices(n)
