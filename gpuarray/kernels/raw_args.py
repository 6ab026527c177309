"""RawKernel arguments and launch shapes checked before a launch.

A kernel reads its parameters by the types of its signature; a wrong
count, or a Python int where it reads a pointer, makes it read memory
that is not there (a crash on host, a fault on a GPU).  So each argument
is checked against the parsed signature (raw_host.kernel_signatures):

  pointer (T *, T[])   a gpuarray.ndarray or __cuda_array_interface__
  bool/integer/float   a Python or NumPy scalar of that kind (bool for
                       integers too), converted to the parameter's type
                       (OverflowError when it does not fit, as NumPy)
  anything else        a NumPy scalar (a structured one for a struct)
                       of the parameter's size where we know it (the
                       vector types; on host the module reports sizeof)

TypeError for a wrong count or kind; grids and blocks are checked against
CUDA's limits (ValueError), on every device.
"""
import re

import numpy as _np

__all__ = []

# CUDA's limits (compute capability 3.0 and later).
MAX_GRID = (2 ** 31 - 1, 65535, 65535)
MAX_BLOCK = (1024, 1024, 64)
MAX_THREADS = 1024

_QUALIFIERS = re.compile(r"\b(const|volatile|__restrict__|__restrict|"
                         r"restrict|struct|signed)\b")

_SCALARS = {
    "bool": _np.bool_,
    "char": _np.int8, "unsigned char": _np.uint8, "short": _np.int16,
    "short int": _np.int16, "unsigned short": _np.uint16,
    "unsigned short int": _np.uint16, "int": _np.int32,
    "unsigned": _np.uint32, "unsigned int": _np.uint32,
    "long": _np.int64, "long int": _np.int64, "unsigned long": _np.uint64,
    "unsigned long int": _np.uint64, "long long": _np.int64,
    "long long int": _np.int64, "unsigned long long": _np.uint64,
    "unsigned long long int": _np.uint64, "size_t": _np.uint64,
    "ptrdiff_t": _np.int64, "int8_t": _np.int8, "uint8_t": _np.uint8,
    "int16_t": _np.int16, "uint16_t": _np.uint16, "int32_t": _np.int32,
    "uint32_t": _np.uint32, "int64_t": _np.int64, "uint64_t": _np.uint64,
    "float": _np.float32, "double": _np.float64, "__half": _np.float16,
    "half": _np.float16,
}
for _k in list(_SCALARS):
    if _k.startswith(("int", "uint")) and _k.endswith("_t"):
        _SCALARS["std::" + _k] = _SCALARS[_k]

# dtype character -> the C type gpuarray's own raw kernels spell it with
# (a raw kernel has no prelude typedefs): linalg/_intgemm.py and
# statistics/_bin_kernel.py build their kernel text from it
C_TYPES = {"b": "signed char", "h": "short", "i": "int", "l": "long long",
           "q": "long long", "B": "unsigned char", "H": "unsigned short",
           "I": "unsigned int", "L": "unsigned long long",
           "Q": "unsigned long long", "?": "bool", "e": "__half",
           "f": "float", "d": "double"}

_VECTOR_SIZES = {}
for _base, _size in (("char", 1), ("uchar", 1), ("short", 2), ("ushort", 2),
                     ("int", 4), ("uint", 4), ("float", 4), ("long", 8),
                     ("ulong", 8), ("longlong", 8), ("ulonglong", 8),
                     ("double", 8)):
    for _n in (1, 2, 3, 4):
        _VECTOR_SIZES["%s%d" % (_base, _n)] = _size * _n
_VECTOR_SIZES["dim3"] = _VECTOR_SIZES["uint3"] = 12


def param_kind(ptype):
    """('pointer', None) | ('scalar', numpy type) | ('other', size or
    None) for one parameter type as written."""
    t = " ".join(_QUALIFIERS.sub(" ", ptype).split())
    if t.endswith("*") or t.endswith("&"):
        return "pointer", None
    if t in _SCALARS:
        return "scalar", _SCALARS[t]
    return "other", _VECTOR_SIZES.get(t)


def _fail(name, index, ptype, arg, what):
    raise TypeError("kernel %s argument %d (%s): unsupported type %s (%s)"
                    % (name, index, ptype.strip(), type(arg).__name__, what))


def _pointer(name, index, ptype, arg, ndarray):
    if isinstance(arg, ndarray):
        return _np.uint64(arg.data.ptr).tobytes()
    cai = getattr(type(arg), "__cuda_array_interface__", None)
    if cai is not None and not isinstance(arg, (_np.ndarray, _np.generic)):
        return _np.uint64(arg.__cuda_array_interface__["data"][0]).tobytes()
    if isinstance(arg, _np.ndarray):
        raise TypeError("kernel %s argument %d: unsupported type "
                        "numpy.ndarray (a host array; pass a "
                        "gpuarray.ndarray)" % (name, index))
    _fail(name, index, ptype, arg, "expects a device array (gpuarray."
          "ndarray or __cuda_array_interface__) for a pointer")


def _scalar(name, index, ptype, arg, np_type):
    target = _np.dtype(np_type)
    if isinstance(arg, (bool, _np.bool_)):
        kind = "b"
    elif isinstance(arg, (int, _np.integer)):
        kind = "i"
    elif isinstance(arg, (float, _np.floating)):
        kind = "f"
    else:
        kind = None
    ok = {"b": "b", "i": "bi", "f": "bif"}.get(target.kind.replace("u", "i"))
    if kind is None or kind not in ok:
        _fail(name, index, ptype, arg, "expects a %s scalar"
              % ("bool" if target.kind == "b" else
                 "integer" if target.kind in "iu" else "float"))
    if kind in "bi" and target.kind in "iu":
        v = int(arg)
        info = _np.iinfo(target)
        if not info.min <= v <= info.max:
            raise OverflowError("kernel %s argument %d: %d does not fit %s"
                                % (name, index, v, ptype.strip()))
        return _np.array(v, target).tobytes()
    return _np.array(arg, target).tobytes()


def _other(name, index, ptype, arg, size):
    if not isinstance(arg, _np.generic) or arg.dtype.kind in "OSUMm":
        _fail(name, index, ptype, arg, "expects a NumPy scalar of the "
              "parameter's layout (a structured scalar for a struct)")
    data = arg.tobytes()
    if size is not None and len(data) != size:
        raise TypeError("kernel %s argument %d (%s) is %d bytes, got a %d-"
                        "byte %s" % (name, index, ptype.strip(), size,
                                     len(data), arg.dtype))
    return data


def pack_args(name, params, args, ndarray, sizes=None):
    """The bytes of each argument, checked against the parameter types
    `params` (a list of type strings) and, where known, their sizes (a
    host module's sizeof table)."""
    if len(args) != len(params):
        raise TypeError("kernel %s takes %d argument%s (%d given)" % (
            name, len(params), "" if len(params) == 1 else "s", len(args)))
    out = []
    for i, (ptype, arg) in enumerate(zip(params, args)):
        kind, info = param_kind(ptype)
        if kind == "pointer":
            out.append(_pointer(name, i, ptype, arg, ndarray))
        elif kind == "scalar":
            out.append(_scalar(name, i, ptype, arg, info))
        else:
            if sizes is not None and len(sizes) == len(params):
                info = sizes[i]
            out.append(_other(name, i, ptype, arg, info))
    return tuple(out)


def launch_dims(value, what):
    """grid or block as a checked (x, y, z) tuple of ints."""
    if isinstance(value, (int, _np.integer)) and not isinstance(value, bool):
        value = (value,)
    if not isinstance(value, tuple) or not 1 <= len(value) <= 3:
        raise ValueError("%s must be an int or a tuple of 1 to 3 ints, got "
                         "%r" % (what, value))
    dims = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, _np.integer)):
            raise TypeError("%s dimensions must be integers, got %r"
                            % (what, v))
        dims.append(int(v))
    dims += [1] * (3 - len(dims))
    limits = MAX_GRID if what == "grid" else MAX_BLOCK
    for axis, (v, hi) in enumerate(zip(dims, limits)):
        if not 1 <= v <= hi:
            raise ValueError("%s dimension %s must be in 1..%d, got %d" % (
                what, "xyz"[axis], hi, v))
    if what == "block" and dims[0] * dims[1] * dims[2] > MAX_THREADS:
        raise ValueError("a block has at most %d threads, got %d x %d x %d"
                         % (MAX_THREADS, dims[0], dims[1], dims[2]))
    return tuple(dims)
