"""NumPy's dispatch protocols: ``np.sin(gp_array)`` runs gpuarray's ufunc
(``__array_ufunc__``), ``np.concatenate([gp_a, gp_b])`` runs gpuarray's
function of the same name (``__array_function__``)."""
import numpy as _np

from .. import _core
from .._core import ndarray


# np.matmul and friends are ufuncs in NumPy (gufuncs), functions here
_FUNCTION_UFUNCS = frozenset(["matmul", "vecdot", "matvec", "vecmat"])


def _foreign(x):
    """An operand of another array library, which may handle the ufunc
    itself; NumPy arrays and lists instead reach our ufunc, whose TypeError
    names gpuarray.asarray (decision 21)."""
    override = getattr(type(x), "__array_ufunc__", None)
    return override is not None and override is not \
        _np.ndarray.__array_ufunc__ and not isinstance(x, ndarray)


def _operands(method, inputs):
    """The inputs that are ufunc operands: the indices of ufunc.at(a, indices,
    b) and ufunc.reduceat(a, indices) are index arrays, which may be lists
    or NumPy arrays as in NumPy."""
    if method == "at":
        return inputs[:1] + inputs[2:]
    if method == "reduceat":
        return inputs[:1]
    return inputs


def _scalar_of_0d(x):
    """A 0-d NumPy array as the NumPy scalar it holds: NumPy's scalars
    compare with our arrays (np.float32(2) < a) by passing themselves as
    0-d arrays, and a scalar is what we take."""
    if type(x) is _np.ndarray and x.ndim == 0:
        return x[()]
    return x


def _gufunc_method_error(ufunc, method):
    """NumPy's errors for the methods of a gufunc (matmul.reduce, ...)."""
    if method in ("reduce", "accumulate", "reduceat"):
        raise RuntimeError("Reduction not defined on ufunc with signature")
    if method == "outer":
        raise TypeError("method outer is not allowed in ufunc with "
                        "non-trivial signature")
    raise TypeError("%s.%s does not support ufunc with non-trivial "
                    "signature: %s has signature %s."
                    % (ufunc.__name__, method, ufunc.__name__,
                       ufunc.signature))


def array_ufunc(self, ufunc, method, *inputs, **kwargs):
    inputs = tuple(_scalar_of_0d(x) for x in inputs)
    if ufunc.__name__ in _FUNCTION_UFUNCS and method != "__call__":
        _gufunc_method_error(ufunc, method)
    ours = _core.ufuncs.get(ufunc.__name__)
    if ours is None and method == "__call__" and ufunc.__name__ in \
            _FUNCTION_UFUNCS:
        # NumPy ufuncs that gpuarray implements as plain functions
        import gpuarray
        ours = getattr(gpuarray, ufunc.__name__, None)
    if ours is None:
        return NotImplemented
    if any(_foreign(x) for x in _operands(method, inputs)):
        return NotImplemented
    out = kwargs.get("out")
    if out is not None:
        outs = out if isinstance(out, tuple) else (out,)
        if not all(isinstance(o, ndarray) for o in outs if o is not None):
            return NotImplemented
        if len(outs) == 1:
            kwargs["out"] = outs[0]
    if method == "__call__":
        return ours(*[_scalar_of_0d(x) for x in inputs], **kwargs)
    return getattr(ours, method)(*inputs, **kwargs)


# NumPy modules whose functions gpuarray keeps under another name
_MODULE_ALIASES = {"numpy.lib.scimath": "numpy.emath"}


def _lookup(func):
    import gpuarray
    mod = func.__module__ or "numpy"
    mod = _MODULE_ALIASES.get(mod, mod)
    parts = mod.split(".")[1:]
    target = gpuarray
    for p in parts:
        if p.startswith("_"):
            continue
        target = getattr(target, p, None)
        if target is None:
            return None
    return getattr(target, func.__name__, None)


# NumPy functions gpuarray re-exports as they are (gp.result_type is
# np.result_type) that only look at dtypes: our arrays are passed to
# NumPy as their dtypes (NumPy 2 ignores array values here).
_DTYPE_ONLY = frozenset(["result_type", "can_cast"])


def _as_dtype(x):
    return x.dtype if isinstance(x, ndarray) else x


def array_function(self, func, types, args, kwargs):
    """``np.f(gp_array, ...)`` runs ``gpuarray.f``; a function gpuarray
    lacks raises NumPy's TypeError ("no implementation found for
    'numpy.f' ...")."""
    if not all(issubclass(t, ndarray) or t is _np.ndarray for t in types):
        return NotImplemented
    impl = _lookup(func)
    if impl is func and func.__name__ in _DTYPE_ONLY:
        return func(*[_as_dtype(a) for a in args],
                    **{k: _as_dtype(v) for k, v in kwargs.items()})
    if impl is None or impl is func:
        return NotImplemented
    # np._NoValue is NumPy's "not given" (keepdims=, where=, initial=,
    # ...): ours take their own defaults then
    kwargs = {k: v for k, v in kwargs.items() if v is not _np._NoValue}
    if "device" in kwargs and kwargs["device"] is None:
        # NumPy's like= paths pass device=None, its default, which some
        # of ours (the C gp.full) do not take
        kwargs = {k: v for k, v in kwargs.items() if k != "device"}
    return impl(*args, **kwargs)


def _like(name, *args, **kwargs):
    """The C empty/full with a foreign like= (NEP 35): NumPy's function,
    like= kept, hands the call to that object's __array_function__."""
    return getattr(_np, name)(*args, **kwargs)


