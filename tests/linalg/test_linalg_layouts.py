"""Issue 22: linalg on non-contiguous and batched inputs (F order,
transposed, strided, negative strides, a stack of matrices), against
NumPy on the same values."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import stable_seed

LAYOUTS = ["C", "F", "transposed", "strided", "negative"]


def _spd(n, seed, batch=()):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(batch + (n, n))
    return a @ np.swapaxes(a, -1, -2) + n * np.eye(n)


def _layout(h, layout):
    """(numpy, gpuarray) views of h with that layout, same values."""
    if layout == "C":
        return h, gp.asarray(h)
    if layout == "F":
        return np.asfortranarray(h), gp.asfortranarray(gp.asarray(h))
    if layout == "transposed":
        t = np.ascontiguousarray(np.swapaxes(h, -1, -2))
        return np.swapaxes(t, -1, -2), gp.swapaxes(gp.asarray(t), -1, -2)
    if layout == "strided":
        big = np.zeros(h.shape[:-2] + (2 * h.shape[-2], 2 * h.shape[-1]))
        big[..., ::2, ::2] = h
        return big[..., ::2, ::2], gp.asarray(big)[..., ::2, ::2]
    if layout == "negative":
        r = np.ascontiguousarray(h[..., ::-1, ::-1])
        return r[..., ::-1, ::-1], gp.asarray(r)[..., ::-1, ::-1]
    raise ValueError(layout)


def _close(g, w, rtol=1e-9):
    np.testing.assert_allclose(gp.asnumpy(g), w, rtol=rtol, atol=1e-9)


@pytest.mark.parametrize("batch", [(), (3,), (2, 2)])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_solve_inv_det(layout, batch):
    h0 = _spd(4, stable_seed("solve" + layout + str(batch)), batch)
    h, g = _layout(h0, layout)
    assert g.strides == h.strides
    b0 = np.arange(float(h0.shape[-1]))[:, None] + np.zeros(batch + (4, 2))
    _close(gp.linalg.solve(g, gp.asarray(b0)), np.linalg.solve(h, b0))
    _close(gp.linalg.inv(g), np.linalg.inv(h))
    _close(gp.linalg.det(g), np.linalg.det(h))
    _close(gp.linalg.cholesky(g), np.linalg.cholesky(h))
    _close(gp.matmul(g, g), np.matmul(h, h))


@pytest.mark.parametrize("batch", [(), (3,)])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_decompositions_values(layout, batch):
    h0 = _spd(4, stable_seed("dec" + layout + str(batch)), batch)
    h, g = _layout(h0, layout)
    _close(gp.linalg.eigvalsh(g), np.linalg.eigvalsh(h), rtol=1e-8)
    _close(gp.linalg.svd(g, compute_uv=False),
           np.linalg.svd(h, compute_uv=False), rtol=1e-8)
    q, r = gp.linalg.qr(g)
    _close(gp.matmul(q, r), h)             # Q R rebuilds the input
    _close(gp.linalg.norm(g, axis=(-2, -1)),
           np.linalg.norm(h, axis=(-2, -1)))
    _close(gp.linalg.matrix_rank(g), np.linalg.matrix_rank(h))
