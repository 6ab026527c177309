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
an ElementwiseKernel (kernels/elementwise.py), cached per dtype signature.

Note [Fusion stages]: a reduction (gpuarray.sum/prod/max/min or the
same-named methods, with axis/dtype/keepdims) splits the trace into
stages, as CuPy's fuse makes a reduction kernel between elementwise
ones: the elementwise statements before it become one kernel whose
outputs are the values later stages use, the reduction runs as
gpuarray's own (so the result is the unfused one bit for bit), and the
statements after it -- broadcasting the reduced value -- are the next
kernel.  A function without reductions is one kernel, as before.
Other functions on tracers (`where`, ...) raise TypeError.

Note [Fusion writes]: an in-place operator (x += y) or out= on a traced
value computes the result, casts it to the value's dtype (NumPy's
same_kind rule, TypeError otherwise) and rebinds that same tracer, so
every alias sees the new value.  For an array argument the final value
is an extra kernel output copied into the argument after the kernels
(`arg[...] = value`: NumPy's ValueError where it does not broadcast to
the argument's shape).  On a scalar argument Python rebinds the name and
nothing is written.  A function returning None returns None.

Indexing (x[idx], x[idx] = v) runs as steps between the kernels, by
gpuarray's own indexing (Note [Fusion indexing], kernels/fusion_index.py);
outputs of one kernel keep their own NumPy shapes (Note [Fusion shapes]).

CuPy's calling rules: with no gpuarray array among the arguments (NumPy
arrays, Python or NumPy scalars) the Python function runs as written (on
NumPy, if that is what it is given); gpuarray and NumPy arrays mixed
raise TypeError; a fused function called inside another one is inlined
into the caller's trace.
"""
import functools as _ft

import numpy as _np

from .. import _core
from .._core import ndarray
from .._engine.reduction_ops import _CT
from . import fusion_index as _fi
from . import fusion_run as _fr

__all__ = ["fuse"]


_PYTYPE = {"i": int, "u": int, "f": float, "c": complex}


class _Stage:
    """One elementwise kernel of the trace (Note [Fusion stages])."""

    def __init__(self):
        self.params = []       # (name, dtype, ("arg", i) | ("value", v)
        self.imported = set()  #   | ("var", name of an earlier value))
        self.lines = []
        self.exports = {}      # name -> dtype: values later stages use
        self.pre = []          # view steps run before its kernel
                               # (Note [Fusion indexing])
        self.deps = {}         # name -> the parameters its shape comes
                               # from (Note [Fusion shapes])


class _Trace:
    """The program being built: elementwise stages and the reductions
    between them (Note [Fusion stages])."""

    def __init__(self, reductions=True, python=False):
        self.steps = [_Stage()]   # _Stage or ("reduce", ...) tuples
        self.count = 0
        self.reductions = reductions
        self.python = python      # Note [Python-scalar tracing]
        self.zero_division = False
        self.writes = {}          # argument number -> name (Note [Fusion writes])
        self.viewed = set()       # arguments a view was taken of

    @property
    def stage(self):
        return self.steps[-1]

    @property
    def lines(self):
        return self.stage.lines

    def fresh(self, prefix="v"):
        self.count += 1
        return "%s%d" % (prefix, self.count)

    def constant(self, value, dtype):
        name = self.fresh("c")
        self.stage.params.append((name, _np.dtype(dtype), ("value", value)))
        return name

    def use(self, x):
        """x's name in the current stage: an argument, a view or a value
        of an earlier step becomes a parameter of this one."""
        here = len(self.steps) - 1
        if (x.step != here or x.view) and x.name not in self.stage.imported:
            self.stage.imported.add(x.name)
            self.stage.params.append((x.name, x.dtype, self.need(x)))
        return x.name

    def shape_of(self, *names):
        """The parameters whose broadcast shape values `names` of the
        current stage have (Note [Fusion shapes])."""
        deps = self.stage.deps
        return frozenset().union(*(deps.get(n, (n,)) for n in names))

    def need(self, x):
        """x's source for a later step (its stage exports it)."""
        if x.step < 0:
            return ("arg", x.arg)
        if not x.view and isinstance(self.steps[x.step], _Stage):
            self.steps[x.step].exports[x.name] = x.dtype
        return ("var", x.name)

    def end_stage(self):
        self.steps.append(_Stage())

    def _zero_division(self, name, dt):
        """Python's ZeroDivisionError for an operator of Python scalars:
        the kernel sets a flag the caller reads (Note [Python-scalar
        tracing])."""
        if name in ("divide", "floor_divide", "remainder"):
            test = "!gpa_cast<bool>(in1)"
        elif name == "power" and dt.kind in "iuf":
            # 0.0 ** -inf is inf to Python (x * 0 == 0: x is finite)
            test = ("!gpa_cast<bool>(in0) && in1 < (in1_t)0 && "
                    "in1 * (in1_t)0 == (in1_t)0")
        elif name == "power" and dt.kind == "c":
            test = "!gpa_cast<bool>(in0) && (in1.im != 0 || in1.re < 0)"
        else:
            return []
        if not self.zero_division:
            self.zero_division = True
            self.lines.insert(0, "bool %s = false;" % ZERO_DIVISION)
        return ["if (%s) %s = true;" % (test, ZERO_DIVISION)]

    def reduce(self, fname, x, axis, dtype, keepdims):
        """A reduction of traced x: ends the current stage."""
        if not isinstance(x, _Var):
            raise TypeError("gpuarray.fuse: %s of a non-traced value" % fname)
        if not self.reductions:  # vectorize: a reduction of one element
            raise TypeError("gpuarray.fuse: no reductions here")
        src = self.need(x)
        kw = {} if dtype is None else {"dtype": dtype}
        rdt = getattr(_np, fname)(_np.zeros(1, x.dtype), **kw).dtype
        name = self.fresh("r")
        self.steps.append(("reduce", fname, src, axis, dtype, keepdims,
                           name))
        var = _Var(self, name, rdt)
        var.step = len(self.steps) - 1
        self.steps.append(_Stage())
        return var

    def apply(self, ufunc, inputs, operator=False):
        name = getattr(ufunc, "__name__", None)
        ours = _core.ufuncs.get(name)
        if ours is None:
            raise TypeError("gpuarray.fuse: %r is not a gpuarray ufunc"
                            % (ufunc,))
        npu = getattr(_np, name)
        python = self.python and operator and all(map(_is_python, inputs))
        if python:
            _python_operator_check(name, inputs)
        keys = _python_keys(name, inputs) if python else \
            [_key(x) for x in inputs]
        loop = npu.resolve_dtypes(tuple(keys) + (None,) * ours.nout)
        body = _core._ufunc_body(name, loop[0].char)
        if body is None:
            raise TypeError("gpuarray.fuse: no %s loop for %s"
                            % (name, loop))
        nin = len(inputs)
        outs = [self.fresh() for _ in range(ours.nout)]
        for v, dt in zip(outs, loop[nin:]):
            self.lines.append("%s %s;" % (_CT[dt.char], v))
        block, used = [], []
        for k, (x, dt) in enumerate(zip(inputs, loop[:nin])):
            _check_int_constant(x, dt, name, python)
            if isinstance(x, _Var):
                src = self.use(x)
                used.append(src)
            else:
                src = self.constant(x, dt)
            block.append("typedef %s in%d_t; in%d_t in%d = "
                         "gpa_cast<in%d_t>(%s);" % (_CT[dt.char], k, k, k, k,
                                                    src))
        if name == "power" and loop[0].kind in "iu" and \
                type(inputs[1]) is int and inputs[1] < 0:
            raise ValueError("Integers to negative integer powers are not "
                             "allowed.")
        for j, dt in enumerate(loop[nin:]):
            block.append("typedef %s out%d_t; out%d_t out%d;"
                         % (_CT[dt.char], j, j, j))
        if python:
            block += self._zero_division(name, loop[0])
        block.append(body)
        block += ["%s = out%d;" % (v, j) for j, v in enumerate(outs)]
        for v in outs:
            self.stage.deps[v] = self.shape_of(*used)
        self.lines.append("{ " + " ".join(block) + " }")
        if self.python:
            # an operator of Python scalars gives one; a ufunc call
            # gives a NumPy scalar (strong)
            res = [_Scalar(self, v, _PYTYPE.get(dt.kind, bool)) if python
                   else _Var(self, v, dt) for v, dt in zip(outs, loop[nin:])]
        elif loop[nin].kind in _PYTYPE and all(
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


# Note [Python-scalar tracing]: numpy.vectorize calls its function on
# Python scalars (the elements of object arrays), so gpuarray.vectorize
# traces with each argument a weak Python scalar of its array's kind
# (_Trace(python=True)).  An operator between Python scalars follows
# Python: the result is a Python scalar again (weak), a bool counts as
# an int except in & | ^, and complex numbers have no order.  A ufunc
# call returns a NumPy scalar (strong), as NumPy's does.  Where Python
# raises ZeroDivisionError (x / 0, x // 0, x % 0, 0 ** -1) the kernel
# sets a flag, an extra output, and the caller raises it.

ZERO_DIVISION = "gpa_zero_division"   # the flag's kernel variable
_BOOL_OPS = ("bitwise_and", "bitwise_or", "bitwise_xor", "equal",
             "not_equal", "logical_and", "logical_or", "logical_xor")
_ORDER_OPS = {"less": "<", "less_equal": "<=", "greater": ">",
              "greater_equal": ">="}


def _is_python(x):
    """A Python scalar: a weak tracer or a constant not NumPy's."""
    return isinstance(x, _Scalar) or (
        isinstance(x, (int, float, complex)) and
        not isinstance(x, _np.generic))


def _is_pybool(x):
    return isinstance(x, bool) or isinstance(x, _Scalar) and x.weak is bool


def _key(x):
    """What resolve_dtypes gets for an operand (Python scalars weak)."""
    if isinstance(x, _Scalar):
        return _np.dtype(_np.bool_) if x.weak is bool else x.weak
    if isinstance(x, _Var):
        return x.dtype
    if isinstance(x, _np.generic):  # before float (np.float64 is one)
        return x.dtype
    if isinstance(x, bool):
        return _np.dtype(_np.bool_)   # not weak in NumPy 2
    if isinstance(x, (int, float, complex)):
        return type(x)                # weak, as NumPy 2
    raise TypeError("gpuarray.fuse: unsupported operand %r (arrays must "
                    "be arguments of the fused function)" % type(x))


_KINDS = (bool, int, float, complex)


def _python_keys(name, inputs):
    """The loop of an operator of Python scalars: Python computes in the
    widest of their kinds (int64, float64 or complex128 here)."""
    kinds = [x.weak if isinstance(x, _Scalar) else type(x) for x in inputs]
    if name not in _BOOL_OPS:   # Python: True + True == 2
        kinds = [int if k is bool else k for k in kinds]
    if name == "power" and type(inputs[1]) is int and inputs[1] < 0:
        kinds[0] = float        # Python: an int to a negative int: float
    top = _np.dtype(max(kinds, key=_KINDS.index))
    return [top] * len(inputs)


def _python_operator_check(name, inputs):
    """The TypeError Python raises for an operator NumPy would compute."""
    types = [x.weak if isinstance(x, _Scalar) else type(x) for x in inputs]
    if name in _ORDER_OPS and complex in types:
        raise TypeError("'%s' not supported between instances of '%s' and "
                        "'%s'" % ((_ORDER_OPS[name],) + tuple(
                            t.__name__ for t in types)))


def _check_int_constant(x, dt, name, python):
    """NumPy 2's OverflowError for a Python int outside the loop's
    integer type; TypeError (not traced) where NumPy compares by value
    or Python's int would grow past the kernel's int64."""
    if type(x) is not int or dt.kind not in "iu":
        return
    info = _np.iinfo(dt)
    if info.min <= x <= info.max:
        return
    if python or name in _ORDER_OPS or name in ("equal", "not_equal"):
        raise TypeError("gpuarray.fuse: the Python int %d does not fit "
                        "the kernel's %s" % (x, dt))
    raise OverflowError("Python integer %d out of bounds for %s" % (x, dt))


def _op(name, reflected=False):
    def method(self, other):
        uf = _core.ufuncs[name]
        args = (other, self) if reflected else (self, other)
        return self.trace.apply(uf, args, operator=True)
    return method


def _unary(name):
    def method(self):
        return self.trace.apply(_core.ufuncs[name], (self,), operator=True)
    return method


class _Var:
    """A traced value: a variable of the fused kernel (Note [Fusion])."""

    view = False   # a view step's result (Note [Fusion indexing])

    def __init__(self, trace, name, dtype, arg=None):
        self.trace, self.name, self.dtype = trace, name, _np.dtype(dtype)
        # the step that computes it (-1: argument number `arg`)
        self.step = -1 if arg is not None else len(trace.steps) - 1
        self.arg = arg

    def _gpa_fuse_reduce(self, fname, axis=None, dtype=None, keepdims=False):
        return self.trace.reduce(fname, self, axis, dtype, keepdims)

    def sum(self, axis=None, dtype=None, keepdims=False):
        return self.trace.reduce("sum", self, axis, dtype, keepdims)

    def prod(self, axis=None, dtype=None, keepdims=False):
        return self.trace.reduce("prod", self, axis, dtype, keepdims)

    def max(self, axis=None, keepdims=False):
        return self.trace.reduce("max", self, axis, None, keepdims)

    def min(self, axis=None, keepdims=False):
        return self.trace.reduce("min", self, axis, None, keepdims)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        out = kwargs.pop("out", None)
        if method != "__call__" or kwargs:
            raise TypeError("gpuarray.fuse: only plain ufunc calls fuse "
                            "(%s.%s)" % (ufunc.__name__, method))
        if isinstance(out, tuple) and all(o is None for o in out):
            out = None
        res = self.trace.apply(ufunc, inputs)
        if out is None:
            return res
        outs = out if isinstance(out, tuple) else (out,)
        vals = res if isinstance(res, tuple) else (res,)
        if len(outs) != len(vals):
            raise ValueError("gpuarray.fuse: %s has %d outputs, out= gives "
                             "%d" % (ufunc.__name__, len(vals), len(outs)))
        for o, v in zip(outs, vals):
            if o is not None and not isinstance(o, _Var):
                raise TypeError("gpuarray.fuse: out= must be an argument "
                                "or a traced value, not %s"
                                % type(o).__name__)
        for o, v in zip(outs, vals):
            if o is not None:
                o._assign(v)
        done = tuple(v if o is None else o for o, v in zip(outs, vals))
        return done[0] if len(done) == 1 else done

    def __getitem__(self, idx):
        return _fi.index(self.trace, self, idx, _Var)

    def __setitem__(self, idx, value):
        _fi.store(self.trace, self, idx, value, _Var)

    def _assign(self, value, casting="same_kind", keep_shape=False):
        """This value becomes `value` cast to its dtype (NumPy's
        same_kind rule, as an in-place operator or out=; setitem's
        unsafe one); an argument is written back after the kernel (Note
        [Fusion writes]), a view is written at once (Note [Fusion
        indexing])."""
        if isinstance(self, _Scalar):
            raise TypeError("gpuarray.fuse: only array arguments and "
                            "traced values can be written to")
        if casting == "same_kind" and isinstance(value, _Var) and \
                not _np.can_cast(value.dtype, self.dtype, "same_kind"):
            raise TypeError("Cannot cast ufunc output from %s to %s with "
                            "casting rule 'same_kind'"
                            % (value.dtype, self.dtype))
        if self.view:   # x = a[0]; x += 1 writes a, as in NumPy
            _fi.write_step(self.trace, self, Ellipsis, value, _Var)
            return self
        # setitem keeps x's shape: x's own parameters count too
        shaped = [self.trace.use(self)] if keep_shape else []
        if isinstance(value, _Var):
            src = self.trace.use(value)
            shaped.append(src)
        else:
            src = self.trace.constant(value, self.dtype)
        v = self.trace.fresh()
        self.trace.lines.append("%s %s = gpa_cast<%s>(%s);" % (
            _CT[self.dtype.char], v, _CT[self.dtype.char], src))
        self.trace.stage.deps[v] = self.trace.shape_of(*shaped)
        target = self.arg if self.step < 0 else getattr(self, "target", None)
        self.name, self.step = v, len(self.trace.steps) - 1
        if target is not None and target in self.trace.viewed:
            # a view of the argument sees the write: store it now, and
            # the argument's memory is the value again
            _fi.write_step(self.trace, _Var(self.trace, "a%d" % target,
                                            self.dtype, arg=target),
                           Ellipsis, self, _Var)
            self.name, self.step, self.arg = "a%d" % target, -1, target
            self.trace.writes.pop(target, None)
        elif target is not None:
            self.target = target
            self.trace.writes[target] = self
        return self

    def __bool__(self):
        raise TypeError("gpuarray.fuse: a traced value has no truth value "
                        "(use gpuarray ufuncs, not Python control flow)")

    def astype(self, dtype):
        dt = _np.dtype(dtype)
        src = self.trace.use(self)
        v = self.trace.fresh()
        self.trace.lines.append("%s %s = gpa_cast<%s>(%s);"
                                % (_CT[dt.char], v, _CT[dt.char], src))
        self.trace.stage.deps[v] = self.trace.shape_of(src)
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


def _inplace(name):
    def method(self, other):
        res = self.trace.apply(_core.ufuncs[name], (self, other),
                               operator=True)
        if self.step < 0 and not getattr(self, "array", False):
            return res   # a scalar argument: Python rebinds the name
        return self._assign(res)
    return method


for _n, _u in (("add", "add"), ("sub", "subtract"), ("mul", "multiply"),
               ("truediv", "divide"), ("floordiv", "floor_divide"),
               ("mod", "remainder"), ("pow", "power"),
               ("and", "bitwise_and"), ("or", "bitwise_or"),
               ("xor", "bitwise_xor"), ("lshift", "left_shift"),
               ("rshift", "right_shift")):
    setattr(_Var, "__i%s__" % _n, _inplace(_u))


class _Scalar(_Var):
    """A Python-scalar argument: a kernel parameter that promotes weakly
    (its Python type, not its parameter dtype, goes to NumPy)."""

    def __init__(self, trace, name, pytype, arg=None):
        super().__init__(trace, name, _np.dtype(pytype), arg)
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


def _fallback_or_check(name, args):
    """CuPy's rules: True where the Python function should simply run
    (no gpuarray array among the arguments); TypeError for gpuarray and
    NumPy arrays mixed."""
    if not any(isinstance(a, ndarray) for a in args):
        return True
    if any(isinstance(a, _np.ndarray) for a in args):
        raise TypeError("Invalid argument type for '%s': (%s)"
                        % (name, ", ".join(repr(type(a)) for a in args)))
    return False


class _Fused:
    def __init__(self, func, kernel_name, reductions=True):
        self.func = func
        self.reductions = reductions
        self.name = kernel_name or getattr(func, "__name__", "fused")
        self.cache = {}
        _ft.update_wrapper(self, func)

    def __call__(self, *args):
        if any(isinstance(a, _Var) for a in args):
            return self.func(*args)   # inside another fused function
        if _fallback_or_check(self.name, args):
            return self.func(*args)
        sig = _signature(args)
        program = self.cache.get(sig)
        if program is None:
            program = self.cache[sig] = self._build(sig)
        return _fr.run(program, args)

    def _tracers(self, sig):
        """The trace and the function's arguments for it."""
        trace = _Trace(self.reductions)
        tracers = []
        for i, (kind, t) in enumerate(sig):
            name = "a%d" % i
            if kind == "scalar":
                tracers.append(_Scalar(trace, name, t, arg=i))
            else:
                tracers.append(_Var(trace, name, t, arg=i))
                tracers[-1].array = kind == "array"
        return trace, tracers

    def _finish(self, sig, results):
        """The values the kernel returns, from the function's results
        (a hook: gpuarray.vectorize casts them)."""
        return results

    def _build(self, sig):
        trace, tracers = self._tracers(sig)
        result = self.func(*tracers)
        single = not isinstance(result, tuple)
        results = (result,) if single else result
        if result is None:   # a function for its writes (or nothing)
            results = ()
        for r in results:
            if not isinstance(r, _Var):
                raise TypeError("gpuarray.fuse: the function must return "
                                "traced values (results of ufuncs on its "
                                "arguments)")
        results = self._finish(sig, results)
        single = single and len(results) == 1
        last = len(trace.steps) - 1
        names = []
        for r in results:
            if r.step == -1 or r.view:  # an argument or view: a copy
                v = trace.fresh()
                src = trace.use(r)
                trace.lines.append("%s %s = %s;" % (_CT[r.dtype.char], v,
                                                    src))
                trace.stage.deps[v] = trace.shape_of(src)
                r = _Var(trace, v, r.dtype)
            if isinstance(trace.steps[r.step], _Stage):
                trace.steps[r.step].exports[r.name] = r.dtype
            names.append(r.name)
        writes = {}
        for i, w in trace.writes.items():
            if isinstance(trace.steps[w.step], _Stage):
                trace.steps[w.step].exports[w.name] = w.dtype
            writes[i] = w.name
        steps = []
        stages = [s for s in trace.steps if isinstance(s, _Stage)]
        for k, step in enumerate(trace.steps):
            if not isinstance(step, _Stage):
                steps.append(step)
                continue
            steps.extend(step.pre)
            if step.exports:
                kname = self.name if step is stages[-1] or k == last else \
                    "%s_%d" % (self.name, k)
                steps.append(_fr.stage_kernel(step, kname))
        if result is None:
            single = None
        return steps, tuple(names), single, writes


def fuse(*args, **kwargs):
    """Decorator: `@gpuarray.fuse` or `@gpuarray.fuse(kernel_name=...)`
    turns a function of ufuncs and operators into one elementwise kernel."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return _Fused(args[0], None)
    if set(kwargs) - {"kernel_name"} or len(args) > 1:
        raise TypeError("fuse() takes a function, or kernel_name= (got "
                        "%r)" % (sorted(kwargs) or args,))
    name = kwargs.get("kernel_name", args[0] if args else None)
    return lambda f: _Fused(f, name)
