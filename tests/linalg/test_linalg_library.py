"""The math-library layer (csrc/mathlib/, gpuarray/linalg/_gemm.py and
_lapack.py): products and factorizations against NumPy for every dtype
NumPy's linalg takes and every layout (C, F, transposed, negative strides,
offsets, 0-size, 1x1, stacked and broadcast batches, vectors on either
side), out= errors, LinAlgError where NumPy raises it; the CUDA libraries'
symbols resolved from the real toolkit; the error for a missing library;
the bounds checks of the _core._ml_* doors."""
import ctypes
import glob
import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as gp
import gpuarray.linalg as gl
from conftest import nvrtc_check

FLOATS = [np.float32, np.float64, np.complex64, np.complex128]
PRODUCT_DTYPES = [np.float16] + FLOATS
LAYOUTS = ["C", "F", "strided", "negative", "transposed"]
CUDA_LIB = "/usr/local/cuda/lib64"


def tol(dt):
    dt = np.dtype(dt)
    if dt == np.float16:
        return 2e-2
    return 2e-4 if dt in (np.float32, np.complex64) else 1e-10


def rand(shape, dt, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if np.dtype(dt).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dt)


def close(g, want, dt=None):
    got = g.get() if isinstance(g, gp.ndarray) else np.asarray(g)
    want = np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    t = tol(dt if dt is not None else want.dtype)
    np.testing.assert_allclose(got, want, rtol=t, atol=t * max(
        1.0, float(np.abs(want).max()) if want.size else 1.0))


def view(shape, dt, layout, seed=0):
    """(numpy, gpuarray) views of one layout (conftest.LAYOUTS' meaning)
    over small normal values, made by the same slicing of uploads."""
    big = tuple(2 * s for s in shape) if layout == "strided" else shape
    base = rand(big[::-1] if layout == "transposed" else big, dt, seed)
    if layout == "F":
        base = np.asfortranarray(base)
    gbase = gp.asarray(base)
    if layout == "strided":
        sl = tuple(slice(None, None, 2) for _ in shape)
        return base[sl], gbase[sl]
    if layout == "negative":
        sl = tuple(slice(None, None, -1) for _ in shape)
        return base[sl], gbase[sl]
    if layout == "transposed":
        return base.T, gbase.T
    return base, gbase


# ---------------------------------------------------------------- products

@pytest.mark.parametrize("dt", PRODUCT_DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("la", LAYOUTS)
def test_matmul_layouts(dt, la):
    """Each layout of the left operand against a C and a transposed right
    one: no copy where a trans flag does, the same values as NumPy."""
    a, ga = view((5, 7), dt, la, seed=1)
    for lb in ("C", "transposed", "negative"):
        b, gb = view((7, 3), dt, lb, seed=2)
        close(ga @ gb, a @ b, dt)
        close(gp.matmul(gb.T, ga.T), b.T @ a.T, dt)


@pytest.mark.parametrize("dt", PRODUCT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_matmul_shapes(dt):
    cases = [((3, 4), (4, 5)), ((2, 3, 4), (4, 5)), ((4,), (2, 4, 3)),
             ((2, 3, 4), (4,)), ((4,), (4,)), ((1, 1), (1, 1)),
             ((2, 1, 3, 4), (3, 4, 2)), ((0, 4), (4, 3)), ((3, 0), (0, 2)),
             ((2, 0, 3), (3, 2)), ((1, 5), (5, 1)), ((3, 1, 2, 2), (1, 4, 2, 2))]
    for sa, sb in cases:
        a, b = rand(sa, dt, 1), rand(sb, dt, 2)
        close(gp.matmul(gp.asarray(a), gp.asarray(b)), np.matmul(a, b), dt)


def test_matmul_broadcast_and_offset_views():
    a = rand((6, 8, 9), np.float64)
    b = rand((9, 4), np.float64)
    ga, gb = gp.asarray(a), gp.asarray(b)
    # batch broadcast with a zero stride, offset slices, a stepped batch
    close(gp.matmul(gp.broadcast_to(gb.T[None], (3, 4, 9)), ga[1, 1:, :].T),
          np.matmul(np.broadcast_to(b.T[None], (3, 4, 9)), a[1, 1:, :].T))
    close(ga[::2, 2:7, 1:] @ gb[1:, ::-1], a[::2, 2:7, 1:] @ b[1:, ::-1])
    # batch axes that do not chain into one stride are copied once
    close(ga.reshape(2, 3, 8, 9)[:, ::2] @ gb, a.reshape(2, 3, 8, 9)[:, ::2] @ b)


@pytest.mark.parametrize("dt", [np.int8, np.int32, np.uint16, np.int64,
                                np.bool_], ids=lambda d: np.dtype(d).name)
def test_integer_products_wrap_like_numpy(dt):
    rng = np.random.default_rng(0)
    a = rng.integers(0, 100, (4, 40)).astype(dt)
    b = rng.integers(0, 100, (40, 3)).astype(dt)
    g = gp.asarray(a) @ gp.asarray(b)
    np.testing.assert_array_equal(g.get(), a @ b)
    assert g.dtype == (a @ b).dtype


@pytest.mark.parametrize("dt", FLOATS, ids=lambda d: np.dtype(d).name)
def test_dot_inner_vdot_tensordot_einsum(dt):
    a, b = rand((3, 4, 5), dt, 1), rand((2, 5, 6), dt, 2)
    v = rand((5,), dt, 3)
    ga, gb, gv = gp.asarray(a), gp.asarray(b), gp.asarray(v)
    close(gp.dot(ga, gb), np.dot(a, b), dt)
    close(gp.dot(ga, gv), np.dot(a, v), dt)
    close(gp.dot(gv, gb), np.dot(v, b), dt)
    close(gp.inner(ga, ga), np.inner(a, a), dt)
    close(gp.vdot(ga, ga), np.vdot(a, a), dt)
    close(gp.tensordot(ga, gb, axes=([2], [1])), np.tensordot(a, b, ([2], [1])),
          dt)
    close(gp.einsum("ijk,lkm->ijlm", ga, gb), np.einsum("ijk,lkm->ijlm", a, b),
          dt)
    close(gp.einsum("ijk,k", ga, gv), np.einsum("ijk,k", a, v), dt)
    close(gl.multi_dot([ga[0], gb[0], gb[1].T]),
          np.linalg.multi_dot([a[0], b[0], b[1].T]), dt)
    close(gl.matmul(ga, gb[0]), np.linalg.matmul(a, b[0]), dt)


def test_matrix_power_and_outer():
    a = rand((2, 4, 4), np.float64) / 2
    for p in (0, 1, 2, 5, -1, -3):
        close(gl.matrix_power(gp.asarray(a), p), np.linalg.matrix_power(a, p))
    x, y = rand((5,), np.complex128), rand((3,), np.complex128)
    close(gp.outer(gp.asarray(x), gp.asarray(y)), np.outer(x, y))


def test_dot_out_checks_like_numpy():
    a, b = rand((3, 4), np.float64), rand((4, 2), np.float64)
    ga, gb = gp.asarray(a), gp.asarray(b)
    out = gp.empty((3, 2))
    r = gp.dot(ga, gb, out=out)
    assert r is out
    close(out, a @ b)
    for bad in (gp.empty((3, 2), np.float32), gp.empty((2, 3)).T,
                gp.empty((3, 3))):
        with pytest.raises(ValueError):
            np.dot(a, b, out=np.empty(bad.shape, bad.dtype,
                                      order="C" if bad.flags.c_contiguous
                                      else "F"))
        with pytest.raises(ValueError):
            gp.dot(ga, gb, out=bad)


def test_matmul_out():
    a, b = rand((2, 3, 4), np.float32), rand((4, 5), np.float32)
    out = gp.empty((2, 3, 5), np.float64)
    r = gp.matmul(gp.asarray(a), gp.asarray(b), out=out)
    assert r is out
    close(out, np.matmul(a, b).astype(np.float64), np.float32)


def test_float32_is_exact_by_default_and_tf32_switch():
    from gpuarray.linalg import _gemm
    assert _gemm.tf32_enabled() is (os.environ.get("GPUARRAY_TF32") == "1")
    old = _gemm.set_tf32(True)
    try:
        assert _gemm.tf32_enabled() is True
    finally:
        _gemm.set_tf32(old)
    assert _gemm.tf32_enabled() is old


# ---------------------------------------------------------------- solvers

def spd(n, dt, batch=(), seed=0):
    a = rand(batch + (n, n), dt, seed)
    h = a @ np.conj(np.swapaxes(a, -1, -2))
    return (h + n * np.eye(n)).astype(dt)


@pytest.mark.parametrize("dt", FLOATS + [np.int64],
                         ids=lambda d: np.dtype(d).name)
def test_solve_inv_det_slogdet(dt):
    rng = np.random.default_rng(0)
    a = (rng.integers(-5, 6, (2, 4, 4)) if np.dtype(dt).kind == "i"
         else rand((2, 4, 4), dt)).astype(dt)
    b = rand((2, 4, 3), np.float64).astype(dt) if np.dtype(dt).kind != "i" \
        else rng.integers(-5, 6, (2, 4, 3)).astype(dt)
    ga, gb = gp.asarray(a), gp.asarray(b)
    w = np.linalg.solve(a, b).dtype
    close(gl.solve(ga, gb), np.linalg.solve(a, b), w)
    close(gl.solve(ga[0], gb[0, :, 0]), np.linalg.solve(a[0], b[0, :, 0]), w)
    close(gl.inv(ga), np.linalg.inv(a), w)
    close(gl.det(ga), np.linalg.det(a), w)
    s, l = gl.slogdet(ga)
    es, el = np.linalg.slogdet(a)
    close(s, es, w)
    close(l, el, w)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_solvers_on_views(layout):
    a, ga = view((5, 5), np.float64, layout, seed=3)
    close(gl.inv(ga), np.linalg.inv(a))
    close(gl.det(ga), np.linalg.det(a))
    close(gl.solve(ga, ga.T), np.linalg.solve(a, a.T))
    h, gh = a @ a.T + 5 * np.eye(5), ga @ ga.T + 5 * gp.eye(5)
    close(gl.cholesky(gh), np.linalg.cholesky(h))
    close(gl.eigvalsh(gh), np.linalg.eigvalsh(h))
    close(gl.svd(ga, compute_uv=False), np.linalg.svd(a, compute_uv=False))


def test_solve_broadcast_batches():
    a = rand((3, 1, 4, 4), np.float64)
    b = rand((2, 4, 2), np.float64)
    close(gl.solve(gp.asarray(a), gp.asarray(b)), np.linalg.solve(a, b))


@pytest.mark.parametrize("dt", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dt, upper):
    h = spd(4, dt, (3,))
    # only one triangle is read: garbage in the other must not matter
    junk = h.copy()
    iu = np.triu_indices(4, 1) if not upper else np.tril_indices(4, -1)
    junk[:, iu[0], iu[1]] = 99
    close(gl.cholesky(gp.asarray(junk), upper=upper),
          np.linalg.cholesky(h, upper=upper), dt)


@pytest.mark.parametrize("dt", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh(dt, uplo):
    h = spd(5, dt, (2,))
    junk = h.copy()
    iu = np.triu_indices(5, 1) if uplo == "L" else np.tril_indices(5, -1)
    junk[:, iu[0], iu[1]] = 7
    w, v = gl.eigh(gp.asarray(junk), UPLO=uplo)
    ew, ev = np.linalg.eigh(junk, UPLO=uplo)
    close(w, ew, dt)
    close(gl.eigvalsh(gp.asarray(junk), UPLO=uplo), ew, dt)
    vv = v.get()
    assert vv.dtype == ev.dtype
    close(h @ vv, vv * ew[..., None, :], dt)


@pytest.mark.parametrize("dt", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (3, 5, 5), (1, 1), (2, 1, 3)])
def test_svd(dt, shape):
    a = rand(shape, dt)
    k = min(shape[-2:])
    for full in (True, False):
        u, s, vh = gl.svd(gp.asarray(a), full_matrices=full)
        eu, es, evh = np.linalg.svd(a, full_matrices=full)
        close(s, es, dt)
        assert u.shape == eu.shape and vh.shape == evh.shape
        assert u.dtype == eu.dtype and vh.dtype == evh.dtype
        rebuilt = (u.get()[..., :k] * s.get()[..., None, :].astype(dt)) \
            @ vh.get()[..., :k, :]
        close(rebuilt, a, dt)
        uu = u.get()
        close(np.conj(np.swapaxes(uu, -1, -2)) @ uu,
              np.broadcast_to(np.eye(uu.shape[-1]), uu.shape[:-2]
                              + (uu.shape[-1],) * 2).astype(dt), dt)
    close(gl.svdvals(gp.asarray(a)), np.linalg.svdvals(a), dt)


@pytest.mark.parametrize("dt", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (2, 5, 5), (3, 1)])
def test_qr_every_mode(dt, shape):
    a = rand(shape, dt)
    ga = gp.asarray(a)
    for mode in ("reduced", "complete"):
        q, r = gl.qr(ga, mode=mode)
        eq, er = np.linalg.qr(a, mode=mode)
        assert q.shape == eq.shape and r.shape == er.shape
        close(np.abs(r.get()), np.abs(er), dt)
        close(q.get() @ r.get(), a, dt)
    close(np.abs(gl.qr(ga, mode="r").get()), np.abs(np.linalg.qr(a, mode="r")),
          dt)
    if a.ndim == 2:
        h, tau = gl.qr(ga, mode="raw")
        eh, etau = np.linalg.qr(a, mode="raw")
        close(h, eh, dt)
        close(tau, etau, dt)


@pytest.mark.parametrize("dt", [np.float64, np.complex64],
                         ids=lambda d: np.dtype(d).name)
def test_composed_on_the_library(dt):
    a = rand((5, 3), dt)
    b = rand((5, 2), dt)
    ga = gp.asarray(a)
    close(gl.pinv(ga), np.linalg.pinv(a), dt)
    assert int(gl.matrix_rank(ga).get()) == np.linalg.matrix_rank(a)
    x, res, rank, sv = gl.lstsq(ga, gp.asarray(b), rcond=None)
    ex, eres, erank, esv = np.linalg.lstsq(a, b, rcond=None)
    close(x, ex, dt)
    close(sv, esv, dt)
    sq = rand((4, 4), dt)
    gs = gp.asarray(sq)
    for p in (None, 2, -2, "nuc", "fro", 1):
        close(gl.cond(gs, p), np.linalg.cond(sq, p), dt)
    for o in (2, -2, "nuc"):
        close(gl.norm(gs, o), np.linalg.norm(sq, o), dt)
    t = rand((2, 3, 6), dt)
    close(gl.tensorinv(gp.asarray(t), ind=2), np.linalg.tensorinv(t, ind=2), dt)
    bb = rand((2, 3), dt)
    tt = rand((2, 3, 2, 3), dt)
    close(gl.tensorsolve(gp.asarray(tt), gp.asarray(bb)),
          np.linalg.tensorsolve(tt, bb), dt)


def test_empty_and_one_by_one():
    for shape in ((0, 0), (2, 0, 0), (1, 1), (3, 1, 1)):
        a = np.ones(shape)
        ga = gp.asarray(a)
        close(gl.inv(ga), np.linalg.inv(a))
        close(gl.det(ga), np.linalg.det(a))
        close(gl.cholesky(ga), np.linalg.cholesky(a))
        close(gl.eigvalsh(ga), np.linalg.eigvalsh(a))
        close(gl.svd(ga, compute_uv=False), np.linalg.svd(a, compute_uv=False))
    for shape in ((0, 3), (3, 0), (2, 0, 4)):
        a = np.ones(shape)
        for mode in ("reduced", "complete"):
            q, r = gl.qr(gp.asarray(a), mode=mode)
            eq, er = np.linalg.qr(a, mode=mode)
            close(q, eq)
            close(r, er)
        u, s, vh = gl.svd(gp.asarray(a))
        eu, es, evh = np.linalg.svd(a)
        close(u, eu)
        close(s, es)
        close(vh, evh)


def test_linalg_errors_where_numpy_raises():
    sing = np.array([[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.0], [0.0, 1.0]]])
    for f in ("inv", "solve"):
        args = (sing,) if f == "inv" else (sing, np.ones((2, 2, 1)))
        with pytest.raises(np.linalg.LinAlgError):
            getattr(np.linalg, f)(*args)
        with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
            getattr(gl, f)(*(gp.asarray(x) for x in args))
    # det / slogdet of a singular matrix do not raise
    close(gl.det(gp.asarray(sing)), np.linalg.det(sing))
    s, l = gl.slogdet(gp.asarray(sing))
    es, el = np.linalg.slogdet(sing)
    close(s, es)
    np.testing.assert_array_equal(l.get(), el)
    notpd = np.array([[1.0, 2.0], [2.0, 1.0]])
    with pytest.raises(np.linalg.LinAlgError, match="positive definite"):
        gl.cholesky(gp.asarray(notpd))
    with pytest.raises(np.linalg.LinAlgError, match="SVD did not converge"):
        gl.svd(gp.asarray(np.full((3, 2), np.nan)))
    with pytest.raises(TypeError):
        gl.inv(gp.ones((2, 2), np.float16))


# ------------------------------------------------------- the C layer itself

def test_ml_doors_reject_descriptions_outside_the_array():
    a = gp.ones((4, 4))
    c = gp.empty((4, 4))
    core = gp._core
    # lda smaller than the rows
    with pytest.raises(ValueError):
        core._ml_gemm("N", "N", 4, 4, 4, 1.0, a, 2, 0, a, 4, 0, 0.0, c, 4, 0, 1)
    # a batch that runs past the end
    with pytest.raises(ValueError):
        core._ml_gemm("N", "N", 4, 4, 4, 1.0, a, 4, 16, a, 4, 0, 0.0, c, 4,
                      16, 2)
    # a broadcast output
    with pytest.raises(ValueError):
        core._ml_gemm("N", "N", 2, 2, 2, 1.0, a, 4, 0, a, 4, 0, 0.0, c, 4, 0,
                      2)
    with pytest.raises(TypeError):
        core._ml_gemm("N", "N", 4, 4, 4, 1.0, gp.ones((4, 4), np.float32), 4,
                      0, a, 4, 0, 0.0, c, 4, 0, 1)
    with pytest.raises(ValueError):
        core._ml_getrf(4, a, 4, 0, gp.empty(2, np.int32), 1)
    with pytest.raises(ValueError):
        core._ml_potrf("U", 5, a, 5, 0, 1)
    ro = gp.broadcast_to(gp.ones(4), (4, 4))
    with pytest.raises(ValueError):
        core._ml_potrf("U", 4, ro, 4, 0, 1)


def _cuda_libs():
    return {"cublas": sorted(glob.glob(CUDA_LIB + "/libcublas.so.1[0-9]")),
            "cusolver": sorted(glob.glob(CUDA_LIB + "/libcusolver.so.1[0-9]"))}


@pytest.mark.skipif(not all(_cuda_libs().values()),
                    reason="no CUDA toolkit libraries in /usr/local/cuda")
def test_every_cuda_symbol_resolves_in_the_real_libraries():
    """A wrong cuBLAS/cuSOLVER name fails here, with no GPU."""
    names = gp._core._ml_symbols()
    libs = _cuda_libs()
    for lib, syms in (("cublas", names["cublas"]),
                      ("cusolver", names["cusolver"])):
        handle = ctypes.CDLL(libs[lib][-1], mode=os.RTLD_LOCAL)
        missing = [s for s in syms if not hasattr(handle, s)]
        assert not missing, (lib, missing)
    assert len(names["cusolver"]) > 40
    # and the loader finds them and resolves the table the same way
    env = dict(os.environ, GPUARRAY_CUDA_LIB_DIR=CUDA_LIB)
    out = subprocess.run(
        [sys.executable, "-c", "import gpuarray._core as c; c._ml_load('cuda');"
         "print(c._ml_where('cuBLAS')); print(c._ml_where('cuSOLVER'))"],
        env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert CUDA_LIB in out.stdout and "libcusolver" in out.stdout


def test_every_openblas_symbol_resolves():
    gp._core._ml_load("host")
    path = gp._core._ml_where("OpenBLAS")
    handle = ctypes.CDLL(path, mode=os.RTLD_LOCAL)
    missing = [s for s in gp._core._ml_symbols()["openblas"]
               if not hasattr(handle, s)]
    assert not missing


@pytest.mark.parametrize("var,kind,names", [
    ("GPUARRAY_CUBLAS_PATH", "cuda", ("cuBLAS", "nvidia-cublas")),
    ("GPUARRAY_CUDA_LIB_DIR", "cuda", ("cuBLAS", "nvidia-cublas")),
    ("GPUARRAY_OPENBLAS_PATH", "host", ("OpenBLAS", "scipy-openblas64")),
])
def test_missing_library_gives_one_clear_error(tmp_path, var, kind, names):
    env = dict(os.environ, **{var: str(tmp_path)})
    if kind == "host":  # the host device's solvers, also on a GPU machine
        env["GPUARRAY_DEVICE"] = "host"
    code = ("import gpuarray as gp, gpuarray.linalg as gl\n"
            "try:\n"
            "    gp._core._ml_load(%r)\n"
            "    print('LOADED')\n"
            "except ImportError as e:\n"
            "    print('IMPORTERROR', e)\n" % kind)
    if kind == "host":
        code += ("try:\n"
                 "    gl.inv(gp.eye(3))\n"
                 "except ImportError as e:\n"
                 "    print('INV', e)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "IMPORTERROR" in out.stdout, out.stdout
    for n in names:
        assert n in out.stdout
    assert str(tmp_path) in out.stdout
    if kind == "host":
        assert "INV" in out.stdout


@pytest.mark.parametrize("dt", ["int8", "uint16", "int64", "uint64", "bool"])
def test_integer_gemm_kernel_compiles_with_nvrtc(dt):
    from conftest import nvrtc_or_skip
    from gpuarray.linalg import _intgemm
    nvrtc_or_skip()
    assert len(nvrtc_check(_intgemm.source(dt), 90)) > 1000


def test_integer_products_on_strided_broadcast_views():
    rng = np.random.default_rng(1)
    a = rng.integers(-50, 50, (3, 6, 9)).astype(np.int16)
    b = rng.integers(-50, 50, (9, 4)).astype(np.int16)
    ga, gb = gp.asarray(a), gp.asarray(b)
    np.testing.assert_array_equal(
        (ga[:, ::-2, 1:] @ gb[1:, ::-1]).get(), a[:, ::-2, 1:] @ b[1:, ::-1])
    np.testing.assert_array_equal(
        gp.matmul(gp.broadcast_to(gb.T, (2, 4, 9)), ga[0].T).get(),
        np.matmul(np.broadcast_to(b.T, (2, 4, 9)), a[0].T))
    np.testing.assert_array_equal(gp.dot(ga, gb).get(), np.dot(a, b))
    np.testing.assert_array_equal(gp.inner(ga, ga[0]).get(), np.inner(a, a[0]))
    np.testing.assert_array_equal(gp.vdot(ga, ga).get(), np.vdot(a, a))


def test_matmul_out_errors_like_numpy():
    a, b = rand((2, 3, 4), np.float32), rand((4, 5), np.float32)
    ga, gb = gp.asarray(a), gp.asarray(b)
    for shape, dt in (((2, 3, 6), np.float32), ((1, 3, 5), np.float32),
                      ((2, 3, 5), np.int32), ((2, 4, 5), np.float32)):
        with pytest.raises(Exception) as want:
            np.matmul(a, b, out=np.empty(shape, dt))
        with pytest.raises(want.type) as got:
            gp.matmul(ga, gb, out=gp.empty(shape, dt))
        if "core dimension" in str(want.value):
            assert str(got.value) == str(want.value)
    with pytest.raises(TypeError):
        gp.matmul(ga, gb, out=[1])


@pytest.mark.parametrize("dt", FLOATS, ids=lambda d: np.dtype(d).name)
def test_eig_eigvals(dt):
    rng = np.random.default_rng(4)
    sym = rng.standard_normal((4, 4))
    cases = [rand((3, 5, 5), dt), (sym + sym.T).astype(dt),
             np.array([[0, -1], [1, 0]], dt), rand((1, 1), dt)]
    for a in cases:
        w, v = gl.eig(gp.asarray(a))
        ew, ev = np.linalg.eig(a)
        assert w.dtype == ew.dtype and v.dtype == ev.dtype
        assert w.shape == ew.shape and v.shape == ev.shape
        W, V = w.get(), v.get()
        close(a.astype(V.dtype) @ V, V * W[..., None, :], dt)
        close(np.sort_complex(W.reshape(-1, W.shape[-1])),
              np.sort_complex(ew.reshape(-1, ew.shape[-1])), dt)
        close(np.sort_complex(gl.eigvals(gp.asarray(a)).get()
                              .reshape(-1, W.shape[-1])),
              np.sort_complex(ew.reshape(-1, ew.shape[-1])), dt)
    with pytest.raises(np.linalg.LinAlgError):
        gl.eig(gp.asarray(np.array([[np.nan, 1.0], [1.0, 1.0]])))
    w = gl.eigvals(gp.zeros((2, 0, 0)))
    assert w.shape == np.linalg.eigvals(np.zeros((2, 0, 0))).shape


@pytest.mark.parametrize("dt", [np.int8, np.int64, np.uint16, np.bool_],
                         ids=lambda d: np.dtype(d).name)
def test_solvers_take_integer_and_bool_input_as_numpy(dt):
    """NumPy computes integer and bool input in float64."""
    m = np.array([[4, 1, 0], [1, 3, 1], [0, 1, 2]]).astype(dt)
    if np.dtype(dt) == np.bool_:
        m = np.array([[1, 1, 0], [0, 1, 1], [0, 0, 1]], bool)
    g = gp.asarray(m)
    for name in ("inv", "det", "svdvals", "eigvals", "matrix_rank", "pinv"):
        close(getattr(gl, name)(g), getattr(np.linalg, name)(m))
    if np.dtype(dt) != np.bool_:
        close(gl.cholesky(g), np.linalg.cholesky(m))
        close(gl.eigvalsh(g), np.linalg.eigvalsh(m))
    close(np.abs(gl.qr(g, mode="r").get()), np.abs(np.linalg.qr(m, mode="r")))
    close(gl.solve(g, g), np.linalg.solve(m, m))


def test_tf32_is_documented_in_the_namespace():
    assert gl.set_tf32.__doc__ and "TF32" in gl.set_tf32.__doc__
    assert gl.tf32_enabled() in (True, False)


def _where_in_subprocess(env, setup=""):
    code = (setup + "import gpuarray._core as c; c._ml_load('cuda'); "
            "print(c._ml_where('cuBLAS')); print(c._ml_where('cuSOLVER'))")
    out = subprocess.run([sys.executable, "-c", code], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


@pytest.mark.skipif(not all(_cuda_libs().values()),
                    reason="no CUDA toolkit libraries in /usr/local/cuda")
def test_library_search_order(tmp_path):
    """Note [Library search]: a pip wheel's folder on sys.path comes before
    CUDA_HOME, which comes before the system loader."""
    libs = _cuda_libs()
    wheel = tmp_path / "site" / "nvidia" / "cublas" / "lib"
    wheel.mkdir(parents=True)
    os.symlink(libs["cublas"][-1], wheel / os.path.basename(libs["cublas"][-1]))
    home = tmp_path / "cuda_home" / "lib64"
    home.mkdir(parents=True)
    for p in libs["cublas"][-1:] + libs["cusolver"][-1:]:
        os.symlink(p, home / os.path.basename(p))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("GPUARRAY_CU") and k not in ("CUDA_HOME",
                                                           "CUDA_PATH")}
    env["CUDA_HOME"] = str(tmp_path / "cuda_home")
    setup = "import sys; sys.path.insert(0, %r); " % str(tmp_path / "site")
    blas, solver = _where_in_subprocess(env, setup)
    assert blas.startswith(str(wheel))
    # a real NVIDIA wheel on sys.path (a GPU machine's) comes before
    # CUDA_HOME for the libraries it holds, as the order says
    real_wheels = importlib.util.find_spec("nvidia") is not None
    if not real_wheels:
        assert solver.startswith(str(home))
        blas, solver = _where_in_subprocess(env)
        assert blas.startswith(str(home)) and solver.startswith(str(home))
    else:
        assert "nvidia" in solver or solver.startswith(str(home))
    # the override beats everything
    env["GPUARRAY_CUDA_LIB_DIR"] = CUDA_LIB
    blas, solver = _where_in_subprocess(env, setup)
    assert blas.startswith(CUDA_LIB) and solver.startswith(CUDA_LIB)


def _random_view(rng, base, gbase):
    """The same random view (steps of either sign, offsets, an axis swap)
    of a NumPy array and its upload."""
    sl = [slice(None, None, int(rng.choice([1, -1])))]  # batch: all of it
    for n in base.shape[1:]:
        step = int(rng.choice([1, 1, 2, -1, -2]))
        start = int(rng.integers(0, max(1, n // 3)))
        sl.append(slice(start, None, step) if step > 0 else
                  slice(n - 1 - start, None, step))
    v, gv = base[tuple(sl)], gbase[tuple(sl)]
    if rng.random() < 0.5:
        v, gv = np.swapaxes(v, -1, -2), gp.swapaxes(gv, -1, -2)
    return v, gv


@pytest.mark.parametrize("seed", range(12))
def test_gemm_marshalling_on_random_views(seed):
    """Note [GEMM marshalling] over random strided/transposed/offset views
    and broadcast batches, float64 and int32 (our kernel), against NumPy."""
    rng = np.random.default_rng(seed)
    for dt in (np.float64, np.int32):
        ba = (rng.standard_normal((3, 9, 8)) * 4).astype(dt)
        bb = (rng.standard_normal((3, 8, 9)) * 4).astype(dt)
        a, ga = _random_view(rng, ba, gp.asarray(ba))
        b, gb = _random_view(rng, bb, gp.asarray(bb))
        k = min(a.shape[-1], b.shape[-2])
        a, ga = a[..., :k], ga[..., :k]
        b, gb = b[..., :k, :], gb[..., :k, :]
        if rng.random() < 0.3:
            b, gb = b[:1], gb[:1]          # a batch broadcast against 3
        if rng.random() < 0.3:
            a, ga = a[0], ga[0]            # no batch on one side
        want = np.matmul(a, b)
        got = gp.matmul(ga, gb)
        if dt == np.int32:
            np.testing.assert_array_equal(got.get(), want)
        else:
            close(got, want)


@pytest.mark.parametrize("optimize", [False, True, "greedy", "optimal"])
def test_einsum_many_operands_in_numpys_order(optimize):
    a, b, c = rand((6, 40), np.float64, 1), rand((40, 30), np.float64, 2), \
        rand((30, 4), np.float64, 3)
    v = rand((4,), np.float64, 4)
    g = [gp.asarray(x) for x in (a, b, c, v)]
    for sub, ops, gops in (("ij,jk,kl->il", (a, b, c), g[:3]),
                           ("ij,jk,kl,l", (a, b, c, v), g),
                           ("ij,jk,kl->", (a, b, c), g[:3])):
        close(gp.einsum(sub, *gops, optimize=optimize),
              np.einsum(sub, *ops, optimize=optimize))
    path = ["einsum_path", (1, 2), (0, 1)]
    close(gp.einsum("ij,jk,kl->il", *g[:3], optimize=path),
          np.einsum("ij,jk,kl->il", a, b, c, optimize=path))
