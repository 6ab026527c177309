"""polyval: a polynomial's values by Horner's rule (with the legacy
polynomial routines in lib/polynomial.py).
"""

from .._engine.arrays import asarray, zeros


__all__ = ["polyval"]


def polyval(p, x):
    """p[0] * x**(N-1) + ... + p[N-1], by Horner's scheme."""
    p = asarray(p)
    if p.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    x = asarray(x)
    y = zeros(x.shape, x.dtype)
    for i in range(p.shape[0]):
        y = y * x + p[i]
    return y

