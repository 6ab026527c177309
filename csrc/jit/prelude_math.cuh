/* prelude_math.cuh - elementwise math with NumPy's semantics, for bool,
 * integers, float16, float32 and float64.  Needs prelude_base.cuh and
 * prelude_types.cuh; prelude_complex.cuh adds the complex overloads.
 *
 * Conventions:
 *   - Every function is `gpa_<numpy name>` and overloaded per type, so that
 *     one ufunc body ("out0 = gpa_sqrt(in0);") serves every loop.
 *   - Integer helpers are templates restricted with GPA_REQ; float and
 *     double are plain overloads calling the C math library (NVRTC has it
 *     built in, g++ gets it from <cmath>).
 *   - float16 computes in float and rounds once at the end: what NumPy's
 *     'e' loops do.
 *   - Integer arithmetic that may overflow is done on GPA_UW(T) (unsigned),
 *     so wrap-around is defined behaviour, as NumPy's results assume.
 *   - Division by zero never traps (no SIGFPE on the host): results are what
 *     NumPy stores, and the host side raises NumPy's warnings/errors.
 */
#ifndef GPA_PRELUDE_MATH_CUH
#define GPA_PRELUDE_MATH_CUH

#define GPA_PI 3.141592653589793238462643383279502884
#define GPA_LN2 0.693147180559945309417232121458176568
#define GPA_LOG2E 1.442695040888963407359924681001892137
#define GPA_LOG10E 0.434294481903251827651128918916605082

/* ------------------------------------------------------------------ */
/* Wrappers of the C math library: one name for float, double and half. */

#define GPA_F1(name, ff, df)                                                           \
    GPA_DEVICE float name(float x) { return ff(x); }                                   \
    GPA_DEVICE double name(double x) { return df(x); }                                 \
    GPA_DEVICE gpa_half name(gpa_half x) { return gpa_half(ff((float)x)); }
GPA_F1(gpa_sqrt, sqrtf, sqrt)
GPA_F1(gpa_cbrt, cbrtf, cbrt)
GPA_F1(gpa_exp, expf, exp)
GPA_F1(gpa_exp2, exp2f, exp2)
GPA_F1(gpa_expm1, expm1f, expm1)
GPA_F1(gpa_log, logf, log)
GPA_F1(gpa_log2, log2f, log2)
GPA_F1(gpa_log10, log10f, log10)
GPA_F1(gpa_log1p, log1pf, log1p)
GPA_F1(gpa_sin, sinf, sin)
GPA_F1(gpa_cos, cosf, cos)
GPA_F1(gpa_tan, tanf, tan)
GPA_F1(gpa_arcsin, asinf, asin)
GPA_F1(gpa_arccos, acosf, acos)
GPA_F1(gpa_arctan, atanf, atan)
GPA_F1(gpa_sinh, sinhf, sinh)
GPA_F1(gpa_cosh, coshf, cosh)
GPA_F1(gpa_tanh, tanhf, tanh)
GPA_F1(gpa_arcsinh, asinhf, asinh)
GPA_F1(gpa_arccosh, acoshf, acosh)
GPA_F1(gpa_arctanh, atanhf, atanh)
GPA_F1(gpa_floor, floorf, floor)
GPA_F1(gpa_ceil, ceilf, ceil)
GPA_F1(gpa_trunc, truncf, trunc)
GPA_F1(gpa_rint, rintf, rint) /* round half to even */
#undef GPA_F1
GPA_DEVICE gpa_half gpa_fabs(gpa_half x) { return gpa_half_from_bits(x.bits & 0x7fffu); }

#define GPA_F2(name, ff, df)                                                           \
    GPA_DEVICE float name(float x, float y) { return ff(x, y); }                       \
    GPA_DEVICE double name(double x, double y) { return df(x, y); }                    \
    GPA_DEVICE gpa_half name(gpa_half x, gpa_half y) { return gpa_half(ff((float)x, (float)y)); }
GPA_F2(gpa_arctan2, atan2f, atan2)
GPA_F2(gpa_hypot, hypotf, hypot)
GPA_F2(gpa_fmod, fmodf, fmod)
GPA_F2(gpa_power, powf, pow)
#undef GPA_F2
GPA_DEVICE float gpa_copysign(float x, float y) { return copysignf(x, y); }
GPA_DEVICE double gpa_copysign(double x, double y) { return copysign(x, y); }
GPA_DEVICE gpa_half gpa_copysign(gpa_half x, gpa_half y)
{ return gpa_half_from_bits((gpa_u16)((x.bits & 0x7fffu) | (y.bits & 0x8000u))); }
GPA_DEVICE double gpa_float_power(double x, double y) { return pow(x, y); }

/* Exact types: rounding is the identity (NumPy 2 has int loops for these). */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_floor(T x) { return x; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_ceil(T x) { return x; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_trunc(T x) { return x; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_rint(T x) { return x; }

/* Real constants in the working type T. */
template <class T> GPA_DEVICE T gpa_inf() { return (T)gpa_inf_d(); }
template <class T> GPA_DEVICE T gpa_nan() { return (T)gpa_nan_d(); }

/* ------------------------------------------------------------------ */
/* Division family.
 *
 * Integers (NumPy): x // 0 == x % 0 == 0; MIN // -1 wraps to MIN and
 * MIN % -1 == 0 (computed without the trapping instruction); the quotient
 * rounds toward -inf and the remainder takes the divisor's sign. */

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_floor_divide(T a, T b)
{
    if (b == 0)
        return 0;
    if (gpa_tr<T>::is_signed && b == (T)-1)
        return (T)((GPA_UW(T))0 - (GPA_UW(T))a);
    T q = (T)(a / b);
    if (gpa_tr<T>::is_signed && (T)(q * b) != a && ((a < 0) != (b < 0)))
        q = (T)(q - 1);
    return q;
}

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_remainder(T a, T b)
{
    if (b == 0 || (gpa_tr<T>::is_signed && b == (T)-1))
        return 0;
    T r = (T)(a % b);
    if (gpa_tr<T>::is_signed && r != 0 && ((r < 0) != (b < 0)))
        r = (T)(r + b);
    return r;
}

/* C remainder (sign of the dividend). */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_fmod(T a, T b)
{
    if (b == 0 || (gpa_tr<T>::is_signed && b == (T)-1))
        return 0;
    return (T)(a % b);
}

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), void) gpa_divmod(T a, T b, T &q, T &r)
{
    q = gpa_floor_divide(a, b);
    r = gpa_remainder(a, b);
}

/* Floats: NumPy's npy_divmod.  The quotient is computed from fmod so that
 * q * b + r == a holds as closely as possible, then floored; a zero
 * remainder takes the divisor's sign and a zero quotient the sign of a/b. */
template <class T> GPA_DEVICE T gpa_divmod_real(T a, T b, T &mod)
{
    T m = gpa_fmod(a, b);
    if (b == 0) { /* fmod gave nan; the quotient is a / b (inf or nan) */
        mod = m;
        return a / b;
    }
    T div = (a - m) / b;
    if (m != 0) {
        if ((b < 0) != (m < 0)) {
            m += b;
            div -= T(1);
        }
    } else {
        m = gpa_copysign(T(0), b);
    }
    T q;
    if (div != 0) {
        q = gpa_floor(div);
        if (div - q > T(0.5))
            q += T(1);
    } else {
        q = gpa_copysign(T(0), a / b);
    }
    mod = m;
    return q;
}

#define GPA_DIVFAM(T)                                                                   \
    GPA_DEVICE T gpa_floor_divide(T a, T b)                                             \
    { T m; return b == 0 ? a / b : gpa_divmod_real(a, b, m); }                         \
    GPA_DEVICE T gpa_remainder(T a, T b)                                                \
    { T m; if (b == 0) return gpa_fmod(a, b); gpa_divmod_real(a, b, m); return m; }    \
    GPA_DEVICE void gpa_divmod(T a, T b, T &q, T &r) { q = gpa_divmod_real(a, b, r); }
GPA_DIVFAM(float)
GPA_DIVFAM(double)
#undef GPA_DIVFAM
GPA_DEVICE gpa_half gpa_floor_divide(gpa_half a, gpa_half b) { return gpa_half(gpa_floor_divide((float)a, (float)b)); }
GPA_DEVICE gpa_half gpa_remainder(gpa_half a, gpa_half b) { return gpa_half(gpa_remainder((float)a, (float)b)); }
GPA_DEVICE void gpa_divmod(gpa_half a, gpa_half b, gpa_half &q, gpa_half &r)
{
    float fr, fq = gpa_divmod_real((float)a, (float)b, fr);
    q = gpa_half(fq);
    r = gpa_half(fr);
}

/* ------------------------------------------------------------------ */
/* Powers. */

/* Integers: by squaring, wrapping like NumPy.  A negative exponent gives 0
 * here; NumPy raises ValueError, which the host side checks for. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_power(T a, T b)
{
    if (gpa_tr<T>::is_signed && b < 0)
        return 0;
    GPA_UW(T) r = 1, base = (GPA_UW(T))a;
    gpa_u64 e = (gpa_u64)b;
    while (e) {
        if (e & 1)
            r *= base;
        base *= base;
        e >>= 1;
    }
    return (T)r;
}

/* ------------------------------------------------------------------ */
/* Unary arithmetic. */

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_absolute(T x)
{
    if (!gpa_tr<T>::is_signed || x >= 0)
        return x;
    return (T)((GPA_UW(T))0 - (GPA_UW(T))x); /* MIN stays MIN */
}
GPA_DEVICE bool gpa_absolute(bool x) { return x; }
GPA_DEVICE float gpa_absolute(float x) { return fabsf(x); }
GPA_DEVICE double gpa_absolute(double x) { return fabs(x); }
GPA_DEVICE gpa_half gpa_absolute(gpa_half x) { return gpa_half_from_bits(x.bits & 0x7fffu); }

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_negative(T x)
{ return (T)((GPA_UW(T))0 - (GPA_UW(T))x); }
GPA_DEVICE float gpa_negative(float x) { return -x; }
GPA_DEVICE double gpa_negative(double x) { return -x; }
GPA_DEVICE gpa_half gpa_negative(gpa_half x) { return -x; }

template <class T> GPA_DEVICE T gpa_positive(T x) { return x; }
template <class T> GPA_DEVICE T gpa_conjugate(T x) { return x; }

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_square(T x)
{ return (T)((GPA_UW(T))x * (GPA_UW(T))x); }
GPA_DEVICE float gpa_square(float x) { return x * x; }
GPA_DEVICE double gpa_square(double x) { return x * x; }
GPA_DEVICE gpa_half gpa_square(gpa_half x) { return x * x; }

/* NumPy computes 1.0 / x in double and converts back.  For x == 0 the
 * result is what x86-64 produces for (int)inf: MIN for 32- and 64-bit
 * signed types, 0 otherwise.  We store that without dividing by zero. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_reciprocal(T x)
{
    if (x == 0)
        return (gpa_tr<T>::is_signed && sizeof(T) >= 4) ? (T)((GPA_UW(T))1 << (8 * sizeof(T) - 1)) : (T)0;
    if (x == 1)
        return 1;
    if (gpa_tr<T>::is_signed && x == (T)-1)
        return (T)-1;
    return 0;
}
GPA_DEVICE float gpa_reciprocal(float x) { return 1.0f / x; }
GPA_DEVICE double gpa_reciprocal(double x) { return 1.0 / x; }
GPA_DEVICE gpa_half gpa_reciprocal(gpa_half x) { return gpa_half(1.0f / (float)x); }

/* sign: -1, 0, 1; nan stays nan; sign(-0.0) == +0.0. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_sign(T x)
{ return (T)((x > 0) - (gpa_tr<T>::is_signed && x < 0)); }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_sign(T x)
{ return x > 0 ? T(1) : (x < 0 ? T(-1) : (x == 0 ? T(0) : x)); }
GPA_DEVICE gpa_half gpa_sign(gpa_half x)
{
    if (gpa_isnan(x))
        return x;
    if ((x.bits & 0x7fffu) == 0)
        return gpa_half_from_bits(0);
    return gpa_half_from_bits((x.bits & 0x8000u) ? 0xbc00u : 0x3c00u);
}

/* ------------------------------------------------------------------ */
/* Integer-only functions. */

template <class U> GPA_DEVICE U gpa_gcd_u(U a, U b)
{
    while (b != 0) {
        U t = a % b;
        a = b;
        b = t;
    }
    return a;
}
template <class T> GPA_DEVICE GPA_UW(T) gpa_uabs(T x)
{ return (gpa_tr<T>::is_signed && x < 0) ? (GPA_UW(T))0 - (GPA_UW(T))x : (GPA_UW(T))x; }

/* gcd(|a|, |b|) in unsigned arithmetic: gcd(MIN, 0) wraps to MIN, as NumPy. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_gcd(T a, T b)
{ return (T)gpa_gcd_u(gpa_uabs(a), gpa_uabs(b)); }
/* |a| / gcd * |b| in unsigned arithmetic (NumPy), wrapping on overflow. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_lcm(T a, T b)
{
    GPA_UW(T) ua = gpa_uabs(a), ub = gpa_uabs(b);
    GPA_UW(T) g = gpa_gcd_u(ua, ub);
    return g == 0 ? (T)0 : (T)(ua / g * ub);
}

/* NumPy 2: popcount of |x| (|MIN| == 2^(n-1) has one bit). */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), gpa_u8) gpa_bitwise_count(T x)
{
    /* |x| fits T's width as unsigned; keep only those bits */
    gpa_u64 m = (gpa_u64)gpa_uabs(x) & (~0ull >> (64 - 8 * sizeof(T)));
    return (gpa_u8)gpa_popcount64(m);
}

/* Shifts by >= the bit width, or by a negative amount (which NumPy casts
 * to a huge unsigned count), give 0, or -1 for a right shift of a negative
 * signed value.  The left shift runs on unsigned (no UB for negatives). */
template <class T, class S> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_left_shift(T a, S b)
{
    if ((gpa_u64)(gpa_i64)b >= 8 * sizeof(T))
        return 0;
    return (T)((GPA_UW(T))a << (int)b);
}
template <class T, class S> GPA_DEVICE GPA_REQ(GPA_IS_INT(T), T) gpa_right_shift(T a, S b)
{
    if ((gpa_u64)(gpa_i64)b >= 8 * sizeof(T))
        return (gpa_tr<T>::is_signed && a < 0) ? (T)-1 : (T)0;
    return (T)(a >> (int)b); /* arithmetic for signed, on both compilers */
}

/* ------------------------------------------------------------------ */
/* Extrema.
 *
 * maximum/minimum propagate nan (the first nan when both are); fmax/fmin
 * ignore a nan when the other value is a number.  Which of +0.0/-0.0
 * comes back for equal zeros is unspecified (NumPy's answer depends on the
 * array length). */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_maximum(T a, T b) { return a >= b ? a : b; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_minimum(T a, T b) { return a <= b ? a : b; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_fmax(T a, T b) { return a >= b ? a : b; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_fmin(T a, T b) { return a <= b ? a : b; }
#define GPA_MINMAX(T)                                                                   \
    GPA_DEVICE T gpa_maximum(T a, T b) { return (a >= b || gpa_isnan(a)) ? a : b; }     \
    GPA_DEVICE T gpa_minimum(T a, T b) { return (a <= b || gpa_isnan(a)) ? a : b; }     \
    GPA_DEVICE T gpa_fmax(T a, T b) { return (a >= b || gpa_isnan(b)) ? a : b; }        \
    GPA_DEVICE T gpa_fmin(T a, T b) { return (a <= b || gpa_isnan(b)) ? a : b; }
GPA_MINMAX(float)
GPA_MINMAX(double)
GPA_MINMAX(gpa_half)
#undef GPA_MINMAX

/* np.clip: minimum(maximum(x, lo), hi), nan in any operand propagating. */
template <class T> GPA_DEVICE T gpa_clip(T x, T lo, T hi)
{
    T t = (gpa_isnan(x) || x > lo) ? x : lo;
    return (gpa_isnan(t) || t < hi) ? t : hi;
}

/* ------------------------------------------------------------------ */
/* Floating-point manipulation. */

/* nextafter: the C library for float/double; float16 steps its bits
 * (x == y: see GPA_NP_HALF_NEXTAFTER_Y). */
GPA_DEVICE float gpa_nextafter(float x, float y) { return nextafterf(x, y); }
GPA_DEVICE double gpa_nextafter(double x, double y) { return nextafter(x, y); }
GPA_DEVICE gpa_half gpa_nextafter(gpa_half x, gpa_half y)
{
    if (gpa_isnan(x) || gpa_isnan(y))
        return gpa_half_from_bits(0x7e00u);
    if (x == y) /* NumPy 2.5 returns y (C99); earlier versions x */
#ifdef GPA_NP_HALF_NEXTAFTER_Y
        return y;
#else
        return x;
#endif
    if ((x.bits & 0x7fffu) == 0) /* smallest subnormal toward y */
        return gpa_half_from_bits((gpa_u16)((y.bits & 0x8000u) | 1u));
    bool up = x < y, positive = !(x.bits & 0x8000u);
    return gpa_half_from_bits((gpa_u16)(up == positive ? x.bits + 1 : x.bits - 1));
}

/* spacing: distance to the next value away from zero, signed like x
 * (-0.0 counts as positive); inf and nan give nan.  For float16 NumPy
 * instead returns the (positive) gap to the next value toward +inf. */
template <class T> GPA_DEVICE T gpa_spacing_real(T x)
{
    if (!gpa_isfinite(x))
        return gpa_nan<T>();
    return x < 0 ? gpa_nextafter(x, -gpa_inf<T>()) - x : gpa_nextafter(x, gpa_inf<T>()) - x;
}
GPA_DEVICE float gpa_spacing(float x) { return gpa_spacing_real(x); }
GPA_DEVICE double gpa_spacing(double x) { return gpa_spacing_real(x); }
GPA_DEVICE gpa_half gpa_spacing(gpa_half x)
{
    if (!gpa_isfinite(x))
        return gpa_half_from_bits(0x7e00u);
    if (x.bits == 0x7bffu) /* largest half: the next one up is inf */
        return gpa_half_from_bits(0x7c00u);
    gpa_half up = gpa_nextafter(x, gpa_half_from_bits(0x7c00u));
    return gpa_half((float)up - (float)x); /* a power of two: exact */
}

/* modf: (fractional, integral), both with x's sign; modf(+-inf) is (+-0, +-inf). */
template <class T> GPA_DEVICE T gpa_modf_real(T x, T &ipart)
{
    ipart = gpa_trunc(x);
    if (gpa_isinf(x))
        return gpa_copysign(T(0), x);
    return gpa_copysign(x - ipart, x);
}
GPA_DEVICE float gpa_modf(float x, float &ip) { return gpa_modf_real(x, ip); }
GPA_DEVICE double gpa_modf(double x, double &ip) { return gpa_modf_real(x, ip); }
GPA_DEVICE gpa_half gpa_modf(gpa_half x, gpa_half &ip)
{
    float fi, f = gpa_modf_real((float)x, fi);
    ip = gpa_half(fi);
    return gpa_half(f);
}

/* frexp: the exponent of inf/nan/0 is 0 (glibc's choice; CUDA leaves it
 * unspecified, so we set it). */
GPA_DEVICE float gpa_frexp(float x, gpa_i32 &e)
{
    e = 0;
    if (!gpa_isfinite(x) || x == 0)
        return x + x;
    int ex;
    float m = frexpf(x, &ex);
    e = ex;
    return m;
}
GPA_DEVICE double gpa_frexp(double x, gpa_i32 &e)
{
    e = 0;
    if (!gpa_isfinite(x) || x == 0)
        return x + x;
    int ex;
    double m = frexp(x, &ex);
    e = ex;
    return m;
}
GPA_DEVICE gpa_half gpa_frexp(gpa_half x, gpa_i32 &e) { return gpa_half(gpa_frexp((float)x, e)); }

/* ldexp with any integer exponent.  Exponents beyond +-2200 overflow or
 * underflow every finite double alike, so clamping keeps int64 exponents
 * exact without relying on the library's handling of huge ones. */
template <class E> GPA_DEVICE int gpa_clamp_exp(E e)
{
    if (gpa_tr<E>::is_signed && (gpa_i64)e < -2200)
        return -2200;
    if ((gpa_tr<E>::is_signed && (gpa_i64)e > 2200) || (!gpa_tr<E>::is_signed && (gpa_u64)e > 2200))
        return 2200;
    return (int)e;
}
template <class E> GPA_DEVICE GPA_REQ(GPA_IS_INT(E), float) gpa_ldexp(float x, E e) { return ldexpf(x, gpa_clamp_exp(e)); }
template <class E> GPA_DEVICE GPA_REQ(GPA_IS_INT(E), double) gpa_ldexp(double x, E e) { return ldexp(x, gpa_clamp_exp(e)); }
template <class E> GPA_DEVICE GPA_REQ(GPA_IS_INT(E), gpa_half) gpa_ldexp(gpa_half x, E e)
{ return gpa_half(ldexpf((float)x, gpa_clamp_exp(e))); }

/* ------------------------------------------------------------------ */
/* Other binary float functions (float16 via float). */

/* heaviside(x, h0): 0 below zero, h0 at zero, 1 above, nan for nan. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_heaviside(T x, T h0)
{
    if (gpa_isnan(x))
        return gpa_nan<T>();
    return x == 0 ? h0 : (x < 0 ? T(0) : T(1));
}

/* log(exp(x) + exp(y)) without overflow: factor out the larger.  Equal
 * arguments (infinities included) take a separate path, so that
 * logaddexp(inf, inf) is inf and not nan. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_logaddexp(T x, T y)
{
    if (x == y)
        return x + T(GPA_LN2);
    T d = x - y;
    if (d > 0)
        return x + gpa_log1p(gpa_exp(-d));
    if (d <= 0)
        return y + gpa_log1p(gpa_exp(d));
    return d; /* nan */
}
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_logaddexp2(T x, T y)
{
    if (x == y)
        return x + T(1);
    T d = x - y;
    if (d > 0)
        return x + T(GPA_LOG2E) * gpa_log1p(gpa_exp2(-d));
    if (d <= 0)
        return y + T(GPA_LOG2E) * gpa_log1p(gpa_exp2(d));
    return d;
}

/* NumPy multiplies by pi/180 (and 180/pi) computed in the working type. */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_deg2rad(T x) { return x * (T(GPA_PI) / T(180)); }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_rad2deg(T x) { return x * (T(180) / T(GPA_PI)); }

#define GPA_HALF2(name)                                                                 \
    GPA_DEVICE gpa_half name(gpa_half x, gpa_half y) { return gpa_half(name((float)x, (float)y)); }
GPA_HALF2(gpa_heaviside)
GPA_HALF2(gpa_logaddexp)
GPA_HALF2(gpa_logaddexp2)
#undef GPA_HALF2
GPA_DEVICE gpa_half gpa_deg2rad(gpa_half x) { return gpa_half(gpa_deg2rad((float)x)); }
GPA_DEVICE gpa_half gpa_rad2deg(gpa_half x) { return gpa_half(gpa_rad2deg((float)x)); }

/* ------------------------------------------------------------------ */
/* Helpers of non-ufunc elementwise functions. */

/* np.angle of a real number: atan2(0, x), i.e. 0 or pi (pi for -0.0). */
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_REAL(T), T) gpa_angle(T x) { return gpa_arctan2(T(0), x); }
GPA_DEVICE gpa_half gpa_angle(gpa_half x) { return gpa_half(gpa_angle((float)x)); }

template <class T> GPA_DEVICE T gpa_real(T x) { return x; }
template <class T> GPA_DEVICE T gpa_imag(T) { return gpa_cast<T>(0); }

/* 10**n computed as NumPy does (exact products up to 1e22). */
GPA_DEVICE double gpa_pow10(long long n)
{
    double r = 1.0;
    for (long long i = 0; i < n && i < 400; i++)
        r *= 10.0;
    return r;
}

/* np.around(x, decimals): scale by 10**|decimals| in x's own type, round
 * half to even, scale back (so float32 rounds in float32, as NumPy). */
template <class T> GPA_DEVICE T gpa_round_real(T x, long long d)
{
    T f = gpa_cast<T>(gpa_pow10(d >= 0 ? d : -d));
    return d >= 0 ? gpa_rint(x * f) / f : gpa_rint(x / f) * f;
}
template <class D> GPA_DEVICE float gpa_round(float x, D d) { return gpa_round_real(x, (long long)d); }
template <class D> GPA_DEVICE double gpa_round(double x, D d) { return gpa_round_real(x, (long long)d); }
template <class D> GPA_DEVICE gpa_half gpa_round(gpa_half x, D d) { return gpa_round_real(x, (long long)d); }
/* Integers: unchanged for decimals >= 0, else rounded through float64. */
template <class T, class D> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), T) gpa_round(T x, D d)
{
    if (d >= 0)
        return x;
    return gpa_cast<T>(gpa_round_real(gpa_cast<double>(x), (long long)d));
}

/* np.nan_to_num with the replacement values given. */
template <class T, class R> GPA_DEVICE T gpa_nan_to_num(T x, R nan, R posinf, R neginf)
{
    if (gpa_isnan(x))
        return gpa_cast<T>(nan);
    if (gpa_isinf(x))
        return gpa_cast<T>(x > 0 ? posinf : neginf);
    return x;
}

/* np.isclose: |a - b| <= atol + rtol * |b| for finite b, else a == b;
 * computed in a's type (float16 arithmetic rounds like NumPy's). */
template <class T, class R1, class R2, class E>
GPA_DEVICE GPA_REQ(gpa_tr<T>::kind != 4, bool) gpa_isclose(T a, T b, R1 rtol, R2 atol, E equal_nan)
{
    bool r = a == b;
    if (!r && gpa_isfinite(b))
        r = gpa_absolute(a - b) <= gpa_cast<T>(atol) + gpa_cast<T>(rtol) * gpa_absolute(b);
    if (!r && gpa_nonzero(equal_nan))
        r = gpa_isnan(a) && gpa_isnan(b);
    return r;
}

#endif /* GPA_PRELUDE_MATH_CUH */
