"""gpuarray.random: NumPy's random API on the device.

`default_rng(seed)` gives a `Generator` (random, integers, normal,
standard_normal, uniform, exponential, choice, permutation, shuffle,
permuted, and NumPy's distributions: random/_api.py); the module
functions (`rand`, `randn`, `randint`, `seed`, ...)
use one global `RandomState`, as `numpy.random` does (its state:
`get_state`/`set_state`).  Both draw from Philox4x32-10, counter-based
(Note [Random streams] in _generator.py): reproducible per seed on every
device, but not NumPy's number streams.  A Generator may be made on a
BitGenerator: Philox, or NumPy's names PCG64, PCG64DXSM, MT19937 and
SFC64, all over that device stream (random/_bitgen.py).
"""
import numpy as _np

from ._generator import Generator, RandomState, default_rng
from ._bitgen import (BitGenerator, MT19937, PCG64, PCG64DXSM, Philox,
                      SFC64)
from numpy.random import SeedSequence
from . import _api
from .._engine.ufuncs import floor as _floor

__all__ = ["Generator", "RandomState", "default_rng", "seed",
           "BitGenerator", "Philox", "PCG64", "PCG64DXSM", "MT19937", "SFC64",
           "SeedSequence", "get_state", "set_state", "get_random_state",
           "rand", "randn", "random", "random_sample",
           "ranf", "sample", "uniform", "normal", "standard_normal",
           "exponential", "standard_exponential", "randint",
           "random_integers", "choice", "permutation", "shuffle"] + \
    list(_api.NAMES)

_state = RandomState()


def get_random_state():
    """The RandomState behind the module functions (as CuPy)."""
    return _state


def seed(seed=None):
    _state.seed(seed)


def get_state(legacy=True):
    """The state of the global generator behind the module functions
    (gpuarray.random.seed, rand, ...): ('Philox', key, counter, 0, 0.0),
    or with legacy=False a dict; set_state(it) replays the draws that
    followed.

    Differs from NumPy: the key (2 uint32 words) and counter of
    gpuarray's Philox4x32-10 stream, not a Mersenne Twister's 624 words
    (NumPy's MT19937 states are refused by set_state)."""
    return _state.get_state(legacy)


def set_state(state):
    """Sets the global generator's state from get_state()'s tuple or dict.

    Differs from NumPy: takes gpuarray's Philox states (key and counter)
    only, not NumPy's MT19937 states."""
    _state.set_state(state)


def _float(r, dtype, unit=False):
    """CuPy's dtype= of the float samplers: float32 or float64 (the
    float64 sample rounded; a [0, 1) sample is truncated to 24 bits so it
    stays below 1)."""
    dt = _np.dtype(dtype)
    if dt.char not in "fd":
        raise TypeError("gpuarray.random only supports float32 and float64 "
                        "(got %s)" % dt)
    if dt.char == "d":
        return r
    if unit:
        r = _floor(r * 16777216.0) * (1.0 / 16777216.0)
    return r.astype(dt)


def rand(*shape, dtype=float):
    return _float(_state.rand(*shape), dtype, unit=True)


def randn(*shape, dtype=float):
    return _float(_state.randn(*shape), dtype)


def random_sample(size=None, dtype=float):
    return _float(_state.random_sample(size), dtype, unit=True)


random = ranf = sample = random_sample


def uniform(low=0.0, high=1.0, size=None, dtype=float):
    return _float(_state.uniform(low, high, size), dtype)


def normal(loc=0.0, scale=1.0, size=None, dtype=float):
    return _float(_state.normal(loc, scale, size), dtype)


def standard_normal(size=None, dtype=float):
    return _float(_state.standard_normal(size), dtype)


def exponential(scale=1.0, size=None, dtype=float):
    return _float(_state.exponential(scale, size), dtype)


def standard_exponential(size=None, dtype=float):
    return _float(_state.standard_exponential(size), dtype)


def randint(low, high=None, size=None, dtype=int):
    return _state.randint(low, high, size, dtype)


def random_integers(low, high=None, size=None):
    return _state.random_integers(low, high, size)


def choice(a, size=None, replace=True, p=None):
    return _state.choice(a, size, replace, p)


def permutation(x):
    return _state.permutation(x)


def shuffle(x):
    _state.shuffle(x)


# CuPy's dtype= of the other samplers: float32/float64 for the
# continuous ones, an integer type for the discrete ones
_INTEGER_SAMPLES = {"binomial", "geometric", "hypergeometric", "logseries",
                    "negative_binomial", "poisson", "zipf"}
_NO_DTYPE = {"bytes", "dirichlet", "multinomial", "multivariate_normal"}


def _module_function(name):
    if name in _NO_DTYPE:
        def fn(*args, **kwargs):
            return getattr(_state, name)(*args, **kwargs)
    elif name in _INTEGER_SAMPLES:
        def fn(*args, dtype=int, **kwargs):
            dt = _np.dtype(dtype)
            if dt.kind not in "iu":
                raise TypeError("%s: dtype must be an integer type (got %s)"
                                % (name, dt))
            return getattr(_state, name)(*args, **kwargs).astype(dt)
    else:
        def fn(*args, dtype=float, **kwargs):
            return _float(getattr(_state, name)(*args, **kwargs), dtype)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = "numpy.random.%s on the global RandomState." % name
    return fn


for _name in _api.NAMES:
    globals()[_name] = _module_function(_name)
del _name

from .._engine import docs as _docs_table  # noqa: E402
_docs_table.fill_loaded(__import__("sys").modules[__name__])
