"""The reduction and scan ops gpuarray's functions hand to the engine.

An op is named by a short descriptor, (name, type char), and the engine
builds its accumulator type and the four C++ expressions of Note
[Reduction spec] (csrc/jit/reduce.h) from its own table (Note [Reduction
op table], csrc/ops/reduction_defs.c).  What stays here is the choice of
types: which accumulator a sum, an extremum or a scan of a dtype uses.
"""
import numpy as _np

class _KernelTypes(dict):
    """dtype character -> kernel C type; a dtype with no kernel type
    (datetime64/timedelta64: Note [Datetime storage]) is a TypeError."""

    def __missing__(self, char):
        raise TypeError("dtype %r has no gpuarray kernel type (datetime64/"
                        "timedelta64 run only through gpuarray's datetime "
                        "routines; view them as int64 for a kernel)"
                        % _np.dtype(char))


_CT = _KernelTypes({
    "?": "bool", "b": "gpa_i8", "B": "gpa_u8", "h": "gpa_i16",
    "H": "gpa_u16", "i": "gpa_i32", "I": "gpa_u32", "l": "gpa_i64",
    "q": "gpa_i64", "L": "gpa_u64", "Q": "gpa_u64", "e": "gpa_half",
    "f": "float", "d": "double", "F": "gpa_c64", "D": "gpa_c128",
})


def _ct(dt):
    return _CT[_np.dtype(dt).char]


# ---------------------------------------------------------------------------
# Accumulator types

def _acc_of(dt):
    """Accumulator type for sums/products of loop dtype dt."""
    dt = _np.dtype(dt)
    if dt == _np.float16:
        return _np.dtype(_np.float32)
    if dt.kind in "biu" and dt.itemsize < 4:
        return _np.dtype(_np.int64 if dt.kind != "u" else _np.uint64)
    return dt


def _wide(dt):
    """A type of 4+ bytes holding every value of dt exactly (extrema)."""
    dt = _np.dtype(dt)
    if dt == _np.float16:
        return _np.dtype(_np.float32)
    if dt.itemsize < 4:
        return _np.dtype(_np.int32)
    return dt


def _op_sum(acc, nan=False, prod=False):
    """sum/prod (nansum/nanprod: nans count as the identity) in acc."""
    return (("nan" if nan else "") + ("prod" if prod else "sum"),
            _np.dtype(acc).char)


def _op_bool(kind):
    """all / any / xor of truth values."""
    return (kind, "")


def _op_extremum(dt, fn, nan_skip):
    """max/min (fn gpa_maximum/gpa_minimum) or fmax/fmin (nan_skip)."""
    name = fn[4:] if fn.startswith("gpa_") else fn
    # mutate: skip drop-check: never fires (extrema.py's fn follows nan_skip)
    if nan_skip != name.startswith("f"):
        raise ValueError("nan_skip goes with fmax/fmin")
    return (name, _np.dtype(dt).char)


# Whether argmin/argmax fold raw inputs with `accumulate` (Note [Reduction
# accumulate] in csrc/jit/reduce_codegen.c) instead of building (value,
# index) pairs for a pick tree.  The results are the same;
# benchmarks/bench_reductions.py times both ("gp (pick)" is the tree).
ARG_ACCUMULATE = True


def _op_arg(dt, ismax, nan_skip):
    name = ("nan" if nan_skip else "") + ("argmax" if ismax else "argmin")
    return (name if ARG_ACCUMULATE else name + ".pick", _np.dtype(dt).char)


def _op_var(ct, is_complex, nan_skip):
    """var/std moments in C type ct ('float'/'double'), of complex values
    when is_complex."""
    c = "f" if ct == "float" else "d"
    return (("nan" if nan_skip else "") + "var",
            c.upper() if is_complex else c)


_SCAN_COMBINE = {
    "add": "a + b", "multiply": "a * b",
    "maximum": "gpa_maximum(a, b)", "minimum": "gpa_minimum(a, b)",
    "fmax": "gpa_fmax(a, b)", "fmin": "gpa_fmin(a, b)",
    "logical_and": "a & b", "logical_or": "a | b", "logical_xor": "a ^ b",
    "bitwise_and": "a & b", "bitwise_or": "a | b", "bitwise_xor": "a ^ b",
}


def _scan_op(ufunc_name, dt, nan):
    dt = _np.dtype(dt)
    if ufunc_name in ("logical_and", "logical_or", "logical_xor"):
        kind = {"logical_and": "all", "logical_or": "any",
                "logical_xor": "xor"}[ufunc_name]
        return _op_bool(kind)
    if ufunc_name in ("add", "multiply"):
        acc = _acc_of(dt)
        if dt.kind == "b":
            acc = _np.dtype(_np.int32)
        return _op_sum(acc, nan=nan, prod=ufunc_name == "multiply")
    acc = _wide(dt) if dt.kind in "biu" else _acc_of(dt)
    if ufunc_name.startswith("bitwise"):
        # mutate: skip const=4: &, |, ^ in a wider type keep the low bits
        acc = _np.dtype(_np.int64 if dt.kind != "u" else _np.uint64) \
            if dt.itemsize < 4 else dt
        if dt.kind == "b":
            acc = _np.dtype(_np.int32)
    if ufunc_name in ("maximum", "minimum", "fmax", "fmin") and \
            dt.kind in "biu":
        acc = _wide(dt)
    return ("scan:" + ufunc_name, acc.char)
