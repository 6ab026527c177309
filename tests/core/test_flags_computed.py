"""Issue 22: flags computed from the layout, never assumed -- every flag
of a sweep of views against NumPy's flags for the same view of the same
data, plus the misaligned views and imports NumPy reports unaligned."""
import numpy as np
import pytest

import gpuarray as gp

FLAGS = ("c_contiguous", "f_contiguous", "writeable", "aligned", "owndata",
         "forc", "fnc", "behaved", "carray", "farray")

# (name, view) pairs, each applied to a NumPy array and a gpuarray one
VIEWS = [
    ("base", lambda a: a),
    ("transposed", lambda a: a.T),
    ("F-order copy", lambda a: a.copy(order="F")),
    ("row", lambda a: a[1]),
    ("column", lambda a: a[:, 1]),
    ("strided", lambda a: a[::2, ::3]),
    ("negative", lambda a: a[::-1]),
    ("negative cols", lambda a: a[:, ::-1]),
    ("0-size", lambda a: a[:0]),
    ("0-size cols", lambda a: a[:, 3:3]),
    ("0-d", lambda a: a[1, 2][()] if False else a[1:2, 2:3].reshape(())),
    ("one row", lambda a: a[2:3]),
    ("one column", lambda a: a[:, 2:3]),
    ("size-1 strided", lambda a: a[::10, ::10]),
    ("broadcast", lambda a: a[:1].reshape(1, 1, -1)[:, :1]),
    ("newaxis", lambda a: a[:, None, :]),
    ("reshape", lambda a: a.reshape(2, 3, 4)),
    ("ravel of T", lambda a: a.T.ravel()),
    ("swapaxes", lambda a: a.reshape(2, 3, 4).swapaxes(0, 2)),
    ("diagonal-ish", lambda a: a[1:, 1:][::2]),
]


def _flags(x):
    return {f: bool(getattr(x.flags, f)) for f in FLAGS}


@pytest.mark.parametrize("name,view", VIEWS, ids=[v[0] for v in VIEWS])
@pytest.mark.parametrize("dtype", [np.float64, np.int8, np.complex64])
def test_flags_sweep(name, view, dtype):
    h = np.arange(24).astype(dtype).reshape(4, 6).copy()
    g = gp.asarray(h)
    want, got = view(h), view(g)
    assert got.shape == want.shape
    w, o = _flags(want), _flags(got)
    # owndata differs only for NumPy's copies of the base array itself
    for f in FLAGS:
        if f == "owndata":
            continue
        assert o[f] == w[f], (name, f, o, w)
    assert got.flags.owndata == want.flags.owndata


def test_broadcast_to_not_writeable():
    h = np.broadcast_to(np.arange(3.0), (2, 3))
    g = gp.broadcast_to(gp.arange(3.0), (2, 3))
    assert _flags(g)["writeable"] == h.flags.writeable
    assert g.flags.c_contiguous == h.flags.c_contiguous


def test_misaligned_view():
    h = np.arange(17, dtype=np.uint8)[1:].view(np.float64)
    g = gp.arange(17, dtype=np.uint8)[1:].view(np.float64)
    assert not h.flags.aligned
    assert g.flags.aligned == h.flags.aligned
    assert g.flags.behaved == h.flags.behaved
    assert g.flags.carray == h.flags.carray
    assert "ALIGNED : False" in repr(g.flags)
    with pytest.raises(ValueError, match="aligned"):
        g.flags.aligned = True
    # an aligned array may be marked unaligned, as in NumPy
    f = gp.zeros(2).flags
    f.aligned = False
    assert not f.aligned


def test_aligned_uint8_offset_view_stays_aligned():
    h = np.arange(17, dtype=np.uint8)[1:]
    g = gp.arange(17, dtype=np.uint8)[1:]
    assert g.flags.aligned == h.flags.aligned


def test_misaligned_dlpack_import():
    h = np.arange(17, dtype=np.uint8)[1:].view(np.float64)
    g = gp.from_dlpack(h)
    assert g.flags.aligned == h.flags.aligned
    np.testing.assert_array_equal(g.get(), h)


def test_writeable_across_views_and_imports():
    h = np.arange(6.0)
    h.flags.writeable = False
    g = gp.from_dlpack(h) if gp.zeros(1).device == \
        gp.cuda.get_current_device() else None
    if g is not None:
        assert g.flags.writeable == h.flags.writeable or \
            not np.shares_memory(h, g.get())
    a = gp.arange(6.0)
    v = a[::2]
    a.flags.writeable = False
    w = a[1:]
    assert not w.flags.writeable          # a view of a read-only array
    with pytest.raises(ValueError):
        w[0] = 1.0
    assert v.flags.writeable              # taken before: still writeable
    with pytest.raises(ValueError):
        w.flags.writeable = True          # its base is read-only (NumPy)
