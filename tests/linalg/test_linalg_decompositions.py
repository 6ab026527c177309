"""gpuarray.linalg's decompositions (qr, eigh, eigvalsh, svd, svdvals) and
the routines built on them (pinv, matrix_rank, cond, lstsq) against
numpy.linalg: dtypes, shapes, result types, exceptions, and values to a
per-dtype tolerance.  Where the factors are not unique (signs / phases of
Q's columns, eigenvectors, singular vectors) the tests check the defining
identities instead: reconstruction, orthonormality, triangularity."""
import numpy as np
import pytest

import gpuarray as gp
from gpuarray import linalg as gl

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
SIZES = [0, 1, 2, 3, 5, 8, 17]
# Relative (to the matrix's scale) tolerance per dtype.
TOL = {np.dtype(np.float32): 5e-5, np.dtype(np.complex64): 5e-5,
       np.dtype(np.float64): 1e-12, np.dtype(np.complex128): 1e-12}


def ids(values):
    return [str(v) if not isinstance(v, type) else np.dtype(v).name
            for v in values]


def rand(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def hermitian(shape, dtype, seed=0):
    a = rand(shape, dtype, seed)
    return ((a + np.conj(np.swapaxes(a, -1, -2))) / 2).astype(dtype)


def ct(x):
    return np.conj(np.swapaxes(x, -1, -2))


def tol_of(dtype, n=1):
    return TOL[np.dtype(dtype)] * max(1, n)


def close(got, expected, tol, scale=1.0):
    """got (NumPy) within tol * scale of expected, elementwise."""
    np.testing.assert_allclose(got, expected, rtol=0, atol=tol * scale)


def orthonormal_columns(q, tol):
    k = q.shape[-1]
    close(ct(q) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)), tol)


def meta(got, expected):
    """Same type (gpuarray), dtype and shape as NumPy's result."""
    assert isinstance(got, gp.ndarray), type(got)
    assert got.dtype == expected.dtype, (got.dtype, expected.dtype)
    assert got.shape == expected.shape, (got.shape, expected.shape)


def square_cases():
    return [(n, n) for n in SIZES] + [(3, 4, 5, 5)]


# ------------------------------------------------------------------- qr

QR_SHAPES = square_cases() + [(7, 3), (3, 7), (2, 6, 4), (0, 3), (3, 0),
                              (2, 0, 0)]


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("shape", QR_SHAPES, ids=ids(QR_SHAPES))
def test_qr(shape, dtype):
    a = rand(shape, dtype)
    g = gp.asarray(a)
    tol = tol_of(dtype, shape[-1])
    scale = max(1.0, np.abs(a).max(initial=0))
    for mode in ("reduced", "complete"):
        res = gl.qr(g, mode)
        eq, er = np.linalg.qr(a, mode)
        assert type(res).__name__ == "QRResult"
        q, r = res
        meta(q, eq)
        meta(r, er)
        q, r = q.get(), r.get()
        close(q @ r, a, tol, scale)
        orthonormal_columns(q, tol)
        close(np.triu(r), r, 0)
        k = min(shape[-2:])
        dg = np.abs(np.diagonal(r[..., :k, :], axis1=-2, axis2=-1))
        de = np.abs(np.diagonal(er[..., :k, :], axis1=-2, axis2=-1))
        close(dg, de, tol, scale)
    r_only = gl.qr(g, "r")
    er = np.linalg.qr(a, "r")
    meta(r_only, er)
    close(np.abs(r_only.get()), np.abs(er), tol, scale)


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
def test_qr_raw_matches_lapack(dtype):
    for shape in ((5, 3), (3, 5), (2, 4, 4)):
        a = rand(shape, dtype, seed=1)
        h, tau = gl.qr(gp.asarray(a), "raw")
        eh, etau = np.linalg.qr(a, "raw")
        meta(h, eh)
        meta(tau, etau)
        close(h.get(), eh, tol_of(dtype, 5), 3.0)
        close(tau.get(), etau, tol_of(dtype, 5))


def test_qr_rank_deficient_and_ints():
    a = np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1], [0, 0, 0]])
    q, r = gl.qr(gp.asarray(a))
    eq, er = np.linalg.qr(a)
    meta(q, eq)
    close(q.get() @ r.get(), a, 1e-12, 10)
    orthonormal_columns(q.get(), 1e-12)
    z = np.zeros((3, 3))
    q, r = gl.qr(gp.asarray(z), "complete")
    close(q.get(), np.eye(3), 0)
    close(r.get(), z, 0)


def test_qr_errors():
    with pytest.raises(ValueError):
        np.linalg.qr(np.eye(2), "bad")
    with pytest.raises(ValueError):
        gl.qr(gp.eye(2), "bad")
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.qr(np.ones(3))
    with pytest.raises(np.linalg.LinAlgError):
        gl.qr(gp.ones(3))


# --------------------------------------------------------- eigh/eigvalsh

@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("shape", square_cases(), ids=ids(square_cases()))
def test_eigh(shape, dtype):
    a = hermitian(shape, dtype)
    res = gl.eigh(gp.asarray(a))
    ew, ev = np.linalg.eigh(a)
    assert type(res).__name__ == "EighResult"
    w, v = res
    meta(w, ew)
    meta(v, ev)
    w, v = w.get(), v.get()
    n = shape[-1]
    scale = max(1.0, np.abs(ew).max(initial=0))
    tol = tol_of(dtype, n)
    close(w, ew, tol, scale)
    assert np.all(np.diff(w, axis=-1) >= 0)
    close(a @ v, v * w[..., None, :], tol, scale)
    orthonormal_columns(v, tol)
    wv = gl.eigvalsh(gp.asarray(a))
    meta(wv, ew)
    close(wv.get(), ew, tol, scale)


@pytest.mark.parametrize("dtype", [np.float64, np.complex128],
                         ids=ids([np.float64, np.complex128]))
def test_eigh_reads_one_triangle(dtype):
    a = hermitian((3, 5, 5), dtype, seed=2)
    junk = np.full(a.shape, 9.0 + (3j if np.dtype(dtype).kind == "c" else 0))
    low = np.tril(a) + np.triu(junk, 1)
    up = np.triu(a) + np.tril(junk, -1)
    ew = np.linalg.eigvalsh(a)
    for m, uplo in ((low, "L"), (up, "U"), (up, "u")):
        close(gl.eigvalsh(gp.asarray(m), UPLO=uplo).get(), ew, 1e-12, 5)
        close(gl.eigh(gp.asarray(m), UPLO=uplo)[0].get(),
              np.linalg.eigh(m, UPLO=uplo)[0], 1e-12, 5)
    with pytest.raises(ValueError):
        np.linalg.eigh(a, UPLO="X")
    with pytest.raises(ValueError):
        gl.eigh(gp.asarray(a), UPLO="X")


def test_eigh_degenerate_and_ill_conditioned():
    rng = np.random.default_rng(3)
    q, _ = np.linalg.qr(rng.standard_normal((8, 8)))
    for d in (np.array([1., 1, 1, 2, 2, 5, 5, 5]),
              np.array([1e-12, 1e-8, 1e-4, 1, 1, 1e4, 1e8, 1e12])):
        a = (q * d) @ q.T
        a = (a + a.T) / 2
        w, v = gl.eigh(gp.asarray(a))
        w, v = w.get(), v.get()
        close(w, np.linalg.eigvalsh(a), 1e-12, np.abs(d).max())
        close(a @ v, v * w, 1e-12, np.abs(d).max())
        orthonormal_columns(v, 1e-12)


def test_eigh_ints_and_errors():
    a = np.array([[2, 1], [1, 2]], np.int32)
    w, v = gl.eigh(gp.asarray(a))
    ew, ev = np.linalg.eigh(a)
    meta(w, ew)
    close(w.get(), ew, 1e-14)
    _not_square_raises(np.linalg.eigh, gl.eigh, gl.eigvalsh)


def _not_square_raises(np_fn, *gp_fns):
    """NumPy's LinAlgError for a non-square matrix and a vector."""
    for bad in (np.ones((2, 3)), np.ones(3)):
        with pytest.raises(np.linalg.LinAlgError):
            np_fn(bad)
        for fn in gp_fns:
            with pytest.raises(np.linalg.LinAlgError):
                fn(gp.asarray(bad))


# ----------------------------------------------------------- svd/svdvals

SVD_SHAPES = square_cases() + [(9, 4), (4, 9), (2, 3, 6, 2), (2, 2, 7),
                               (0, 3), (3, 0), (2, 0, 4)]


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("shape", SVD_SHAPES, ids=ids(SVD_SHAPES))
def test_svd(shape, dtype):
    a = rand(shape, dtype)
    es = np.linalg.svd(a, compute_uv=False)
    k = min(shape[-2:])
    tol = tol_of(dtype, max(shape[-2:]))
    scale = max(1.0, es.max(initial=0))
    for full in (True, False):
        res = gl.svd(gp.asarray(a), full_matrices=full)
        eu, _, evh = np.linalg.svd(a, full_matrices=full)
        assert type(res).__name__ == "SVDResult"
        u, s, vh = res
        meta(u, eu)
        meta(s, es)
        meta(vh, evh)
        u, s, vh = u.get(), s.get(), vh.get()
        close(s, es, tol, scale)
        close((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a, tol, scale)
        orthonormal_columns(u, tol)
        orthonormal_columns(ct(vh), tol)
    sv = gl.svdvals(gp.asarray(a))
    meta(sv, es)
    close(sv.get(), es, tol, scale)
    sv = gl.svd(gp.asarray(a), compute_uv=False)
    meta(sv, es)
    close(sv.get(), es, tol, scale)


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
def test_svd_rank_deficient(dtype):
    a = rand((3, 8, 6), dtype, seed=4)
    a[0, :, 2] = a[0, :, 1] * 2
    a[1, :, 3:] = 0
    a[2] = 0
    es = np.linalg.svd(a, compute_uv=False)
    tol = tol_of(dtype, 8)
    scale = max(1.0, es.max())
    u, s, vh = (x.get() for x in gl.svd(gp.asarray(a)))
    close(s, es, tol, scale)
    close((u[..., :6] * s[..., None, :]) @ vh, a, tol, scale)
    orthonormal_columns(u, tol)
    orthonormal_columns(ct(vh), tol)


def test_svd_hermitian_and_errors():
    a = hermitian((2, 5, 5), np.complex128, seed=5)
    u, s, vh = (x.get() for x in gl.svd(gp.asarray(a), hermitian=True))
    eu, es, evh = np.linalg.svd(a, hermitian=True)
    close(s, es, 1e-12, 5)
    close((u * s[..., None, :]) @ vh, a, 1e-12, 5)
    close(gl.svd(gp.asarray(a), compute_uv=False, hermitian=True).get(),
          es, 1e-12, 5)
    with pytest.raises(np.linalg.LinAlgError):
        gl.svd(gp.ones(3))
    nan = np.full((2, 2), np.nan)
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.svd(nan)
    with pytest.raises(np.linalg.LinAlgError, match="SVD did not converge"):
        gl.svd(gp.asarray(nan))


def test_svd_ill_conditioned_values():
    rng = np.random.default_rng(6)
    u, _ = np.linalg.qr(rng.standard_normal((10, 10)))
    v, _ = np.linalg.qr(rng.standard_normal((10, 10)))
    d = np.logspace(0, -14, 10)
    a = (u * d) @ v.T
    s = gl.svdvals(gp.asarray(a)).get()
    close(s, np.linalg.svd(a, compute_uv=False), 1e-14)


# ------------------------------------------------- pinv / rank / cond

def rank_deficient(shape, rank, dtype, seed=0):
    left = rand(shape[:-1] + (rank,), dtype, seed)
    right = rand(shape[:-2] + (rank, shape[-1]), dtype, seed + 1)
    return (left @ right).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 6), (2, 5, 5),
                                   (0, 3), (1, 1)],
                         ids=ids([(4, 4), (6, 3), (3, 6), (2, 5, 5), (0, 3),
                                  (1, 1)]))
def test_pinv(shape, dtype):
    a = rand(shape, dtype, seed=7)
    got = gl.pinv(gp.asarray(a))
    exp = np.linalg.pinv(a)
    meta(got, exp)
    scale = max(1.0, np.abs(exp).max(initial=0))
    close(got.get(), exp, tol_of(dtype, 10), scale)


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
def test_pinv_rank_deficient_and_rtol(dtype):
    a = rank_deficient((7, 5), 3, dtype)
    tol = tol_of(dtype, 20)
    exp = np.linalg.pinv(a, rtol=None)
    got = gl.pinv(gp.asarray(a), rtol=None)
    meta(got, exp)
    close(got.get(), exp, tol, np.abs(exp).max())
    g = got.get()
    close(a @ g @ a, a, tol, np.abs(a).max())
    close(g @ a @ g, g, tol, np.abs(g).max())
    # A cutoff that drops a real singular value changes the answer.
    cut = np.linalg.pinv(a, rcond=0.5)
    close(gl.pinv(gp.asarray(a), rcond=0.5).get(), cut, tol,
          np.abs(cut).max())
    with pytest.raises(ValueError):
        np.linalg.pinv(a, rcond=0.1, rtol=0.1)
    with pytest.raises(ValueError):
        gl.pinv(gp.asarray(a), rcond=0.1, rtol=0.1)


def test_pinv_ints_and_hermitian():
    a = np.array([[1, 2], [2, 4], [0, 1]])
    got, exp = gl.pinv(gp.asarray(a)), np.linalg.pinv(a)
    meta(got, exp)
    close(got.get(), exp, 1e-12)
    h = hermitian((4, 4), np.float64, seed=8)
    close(gl.pinv(gp.asarray(h), hermitian=True).get(),
          np.linalg.pinv(h, hermitian=True), 1e-10)


@pytest.mark.parametrize("dtype", [np.int32, np.bool_, np.float32,
                                   np.complex128, np.float16])
def test_pinv_empty_in_the_computing_dtype(dtype):
    # an empty stack's answer has the dtype a full one would (CuPy's suite)
    # (empty matrices keep the input's dtype, as NumPy's early answer)
    for shape in [(0, 2, 3), (3, 0), (0, 3), (0, 0), (2, 0, 3)]:
        a = np.zeros(shape, dtype)
        if dtype == np.float16 and shape == (0, 2, 3):
            with pytest.raises(TypeError):
                np.linalg.pinv(a)
            with pytest.raises(TypeError):
                gl.pinv(gp.asarray(a))
            continue
        meta(gl.pinv(gp.asarray(a), rcond=1e-15),
             np.linalg.pinv(a, rcond=1e-15))


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
def test_matrix_rank(dtype):
    stack = np.stack([rank_deficient((6, 6), r, dtype, seed=r)
                      for r in range(7)])
    got = gl.matrix_rank(gp.asarray(stack))
    exp = np.linalg.matrix_rank(stack)
    assert isinstance(got, gp.ndarray)
    np.testing.assert_array_equal(got.get(), exp)
    np.testing.assert_array_equal(got.get(), np.arange(7))
    one = gl.matrix_rank(gp.asarray(stack[3]))
    assert int(one.get()) == np.linalg.matrix_rank(stack[3]) == 3
    wide = rank_deficient((2, 4, 9), 2, dtype)
    np.testing.assert_array_equal(gl.matrix_rank(gp.asarray(wide)).get(),
                                  np.linalg.matrix_rank(wide))


def test_matrix_rank_tol_rtol_vectors_hermitian():
    a = np.diag([1.0, 1e-3, 1e-6, 1e-9, 0.0])
    for kw in ({}, {"tol": 1e-4}, {"tol": 1e-7}, {"rtol": 1e-2},
               {"rtol": 1e-8}, {"hermitian": True}):
        assert int(gl.matrix_rank(gp.asarray(a), **kw).get()) == \
            np.linalg.matrix_rank(a, **kw), kw
    assert gl.matrix_rank(gp.zeros(3)) == np.linalg.matrix_rank(np.zeros(3))
    assert gl.matrix_rank(gp.ones(3)) == np.linalg.matrix_rank(np.ones(3))
    stack = np.stack([a, 2 * a])
    tol = np.array([1e-4, 1e-2])
    np.testing.assert_array_equal(
        gl.matrix_rank(gp.asarray(stack), tol=tol).get(),
        np.linalg.matrix_rank(stack, tol=tol))


COND_PS = [None, 2, -2, "fro", "nuc", 1, -1, np.inf, -np.inf]


@pytest.mark.parametrize("p", COND_PS, ids=ids(COND_PS))
def test_cond(p):
    rng = np.random.default_rng(9)
    a = rng.standard_normal((3, 5, 5))
    a[1] = np.diag([1.0, 1e-3, 1e-5, 1.0, 2.0])  # ill-conditioned
    exp = np.linalg.cond(a, p)
    got = gl.cond(gp.asarray(a), p)
    meta(got, exp)
    np.testing.assert_allclose(got.get(), exp, rtol=1e-9)
    c = (a[0] + 1j * a[2]).astype(np.complex64)
    np.testing.assert_allclose(gl.cond(gp.asarray(c), p).get(),
                               np.linalg.cond(c, p), rtol=1e-3)


def test_cond_singular_and_errors():
    s = np.stack([np.eye(3), np.array([[1., 2, 3], [2, 4, 6], [0, 0, 1]])])
    for p in (None, 1, np.inf, "fro"):
        exp = np.linalg.cond(s, p)
        got = gl.cond(gp.asarray(s), p).get()
        assert got[0] == pytest.approx(exp[0])
        assert np.isinf(exp[1]) or exp[1] > 1e15
        assert np.isinf(got[1]) or got[1] > 1e15
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cond(s, "nuc")
    with pytest.raises(np.linalg.LinAlgError):
        gl.cond(gp.asarray(s), "nuc")
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cond(np.ones((2, 3)), 1)
    with pytest.raises(np.linalg.LinAlgError):
        gl.cond(gp.ones((2, 3)), 1)
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cond(np.ones((0, 0)))
    with pytest.raises(np.linalg.LinAlgError):
        gl.cond(gp.ones((0, 0)))
    with pytest.raises(ValueError):
        gl.cond(gp.eye(2), 3)
    # Wide matrices are fine for the 2-norm.
    w = np.random.default_rng(10).standard_normal((3, 5))
    np.testing.assert_allclose(gl.cond(gp.asarray(w)).get(),
                               np.linalg.cond(w), rtol=1e-10)


# ---------------------------------------------------------------- lstsq

def check_lstsq(a, b, rcond=None, tol=1e-10):
    got = gl.lstsq(gp.asarray(a), gp.asarray(b), rcond=rcond)
    exp = np.linalg.lstsq(a, b, rcond=rcond)
    assert len(got) == 4
    for g, e in ((got[0], exp[0]), (got[1], exp[1]), (got[3], exp[3])):
        meta(g, e)
        close(g.get(), e, tol, max(1.0, np.abs(e).max(initial=0)))
    assert got[2] == exp[2]
    assert type(got[2]) is type(exp[2])
    return got


@pytest.mark.parametrize("dtype", DTYPES, ids=ids(DTYPES))
@pytest.mark.parametrize("m,n", [(8, 3), (3, 8), (5, 5), (1, 1), (17, 4)])
def test_lstsq(m, n, dtype):
    a = rand((m, n), dtype, seed=11)
    b = rand((m, 2), dtype, seed=12)
    tol = tol_of(dtype, 50)
    got = check_lstsq(a, b, tol=tol)
    if m > n:
        assert got[1].shape == (2,)
    got = check_lstsq(a, b[:, 0].copy(), tol=tol)
    assert got[0].shape == (n,)


def test_lstsq_rank_deficient_and_rcond():
    a = rank_deficient((8, 5), 3, np.float64)
    b = rand((8, 3), np.float64, seed=13)
    got = check_lstsq(a, b)
    assert got[2] == 3 and got[1].shape == (0,)  # no residuals at rank < n
    check_lstsq(a, b, rcond=0.3)
    check_lstsq(a, b, rcond=-1)
    # outside (0, 1) LAPACK's gelsd uses machine precision: full rank 3
    for rc in (0, 1, 2.5):
        assert check_lstsq(a, b, rcond=rc)[2] == \
            np.linalg.lstsq(a, b, rcond=rc)[2]
    x = got[0].get()
    close(a.T @ (a @ x - b), np.zeros((5, 3)), 1e-9, 10)


def test_lstsq_ints_empty_and_errors():
    a = np.array([[1, 0], [1, 1], [1, 2]])
    b = np.array([1, 2, 2])
    check_lstsq(a, b)
    check_lstsq(np.zeros((0, 3)), np.zeros((0, 2)))
    check_lstsq(np.zeros((3, 0)), np.ones((3, 2)))
    check_lstsq(np.zeros((4, 2)), np.ones((4, 1)))
    with pytest.raises(np.linalg.LinAlgError, match="Incompatible"):
        np.linalg.lstsq(np.ones((3, 2)), np.ones(4))
    with pytest.raises(np.linalg.LinAlgError, match="Incompatible"):
        gl.lstsq(gp.ones((3, 2)), gp.ones(4))
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.lstsq(np.ones((2, 3, 2)), np.ones((2, 3, 1)))
    with pytest.raises(np.linalg.LinAlgError):
        gl.lstsq(gp.ones((2, 3, 2)), gp.ones((2, 3, 1)))


# ------------------------------------------------------------ eig(vals)

@pytest.mark.parametrize("dt", [np.float32, np.float64, np.complex64,
                                np.complex128, np.int64])
def test_eig_and_eigvals_match_numpy(dt):
    """(Note [eig on the host]): NumPy's values and dtypes -- real when
    every eigenvalue is, complex otherwise -- for single and stacked
    matrices; the pairs satisfy A v = w v."""
    rng = np.random.default_rng(21)
    for shape in [(4, 4), (3, 5, 5), (1, 1)]:
        a = rng.standard_normal(shape)
        if np.dtype(dt).kind == "c":
            a = a + 1j * rng.standard_normal(shape)
        a = (a * 4).astype(dt)
        want = np.linalg.eig(a)
        got = gl.eig(gp.asarray(a))
        assert type(got) is type(want)
        w, v = got
        assert isinstance(w, gp.ndarray) and isinstance(v, gp.ndarray)
        assert w.dtype == want.eigenvalues.dtype
        assert v.dtype == want.eigenvectors.dtype
        assert v.shape == want.eigenvectors.shape
        av = np.matmul(a.astype(v.dtype), v.get())
        tol = 1e-3 if np.dtype(dt).char in "fF" else 1e-9
        np.testing.assert_allclose(av, v.get() * w.get()[..., None, :],
                                   atol=tol * np.abs(a).max())
        ev = gl.eigvals(gp.asarray(a))
        assert ev.dtype == np.linalg.eigvals(a).dtype
        np.testing.assert_allclose(np.sort_complex(ev.get().ravel()),
                                   np.sort_complex(want.eigenvalues.ravel()),
                                   rtol=tol, atol=tol)
    # a rotation: complex eigenvalues from a real matrix
    r = np.array([[0.0, -1.0], [1.0, 0.0]])
    assert gl.eigvals(gp.asarray(r)).dtype == np.complex128


def test_eig_errors_match_numpy():
    _not_square_raises(np.linalg.eig, gl.eig, gl.eigvals)
    # array-likes convert as in every linalg function (eig alone refused
    # them once): NumPy's values, and NumPy's errors for ragged, 0-d and
    # 1-d inputs
    a = [[2.0, 1.0], [0.0, 3.0]]
    np.testing.assert_allclose(np.sort(gl.eigvals(a).get()),
                               np.sort(np.linalg.eigvals(a)))
    np.testing.assert_allclose(np.sort(gl.eig(np.array(a)).eigenvalues.get()),
                               np.sort(np.linalg.eig(np.array(a)).eigenvalues))
    for bad in ([[1.0], [1.0, 2.0]], True, np.int8(3), 2.5, [1.0, 2.0]):
        for nf, gf in ((np.linalg.eig, gl.eig),
                       (np.linalg.eigvals, gl.eigvals)):
            with pytest.raises(Exception) as ne:
                nf(bad)
            with pytest.raises(type(ne.value)):
                gf(bad)


def test_numpy_dispatch_and_exports():
    a = rand((4, 3), np.float64, seed=14)
    s = np.linalg.svd(gp.asarray(a), compute_uv=False)
    assert isinstance(s, gp.ndarray)
    close(s.get(), np.linalg.svd(a, compute_uv=False), 1e-12, 3)
    for name in ("qr", "eigh", "eigvalsh", "svd", "svdvals", "pinv",
                 "matrix_rank", "cond", "lstsq", "eig", "eigvals", "det",
                 "norm", "solve"):
        assert name in gl.__all__ and callable(getattr(gl, name))


# --- regressions: NumPy-parity fixes ---------------------------------------

@pytest.mark.parametrize("mode", ["full", "f", "economic", "e"])
def test_qr_deprecated_modes(mode):
    a = np.random.default_rng(3).standard_normal((4, 3))
    with pytest.warns(DeprecationWarning):
        want = np.linalg.qr(a, mode)
    with pytest.warns(DeprecationWarning):
        got = gl.qr(gp.asarray(a), mode)
    if mode[0] == "f":  # 'reduced' under another name
        want, got = want[1], got[1]
    got = got.get()
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(np.abs(got), np.abs(want), atol=1e-10)


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_eigh_of_non_finite_matrix_gives_nan(bad):
    # No LinAlgError (as NumPy); what the non-finite matrix gives is what
    # the same LAPACK routine gives NumPy (NaNs for inf; for NaN OpenBLAS's
    # dsyevd returns finite garbage), and the other matrices of the stack
    # are unaffected.
    a = np.array([[[bad, 1.0], [1.0, 1.0]], [[2.0, 1.0], [1.0, 1.0]]])
    if bad != bad and gp.asarray(a).device.__class__.__name__ != \
            "HostDevice":
        # cuSOLVER reports a NaN input as not converged (info > 0), and
        # NumPy raises LinAlgError wherever its LAPACK reports that
        with pytest.raises(np.linalg.LinAlgError):
            gl.eigvalsh(gp.asarray(a))
        return
    w = gl.eigvalsh(gp.asarray(a)).get()
    w2, v2 = (x.get() for x in gl.eigh(gp.asarray(a)))
    want = np.linalg.eigvalsh(a)
    np.testing.assert_array_equal(np.isnan(w), np.isnan(want))
    np.testing.assert_array_equal(np.isnan(w2), np.isnan(want))
    np.testing.assert_allclose(w[1], np.linalg.eigvalsh(a[1]), atol=1e-12)
    np.testing.assert_allclose(w2[1], w[1], atol=1e-12)
