"""The gufunc keywords axes=, axis= and keepdims= for the NumPy gufuncs
gpuarray implements as functions (matmul, matvec, vecmat): axes= moves
each operand's core axes to the end, where the function reads them, and
the result's core axes to where axes= puts them."""
import numpy as _np

from ..manipulation import shapes as _mn

_normalize = _np.lib.array_utils.normalize_axis_index


def _entry(name, i, entry, ncore, nd):
    """axes[i] as a tuple of normalized axes of an operand of `nd` dims."""
    entry = tuple(entry) if isinstance(entry, (tuple, list)) else (entry,)
    if len(entry) != ncore:
        raise _np.exceptions.AxisError(
            "%s: operand %d has %d core dimensions, but %d dimensions are "
            "specified by axes tuple." % (name, i, ncore, len(entry)))
    return tuple(_normalize(int(ax), nd) for ax in entry)


def check_keywords(name, sig, axis, keepdims):
    """NumPy's TypeErrors: these signatures allow neither axis= nor
    keepdims= (they have several core dimensions), even at the defaults."""
    if axis is not _np._NoValue:
        raise TypeError("%s: axis can only be used with a single shared "
                        "core dimension, not with the distinct ones implied "
                        "by signature %s." % (name, sig))
    if keepdims is not _np._NoValue:
        raise TypeError("%s does not support keepdims: its signature %s "
                        "has core dimensions that keepdims cannot keep."
                        % (name, sig))


def apply(name, fn, x1, x2, cores, out_core, axes):
    """fn(x1', x2') with each operand's axes= core axes moved last, and
    the result's core axes moved to axes[2]."""
    if not isinstance(axes, (list, tuple)) or len(axes) != 3:
        raise ValueError("axes should be a list with an entry for all 3 "
                         "inputs and outputs; entries for outputs can only "
                         "be omitted if none of them has core axes.")
    ops = []
    for i, (x, nc) in enumerate(zip((x1, x2), cores)):
        src = _entry(name, i, axes[i], nc, x.ndim)
        ops.append(_mn.moveaxis(x, src, tuple(range(x.ndim - nc, x.ndim))))
    r = fn(*ops)
    oc = out_core(ops)
    dst = _entry(name, 2, axes[2], oc, r.ndim)
    return _mn.moveaxis(r, tuple(range(r.ndim - oc, r.ndim)), dst)
