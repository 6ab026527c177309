"""`gpuarray.fuse`: one elementwise kernel for a Python function of
ufuncs and operators, as CuPy's `cupy.fuse`.

Note [Fusion]: the first call for a given set of argument dtypes runs the
function on tracer variables.  Ufunc calls on tracers reach
`_Var.__array_ufunc__` (gpuarray ufuncs defer to it, NEP 13, see
csrc/ops/ufunc_exec.c); operators go to the same place.  Each call
resolves its loop with NumPy (`ufunc.resolve_dtypes`, Python scalars
weak as in NumPy 2) and appends the ufunc's own kernel body (the text the
ufunc itself runs) in a block with its typedefs, so the fused kernel
computes exactly what the unfused calls compute, without the temporary
arrays.  Python-scalar constants become kernel parameters.  The result is
an ElementwiseKernel (gpuarray/_kernels.py), cached per dtype signature.
Only elementwise work fuses: reductions, `where` and other functions on
tracers raise TypeError.
"""
import functools as _ft

import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.reduction_ops import _CT
from .elementwise import ElementwiseKernel

__all__ = ["fuse"]


_PYTYPE = {"i": int, "u": int, "f": float, "c": complex}


class _Trace:
    """The kernel being built: parameters and statements."""

    def __init__(self):
        self.params = []       # (name, dtype, source arg index or value)
        self.lines = []
        self.count = 0

    def fresh(self, prefix="v"):
        self.count += 1
        return "%s%d" % (prefix, self.count)

    def constant(self, value, dtype):
        name = self.fresh("c")
        self.params.append((name, _np.dtype(dtype), ("value", value)))
        return name

    def apply(self, ufunc, inputs):
        name = getattr(ufunc, "__name__", None)
        ours = _core.ufuncs.get(name)
        if ours is None:
            raise TypeError("gpuarray.fuse: %r is not a gpuarray ufunc"
                            % (ufunc,))
        npu = getattr(_np, name)
        keys = []
        for x in inputs:
            if isinstance(x, _Scalar):
                keys.append(x.weak)
            elif isinstance(x, _Var):
                keys.append(x.dtype)
            elif isinstance(x, _np.generic):  # before float (np.float64)
                keys.append(x.dtype)
            elif isinstance(x, bool):
                keys.append(_np.dtype(_np.bool_))   # not weak in NumPy 2
            elif isinstance(x, (int, float, complex)):
                keys.append(type(x))          # weak, as NumPy 2
            else:
                raise TypeError("gpuarray.fuse: unsupported operand %r "
                                "(arrays must be arguments of the fused "
                                "function)" % type(x))
        loop = npu.resolve_dtypes(tuple(keys) + (None,) * ours.nout)
        body = _core._ufunc_body(name, loop[0].char)
        if body is None:
            raise TypeError("gpuarray.fuse: no %s loop for %s"
                            % (name, loop))
        nin = len(inputs)
        outs = [self.fresh() for _ in range(ours.nout)]
        for v, dt in zip(outs, loop[nin:]):
            self.lines.append("%s %s;" % (_CT[dt.char], v))
        block = []
        for k, (x, dt) in enumerate(zip(inputs, loop[:nin])):
            src = x.name if isinstance(x, _Var) else self.constant(x, dt)
            block.append("typedef %s in%d_t; in%d_t in%d = "
                         "gpa_cast<in%d_t>(%s);" % (_CT[dt.char], k, k, k, k,
                                                    src))
        for j, dt in enumerate(loop[nin:]):
            block.append("typedef %s out%d_t; out%d_t out%d;"
                         % (_CT[dt.char], j, j, j))
        block.append(body)
        block += ["%s = out%d;" % (v, j) for j, v in enumerate(outs)]
        self.lines.append("{ " + " ".join(block) + " }")
        if loop[nin].kind in _PYTYPE and all(
                isinstance(x, _Scalar) or
                isinstance(x, (int, float, complex)) and
                not isinstance(x, (bool, _np.generic)) for x in inputs):
            # only Python scalars in: Python would have computed this, and
            # the result stays weak
            res = [_Scalar(self, v, _PYTYPE[dt.kind])
                   for v, dt in zip(outs, loop[nin:])]
        else:
            res = [_Var(self, v, dt) for v, dt in zip(outs, loop[nin:])]
        return res[0] if len(res) == 1 else tuple(res)


def _op(name, reflected=False):
    def method(self, other):
        uf = _core.ufuncs[name]
        args = (other, self) if reflected else (self, other)
        return self.trace.apply(uf, args)
    return method


def _unary(name):
    def method(self):
        return self.trace.apply(_core.ufuncs[name], (self,))
    return method


class _Var:
    """A traced value: a variable of the fused kernel (Note [Fusion])."""

    def __init__(self, trace, name, dtype):
        self.trace, self.name, self.dtype = trace, name, _np.dtype(dtype)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method != "__call__" or kwargs:
            raise TypeError("gpuarray.fuse: only plain ufunc calls fuse "
                            "(%s.%s)" % (ufunc.__name__, method))
        return self.trace.apply(ufunc, inputs)

    def __bool__(self):
        raise TypeError("gpuarray.fuse: a traced value has no truth value "
                        "(use gpuarray ufuncs, not Python control flow)")

    def astype(self, dtype):
        dt = _np.dtype(dtype)
        v = self.trace.fresh()
        self.trace.lines.append("%s %s = gpa_cast<%s>(%s);"
                                % (_CT[dt.char], v, _CT[dt.char], self.name))
        return _Var(self.trace, v, dt)

    __add__, __radd__ = _op("add"), _op("add", True)
    __sub__, __rsub__ = _op("subtract"), _op("subtract", True)
    __mul__, __rmul__ = _op("multiply"), _op("multiply", True)
    __truediv__ = _op("divide")
    __rtruediv__ = _op("divide", True)
    __floordiv__ = _op("floor_divide")
    __rfloordiv__ = _op("floor_divide", True)
    __mod__, __rmod__ = _op("remainder"), _op("remainder", True)
    __pow__, __rpow__ = _op("power"), _op("power", True)
    __and__, __rand__ = _op("bitwise_and"), _op("bitwise_and", True)
    __or__, __ror__ = _op("bitwise_or"), _op("bitwise_or", True)
    __xor__, __rxor__ = _op("bitwise_xor"), _op("bitwise_xor", True)
    __lshift__, __rlshift__ = _op("left_shift"), _op("left_shift", True)
    __rshift__, __rrshift__ = _op("right_shift"), _op("right_shift", True)
    __lt__, __le__ = _op("less"), _op("less_equal")
    __gt__, __ge__ = _op("greater"), _op("greater_equal")
    __eq__, __ne__ = _op("equal"), _op("not_equal")
    __neg__, __pos__ = _unary("negative"), _unary("positive")
    __abs__, __invert__ = _unary("absolute"), _unary("invert")
    __hash__ = None


class _Scalar(_Var):
    """A Python-scalar argument: a kernel parameter that promotes weakly
    (its Python type, not its parameter dtype, goes to NumPy)."""

    def __init__(self, trace, name, pytype):
        super().__init__(trace, name, _np.dtype(pytype))
        self.weak = pytype


def _signature(args):
    sig = []
    for a in args:
        if isinstance(a, ndarray):
            sig.append(("array", a.dtype))
        elif isinstance(a, _np.generic):   # before float: np.float64 is one
            sig.append(("npscalar", a.dtype))
        elif isinstance(a, bool):
            sig.append(("npscalar", _np.dtype(_np.bool_)))
        elif isinstance(a, (int, float, complex)):
            sig.append(("scalar", type(a)))
        else:
            raise TypeError("gpuarray.fuse: unsupported argument type %s"
                            % type(a).__name__)
    return tuple(sig)


class _Fused:
    def __init__(self, func, kernel_name):
        self.func = func
        self.name = kernel_name or getattr(func, "__name__", "fused")
        self.cache = {}
        _ft.update_wrapper(self, func)

    def __call__(self, *args):
        sig = _signature(args)
        built = self.cache.get(sig)
        if built is None:
            built = self.cache[sig] = self._build(args, sig)
        kernel, sources = built
        inputs = [args[src] if kind == "arg" else src
                  for kind, src in sources]
        if not any(isinstance(x, ndarray) for x in inputs):
            raise TypeError("gpuarray.fuse: needs at least one array "
                            "argument")
        return kernel(*inputs)

    def _build(self, args, sig):
        trace = _Trace()
        tracers, in_params, sources = [], [], []
        for i, (kind, t) in enumerate(sig):
            name = "a%d" % i
            if kind == "scalar":
                tracers.append(_Scalar(trace, name, t))
            else:
                tracers.append(_Var(trace, name, t))
            in_params.append("%s %s" % (_np.dtype(t).name, name))
            sources.append(("arg", i))
        result = self.func(*tracers)
        single = not isinstance(result, tuple)
        results = (result,) if single else result
        for r in results:
            if not isinstance(r, _Var):
                raise TypeError("gpuarray.fuse: the function must return "
                                "traced values (results of ufuncs on its "
                                "arguments)")
        for name, dt, (_, value) in trace.params:
            in_params.append("%s %s" % (dt.name, name))
            sources.append(("value", value))
        out_params = ["%s o%d" % (r.dtype.name, j)
                      for j, r in enumerate(results)]
        body = "\n".join(trace.lines + ["o%d = %s;" % (j, r.name)
                                        for j, r in enumerate(results)])
        kernel = ElementwiseKernel(", ".join(in_params),
                                   ", ".join(out_params), body, self.name,
                                   return_tuple=not single)
        return kernel, sources


def fuse(*args, **kwargs):
    """Decorator: `@gpuarray.fuse` or `@gpuarray.fuse(kernel_name=...)`
    turns a function of ufuncs and operators into one elementwise kernel."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return _Fused(args[0], None)
    name = kwargs.get("kernel_name")
    return lambda f: _Fused(f, name)
