"""max_work= and the operands of shares_memory/may_share_memory, and out=
of the business-day functions, read as NumPy reads them."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import numpy_parity

WORK = [None, -3, -2, -1, 0, 1, 100, 2 ** 63 - 1, 2 ** 63, -2 ** 63, 1.5,
        "a", np.int64(2), True, object()]
PAIRS = {
    "interleaved": (slice(None, None, 2), slice(1, None, 2)),
    "same": (slice(None), slice(None)),
    "apart": (slice(0, 5), slice(5, None)),
    "overlap": (slice(0, 6), slice(4, None)),
}


def _work_id(w):
    return repr(w) if not type(w) is object else "object"


@numpy_parity()
@pytest.mark.parametrize("max_work", WORK, ids=_work_id)
@pytest.mark.parametrize("pair", sorted(PAIRS))
@pytest.mark.parametrize("name", ["shares_memory", "may_share_memory"])
def test_max_work(xp, max_work, pair, name):
    x = xp.ones(10)
    s, t = PAIRS[pair]
    return getattr(xp, name)(x[s], x[t], max_work=max_work)


@numpy_parity()
@pytest.mark.parametrize("other", [[[1.0], [1.0, 2.0]], "abc", None, 1.5,
                                   [1, 2]], ids=repr)
@pytest.mark.parametrize("name", ["shares_memory", "may_share_memory"])
def test_host_operands(xp, other, name):
    return getattr(xp, name)(xp.ones(3), other)


@numpy_parity()
@pytest.mark.parametrize("other", [[[1.0], [1.0, 2.0]], [1.0, 1.0, 1.0],
                                   [[1.0, 1.0, 1.0]], 1.0], ids=repr)
@pytest.mark.parametrize("name", ["array_equal", "array_equiv"])
def test_equal_with_unconvertible_operands(xp, other, name):
    return getattr(xp, name)(xp.ones(3), other)


OUTS = {
    "list": lambda xp, dt: [0.0, 0.0],
    "tuple": lambda xp, dt: (1, 2),
    "npscalar": lambda xp, dt: np.float64(0),
    "exact": lambda xp, dt: xp.zeros(2, dt),
    "bool": lambda xp, dt: xp.zeros(2, bool),
    "float": lambda xp, dt: xp.zeros(2),
    "int64": lambda xp, dt: xp.zeros(2, np.int64),
    "datetime": lambda xp, dt: xp.zeros(2, "datetime64[D]"),
    "longer": lambda xp, dt: xp.zeros(3, dt),
    "shorter": lambda xp, dt: xp.zeros(1, dt),
    "2d": lambda xp, dt: xp.zeros((2, 2), dt),
}
CALLS = {
    "is_busday": (lambda xp, d, **kw: xp.is_busday(d, **kw), bool),
    "busday_offset": (lambda xp, d, **kw: xp.busday_offset(d, 1, **kw),
                      "datetime64[D]"),
    "busday_count": (lambda xp, d, **kw: xp.busday_count(d, d, **kw),
                     np.int64),
}


@numpy_parity()
@pytest.mark.parametrize("out", sorted(OUTS))
@pytest.mark.parametrize("name", sorted(CALLS))
def test_busday_out(xp, out, name):
    call, dt = CALLS[name]
    d = xp.asarray(np.array(["2020-01-01", "2020-01-04"], "datetime64[D]"))
    o = OUTS[out](xp, dt)
    return call(xp, d, out=o), o


def test_busday_out_refused_before_the_work():
    with pytest.raises(ValueError):     # a bad date would be ValueError too:
        gp.is_busday(np.array(["2020-01-01"], "datetime64[D]"), out=[0])
