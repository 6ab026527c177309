"""The arithmetic of NumPy's legacy polynomials on coefficient arrays
(highest power first): sums, differences, products, long division,
derivatives, antiderivatives, the polynomial of given roots, roots and
Horner's rule.  poly1d (poly1d.py) and the public functions
(polynomial.py, which add NumPy's poly1d-in, poly1d-out rule) are built on
these; here every argument is an array or array_like, never a poly1d.

Each follows numpy/lib/_polynomial_impl.py step by step, so dtypes and
values are NumPy's, but every coefficient is computed on the device with
gpuarray's ufuncs, concatenate and convolve.  The host only sees lengths,
orders and the few booleans that steer the algorithms (where polydiv's
remainder starts, whether poly's roots pair up into conjugates).
Eigenvalues (roots, poly of a square matrix) come from linalg.eigvals,
which runs on the host (decision 22).
"""
import numpy as _np

from ..manipulation import shapes as _mn
from .._engine import ufuncs as _uf
from .._core import ndarray
from .._engine.arrays import arange, asarray, eye, ones, zeros
from ..logic import truth as _logic_truth
from ..math import extrema as _math_extrema
from ..linalg import eigvals
from ..math.convolve import convolve
from ..sorting.sort import sort

# numpy.mintypecode(dt.char) for the dtypes gpuarray has: float32,
# float64, complex64 and complex128 stay, everything else becomes float64.
_ROOT_DTYPES = tuple(_np.dtype(c) for c in "fdFD")


def as_1d(a):
    """a as a device array of at least one dimension (numpy.atleast_1d)."""
    a = a if isinstance(a, ndarray) else asarray(a)
    return a.reshape(1) if a.ndim == 0 else a


def _padded(a1, a2):
    """a1 and a2 with the shorter one padded with leading zeros of its own
    dtype (so the sum's dtype is NumPy's)."""
    a1, a2 = as_1d(a1), as_1d(a2)
    diff = len(a2) - len(a1)
    if diff > 0:
        a1 = _mn.concatenate((zeros(diff, a1.dtype), a1))
    elif diff < 0:
        a2 = _mn.concatenate((zeros(-diff, a2.dtype), a2))
    return a1, a2


def add(a1, a2):
    """The sum of two polynomials."""
    a1, a2 = _padded(a1, a2)
    return a1 + a2


def sub(a1, a2):
    """The difference a1 - a2 of two polynomials."""
    a1, a2 = _padded(a1, a2)
    return a1 - a2


def trimmed(a):
    """What numpy.poly1d(a) keeps: 1-D, leading zeros dropped, [0] if
    nothing is left."""
    a = as_1d(a)
    if a.ndim > 1:
        raise ValueError("Polynomial must be 1d only.")
    # a != 0 rather than trim_zeros: that casts complex to bool, which
    # warns (ComplexWarning) where NumPy does not
    nonzero = a != 0
    first = int(_math_extrema.argmax(nonzero)) if a.size else 0
    if a.size == 0 or not bool(nonzero[first]):
        return zeros(1, a.dtype)
    return a[first:]


def mul(a1, a2):
    """The product of two polynomials (a convolution)."""
    # NumPy multiplies poly1d(a1) by poly1d(a2): leading zeros go first
    return convolve(trimmed(a1), trimmed(a2))


def _remainder_start(r):
    """How many leading entries of r polydiv drops: those NumPy's
    allclose(r[0], 0, rtol=1e-14) calls zero (|x| <= 1e-8, nan is not),
    always keeping the last one."""
    small = _uf.absolute(r).astype(_np.float64) <= 1e-8
    if not bool(_logic_truth.all(small)):
        return min(int(_math_extrema.argmin(small)), len(r) - 1)
    return len(r) - 1


def div(u, v):
    """Quotient and remainder of the polynomial division u / v."""
    # + 0.0: at least floating point, as NumPy
    u, v = as_1d(u) + 0.0, as_1d(v) + 0.0
    if u.ndim > 1 or v.ndim > 1:
        raise ValueError("setting an array element with a sequence.")
    if u.size == 0 or v.size == 0:
        raise IndexError("index 0 is out of bounds for axis 0 with size 0")
    dt = _np.result_type(u.dtype, v.dtype)
    m, n = len(u) - 1, len(v) - 1
    scale = 1.0 / v[0]
    q = zeros((max(m - n + 1, 1),), dt)
    r = u.astype(dt)
    # one step of long division per quotient coefficient, highest first
    for k in range(m - n + 1):
        d = scale * r[k]
        q[k] = d
        window = r[k:k + n + 1]
        _uf.subtract(window, d * v, out=window)
    return q, r[_remainder_start(r):]


def der(p, m=1):
    """The m-th derivative of a polynomial."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive "
                         "(see polyint)")
    p = asarray(p)
    if p.ndim == 0:  # NumPy takes len(p) even for m == 0
        raise TypeError("len() of unsized object")
    for _ in range(m):
        # the arange is int64, so the dtype promotes as NumPy's does
        p = p[:-1] * arange(len(p) - 1, 0, -1)
    return p


def _constants(k, m):
    """polyint's integration constants, one per order (NumPy's rules)."""
    k = zeros(m, _np.float64) if k is None else as_1d(k)
    if len(k) == 1 and m > 1:
        k = k[0:1] * ones(m, _np.float64)
    if len(k) < m:
        raise ValueError(
            "k must be a scalar or a rank-1 array of length 1 or >m.")
    return k


def integ(p, m=1, k=None):
    """The m-th antiderivative of a polynomial, with constants k."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    k = _constants(k, m)
    p = asarray(p)
    for i in range(m):
        if p.ndim == 0:
            raise TypeError("len() of unsized object")
        p = _mn.concatenate((p / arange(len(p), 0, -1), k[i:i + 1]))
    return p


def _product_of_roots(roots):
    """The coefficients of prod(x - r), one factor at a time (NumPy
    convolves with [1, -r]; this is the same sum of two products)."""
    a = ones((1,), roots.dtype)
    for i in range(len(roots)):
        b = zeros((len(a) + 1,), roots.dtype)
        b[:-1] = a
        tail = b[1:]
        _uf.subtract(tail, a * roots[i], out=tail)
        a = b
    return a


def _conjugate_pairs(roots):
    """Whether the roots are closed under conjugation (NumPy's test for a
    real polynomial)."""
    roots = roots.astype(_np.complex128)
    return bool(_logic_truth.all(sort(roots) == sort(_uf.conjugate(roots))))


def from_roots(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots."""
    z = seq_of_zeros if isinstance(seq_of_zeros, ndarray) \
        else asarray(seq_of_zeros)
    if z.ndim == 0:
        # NumPy's dispatcher rejects a scalar the same way
        raise TypeError("dispatcher for __array_function__ did not return "
                        "an iterable")
    sh = z.shape
    if len(sh) == 2 and sh[0] == sh[1] and sh[0] != 0:
        z = eigvals(z)  # the characteristic polynomial, as NumPy
        sh = z.shape
    if len(sh) != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if z.dtype not in _ROOT_DTYPES:
        z = z.astype(_np.float64)
    if len(z) == 0:
        return 1.0  # as NumPy: a Python float, not an array
    a = _product_of_roots(z)
    if a.dtype.kind == "c" and _conjugate_pairs(z):
        a = _uf.real(a).copy()
    return a


def roots(p):
    """The roots of the polynomial with coefficients p (highest power
    first), as numpy.roots: the eigenvalues of its companion matrix, with
    leading zeros dropped and trailing zeros giving roots at 0."""
    if not isinstance(p, str) and (p.ndim == 0 if isinstance(p, ndarray)
                                   else _np.ndim(p) == 0):
        # NumPy's dispatcher returns p as the relevant arguments: a
        # scalar (a 0-d array included) is no iterable
        raise TypeError("dispatcher for __array_function__ did not return "
                        "an iterable (roots' p is a scalar)")
    p = as_1d(p)
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    nz = p.get().nonzero()[0]  # steering only: where the zeros end
    if len(nz) == 0:
        return zeros(0)
    trailing = len(p) - int(nz[-1]) - 1
    p = p[int(nz[0]):int(nz[-1]) + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(_np.float64)
    n = len(p)
    if n > 1:
        a = zeros((n - 1, n - 1), p.dtype)
        if n > 2:
            a[1:, :-1] = eye(n - 2, dtype=p.dtype)
        a[0, :] = -p[1:] / p[0]
        r = eigvals(a)
        if r.dtype.kind == "c" and p.dtype.kind != "c" and \
                not _logic_truth.any(_uf.imag(r) != 0):
            # NumPy's roots gives real roots as reals (eigvals itself does
            # not from NumPy 2.5 on)
            r = _uf.real(r).astype(p.dtype)
    else:
        # a constant has no roots: NumPy's empty float64 array, whatever
        # p's dtype, so the trailing zeros' roots are float64 too
        r = zeros(0, _np.float64)
    return _mn.concatenate((r, zeros(trailing, r.dtype)))


def horner(p, x, y):
    """y * x**N + p[0] * x**(N-1) + ... + p[N-1] (N = len(p)), by
    Horner's rule: numpy.polyval's loop, started from y (zeros like x, or
    0 when x is a poly1d)."""
    for i in range(p.shape[0]):
        y = y * x + p[i]
    return y


def check_fit_points(x, y):
    """NumPy's polyfit checks of the sample points x (1-D, not empty) and
    y (1-D or 2-D, as many rows as x): TypeError, as numpy.polyfit and
    numpy.polynomial.polynomial.polyfit raise."""
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
