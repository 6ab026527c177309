"""Inputs the fuzz targets (scripts/fuzz_targets.py) and the sanitizer run
(scripts/sanitize.sh) found, kept so that they stay fixed."""
import ctypes

import numpy as np
import pytest

import gpuarray as gp


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice),
                ("ndim", ctypes.c_int32), ("dtype", DLDataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p)]


_new = ctypes.pythonapi.PyCapsule_New
_new.restype = ctypes.py_object
_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]


def capsule(shape, strides=None, code=2, bits=64, device=1):
    buf = (ctypes.c_uint8 * 64)()
    sh = (ctypes.c_int64 * len(shape))(*shape)
    st = (ctypes.c_int64 * len(shape))(*strides) if strides else None
    m = DLManagedTensor()
    m.dl_tensor.data = ctypes.addressof(buf)
    m.dl_tensor.device.device_type = device
    m.dl_tensor.ndim = len(shape)
    m.dl_tensor.dtype.code, m.dl_tensor.dtype.bits = code, bits
    m.dl_tensor.dtype.lanes = 1
    m.dl_tensor.shape = sh
    m.dl_tensor.strides = st
    keep = (buf, sh, st, m)
    return _new(ctypes.addressof(m), b"dltensor", None), keep


@pytest.fixture(autouse=True)
def host_only():
    if gp._core._get_device()[0] != "host":
        pytest.skip("host-memory DLPack tensors")


@pytest.mark.parametrize("shape", [(0, 2 ** 40, 2 ** 40), (2 ** 61, 4, 0),
                                   (0, 2 ** 62)])
def test_dlpack_shape_numpy_cannot_hold_is_refused(shape):
    # fuzz dlpack: an empty tensor whose other dimensions overflow was
    # imported, then .get() failed inside NumPy
    cap, keep = capsule(shape)
    with pytest.raises(BufferError):
        gp._core.fromDlpack(cap)
    with pytest.raises(ValueError, match="too big"):
        np.empty(shape, np.float64)
    with pytest.raises(ValueError, match="too big"):
        gp.empty(shape, np.float64)
    del keep


def test_empty_shape_with_room_is_imported():
    cap, keep = capsule((0, 2 ** 40), code=1, bits=8)
    a = gp._core.fromDlpack(cap)
    assert a.shape == (0, 2 ** 40) and a.get().shape == (0, 2 ** 40)
    del a, keep


def test_pool_release_after_merge_with_free_neighbour():
    # ASan: block_release read the block it had just merged (and freed)
    # into its free predecessor.  Three neighbours, freed left to right.
    for _ in range(20):
        a, b, c = gp.empty(1000), gp.empty(1000), gp.empty(1000)
        a[...] = 1
        del a
        del b
        c[...] = 2
        np.testing.assert_array_equal(c.get(), np.full(1000, 2.0))


class CAI:
    def __init__(self, d):
        self.__cuda_array_interface__ = d


@pytest.mark.parametrize("typestr", [",,,,", "(", "f4,(", "<f4)"])
def test_cai_typestr_numpy_cannot_parse_is_a_value_error(typestr):
    # fuzz cai: NumPy's dtype parser raised SyntaxError through asarray
    with pytest.raises((ValueError, TypeError)):
        gp.asarray(CAI({"version": 3, "shape": (4,), "typestr": typestr,
                        "data": (0, False), "strides": None}))
