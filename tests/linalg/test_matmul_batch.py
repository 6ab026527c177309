"""Issue 15: matmul of stacks as ONE GEMM call (csrc/python/matmul_py.c,
Note [GEMM marshalling]; csrc/mathlib/host_gemm.c, Note [Host batch
threads]) -- stacked and broadcast batches, batches no single stride
describes (the pointer-array call), F-order / transposed / negative-stride
matrices, 0-size batches, vectors, out=, threads -- against NumPy on the
same values."""
import ctypes
import glob
import os
import threading

import numpy as np
import pytest

import gpuarray as gp
from conftest import stable_seed

DTYPES = ["float32", "float64", "complex64", "complex128"]


def _rand(shape, dt, seed):
    rng = np.random.default_rng(stable_seed(seed))
    x = rng.standard_normal(shape)
    if np.dtype(dt).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dt)


def _tol(dt):
    return 2e-5 if np.dtype(dt) in (np.float32, np.complex64) else 1e-12


def _check(got, want, dt):
    got = gp.asnumpy(got)
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=_tol(dt), atol=_tol(dt) * 10)


def _views(h, kind):
    """(numpy, gpuarray) views of h's values with the given layout of the
    last two axes / the batch axes."""
    g = gp.asarray(h)
    if kind == "C":
        return h, g
    if kind == "F":
        t = np.ascontiguousarray(np.swapaxes(h, -1, -2))
        return np.swapaxes(t, -1, -2), gp.swapaxes(gp.asarray(t), -1, -2)
    if kind == "neg-rows":       # negative stride inside the matrices
        r = np.ascontiguousarray(h[..., ::-1, :])
        return r[..., ::-1, :], gp.asarray(r)[..., ::-1, :]
    if kind == "neg-cols":
        r = np.ascontiguousarray(h[..., ::-1])
        return r[..., ::-1], gp.asarray(r)[..., ::-1]
    if kind == "neg-batch":      # negative batch stride, rows contiguous
        r = np.ascontiguousarray(h[::-1])
        return r[::-1], gp.asarray(r)[::-1]
    if kind == "strided":        # every other row and column of a bigger one
        big = np.zeros(h.shape[:-2] + (2 * h.shape[-2], 2 * h.shape[-1]),
                       h.dtype)
        big[..., ::2, ::2] = h
        return big[..., ::2, ::2], gp.asarray(big)[..., ::2, ::2]
    if kind == "gap-batch":      # every other matrix of a stack twice as long
        big = np.zeros((2 * h.shape[0],) + h.shape[1:], h.dtype)
        big[::2] = h
        return big[::2], gp.asarray(big)[::2]
    raise ValueError(kind)


LAYOUTS = ["C", "F", "neg-rows", "neg-cols", "neg-batch", "strided",
           "gap-batch"]


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("la", LAYOUTS)
@pytest.mark.parametrize("lb", ["C", "F", "neg-batch", "gap-batch"])
def test_stacked_layouts(dt, la, lb):
    a0 = _rand((6, 5, 7), dt, "a" + dt + la + lb)
    b0 = _rand((6, 7, 3), dt, "b" + dt + la + lb)
    ha, ga = _views(a0, la)
    hb, gb = _views(b0, lb)
    assert ga.strides == ha.strides and gb.strides == hb.strides
    _check(gp.matmul(ga, gb), np.matmul(ha, hb), dt)
    _check(ga @ gb, ha @ hb, dt)


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("sa,sb", [
    ((4, 3, 5), (5, 2)),               # b shared by the whole stack
    ((3, 5), (4, 5, 2)),               # a shared
    ((2, 1, 3, 5), (4, 5, 2)),         # broadcast on both sides
    ((2, 3, 1, 3, 5), (1, 4, 5, 2)),   # size-1 axes among real ones
    ((1, 1, 3, 5), (5, 2)),
    ((7, 1, 5), (7, 5, 1)),            # 1 x 1 results
    ((5,), (3, 5, 2)),                 # vectors on either side
    ((3, 4, 5), (5,)),
    ((5,), (5,)),
    ((5,), (5, 2)),
])
def test_broadcast_batches(dt, sa, sb):
    ha = _rand(sa, dt, "ba" + dt + str(sa))
    hb = _rand(sb, dt, "bb" + dt + str(sb))
    _check(gp.matmul(gp.asarray(ha), gp.asarray(hb)), np.matmul(ha, hb), dt)


@pytest.mark.parametrize("dt", ["float32", "complex128"])
def test_batches_no_stride_describes(dt):
    """Batch axes that don't chain into one stride: the pointer-array
    call (cublasGemmBatchedEx on cuda), for a sliced inner batch axis, a
    transposed pair of batch axes and a broadcast mixed with real axes."""
    a0 = _rand((4, 10, 3, 5), dt, "nu-a" + dt)
    b0 = _rand((4, 10, 5, 2), dt, "nu-b" + dt)
    ga, gb = gp.asarray(a0), gp.asarray(b0)
    _check(gp.matmul(ga[:, ::3], gb[:, ::3]), np.matmul(a0[:, ::3],
                                                          b0[:, ::3]), dt)
    ta, tb = gp.moveaxis(ga, 0, 1), gp.moveaxis(gb, 0, 1)
    _check(gp.matmul(ta, tb), np.matmul(np.moveaxis(a0, 0, 1),
                                        np.moveaxis(b0, 0, 1)), dt)
    _check(gp.matmul(ga[:, :1], gb[::-1, ::-2]),
           np.matmul(a0[:, :1], b0[::-1, ::-2]), dt)
    # a broadcast axis between two real ones
    hb = b0[:, None, 0]
    _check(gp.matmul(ga[:, :3, None], gp.asarray(hb)[:, :, None]),
           np.matmul(a0[:, :3, None], hb[:, :, None]), dt)


@pytest.mark.parametrize("sa,sb", [
    ((0, 3, 4), (0, 4, 2)), ((2, 0, 4), (2, 4, 3)), ((2, 3, 0), (2, 0, 5)),
    ((3, 4), (0, 4, 2)), ((2, 3, 4), (2, 4, 0)), ((0,), (0,)),
    ((0,), (0, 3)),
])
def test_zero_size(sa, sb):
    ha = _rand(sa, "float64", "z" + str(sa))
    hb = _rand(sb, "float64", "z" + str(sb))
    want = np.matmul(ha, hb)
    got = gp.matmul(gp.asarray(ha), gp.asarray(hb))
    _check(got, want, "float64")
    out = gp.full(want.shape, 7.0)
    assert gp.matmul(gp.asarray(ha), gp.asarray(hb), out=out) is out
    _check(out, want, "float64")


@pytest.mark.parametrize("dt", DTYPES)
def test_out(dt):
    ha = _rand((3, 4, 5), dt, "oa" + dt)
    hb = _rand((3, 5, 2), dt, "ob" + dt)
    want = np.matmul(ha, hb)
    ga, gb = gp.asarray(ha), gp.asarray(hb)
    out = gp.empty(want.shape, dt)
    r = gp.matmul(ga, gb, out=out)
    assert r is out
    _check(out, want, dt)
    # an F-ordered and a strided out= are filled in place
    f = gp.asfortranarray(gp.zeros(want.shape, dt))
    assert gp.matmul(ga, gb, out=f) is f
    _check(f, want, dt)
    big = gp.zeros((3, 8, 4), dt)
    view = big[:, ::2, ::2]
    assert gp.matmul(ga, gb, out=view) is view
    _check(view, want, dt)
    assert np.all(gp.asnumpy(big)[:, 1::2] == 0)
    # out= of another dtype, with NumPy's casting
    o64 = gp.empty(want.shape, np.complex128)
    gp.matmul(ga, gb, out=o64)
    _check(o64, np.matmul(ha, hb, out=np.empty(want.shape, np.complex128)),
           "complex128" if np.dtype(dt) == np.complex128 else "complex64")


def test_out_overlapping_an_operand():
    h = _rand((4, 3, 3), "float64", "overlap")
    g = gp.asarray(h)
    want = np.matmul(h, h)
    assert gp.matmul(g, g, out=g) is g
    _check(g, want, "float64")
    h2 = _rand((4, 3, 3), "float64", "overlap2")
    g2 = gp.asarray(h2)
    want = np.matmul(h2[::-1], h2)
    gp.matmul(g2[::-1], g2, out=g2)
    _check(g2, want, "float64")


def test_out_errors_as_numpy():
    ga = gp.ones((3, 4, 5))
    gb = gp.ones((3, 5, 2))
    for bad in (gp.empty((3, 4, 3)), gp.empty((4, 2)), gp.empty((2, 3, 5, 2)),
                gp.empty((2, 1, 4, 2))):
        with pytest.raises(ValueError):
            np.matmul(np.ones((3, 4, 5)), np.ones((3, 5, 2)),
                      out=np.empty(bad.shape))
        with pytest.raises(ValueError):
            gp.matmul(ga, gb, out=bad)
    with pytest.raises(TypeError):
        np.matmul(np.ones((3, 4, 5)), np.ones((3, 5, 2)),
                  out=np.empty((3, 4, 2), np.int32), casting="same_kind")
    with pytest.raises(TypeError):
        gp.matmul(ga, gb, out=gp.empty((3, 4, 2), np.int32))


@pytest.mark.parametrize("dt", ["float64", "float16"])
@pytest.mark.parametrize("oshape", [(2, 3, 4, 2), (5, 1, 3, 4, 2)])
def test_out_with_more_batch_axes(dt, oshape):
    """NumPy lets out= add leading batch axes (the inputs broadcast)."""
    ha = _rand((3, 4, 5), dt, "more-a")
    hb = _rand((5, 2), dt, "more-b")
    want = np.empty(oshape, dt)
    np.matmul(ha, hb, out=want)
    out = gp.empty(oshape, dt)
    assert gp.matmul(gp.asarray(ha), gp.asarray(hb), out=out) is out
    np.testing.assert_allclose(gp.asnumpy(out).astype(np.float64),
                               want.astype(np.float64),
                               rtol=2e-2 if dt == "float16" else 1e-12,
                               atol=2e-2 if dt == "float16" else 1e-12)


def test_shape_errors_as_numpy():
    for sa, sb in (((3, 4, 5), (3, 4, 2)), ((2, 4, 5), (3, 5, 2)), ((5,), (4,))):
        with pytest.raises(ValueError):
            np.matmul(np.ones(sa), np.ones(sb))
        with pytest.raises(ValueError):
            gp.matmul(gp.ones(sa), gp.ones(sb))


def test_mixed_dtypes_and_float16():
    ha = _rand((3, 4, 5), "float32", "mx")
    hb = _rand((5, 2), "float64", "mx2")
    _check(gp.matmul(gp.asarray(ha), gp.asarray(hb)), np.matmul(ha, hb),
           "float32")
    h16 = ha.astype(np.float16)
    got = gp.matmul(gp.asarray(h16), gp.asarray(h16[0].T.copy()))
    want = np.matmul(h16, h16[0].T.copy())
    assert gp.asnumpy(got).dtype == np.float16
    np.testing.assert_allclose(gp.asnumpy(got).astype(np.float32),
                               want.astype(np.float32), rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("n", [1, 2, 3, 16, 33])
def test_small_products(n):
    """The small sizes that are all per-call overhead."""
    for dt in DTYPES:
        ha = _rand((n, n), dt, "s%d%s" % (n, dt))
        hb = _rand((n, n), dt, "t%d%s" % (n, dt))
        _check(gp.matmul(gp.asarray(ha), gp.asarray(hb)), ha @ hb, dt)
        _check(gp.asarray(ha) @ gp.asarray(hb)[0], ha @ hb[0], dt)


def _openblas_threads():
    """The thread count of the OpenBLAS gpuarray loaded (dlopen of the
    same file gives the same mapping), or None if it is not found."""
    try:
        import scipy_openblas64
    except ImportError:
        return None
    libs = glob.glob(os.path.join(os.path.dirname(scipy_openblas64.__file__),
                                  "lib", "libscipy_openblas64*.so"))
    if not libs:
        return None
    f = ctypes.CDLL(libs[0]).scipy_openblas_get_num_threads64_
    f.restype = ctypes.c_int
    return f()


@pytest.mark.skipif(gp.asarray(1).device.__class__.__name__ != "HostDevice",
                    reason="the host's batch threads")
def test_batch_split_between_threads():
    """A stack big enough to be cut between threads (Note [Host batch
    threads]), run from several Python threads at once: every result
    right, and OpenBLAS's thread setting restored afterwards."""
    before = _openblas_threads()
    ha = _rand((24, 64, 64), "float64", "split-a")
    hb = _rand((24, 64, 64), "float64", "split-b")
    want = np.matmul(ha, hb)
    ga, gb = gp.asarray(ha), gp.asarray(hb)
    errors = []

    def work():
        try:
            for _ in range(3):
                _check(gp.matmul(ga, gb), want, "float64")
                _check(gp.matmul(ga[::-2], gb[1::2]),
                       np.matmul(ha[::-2], hb[1::2]), "float64")
        except Exception as e:     # reported in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert _openblas_threads() == before


@pytest.mark.parametrize("dt", DTYPES + ["int64"])
@pytest.mark.parametrize("sa,sb", [((3, 4), (4, 2)), ((4,), (4, 2)),
                                   ((3, 4), (4,)), ((4,), (4,))])
def test_dot_inner_vdot_small(dt, sa, sb):
    """dot / inner / vdot / ndarray.dot / @ on arrays of <= 2 axes: the
    one-C-call path where they are a matmul, NumPy's results."""
    ha = _rand(sa, dt, "d" + dt + str(sa))
    hb = _rand(sb, dt, "e" + dt + str(sb))
    ga, gb = gp.asarray(ha), gp.asarray(hb)
    _check(gp.dot(ga, gb), np.asarray(np.dot(ha, hb)), dt)
    _check(ga.dot(gb), np.asarray(ha.dot(hb)), dt)
    _check(ga @ gb, np.asarray(ha @ hb), dt)
    hi = _rand(sa[:-1] + (4,), dt, "i" + dt)
    _check(gp.inner(ga, gp.asarray(hi)), np.asarray(np.inner(ha, hi)), dt)
    if ha.ndim == hb.ndim == 1:
        _check(gp.vdot(ga, gb), np.asarray(np.vdot(ha, hb)), dt)


def test_dot_inner_vdot_errors_and_mixed():
    ga, gb = gp.ones((3, 4)), gp.ones((3, 4))
    for f, nf in ((gp.dot, np.dot), (gp.matmul, np.matmul)):
        with pytest.raises(ValueError):
            nf(np.ones((3, 4)), np.ones((3, 4)))
        with pytest.raises(ValueError):
            f(ga, gb)
    with pytest.raises(ValueError):
        np.inner(np.ones((3, 4)), np.ones((3, 5)))
    with pytest.raises(ValueError):
        gp.inner(ga, gp.ones((3, 5)))
    with pytest.raises(ValueError):
        np.vdot(np.ones(3), np.ones(4))
    with pytest.raises(ValueError):
        gp.vdot(gp.ones(3), gp.ones(4))
    ha = _rand((3, 4), "float32", "mix-a")
    hb = _rand((4,), "complex128", "mix-b")
    _check(gp.dot(gp.asarray(ha), gp.asarray(hb)), np.dot(ha, hb),
           "complex64")
    hc = _rand((4,), "complex64", "mix-c")
    _check(gp.vdot(gp.asarray(hc), gp.asarray(hc)),
           np.asarray(np.vdot(hc, hc)), "complex64")


@pytest.mark.parametrize("dt", ["float32", "complex128"])
@pytest.mark.parametrize("m", [1, 4, 32, 33])
@pytest.mark.parametrize("la", ["C", "F", "gap-batch", "neg-batch"])
@pytest.mark.parametrize("lw", ["C", "F"])
def test_stack_over_one_shared_matrix(dt, m, la, lw):
    """x @ W: a row-contiguous stack of few-row matrices over a shared W
    is folded into one product (Note [GEMM marshalling]); other layouts
    and taller matrices are not; all equal NumPy's."""
    a0 = _rand((6, m, 7), dt, "fold-a%d" % m)
    w0 = _rand((1, 7, 3), dt, "fold-w")
    ha, ga = _views(a0, la)
    hw, gw = _views(w0, lw)
    _check(ga @ gw[0], ha @ hw[0], dt)
    _check(gp.matmul(ga[None], gw), np.matmul(ha[None], hw), dt)
    out = gp.empty((6, m, 3), dt)
    assert gp.matmul(ga, gw[0], out=out) is out
    _check(out, ha @ hw[0], dt)


def _last():
    return gp._core._ml_matmul_last()


def test_the_library_call_chosen():
    """Which call the marshalling makes (the one the GPU gets too): a
    uniform stack of C, F or broadcast matrices is ONE strided-batched
    call with no copy; what strides can't express is one pointer-array
    call, still without a copy; only a matrix with no unit stride is
    copied.  Values checked against NumPy alongside."""
    ha = _rand((8, 40, 6), "float64", "plan-a")
    hb = _rand((8, 6, 5), "float64", "plan-b")
    ga, gb = gp.asarray(ha), gp.asarray(hb)

    _check(ga @ gb, ha @ hb, "float64")
    p = _last()
    assert (p["kind"], p["batch"], p["copies"]) == ("gemm", 8, 0)
    # C^T = B^T A^T: B first, both read without a transpose
    assert (p["ta"], p["tb"], p["m"], p["n"], p["k"]) == ("N", "N", 5, 40, 6)
    assert (p["lda"], p["sa"], p["ldb"], p["sb"], p["sc"]) == \
        (5, 30, 6, 240, 200)

    hf, gf = _views(ha, "F")
    _check(gf @ gb, hf @ hb, "float64")
    p = _last()
    assert (p["kind"], p["batch"], p["copies"], p["tb"]) == \
        ("gemm", 8, 0, "T")

    _check(ga @ gb[0], ha @ hb[0], "float64")      # 40 rows: not folded
    p = _last()
    assert (p["kind"], p["batch"], p["sa"], p["copies"]) == ("gemm", 8, 0, 0)

    _check(ga[:, :4] @ gb[0], ha[:, :4] @ hb[0], "float64")  # rows gap
    assert (_last()["kind"], _last()["batch"]) == ("gemm", 8)
    gs = gp.ascontiguousarray(ga[:, :4])
    _check(gs @ gb[0], ha[:, :4] @ hb[0], "float64")   # folded
    p = _last()
    assert (p["kind"], p["batch"], p["n"]) == ("gemm", 1, 32)

    g4, h4 = gp.reshape(ga, (2, 4, 40, 6)), ha.reshape(2, 4, 40, 6)
    gb4, hb4 = gp.reshape(gb, (2, 4, 6, 5)), hb.reshape(2, 4, 6, 5)
    _check(g4 @ gb4, h4 @ hb4, "float64")          # axes merged
    assert (_last()["kind"], _last()["batch"]) == ("gemm", 8)
    _check(g4[:, ::2] @ gb4[:, ::2], h4[:, ::2] @ hb4[:, ::2], "float64")
    assert (_last()["kind"], _last()["batch"], _last()["copies"]) == \
        ("gemm", 4, 0)                             # still one stride
    _check(gp.swapaxes(g4, 0, 1) @ gp.swapaxes(gb4, 0, 1),
           np.swapaxes(h4, 0, 1) @ np.swapaxes(hb4, 0, 1), "float64")
    assert (_last()["kind"], _last()["batch"], _last()["copies"]) == \
        ("gemm_ptrs", 8, 0)
    _check(ga[::-1] @ gb, ha[::-1] @ hb, "float64")
    assert (_last()["kind"], _last()["copies"]) == ("gemm_ptrs", 0)

    _check(ga[..., ::-1] @ gb[:, ::-1], ha[..., ::-1] @ hb[:, ::-1],
           "float64")
    assert _last()["copies"] == 2                  # no unit stride left

    out = gp.empty((8, 40, 5))
    gp.matmul(ga, gb, out=out)
    assert _last()["direct_out"]
    fout = gp.asfortranarray(gp.empty((8, 40, 5)))
    gp.matmul(ga, gb, out=fout)
    assert not _last()["direct_out"]
    _check(fout, ha @ hb, "float64")
