"""Arguments of take, compress, choose, put and ravel_multi_index, read
as NumPy reads them: the clip mode (PyArray_ClipmodeConverter) and the
out= array of take, compress and choose, checked before any work.
"""
import operator as _op

import numpy as _np

from .._core import ndarray


# NumPy's clip modes by their enum number (NPY_CLIP, NPY_WRAP, NPY_RAISE)
_CLIP_MODES = ("clip", "wrap", "raise")

# NumPy 2.4 copies take/compress's out= into a temporary of the taken
# array's dtype (a safe cast, else TypeError); NumPy 2.5 writes any dtype
# (seen on the H200's 2.5.2).  gpuarray follows the installed NumPy.
_TAKE_OUT_SAFE_CAST = _np.lib.NumpyVersion(_np.__version__) < "2.5.0"


def _clip_mode(mode):
    """mode= of take, put, choose and ravel_multi_index, read as NumPy's
    PyArray_ClipmodeConverter reads it: None is 'raise'; a str or bytes
    must be one of the three names (ValueError); an integer (not a bool)
    is the enum number 0-2 (ValueError for another C int); any other
    type is a TypeError.  Returns the mode's name."""
    if mode is None:
        return "raise"
    if isinstance(mode, bytes):
        mode = mode.decode("latin-1")
    if isinstance(mode, str):
        if mode not in _CLIP_MODES:
            raise ValueError("Use one of 'clip', 'raise', or 'wrap' for "
                             "clip mode (got %r)" % (mode,))
        return mode
    if isinstance(mode, (bool, _np.bool_)) or not hasattr(mode,
                                                          "__index__"):
        raise TypeError("clipmode not understood (got %s)"
                        % type(mode).__name__)
    number = _op.index(mode)
    if not -2 ** 31 <= number < 2 ** 31:    # no C int: NumPy's TypeError
        raise TypeError("clipmode not understood (got %d)" % number)
    if not 0 <= number < len(_CLIP_MODES):
        raise ValueError("integer clipmode must be RAISE, WRAP, or CLIP "
                         "(0-2), got %d" % number)
    return _CLIP_MODES[number]


def _check_out(out, name):
    """out= of take, compress and choose: a gpuarray array (NumPy's
    TypeError for a list or a scalar)."""
    if out is not None and not isinstance(out, ndarray):
        raise TypeError("%s: output must be an array (a gpuarray.ndarray, "
                        "got %s)" % (name, type(out).__name__))


def _check_take_out(out, shape, dtype):
    """out= of take and compress, checked as NumPy's PyArray_TakeFrom
    checks it before any index is looked at: an array of exactly the
    result's shape (ValueError; no broadcasting), whose dtype casts
    safely to the taken array's under NumPy 2.4 (NumPy copies out into a
    temporary of that dtype first: TypeError otherwise), any under 2.5.  The result is written back
    with any cast, as NumPy's write-back does."""
    if out is None:
        return
    _check_out(out, "take")
    if tuple(out.shape) != tuple(shape):
        raise ValueError("output array does not match result of "
                         "ndarray.take: shape %s, expected %s"
                         % (tuple(out.shape), tuple(shape)))
    if _TAKE_OUT_SAFE_CAST and not _np.can_cast(out.dtype, dtype, "safe"):
        raise TypeError("Cannot cast array data from %r to %r according "
                        "to the rule 'safe'" % (out.dtype, dtype))
