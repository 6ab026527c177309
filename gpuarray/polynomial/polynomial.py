"""``gpuarray.polynomial.polynomial``: numpy.polynomial.polynomial on device
arrays: the power series functions (_power_series.py) and the Polynomial
class (_polynomial_class.py)."""
from ._power_series import (  # noqa: F401
    polyzero, polyone, polyx, polydomain, polyline, polyadd, polysub,
    polymulx, polymul, polydiv, polypow, polyval, polyvalfromroots, polyder,
    polyint, polyfromroots, polyvander, polyfit, polytrim, polyroots,
    polyval2d, polyval3d, polyvalnd, polygrid2d, polygrid3d, polyvander2d,
    polyvander3d, polycompanion)
from ._power_series import __all__ as _power_series_all
from ._polynomial_class import Polynomial  # noqa: F401

# the power series names and the class (one list: _power_series.__all__)
__all__ = _power_series_all + ["Polynomial"]
