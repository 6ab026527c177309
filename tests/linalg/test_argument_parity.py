"""Arguments of the gufunc family (matmul, matvec, vecmat, vecdot) and of
gpuarray.linalg read as NumPy reads them: one axes=/axis=/keepdims=
parser (gpuarray/ufuncs/gufunc_axes.py, NumPy's _parse_axes_arg), and
linalg's own argument rules (cutoffs, norm's axis, tensorsolve's axes,
cross, eig of array-likes).  Each case runs on NumPy and on gpuarray
alike: the same public exception type, or the same result."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same_outcome, outcome

X = np.arange(1.0, 13.0).reshape(3, 4) / 13.0
V = np.arange(4.0)
B3 = np.ones((2, 3, 4))
S = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.25], [0.5, 0.25, 2.0]])
T4 = np.eye(4).reshape(2, 2, 2, 2) + 0.1


def _mm(**kw):
    return lambda xp: xp.matmul(xp.asarray(X), xp.asarray(X.T), **kw)


def _vd(**kw):
    return lambda xp: xp.vecdot(xp.asarray(X), xp.asarray(X), **kw)


GUFUNC = {
    # axes= must be a list (a tuple, a number, a str, None: TypeError)
    "mm_tuple": _mm(axes=((0, 1), (0, 1), (0, 1))),
    "mm_tuple_5": _mm(axes=(5,)),
    "mm_float": _mm(axes=1.5),
    "mm_str": _mm(axes="ab"),
    "mm_none": _mm(axes=None),
    "mm_list3": _mm(axes=[(0, 1), (0, 1), (0, 1)]),
    "mm_swapped": lambda xp: xp.matmul(xp.asarray(X), xp.asarray(X),
                                       axes=[(1, 0), (0, 1), (1, 0)]),
    # an entry for every operand (matmul's result has core dimensions)
    "mm_list2": _mm(axes=[(0, 1), (0, 1)]),
    "mm_list1": _mm(axes=[5]),
    # entries: tuples of the core dimensions, a bare int for one
    "mm_int_entry": _mm(axes=[0, (0, 1), (0, 1)]),
    "mm_list_entry": _mm(axes=[[0, 1], (0, 1), (0, 1)]),
    "mm_float_entry": _mm(axes=[1.5, (0, 1), (0, 1)]),
    "mm_long_entry": _mm(axes=[(0, 1, 2), (0, 1), (0, 1)]),
    # axes themselves: C ints, in bounds, not repeated
    "mm_repeat": _mm(axes=[(0, 0), (0, 1), (0, 1)]),
    "mm_repeat_neg": _mm(axes=[(0, -2), (0, 1), (0, 1)]),
    "mm_out_of_bounds": _mm(axes=[(0, 5), (0, 1), (0, 1)]),
    "mm_result_out_of_bounds": _mm(axes=[(0, 1), (0, 1), (0, 2)]),
    "mm_float_axis": _mm(axes=[(0, 1.0), (0, 1), (0, 1)]),
    "mm_bool_axis": _mm(axes=[(0, True), (0, 1), (0, 1)]),
    "mm_npint_axis": _mm(axes=[(0, np.int64(1)), (0, 1), (0, 1)]),
    "mm_huge_axis": _mm(axes=[(0, 2 ** 70), (0, 1), (0, 1)]),
    "mm_long_axis": _mm(axes=[(0, 2 ** 40), (0, 1), (0, 1)]),
    # 1-D operands have one core dimension (n? and m? dropped)
    "mm_1d": lambda xp: xp.matmul(xp.asarray(V), xp.asarray(X.T),
                                  axes=[0, (0, 1), 0]),
    "mm_1d_list_entry": lambda xp: xp.matmul(xp.asarray(V), xp.asarray(X.T),
                                             axes=[[0], (0, 1), (0,)]),
    "mm_1d_1d": lambda xp: xp.matmul(xp.asarray(V), xp.asarray(V),
                                     axes=[0, 0, ()]),
    "mm_1d_1d_int_out": lambda xp: xp.matmul(xp.asarray(V), xp.asarray(V),
                                             axes=[0, 0, 0]),
    "mm_1d_1d_no_out": lambda xp: xp.matmul(xp.asarray(V), xp.asarray(V),
                                            axes=[0, 0]),
    "mm_0d": lambda xp: xp.matmul(xp.asarray(np.array(2.0)), xp.asarray(V),
                                  axes=[0, 0]),
    "mm_batched": lambda xp: xp.matmul(xp.asarray(B3), xp.ones((4, 5)),
                                       axes=[(1, 2), (0, 1), (0, 2)]),
    "mm_batched_out": lambda xp: xp.matmul(
        xp.asarray(B3), xp.ones((4, 5)), axes=[(1, 2), (0, 1), (0, 2)],
        out=xp.zeros((3, 2, 5))),
    "mm_batched_out_of_bounds": lambda xp: xp.matmul(
        xp.asarray(B3), xp.ones((4, 5)), axes=[(1, 2), (0, 1), (0, 3)]),
    # the keywords themselves
    "mm_axes_and_axis": _mm(axes=[(0, 1), (0, 1), (0, 1)], axis=0),
    "mm_axis_none": _mm(axis=None),
    "mm_keepdims": _mm(keepdims=False),
    "mm_keepdims_str": _mm(keepdims="x"),
    # signature= through NumPy's own type resolution
    "mm_sig_bogus": _mm(signature="bogus"),
    "mm_sig_dd": _mm(signature="dd->d"),
    "mm_sig_ff": _mm(signature="ff->f"),
    "mm_sig_ll": _mm(signature="ll->l"),
    "mm_sig_short": _mm(signature="d"),
    "mm_sig_tuple": _mm(signature=(None, None, "f4")),
    "mm_sig_int": _mm(signature=3),
    "mm_sig_dtype": _mm(signature=np.float32),
    "mm_sig_and_dtype": _mm(signature="dd->d", dtype=float),
    "mv_tuple": lambda xp: xp.matvec(xp.asarray(X), xp.asarray(V),
                                     axes=(5,)),
    "mv_float": lambda xp: xp.matvec(xp.asarray(X), xp.asarray(V),
                                     axes=1.5),
    "mv_axes": lambda xp: xp.matvec(xp.asarray(X.T), xp.asarray(V),
                                    axes=[(1, 0), 0, 0]),
    "mv_no_out": lambda xp: xp.matvec(xp.asarray(X.T), xp.asarray(V),
                                      axes=[(1, 0), 0]),
    "mv_list_entry": lambda xp: xp.matvec(xp.asarray(X.T), xp.asarray(V),
                                          axes=[[1, 0], 0, 0]),
    "mv_empty_out": lambda xp: xp.matvec(xp.asarray(X.T), xp.asarray(V),
                                         axes=[(1, 0), 0, ()]),
    "mv_1d": lambda xp: xp.matvec(xp.asarray(V), xp.asarray(V),
                                  axes=[(0, 1), 0, 0]),
    "mv_keepdims_str": lambda xp: xp.matvec(xp.asarray(X), xp.asarray(V),
                                            keepdims="x"),
    "vm_str": lambda xp: xp.vecmat(xp.asarray(V), xp.asarray(X.T),
                                   axes="ab"),
    "vm_axes": lambda xp: xp.vecmat(xp.asarray(V), xp.asarray(X),
                                    axes=[0, (1, 0), 0]),
    # vecdot: no result core dimension, so its entry may be left out
    "vd_axes2": _vd(axes=[0, 0]),
    "vd_axes3": _vd(axes=[0, 0, ()]),
    "vd_tuple": _vd(axes=(0, 0)),
    "vd_int_out": _vd(axes=[0, 0, 0]),
    "vd_list_out": _vd(axes=[0, 0, []]),
    "vd_keepdims_axes": _vd(axes=[0, 0, 0], keepdims=True),
    "vd_keepdims_axes2": _vd(axes=[0, 0], keepdims=True),
    "vd_keepdims_empty_out": _vd(axes=[0, 0, ()], keepdims=True),
    "vd_keepdims_out": lambda xp: xp.vecdot(
        xp.asarray(X), xp.asarray(X), axes=[0, 0, 0], keepdims=True,
        out=xp.zeros((1, 4))),
    # axis=: one C int for every operand
    "vd_axis_tuple": _vd(axis=(0,)),
    "vd_axis_repeat": _vd(axis=(0, 0)),
    "vd_axis_float": _vd(axis=1.5),
    "vd_axis_none": _vd(axis=None),
    "vd_axis_npint": _vd(axis=np.int64(0)),
    "vd_axis_0d": _vd(axis=np.array(0)),
    "vd_axis_big": _vd(axis=5),
    "vd_axis_huge": _vd(axis=2 ** 70),
    "vd_axis_keepdims": _vd(axis=0, keepdims=True),
    "vd_axis_and_axes": _vd(axis=0, axes=[0, 0]),
    "vd_default_axis_and_axes": _vd(axis=-1, axes=[0, 0]),
    # keepdims: a Python bool only
    "vd_keepdims_str": _vd(keepdims="x"),
    "vd_keepdims_int": _vd(keepdims=1),
    "vd_keepdims_npbool": _vd(keepdims=np.True_),
    "vd_keepdims_none": _vd(keepdims=None),
    "vd_keepdims_true": _vd(keepdims=True),
}


def _lvd(x2=V, **kw):
    return lambda xp: xp.linalg.vecdot(xp.asarray(X), xp.asarray(x2), **kw)


def _cross(x2=np.ones((2, 3)), **kw):
    return lambda xp: xp.linalg.cross(xp.ones((2, 3)), x2 if not
                                      isinstance(x2, np.ndarray) else
                                      xp.asarray(x2), **kw)


LINALG = {
    # linalg.vecdot is the gufunc with axis=
    "lvd": _lvd(),
    "lvd_axis_tuple": _lvd(X, axis=(0,)),
    "lvd_axis_repeat": _lvd(X, axis=(0, 0)),
    "lvd_axis_float": _lvd(X, axis=1.5),
    "lvd_core_broadcast": _lvd(np.ones((3, 1))),
    "lvd_complex": lambda xp: xp.linalg.vecdot(xp.asarray(X * 1j + 1),
                                               xp.asarray(V)),
    "lvd_0d": lambda xp: xp.linalg.vecdot(xp.asarray(np.array(1.0)),
                                          xp.asarray(V)),
    # cross: numpy.cross's checks on NumPy 2.5, shape[axis] first on 2.4
    "cross_big_axis": _cross(axis=5),
    "cross_huge_axis": _cross(axis=2 ** 70),
    "cross_bool": _cross(True),
    "cross_0d": _cross(np.array(0.5)),
    "cross_2_vectors": lambda xp: xp.linalg.cross(xp.ones((2, 2)),
                                                  xp.ones((2, 2))),
    # norm's axis goes through int()
    "norm_axis_float": lambda xp: xp.linalg.norm(xp.asarray(X), axis=1.5),
    "norm_axis_str": lambda xp: xp.linalg.norm(xp.asarray(X), axis="0"),
    "norm_axis_bad_str": lambda xp: xp.linalg.norm(xp.asarray(X), axis="a"),
    "norm_axis_bool": lambda xp: xp.linalg.norm(xp.asarray(X), axis=True),
    "vnorm_axis_float": lambda xp: xp.linalg.vector_norm(xp.asarray(X),
                                                         axis=1.5),
    "vnorm_axis_float_keepdims": lambda xp: xp.linalg.vector_norm(
        xp.asarray(X), axis=1.5, keepdims=True),
    "vnorm_axis_str": lambda xp: xp.linalg.vector_norm(xp.asarray(X),
                                                       axis="0"),
    # tensorsolve: each entry taken out of range(a.ndim) by ==
    "ts_big": lambda xp: xp.linalg.tensorsolve(xp.asarray(T4), xp.ones(
        (2, 2)), axes=(5,)),
    "ts_negative": lambda xp: xp.linalg.tensorsolve(xp.asarray(T4), xp.ones(
        (2, 2)), axes=(-1,)),
    "ts_str": lambda xp: xp.linalg.tensorsolve(xp.asarray(T4), xp.ones(
        (2, 2)), axes="ab"),
    "ts_float": lambda xp: xp.linalg.tensorsolve(xp.asarray(T4), xp.ones(
        (2, 2)), axes=1.5),
    "ts_float_entry": lambda xp: xp.linalg.tensorsolve(
        xp.asarray(T4), xp.ones((2, 2)), axes=(1.0,)),
    "ts_axis": lambda xp: xp.linalg.tensorsolve(xp.asarray(T4), xp.ones(
        (2, 2)), axes=(0,)),
    "ts_repeat": lambda xp: xp.linalg.tensorsolve(xp.asarray(T4), xp.ones(
        (2, 2)), axes=(0, 0)),
    "ts_scalars": lambda xp: xp.linalg.tensorsolve(2.0, 0.5),
    "ts_scalars_big": lambda xp: xp.linalg.tensorsolve(2.0, 0.5, axes=(5,)),
    "ts_1x1": lambda xp: xp.linalg.tensorsolve(xp.full((1, 1), 2.0),
                                               xp.ones((1, 1))),
    # cutoffs that are no numbers: NumPy's own errors
    "cond_list": lambda xp: xp.linalg.cond(xp.asarray(X), p=[1]),
    "cond_array": lambda xp: xp.linalg.cond(xp.asarray(S), p=np.array(2)),
    "pinv_rcond_str": lambda xp: xp.linalg.pinv(xp.asarray(X),
                                                rcond="bogus"),
    "pinv_rcond_dict": lambda xp: xp.linalg.pinv(xp.asarray(X), rcond={}),
    "pinv_rtol_str": lambda xp: xp.linalg.pinv(xp.asarray(X), rtol="bogus"),
    "rank_tol_str": lambda xp: xp.linalg.matrix_rank(xp.asarray(X),
                                                     tol="bogus"),
    "rank_rtol_str": lambda xp: xp.linalg.matrix_rank(xp.asarray(X),
                                                      rtol="bogus"),
    "rank_tol_float32": lambda xp: xp.linalg.matrix_rank(
        xp.asarray(X), tol=np.float32(0.1)),
    "lstsq_rcond_str": lambda xp: xp.linalg.lstsq(xp.asarray(X),
                                                  xp.asarray(X),
                                                  rcond="bogus"),
    "lstsq_rcond_complex": lambda xp: xp.linalg.lstsq(xp.asarray(X),
                                                      xp.asarray(X),
                                                      rcond=1j),
    # eig/eigvals take array-likes
    "eig_list": lambda xp: xp.linalg.eig([[1.0, 2.0], [3.0, 4.0]]),
    "eigvals_1d": lambda xp: xp.linalg.eigvals([1.0, 2.0]),
    "eigvals_ragged": lambda xp: xp.linalg.eigvals([[1.0], [1.0, 2.0]]),
    "eigvals_bool": lambda xp: xp.linalg.eigvals(True),
    "eig_int8": lambda xp: xp.linalg.eig(np.int8(3)),
}


def _check(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want, got = outcome(fn, np), outcome(fn, gp)
    if isinstance(want, tuple) and hasattr(want, "_fields"):
        got, want = tuple(got), tuple(want)
    # float32 products round per the library's summation order (cuBLAS
    # on a GPU): the float32 ulp, not float64's
    tol = {"f": 1e-6, "F": 1e-6, "default": 1e-12}
    assert_same_outcome(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("case", sorted(GUFUNC))
def test_gufunc_keywords_as_numpy(case):
    _check(GUFUNC[case])


@pytest.mark.parametrize("case", sorted(LINALG))
def test_linalg_arguments_as_numpy(case):
    _check(LINALG[case])


def test_messages_name_the_problem():
    """The parser's own messages are NumPy's (names the operand/entry)."""
    a = gp.asarray(X)
    with pytest.raises(TypeError, match="axes should be a list"):
        gp.matmul(a, a.T, axes=((0, 1), (0, 1), (0, 1)))
    with pytest.raises(ValueError, match="axes item 0 has value 0 repeated"):
        gp.matmul(a, a.T, axes=[(0, 0), (0, 1), (0, 1)])
    with pytest.raises(TypeError, match="axes item 0 should be a tuple"):
        gp.matmul(a, a.T, axes=[[0, 1], (0, 1), (0, 1)])
    with pytest.raises(TypeError, match="'keepdims' must be a boolean"):
        gp.vecdot(a, a, keepdims=np.True_)
    with pytest.raises(TypeError, match="cannot specify both"):
        gp.vecdot(a, a, axis=-1, axes=[0, 0])
    with pytest.raises(ValueError, match="tensorsolve: axes entry -1"):
        gp.linalg.tensorsolve(gp.asarray(T4), gp.ones((2, 2)), axes=(-1,))
