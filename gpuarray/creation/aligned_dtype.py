"""`make_aligned_dtype(dtype)`: CuPy's structured dtype laid out as a CUDA
struct would be (NumPy has no such function).

Note [GPU alignment]: NumPy's align=True gives each field its C alignment
on the host, where complex64 aligns to 4 bytes (two floats); CUDA's
complex<float> is a float2 and aligns to 8, complex<double> to 16.  So each
field here starts at the next multiple of its GPU alignment (a complex
type's item size; any other scalar's NumPy alignment; a sub-array's or a
nested structure's that of its base or widest member, the nested one laid
out the same way first), fields keep their order and titles, and the item
size is rounded up to the widest alignment.  Non-structured dtypes are
CuPy's ValueError.
"""
import numpy as _np

__all__ = ["make_aligned_dtype"]


def make_aligned_dtype(dtype):
    """The structured `dtype` with every field at its CUDA alignment:
    complex fields at a multiple of their item size, the others as NumPy's
    align=True, the item size a multiple of the widest (ValueError for a
    dtype without fields)."""
    dt = _np.dtype(dtype)
    if dt.names is None:
        raise ValueError("make_aligned_dtype only supports structured dtypes"
                         " (got %s)" % (dt,))
    return _aligned(dt)[0]


def _aligned(dt):
    """(dt laid out for the GPU, its alignment)."""
    if dt.subdtype is not None:
        base, shape = dt.subdtype
        base, align = _aligned(base)
        return _np.dtype((base, shape)), align
    if dt.names is None:
        return dt, dt.itemsize if dt.kind == "c" else dt.alignment
    names, formats, offsets, titles = [], [], [], []
    cursor, widest = 0, 1
    fields = sorted(((name,) + dt.fields[name][:2] for name in dt.names),
                    key=lambda f: f[2])
    for name, sub, _ in fields:
        sub, align = _aligned(sub)
        cursor = -(-cursor // align) * align
        names.append(name)
        formats.append(sub)
        offsets.append(cursor)
        title = dt.fields[name][2:]
        titles.append(title[0] if title else None)
        cursor += sub.itemsize
        widest = max(widest, align)
    spec = {"names": names, "formats": formats, "offsets": offsets,
            "itemsize": -(-cursor // widest) * widest}
    if any(t is not None for t in titles):
        spec["titles"] = titles
    return _np.dtype(spec), widest
