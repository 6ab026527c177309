"""gp.make_aligned_dtype (CuPy's; Note [GPU alignment] in
gpuarray/creation/aligned_dtype.py): without complex fields it is NumPy's
align=True layout; complex fields align to their item size as CUDA's
complex types do; non-structured dtypes are CuPy's ValueError."""
import numpy as np
import pytest

import gpuarray as gp


@pytest.mark.parametrize("spec", ["i1,f8,i2", "?,i4,f2,u8", "f2,(3,)i4,?",
                                  [("a", "i1,i8"), ("b", "?")],
                                  [("a", "u1"), ("b", "(2,)f4,i2")]])
def test_same_as_numpy_align_without_complex(spec):
    got = gp.make_aligned_dtype(np.dtype(spec))
    want = np.dtype(spec, align=True)
    assert got.itemsize == want.itemsize
    assert [got.fields[n][1] for n in got.names] == \
        [want.fields[n][1] for n in want.names]
    assert got.names == want.names


@pytest.mark.parametrize("spec,offsets,itemsize", [
    ("?,c8", [0, 8], 16), ("c8,?", [0, 8], 16), ("?,c16", [0, 16], 32),
    ("?,(3,)c8", [0, 8], 32), ("(3,)c8,?", [0, 24], 32),
    ("?,(4,)V3", [0, 1], 13),
])
def test_complex_fields_align_to_their_size(spec, offsets, itemsize):
    # NumPy's host alignment of complex64 is 4; CUDA's float2 is 8
    dt = np.dtype(spec)
    got = gp.make_aligned_dtype(dt)
    assert [got.fields[n][1] for n in got.names] == offsets
    assert got.itemsize == itemsize
    assert [got.fields[n][0] for n in got.names] == \
        [dt.fields[n][0] for n in dt.names]


def test_nested_structure_is_laid_out_first():
    dt = np.dtype([("a", "c8,?"), ("b", "?")])
    got = gp.make_aligned_dtype(dt)
    assert got.fields["a"][0].itemsize == 16 and got.fields["b"][1] == 16
    assert got.itemsize == 24
    x = np.zeros(3, got)
    x["a"]["f0"] = [1 + 2j, 3, 4j]
    a = gp.asarray(x)           # the layout round-trips through the device
    assert a.dtype == got
    np.testing.assert_array_equal(a.get(), x)


@pytest.mark.parametrize("dt", ["c16", "V3", "f4"])
def test_non_structured_is_value_error(dt):
    with pytest.raises(ValueError, match="only supports structured dtypes"):
        gp.make_aligned_dtype(dt)
