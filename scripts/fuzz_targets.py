"""Fuzz targets (atheris) for the parsers that read what users and other
libraries hand us: the DLPack and __cuda_array_interface__ importers, the
indexing key parser and the RawKernel signature parser.

    python3 scripts/fuzz_targets.py TARGET [libFuzzer options...]
    TARGET: dlpack | cai | index | signature

scripts/fuzz.sh runs each for a bounded time.  A target fails (and
libFuzzer saves the input) on a crash, or on a Python exception of a type
the API must never raise for bad input (anything but the documented
TypeError/ValueError/IndexError/OverflowError/BufferError/
NotImplementedError family), or on a result that differs from NumPy's.
Every input that once failed is kept in tests/test_fuzz_regressions.py.
"""
import ctypes
import os
import sys

import atheris

with atheris.instrument_imports():
    import numpy as np
    import gpuarray as gp
    from gpuarray.kernels.raw_host import kernel_signatures, raw_host_source
    from gpuarray.kernels.raw_args import pack_args, param_kind

EXPECTED = (TypeError, ValueError, IndexError, OverflowError, BufferError,
            NotImplementedError, KeyError)

# ---- DLPack --------------------------------------------------------------


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


DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                ("deleter", DELETER)]


_capsule_new = ctypes.pythonapi.PyCapsule_New
_capsule_new.restype = ctypes.py_object
_capsule_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]

BUFFER = (ctypes.c_uint8 * 4096)()
MAX_DIMS = 70  # the shape/strides arrays are this long: ndim up to 70 is
#                in bounds, so the importer must refuse what it can't hold
_deleted = []
_on_delete = DELETER(lambda p: _deleted.append(p))


def _extent(shape, strides, itemsize, offset):
    """Bytes [lo, hi) a view touches, or None when it has no elements."""
    if any(s == 0 for s in shape):
        return None
    lo = hi = offset
    for n, st in zip(shape, strides):
        span = (n - 1) * st * itemsize
        if span < 0:
            lo += span
        else:
            hi += span
    return lo, hi + itemsize


def fuzz_dlpack(data):
    fdp = atheris.FuzzedDataProvider(data)
    ndim = fdp.ConsumeIntInRange(-3, MAX_DIMS)
    shape = (ctypes.c_int64 * MAX_DIMS)()
    strides = (ctypes.c_int64 * MAX_DIMS)()
    small = fdp.ConsumeBool()
    for i in range(MAX_DIMS):
        shape[i] = (fdp.ConsumeIntInRange(0, 5) if small
                    else fdp.ConsumeIntInRange(-2 ** 63, 2 ** 63 - 1))
        strides[i] = (fdp.ConsumeIntInRange(-8, 8) if small
                      else fdp.ConsumeIntInRange(-2 ** 63, 2 ** 63 - 1))
    m = DLManagedTensor()
    t = m.dl_tensor
    t.data = ctypes.addressof(BUFFER) if fdp.ConsumeBool() else \
        fdp.ConsumeIntInRange(0, 2 ** 64 - 1) & ~7
    t.device.device_type = fdp.PickValueInList([1, 1, 1, 3, 2, 13,
                                                fdp.ConsumeInt(4)])
    t.device.device_id = fdp.PickValueInList([0, 0, 1, -1])
    t.ndim = ndim
    t.dtype.code = fdp.ConsumeIntInRange(0, 255) if not small else \
        fdp.ConsumeIntInRange(0, 6)
    t.dtype.bits = fdp.PickValueInList([8, 16, 32, 64, 128, 1, 0, 255])
    t.dtype.lanes = fdp.PickValueInList([1, 1, 1, 0, 2, 65535])
    t.shape = shape if fdp.ConsumeIntInRange(0, 9) else None
    with_strides = fdp.ConsumeBool()
    t.strides = strides if with_strides else None
    t.byte_offset = fdp.ConsumeIntInRange(0, 64) if small else \
        fdp.ConsumeIntInRange(0, 2 ** 64 - 1)
    m.deleter = _on_delete
    capsule = _capsule_new(ctypes.addressof(m), b"dltensor", None)
    try:
        a = gp._core.fromDlpack(capsule)
    except EXPECTED:
        return
    # accepted: the metadata must be what the producer said
    assert a.ndim == ndim, (a.ndim, ndim)
    assert a.shape == tuple(shape[:ndim])
    if t.data != ctypes.addressof(BUFFER):
        return
    st = [strides[i] for i in range(ndim)] if with_strides else None
    if st is None:
        st, acc = [], 1
        for n in reversed(shape[:ndim]):
            st.insert(0, acc)
            acc *= n
    ext = _extent(shape[:ndim], st, a.itemsize, t.byte_offset)
    if ext is None or (ext[0] >= 0 and ext[1] <= len(BUFFER)):
        a.get()  # in bounds: reading it must work
    del a


# ---- __cuda_array_interface__ ----------------------------------------------


class CAI:
    def __init__(self, d):
        self.__cuda_array_interface__ = d


TYPESTRS = ["<f4", "<f8", "|u1", "<i2", "<c8", "|b1", ">f4", "<f2", "<V8",
            "<U4", "|O", "<m8", "", "<i9", "f4", "<<f4"]


def _fuzz_value(fdp, depth=0):
    k = fdp.ConsumeIntInRange(0, 7)
    if k == 0:
        return fdp.ConsumeIntInRange(-2 ** 70, 2 ** 70)
    if k == 1:
        return fdp.ConsumeIntInRange(0, 6)
    if k == 2:
        return fdp.ConsumeFloat()
    if k == 3:
        return None
    if k == 4 and depth < 2:
        return tuple(_fuzz_value(fdp, depth + 1)
                     for _ in range(fdp.ConsumeIntInRange(0, 4)))
    if k == 5:
        return fdp.ConsumeUnicode(4)
    if k == 6 and depth < 2:
        return [_fuzz_value(fdp, depth + 1)
                for _ in range(fdp.ConsumeIntInRange(0, 3))]
    return fdp.ConsumeBool()


def fuzz_cai(data):
    fdp = atheris.FuzzedDataProvider(data)
    d = {}
    if fdp.ConsumeIntInRange(0, 9):
        d["version"] = fdp.PickValueInList([3, 2, 1, 0, 4, -1, "3", None])
    ndim = fdp.ConsumeIntInRange(0, 70)
    small = fdp.ConsumeBool()
    if fdp.ConsumeIntInRange(0, 9):
        d["shape"] = (tuple(fdp.ConsumeIntInRange(0, 4) for _ in range(ndim))
                      if small else _fuzz_value(fdp))
    if fdp.ConsumeBool():
        d["strides"] = (tuple(fdp.ConsumeIntInRange(-16, 16)
                              for _ in range(ndim))
                        if small else _fuzz_value(fdp))
    if fdp.ConsumeIntInRange(0, 9):
        d["typestr"] = (fdp.PickValueInList(TYPESTRS) if fdp.ConsumeBool()
                        else _fuzz_value(fdp))
    ours = fdp.ConsumeBool()
    if fdp.ConsumeIntInRange(0, 9):
        d["data"] = ((ctypes.addressof(BUFFER), fdp.ConsumeBool()) if ours
                     else _fuzz_value(fdp))
    for key in ("mask", "stream", "descr"):
        if fdp.ConsumeIntInRange(0, 3) == 0:
            d[key] = _fuzz_value(fdp)
    obj = CAI(d if fdp.ConsumeIntInRange(0, 20) else _fuzz_value(fdp))
    try:
        a = gp.asarray(obj)
    except EXPECTED:
        return
    except RuntimeError as e:  # the CUDA driver's answer for a wild pointer
        if "CUDA" not in str(e):
            raise
        return
    if not ours or "shape" not in d:
        return
    st = d.get("strides")
    if st is None:
        st, acc = [], a.itemsize
        for n in reversed(a.shape):
            st.insert(0, acc)
            acc *= n
    ext = _extent(a.shape, [s // a.itemsize if a.itemsize else 0
                            for s in st], a.itemsize, 0)
    if a.itemsize and all(s % a.itemsize == 0 for s in st) and \
            (ext is None or (ext[0] >= 0 and ext[1] <= len(BUFFER))):
        a.get()


# ---- indexing keys ---------------------------------------------------------


def _index_item(fdp, shape, depth):
    k = fdp.ConsumeIntInRange(0, 11)
    big = [2 ** 63, 2 ** 64, -2 ** 63 - 1, 2 ** 100, -2 ** 63, 2 ** 63 - 1]
    if k == 0:
        return fdp.ConsumeIntInRange(-8, 8)
    if k == 1:
        return fdp.PickValueInList(big)
    if k == 2:
        vals = [None, fdp.ConsumeIntInRange(-8, 8), fdp.PickValueInList(big),
                0]
        return slice(fdp.PickValueInList(vals), fdp.PickValueInList(vals),
                     fdp.PickValueInList(vals))
    if k == 3:
        return None
    if k == 4:
        return Ellipsis
    if k == 5:
        return fdp.ConsumeBool()
    if k == 6:
        dt = fdp.PickValueInList([np.intp, np.int8, np.uint64])
        lo = 0 if dt is np.uint64 else -6
        return np.array([fdp.ConsumeIntInRange(lo, 6)
                         for _ in range(fdp.ConsumeIntInRange(0, 4))],
                        dtype=dt)
    if k == 7 and shape:
        return np.array([fdp.ConsumeBool() for _ in range(shape[0])])
    if k == 8 and depth < 2:
        return [_index_item(fdp, shape, depth + 1)
                for _ in range(fdp.ConsumeIntInRange(0, 3))]
    if k == 9:
        return np.int64(fdp.ConsumeIntInRange(-8, 8))
    if k == 10:
        return fdp.PickValueInList([1.0, "a", b"x", 1j, object()])
    return slice(None)


def _to_gp(item):
    if isinstance(item, np.ndarray):
        return gp.asarray(item)
    if isinstance(item, list):
        return [_to_gp(i) for i in item]
    return item


def fuzz_index(data):
    fdp = atheris.FuzzedDataProvider(data)
    shape = tuple(fdp.ConsumeIntInRange(0, 4)
                  for _ in range(fdp.ConsumeIntInRange(0, 3)))
    x = np.arange(int(np.prod(shape)), dtype=np.int32).reshape(shape)
    n = fdp.ConsumeIntInRange(0, 5)
    key = tuple(_index_item(fdp, shape, 0) for _ in range(n))
    if n == 1 and fdp.ConsumeBool():
        key = key[0]
    gkey = tuple(_to_gp(k) for k in key) if isinstance(key, tuple) \
        else _to_gp(key)
    g = gp.asarray(x)
    try:
        want = x[key]
    except Exception:
        want = None
    try:
        got = g[gkey]
    except EXPECTED:
        return
    except Exception as e:
        if want is None:
            return
        raise AssertionError("NumPy indexes with %r, gpuarray raises %r"
                             % (key, e))
    if want is not None:
        got = got.get() if hasattr(got, "get") else got
        np.testing.assert_array_equal(np.asarray(got), want)


# ---- kernel signatures -----------------------------------------------------

PIECES = ["extern \"C\"", "__global__", "void", "k", "(", ")", ",", "int",
          "float", "*", "const", "__restrict__", "[", "]", "<", ">", "=",
          "0", "{", "}", ";", "__launch_bounds__(256)", "template", "struct",
          "unsigned", "long", "double2", "&", "::", "std", "x", "/*", "*/",
          "//", "\n", "#define", "__syncthreads", "extern __shared__",
          "float s[];", "size_t", "char", "\\", "\"", "'", "..."]


def fuzz_signature(data):
    fdp = atheris.FuzzedDataProvider(data)
    if fdp.ConsumeBool():
        code = " ".join(fdp.PickValueInList(PIECES)
                        for _ in range(fdp.ConsumeIntInRange(0, 40)))
    else:
        code = fdp.ConsumeUnicode(200)
    try:
        sigs = kernel_signatures(code)
        raw_host_source(code, ("-DX=1",))
    except ValueError:
        return
    for name, params in sigs.items():
        assert isinstance(name, str) and all(isinstance(p, str)
                                             for p in params)
        for p in params:
            param_kind(p)
        args = [fdp.PickValueInList([1, 1.5, np.float32(1), np.int8(3),
                                     None, "s", np.complex64(1)])
                for _ in range(fdp.ConsumeIntInRange(0, 4))]
        try:
            pack_args(name, params, args, gp.ndarray)
        except (TypeError, OverflowError):
            pass


TARGETS = {"dlpack": fuzz_dlpack, "cai": fuzz_cai, "index": fuzz_index,
           "signature": fuzz_signature}


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit("usage: fuzz_targets.py {%s} [libFuzzer options]"
                 % "|".join(TARGETS))
    target = TARGETS[sys.argv[1]]
    import warnings
    warnings.simplefilter("ignore")
    atheris.Setup([sys.argv[0]] + sys.argv[2:], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
