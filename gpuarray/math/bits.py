"""Bit packing: packbits and unpackbits, either bit order.
"""

import numpy as _np

from . import sums as _math_sums
from ..manipulation import shapes as _manipulation_shapes
from .._engine.arrays import asarray, zeros
from ..manipulation.shapes import _flat_or_axis, atleast_1d


__all__ = ["packbits", "unpackbits"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


def _bitorder_weights(bitorder, pack):
    """The bit weights of bitorder=, read as NumPy's C functions read it:
    a str (TypeError otherwise, bytes too); packbits compares its start
    with 'big' or 'little' (strncmp), unpackbits only its first letter
    (ValueError otherwise)."""
    name = "pack" if pack else "unpack"
    if not isinstance(bitorder, str):
        raise TypeError("%s() argument 'bitorder' must be str, not %s"
                        % (name, type(bitorder).__name__))
    if pack:
        if bitorder.startswith("big"):
            little = False
        elif bitorder.startswith("little"):
            little = True
        else:
            raise ValueError("'order' must be either 'little' or 'big'")
    else:
        if bitorder[:1] not in ("l", "b"):
            raise ValueError("'order' must begin with 'l' or 'b'")
        little = bitorder[0] == "l"
    w = _np.array([128, 64, 32, 16, 8, 4, 2, 1], _np.uint8)
    return w[::-1].copy() if little else w


def packbits(a, /, axis=None, bitorder="big"):
    """Each run of 8 elements (non-zero = 1) along axis as one uint8,
    zero-padded at the end."""
    a = asarray(a)
    w = _bitorder_weights(bitorder, True)
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean "
                        "data type")
    a, axis = _flat_or_axis(atleast_1d(a), axis)  # 0-d reads as 1-d, as NumPy
    m = _manipulation_shapes.moveaxis(a != 0, axis, -1).astype(_np.uint8)
    n = m.shape[-1]
    nb = (n + 7) // 8
    if nb * 8 != n:
        pad = zeros(m.shape[:-1] + (nb * 8 - n,), _np.uint8)
        m = _manipulation_shapes.concatenate([m, pad], axis=-1)
    m = m.reshape(m.shape[:-1] + (nb, 8))
    packed = _math_sums.sum(m * asarray(w), axis=-1, dtype=_np.uint8)
    return _manipulation_shapes.moveaxis(packed, -1, axis).copy()


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    """Each uint8 along axis as its 8 bits (0/1 uint8), optionally cut or
    zero-padded to `count` bits."""
    a = asarray(a)
    if a.dtype != _np.uint8:
        raise TypeError("Expected an input array of unsigned byte data "
                        "type")
    w = _bitorder_weights(bitorder, False)
    a, axis = _flat_or_axis(atleast_1d(a), axis)  # 0-d reads as 1-d, as NumPy
    m = _manipulation_shapes.moveaxis(a, axis, -1)
    bits = ((m[..., None] & asarray(w)) != 0).astype(_np.uint8)
    bits = bits.reshape(m.shape[:-1] + (m.shape[-1] * 8,))
    if count is not None:
        total = bits.shape[-1]
        count = int(count)
        if count < 0:
            if -count > total:
                raise ValueError("-count larger than number of elements")
            count = total + count
        if count <= total:
            bits = bits[..., :count]
        else:
            pad = zeros(bits.shape[:-1] + (count - total,), _np.uint8)
            bits = _manipulation_shapes.concatenate([bits, pad], axis=-1)
    return _manipulation_shapes.moveaxis(bits, -1, axis).copy()

