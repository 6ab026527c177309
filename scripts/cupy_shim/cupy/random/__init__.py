"""``cupy.random`` for the harness: gpuarray.random, plus the
``_generator._random_states`` / ``reset_states`` cupy.testing.fix_random
uses."""
from gpuarray.random import *  # noqa: F401,F403
import gpuarray.random as _gp_random

from . import _generator  # noqa: F401


def reset_states():
    _generator._random_states = {}


def __getattr__(name):
    return getattr(_gp_random, name)
