"""Interop (docs/interop.md): DLPack both ways, __cuda_array_interface__
both ways, the buffer protocol, __array__, __array_function__ and
__array_namespace__.

Every test compares gpuarray with NumPy or with the real peer library.
The host tests run everywhere: host-device arrays exist on every machine
(gp.from_dlpack of a NumPy array is one), so NumPy <-> gpuarray sharing is
tested on a GPU machine too.  Tests marked `cuda` need the current
gpuarray device to be a CUDA device; the PyTorch, CuPy, JAX and Numba
tests also skip when that library (or its CUDA support) is missing.
"""
import ctypes
import gc
import os
import sys

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import ALL_DTYPES, assert_same

ON_CUDA = isinstance(gp.cuda.get_current_device(), gp.cuda.Device)
ON_HOST = not ON_CUDA
HAVE_CUDA = gp.cuda.is_available()
cuda = pytest.mark.skipif(not ON_CUDA,
                          reason="needs the current device to be CUDA")
host_only = pytest.mark.skipif(not ON_HOST,
                               reason="needs the current device to be host")

# "?", "i1", ..., "c16": the 14 dtypes as type strings
DTYPES = [d.char if d.kind == "b" else d.str[1:] for d in ALL_DTYPES]

# Views that both NumPy and gpuarray take the same way; each runs on a
# (4, 6) array.
LAYOUTS = {
    "contiguous": lambda x: x,
    "transposed": lambda x: x.T,
    "sliced": lambda x: x[::2, 1:5],
    "reversed": lambda x: x[::-1, ::-2],
    "column": lambda x: x[:, 2:3],
    "newaxis": lambda x: x[:, None, 1:],
    "0-d": lambda x: x[1, 2, ...],
    "empty": lambda x: x[2:2],
    "empty-col": lambda x: x[:, 3:3],
}


def values(dtype, shape=(4, 6), seed=0):
    rng = np.random.default_rng(seed)
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, shape).astype(dt)
    if dt.kind in "iu":
        return rng.integers(0, 100, shape).astype(dt)
    if dt.kind == "f":
        return rng.standard_normal(shape).astype(dt)
    return (rng.standard_normal(shape) +
            1j * rng.standard_normal(shape)).astype(dt)


def is_host(a):
    return isinstance(a.device, gp.cuda.HostDevice)


def pool_used():
    # garbage left by earlier tests in this worker would otherwise be
    # freed between two readings and look like a change
    gc.collect()
    return gp.get_default_memory_pool().used_bytes()


# ---- ctypes views of the DLPack ABI (independent of our C headers) ----

class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32),
                ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DELETER)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("version", DLPackVersion), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DELETER), ("flags", ctypes.c_uint64),
                ("dl_tensor", DLTensor)]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_capsule_ptr = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_ptr.restype = ctypes.c_void_p
_capsule_ptr.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_name = ctypes.pythonapi.PyCapsule_GetName
_capsule_name.restype = ctypes.c_char_p
_capsule_name.argtypes = [ctypes.py_object]

READ_ONLY, IS_COPIED = 1, 2
CODES = {"b": 0, "i": 0, "u": 1, "f": 2, "c": 5}


def capsule_name(cap):
    return _capsule_name(cap).decode()


def managed(cap):
    """The managed tensor struct inside one of our capsules."""
    name = capsule_name(cap)
    ptr = _capsule_ptr(cap, name.encode())
    cls = (DLManagedTensorVersioned if name.endswith("versioned")
           else DLManagedTensor)
    return ptr, cls.from_address(ptr)


class Crafted:
    """A DLPack capsule made by hand over a NumPy buffer, with a deleter
    that counts its calls: what a foreign producer hands us."""

    def __init__(self, arr, *, versioned=False, code=None, bits=None,
                 lanes=1, device=(1, 0), flags=0, major=1, strides=True,
                 byte_offset=0, name=None):
        self.arr = arr
        self.deleted = 0
        nd = arr.ndim
        self.shape = (ctypes.c_int64 * max(nd, 1))(*arr.shape)
        self.strides = (ctypes.c_int64 * max(nd, 1))(
            *[s // arr.itemsize for s in arr.strides])
        self.cb = DELETER(self._deleter)
        dt = DLDataType(
            CODES[arr.dtype.kind] if code is None else code,
            arr.itemsize * 8 if bits is None else bits, lanes)
        if arr.dtype.kind == "b" and code is None:
            dt.code = 6
        t = DLTensor(arr.ctypes.data - byte_offset, DLDevice(*device), nd,
                     dt, self.shape,
                     self.strides if strides else None, byte_offset)
        if versioned:
            self.m = DLManagedTensorVersioned(DLPackVersion(major, 0), None,
                                              self.cb, flags, t)
        else:
            self.m = DLManagedTensor(t, None, self.cb)
        self.name = name or (b"dltensor_versioned" if versioned
                             else b"dltensor")
        self.capsule = _capsule_new(ctypes.addressof(self.m), self.name, None)

    def _deleter(self, ptr):
        self.deleted += 1


# ====================================================================
# DLPack on the host: NumPy <-> gpuarray share memory
# ====================================================================

@pytest.mark.host_numpy
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_to_gp_shares_memory(dtype, layout):
    base = values(dtype)
    n = LAYOUTS[layout](base)
    g = gp.from_dlpack(n)
    assert isinstance(g, gp.ndarray) and is_host(g)
    assert (g.shape, g.dtype, g.strides) == (n.shape, n.dtype, n.strides)
    assert g.flags.writeable
    view = np.asarray(g)
    np.testing.assert_array_equal(view, n)
    if n.size:
        assert np.shares_memory(view, n)
    new = values(dtype, n.shape, seed=1)
    n[...] = new  # write through NumPy, read through gpuarray
    np.testing.assert_array_equal(np.asarray(g), new)


@pytest.mark.host_numpy
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_gp_to_numpy_shares_memory(dtype, layout):
    base = values(dtype)
    hb = gp.from_dlpack(base.copy())
    g = LAYOUTS[layout](hb)
    ref = LAYOUTS[layout](base)
    n = np.from_dlpack(g)
    assert (n.shape, n.dtype, n.strides) == (ref.shape, ref.dtype,
                                             g.strides)
    np.testing.assert_array_equal(n, ref)
    assert n.flags.writeable
    new = values(dtype, n.shape, seed=2)
    n[...] = new  # write through NumPy, read through gpuarray
    np.testing.assert_array_equal(np.asarray(g), new)


@pytest.mark.parametrize("dtype", ["?", "i4", "f8", "c8"])
def test_gp_writes_are_seen_by_numpy(dtype):
    n = np.zeros((4, 6), dtype)
    g = gp.from_dlpack(n)
    g[1:3, ::2] = 1
    expect = np.zeros((4, 6), dtype)
    expect[1:3, ::2] = 1
    np.testing.assert_array_equal(n, expect)
    np.testing.assert_array_equal(g.get(), expect)
    back = np.from_dlpack(g[::-1])
    np.testing.assert_array_equal(back, expect[::-1])


@host_only
@pytest.mark.parametrize("dtype", DTYPES)
def test_pool_array_to_numpy_and_back(dtype):
    a = gp.asarray(values(dtype))
    n = np.from_dlpack(a)
    np.testing.assert_array_equal(n, a.get())
    b = gp.from_dlpack(n)
    assert b.data.ptr == a.data.ptr
    n[0, 0] = n[1, 1]
    assert a[0, 0].get() == n[1, 1]


@pytest.mark.host_numpy
def test_from_dlpack_copy_and_device_arguments():
    n = np.arange(6.0)
    shared = gp.from_dlpack(n, copy=False)
    copied = gp.from_dlpack(n, copy=True)
    on_host = gp.from_dlpack(n, device="cpu")
    n[0] = 42
    assert np.asarray(shared)[0] == 42 and np.asarray(on_host)[0] == 42
    np.testing.assert_array_equal(copied.get(), np.arange(6.0))
    assert gp.from_dlpack(n, device=gp.cuda.HostDevice()).data.ptr == \
        n.ctypes.data
    with pytest.raises(ValueError, match="unsupported device"):
        gp.from_dlpack(n, device="tpu")


@pytest.mark.host_numpy
def test_numpy_copy_argument_through_our_producer():
    g = gp.from_dlpack(np.arange(5.0))
    same = np.from_dlpack(g, copy=False)
    other = np.from_dlpack(g, copy=True)
    same[0] = 7
    assert np.asarray(g)[0] == 7 and other[0] == 0
    assert not np.shares_memory(other, np.asarray(g))


def test_from_dlpack_of_gpuarray_is_a_view():
    g = gp.from_dlpack(np.arange(6.0)).reshape(2, 3)
    v = gp.from_dlpack(g)
    assert v is not g and v.data.ptr == g.data.ptr and v.shape == (2, 3)
    c = gp.from_dlpack(g, copy=True)
    assert c.data.ptr != g.data.ptr
    np.testing.assert_array_equal(c.get(), g.get())


@pytest.mark.host_numpy
def test_readonly_numpy_array_imports_readonly():
    n = np.arange(6.0)
    n.flags.writeable = False
    g = gp.from_dlpack(n)
    assert not g.flags.writeable
    assert not np.asarray(g).flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        g[0] = 1
    # and back: a read-only array only leaves as a versioned capsule
    assert not np.from_dlpack(g).flags.writeable
    with pytest.raises(BufferError, match="read-only"):
        g.__dlpack__()
    with pytest.raises(BufferError, match="read-only"):
        g.toDlpack()
    cap = g.__dlpack__(max_version=(1, 0))
    assert managed(cap)[1].flags & READ_ONLY


@pytest.mark.host_numpy
def test_old_style_producer_without_new_keywords():
    class Old:
        """A producer from before max_version/dl_device/copy."""

        def __init__(self, n):
            self.n = n

        def __dlpack__(self, stream=None):
            assert stream is None
            return self.n.__dlpack__()

        def __dlpack_device__(self):
            return (1, 0)

    n = np.arange(4.0)
    g = gp.from_dlpack(Old(n))
    n[1] = 9
    assert np.asarray(g)[1] == 9


@pytest.mark.host_numpy
def test_deleting_the_producer_first_leaves_the_consumer_valid():
    # gpuarray producer, NumPy consumer
    g = gp.from_dlpack(np.arange(1000.0) * 2)
    n = np.from_dlpack(g[10:20])
    del g
    gc.collect()
    junk = [np.full(1000, -1.0) for _ in range(10)]
    np.testing.assert_array_equal(n, np.arange(10, 20) * 2.0)
    # NumPy producer, gpuarray consumer
    m = np.arange(100.0)
    h = gp.from_dlpack(m)[::3]
    del m
    gc.collect()
    junk.append([np.full(100, -1.0) for _ in range(10)])
    np.testing.assert_array_equal(np.asarray(h), np.arange(100.0)[::3])


# ====================================================================
# Capsules: names, consumption, lifetime
# ====================================================================

def test_capsule_names_follow_max_version():
    a = gp.arange(6, dtype=np.float32)
    assert capsule_name(a.__dlpack__()) == "dltensor"
    assert capsule_name(a.__dlpack__(max_version=(0, 8))) == "dltensor"
    assert capsule_name(a.__dlpack__(max_version=(1, 0))) == \
        "dltensor_versioned"
    assert capsule_name(a.__dlpack__(max_version=(1, 7))) == \
        "dltensor_versioned"
    assert capsule_name(a.toDlpack()) == "dltensor"


@pytest.mark.parametrize("versioned", [False, True])
@pytest.mark.parametrize("dtype", DTYPES)
def test_exported_struct(dtype, versioned):
    a = gp.asarray(values(dtype, (3, 5)))[:, ::2]
    cap = a.__dlpack__(max_version=(1, 0) if versioned else None)
    ptr, m = managed(cap)
    t = m.dl_tensor
    dt = np.dtype(dtype)
    assert (t.dtype.code, t.dtype.bits, t.dtype.lanes) == (
        6 if dt.kind == "b" else CODES[dt.kind], dt.itemsize * 8, 1)
    assert t.ndim == 2 and t.byte_offset == 0
    assert t.data == a.data.ptr
    assert [t.shape[i] for i in range(2)] == [3, 3]
    assert [t.strides[i] for i in range(2)] == [5, 2]  # elements
    expect_dev = (2, a.device.id) if ON_CUDA else (1, 0)
    assert (t.device.device_type, t.device.device_id) == expect_dev
    assert a.__dlpack_device__() == expect_dev
    # one allocation: shape and strides follow the struct
    size = ctypes.sizeof(type(m))
    assert ctypes.addressof(t.shape.contents) == ptr + (size + 7) // 8 * 8
    assert ctypes.addressof(t.strides.contents) == \
        ctypes.addressof(t.shape.contents) + 16
    if versioned:
        assert (m.version.major, m.flags) == (1, 0)


def test_copy_true_exports_a_copy():
    a = gp.arange(10, dtype=np.int32)
    cap = a.__dlpack__(max_version=(1, 0), copy=True)
    _, m = managed(cap)
    assert m.flags & IS_COPIED
    assert m.dl_tensor.data != a.data.ptr
    b = gp.from_dlpack(cap)
    np.testing.assert_array_equal(b.get(), np.arange(10))
    assert b.data.ptr != a.data.ptr


def test_zero_d_and_empty_exports():
    for a in (gp.asarray(np.float64(2.5)), gp.empty((0, 3)),
              gp.empty((3, 0), dtype=np.int8)):
        _, m = managed(a.__dlpack__(max_version=(1, 0)))
        assert m.dl_tensor.ndim == a.ndim
        b = gp.from_dlpack(a.__dlpack__(max_version=(1, 0)))
        assert b.shape == a.shape and b.dtype == a.dtype
    assert gp.from_dlpack(gp.asarray(np.float64(2.5))).get() == 2.5


def test_double_consumption_fails():
    a = gp.arange(4.0)
    cap = a.__dlpack__()
    b = gp.fromDlpack(cap)
    assert capsule_name(cap) == "used_dltensor"
    with pytest.raises(ValueError, match="already consumed"):
        gp.fromDlpack(cap)
    with pytest.raises(ValueError, match="already consumed"):
        gp.from_dlpack(cap)
    capv = a.__dlpack__(max_version=(1, 0))
    gp.from_dlpack(capv)
    assert capsule_name(capv) == "used_dltensor_versioned"
    with pytest.raises(ValueError, match="only once"):
        gp.from_dlpack(capv)
    np.testing.assert_array_equal(b.get(), a.get())


def test_wrong_capsule_and_wrong_objects():
    c = Crafted(np.arange(3.0), name=b"not_a_tensor")
    with pytest.raises(TypeError, match="named 'not_a_tensor'"):
        gp.fromDlpack(c.capsule)
    with pytest.raises(TypeError, match="__dlpack__"):
        gp.from_dlpack([1, 2, 3])
    with pytest.raises(TypeError, match="__dlpack__"):
        gp.fromDlpack(42)


def test_unconsumed_capsule_releases_the_array():
    a = gp.empty(1 << 16)
    r0, u0 = sys.getrefcount(a), pool_used()
    cap = a.__dlpack__()
    capv = a.__dlpack__(max_version=(1, 0))
    assert sys.getrefcount(a) == r0 + 2
    del cap, capv
    assert sys.getrefcount(a) == r0
    # the producer's memory lives while a capsule does
    cap = a.__dlpack__()
    del a
    gc.collect()
    assert pool_used() == u0
    del cap
    gc.collect()
    assert pool_used() == u0 - (1 << 16) * 8


def test_consumer_keeps_the_memory_alive():
    a = gp.empty(1 << 16)
    u0 = pool_used()
    b = gp.from_dlpack(a.__dlpack__(max_version=(1, 0)))
    del a
    gc.collect()
    assert pool_used() == u0
    c = b[::2]
    del b
    gc.collect()
    assert pool_used() == u0
    del c
    gc.collect()
    assert pool_used() == u0 - (1 << 16) * 8


def test_many_round_trips_leak_nothing():
    a = gp.arange(1000, dtype=np.float32)
    r0, u0 = sys.getrefcount(a), pool_used()
    for i in range(20000):
        b = gp.from_dlpack(a.__dlpack__(max_version=(1, 0) if i % 2
                                        else None))
        del b
    gc.collect()
    assert sys.getrefcount(a) == r0 and pool_used() == u0


def test_many_numpy_round_trips_leak_nothing():
    g = gp.from_dlpack(np.arange(1000.0))
    r0 = sys.getrefcount(g)
    for _ in range(20000):
        h = gp.from_dlpack(np.from_dlpack(g))
        del h
    gc.collect()
    assert sys.getrefcount(g) == r0
    if ON_HOST:
        a = gp.arange(1000.0)
        r0, u0 = sys.getrefcount(a), pool_used()
        for _ in range(20000):
            h = gp.from_dlpack(np.from_dlpack(a))
            del h
        gc.collect()
        assert sys.getrefcount(a) == r0 and pool_used() == u0


# ---- capsules from a foreign producer (made with ctypes) ----

@pytest.mark.host_numpy
@pytest.mark.parametrize("versioned", [False, True])
def test_foreign_capsule_deleter_runs_once_when_the_last_view_goes(
        versioned):
    n = np.arange(12.0).reshape(3, 4)
    c = Crafted(n, versioned=versioned)
    g = gp.fromDlpack(c.capsule)
    np.testing.assert_array_equal(np.asarray(g), n)
    n[0, 0] = 5
    assert np.asarray(g)[0, 0] == 5  # zero copy
    view = g[1:]
    del g
    gc.collect()
    assert c.deleted == 0
    del view
    gc.collect()
    assert c.deleted == 1
    assert capsule_name(c.capsule).startswith("used_")
    with pytest.raises(ValueError, match="already consumed"):
        gp.fromDlpack(c.capsule)
    assert c.deleted == 1


@pytest.mark.host_numpy
def test_foreign_capsule_bool_uint8_and_readonly():
    b = Crafted(np.array([True, False, True]))
    g = gp.fromDlpack(b.capsule)
    assert g.dtype == np.bool_ and g.flags.writeable
    np.testing.assert_array_equal(np.asarray(g), [True, False, True])
    u = Crafted(np.arange(5, dtype=np.uint8), code=1, bits=8)
    assert gp.fromDlpack(u.capsule).dtype == np.uint8
    ro = Crafted(np.arange(3.0), versioned=True, flags=READ_ONLY)
    r = gp.fromDlpack(ro.capsule)
    assert not r.flags.writeable
    # legacy capsules cannot say read-only: writeable, as PyTorch's are
    assert gp.fromDlpack(Crafted(np.arange(3.0)).capsule).flags.writeable


@pytest.mark.host_numpy
def test_foreign_capsule_null_strides_and_byte_offset():
    buf = np.arange(20.0)
    c = Crafted(buf[4:16].reshape(3, 4), strides=False, byte_offset=32)
    g = gp.fromDlpack(c.capsule)
    assert g.shape == (3, 4) and g.flags.c_contiguous
    np.testing.assert_array_equal(np.asarray(g), buf[4:16].reshape(3, 4))


@pytest.mark.parametrize("code,bits,lanes,match", [
    (4, 16, 1, "bfloat16"),
    (2, 128, 1, "float128"),
    (2, 8, 1, "float8"),
    (3, 64, 1, "opaque handle"),
    (2, 32, 4, "4 lanes"),
    (6, 1, 1, "bool1"),
])
def test_foreign_capsule_unsupported_dtype(code, bits, lanes, match):
    c = Crafted(np.zeros(4, np.float64), code=code, bits=bits, lanes=lanes)
    with pytest.raises(BufferError, match=match):
        gp.fromDlpack(c.capsule)
    # a failed import leaves the capsule unconsumed and its tensor alive
    assert capsule_name(c.capsule) == "dltensor" and c.deleted == 0


def test_foreign_capsule_unsupported_device_and_version():
    c = Crafted(np.zeros(4), device=(4, 0))  # kDLOpenCL
    with pytest.raises(BufferError, match="device type 4"):
        gp.fromDlpack(c.capsule)
    v = Crafted(np.zeros(4), versioned=True, major=2)
    with pytest.raises(BufferError, match="DLPack 2.0"):
        gp.fromDlpack(v.capsule)
    assert c.deleted == 0 and v.deleted == 0


@pytest.mark.skipif(HAVE_CUDA, reason="checks the no-CUDA error")
def test_cuda_capsule_without_cuda_is_a_clear_error():
    c = Crafted(np.zeros(4), device=(2, 0))
    with pytest.raises(BufferError, match="no CUDA device"):
        gp.fromDlpack(c.capsule)

    class FakeCudaTensor:
        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, **kw):
            raise AssertionError("must not be asked for a capsule")

    with pytest.raises(BufferError, match="no CUDA device"):
        gp.from_dlpack(FakeCudaTensor())


# ---- __dlpack__ arguments ----

def test_dlpack_argument_errors():
    a = gp.arange(4.0)
    with pytest.raises(TypeError):
        a.__dlpack__(None)  # keyword-only
    with pytest.raises(TypeError, match="max_version"):
        a.__dlpack__(max_version=3)
    with pytest.raises(TypeError, match="dl_device"):
        a.__dlpack__(dl_device="cpu")
    with pytest.raises(BufferError, match="cannot export"):
        a.__dlpack__(dl_device=(4, 0))
    own = a.__dlpack_device__()
    assert capsule_name(a.__dlpack__(dl_device=own)) == "dltensor"


@cuda
def test_dlpack_stream_values_on_cuda():
    a = gp.arange(4.0)
    with pytest.raises(ValueError, match="stream 0"):
        a.__dlpack__(stream=0)
    with pytest.raises(ValueError, match="invalid stream"):
        a.__dlpack__(stream=-5)
    with pytest.raises(TypeError, match="stream must be an int"):
        a.__dlpack__(stream="1")
    for stream in (None, -1, 1, 2):  # legacy, none, legacy, per-thread
        b = gp.from_dlpack(a.__dlpack__(stream=stream))
        np.testing.assert_array_equal(b.get(), np.arange(4.0))


@cuda
@pytest.mark.host_numpy     # np.asarray of the host-device copy below
def test_cross_device_requests_copy():
    a = gp.arange(6.0)
    n = np.from_dlpack(a, device="cpu")  # dl_device=(kDLCPU, 0): a copy
    np.testing.assert_array_equal(n, np.arange(6.0))
    _, m = managed(a.__dlpack__(max_version=(1, 0), dl_device=(1, 0)))
    assert m.flags & IS_COPIED and m.dl_tensor.device.device_type == 1
    with pytest.raises(BufferError, match="copy=False"):
        a.__dlpack__(dl_device=(1, 0), copy=False)
    h = gp.from_dlpack(a, device="host")
    assert is_host(h)
    np.testing.assert_array_equal(np.asarray(h), np.arange(6.0))
    with pytest.raises(BufferError, match="copy=False"):
        gp.from_dlpack(a, device="cpu", copy=False)
    c = gp.from_dlpack(np.arange(3.0), device="cuda")
    assert not is_host(c)
    np.testing.assert_array_equal(c.get(), np.arange(3.0))
    with pytest.raises(BufferError, match="copy=False"):
        gp.from_dlpack(np.arange(3.0), device="cuda:0", copy=False)


def test_dlpack_stream_on_host_must_be_none():
    g = gp.from_dlpack(np.arange(3.0))
    with pytest.raises(RuntimeError, match="stream must be None"):
        g.__dlpack__(stream=1)   # NumPy's exception type
    with pytest.raises(BufferError, match="cannot export"):
        g.__dlpack__(dl_device=(2, 0))


def test_dlpack_device_of_foreign_object_is_checked():
    class Weird:
        def __dlpack_device__(self):
            return (7, 0)  # kDLVulkan

        def __dlpack__(self, **kw):
            raise AssertionError("must not be asked for a capsule")

    with pytest.raises(BufferError, match="device type 7"):
        gp.from_dlpack(Weird())


# ====================================================================
# Buffer protocol: parity with NumPy
# ====================================================================

class Py_buffer(ctypes.Structure):
    _fields_ = [("buf", ctypes.c_void_p), ("obj", ctypes.c_void_p),
                ("len", ctypes.c_ssize_t), ("itemsize", ctypes.c_ssize_t),
                ("readonly", ctypes.c_int), ("ndim", ctypes.c_int),
                ("format", ctypes.c_char_p),
                ("shape", ctypes.POINTER(ctypes.c_ssize_t)),
                ("strides", ctypes.POINTER(ctypes.c_ssize_t)),
                ("suboffsets", ctypes.POINTER(ctypes.c_ssize_t)),
                ("internal", ctypes.c_void_p)]


_get_buffer = ctypes.pythonapi.PyObject_GetBuffer
_get_buffer.argtypes = [ctypes.py_object, ctypes.POINTER(Py_buffer),
                        ctypes.c_int]
_get_buffer.restype = ctypes.c_int
_release_buffer = ctypes.pythonapi.PyBuffer_Release
_release_buffer.argtypes = [ctypes.POINTER(Py_buffer)]
_release_buffer.restype = None

PyBUF = {"SIMPLE": 0, "WRITABLE": 0x1, "FORMAT": 0x4, "ND": 0x8,
         "STRIDES": 0x18, "C_CONTIGUOUS": 0x38, "F_CONTIGUOUS": 0x58,
         "ANY_CONTIGUOUS": 0x98, "INDIRECT": 0x118, "CONTIG": 0x9,
         "CONTIG_RO": 0x8, "STRIDED": 0x19, "STRIDED_RO": 0x18,
         "RECORDS": 0x1d, "RECORDS_RO": 0x1c, "FULL": 0x11d,
         "FULL_RO": 0x11c}


def buffer_info(obj, flags, data_ptr):
    """What PyObject_GetBuffer(obj, flags) gives, or the exception type."""
    view = Py_buffer()
    try:
        _get_buffer(obj, ctypes.byref(view), flags)
    except Exception as e:  # noqa: BLE001 - compared by type
        return type(e)
    try:
        nd = view.ndim
        return dict(
            buf=(view.buf or 0) - data_ptr if obj.size else 0,
            len=view.len, itemsize=view.itemsize, readonly=view.readonly,
            ndim=nd, format=view.format,
            shape=tuple(view.shape[i] for i in range(nd))
            if view.shape else None,
            strides=tuple(view.strides[i] for i in range(nd))
            if view.strides else None)
    finally:
        _release_buffer(ctypes.byref(view))


@pytest.mark.host_numpy
@pytest.mark.parametrize("readonly", [False, True])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("flags", PyBUF)
def test_getbuffer_flags_match_numpy(flags, layout, readonly):
    base = values("f4")
    if readonly:
        base.flags.writeable = False
    n = LAYOUTS[layout](base)
    g = LAYOUTS[layout](gp.from_dlpack(base))
    got = buffer_info(g, PyBUF[flags], g.data.ptr)
    want = buffer_info(n, PyBUF[flags], n.ctypes.data)
    assert got == want


@pytest.mark.host_numpy
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_memoryview_matches_numpy(dtype, layout):
    base = values(dtype)
    n = LAYOUTS[layout](base)
    g = LAYOUTS[layout](gp.from_dlpack(base))
    mg, mn = memoryview(g), memoryview(n)
    for attr in ("format", "itemsize", "shape", "strides", "readonly",
                 "ndim", "nbytes", "c_contiguous", "f_contiguous",
                 "contiguous"):
        assert getattr(mg, attr) == getattr(mn, attr), attr
    assert mg.tobytes() == mn.tobytes()
    np.testing.assert_array_equal(np.asarray(mg), n)  # back through PEP 3118


@pytest.mark.host_numpy
def test_memoryview_writes_through_and_respects_readonly():
    n = np.zeros(6)
    g = gp.from_dlpack(n)
    memoryview(g)[2] = 4.0
    assert n[2] == 4.0
    n.flags.writeable = False
    r = gp.from_dlpack(n)
    m = memoryview(r)
    assert m.readonly
    with pytest.raises(TypeError):
        m[0] = 1.0


@cuda
def test_device_memory_has_no_buffer():
    a = gp.arange(3.0)
    with pytest.raises(BufferError, match=r"\.get\(\)"):
        memoryview(a)


# ====================================================================
# __array__ (NumPy 2's protocol)
# ====================================================================

@pytest.mark.host_numpy
def test_array_protocol_on_host_matches_numpy():
    n = np.arange(6.0)
    g = gp.from_dlpack(n)
    for kw in ({}, {"copy": None}, {"copy": False}, {"dtype": np.float64}):
        got = np.asarray(g, **kw)
        want = np.asarray(n, **kw)
        assert np.shares_memory(got, n) == np.shares_memory(want, n)
    for kw in ({"copy": True}, {"dtype": np.float32},
               {"dtype": np.int64, "copy": None}):
        got = np.asarray(g, **kw)
        assert not np.shares_memory(got, n)
        np.testing.assert_array_equal(got, np.asarray(n, **kw))
        assert got.dtype == np.asarray(n, **kw).dtype
    with pytest.raises(ValueError):
        np.asarray(n, dtype=np.float32, copy=False)
    with pytest.raises(ValueError):
        np.asarray(g, dtype=np.float32, copy=False)
    assert not np.shares_memory(np.array(g), n)
    assert np.shares_memory(g.__array__(), n)
    assert not np.shares_memory(g.__array__(copy=True), n)


@cuda
def test_array_protocol_refuses_device_memory():
    a = gp.arange(3.0)
    for kw in ({}, {"copy": False}, {"copy": True}, {"dtype": np.float32}):
        with pytest.raises(TypeError, match=r"\.get\(\).*asnumpy"):
            np.asarray(a, **kw)
    np.testing.assert_array_equal(gp.asnumpy(a), np.arange(3.0))


# ====================================================================
# __array_function__ and __array_namespace__
# ====================================================================

def _pair(shape=(2, 3), dtype=np.float64, seed=0):
    n = values(dtype, shape, seed)
    return n, gp.asarray(n)


def _check(got, want):
    assert_same(got, want, rtol=1e-7, atol=0, device=True)


def test_array_function_runs_gpuarray():
    n, g = _pair()
    m, h = _pair(seed=1)
    _check(np.concatenate([g, h]), np.concatenate([n, m]))
    _check(np.concatenate([g, h], axis=1), np.concatenate([n, m], axis=1))
    _check(np.stack([g, h]), np.stack([n, m]))
    _check(np.reshape(g, (3, 2)), np.reshape(n, (3, 2)))
    _check(np.transpose(g), np.transpose(n))
    _check(np.where(g > 0, g, h), np.where(n > 0, n, m))
    assert np.result_type(g, np.float32) == np.result_type(n, np.float32)
    assert np.shape(g) == np.shape(n)


@pytest.mark.parametrize("name", ["mean", "sum", "max", "cumsum",
                                  "nonzero", "sort"])
def test_array_function_reductions_when_they_exist(name):
    n, g = _pair()
    f = getattr(np, name)
    if not hasattr(gp, name):
        with pytest.raises(TypeError, match="numpy.%s" % name):
            f(g)
        return
    got, want = f(g), f(n)
    if isinstance(want, tuple):
        for x, y in zip(got, want):
            np.testing.assert_allclose(gp.asnumpy(x), y)
    else:
        np.testing.assert_allclose(gp.asnumpy(got), want)


def test_array_function_missing_names_the_function():
    _, g = _pair()
    for name in ("piecewise", "apply_along_axis", "polyfit", "unwrap",
                 "histogram_bin_edges"):
        if not hasattr(gp, name):
            break
    else:
        pytest.skip("gpuarray implements every candidate")
    with pytest.raises(TypeError, match="numpy.%s" % name):
        if name == "piecewise":
            np.piecewise(g, [g > 0], [1, 0])
        elif name == "apply_along_axis":
            np.apply_along_axis(np.sum, 0, g)
        elif name == "polyfit":
            np.polyfit(g[0], g[1], 1)
        else:
            getattr(np, name)(g)


def test_busday_functions_run_through_numpy_on_the_host():
    # no datetime kernels: is_busday/busday_count compute with NumPy and
    # hand back device arrays equal to NumPy's
    days = np.array(["2026-11-27", "2026-11-28", "2026-12-01"],
                    "datetime64[D]")
    got = gp.is_busday(days)
    assert isinstance(got, gp.ndarray)
    np.testing.assert_array_equal(got.get(), np.is_busday(days))
    got = gp.busday_count(days[:1], days[2:])
    np.testing.assert_array_equal(got.get(), np.busday_count(days[:1],
                                                             days[2:]))


def test_ufunc_at_and_reduceat_take_list_and_numpy_indices():
    # indices are not ufunc operands: NumPy takes lists and NumPy arrays
    x = np.arange(6.0).reshape(2, 3)
    for idx in ([0, 0, 1], np.array([0, 0, 1]), (0, [0, 2])):
        g, n = gp.asarray(x), x.copy()
        np.add.at(g, idx, 1.5)
        np.add.at(n, idx, 1.5)
        np.testing.assert_array_equal(g.get(), n)
    g, n = gp.asarray(x), x.copy()
    np.negative.at(g, [1])
    np.negative.at(n, [1])
    np.testing.assert_array_equal(g.get(), n)
    for idx in ([0, 2], np.array([0, 2])):
        _check(np.add.reduceat(gp.asarray(x), idx, axis=1),
               np.add.reduceat(x, idx, axis=1))
        _check(np.maximum.reduceat(gp.asarray(x[0]), idx),
               np.maximum.reduceat(x[0], idx))


def test_ufunc_with_numpy_or_list_operand_names_asarray():
    # decision 21: the error says how to convert, through NumPy too
    _, g = _pair()
    for other in (np.ones(g.shape), g.get().tolist()):
        with pytest.raises(TypeError, match="gpuarray.asarray"):
            np.add(g, other)
        with pytest.raises(TypeError, match="gpuarray.asarray"):
            np.multiply(other, g)
    with pytest.raises(TypeError, match="gpuarray.asarray"):
        np.ones(g.shape) + g


def test_array_function_keywords_numpy_passes_through():
    n, g = _pair()
    if isinstance(g.device, gp.cuda.HostDevice):
        _check(np.ones_like(g, device="cpu"), np.ones_like(n, device="cpu"))
    else:  # device= is honoured: a CUDA array's ones_like is not on 'cpu'
        with pytest.raises(ValueError, match="cpu"):
            np.ones_like(g, device="cpu")
    _check(np.zeros_like(g, device=None), np.zeros_like(n, device=None))
    _check(np.copy(g, order="K", subok=False), np.copy(n, subok=False))
    # like= calls pass device=None (np.full positionally-heavy too)
    _check(np.ones((2, 2), dtype=np.int32, like=g),
           np.ones((2, 2), dtype=np.int32))
    _check(np.zeros(3, like=g), np.zeros(3))
    _check(np.full(3, 2.0, like=g), np.full(3, 2.0))
    _check(np.eye(3, k=1, like=g), np.eye(3, k=1))


def test_take_along_axis_default_axis():
    # NumPy 2.3 made axis optional (-1)
    x = np.array([[3.0, 1.0, 2.0], [0.5, 5.0, 4.0]])
    i = np.argsort(x)
    _check(np.take_along_axis(gp.asarray(x), gp.asarray(i)),
           np.take_along_axis(x, i))


def test_broadcast_arrays_and_meshgrid_return_tuples():
    n, g = _pair()
    for f, args in ((np.broadcast_arrays, (n, n[0])),
                    (np.meshgrid, (n[0], n[1]))):
        want = f(*args)
        got = f(*[gp.asarray(a) for a in args])
        assert type(got) is type(want) is tuple
        for x, y in zip(got, want):
            _check(x, y)
    got = np.meshgrid(g[0], g[1], sparse=True, indexing="ij")
    assert type(got) is tuple


def test_einsum_path_interleaved_form():
    n, g = _pair()
    want = np.einsum_path(n, [0, 1], n, [2, 1], [0, 2])
    got = np.einsum_path(g, [0, 1], g, [2, 1], [0, 2])
    assert got == want


def test_array_namespace():
    a = gp.arange(3)
    assert a.__array_namespace__() is gp
    assert a.__array_namespace__(api_version="2023.12") is gp
    with pytest.raises(ValueError, match="1999.01"):
        a.__array_namespace__(api_version="1999.01")


# ====================================================================
# __cuda_array_interface__
# ====================================================================

class FakeCAI:
    def __init__(self, d):
        self.__cuda_array_interface__ = d


def _cai(**kw):
    d = {"shape": (3,), "typestr": "<f4", "data": (0x7f0000000000, False),
         "version": 3, "strides": None}
    d.update(kw)
    return FakeCAI(d)


def test_host_arrays_have_no_cai():
    g = gp.from_dlpack(np.arange(3.0))
    assert not hasattr(g, "__cuda_array_interface__")
    with pytest.raises(AttributeError, match="CUDA device memory"):
        g.__cuda_array_interface__


@pytest.mark.parametrize("kw,exc,match", [
    ({"typestr": ">f4"}, TypeError, "byte order"),
    ({"typestr": "<f16"}, TypeError, "not supported"),
    ({"typestr": 4}, TypeError, "typestr"),
    ({"mask": FakeCAI({})}, ValueError, "mask"),
    ({"version": 4}, ValueError, "version 4"),
    ({"data": 12345}, TypeError, "data"),
    ({"strides": (4, 4)}, ValueError, "strides"),
    ({"shape": [3]}, TypeError, "shape"),
    ({"stream": 0}, ValueError, "stream 0"),
    ({"data": (0, False)}, ValueError, "NULL"),
])
def test_cai_import_rejects_malformed_interfaces(kw, exc, match):
    with pytest.raises(exc, match=match):
        gp.asarray(_cai(**kw))


def test_cai_import_requires_the_keys():
    d = dict(_cai().__cuda_array_interface__)
    del d["typestr"]
    with pytest.raises(ValueError, match="'typestr'"):
        gp.asarray(FakeCAI(d))
    with pytest.raises(TypeError, match="dict"):
        gp.asarray(FakeCAI([1, 2]))


@pytest.mark.skipif(HAVE_CUDA, reason="checks the no-CUDA error")
def test_cai_import_without_cuda_is_a_clear_error():
    with pytest.raises(BufferError, match="no CUDA device"):
        gp.asarray(_cai())


@cuda
def test_cai_export_matches_the_spec():
    a = gp.arange(12, dtype=np.float32).reshape(3, 4)
    d = a.__cuda_array_interface__
    assert d == {"shape": (3, 4), "strides": None, "typestr": "<f4",
                 "data": (a.data.ptr, False), "version": 3, "mask": None,
                 "stream": d["stream"]}
    assert d["stream"] not in (0, None)
    t = a.T.__cuda_array_interface__
    assert t["strides"] == (4, 16) and t["shape"] == (4, 3)
    assert gp.empty((0, 3)).__cuda_array_interface__["data"][0] == 0
    assert gp.asarray(np.array([True])).__cuda_array_interface__[
        "typestr"] == "|b1"


@cuda
def test_cai_import_of_our_own_interface_shares_memory():
    a = gp.arange(12, dtype=np.float64).reshape(3, 4)
    for view in (a, a.T, a[::2, 1:]):
        w = FakeCAI(view.__cuda_array_interface__)
        b = gp.asarray(w)
        assert b.data.ptr == view.data.ptr
        assert (b.shape, b.strides, b.dtype) == (view.shape, view.strides,
                                                 view.dtype)
        assert b.base is w
    b = gp.asarray(FakeCAI(a.__cuda_array_interface__))
    b[0, 0] = 100
    assert a[0, 0].get() == 100
    c = gp.array(FakeCAI(a.__cuda_array_interface__), copy=True)
    assert c.data.ptr != a.data.ptr
    e = gp.array(FakeCAI(a.__cuda_array_interface__), copy=False)
    assert e.data.ptr == a.data.ptr
    f = gp.asarray(FakeCAI(a.__cuda_array_interface__), dtype=np.float32)
    assert f.dtype == np.float32 and f.data.ptr != a.data.ptr
    np.testing.assert_array_equal(f.get(), a.get().astype(np.float32))
    d = dict(a.__cuda_array_interface__)
    d["data"] = (d["data"][0], True)
    assert not gp.asarray(FakeCAI(d)).flags.writeable


# ====================================================================
# Peers on the GPU: PyTorch, CuPy, JAX, Numba
# ====================================================================

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

_peers = {}


def peer(name):
    """The peer library with working CUDA support, or skip."""
    if not ON_CUDA:
        pytest.skip("needs the current gpuarray device to be CUDA")
    if name not in _peers:
        mod = None
        try:
            if name == "torch":
                import torch as mod
                if not mod.cuda.is_available():
                    mod = None
            elif name == "cupy":
                import cupy as mod
                mod.cuda.runtime.getDeviceCount()
            elif name == "jax":
                import jax as mod
                import jax.numpy  # noqa: F401
                import jax.dlpack  # noqa: F401
                if not mod.devices("gpu"):
                    mod = None
            elif name == "numba":
                from numba import cuda as mod
                if not mod.is_available():
                    mod = None
        except Exception:  # noqa: BLE001 - missing or unusable
            mod = None
        _peers[name] = mod
    if _peers[name] is None:
        pytest.skip("%s with CUDA is not available" % name)
    return _peers[name]


TORCH_DTYPES = ["?", "i1", "i2", "i4", "i8", "u1", "f2", "f4", "f8", "c8",
                "c16"]
PEER_LAYOUTS = {k: LAYOUTS[k] for k in ("contiguous", "transposed",
                                        "sliced", "column", "0-d", "empty")}


def _torch_layout(t, layout):
    if layout == "transposed":
        return t.T
    if layout == "0-d":
        return t[1, 2]
    return PEER_LAYOUTS[layout](t)


@pytest.mark.parametrize("layout", PEER_LAYOUTS)
@pytest.mark.parametrize("dtype", TORCH_DTYPES)
def test_torch_from_gpuarray_shares_memory(dtype, layout):
    torch = peer("torch")
    base = values(dtype)
    g = PEER_LAYOUTS[layout](gp.asarray(base))
    t = torch.from_dlpack(g)
    assert t.is_cuda and tuple(t.shape) == g.shape
    if g.size:
        assert t.data_ptr() == g.data.ptr
        assert tuple(s * g.itemsize for s in t.stride()) == g.strides
    np.testing.assert_array_equal(t.cpu().numpy(), PEER_LAYOUTS[layout](base))
    new = values(dtype, g.shape, seed=3)
    t.copy_(torch.from_numpy(np.array(new, order="C")).cuda())
    torch.cuda.synchronize()
    np.testing.assert_array_equal(g.get(), new)


@pytest.mark.parametrize("layout", PEER_LAYOUTS)
@pytest.mark.parametrize("dtype", TORCH_DTYPES)
def test_gpuarray_from_torch_shares_memory(dtype, layout):
    torch = peer("torch")
    base = values(dtype)
    t = _torch_layout(torch.from_numpy(base).cuda(), layout)
    g = gp.from_dlpack(t)
    assert not is_host(g) and g.shape == tuple(t.shape)
    if t.numel():
        assert g.data.ptr == t.data_ptr()
    np.testing.assert_array_equal(g.get(), t.cpu().numpy())
    g[...] = values(dtype, g.shape, seed=4)
    torch.cuda.synchronize()
    np.testing.assert_array_equal(t.cpu().numpy(), g.get())


def test_torch_non_default_stream_is_ordered():
    torch = peer("torch")
    n = 1 << 26
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        t = torch.ones(n, device="cuda")
        for _ in range(20):  # queue enough work to race with
            t.mul_(1.5).div_(1.5).add_(1.0)
        g = gp.from_dlpack(t)  # our stream must wait for s
        got = g[-1000:].get()
    np.testing.assert_array_equal(got, np.full(1000, 21.0, np.float32))


def test_torch_reads_our_non_default_work():
    torch = peer("torch")
    a = gp.zeros(1 << 26, dtype=np.float32)
    a += 3  # queued on our stream
    t = torch.from_dlpack(a)  # torch's stream waits on ours
    assert float(t[-1]) == 3.0 and float(t.sum()) == 3.0 * (1 << 26)


def test_torch_cai_both_ways():
    torch = peer("torch")
    a = gp.arange(12, dtype=np.float32).reshape(3, 4)
    t = torch.as_tensor(a, device="cuda")  # reads our CAI
    assert t.data_ptr() == a.data.ptr
    t[0, 0] = 50
    torch.cuda.synchronize()
    assert a[0, 0].get() == 50
    u = torch.arange(12, dtype=torch.float64, device="cuda").reshape(3, 4).T
    g = gp.asarray(u)  # our CAI import
    assert g.data.ptr == u.data_ptr() and g.strides == (8, 32)
    np.testing.assert_array_equal(g.get(), u.cpu().numpy())
    g[1, 1] = -1
    torch.cuda.synchronize()
    assert float(u[1, 1]) == -1


def test_torch_producer_deleted_first():
    torch = peer("torch")
    a = gp.arange(1 << 20, dtype=np.float32)
    t = torch.from_dlpack(a)
    del a
    gc.collect()
    junk = [gp.full(1 << 20, -1.0, dtype=np.float32) for _ in range(4)]
    assert float(t[12345]) == 12345.0
    u = torch.arange(1 << 20, dtype=torch.float32, device="cuda")
    g = gp.from_dlpack(u)
    del u
    gc.collect()
    junk.append(torch.full((1 << 20,), -1.0, device="cuda"))
    assert g[12345].get() == 12345.0


def test_torch_100k_round_trips_leak_nothing():
    torch = peer("torch")
    a = gp.arange(1 << 20, dtype=np.float32)
    gc.collect()
    r0, u0 = sys.getrefcount(a), pool_used()
    m0 = torch.cuda.memory_allocated()
    for _ in range(100000):
        b = gp.from_dlpack(torch.from_dlpack(a))
        del b
    gc.collect()
    assert sys.getrefcount(a) == r0
    assert pool_used() == u0 and torch.cuda.memory_allocated() == m0


def test_torch_legacy_capsules():
    torch = peer("torch")
    import torch.utils.dlpack as tdl
    t = torch.arange(6.0, device="cuda")
    g = gp.fromDlpack(tdl.to_dlpack(t))
    assert g.data.ptr == t.data_ptr()
    np.testing.assert_array_equal(g.get(), np.arange(6.0))
    x = gp.arange(6.0)
    u = tdl.from_dlpack(x.toDlpack())
    assert u.data_ptr() == x.data.ptr
    u[2] = 40
    torch.cuda.synchronize()
    assert x[2].get() == 40


def test_cupy_style_alias_from_torch():
    torch = peer("torch")
    import gpuarray as cp  # what a CuPy script does after the swap
    t = torch.linspace(0, 1, 11, device="cuda")
    x = cp.from_dlpack(t)
    assert isinstance(x, cp.ndarray) and x.data.ptr == t.data_ptr()
    np.testing.assert_allclose(cp.asnumpy(x), np.linspace(0, 1, 11),
                               rtol=1e-6)


@pytest.mark.parametrize("layout", PEER_LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_cupy_dlpack_both_ways(dtype, layout):
    cp = peer("cupy")
    base = values(dtype)
    g = PEER_LAYOUTS[layout](gp.asarray(base))
    c = cp.from_dlpack(g)
    assert c.shape == g.shape
    if g.size:
        assert c.data.ptr == g.data.ptr and c.strides == g.strides
    np.testing.assert_array_equal(cp.asnumpy(c), PEER_LAYOUTS[layout](base))
    d = PEER_LAYOUTS[layout](cp.asarray(base))
    h = gp.from_dlpack(d)
    if d.size:
        assert h.data.ptr == d.data.ptr
    np.testing.assert_array_equal(h.get(), cp.asnumpy(d))
    if h.size:
        h[...] = values(dtype, h.shape, seed=5)
        cp.cuda.Device().synchronize()
        np.testing.assert_array_equal(cp.asnumpy(d), h.get())


def test_cupy_cai_both_ways_and_streams():
    cp = peer("cupy")
    a = gp.arange(12, dtype=np.float32).reshape(3, 4)
    c = cp.asarray(a)  # CuPy reads our CAI
    assert c.data.ptr == a.data.ptr
    d = cp.arange(12, dtype=cp.int64).reshape(4, 3)[:, ::2]
    g = gp.asarray(d)  # our CAI import
    assert g.data.ptr == d.data.ptr and g.strides == d.strides
    np.testing.assert_array_equal(g.get(), cp.asnumpy(d))
    with cp.cuda.Stream(non_blocking=True):
        x = cp.ones(1 << 26, dtype=cp.float32)
        for _ in range(20):
            x *= 1.5
            x /= 1.5
            x += 1
        y = gp.asarray(x)  # CAI stream: we wait for CuPy's stream
        z = gp.from_dlpack(x)  # DLPack: CuPy's stream is ordered
        got_y, got_z = y[-1000:].get(), z[-1000:].get()
    np.testing.assert_array_equal(got_y, np.full(1000, 21.0, np.float32))
    np.testing.assert_array_equal(got_z, np.full(1000, 21.0, np.float32))


def test_jax_dlpack_both_ways():
    jax = peer("jax")
    jnp = jax.numpy
    x = jnp.arange(12.0, dtype=jnp.float32).reshape(3, 4)
    g = gp.from_dlpack(x)  # JAX arrays are immutable: read only
    np.testing.assert_array_equal(g.get(), np.asarray(x))
    np.testing.assert_array_equal(g.T.get(), np.asarray(x).T)
    a = gp.arange(12.0, dtype=np.float32).reshape(3, 4)
    y = jnp.from_dlpack(a)
    np.testing.assert_array_equal(np.asarray(y), a.get())
    np.testing.assert_array_equal(np.asarray(y * 2), a.get() * 2)


def test_numba_cai_both_ways():
    ncuda = peer("numba")
    a = gp.arange(12, dtype=np.float64).reshape(3, 4)
    d = ncuda.as_cuda_array(a)  # Numba reads our CAI
    assert d.__cuda_array_interface__["data"][0] == a.data.ptr
    np.testing.assert_array_equal(d.copy_to_host(), a.get())
    e = ncuda.to_device(np.arange(10, dtype=np.int32))
    g = gp.asarray(e)  # our CAI import
    assert g.data.ptr == e.__cuda_array_interface__["data"][0]
    g[3] = 99
    gp.cuda.synchronize()
    assert e.copy_to_host()[3] == 99
