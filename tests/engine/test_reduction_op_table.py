"""The engine's table of built-in reduction ops (Note [Reduction op table],
csrc/ops/reduction_defs.c): every descriptor the front ends make is known,
its accumulator matches the type the front end chose, and an unknown one is
a ValueError, not a crash."""
import numpy as np
import pytest

from gpuarray import _core
from gpuarray._engine import reduction_ops as R

CHARS = "?bBhHiIlLqQefdFD"
SCAN_UFUNCS = ("add", "multiply", "maximum", "minimum", "fmax", "fmin",
               "bitwise_and", "bitwise_or", "bitwise_xor", "logical_and",
               "logical_or", "logical_xor")


def _descriptors():
    out = []
    for t in CHARS:
        for uf in SCAN_UFUNCS:
            for nan in (False, True):
                out.append(R._scan_op(uf, t, nan))
        for fn in ("gpa_maximum", "gpa_minimum", "gpa_fmax", "gpa_fmin"):
            out.append(R._op_extremum(t, fn, fn.startswith("gpa_f")))
        for ismax in (False, True):
            for nan in (False, True):
                out.append(R._op_arg(t, ismax, nan))
    for ct in ("float", "double"):
        for cplx in (False, True):
            for nan in (False, True):
                out.append(R._op_var(ct, cplx, nan))
    return sorted(set(out))


@pytest.mark.parametrize("desc", _descriptors())
def test_every_front_end_descriptor_is_in_the_table(desc):
    acc_t, size, ident, m, comb, fin = _core._reduce_op(desc)[:6]
    assert size > 0 and size % 4 == 0
    assert all(isinstance(x, str) and x for x in (acc_t, ident, m, comb, fin))
    name, t = desc
    if name in ("sum", "prod", "nansum", "nanprod") or \
            name.startswith("scan:"):
        # the accumulator is the type the front end chose
        assert size == max(np.dtype(t).itemsize, 4)
    if "arg" in name:
        assert acc_t.startswith("gpa_arg<")
        assert ("pick" in name) == (_core._reduce_op(desc)[7] is None)


def test_sum_accumulator_follows_the_requested_type():
    assert _core._reduce_op(("sum", "d"))[0] == "double"
    assert _core._reduce_op(("sum", "f"))[0] == "float"
    assert _core._reduce_op(("sum", "l"))[0] == "gpa_i64"


@pytest.mark.parametrize("desc", [("nosuch", "d"), ("sum", "z"),
                                  ("scan:nosuch", "d"), ("x" * 64, "d")])
def test_unknown_descriptor_is_a_value_error(desc):
    with pytest.raises(ValueError, match="no built-in reduction op"):
        _core._reduce_op(desc)


def test_user_tuples_still_pass_through():
    op = ("float", 4, "0", "in0", "a + b", "a", None)
    assert _core._reduce_op(op)[:6] == op[:6]
