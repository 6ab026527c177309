"""CuPy's CArray for the raw parameters of ElementwiseKernel.

Note [CArray]: a raw parameter `raw T x` is, in the user's code, a
`gpa_carray<T, ndim>`, as CuPy's CArray: `x[i]` is the element at C-order
index i, `x[idx]` (a `ptrdiff_t idx[ndim]`) the element at those
coordinates, `x.size()`, `x.shape()[k]`, `x.strides()[k]` (bytes),
`x.ndim` and `x.data()` what CuPy's give.  The array is passed as it is
(its own strides; a copy only to convert the dtype), so x[i] walks the
strides where the array is not C-contiguous.  ndim is part of the kernel
text (one compiled kernel per ndim, as CuPy); size, shape, strides and
contiguity are run-time values: one small int64 array holds them for
all raw parameters, an extra raw input of the loop (`p<M>` below),
cached per layout so a repeated call transfers nothing.  Layout per
parameter at its offset: size, shape[ndim], strides[ndim], contiguous.
"""
import numpy as _np

from .. import _core
from .._engine.arrays import asarray as _asarray

# the same text compiles as CUDA (NVRTC, no headers: ptrdiff_t is built
# in) and as C++ for the host device
PRELUDE = r"""
#if !GPA_CUDA
/* NVRTC has ptrdiff_t built in; CuPy code names it (the host compiler
 * needs <cstddef> for it, which this avoids) */
typedef decltype((char *)0 - (char *)0) ptrdiff_t;
#endif
template <class T, int ND>
struct gpa_carray {
    static const int ndim = ND;
    T *data_;
    const ptrdiff_t *m_;   /* Note [CArray]: size, shape, strides, contig */
    GPA_DEVICE gpa_carray(T *d, const void *m)
        : data_(d), m_(static_cast<const ptrdiff_t *>(m)) {}
    GPA_DEVICE ptrdiff_t size() const { return m_[0]; }
    GPA_DEVICE const ptrdiff_t *shape() const { return m_ + 1; }
    GPA_DEVICE const ptrdiff_t *strides() const { return m_ + 1 + ND; }
    GPA_DEVICE T *data() const { return data_; }
    GPA_DEVICE T &at_bytes(ptrdiff_t off) const
    {
        return *(T *)((const char *)data_ + off);
    }
    /* the element at C-order index i */
    GPA_DEVICE T &operator[](ptrdiff_t i) const
    {
        if (m_[1 + 2 * ND])
            return data_[i];
        ptrdiff_t off = 0;
        for (int d = ND - 1; d >= 0; d--) {
            ptrdiff_t n = m_[1 + d];
            off += (i % n) * m_[1 + ND + d];
            i /= n;
        }
        return at_bytes(off);
    }
    /* the element at coordinates idx */
    template <int N>
    GPA_DEVICE T &operator[](const ptrdiff_t (&idx)[N]) const
    {
        static_assert(N == ND, "CArray index of the wrong length");
        ptrdiff_t off = 0;
        for (int d = 0; d < ND; d++)
            off += idx[d] * m_[1 + ND + d];
        return at_bytes(off);
    }
};
"""


def layout(x):
    """One raw parameter's entries of the layout array."""
    return ([x.size] + list(x.shape) + list(x.strides) +
            [int(x.flags.c_contiguous)])


class LayoutCache:
    """The layout arrays of a kernel's calls, kept per layout and device
    (so a repeated call makes no transfer); bounded."""

    LIMIT = 64

    def __init__(self):
        self.arrays = {}

    def get(self, entries):
        entries = tuple(entries)
        key = (_core._get_device(), entries)
        arr = self.arrays.get(key)
        if arr is None:
            if len(self.arrays) >= self.LIMIT:
                self.arrays.clear()
            arr = self.arrays[key] = _asarray(_np.array(entries, _np.int64))
        return arr


def declaration(name, ctype, nd, pointer, meta, offset, const):
    """The user's name bound to a gpa_carray over operand `pointer`."""
    t = ("const %s" % ctype) if const else ctype
    return ("gpa_carray<%s, %d> %s(const_cast<%s *>(p%d), "
            "static_cast<const gpa_i64 *>(p%d) + %d);\n"
            % (t, nd, name, ctype, pointer, meta, offset))


def as_loop_input(arr, shape):
    """arr as a loop operand that every element sees whole (zero
    strides): the kernel gets its first element's address."""
    return _core._as_strided(arr, shape, (0,) * len(shape), 0, False)
