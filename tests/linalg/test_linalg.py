"""gpuarray.linalg against numpy.linalg: values, dtypes, shapes and the
exception types, on well-conditioned random matrices (random + n * I)."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray import linalg as gl
from gpuarray.testing.parity import LINALG_DTYPES, assert_same
from gpuarray.testing.parity import assert_same_outcome, outcome, raised

SHAPES = [(1, 1), (2, 2), (5, 5), (17, 17), (3, 4, 4)]
DTYPES = LINALG_DTYPES
TOL = {np.dtype(np.float32): 2e-4, np.dtype(np.complex64): 2e-4,
       np.dtype(np.float64): 1e-10, np.dtype(np.complex128): 1e-10,
       "default": 1e-10}


def well_conditioned(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return (a + shape[-1] * np.eye(shape[-1])).astype(dtype)


def spd(shape, dtype, seed=0):
    """A Hermitian positive definite stack."""
    a = well_conditioned(shape, dtype, seed)
    return (a @ np.conj(np.swapaxes(a, -1, -2))).astype(dtype)


def check(got, expected, tol=None):
    """Same dtype, shape and (within the dtype's tolerance) values."""
    assert_same(got, np.asarray(expected), rtol=TOL if tol is None else tol,
                device=True)


def ids(values):
    return [str(v) if not isinstance(v, type) else np.dtype(v).name
            for v in values]


# ------------------------------------------------ det, slogdet, inv, solve

@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("shape", SHAPES, ids=ids(SHAPES))
def test_det_slogdet_inv(shape, dtype):
    a = well_conditioned(shape, dtype)
    g = gp.asarray(a)
    scale = float(shape[-1]) ** shape[-1]  # det grows like n^n here
    check(gl.det(g) / scale, np.linalg.det(a) / scale)
    sign, logabs = gl.slogdet(g)
    esign, elogabs = np.linalg.slogdet(a)
    check(sign, esign)
    check(logabs, elogabs)
    check(gl.inv(g), np.linalg.inv(a))


def test_det_pivots_and_sign():
    # Zero leading entries force row exchanges (odd and even counts).
    a = np.array([[[0., 1.], [1., 0.]], [[0., 2.], [3., 1.]]])
    check(gl.det(gp.asarray(a)), np.linalg.det(a))
    p = np.eye(4)[[2, 0, 3, 1]] * 3.0
    check(gl.det(gp.asarray(p)), np.linalg.det(p))
    check(gl.inv(gp.asarray(p)), np.linalg.inv(p))


def test_int_input_computes_in_float64():
    a = np.array([[4, 1], [2, 3]], np.int32)
    check(gl.det(gp.asarray(a)), np.linalg.det(a))
    check(gl.inv(gp.asarray(a)), np.linalg.inv(a))
    check(gl.solve(gp.asarray(a), gp.asarray(np.array([1, 2]))),
          np.linalg.solve(a, np.array([1, 2])))


def test_complex64():
    a = well_conditioned((3, 3), np.complex64)
    check(gl.inv(gp.asarray(a)), np.linalg.inv(a))
    check(gl.det(gp.asarray(a)), np.linalg.det(a))


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("n", [1, 5, 17])
def test_solve_vector_and_matrix(n, dtype):
    a = well_conditioned((n, n), dtype)
    b = well_conditioned((n, n), dtype, seed=1)[:, :3]
    check(gl.solve(gp.asarray(a), gp.asarray(b)), np.linalg.solve(a, b))
    v = np.ascontiguousarray(b[:, 0])
    check(gl.solve(gp.asarray(a), gp.asarray(v)), np.linalg.solve(a, v))


@pytest.mark.parametrize("ashape,bshape", [
    ((3, 4, 4), (4,)),          # one vector for the whole stack
    ((3, 4, 4), (4, 2)),        # one matrix, broadcast
    ((3, 4, 4), (3, 4, 2)),
    ((4, 4), (2, 4, 3)),        # a broadcast against b's stack
    ((2, 1, 4, 4), (3, 4, 1)),  # batch axes broadcast both ways
    ((3, 4, 4), (3, 4, 4)),
])
def test_solve_stacks(ashape, bshape):
    a = well_conditioned(ashape, np.float64)
    b = np.random.default_rng(2).standard_normal(bshape)
    check(gl.solve(gp.asarray(a), gp.asarray(b)), np.linalg.solve(a, b))


def test_solve_mixed_dtypes():
    a = well_conditioned((3, 3), np.float32)
    b = np.arange(3.0)
    check(gl.solve(gp.asarray(a), gp.asarray(b)), np.linalg.solve(a, b))
    b32 = b.astype(np.float32)
    check(gl.solve(gp.asarray(a), gp.asarray(b32)), np.linalg.solve(a, b32))


def test_solve_shape_errors():
    a = gp.asarray(np.eye(3))
    for b in (np.ones(2), np.ones((2, 3)), np.ones((2, 2, 3))):
        with pytest.raises(ValueError):
            np.linalg.solve(np.eye(3), b)
        with pytest.raises(ValueError):
            gl.solve(a, gp.asarray(b))


# Every one of these has an exact zero pivot under partial pivoting.
SINGULAR = [np.array([[1., 2.], [2., 4.]]), np.zeros((3, 3)),
            np.array([[1., 1., 0.], [1., 1., 0.], [0., 0., 1.]])]


@pytest.mark.parametrize("k", range(len(SINGULAR)))
def test_singular(k):
    a = SINGULAR[k]
    g = gp.asarray(a)
    for f in (gl.inv, lambda m: gl.solve(m, gp.ones(m.shape[-1]))):
        with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
            f(g)
    check(gl.det(g), np.linalg.det(a))
    sign, logabs = gl.slogdet(g)
    assert sign.get() == 0 and logabs.get() == -np.inf


def test_singular_in_stack_raises():
    a = np.stack([np.eye(2), SINGULAR[0], np.eye(2)])
    with pytest.raises(gl.LinAlgError):
        gl.inv(gp.asarray(a))
    check(gl.det(gp.asarray(a)), np.linalg.det(a))


BAD_SHAPES = [np.ones((2, 3)), np.ones(3), np.ones((4, 2, 3))]
SQUARE_FUNCS = {
    "det": gl.det, "slogdet": gl.slogdet, "inv": gl.inv,
    "cholesky": gl.cholesky, "solve": lambda m: gl.solve(m, m),
    "matrix_power": lambda m: gl.matrix_power(m, 2)}


@pytest.mark.parametrize("name", sorted(SQUARE_FUNCS))
def test_not_square(name):
    f = SQUARE_FUNCS[name]
    npf = getattr(np.linalg, name)
    for a in BAD_SHAPES:
        with pytest.raises(np.linalg.LinAlgError):
            if name == "solve":
                npf(a, a)
            elif name == "matrix_power":
                npf(a, 2)
            else:
                npf(a)
        with pytest.raises(np.linalg.LinAlgError):
            f(gp.asarray(a))


def test_float16_refused():
    a = np.eye(2, dtype=np.float16)
    with pytest.raises(TypeError):
        np.linalg.inv(a)
    for f in (gl.inv, gl.det, gl.cholesky):
        with pytest.raises(TypeError):
            f(gp.asarray(a))


def test_empty():
    a = np.zeros((2, 0, 0))
    check(gl.det(gp.asarray(a)), np.linalg.det(a))
    check(gl.inv(gp.asarray(a)), np.linalg.inv(a))


def test_linalgerror_is_numpys():
    assert gl.LinAlgError is np.linalg.LinAlgError


# ------------------------------------------------------------- cholesky

@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("shape", SHAPES, ids=ids(SHAPES))
def test_cholesky(shape, dtype):
    a = spd(shape, dtype)
    tol = 1e-3 if dtype == np.float32 else None
    check(gl.cholesky(gp.asarray(a)), np.linalg.cholesky(a), tol)


def test_cholesky_reads_one_triangle_and_upper():
    a = spd((3, 5, 5), np.complex128)
    low = np.tril(a) + np.triu(np.full(a.shape, 7.0), 1)
    check(gl.cholesky(gp.asarray(low)), np.linalg.cholesky(a))
    up = np.triu(a) + np.tril(np.full(a.shape, 7.0), -1)
    check(gl.cholesky(gp.asarray(up), upper=True),
          np.linalg.cholesky(a, upper=True))


@pytest.mark.parametrize("a", [-np.eye(2), np.array([[1., 2.], [2., 1.]]),
                               np.stack([np.eye(3), np.diag([1., 0., 1.])])])
def test_cholesky_not_positive_definite(a):
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cholesky(a)
    with pytest.raises(np.linalg.LinAlgError,
                       match="Matrix is not positive definite"):
        gl.cholesky(gp.asarray(a))


# --------------------------------------------------------- matrix_power

@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5, 8])
def test_matrix_power(n):
    a = well_conditioned((3, 4, 4), np.float64) / 4
    check(gl.matrix_power(gp.asarray(a), n), np.linalg.matrix_power(a, n))


def test_matrix_power_ints():
    a = np.array([[1, 2], [3, 4]], np.int32)
    for n in (0, 1, 3, -1):
        check(gl.matrix_power(gp.asarray(a), n), np.linalg.matrix_power(a, n))
    with pytest.raises(TypeError):
        gl.matrix_power(gp.asarray(a), 1.5)


# ----------------------------------------------------------- multi_dot

@pytest.mark.parametrize("dims,row,column", [
    ((2, 3, 4, 5), False, False),
    ((10, 2, 10, 2, 10), False, False),  # order matters for the cost
    ((4, 3, 6, 2), True, False),
    ((4, 3, 6, 2), False, True),
    ((4, 3, 6, 2), True, True),
    ((3, 4, 2), False, False),
])
def test_multi_dot(dims, row, column):
    rng = np.random.default_rng(3)
    mats = [rng.standard_normal((dims[i], dims[i + 1]))
            for i in range(len(dims) - 1)]
    if row:
        mats[0] = mats[0][0]
    if column:
        mats[-1] = mats[-1][:, 0]
    check(gl.multi_dot([gp.asarray(m) for m in mats]),
          np.linalg.multi_dot(mats))


def test_multi_dot_out_and_errors():
    rng = np.random.default_rng(4)
    mats = [rng.standard_normal(s) for s in ((2, 3), (3, 4), (4, 2))]
    out = gp.zeros((2, 2))
    r = gl.multi_dot([gp.asarray(m) for m in mats], out=out)
    assert r is out
    check(out, np.linalg.multi_dot(mats))
    with pytest.raises(ValueError):
        gl.multi_dot([gp.ones((2, 2))])
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.multi_dot([np.ones((2, 2)), np.ones((2, 2, 2)), np.ones(2)])
    with pytest.raises(np.linalg.LinAlgError):
        gl.multi_dot([gp.ones((2, 2)), gp.ones((2, 2, 2)), gp.ones(2)])


# ----------------------------------------------------------------- norms

VECTOR_ORDS = [None, 2, np.inf, -np.inf, 0, 1, -1, 3, 0.5, -2]


@pytest.mark.parametrize("ord", VECTOR_ORDS, ids=ids(VECTOR_ORDS))
def test_vector_norms(ord):
    x = np.random.default_rng(5).standard_normal((3, 6))
    x[0, 2] = 0
    check(gl.norm(gp.asarray(x[1]), ord), np.linalg.norm(x[1], ord))
    for axis, keepdims in ((0, False), (-1, True)):
        with np.errstate(divide="ignore"):  # 0 ** negative ord is inf
            expected = np.linalg.norm(x, ord, axis, keepdims)
        check(gl.norm(gp.asarray(x), ord, axis, keepdims), expected)


@pytest.mark.parametrize("dtype", [np.float32, np.complex64, np.complex128,
                                   np.int32, np.float16],
                         ids=ids([np.float32, np.complex64, np.complex128,
                                  np.int32, np.float16]))
def test_norm_dtypes(dtype):
    x = (np.arange(12).reshape(3, 4) - 5).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x = x * (1 - 2j)
    tol = 1e-2 if dtype == np.float16 else None
    for ord in (None, 1, 3):
        check(gl.norm(gp.asarray(x), ord, axis=1),
              np.linalg.norm(x, ord, axis=1), tol)
    check(gl.norm(gp.asarray(x)), np.linalg.norm(x), tol)
    check(gl.norm(gp.asarray(x), "fro"), np.linalg.norm(x, "fro"), tol)


MATRIX_ORDS = [None, "fro", 1, -1, np.inf, -np.inf]


@pytest.mark.parametrize("ord", MATRIX_ORDS, ids=ids(MATRIX_ORDS))
def test_matrix_norms(ord):
    x = np.random.default_rng(6).standard_normal((2, 3, 5))
    check(gl.norm(gp.asarray(x[0]), ord), np.linalg.norm(x[0], ord))
    for axis in ((1, 2), (2, 0), (-1, -2)):
        for keepdims in (False, True):
            check(gl.norm(gp.asarray(x), ord, axis, keepdims),
                  np.linalg.norm(x, ord, axis, keepdims))


def test_norm_whole_array_and_keepdims():
    x = np.random.default_rng(7).standard_normal((2, 3, 4))
    check(gl.norm(gp.asarray(x)), np.linalg.norm(x))
    check(gl.norm(gp.asarray(x), keepdims=True),
          np.linalg.norm(x, keepdims=True))


@pytest.mark.parametrize("args,exc", [
    (((2, 2, 2), 1, None), ValueError),       # ord needs 1-D or 2-D
    (((2, 2), "bad", None), ValueError),
    (((2,), "fro", None), ValueError),
    (((2, 2), 3, None), ValueError),
    (((2, 2), None, (0, 0)), ValueError),
    (((2, 2), None, (0, 1, 1)), ValueError),
    (((2, 2), None, 3), np.exceptions.AxisError),
    (((2, 2), None, "x"), TypeError),
])
def test_norm_errors(args, exc):
    shape, ord, axis = args
    with pytest.raises(exc):
        np.linalg.norm(np.ones(shape), ord, axis)
    with pytest.raises(exc):
        gl.norm(gp.ones(shape), ord, axis)


def test_vector_norm_and_matrix_norm():
    x = np.random.default_rng(8).standard_normal((2, 3, 4))
    for kw in ({}, {"axis": 1}, {"axis": (0, 2)}, {"axis": (2, 0),
                                                    "keepdims": True},
               {"ord": 1, "axis": None, "keepdims": True},
               {"ord": np.inf, "axis": (0, 1)}, {"ord": 0.5}):
        check(gl.vector_norm(gp.asarray(x), **kw),
              np.linalg.vector_norm(x, **kw))
    for kw in ({}, {"keepdims": True}, {"ord": 1}, {"ord": -np.inf}):
        check(gl.matrix_norm(gp.asarray(x), **kw),
              np.linalg.matrix_norm(x, **kw))
    with pytest.raises(np.exceptions.AxisError):
        gl.matrix_norm(gp.ones(3))


# ------------------------------------------------ Array API re-exports

def test_array_api_products():
    rng = np.random.default_rng(9)
    a = rng.standard_normal((2, 3, 3))
    b = rng.standard_normal((2, 3, 3))
    ga, gb = gp.asarray(a), gp.asarray(b)
    check(gl.matmul(ga, gb), np.linalg.matmul(a, b))
    ax = ([1, 2], [2, 1])
    check(gl.tensordot(ga, gb, axes=ax), np.linalg.tensordot(a, b, axes=ax))
    check(gl.matrix_transpose(ga), np.linalg.matrix_transpose(a))
    check(gl.trace(ga, offset=1), np.linalg.trace(a, offset=1))
    check(gl.diagonal(ga, offset=-1), np.linalg.diagonal(a, offset=-1))
    check(gl.cross(ga, gb, axis=1), np.linalg.cross(a, b, axis=1))
    check(gl.vecdot(ga, gb, axis=0), np.linalg.vecdot(a, b, axis=0))
    c = a + 1j * b
    check(gl.vecdot(gp.asarray(c), gb), np.linalg.vecdot(c, b))
    check(gl.outer(ga[0, 0], gb[1, 2]), np.linalg.outer(a[0, 0], b[1, 2]))
    with pytest.raises(ValueError):
        gl.outer(ga, gb)
    with pytest.raises(ValueError):
        gl.cross(ga[:, :2], gb[:, :2], axis=1)


@pytest.mark.parametrize("s1, s2, axis", [
    ((2, 3), (1,), -1),       # a length-1 vector axis does not broadcast
    ((3,), (2, 1), -1),
    ((4, 3), (4, 1), -1),
    ((3, 2), (1, 2), 0),
    ((2, 3), (2, 3), 0),      # fine: the other axes broadcast
    ((5, 1, 3), (4, 3), -1),
])
def test_array_api_vecdot_shapes_as_numpy(s1, s2, axis):
    # linalg.vecdot is NumPy's gufunc (n),(n)->(): the same result, or the
    # same ValueError when the vector axes differ in length
    a = np.arange(np.prod(s1), dtype=np.uint8).reshape(s1)
    b = np.arange(np.prod(s2), dtype=np.int8).reshape(s2)
    def run(m):
        return outcome(m.linalg.vecdot, m.asarray(a), m.asarray(b), axis=axis)
    assert_same_outcome(run(gp), run(np))


@pytest.mark.parametrize("axis", [0, -2, np.int64(1), 5, -3, (0, 0), 1.5,
                                  "0", True])
@pytest.mark.parametrize("name", ["linalg.vecdot", "vecdot"])
def test_vecdot_axis_as_numpy(name, axis):
    # the gufunc's axis= is one integer: NumPy's AxisError beyond the
    # operand's dimensions, its TypeError for a tuple, float, str or bool
    a = np.arange(6.0).reshape(2, 3)

    def run(m):
        fn = m.linalg.vecdot if name == "linalg.vecdot" else m.vecdot
        return outcome(fn, m.asarray(a), m.asarray(a), axis=axis)
    got, want = run(gp), run(np)
    assert_same_outcome(got, want)
    if raised(want) is not None:
        assert str(raised(got)) == str(raised(want))


def test_tensorinv_tensorsolve():
    a = well_conditioned((24, 24), np.float64)
    t = a.reshape(4, 6, 8, 3)
    check(gl.tensorinv(gp.asarray(t)), np.linalg.tensorinv(t))
    b = np.arange(24.0).reshape(4, 6)
    check(gl.tensorsolve(gp.asarray(t), gp.asarray(b)),
          np.linalg.tensorsolve(t, b))
    t2 = np.moveaxis(t, 2, 0)
    check(gl.tensorsolve(gp.asarray(t2), gp.asarray(b), axes=(0,)),
          np.linalg.tensorsolve(t2, b, axes=(0,)))


def test_multi_dot_picks_cheapest_order():
    from gpuarray.linalg._products import _chain_order
    # (10x100)(100x5)(5x50): (AB)C costs 7500, A(BC) 75000.
    assert _chain_order([10, 100, 5, 50])[0][2] == 1
    # (50x5)(5x100)(100x10): A(BC) costs 7500, (AB)C 75000.
    assert _chain_order([50, 5, 100, 10])[0][2] == 0


@pytest.mark.parametrize("dt", [np.float64, np.float32, np.complex128])
def test_singular_value_norms(dt):
    rng = np.random.default_rng(11)
    x = rng.standard_normal((2, 4, 3)).astype(dt)
    if np.dtype(dt).kind == "c":
        x = x + 1j * rng.standard_normal(x.shape)
    tol = 1e-12 if dt != np.float32 else 2e-5
    for ord in (2, -2, "nuc"):
        for axis, keep in (((1, 2), False), ((2, 1), True), ((0, 2), False)):
            want = np.linalg.norm(x, ord, axis=axis, keepdims=keep)
            got = gl.norm(gp.asarray(x), ord, axis=axis, keepdims=keep)
            assert got.shape == want.shape and got.dtype == want.dtype
            np.testing.assert_allclose(got.get(), want, rtol=tol)


def test_numpy_functions_dispatch_here():
    a = well_conditioned((3, 3), np.float64)
    check(np.linalg.inv(gp.asarray(a)), np.linalg.inv(a))
    check(np.linalg.norm(gp.asarray(a), 1), np.linalg.norm(a, 1))


# --- regressions: NumPy-parity fixes ---------------------------------------

@pytest.mark.parametrize("ord", [np.inf, 1, 2])
def test_norm_of_empty_is_zero_for_max_orders(ord):
    # NumPy 2 reduces these with initial=0; a bare max raised ValueError.
    for x, axis in [(np.zeros((0,)), None), (np.zeros((0, 3)), (0, 1))]:
        if ord != np.inf and x.ndim == 1:
            continue
        want = np.linalg.norm(x, ord, axis)
        got = gl.norm(gp.asarray(x), ord, axis)
        np.testing.assert_array_equal(got.get(), want)
    want = np.linalg.matrix_norm(np.zeros((2, 0, 3)), ord=ord)
    got = gl.matrix_norm(gp.asarray(np.zeros((2, 0, 3))), ord=ord)
    np.testing.assert_array_equal(got.get(), want)
    got = gl.vector_norm(gp.zeros((0, 3)), ord=np.inf, axis=0)
    np.testing.assert_array_equal(
        got.get(), np.linalg.vector_norm(np.zeros((0, 3)), ord=np.inf,
                                         axis=0))


@pytest.mark.parametrize("ord, axis", [(None, (0, 1, 2)), ("fro", 0),
                                       ("nuc", -1)])
def test_norm_checks_ord_and_axis_count_before_axes(ord, axis):
    # NumPy reports a 3-axis tuple / a string vector order as ValueError,
    # even when the axes themselves are out of range.
    x = np.float64(2.0)
    with pytest.raises(ValueError):
        np.linalg.norm(x, ord, axis)
    with pytest.raises(ValueError) as e:
        gl.norm(gp.asarray(x), ord, axis)
    assert not isinstance(e.value, np.exceptions.AxisError)
    with pytest.raises(ValueError):
        np.linalg.vector_norm(x, ord="fro", axis=0)
    with pytest.raises(ValueError) as e:
        gl.vector_norm(gp.asarray(x), ord="fro", axis=0)
    assert not isinstance(e.value, np.exceptions.AxisError)


def test_solve_scalar_b_is_value_error():
    with pytest.raises(ValueError):
        np.linalg.solve(np.eye(3), np.float64(1.0))
    with pytest.raises(ValueError) as e:
        gl.solve(gp.eye(3), gp.asarray(1.0))
    # NumPy's is the gufunc's ValueError, not a LinAlgError
    assert not isinstance(e.value, np.linalg.LinAlgError)


def test_solve_singular_with_no_columns_still_raises():
    a = np.ones((3, 3))
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.solve(a, np.zeros((3, 0)))
    with pytest.raises(np.linalg.LinAlgError):
        gl.solve(gp.asarray(a), gp.zeros((3, 0)))
    got = gl.solve(gp.eye(3), gp.zeros((2, 3, 0)))
    want = np.linalg.solve(np.eye(3), np.zeros((2, 3, 0)))
    assert got.shape == want.shape and got.dtype == want.dtype


def test_matrix_rank_refuses_tol_and_rtol():
    with pytest.raises(ValueError):
        np.linalg.matrix_rank(np.eye(2), 0.1, rtol=0.1)
    with pytest.raises(ValueError):
        gl.matrix_rank(gp.eye(2), 0.1, rtol=0.1)
