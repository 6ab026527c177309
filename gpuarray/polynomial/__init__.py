"""gpuarray.polynomial: numpy.polynomial for gpuarray arrays.

``polynomial`` (the power series functions, lowest power first) and
``polyutils`` (as_series, trimseq, trimcoef, the domain maps) compute on
the device with NumPy's results, dtypes and exceptions; ``Polynomial`` is
numpy.polynomial.Polynomial over them (docs/design/polynomial.md).

Differs from NumPy: only the power basis; Chebyshev, Legendre, Laguerre,
Hermite and HermiteE (and their modules) are not provided.
"""
from numpy.polynomial import set_default_printstyle

from . import polynomial, polyutils
from ._polynomial_class import Polynomial

__all__ = ["Polynomial", "polynomial", "polyutils",
           "set_default_printstyle"]
