"""gpuarray.random: NumPy's random API on the device.

`default_rng(seed)` gives a `Generator` (random, integers, normal,
standard_normal, uniform, exponential, choice, permutation, shuffle,
permuted, and NumPy's distributions: random/_api.py); the module
functions (`rand`, `randn`, `randint`, `seed`, ...)
use one global `RandomState`, as `numpy.random` does.  Both draw from
Philox4x32-10, counter-based (Note [Random streams] in _generator.py):
reproducible per seed on every device, but not NumPy's number streams.
"""
from ._generator import Generator, RandomState, default_rng
from ._bitgen import BitGenerator, Philox
from numpy.random import SeedSequence
from . import _api

__all__ = ["Generator", "RandomState", "default_rng", "seed",
           "BitGenerator", "Philox", "SeedSequence",
           "get_random_state", "rand", "randn", "random", "random_sample",
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


def rand(*shape):
    return _state.rand(*shape)


def randn(*shape):
    return _state.randn(*shape)


def random_sample(size=None):
    return _state.random_sample(size)


random = ranf = sample = random_sample


def uniform(low=0.0, high=1.0, size=None):
    return _state.uniform(low, high, size)


def normal(loc=0.0, scale=1.0, size=None):
    return _state.normal(loc, scale, size)


def standard_normal(size=None):
    return _state.standard_normal(size)


def exponential(scale=1.0, size=None):
    return _state.exponential(scale, size)


def standard_exponential(size=None):
    return _state.standard_exponential(size)


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


def _module_function(name):
    def fn(*args, **kwargs):
        return getattr(_state, name)(*args, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = "numpy.random.%s on the global RandomState." % name
    return fn


for _name in _api.NAMES:
    globals()[_name] = _module_function(_name)
del _name

from .._engine import docs as _docs_table  # noqa: E402
_docs_table.fill_loaded(__import__("sys").modules[__name__])
