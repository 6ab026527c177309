"""gp.byte_bounds and gp.who, CuPy's main-namespace names (NumPy 2 has
byte_bounds in numpy.lib.array_utils only, and no who: compat.md)."""
import numpy as np
import pytest

import gpuarray as gp


@pytest.mark.parametrize("view", [
    lambda x: x, lambda x: x[::-2, ::-2], lambda x: x[::2, ::-1],
    lambda x: x[:, 1:4].T, lambda x: x[:, :0]],
    ids=["C", "negneg", "posneg", "T", "empty"])
def test_byte_bounds_is_numpys_on_device_addresses(view):
    n = np.arange(28, dtype=np.float32).reshape(4, 7)
    g = gp.asarray(n)
    lo, hi = np.lib.array_utils.byte_bounds(view(n))
    base = n.__array_interface__["data"][0]
    got = gp.byte_bounds(view(g))
    assert got == (lo - base + g.data.ptr, hi - base + g.data.ptr)
    assert gp.byte_bounds is gp.lib.array_utils.byte_bounds


def lines_of(capsys, *args):
    gp.who(*args)
    return capsys.readouterr().out.split("\n")


def test_who_of_a_dict(capsys):
    x = gp.ones(10)
    lines = lines_of(capsys, {"x": x, "y": gp.zeros((2, 3), dtype="i4"),
                              "z": x, "n": np.ones(3), "k": 1})
    assert lines[0].split() == ["Name", "Shape", "Bytes", "Type"]
    assert set(lines[1]) == {"="}
    assert [ln.split() for ln in lines[3:6]] == [
        ["x", "10", "80", "float64"], ["y", "2", "x", "3", "24", "int32"],
        ["z", "(x)", "10", "80", "float64"]]
    # the second name of one array adds no bytes
    assert lines[-2] == "Upper bound on total bytes  =       104"


def test_who_empty_and_default_globals(capsys):
    assert lines_of(capsys, {}) == [
        "", "Upper bound on total bytes  =       0", ""]
    global _who_probe
    _who_probe = gp.arange(4)
    try:
        lines = lines_of(capsys)    # this module's globals
    finally:
        del _who_probe
    assert lines[-4].split() == ["_who_probe", "4", "32", "int64"]
