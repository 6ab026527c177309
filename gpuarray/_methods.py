"""ndarray methods written in Python, set on the C type at import."""
import numpy as _np

from ._core import ndarray
from . import _ufuncs


def _conj(self):
    return _ufuncs.conjugate(self) if self.dtype.kind == "c" else self


def _clip(self, min=None, max=None, out=None, **kw):
    return _ufuncs.clip(self, min, max, out=out)


def _round(self, decimals=0, out=None):
    return _ufuncs.around(self, decimals, out)


_METHODS = {
    "conj": _conj,
    "conjugate": _conj,
    "clip": _clip,
    "round": _round,
    "real": property(_ufuncs.real),
    "imag": property(_ufuncs.imag),
}

for _name, _fn in _METHODS.items():
    setattr(ndarray, _name, _fn)
