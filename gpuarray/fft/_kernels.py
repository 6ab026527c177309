"""The FFT's kernels: bodies for the elementwise engine and their launchers.

Note [FFT kernels]: every pass is one elementwise launch that computes
each output element from input elements only (no shared memory, no
synchronisation, no atomics), so the host device and a GPU run the same
text and get the same numbers.  A source buffer is handed to a kernel as
a zero-stride view of its first element (Note [Advanced indexing] in
gpuarray/_indexing.py), so the body sees it as the raw pointer `p<k>` and
may read any element of it; `gpa_i` is the output element's index.  All
buffers are C-contiguous (B, N) blocks flattened to 1-D: element e is
position e % N of row e / N, so one launch serves every batch row.

  * Power-of-two N: Stockham radix-2 autosort.  Pass (m, s) with
    N = 2 m s reads x[q + s p] and x[q + s (p + m)] and writes
        y[q + s (2p)]     = a + b
        y[q + s (2p + 1)] = (a - b) w^p,   w = exp(sign 2 pi i / 2m),
    for p < m, q < s; passes run m = N/2, N/4, .. 1 (s = 1, 2, ..,
    N/2) between two buffers, and the result comes out in natural order
    (no bit reversal).
  * Other N: Bluestein's chirp-z.  With c_j = exp(sign pi i j^2 / N),
    jk = (j^2 + k^2 - (k - j)^2) / 2 gives
        X_k = c_k sum_j (x_j c_j) conj(c_{k-j}),
    a circular convolution of length M >= 2N - 1 (a power of two) done
    with the radix-2 passes; the 1/M of the inverse is folded into the
    filter conj(c_d), and the caller's norm factor into the last kernel.
Twiddles and chirps (gpa_fft_w below) reduce the angle exactly in
integers -- k mod n, j^2 mod 2N -- then to a quadrant, so the sin/cos
argument is within pi/4 and the twiddle is correct to an ulp for any
length; they are computed in double and rounded to the transform's
precision (complex64 transforms otherwise run in single precision, as
NumPy 2's pocketfft does).
"""
import numpy as _np

from .. import _core

_I64 = _np.dtype(_np.int64)

# exp(sign * 2 pi i k / n) as complex type C; sign is +1 or -1.
PREAMBLE = r"""
template <class C> struct gpa_fft_real;
template <> struct gpa_fft_real<gpa_c64> { typedef float T; };
template <> struct gpa_fft_real<gpa_c128> { typedef double T; };
template <class C>
GPA_DEVICE C gpa_fft_w(long long k, long long n, long long sign)
{
    typedef typename gpa_fft_real<C>::T T;
    k %= n;
    if (k < 0)
        k += n;
    /* 2 pi k / n = (pi / 2) (q + r / n) with q the nearest quadrant:
     * |r| <= n / 2, so the residual angle is within pi / 4. */
    const long long q = (4 * k + n / 2) / n, r = 4 * k - q * n;
    const double a = (GPA_PI / 2) * ((double)r / (double)n);
    const double c = gpa_cos(a), s = gpa_sin(a);
    double cr, sr;
    switch (q & 3) {
    case 0: cr = c; sr = s; break;
    case 1: cr = -s; sr = c; break;
    case 2: cr = -c; sr = -s; break;
    default: cr = s; sr = -c; break;
    }
    return C((T)cr, (T)(sign < 0 ? -sr : sr));
}
"""

# Each kernel: (body, operand kinds).  Kinds, inputs then the output:
# "ptr" a zero-stride view (the body reads p<k>), "arr" an elementwise
# array, "int" an int64 scalar, "real" a scalar of the real type, "cplx"
# the complex type, "out_c" / "out_r" the output (complex / real).
KERNELS = {
    # Stockham radix-2 pass: in1 = N, in2 = m, in3 = s, in4 = sign.
    "stockham": ("""
const long long N = in1, m = in2, s = in3;
const long long j = gpa_i % N, row = gpa_i - j;
const long long q = j % s, t = j / s, p = t >> 1;
const out0_t a = p0[row + q + s * p];
const out0_t b = p0[row + q + s * (p + m)];
if (t & 1)
    out0 = (a - b) * gpa_fft_w<out0_t>(p, 2 * m, in4);
else
    out0 = a + b;
""", ("ptr", "int", "int", "int", "int", "out_c")),
    # x * fct (in place or not)
    "scale": ("out0 = in0 * in1;", ("arr", "real", "out_c")),
    # Bluestein: rows of length N (in1) chirped and zero-padded to M (in2)
    "chirp_pad": ("""
const long long n = in1, M = in2;
const long long j = gpa_i % M, row = gpa_i / M;
if (j < n)
    out0 = p0[row * n + j] * gpa_fft_w<out0_t>((j * j) % (2 * n), 2 * n, in3);
else
    out0 = out0_t(0, 0);
""", ("ptr", "int", "int", "int", "out_c")),
    # Bluestein filter conj(c_d) at d = t and M - t, times in3 = 1/M
    "chirp_filter": ("""
const long long n = in0, M = in1, t = gpa_i;
const long long d = t < n ? t : (t > M - n ? M - t : -1);
if (d < 0)
    out0 = out0_t(0, 0);
else
    out0 = gpa_fft_w<out0_t>((d * d) % (2 * n), 2 * n, -in2) * in3;
""", ("int", "int", "int", "real", "out_c")),
    # pointwise product of rows of length M (in2) with one row p1
    "row_product": ("out0 = in0 * p1[gpa_i % in2];",
                    ("arr", "ptr", "int", "out_c")),
    # Bluestein: the first N (in1) of each row of M (in2), chirped, * in4
    "chirp_crop": ("""
const long long n = in1, M = in2;
const long long k = gpa_i % n, row = gpa_i / n;
out0 = p0[row * M + k] * gpa_fft_w<out0_t>((k * k) % (2 * n), 2 * n, in3)
       * in4;
""", ("ptr", "int", "int", "int", "real", "out_c")),
    # irfft: rows of H = in2 terms -> the Hermitian rows of length n = in1
    "hermitian": ("""
const long long n = in1, h = in2;
const long long j = gpa_i % n, row = gpa_i / n;
if (2 * j <= n)
    out0 = p0[row * h + j];
else
    out0 = gpa_conjugate(p0[row * h + n - j]);
""", ("ptr", "int", "int", "out_c")),
    # real part times fct
    "real_part": ("out0 = in0.re * in1;", ("arr", "real", "out_r")),
}


def real_of(ct):
    return _np.dtype(_np.float32 if ct == _np.complex64 else _np.float64)


def loop_types(name, ct):
    """The loop (= memory) dtype of each operand of kernel `name` for
    complex type ct."""
    rt = real_of(ct)
    kinds = {"ptr": ct, "arr": ct, "int": _I64, "real": rt, "cplx": ct,
             "out_c": ct, "out_r": rt}
    return tuple(_np.dtype(kinds[k]) for k in KERNELS[name][1])


def launch(name, ct, inputs, out):
    """Runs kernel `name` (complex type ct) over the 1-D output `out`;
    "ptr" inputs are given as contiguous arrays and passed as pointers."""
    body, kinds = KERNELS[name]
    ops = []
    for kind, x in zip(kinds, inputs):
        if kind == "ptr":
            x = _core._as_strided(x, out.shape, (0,) * out.ndim, 0, False)
        ops.append(x)
    _core._elementwise(body, tuple(ops), (out,), loop_types(name, ct),
                       PREAMBLE)
    return out
