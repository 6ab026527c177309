"""qr in every mode: NumPy's checks here, Householder QR of the backend's
LAPACK (geqrf + orgqr/ungqr; cuSOLVER on cuda) in _lapack.py."""
import warnings as _warnings

import numpy as _np

from .._engine import arrays as _A
from ._common import work_dtype, at_least_2d
from ._lapack import QRResult
from . import _lapack


def _legacy_mode(mode):
    """mode, with NumPy's deprecated spellings ('f'/'full' for 'reduced',
    'e'/'economic') accepted with its DeprecationWarning."""
    if mode in ("reduced", "complete", "r", "raw"):
        return mode
    if mode in ("f", "full"):
        _warnings.warn("The 'full' option is deprecated in favor of "
                       "'reduced'.\nFor backward compatibility let mode "
                       "default.", DeprecationWarning, stacklevel=3)
        return "reduced"
    if mode in ("e", "economic"):
        _warnings.warn("The 'economic' option is deprecated.",
                       DeprecationWarning, stacklevel=3)
        return "economic"
    raise ValueError("Unrecognized mode '%s'" % (mode,))


def qr(a, mode="reduced"):
    """QR decomposition of each (..., m, n) matrix: 'reduced' (Q m x k,
    R k x n), 'complete' (Q m x m, R m x n), 'r' (R only), 'raw' (LAPACK's
    (h, tau), h transposed)."""
    mode = _legacy_mode(mode)
    a = _A.asarray(a)
    at_least_2d(a)
    dt = work_dtype(a)
    if a.size == 0:
        # Shapes and identities of NumPy's own empty results.
        with _warnings.catch_warnings():
            _warnings.simplefilter("ignore", DeprecationWarning)
            res = _np.linalg.qr(_np.zeros(a.shape, dt), mode=mode)
        if mode in ("reduced", "complete"):
            return QRResult(*(_A.asarray(x) for x in res))
        if isinstance(res, tuple):
            return tuple(_A.asarray(x) for x in res)
        return _A.asarray(res)
    return _lapack.qr(a, dt, mode)
