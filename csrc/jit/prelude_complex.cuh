/* prelude_complex.cuh - complex elementwise math with NumPy's semantics.
 * Needs prelude_base.cuh, prelude_types.cuh and prelude_math.cuh (the real
 * overloads it builds on), in that order.
 *
 * NumPy's complex loops call the platform's C99 functions (glibc on Linux),
 * which follow C99 Annex G for infinities, nans and signed zeros.  We write
 * our own: the special cases of Annex G are listed at each function, and the
 * finite case uses an algorithm that does not overflow where the result is
 * representable.  Where NumPy uses formulas of its own (log1p, expm1, exp2,
 * log2, log10, power by small integers, sign, reciprocal) we use the same
 * formulas, so that results match NumPy's, inaccuracies included.
 *
 * All functions are templates over the component type T (float, double).
 */
#ifndef GPA_PRELUDE_COMPLEX_CUH
#define GPA_PRELUDE_COMPLEX_CUH

/* Per-type thresholds. */
template <class T> struct gpa_clim;
template <> struct gpa_clim<float> {
    static GPA_DEVICE float huge() { return 8.5e37f; }    /* max / 4 */
    static GPA_DEVICE float big() { return 1e18f; }       /* squares of smaller numbers are finite */
    static GPA_DEVICE float small() { return 1e-18f; }    /* squares of larger numbers are normal */
    static GPA_DEVICE float exp_max() { return 88.0f; }   /* exp(x) finite below */
    static GPA_DEVICE float tanh_one() { return 9.0f; }   /* tanh(x) rounds to 1 above */
};
template <> struct gpa_clim<double> {
    static GPA_DEVICE double huge() { return 4.49e307; }
    static GPA_DEVICE double big() { return 1e150; }
    static GPA_DEVICE double small() { return 1e-150; }
    static GPA_DEVICE double exp_max() { return 709.0; }
    static GPA_DEVICE double tanh_one() { return 22.0; }
};

/* -i * z and i * z, for the identities sin(z) = -i sinh(iz) etc. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_times_i(gpa_complex<T> z) { return gpa_complex<T>(-z.im, z.re); }
template <class T> GPA_DEVICE gpa_complex<T> gpa_times_mi(gpa_complex<T> z) { return gpa_complex<T>(z.im, -z.re); }

/* ------------------------------------------------------------------ */
/* Simple functions. */

template <class T> GPA_DEVICE T gpa_absolute(gpa_complex<T> z) { return gpa_hypot(z.re, z.im); }
template <class T> GPA_DEVICE gpa_complex<T> gpa_conjugate(gpa_complex<T> z) { return gpa_complex<T>(z.re, -z.im); }
template <class T> GPA_DEVICE gpa_complex<T> gpa_negative(gpa_complex<T> z) { return -z; }
template <class T> GPA_DEVICE gpa_complex<T> gpa_square(gpa_complex<T> z) { return z * z; }
template <class T> GPA_DEVICE gpa_complex<T> gpa_rint(gpa_complex<T> z)
{ return gpa_complex<T>(gpa_rint(z.re), gpa_rint(z.im)); }
template <class T> GPA_DEVICE T gpa_real(gpa_complex<T> z) { return z.re; }
template <class T> GPA_DEVICE T gpa_imag(gpa_complex<T> z) { return z.im; }
template <class T> GPA_DEVICE T gpa_angle(gpa_complex<T> z) { return gpa_arctan2(z.im, z.re); }

/* NumPy's reciprocal: Smith's division of 1 (0 gives nan + nanj). */
template <class T> GPA_DEVICE gpa_complex<T> gpa_reciprocal(gpa_complex<T> z)
{
    if (gpa_fabs(z.im) <= gpa_fabs(z.re)) {
        T r = z.im / z.re, d = z.re + z.im * r;
        return gpa_complex<T>(T(1) / d, -r / d);
    }
    T r = z.re / z.im, d = z.re * r + z.im;
    return gpa_complex<T>(r / d, T(-1) / d);
}

/* NumPy 2: z / |z|; an infinite part gives its unit direction, two
 * infinite parts or any nan (unless beside an inf) give nan. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_sign(gpa_complex<T> z)
{
    T a = gpa_hypot(z.re, z.im);
    if (gpa_isnan(a))
        return gpa_complex<T>(gpa_nan<T>(), gpa_nan<T>());
    if (gpa_isinf(a)) {
        if (gpa_isinf(z.re))
            return gpa_isinf(z.im) ? gpa_complex<T>(gpa_nan<T>(), gpa_nan<T>())
                                   : gpa_complex<T>(z.re > 0 ? T(1) : T(-1), T(0));
        return gpa_complex<T>(T(0), z.im > 0 ? T(1) : T(-1));
    }
    if (a == 0)
        return gpa_complex<T>(T(0), T(0));
    return gpa_complex<T>(z.re / a, z.im / a);
}

/* Note [Complex order] (prelude_types.cuh): maximum/minimum return the
 * first argument when it has a nan; fmax/fmin return it when the second has. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_maximum(gpa_complex<T> a, gpa_complex<T> b)
{ return (gpa_isnan(a) || gpa_cle(b, a)) ? a : b; }
template <class T> GPA_DEVICE gpa_complex<T> gpa_minimum(gpa_complex<T> a, gpa_complex<T> b)
{ return (gpa_isnan(a) || gpa_cle(a, b)) ? a : b; }
template <class T> GPA_DEVICE gpa_complex<T> gpa_fmax(gpa_complex<T> a, gpa_complex<T> b)
{ return (gpa_isnan(b) || gpa_cle(b, a)) ? a : b; }
template <class T> GPA_DEVICE gpa_complex<T> gpa_fmin(gpa_complex<T> a, gpa_complex<T> b)
{ return (gpa_isnan(b) || gpa_cle(a, b)) ? a : b; }
/* np.clip orders by (re, im) without nan guards; a nan in x (or in the
 * clipped intermediate) propagates, a nan in the imaginary part of a bound
 * only loses comparisons. */
template <class T> GPA_DEVICE bool gpa_clex_gt(gpa_complex<T> a, gpa_complex<T> b)
{ return a.re == b.re ? a.im > b.im : a.re > b.re; }
template <class T> GPA_DEVICE gpa_complex<T> gpa_clip(gpa_complex<T> x, gpa_complex<T> lo, gpa_complex<T> hi)
{
    gpa_complex<T> t = (gpa_isnan(x) || gpa_clex_gt(x, lo)) ? x : lo;
    return (gpa_isnan(t) || gpa_clex_gt(hi, t)) ? t : hi;
}

template <class T, class R> GPA_DEVICE gpa_complex<T> gpa_nan_to_num(gpa_complex<T> z, R nan, R posinf, R neginf)
{ return gpa_complex<T>(gpa_nan_to_num(z.re, nan, posinf, neginf), gpa_nan_to_num(z.im, nan, posinf, neginf)); }

template <class T, class D> GPA_DEVICE gpa_complex<T> gpa_round(gpa_complex<T> z, D d)
{ return gpa_complex<T>(gpa_round(z.re, d), gpa_round(z.im, d)); }

template <class T, class R1, class R2, class E>
GPA_DEVICE bool gpa_isclose(gpa_complex<T> a, gpa_complex<T> b, R1 rtol, R2 atol, E equal_nan)
{
    bool r = a == b;
    if (!r && gpa_isfinite(b))
        r = gpa_absolute(a - b) <= gpa_cast<T>(atol) + gpa_cast<T>(rtol) * gpa_absolute(b);
    if (!r && gpa_nonzero(equal_nan))
        r = gpa_isnan(a) && gpa_isnan(b);
    return r;
}

/* ------------------------------------------------------------------ */
/* sqrt.  Annex G: csqrt(+-0 + i0) = +0 + i0; csqrt(x + iinf) = +inf + iinf;
 * csqrt(-inf + iy) = +0 + iinf; csqrt(+inf + iy) = +inf + i0;
 * csqrt(-inf + inan) = nan + iinf; csqrt(+inf + inan) = +inf + inan;
 * csqrt(nan + iy) = nan + inan.  Conjugate-symmetric. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_sqrt(gpa_complex<T> z)
{
    T x = z.re, y = z.im;
    if (x == 0 && y == 0)
        return gpa_complex<T>(T(0), y);
    if (gpa_isinf(y))
        return gpa_complex<T>(gpa_inf<T>(), y);
    if (gpa_isnan(x))
        return gpa_complex<T>(x, x);
    if (gpa_isinf(x)) {
        if (gpa_signbit(x))
            return gpa_complex<T>(gpa_fabs(y - y), gpa_copysign(gpa_inf<T>(), y));
        return gpa_complex<T>(x, gpa_copysign(y - y, y));
    }
    if (gpa_isnan(y))
        return gpa_complex<T>(y, y);
    /* t = sqrt((|x| + |z|) / 2), scaled so that the sum cannot overflow
     * and halving a subnormal loses no bits. */
    T ax = gpa_fabs(x), ay = gpa_fabs(y), scale = T(1);
    if (ax > gpa_clim<T>::huge() || ay > gpa_clim<T>::huge()) {
        ax *= T(0.25); ay *= T(0.25); scale = T(2);
    } else if (ax < gpa_clim<T>::small() && ay < gpa_clim<T>::small()) {
        const T up = T(18446744073709551616.0); /* 2^64: an even power, exact */
        ax *= up; ay *= up; scale = T(1) / T(4294967296.0);
    }
    T t = gpa_sqrt((ax + gpa_hypot(ax, ay)) * T(0.5));
    if (x >= 0)
        return gpa_complex<T>(t * scale, gpa_copysign((ay / (2 * t)) * scale, y));
    return gpa_complex<T>((ay / (2 * t)) * scale, gpa_copysign(t * scale, y));
}

/* ------------------------------------------------------------------ */
/* exp.  Annex G: cexp(+-0 + i0) = 1 + i0; cexp(x + iinf) = nan + inan
 * (finite x); cexp(+inf + i0) = +inf + i0; cexp(-inf + iy) = +0 cis(y);
 * cexp(+inf + iy) = +inf cis(y) (finite y != 0); cexp(-inf + iinf/inan) =
 * +-0 +- i0; cexp(+inf + iinf/inan) = +-inf + inan; cexp(nan + i0) =
 * nan + i0; cexp(nan + iy) = nan + inan. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_exp(gpa_complex<T> z)
{
    T x = z.re, y = z.im;
    if (gpa_isfinite(x)) {
        if (y == 0)
            return gpa_complex<T>(gpa_exp(x), y);
        if (!gpa_isfinite(y))
            return gpa_complex<T>(y - y, y - y);
        if (x > gpa_clim<T>::exp_max()) { /* exp(x) overflows; cis(y) may shrink it back */
            T h = gpa_exp(x * T(0.5));
            return gpa_complex<T>(h * gpa_cos(y) * h, h * gpa_sin(y) * h);
        }
        T e = gpa_exp(x);
        return gpa_complex<T>(e * gpa_cos(y), e * gpa_sin(y));
    }
    if (gpa_isnan(x))
        return y == 0 ? gpa_complex<T>(x, y) : gpa_complex<T>(x, x);
    if (x > 0) {
        if (y == 0)
            return gpa_complex<T>(x, y);
        if (!gpa_isfinite(y))
            return gpa_complex<T>(x, y - y);
        return gpa_complex<T>(x * gpa_cos(y), x * gpa_sin(y));
    }
    if (!gpa_isfinite(y))
        return gpa_complex<T>(T(0), T(0));
    return gpa_complex<T>(T(0) * gpa_cos(y), T(0) * gpa_sin(y));
}

/* NumPy: exp2(z) = exp(z ln 2), expm1 by its own formula. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_exp2(gpa_complex<T> z)
{ return gpa_exp(gpa_complex<T>(z.re * T(GPA_LN2), z.im * T(GPA_LN2))); }
template <class T> GPA_DEVICE gpa_complex<T> gpa_expm1(gpa_complex<T> z)
{
    T a = gpa_sin(z.im / 2);
    return gpa_complex<T>(gpa_expm1(z.re) * gpa_cos(z.im) - 2 * a * a, gpa_exp(z.re) * gpa_sin(z.im));
}

/* ------------------------------------------------------------------ */
/* log.  log|z| + i arg z.  Annex G cases follow from hypot and atan2
 * (clog(-0 + i0) = -inf + ipi, clog(-inf + iinf) = +inf + i3pi/4, and a nan
 * beside an inf gives +inf + inan).  Near |z| == 1, log1p of |z|^2 - 1
 * keeps the real part accurate; huge |z| is halved before hypot. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_log(gpa_complex<T> z)
{
    T x = z.re, y = z.im, ax = gpa_fabs(x), ay = gpa_fabs(y);
    T im = gpa_arctan2(y, x), re;
    if (ax > gpa_clim<T>::huge() || ay > gpa_clim<T>::huge()) {
        re = gpa_log(gpa_hypot(x * T(0.5), y * T(0.5))) + T(GPA_LN2);
    } else {
        T h = gpa_hypot(x, y);
        if (h >= T(0.5) && h <= T(2)) {
            T a = ax > ay ? ax : ay, b = ax > ay ? ay : ax;
            re = T(0.5) * gpa_log1p((a - 1) * (a + 1) + b * b);
        } else {
            re = gpa_log(h);
        }
    }
    return gpa_complex<T>(re, im);
}
template <class T> GPA_DEVICE gpa_complex<T> gpa_log2(gpa_complex<T> z)
{ gpa_complex<T> r = gpa_log(z); return gpa_complex<T>(r.re * T(GPA_LOG2E), r.im * T(GPA_LOG2E)); }
template <class T> GPA_DEVICE gpa_complex<T> gpa_log10(gpa_complex<T> z)
{ gpa_complex<T> r = gpa_log(z); return gpa_complex<T>(r.re * T(GPA_LOG10E), r.im * T(GPA_LOG10E)); }
/* NumPy's formula: log|z + 1| + i arg(z + 1). */
template <class T> GPA_DEVICE gpa_complex<T> gpa_log1p(gpa_complex<T> z)
{
    T xp1 = z.re + 1;
    return gpa_complex<T>(gpa_log(gpa_hypot(xp1, z.im)), gpa_arctan2(z.im, xp1));
}

/* ------------------------------------------------------------------ */
/* The product of C99 Annex G (what C compilers emit for complex `*`):
 * when the textbook formula gives nan + inan but an operand is infinite,
 * recompute with the infinities boxed to +-1 and nans zeroed, so that the
 * result is an infinity.  Used where NumPy relies on the C library's cpow. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_cmul_annexg(gpa_complex<T> z, gpa_complex<T> w)
{
    T a = z.re, b = z.im, c = w.re, d = w.im;
    T ac = a * c, bd = b * d, ad = a * d, bc = b * c;
    T x = ac - bd, y = ad + bc;
    if (!gpa_isnan(x) || !gpa_isnan(y))
        return gpa_complex<T>(x, y);
    bool again = false;
    if (gpa_isinf(a) || gpa_isinf(b)) {
        a = gpa_copysign(gpa_isinf(a) ? T(1) : T(0), a);
        b = gpa_copysign(gpa_isinf(b) ? T(1) : T(0), b);
        if (gpa_isnan(c)) c = gpa_copysign(T(0), c);
        if (gpa_isnan(d)) d = gpa_copysign(T(0), d);
        again = true;
    }
    if (gpa_isinf(c) || gpa_isinf(d)) {
        c = gpa_copysign(gpa_isinf(c) ? T(1) : T(0), c);
        d = gpa_copysign(gpa_isinf(d) ? T(1) : T(0), d);
        if (gpa_isnan(a)) a = gpa_copysign(T(0), a);
        if (gpa_isnan(b)) b = gpa_copysign(T(0), b);
        again = true;
    }
    if (!again && (gpa_isinf(ac) || gpa_isinf(bd) || gpa_isinf(ad) || gpa_isinf(bc))) {
        if (gpa_isnan(a)) a = gpa_copysign(T(0), a);
        if (gpa_isnan(b)) b = gpa_copysign(T(0), b);
        if (gpa_isnan(c)) c = gpa_copysign(T(0), c);
        if (gpa_isnan(d)) d = gpa_copysign(T(0), d);
        again = true;
    }
    if (again) {
        x = gpa_inf<T>() * (a * c - b * d);
        y = gpa_inf<T>() * (a * d + b * c);
    }
    return gpa_complex<T>(x, y);
}

/* ------------------------------------------------------------------ */
/* power: NumPy's rules.  z**0 = 1; 0**w is 0 when Re w > 0, else nan;
 * small integer exponents (|n| < 100) by repeated multiplication (exact
 * for Gaussian integers, inf-friendly for n <= 3); else exp(w log z). */
template <class T> GPA_DEVICE gpa_complex<T> gpa_power(gpa_complex<T> a, gpa_complex<T> b)
{
    if (b.re == 0 && b.im == 0)
        return gpa_complex<T>(T(1), T(0));
    if (a.re == 0 && a.im == 0) {
        if (b.re > 0)
            return gpa_complex<T>(T(0), T(0));
        return gpa_complex<T>(gpa_nan<T>(), gpa_nan<T>());
    }
    if (b.im == 0 && b.re == gpa_trunc(b.re) && gpa_fabs(b.re) < T(100)) {
        int n = (int)b.re;
        if (n == 1)
            return a;
        if (n == 2)
            return a * a;
        if (n == 3)
            return (a * a) * a;
        int m = n < 0 ? -n : n;
        gpa_complex<T> acc(T(1), T(0)), p = a;
        for (;;) {
            if (m & 1)
                acc = acc * p;
            m >>= 1;
            if (m == 0)
                break;
            p = p * p;
        }
        return n < 0 ? gpa_complex<T>(T(1), T(0)) / acc : acc;
    }
    return gpa_exp(gpa_cmul_annexg(b, gpa_log(a)));
}
template <class T> GPA_DEVICE gpa_complex<T> gpa_float_power(gpa_complex<T> a, gpa_complex<T> b) { return gpa_power(a, b); }

/* ------------------------------------------------------------------ */
/* Hyperbolic functions; the circular ones follow from
 * sin(z) = -i sinh(iz), cos(z) = cosh(iz), tan(z) = -i tanh(iz). */

/* Annex G: csinh(+0 + i0) = +0 + i0; csinh(+0 + iinf/inan) = +-0 + inan;
 * csinh(x + iinf/inan) = nan + inan (finite x != 0); csinh(+inf + i0) =
 * +inf + i0; csinh(+inf + iy) = +inf cis(y); csinh(+inf + iinf/inan) =
 * +-inf + inan; csinh(nan + i0) = nan + i0; csinh(nan + iy) = nan + inan. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_sinh(gpa_complex<T> z)
{
    T x = z.re, y = z.im;
    if (gpa_isfinite(x) && gpa_isfinite(y)) {
        if (y == 0)
            return gpa_complex<T>(gpa_sinh(x), y);
        if (gpa_fabs(x) < gpa_clim<T>::exp_max())
            return gpa_complex<T>(gpa_sinh(x) * gpa_cos(y), gpa_cosh(x) * gpa_sin(y));
        /* sinh ~ cosh ~ exp(|x|)/2: split the exponential to delay overflow */
        T h = gpa_exp(gpa_fabs(x) * T(0.5)), hh = h * T(0.5);
        return gpa_complex<T>(gpa_copysign(T(1), x) * (hh * gpa_cos(y) * h), hh * gpa_sin(y) * h);
    }
    if (x == 0)
        return gpa_complex<T>(x, y - y);
    if (y == 0)
        return gpa_complex<T>(x, y);
    if (gpa_isfinite(x))
        return gpa_complex<T>(y - y, y - y);
    if (gpa_isinf(x)) {
        if (!gpa_isfinite(y)) /* sign unspecified by C99; glibc gives +inf */
            return gpa_complex<T>(x * x, y - y);
        return gpa_complex<T>(x * gpa_cos(y), gpa_inf<T>() * gpa_sin(y));
    }
    return gpa_complex<T>(x, x + y); /* nan x, y != 0 */
}

/* Annex G: ccosh(+0 + i0) = 1 + i0; ccosh(+0 + iinf/inan) = nan +- i0;
 * ccosh(x + iinf/inan) = nan + inan (finite x != 0); ccosh(+inf + i0) =
 * +inf + i0; ccosh(+inf + iy) = +inf cis(y); ccosh(+inf + iinf) = +-inf +
 * inan; ccosh(+inf + inan) = +inf + inan; ccosh(nan + i0) = nan +- i0;
 * ccosh(nan + iy) = nan + inan.  Even and conjugate-symmetric. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_cosh(gpa_complex<T> z)
{
    T x = z.re, y = z.im;
    if (gpa_isfinite(x) && gpa_isfinite(y)) {
        if (y == 0)
            return gpa_complex<T>(gpa_cosh(x), x * y);
        if (gpa_fabs(x) < gpa_clim<T>::exp_max())
            return gpa_complex<T>(gpa_cosh(x) * gpa_cos(y), gpa_sinh(x) * gpa_sin(y));
        T h = gpa_exp(gpa_fabs(x) * T(0.5)), hh = h * T(0.5);
        return gpa_complex<T>(hh * gpa_cos(y) * h, gpa_copysign(T(1), x) * (hh * gpa_sin(y) * h));
    }
    if (x == 0)
        return gpa_complex<T>(y - y, x * gpa_copysign(T(1), y - y));
    if (y == 0)
        return gpa_complex<T>(x * x, gpa_signbit(x) ? -y : y);
    if (gpa_isfinite(x))
        return gpa_complex<T>(y - y, y - y);
    if (gpa_isinf(x)) {
        if (!gpa_isfinite(y))
            return gpa_complex<T>(x * x, x * (y - y));
        return gpa_complex<T>(gpa_inf<T>() * gpa_cos(y), x * gpa_sin(y));
    }
    return gpa_complex<T>(x * x, x + y); /* nan x, y != 0 */
}

/* Annex G (C23 wording for x = 0): ctanh(+0 + i0) = +0 + i0;
 * ctanh(+0 + iinf/inan) = +0 + inan; ctanh(x + iinf/inan) = nan + inan
 * (finite x != 0); ctanh(+inf + iy) = 1 + i0 sin(2y); ctanh(+inf +
 * iinf/inan) = 1 +- i0; ctanh(nan + i0) = nan + i0; ctanh(nan + iy) =
 * nan + inan.  Finite case: Kahan's formula with t = tan y, s = sinh x. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_tanh(gpa_complex<T> z)
{
    T x = z.re, y = z.im;
    if (gpa_isfinite(x) && gpa_isfinite(y)) {
        if (gpa_fabs(x) > gpa_clim<T>::tanh_one()) {
            T e = gpa_exp(T(-2) * gpa_fabs(x));
            return gpa_complex<T>(gpa_copysign(T(1), x), T(4) * gpa_sin(y) * gpa_cos(y) * e);
        }
        T t = gpa_tan(y), b = 1 + t * t, s = gpa_sinh(x), rho = gpa_sqrt(1 + s * s);
        T d = 1 + b * s * s;
        return gpa_complex<T>(b * rho * s / d, t / d);
    }
    if (gpa_isinf(x)) {
        T im = gpa_isfinite(y) ? gpa_copysign(T(0), gpa_sin(2 * y)) : gpa_copysign(T(0), y);
        return gpa_complex<T>(gpa_copysign(T(1), x), im);
    }
    if (gpa_isnan(x))
        return y == 0 ? gpa_complex<T>(x, y) : gpa_complex<T>(x, x + y);
    return gpa_complex<T>(x == 0 ? x : y - y, y - y); /* finite x, y inf/nan */
}

template <class T> GPA_DEVICE gpa_complex<T> gpa_sin(gpa_complex<T> z)
{
    if (!gpa_isfinite(z.re) && gpa_isinf(z.im)) /* sign unspecified; glibc's +inf */
        return gpa_complex<T>(z.re - z.re, gpa_inf<T>());
    return gpa_times_mi(gpa_sinh(gpa_times_i(z)));
}
template <class T> GPA_DEVICE gpa_complex<T> gpa_cos(gpa_complex<T> z) { return gpa_cosh(gpa_times_i(z)); }
template <class T> GPA_DEVICE gpa_complex<T> gpa_tan(gpa_complex<T> z) { return gpa_times_mi(gpa_tanh(gpa_times_i(z))); }

/* ------------------------------------------------------------------ */
/* Inverse sine and cosine: the algorithm of Hull, Fairgrieve and Tang
 * (ACM TOMS 23(3), 1997) for finite x, y >= 0.  It returns
 *   as = Re asin(x + iy), ac = Re acos(x + iy) (both in [0, pi/2]) and
 *   im = |Im asin(x + iy)| = |Im acos(x + iy)|,
 * choosing between asin/acos of B = x/A and an atan form near the branch
 * points, and log1p near A == 1, so that no term cancels. */
template <class T> GPA_DEVICE void gpa_casin_core(T x, T y, T &as, T &ac, T &im)
{
    if (x > gpa_clim<T>::big() || y > gpa_clim<T>::big()) {
        /* asin(z) ~ -i log(2iz): the squares below would overflow */
        im = gpa_log(gpa_hypot(x * T(0.5), y * T(0.5))) + T(2 * GPA_LN2);
        as = gpa_arctan2(x, y);
        ac = gpa_arctan2(y, x);
        return;
    }
    T r = gpa_hypot(x + 1, y), s = gpa_hypot(x - 1, y);
    T A = T(0.5) * (r + s), B = x / A, yy = y * y;
    if (B <= T(0.6417)) {
        as = gpa_arcsin(B);
        ac = gpa_arccos(B);
    } else if (x <= 1) {
        T f = gpa_sqrt(T(0.5) * (A + x) * (yy / (r + x + 1) + (s + (1 - x))));
        as = gpa_arctan(x / f);
        ac = gpa_arctan(f / x);
    } else {
        T apx = A + x;
        T q = y * gpa_sqrt(T(0.5) * (apx / (r + x + 1) + apx / (s + (x - 1))));
        as = gpa_arctan(x / q);
        ac = gpa_arctan(q / x);
    }
    if (x < 1 && y < gpa_clim<T>::small()) {
        im = y / gpa_sqrt((1 - x) * (1 + x)); /* y*y would underflow */
    } else if (A <= T(1.5)) {
        T am1 = x < 1 ? T(0.5) * (yy / (r + x + 1) + yy / (s + (1 - x)))
                      : T(0.5) * (yy / (r + x + 1) + (s + (x - 1)));
        im = gpa_log1p(am1 + gpa_sqrt(am1 * (A + 1)));
    } else {
        im = gpa_log(A + gpa_sqrt(A * A - 1));
    }
}

/* Annex G: casinh(+0 + i0) = +0 + i0; casinh(x + iinf) = +inf + ipi/2;
 * casinh(x + inan) = nan + inan (finite x); casinh(+inf + iy) = +inf + i0;
 * casinh(+inf + iinf) = +inf + ipi/4; casinh(+inf + inan) = +inf + inan;
 * casinh(nan + i0) = nan + i0; casinh(nan + iy) = nan + inan;
 * casinh(nan + iinf) = +-inf + inan.  Odd and conjugate-symmetric. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_arcsinh(gpa_complex<T> z)
{
    T x = z.re, y = z.im, ax = gpa_fabs(x), ay = gpa_fabs(y), re, im;
    if (gpa_isnan(x) || gpa_isnan(y)) {
        if (gpa_isinf(ax) || gpa_isinf(ay))
            return gpa_complex<T>(gpa_copysign(gpa_inf<T>(), x), gpa_nan<T>());
        if (y == 0)
            return gpa_complex<T>(x, y);
        return gpa_complex<T>(gpa_nan<T>(), gpa_nan<T>());
    }
    if (gpa_isinf(ax) || gpa_isinf(ay)) {
        re = gpa_inf<T>();
        im = gpa_arctan2(ay, ax);
    } else {
        T ac;
        gpa_casin_core(ay, ax, im, ac, re); /* asinh(z) = -i asin(iz) */
    }
    return gpa_complex<T>(gpa_copysign(re, x), gpa_copysign(im, y));
}
template <class T> GPA_DEVICE gpa_complex<T> gpa_arcsin(gpa_complex<T> z)
{ return gpa_times_mi(gpa_arcsinh(gpa_times_i(z))); }

/* Annex G: cacos(+-0 + i0) = pi/2 - i0; cacos(+-0 + inan) = pi/2 + inan;
 * cacos(x + iinf) = pi/2 - iinf; cacos(x + inan) = nan + inan (x != 0);
 * cacos(-inf + iy) = pi - iinf; cacos(+inf + iy) = +0 - iinf;
 * cacos(-inf + iinf) = 3pi/4 - iinf; cacos(+inf + iinf) = pi/4 - iinf;
 * cacos(+-inf + inan) = nan +- iinf; cacos(nan + iy) = nan + inan;
 * cacos(nan + iinf) = nan - iinf.  Conjugate-symmetric. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_arccos(gpa_complex<T> z)
{
    T x = z.re, y = z.im, ax = gpa_fabs(x), ay = gpa_fabs(y);
    if (gpa_isnan(x) || gpa_isnan(y)) {
        if (gpa_isinf(x))
            return gpa_complex<T>(y, -gpa_inf<T>());
        if (gpa_isinf(y))
            return gpa_complex<T>(x, -y);
        if (x == 0)
            return gpa_complex<T>(T(GPA_PI / 2), y);
        return gpa_complex<T>(gpa_nan<T>(), gpa_nan<T>());
    }
    if (gpa_isinf(ax) || gpa_isinf(ay))
        return gpa_complex<T>(gpa_arctan2(ay, x), -gpa_copysign(gpa_inf<T>(), y));
    T as, ac, im;
    gpa_casin_core(ax, ay, as, ac, im);
    return gpa_complex<T>(gpa_signbit(x) ? T(GPA_PI) - ac : ac, -gpa_copysign(im, y));
}
/* acosh(z) = +-i acos(z), the sign making the real part non-negative. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_arccosh(gpa_complex<T> z)
{
    gpa_complex<T> w = gpa_arccos(z);
    if (gpa_isnan(w.im))
        return gpa_complex<T>(w.im, w.re);
    return gpa_complex<T>(gpa_fabs(w.im), gpa_copysign(w.re, z.im));
}

/* ------------------------------------------------------------------ */
/* Inverse tangents.  Annex G: catanh(+0 + i0) = +0 + i0; catanh(+0 + inan)
 * = +0 + inan; catanh(+1 + i0) = +inf + i0; catanh(x + iinf) = +0 + ipi/2;
 * catanh(x + inan) = nan + inan (x != 0); catanh(+inf + iy) = +0 + ipi/2;
 * catanh(+inf + iinf) = +0 + ipi/2; catanh(+inf + inan) = +0 + inan;
 * catanh(nan + iy) = nan + inan; catanh(nan + iinf) = +-0 + ipi/2.
 * Odd and conjugate-symmetric.  Finite case (x, y >= 0):
 *   Re = log1p(4x / ((1-x)^2 + y^2)) / 4,  Im = atan2(2y, (1-x)(1+x) - y^2) / 2. */
template <class T> GPA_DEVICE gpa_complex<T> gpa_arctanh(gpa_complex<T> z)
{
    T x = z.re, y = z.im, ax = gpa_fabs(x), ay = gpa_fabs(y), re, im;
    if (gpa_isnan(x) || gpa_isnan(y)) {
        if (gpa_isinf(ax))
            return gpa_complex<T>(gpa_copysign(T(0), x), gpa_nan<T>());
        if (gpa_isinf(ay))
            return gpa_complex<T>(gpa_copysign(T(0), x), gpa_copysign(T(GPA_PI / 2), y));
        if (x == 0)
            return gpa_complex<T>(x, gpa_nan<T>());
        return gpa_complex<T>(gpa_nan<T>(), gpa_nan<T>());
    }
    if (gpa_isinf(ax) || gpa_isinf(ay)) {
        re = T(0);
        im = T(GPA_PI / 2);
    } else if (ax > gpa_clim<T>::big() || ay > gpa_clim<T>::big()) {
        T h = gpa_hypot(ax * T(0.5), ay * T(0.5)); /* Re ~ x / |z|^2 */
        re = ((ax / h) / h) * T(0.25);
        im = T(GPA_PI / 2);
    } else if (ax == 1 && ay > 0 && ay < gpa_clim<T>::small()) {
        re = ay == 0 ? gpa_inf<T>() : T(0.5) * (T(GPA_LN2) - gpa_log(ay));
        im = T(0.5) * gpa_arctan2(2 * ay, -ay * ay);
    } else {
        T omx = 1 - ax;
        re = T(0.25) * gpa_log1p(4 * ax / (omx * omx + ay * ay));
        im = T(0.5) * gpa_arctan2(2 * ay, omx * (1 + ax) - ay * ay);
    }
    return gpa_complex<T>(gpa_copysign(re, x), gpa_copysign(im, y));
}
template <class T> GPA_DEVICE gpa_complex<T> gpa_arctan(gpa_complex<T> z)
{ return gpa_times_mi(gpa_arctanh(gpa_times_i(z))); }

#endif /* GPA_PRELUDE_COMPLEX_CUH */
