"""The gufunc keywords axes=, axis= and keepdims= for the NumPy gufuncs
gpuarray implements as functions (matmul, matvec, vecmat, vecdot), read
as NumPy's ufunc machinery reads them (ufunc_object.c: the keepdims
converter, _parse_axes_arg, _parse_axis_arg), with its exception types:
axes= moves each operand's core axes to the end, where the function reads
them, and the result's core axes to where axes= puts them."""
import operator as _op

import numpy as _np

from ..manipulation import shapes as _mn

_NoValue = _np._NoValue
_normalize = _np.lib.array_utils.normalize_axis_index


def axis_int(v):
    """One axis as NumPy's gufunc parser converts it (PyArray_PyIntAsInt):
    an integer (NumPy integers, 0-d integer arrays) that fits a C int;
    bools refused."""
    if isinstance(v, (bool, _np.bool_)):
        raise TypeError("an integer is required")
    v = _op.index(v)
    if not -2 ** 63 <= v < 2 ** 63:
        raise OverflowError("Python int too large to convert to C long")
    if not -2 ** 31 <= v < 2 ** 31:
        raise ValueError("integer won't fit into a C int")
    return v


def check_keywords(name, sig, axes, axis, keepdims, shared_core=False):
    """NumPy's checks of the keywords themselves, in its order: keepdims
    must be a bool, axis= and axes= exclude each other, and (signatures of
    several core dimensions: shared_core False) axis= and keepdims= are
    refused even at their defaults."""
    if keepdims is not _NoValue and not isinstance(keepdims, bool):
        raise TypeError("'keepdims' must be a boolean")
    if axes is not _NoValue and axis is not _NoValue:
        raise TypeError("cannot specify both 'axis' and 'axes'")
    if shared_core:
        return
    if axis is not _NoValue:
        raise TypeError("%s: axis can only be used with a single shared "
                        "core dimension, not with the distinct ones implied "
                        "by signature %s." % (name, sig))
    if keepdims is not _NoValue:
        raise TypeError("%s does not support keepdims: its signature %s "
                        "has core dimensions that keepdims cannot keep."
                        % (name, sig))


def _entry(name, i, entry, ncore, nd):
    """axes[i] as a tuple of normalized axes of an operand of `nd` dims:
    a tuple of exactly ncore axes, or one bare axis where ncore is 1."""
    if isinstance(entry, tuple):
        if len(entry) != ncore:
            raise _np.exceptions.AxisError(
                "%s: operand %d has %d core dimensions, but %d dimensions "
                "are specified by axes tuple." % (name, i, ncore, len(entry)))
    elif ncore == 1:
        entry = (entry,)
    else:
        try:
            axis_int(entry)
        except (TypeError, ValueError, OverflowError):
            raise TypeError("%s: axes item %d should be a tuple."
                            % (name, i)) from None
        raise _np.exceptions.AxisError(
            "%s: operand %d has %d core dimensions, but the axes item is a "
            "single integer." % (name, i, ncore))
    out, seen = [], set()
    for ax in entry:
        ax = _normalize(axis_int(ax), nd)
        if ax in seen:
            raise ValueError("axes item %d has value %d repeated" % (i, ax))
        seen.add(ax)
        out.append(ax)
    return tuple(out)


def parse_axes(name, axes, ndims, cores, out_core, out_ndim=None,
               may_omit_out=False):
    """NumPy's _parse_axes_arg for two inputs of ndims dimensions with
    `cores` core dimensions each and a result of out_core: [core axes of
    x1, of x2, of the result (None where the list leaves the result out,
    allowed only where the signature gives the result no core dimensions:
    may_omit_out)], normalized.  out_ndim: the dimensions of a given out=
    (else the broadcast loop dimensions plus out_core)."""
    if not isinstance(axes, list):
        raise TypeError("axes should be a list.")
    if len(axes) != 3 and (len(axes) != 2 or not may_omit_out):
        raise ValueError("axes should be a list with an entry for all 3 "
                         "inputs and outputs; entries for outputs can only "
                         "be omitted if none of them has core axes.")
    parsed = [_entry(name, i, axes[i], nc, nd)
              for i, (nd, nc) in enumerate(zip(ndims, cores))]
    if len(axes) == 2:
        return parsed + [None]
    if out_ndim is None:
        out_ndim = max(nd - nc for nd, nc in zip(ndims, cores)) + out_core
    return parsed + [_entry(name, 2, axes[2], out_core, out_ndim)]


def ndim_of_out(out):
    if isinstance(out, tuple) and len(out) == 1:
        out = out[0]
    return getattr(out, "ndim", None)


def apply(name, fn, x1, x2, cores, out_core, axes, out=None):
    """fn(x1', x2') with each operand's axes= core axes moved last, and
    the result's core axes moved to axes[2].  out_core: the result's
    number of core dimensions, from the operands' dimensions."""
    oc = out_core((x1, x2))
    src1, src2, dst = parse_axes(name, axes, (x1.ndim, x2.ndim), cores, oc,
                                 ndim_of_out(out))
    ops = [_mn.moveaxis(x, src, tuple(range(x.ndim - nc, x.ndim)))
           for x, src, nc in zip((x1, x2), (src1, src2), cores)]
    r = fn(*ops)
    if dst is None or not oc:
        return r
    return _mn.moveaxis(r, tuple(range(r.ndim - oc, r.ndim)), dst)
