"""`gpuarray.vectorize`: numpy.vectorize for gpuarray arrays.

Note [vectorize]: NumPy calls the Python function once per element, on
Python scalars (object-array elements: bool, int, float, complex), and
casts the results to `otypes` -- when not given, the dtypes of one first
call on NumPy scalars (`arg.flat[0]` of each argument made an array, so
a Python-scalar argument counts as a NumPy scalar there).  Here the
function is traced twice as `gpuarray.fuse` traces it (Note [Fusion]):
once on strong tracers for those dtypes, once on weak Python-scalar
tracers (Note [Python-scalar tracing]) for the values, which become one
kernel that casts to the result dtypes.  So a float16 formula is
computed in double and rounded once, an ordering comparison of complex
numbers raises Python's TypeError, and a Python int result outside the
integer result dtype raises NumPy's OverflowError, as in NumPy.  A
function that tracing cannot follow (Python `if` on a value, math.*
functions, ufunc keywords, calls with `excluded` arguments or a
`signature=`) runs as NumPy's vectorize on host copies of the arrays,
and the result comes back to the device: correct, slow.  Python's
ZeroDivisionError comes from a flag the kernel sets.  Python ints are
the kernel's int64 (a product past 2**63 wraps where Python's grows),
and uint64 arguments with a value past 2**63 stay NumPy scalars (as
int64 it would be wrong).  The first call's own value errors are not
repeated: NumPy's ValueError for an integer power whose first element
has a negative traced exponent is Python's ZeroDivisionError or value
here.
"""
import numpy as _np

from .._core import ndarray
from .fusion import (_Fused, _Scalar, _Trace, _Var, _PYTYPE, _signature,
                     ZERO_DIVISION)
from .._engine.arrays import asarray

__all__ = ["vectorize"]


class _VecFused(_Fused):
    """The fused program of Note [vectorize]: Python-scalar values cast
    to the result dtypes.  `checks` holds, per signature, the outputs
    whose Python ints the caller range-checks before the final cast."""

    def __init__(self, func, otypes, big_uint64=False):
        super().__init__(func, None, reductions=False)
        self.otypes = otypes
        self.big_uint64 = big_uint64
        self.checks = {}

    def _tracers(self, sig):
        trace = _Trace(reductions=False, python=True)
        tracers = []
        for i, (_, t) in enumerate(sig):
            if t.kind not in "biufc":
                raise TypeError("no Python scalar for %s" % t)
            if t == _np.uint64 and self.big_uint64:
                # past 2**63 a Python int needs more than the kernel's
                # int64: the argument stays a NumPy scalar
                tracers.append(_Var(trace, "a%d" % i, t, arg=i))
                continue
            x = _Scalar(trace, "a%d" % i, bool if t.kind == "b"
                        else _PYTYPE[t.kind], arg=i)
            x.dtype = t     # the kernel reads the argument as it is
            tracers.append(x)
        return trace, tracers

    def _first_call_dtypes(self, sig):
        trace = _Trace(reductions=False)
        res = self.func(*[_Var(trace, "a%d" % i, t, arg=i)
                          for i, (_, t) in enumerate(sig)])
        res = res if isinstance(res, tuple) else (res,)
        if not all(isinstance(r, _Var) for r in res):
            raise TypeError("vectorize: results not traced")
        return [r.dtype for r in res]

    def _finish(self, sig, results):
        types = self.otypes or self._first_call_dtypes(sig)
        if len(types) != len(results):
            raise TypeError("vectorize: %d results for %d otypes"
                            % (len(results), len(types)))
        out, checks = [], []
        for r, t in zip(results, types):
            if isinstance(r, _Scalar) and r.weak is int and \
                    t.kind in "iu" and t != r.dtype:
                checks.append(t)        # cast after the range check
                out.append(r)
            else:
                checks.append(None)
                out.append(r if r.dtype == t else r.astype(t))
        trace = results[0].trace
        if trace.zero_division:
            out.append(_Var(trace, ZERO_DIVISION, _np.bool_))
        self.checks[sig] = (checks, len(types), trace.zero_division)
        return out


def _past_int64(a):
    """A uint64 argument with a value no int64 holds."""
    if getattr(a, "dtype", None) != _np.uint64 or a.size == 0:
        return False
    return int(a.max()) > _np.iinfo(_np.int64).max


def _fits(res, dtype):
    """NumPy's OverflowError for a Python int outside dtype; res cast."""
    if res.size:
        info = _np.iinfo(dtype)
        for v in (res.min(), res.max()):
            v = int(v)
            if not info.min <= v <= info.max:
                raise OverflowError("Python integer %d out of bounds for %s"
                                    % (v, dtype))
    return res.astype(dtype)


def _dtypes(otypes):
    if otypes is None:
        return None
    if isinstance(otypes, str):
        return [_np.dtype(c) for c in otypes]
    return [_np.dtype(t) for t in otypes]


class vectorize:
    """numpy.vectorize's signature and results: fused into one kernel
    where the function allows, NumPy's per-element calls otherwise."""

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None,
                 cache=False, signature=None):
        self.pyfunc = pyfunc
        self.otypes = otypes
        self.excluded = set(excluded) if excluded is not None else set()
        self.cache = cache
        self.signature = signature
        self.__doc__ = doc if doc is not None else \
            getattr(pyfunc, "__doc__", None)
        self._fused = {}    # big uint64 values (bool) -> _VecFused

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:       # @vectorize(otypes=...) as decorator
            self.pyfunc = args[0]
            if self.__doc__ is None:
                self.__doc__ = getattr(self.pyfunc, "__doc__", None)
            return self
        if self.signature is None and not kwargs and not self.excluded:
            result = self._on_device(args)
            if result is not None:
                return result
        return self._on_host(args, kwargs)

    def _on_device(self, args):
        """The fused kernel's result, or None where tracing cannot follow
        the function."""
        ops = [asarray(a) if isinstance(a, (list, tuple, _np.ndarray))
               else a for a in args]
        if not any(isinstance(a, ndarray) for a in ops):
            return None
        if self.otypes is None and any(isinstance(a, ndarray) and
                                       a.size == 0 for a in ops):
            raise ValueError("cannot call `vectorize` on size 0 inputs "
                             "unless `otypes` is set")
        # NumPy makes each argument an array: a Python scalar is strong
        ops = [_np.asarray(a)[()] if isinstance(a, (bool, int, float,
                                                    complex)) else a
               for a in ops]
        big = any(_past_int64(a) for a in ops)
        fused = self._fused.get(big)
        if fused is None:
            fused = self._fused[big] = _VecFused(
                self.pyfunc, _dtypes(self.otypes), big_uint64=big)
        try:
            res = fused(*ops)
        except TypeError:
            return None
        checks, nout, zero_flag = fused.checks[_signature(ops)]
        res = res if isinstance(res, tuple) else (res,)
        if zero_flag:
            if res[-1].any():
                raise ZeroDivisionError("division by zero (the function "
                                        "computes on Python scalars)")
            res = res[:-1]
        res = tuple(r if t is None else _fits(r, t)
                    for r, t in zip(res, checks))
        return res if nout > 1 else res[0]

    def _on_host(self, args, kwargs):

        def host(x):
            return x.get() if isinstance(x, ndarray) else x

        def per_element(*a, **k):
            # gpuarray calls inside the function give device scalars: each
            # comes to the host (NumPy's loop cannot take device memory)
            r = self.pyfunc(*a, **k)
            return tuple(host(x) for x in r) if isinstance(r, tuple) \
                else host(r)
        vec = _np.vectorize(per_element, otypes=self.otypes,
                            excluded=self.excluded or None, cache=self.cache,
                            signature=self.signature)
        res = vec(*[host(a) for a in args],
                  **{k: host(v) for k, v in kwargs.items()})
        if isinstance(res, tuple):
            return tuple(asarray(r) for r in res)
        return asarray(res)
