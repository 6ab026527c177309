"""User kernels as in CuPy: `ElementwiseKernel` and `ReductionKernel`,
written in CUDA C++ and run by gpuarray's elementwise and reduction
engines (so they broadcast, take any strides, and run on the host device
too, compiled by the system C++ compiler).

Note [User kernels]: a parameter list is CuPy's "T x, raw T y, float32
z": a type (a NumPy dtype name, or a placeholder bound from the
arguments' dtypes), an optional `raw`, a name.  The user's code sees each
name as a variable of its type -- for elementwise kernels a copy of the
input element and a reference to the output element; a raw input is a
pointer to its first element (C-contiguous, any index), and `i` /
`_ind.size()` give the element's index and the element count.  A raw
parameter is a CArray as CuPy's (x[i], x[idx], x.size(), x.shape(),
x.strides(): Note [CArray], kernels/carray.py).  Each
placeholder is a typedef in the kernel.

Note [Raw outputs]: a raw output is a writable pointer to its first
element, as a raw input is.  It does not take part in the loop's shape
(CuPy's rule: without a non-raw array or size= the size is undecided);
the engine sees it as one more raw input (a zero-stride view, the
pointer cast to writable), so it writes only what the code writes.  A
non-contiguous raw output is worked on in a contiguous copy, copied
back.  Where every output is raw the engine's output is a one-element
scratch array that no element is stored to (gpa_skip).

Note [No identity]: ReductionKernel(identity=None) is CuPy's reduction
without an identity: every partial result starts from a value-initialized
reduce type (`acc_t()`, zero), as CuPy's `_type_reduce()`, so the answer
is CuPy's for the same kernel (exact where zero is neutral for
reduce_expr: sums, bitwise or, max of non-negative values); an empty
reduction with a non-empty result raises CuPy's ValueError ("zero-size
array to reduction operation NAME which has no identity").

Note [Narrow reduce types]: bool and 1- or 2-byte integer reduce types
(CuPy takes any) accumulate in the 32-bit integer of their sign, since the
reduction engine's partial results are 4, 8 or 16 bytes; for the integer
operations a reduce_expr uses (+, -, *, bit operations, min/max of values
the type holds) the result cast back by post_map_expr is the narrow
accumulator's, modulo 2**bits.  float16 stays refused (a float32
accumulator would round differently from CuPy's).
"""
import re as _re

import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.arrays import asarray as _asarray
from .._engine.reduction_ops import _CT
from .._engine.reduce import _axes, _result_shape
from .._engine.arrays import ascontiguousarray
from . import carray as _carray

__all__ = ["ElementwiseKernel", "ReductionKernel"]


# CUDA's max/min of two numbers (fmax/fmin for floats), which user code
# written for CuPy calls; the host compiler has no such global functions
_MINMAX = """
#if !GPA_CUDA
template <class T> static inline T max(T a, T b) { return a < b ? b : a; }
template <class T> static inline T min(T a, T b) { return b < a ? b : a; }
static inline float max(float a, float b) { return std::fmax(a, b); }
static inline float min(float a, float b) { return std::fmin(a, b); }
static inline double max(double a, double b) { return std::fmax(a, b); }
static inline double min(double a, double b) { return std::fmin(a, b); }
#endif
"""

_PRELUDE = _MINMAX + """
struct gpa_user_ind { long long n; GPA_DEVICE long long size() const { return n; } };
""" + _carray.PRELUDE


class _Param:
    def __init__(self, text):
        parts = text.split()
        self.raw = parts[0] == "raw"
        if self.raw:
            parts = parts[1:]
        if len(parts) != 2 or not _re.match(r"^[A-Za-z_]\w*$", parts[1]):
            raise ValueError("Invalid parameter: %r" % text.strip())
        self.type_name, self.name = parts
        self.dtype = _concrete(self.type_name)


def _concrete(name):
    """The dtype a type name stands for, or None for a placeholder."""
    try:
        dt = _np.dtype(name)
    except TypeError:
        return None
    return dt if dt.char in _CT else None


def _check_kernel_name(name):
    """CuPy's check: the name becomes the CUDA function's, so it must be a
    C identifier (ValueError, before any other argument is looked at)."""
    if not isinstance(name, str) or \
            _re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) is None:
        raise ValueError('Invalid kernel name: "%s"' % (name,))


def _params(text):
    ps = [_Param(t) for t in text.split(",") if t.strip()]
    names = [p.name for p in ps]
    if len(set(names)) != len(names):
        raise ValueError("duplicate parameter names: %s" % text)
    return ps


def _dtype_of(x):
    if isinstance(x, (ndarray, _np.ndarray, _np.generic)):
        return _np.dtype(x.dtype)
    return None


def _bind(params, args, types):
    """Placeholder -> dtype from the array (and NumPy scalar) arguments."""
    for p, x in zip(params, args):
        dt = _dtype_of(x)
        if p.dtype is not None or dt is None:
            continue
        have = types.get(p.type_name)
        if have is None:
            types[p.type_name] = dt
        elif have != dt:
            raise TypeError("Type is mismatched. %s %s %s"
                            % (p.name, have, dt))


def _resolve(p, types, x=None):
    if p.dtype is not None:
        return p.dtype
    if p.type_name in types:
        return types[p.type_name]
    if x is not None and not isinstance(x, ndarray):
        # a Python scalar binds the placeholder the way NumPy types it
        dt = _np.asarray(x).dtype
        types[p.type_name] = dt
        return dt
    raise TypeError("Cannot determine the type of %s (placeholder %s)"
                    % (p.name, p.type_name))


def _options_defines(options, who):
    """Compiler options as preamble text: -D macros (-DN, -DN=V, -D N=V)
    become #define lines, so they reach the kernel on both backends; any
    other option raises, naming it (never dropped silently)."""
    if isinstance(options, str):
        options = (options,)
    lines, it = [], iter(tuple(options))
    for o in it:
        if not isinstance(o, str):
            raise TypeError("%s: options must be strings, got %r" % (who, o))
        if o == "-D":
            o = "-D" + next(it, "")
        if o.startswith("-D") and len(o) > 2:
            name, eq, val = o[2:].partition("=")
            if not _re.match(r"^[A-Za-z_]\w*$", name):
                raise ValueError("%s: bad macro option %r" % (who, o))
            lines.append("#define %s %s\n" % (name, val if eq else "1"))
        else:
            raise NotImplementedError(
                "%s: compiler option %r is not supported (only -D macros)"
                % (who, o))
    return "".join(lines)


class _on_stream:
    """stream= of a kernel call: the launch goes to that stream (made the
    device's current stream for the call, Note [Streams])."""

    def __init__(self, stream):
        if stream is not None and not hasattr(stream, "__enter__"):
            raise TypeError("stream must be a gpuarray.cuda.Stream, got %r"
                            % (stream,))
        self.stream = stream

    def __enter__(self):
        if self.stream is not None:
            self.stream.__enter__()

    def __exit__(self, *exc):
        if self.stream is not None:
            self.stream.__exit__(*exc)


def _ctype(dt):
    """The kernel's C type of dt; TypeError for a dtype with no kernels
    (structured, void: docs/design/structured.md)."""
    if dt.kind == "V":
        raise TypeError("no kernel for dtype %r (structured and void data "
                        "can be copied, indexed and compared for equality "
                        "only)" % (dt,))
    return _CT[dt.char]     # TypeError for the other dtypes without one


def _typedefs(types):
    return "".join("typedef %s %s;\n" % (_ctype(dt), name)
                   for name, dt in types.items())


class ElementwiseKernel:
    """CuPy's ElementwiseKernel: an elementwise kernel from CUDA C++ code."""

    def __init__(self, in_params, out_params, operation, name="kernel",
                 reduce_dims=True, preamble="", no_return=False,
                 return_tuple=False, loop_prep="", after_loop="", options=()):
        # CuPy's keyword set; an unknown keyword is Python's TypeError
        _check_kernel_name(name)
        if loop_prep or after_loop:
            raise NotImplementedError("gpuarray ElementwiseKernel: "
                                      "loop_prep and after_loop are not "
                                      "supported")
        self.options = options
        defines = _options_defines(options, "ElementwiseKernel")
        self.in_params = _params(in_params)
        self.out_params = _params(out_params)
        if not self.out_params:
            raise ValueError("an elementwise kernel needs an output")
        names = [p.name for p in self.in_params + self.out_params]
        if len(set(names)) != len(names):
            raise ValueError("duplicate parameter names")
        self.operation = operation
        self.name = name
        self.preamble = defines + preamble
        self.no_return = no_return
        self.return_tuple = return_tuple
        self.nin = len(self.in_params)
        self.nout = len(self.out_params)
        self._layouts = _carray.LayoutCache()   # Note [CArray]

    def __call__(self, *args, size=None, block_size=None, stream=None):
        # block_size: the engine picks the launch shape (no effect on the
        # result; accepted for CuPy code)
        _on_stream(stream)  # checks the type before any work
        if block_size is not None and block_size <= 0:
            raise ValueError("block_size must be positive (got %r)"
                             % (block_size,))
        nin, nout = self.nin, self.nout
        if len(args) not in (nin, nin + nout):
            raise TypeError("Wrong number of arguments for %r: %d given, "
                            "%d or %d expected" % (self.name, len(args), nin,
                                                   nin + nout))
        ins = list(args[:nin])
        outs = list(args[nin:]) if len(args) > nin else [None] * nout
        types = {}
        _bind(self.in_params, ins, types)
        _bind(self.out_params, outs, types)
        in_dt = [_resolve(p, types, x) for p, x in zip(self.in_params, ins)]
        out_dt = [_resolve(p, types) for p in self.out_params]
        operands = []
        for p, x, dt in zip(self.in_params, ins, in_dt):
            if p.raw:   # Note [CArray]: its own strides
                x = _asarray(x).astype(dt, copy=False)
            elif isinstance(x, _np.ndarray):
                x = _asarray(x)
            operands.append(x)
        raw_out = [p.raw for p in self.out_params]
        shape = self._shape(operands, outs, size)
        zeros = (0,) * len(shape)
        raws = []    # the raw parameters' arrays (Note [CArray])
        for k, (p, x) in enumerate(zip(self.in_params, operands)):
            if p.raw:
                if x.size == 0:
                    raise ValueError("raw argument %s is empty" % p.name)
                raws.append(x)
                operands[k] = _core._as_strided(x, shape, zeros, 0, False)
        for j, (o, dt) in enumerate(zip(outs, out_dt)):
            if o is None:
                outs[j] = _core.empty(shape, dt)
            elif not isinstance(o, ndarray):
                raise TypeError("output %s must be a gpuarray.ndarray"
                                % self.out_params[j].name)
            elif not raw_out[j] and tuple(o.shape) != shape:
                raise ValueError("Out shape is mismatched")
        # Note [Raw outputs]
        work = [ascontiguousarray(o.astype(dt, copy=False)) if r else o
                for o, dt, r in zip(outs, out_dt, raw_out)]
        ops_in = list(operands) + [
            _core._as_strided(w, shape, zeros, 0, False) if w.size else
            _core._as_strided(_core.empty((1,), w.dtype), shape, zeros, 0,
                              False)
            for w, r in zip(work, raw_out) if r]
        raws += [w for w, r in zip(work, raw_out) if r]
        if raws:    # Note [CArray]: the layouts, one more raw input
            meta = self._layouts.get(
                [v for w in raws for v in _carray.layout(w)])
            ops_in.append(_carray.as_loop_input(meta, shape))
        ops_out = [o for o, r in zip(outs, raw_out) if not r]
        out_types = [dt for dt, r in zip(out_dt, raw_out) if not r]
        if not ops_out:
            ops_out = [_core._as_strided(_core.empty((1,), out_dt[0]),
                                         shape, zeros, 0, False)]
            out_types = [out_dt[0]]
        loop_types = tuple(in_dt) + tuple(
            dt for dt, r in zip(out_dt, raw_out) if r) + (
            (_np.dtype(_np.int64),) if raws else ()) + tuple(out_types)
        with _on_stream(stream):
            _core._elementwise(self._body(types, [w.ndim for w in raws]),
                               tuple(ops_in),
                               tuple(ops_out), loop_types,
                               _PRELUDE + self.preamble)
        for o, w, r in zip(outs, work, raw_out):
            if r and w is not o:
                o[...] = w
        if self.no_return:
            return None
        if nout == 1 and not self.return_tuple:
            return outs[0]
        return tuple(outs)

    def _body(self, types, ndims=None):
        """The kernel body: typedefs of the placeholders, the names bound
        to the operands (Note [User kernels]), then the user's code.
        ndims: of the raw parameters, inputs then outputs (Note
        [CArray]; default 1 each)."""
        body = [_typedefs(types),
                "const long long i = gpa_i; (void)i;\n",
                "const gpa_user_ind _ind = {(long long)n}; (void)_ind;\n"]
        raw = [p for p in self.in_params + self.out_params if p.raw]
        ndims = list(ndims) if ndims is not None else [1] * len(raw)
        # the layout array: the input after the raw outputs' pointers
        meta = self.nin + sum(p.raw for p in self.out_params)
        offsets, off = [], 0
        for nd in ndims:
            offsets.append(off)
            off += 2 + 2 * nd
        r = 0
        for k, p in enumerate(self.in_params):
            if p.raw:
                body.append(_carray.declaration(
                    p.name, "in%d_t" % k, ndims[r], k, meta, offsets[r],
                    True))
                r += 1
            else:
                body.append("in%d_t %s = in%d;\n" % (k, p.name, k))
        k, j = self.nin, 0
        for p in self.out_params:
            if p.raw:  # Note [Raw outputs]: one more input's pointer
                body.append(_carray.declaration(
                    p.name, "in%d_t" % k, ndims[r], k, meta, offsets[r],
                    False))
                k += 1
                r += 1
            else:
                body.append("out%d_t &%s = out%d;\n" % (j, p.name, j))
                j += 1
        body.append("{\n%s\n;}\n" % self.operation)
        if j == 0:
            body.append("gpa_skip = true;\n")
        return "".join(body)

    def _shape(self, operands, outs, size):
        shapes = [x.shape for p, x in zip(self.in_params, operands)
                  if not p.raw and isinstance(x, ndarray)]
        shapes += [o.shape for p, o in zip(self.out_params, outs)
                   if not p.raw and isinstance(o, ndarray)]
        # CuPy's rule: the non-raw arrays given fix the loop, and size= is
        # for kernels whose arrays are all raw (or scalars) only
        if shapes:
            if size is not None:
                raise ValueError("Specified 'size' can be used only if all "
                                 "of the ndarray are 'raw'.")
            return tuple(_np.broadcast_shapes(*shapes))
        if size is None:
            raise ValueError("Loop size is undecided.")
        return (int(size),)


_NARROW_ACC = {c: _np.dtype(w) for c, w in (
    ("?", _np.int32), ("b", _np.int32), ("h", _np.int32),
    ("B", _np.uint32), ("H", _np.uint32))}


class ReductionKernel:
    """CuPy's ReductionKernel: map each element (map_expr over the input
    names), combine with reduce_expr over `a` and `b` from `identity`,
    finish with post_map_expr assigning the output name from `a`."""

    def __init__(self, in_params, out_params, map_expr, reduce_expr,
                 post_map_expr, identity, name="reduce_kernel",
                 reduce_type=None, reduce_dims=True, preamble="",
                 options=()):
        _check_kernel_name(name)
        self.options = options
        defines = _options_defines(options, "ReductionKernel")
        self.in_params = _params(in_params)
        self.out_params = _params(out_params)
        if len(self.out_params) != 1 or any(p.raw for p in
                                            self.in_params +
                                            self.out_params):
            raise NotImplementedError("gpuarray ReductionKernel: one "
                                      "output and no raw parameters")
        if identity is not None and not isinstance(identity, str):
            raise TypeError("identity must be a str or None (got %s)"
                            % type(identity).__name__)
        self.map_expr = map_expr
        self.reduce_expr = reduce_expr
        self.post_map_expr = post_map_expr
        self.identity = identity
        self.name = name
        self.reduce_type = reduce_type
        self.preamble = defines + preamble

    def __call__(self, *args, axis=None, keepdims=False, stream=None):
        with _on_stream(stream):
            return self._call(args, axis, keepdims)

    def _call(self, args, axis, keepdims):
        nin = len(self.in_params)
        if len(args) not in (nin, nin + 1):
            raise TypeError("Wrong number of arguments for %r" % self.name)
        ins = [_asarray(x) if isinstance(x, _np.ndarray) else x
               for x in args[:nin]]
        out = args[nin] if len(args) > nin else None
        types = {}
        _bind(self.in_params, ins, types)
        _bind(self.out_params, [out], types)
        in_dt = [_resolve(p, types, x) for p, x in zip(self.in_params, ins)]
        out_dt = _resolve(self.out_params[0], types)
        acc = _np.dtype(self.reduce_type) if self.reduce_type else out_dt
        # Note [Narrow reduce types]: the engine's partial results are 4,
        # 8 or 16 bytes; a 1- or 2-byte integer reduce type runs in the
        # 32-bit integer of its sign (+, -, *, bit ops and min/max give
        # the same value modulo 2**bits as CuPy's narrow accumulator once
        # cast back by post_map_expr), bool in int32
        acc = _NARROW_ACC.get(acc.char, acc)
        for dt in list(in_dt) + [out_dt, acc]:
            if isinstance(dt, _np.dtype) and dt.kind == "V":
                _ctype(dt)      # no kernel type: TypeError naming it
        if acc.char not in _CT or acc.itemsize % 4:
            raise NotImplementedError("gpuarray ReductionKernel: "
                                      "reduce_type must be a 4, 8 or "
                                      "16-byte NumPy type (got %s)" % acc)
        src, src_dt = self._mapped_source(ins, in_dt, types, acc)
        axes = _axes(axis, src.ndim, strict=False)
        shape = _result_shape(src.shape, axes, keepdims)
        if out is None:
            out = _core.empty(shape, out_dt)
        elif tuple(out.shape) != shape:
            raise ValueError("Out shape is mismatched")
        if self.identity is None and src.size == 0 and out.size:
            # Note [No identity]: CuPy's error for an empty reduction
            raise ValueError("zero-size array to reduction operation %s "
                             "which has no identity" % self.name)
        op = self._op(types, acc, nin == 1 and src is ins[0])
        _core._reduce(src, axes, out, op, src_dt, out_dt, 0.0, 0.0)
        return out

    def _op(self, types, acc, direct):
        """The reduction engine's op tuple (acc_t, size, identity, map,
        combine, finish, preamble); direct: map_expr over the one input,
        else the input is already mapped (see _mapped_source)."""
        oname = self.out_params[0].name
        finish = ("[&]() -> out0_t { out0_t %s; %s; return %s; }()"
                  % (oname, self.post_map_expr, oname))
        if direct:
            p = self.in_params[0]
            mapping = ("[&]() -> acc_t { in0_t %s = in0; return "
                       "gpa_cast<acc_t>(%s); }()" % (p.name, self.map_expr))
        else:
            mapping = "gpa_cast<acc_t>(in0)"
        # Note [No identity]: as CuPy, a reduction without an identity
        # starts every partial result from a value-initialized acc_t
        # (zero); an empty one raised in _call
        ident = "acc_t()" if self.identity is None else \
            "gpa_cast<acc_t>(%s)" % self.identity
        return (_ctype(acc), acc.itemsize, ident, mapping,
                "gpa_cast<acc_t>(%s)" % self.reduce_expr,
                finish, _MINMAX + _typedefs(types) + self.preamble)

    def _mapped_source(self, ins, in_dt, types, acc):
        """The reduction's one input: the argument itself for a single
        array input, else an acc-typed array of map_expr over all of them
        (one elementwise pass)."""
        if len(ins) == 1 and isinstance(ins[0], ndarray):
            return ins[0], in_dt[0]
        params = ", ".join("%s %s" % (dt.name, p.name)
                           for p, dt in zip(self.in_params, in_dt))
        k = ElementwiseKernel(params, "%s gpa_mapped" % acc.name,
                              "gpa_mapped = gpa_cast<%s>(%s)"
                              % (_ctype(acc), self.map_expr),
                              name=self.name + "_map",
                              preamble=_typedefs(types) + self.preamble)
        return k(*ins), acc
