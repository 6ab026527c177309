"""The NumPy names gpuarray takes as they are (type objects, constants)
and the small functions over shapes and dtypes (isnat, einsum_path,
row_stack, mask_indices), against NumPy."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import assert_array_equal_gp as same
from gpuarray.lib import numpy_names as _numpy_names


# NumPy 2.5 dropped some deprecated aliases (row_stack): only names the
# installed NumPy still has are compared.
@pytest.mark.parametrize("name", [n for n in _numpy_names.__all__
                                  if hasattr(np, n) and
                                  (not callable(getattr(np, n)) or
                                   isinstance(getattr(np, n), type))])
def test_objects_are_numpys(name):
    assert getattr(gp, name) is getattr(np, name)


def test_isnat_raises_numpys_type_error():
    with pytest.raises(TypeError):
        np.isnat(np.arange(3.0))
    with pytest.raises(TypeError, match="isnat"):
        gp.isnat(gp.arange(3.0))


def test_einsum_path_is_numpys_for_the_same_shapes():
    shapes = [(3, 4), (4, 5), (5, 2)]
    xs = [np.ones(s) for s in shapes]
    want = np.einsum_path("ij,jk,kl->il", *xs, optimize="greedy")
    got = gp.einsum_path("ij,jk,kl->il", *[gp.ones(s) for s in shapes],
                         optimize="greedy")
    assert got[0] == want[0]
    assert got[1] == want[1]


def test_row_stack_warns_and_stacks():
    a, b = np.arange(3), np.arange(3, 6)
    # row_stack was NumPy's deprecated alias of vstack (removed in 2.5)
    want = np.vstack([a, b])
    with pytest.warns(DeprecationWarning):
        got = gp.row_stack([gp.asarray(a), gp.asarray(b)])
    same(got, want)


@pytest.mark.parametrize("fn,k", [("triu", 0), ("triu", 1), ("tril", -1)])
def test_mask_indices(fn, k):
    want = np.mask_indices(4, getattr(np, fn), k)
    got = gp.mask_indices(4, getattr(gp, fn), k)
    for g, w in zip(got, want):
        same(g, w)
