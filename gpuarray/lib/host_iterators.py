"""NumPy's element iterators over gpuarray arrays: ``nditer``,
``nested_iters`` and ``frompyfunc`` (``gpuarray.flatiter`` is the type of
``a.flat``, gpuarray/_ndarray.py's FlatIter, which indexes on the device).

Note [Host iteration]: these visit elements one at a time in Python, which
has no device counterpart, so they run NumPy's own iterator over host
copies of the operands -- slow (a device->host copy, then Python-speed
loops), there for code that needs NumPy's iteration order and flags.
Writes (op_flags "readwrite"/"writeonly") go to the host copies and are
copied back to the device arrays when iteration ends, at ``close()``, at
the end of a ``with`` block, and before ``operands`` is read; outputs
NumPy allocates come back as device arrays.  frompyfunc's results are
Python objects, which gpuarray arrays cannot hold: they come back with the
dtype NumPy infers from the values (``numpy.array(r.tolist())``).
"""
import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray, asnumpy

__all__ = ["nditer", "nested_iters", "frompyfunc"]


def _host_copy(a):
    """A host copy with a's memory order of axes, so order="K" walks the
    elements in the order NumPy would walk a's."""
    h = asnumpy(a)
    perm = sorted(range(a.ndim), key=lambda i: -abs(a.strides[i]))
    inv = [perm.index(i) for i in range(a.ndim)]
    return _np.ascontiguousarray(h.transpose(perm)).transpose(inv)


def _host_operands(op):
    ops = op if isinstance(op, (list, tuple)) else [op]
    host = [_host_copy(o) if isinstance(o, ndarray) else o for o in ops]
    return ops, host, isinstance(op, (list, tuple))


def _writes(op_flags, n):
    if op_flags is None:
        return [False] * n
    if op_flags and isinstance(op_flags[0], str):
        op_flags = [op_flags] * n
    return [("readwrite" in f) or ("writeonly" in f) for f in op_flags]


class nditer:
    """NumPy's nditer over host copies of the operands.

    Differs from NumPy: slow (a copy to the host, then Python-speed
    loops); writes reach the device arrays when iteration ends, at
    close(), at the end of a with block, or when operands is read."""

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None,
                 order="K", casting="safe", op_axes=None, itershape=None,
                 buffersize=0):
        ops, host, self._multi = _host_operands(op)
        self._orig = ops
        self._write = _writes(op_flags, len(ops))
        self._it = _np.nditer(host if self._multi else host[0], flags,
                              op_flags, op_dtypes, order, casting, op_axes,
                              itershape, buffersize)
        self._closed = False

    def _writeback(self):
        for o, h, w in zip(self._orig, self._it.operands, self._write):
            if w and isinstance(o, ndarray):
                o[...] = asarray(h)

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return next(self._it)
        except StopIteration:
            self._writeback()
            raise

    def iternext(self):
        more = self._it.iternext()
        if not more:
            self._writeback()
        return more

    @property
    def operands(self):
        """The operands as device arrays (written back first)."""
        self._writeback()
        return tuple(o if isinstance(o, ndarray) else asarray(h)
                     for o, h in zip(self._orig, self._it.operands))

    def close(self):
        if not self._closed:
            self._writeback()
            self._closed = True
        self._it.close()

    def __enter__(self):
        self._it.__enter__()
        return self

    def __exit__(self, *exc):
        self.close()

    def __len__(self):
        return len(self._it)

    def __getitem__(self, i):
        return self._it[i]

    def __setitem__(self, i, value):
        self._it[i] = value

    def __getattr__(self, name):  # multi_index, index, shape, finished, ...
        return getattr(self.__dict__["_it"], name)


def nested_iters(op, axes, flags=None, op_flags=None, op_dtypes=None,
                 order="K", casting="safe", buffersize=0):
    """NumPy's nested_iters over host copies of the operands.

    Differs from NumPy: slow; the outermost iterator copies written
    operands back to the device when it ends."""
    ops, host, _ = _host_operands(op)
    its = _np.nested_iters(host, axes, flags, op_flags, op_dtypes, order,
                           casting, buffersize)
    write = _writes(op_flags, len(ops))
    outer = nditer.__new__(nditer)
    outer._orig, outer._write, outer._multi = ops, write, True
    outer._it, outer._closed = its[0], False
    return (outer,) + tuple(its[1:])


def _to_device(r):
    if isinstance(r, tuple):
        return tuple(_to_device(x) for x in r)
    if isinstance(r, _np.ndarray):
        if r.dtype == object:
            r = _np.array(r.tolist())
        return asarray(r)
    return r  # a scalar call returns the Python object, as NumPy


def _host(a):
    return asnumpy(a) if isinstance(a, ndarray) else a


class _PyFuncUfunc:
    """What frompyfunc returns: NumPy's object ufunc, called on host
    copies, each result converted to a device array."""

    def __init__(self, func, nin, nout, identity):
        kw = {} if identity is _NO_IDENTITY else {"identity": identity}
        self._uf = _np.frompyfunc(func, nin, nout, **kw)
        self.__name__ = self._uf.__name__
        self.nin, self.nout, self.nargs = nin, nout, self._uf.nargs
        self.identity = self._uf.identity
        self.ntypes, self.types = self._uf.ntypes, self._uf.types

    def _run(self, fn, args, kwargs):
        out = kwargs.pop("out", None)
        r = _to_device(fn(*[_host(a) for a in args],
                          **{k: _host(v) for k, v in kwargs.items()}))
        if out is None:
            return r
        outs = out if isinstance(out, tuple) else (out,)
        rs = r if isinstance(r, tuple) else (r,)
        for o, x in zip(outs, rs):
            o[...] = x
        return out

    def __call__(self, *args, **kwargs):
        return self._run(self._uf, args, kwargs)

    def reduce(self, *args, **kwargs):
        return self._run(self._uf.reduce, args, kwargs)

    def accumulate(self, *args, **kwargs):
        return self._run(self._uf.accumulate, args, kwargs)

    def outer(self, *args, **kwargs):
        return self._run(self._uf.outer, args, kwargs)

    def __repr__(self):
        return "<gpuarray host ufunc %r>" % self.__name__


_NO_IDENTITY = object()


def frompyfunc(func, /, nin, nout, *, identity=_NO_IDENTITY):
    """A ufunc-like callable running func on each element, on the host.

    Differs from NumPy: slow (host copies); results are device arrays of
    the dtype NumPy infers from the returned values, not object arrays."""
    return _PyFuncUfunc(func, nin, nout, identity)

