"""`gpuarray.vectorize`: numpy.vectorize for gpuarray arrays.

Note [vectorize]: NumPy calls the Python function once per element.  Here
the function is first traced as `gpuarray.fuse` traces it (Note [Fusion]):
when it is made of ufuncs, operators and Python-scalar constants -- most
elementwise formulas are -- it becomes one kernel on the device, and each
element computes what NumPy's call would (NumPy 2's scalar promotion is
its array promotion).  A function that tracing cannot follow (Python
`if` on a value, math.* functions, calls with `excluded` arguments or a
`signature=`) runs as NumPy's vectorize on host copies of the arrays,
and the result comes back to the device: correct, slow.
"""
import numpy as _np

from .._core import ndarray
from .fusion import _Fused
from .._engine.arrays import asarray

__all__ = ["vectorize"]


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
        self._fused = None

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
        if self._fused is None:
            # per element, x.sum() is x: no whole-array reductions
            self._fused = _Fused(self.pyfunc, None, reductions=False)
        try:
            res = self._fused(*ops)
        except TypeError:
            return None
        return self._cast(res)

    def _cast(self, res):
        types = _dtypes(self.otypes)
        if types is None:
            return res
        if isinstance(res, tuple):
            return tuple(r.astype(t, copy=False) for r, t in zip(res, types))
        return res.astype(types[0], copy=False)

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
