/* prelude_types.cuh - our own float16 and complex types, type traits, and
 * gpa_cast with NumPy's casting semantics.  Needs prelude_base.cuh.
 *
 * No toolkit header is used (DESIGN.md decision 1), so float16 and complex
 * are small structs of our own:
 *
 *   gpa_half      IEEE binary16 in an unsigned short.  Arithmetic converts
 *                 to float, computes, and rounds back: exactly what NumPy's
 *                 float16 loops do.  It converts implicitly TO float (so
 *                 mixed expressions work) but only explicitly FROM numbers,
 *                 so that no expression is ambiguous.
 *   gpa_complex<T> {re, im}, NumPy's layout; gpa_c64 / gpa_c128.
 *
 * Note [Complex alignment]: on CUDA gpa_complex<T> is aligned to 2*sizeof(T)
 * so that a load is one vector instruction.  On the host it keeps NumPy's
 * alignment (8 for complex128), because host kernels may run directly on
 * NumPy-owned memory and g++ would otherwise emit aligned SSE loads.
 */
#ifndef GPA_PRELUDE_TYPES_CUH
#define GPA_PRELUDE_TYPES_CUH

/* ------------------------------------------------------------------ */
/* float16 conversions (round to nearest even; subnormals, inf, nan). */

GPA_DEVICE float gpa_half2float(gpa_u16 h)
{
#if GPA_CUDA
    /* the hardware returns a canonical nan: keep NumPy's payload */
    if ((h & 0x7c00u) == 0x7c00u && (h & 0x3ffu))
        return gpa_u2f(((gpa_u32)(h & 0x8000u) << 16) | 0x7f800000u |
                       ((gpa_u32)(h & 0x3ffu) << 13));
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
    return f;
#else
    gpa_u32 sign = (gpa_u32)(h & 0x8000u) << 16;
    gpa_u32 e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1f) /* inf/nan: keep the payload */
        return gpa_u2f(sign | 0x7f800000u | (m << 13));
    if (e == 0) { /* zero or subnormal: m * 2^-24 is exact in float */
        float f = (float)m * 5.9604644775390625e-8f;
        return sign ? -f : f;
    }
    return gpa_u2f(sign | ((e + 112u) << 23) | (m << 13));
#endif
}

/* Rounds `mag` (an unsigned magnitude) right by `shift` bits, to nearest
 * even.  Shared by the float and double paths below. */
GPA_DEVICE gpa_u64 gpa_rshift_rne(gpa_u64 mag, int shift)
{
    gpa_u64 q = mag >> shift, rem = mag & ((1ull << shift) - 1);
    gpa_u64 halfway = 1ull << (shift - 1);
    if (rem > halfway || (rem == halfway && (q & 1)))
        q++;
    return q;
}

GPA_DEVICE gpa_u16 gpa_float2half(float x)
{
#if GPA_CUDA
    gpa_u32 fb = gpa_f2u(x);
    if ((fb & 0x7fffffffu) > 0x7f800000u) /* nan: NumPy's quiet payload */
        return (gpa_u16)(((fb >> 16) & 0x8000u) | 0x7e00u |
                         ((fb >> 13) & 0x3ffu));
    gpa_u16 h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
    return h;
#else
    gpa_u32 f = gpa_f2u(x);
    gpa_u16 sign = (gpa_u16)((f >> 16) & 0x8000u);
    gpa_u32 a = f & 0x7fffffffu;
    if (a >= 0x7f800000u) /* inf, or nan (kept quiet, top payload bits kept) */
        return sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0u);
    if (a >= 0x477ff000u) /* >= 65520 rounds to inf */
        return sign | 0x7c00u;
    if (a >= 0x38800000u) /* normal half: rebias the exponent, round 13 bits */
        return sign | (gpa_u16)gpa_rshift_rne(a - 0x38000000u, 13);
    if (a <= 0x33000000u) /* <= 2^-25: rounds (to even) to zero */
        return sign;
    /* subnormal half: value / 2^-24 = mant * 2^(e - 126) */
    gpa_u32 e = a >> 23, mant = (a & 0x7fffffu) | 0x800000u;
    return sign | (gpa_u16)gpa_rshift_rne(mant, 126 - (int)e);
#endif
}

/* NumPy rounds float64 -> float16 directly; going through float would
 * round twice.  Done in integer arithmetic on both sides. */
GPA_DEVICE gpa_u16 gpa_double2half(double x)
{
    gpa_u64 d = gpa_d2u(x);
    gpa_u16 sign = (gpa_u16)((d >> 48) & 0x8000u);
    gpa_u64 a = d & 0x7fffffffffffffffull;
    if (a >= 0x7ff0000000000000ull)
        return sign | 0x7c00u | (a > 0x7ff0000000000000ull ? 0x200u | (gpa_u16)((a >> 42) & 0x3ffu) : 0u);
    if (a >= 0x40effe0000000000ull) /* >= 65520 */
        return sign | 0x7c00u;
    if (a >= 0x3f10000000000000ull) /* >= 2^-14: normal half */
        return sign | (gpa_u16)gpa_rshift_rne(a - 0x3f00000000000000ull, 42);
    if (a <= 0x3e60000000000000ull) /* <= 2^-25 */
        return sign;
    gpa_u64 e = a >> 52, mant = (a & 0xfffffffffffffull) | 0x10000000000000ull;
    return sign | (gpa_u16)gpa_rshift_rne(mant, 1051 - (int)e);
}

/* ------------------------------------------------------------------ */
/* gpa_half */

struct gpa_half {
    gpa_u16 bits;
    gpa_half() = default;
    explicit GPA_DEVICE gpa_half(float f) : bits(gpa_float2half(f)) {}
    explicit GPA_DEVICE gpa_half(double d) : bits(gpa_double2half(d)) {}
    explicit GPA_DEVICE gpa_half(int i) : bits(gpa_float2half((float)i)) {}
    GPA_DEVICE operator float() const { return gpa_half2float(bits); }
};

GPA_DEVICE gpa_half gpa_half_from_bits(gpa_u16 b) { gpa_half h; h.bits = b; return h; }

GPA_DEVICE gpa_half operator+(gpa_half a, gpa_half b) { return gpa_half((float)a + (float)b); }
GPA_DEVICE gpa_half operator-(gpa_half a, gpa_half b) { return gpa_half((float)a - (float)b); }
GPA_DEVICE gpa_half operator*(gpa_half a, gpa_half b) { return gpa_half((float)a * (float)b); }
GPA_DEVICE gpa_half operator/(gpa_half a, gpa_half b) { return gpa_half((float)a / (float)b); }
/* NumPy negates float16 by flipping the sign bit (nan included). */
GPA_DEVICE gpa_half operator-(gpa_half a) { return gpa_half_from_bits(a.bits ^ 0x8000u); }
GPA_DEVICE gpa_half operator+(gpa_half a) { return a; }
GPA_DEVICE gpa_half &operator+=(gpa_half &a, gpa_half b) { return a = a + b; }
GPA_DEVICE gpa_half &operator-=(gpa_half &a, gpa_half b) { return a = a - b; }
GPA_DEVICE gpa_half &operator*=(gpa_half &a, gpa_half b) { return a = a * b; }
GPA_DEVICE gpa_half &operator/=(gpa_half &a, gpa_half b) { return a = a / b; }
GPA_DEVICE bool operator==(gpa_half a, gpa_half b) { return (float)a == (float)b; }
GPA_DEVICE bool operator!=(gpa_half a, gpa_half b) { return (float)a != (float)b; }
GPA_DEVICE bool operator<(gpa_half a, gpa_half b) { return (float)a < (float)b; }
GPA_DEVICE bool operator<=(gpa_half a, gpa_half b) { return (float)a <= (float)b; }
GPA_DEVICE bool operator>(gpa_half a, gpa_half b) { return (float)a > (float)b; }
GPA_DEVICE bool operator>=(gpa_half a, gpa_half b) { return (float)a >= (float)b; }

GPA_DEVICE bool gpa_isnan(gpa_half h) { return (h.bits & 0x7fffu) > 0x7c00u; }
GPA_DEVICE bool gpa_isinf(gpa_half h) { return (h.bits & 0x7fffu) == 0x7c00u; }
GPA_DEVICE bool gpa_isfinite(gpa_half h) { return (h.bits & 0x7c00u) != 0x7c00u; }
GPA_DEVICE bool gpa_signbit(gpa_half h) { return (h.bits & 0x8000u) != 0; }

typedef gpa_half gpa_f16;
typedef float gpa_f32;
typedef double gpa_f64;

/* ------------------------------------------------------------------ */
/* gpa_complex: arithmetic as NumPy's loops do it. */

template <class T> struct
#if GPA_CUDA
alignas(2 * sizeof(T))
#endif
gpa_complex {
    T re, im;
    gpa_complex() = default;
    GPA_DEVICE gpa_complex(T r, T i) : re(r), im(i) {}
};
typedef gpa_complex<float> gpa_c64;
typedef gpa_complex<double> gpa_c128;

template <class T> GPA_DEVICE gpa_complex<T> gpa_cpack(T re, T im) { return gpa_complex<T>(re, im); }

template <class T> GPA_DEVICE gpa_complex<T> operator+(gpa_complex<T> a, gpa_complex<T> b)
{ return gpa_complex<T>(a.re + b.re, a.im + b.im); }
template <class T> GPA_DEVICE gpa_complex<T> operator-(gpa_complex<T> a, gpa_complex<T> b)
{ return gpa_complex<T>(a.re - b.re, a.im - b.im); }
/* The textbook product, as NumPy (inf*0 gives nan parts, like NumPy). */
template <class T> GPA_DEVICE gpa_complex<T> operator*(gpa_complex<T> a, gpa_complex<T> b)
{ return gpa_complex<T>(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }

/* Smith's algorithm (scale by the larger part of b, so no intermediate
 * overflows), with NumPy's rules for nan and zero divisors. */
template <class T> GPA_DEVICE gpa_complex<T> operator/(gpa_complex<T> a, gpa_complex<T> b)
{
    T abr = gpa_fabs(b.re), abi = gpa_fabs(b.im);
    bool anr = gpa_isnan(a.re), ani = gpa_isnan(a.im);
    if (!gpa_isnan(b.re) && !gpa_isnan(b.im) && (anr || ani)) {
        /* A nan in the numerator beside an inf (nonzero divisor), or an
         * infinite divisor: a full nan result, not a half-nan one. */
        bool inf_num = (!anr && gpa_isinf(a.re)) || (!ani && gpa_isinf(a.im));
        if ((inf_num && (b.re != 0 || b.im != 0)) || (gpa_isinf(b.re) && gpa_isinf(b.im))) {
            T n = anr ? a.re : a.im;
            return gpa_complex<T>(n, n);
        }
    }
    if (abr >= abi) {
        if (abr == 0 && abi == 0) {
            if ((anr && (a.im == 0 || ani)) || (a.re == 0 && ani))
                return gpa_complex<T>(anr ? a.re : a.im, ani ? a.im : a.re);
            return gpa_complex<T>(a.re / abr, a.im / abi);
        }
        T rat = b.im / b.re, scl = T(1) / (b.re + b.im * rat);
        return gpa_complex<T>((a.re + a.im * rat) * scl, (a.im - a.re * rat) * scl);
    }
    T rat = b.re / b.im, scl = T(1) / (b.im + b.re * rat);
    return gpa_complex<T>((a.re * rat + a.im) * scl, (a.im * rat - a.re) * scl);
}

template <class T> GPA_DEVICE gpa_complex<T> operator-(gpa_complex<T> a) { return gpa_complex<T>(-a.re, -a.im); }
template <class T> GPA_DEVICE gpa_complex<T> operator+(gpa_complex<T> a) { return a; }
template <class T> GPA_DEVICE bool operator==(gpa_complex<T> a, gpa_complex<T> b) { return a.re == b.re && a.im == b.im; }
template <class T> GPA_DEVICE bool operator!=(gpa_complex<T> a, gpa_complex<T> b) { return a.re != b.re || a.im != b.im; }

/* Mixing with a real scalar of the component type (the scalar is not
 * deduced, so `z * 2.0` works for a gpa_c128 and `z * 2.0f` for gpa_c64). */
#define GPA_CMIX(OP)                                                                                    \
    template <class T> GPA_DEVICE gpa_complex<T> operator OP(gpa_complex<T> a, typename gpa_identity<T>::type b) \
    { return a OP gpa_complex<T>(b, T(0)); }                                                            \
    template <class T> GPA_DEVICE gpa_complex<T> operator OP(typename gpa_identity<T>::type a, gpa_complex<T> b) \
    { return gpa_complex<T>(a, T(0)) OP b; }
GPA_CMIX(+)
GPA_CMIX(-)
GPA_CMIX(/)
#undef GPA_CMIX
/* Scaling by a real is exact per part (no inf*0 cross terms). */
template <class T> GPA_DEVICE gpa_complex<T> operator*(gpa_complex<T> a, typename gpa_identity<T>::type b)
{ return gpa_complex<T>(a.re * b, a.im * b); }
template <class T> GPA_DEVICE gpa_complex<T> operator*(typename gpa_identity<T>::type a, gpa_complex<T> b)
{ return gpa_complex<T>(a * b.re, a * b.im); }
template <class T> GPA_DEVICE gpa_complex<T> &operator+=(gpa_complex<T> &a, gpa_complex<T> b) { return a = a + b; }
template <class T> GPA_DEVICE gpa_complex<T> &operator-=(gpa_complex<T> &a, gpa_complex<T> b) { return a = a - b; }
template <class T> GPA_DEVICE gpa_complex<T> &operator*=(gpa_complex<T> &a, gpa_complex<T> b) { return a = a * b; }
template <class T> GPA_DEVICE gpa_complex<T> &operator/=(gpa_complex<T> &a, gpa_complex<T> b) { return a = a / b; }

template <class T> GPA_DEVICE bool gpa_isnan(gpa_complex<T> z) { return gpa_isnan(z.re) || gpa_isnan(z.im); }
template <class T> GPA_DEVICE bool gpa_isinf(gpa_complex<T> z) { return gpa_isinf(z.re) || gpa_isinf(z.im); }
template <class T> GPA_DEVICE bool gpa_isfinite(gpa_complex<T> z) { return gpa_isfinite(z.re) && gpa_isfinite(z.im); }

/* ------------------------------------------------------------------ */
/* Type traits.  kind: 0 bool, 1 integer, 2 float/double, 3 half, 4 complex */

template <class T> struct gpa_tr {
    enum { kind = 1, is_signed = 1 };
    typedef gpa_u64 wide_unsigned;
};
#define GPA_TR(T, K, S, W) \
    template <> struct gpa_tr<T> { enum { kind = K, is_signed = S }; typedef W wide_unsigned; };
GPA_TR(bool, 0, 0, gpa_u32)
GPA_TR(char, 1, (char)-1 < 0, gpa_u32)
GPA_TR(signed char, 1, 1, gpa_u32)
GPA_TR(unsigned char, 1, 0, gpa_u32)
GPA_TR(short, 1, 1, gpa_u32)
GPA_TR(unsigned short, 1, 0, gpa_u32)
GPA_TR(int, 1, 1, gpa_u32)
GPA_TR(unsigned int, 1, 0, gpa_u32)
GPA_TR(long, 1, 1, gpa_u64)
GPA_TR(unsigned long, 1, 0, gpa_u64)
GPA_TR(long long, 1, 1, gpa_u64)
GPA_TR(unsigned long long, 1, 0, gpa_u64)
GPA_TR(float, 2, 1, gpa_u32)
GPA_TR(double, 2, 1, gpa_u64)
GPA_TR(gpa_half, 3, 1, gpa_u32)
#undef GPA_TR
template <class T> struct gpa_tr<gpa_complex<T> > {
    enum { kind = 4, is_signed = 1 };
    typedef T real_type;
};

#define GPA_IS_INT(T) (gpa_tr<T>::kind == 1)
#define GPA_IS_SINT(T) (gpa_tr<T>::kind == 1 && gpa_tr<T>::is_signed)
#define GPA_IS_UINT(T) (gpa_tr<T>::kind == 1 && !gpa_tr<T>::is_signed)
/* bool or integer: no nan, no rounding */
#define GPA_IS_EXACT(T) (gpa_tr<T>::kind <= 1)
#define GPA_IS_REAL(T) (gpa_tr<T>::kind == 2)

/* Unsigned type at least as wide as T and as int: modular arithmetic on
 * it never promotes to a signed type (u16*u16 would overflow int). */
#define GPA_UW(T) typename gpa_tr<T>::wide_unsigned

template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), bool) gpa_isnan(T) { return false; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), bool) gpa_isinf(T) { return false; }
template <class T> GPA_DEVICE GPA_REQ(GPA_IS_EXACT(T), bool) gpa_isfinite(T) { return true; }

/* ------------------------------------------------------------------ */
/* gpa_cast<To>(x): NumPy's casting (unsafe casts included). */

GPA_DEVICE gpa_half gpa_to_half(float x) { return gpa_half(x); }
GPA_DEVICE gpa_half gpa_to_half(double x) { return gpa_half(x); }

template <class To, class From, int KT = gpa_tr<To>::kind, int KF = gpa_tr<From>::kind>
struct gpa_caster { /* number <- number: a C cast (ints wrap; float <- int rounds to nearest) */
    static GPA_DEVICE To run(From x) { return (To)x; }
};
template <class To, class From, int KF> struct gpa_caster<To, From, 0, KF> { /* -> bool */
    static GPA_DEVICE bool run(From x) { return x != 0; }
};
template <class To, class From> struct gpa_caster<To, From, 0, 0> {
    static GPA_DEVICE bool run(bool x) { return x; }
};
template <class To, class From> struct gpa_caster<To, From, 0, 3> { /* nan is True */
    static GPA_DEVICE bool run(gpa_half x) { return (x.bits & 0x7fffu) != 0; }
};
template <class To, class From> struct gpa_caster<To, From, 0, 4> {
    static GPA_DEVICE bool run(From x) { return x.re != 0 || x.im != 0; }
};
template <class To, class From, int KT> struct gpa_caster<To, From, KT, 0> { /* bool -> 0/1 */
    static GPA_DEVICE To run(bool x) { return gpa_caster<To, int>::run(x ? 1 : 0); }
};
template <class To, class From, int KF> struct gpa_caster<To, From, 3, KF> { /* int -> half via float: exact up to 2^24, inf beyond 65519 */
    static GPA_DEVICE gpa_half run(From x) { return gpa_half((float)x); }
};
template <class To, class From> struct gpa_caster<To, From, 3, 2> {
    static GPA_DEVICE gpa_half run(From x) { return gpa_to_half(x); }
};
template <class To, class From> struct gpa_caster<To, From, 3, 3> {
    static GPA_DEVICE gpa_half run(gpa_half x) { return x; }
};
template <class To, class From> struct gpa_caster<To, From, 3, 4> {
    static GPA_DEVICE gpa_half run(From x) { return gpa_to_half(x.re); }
};
template <class To, class From, int KT> struct gpa_caster<To, From, KT, 3> { /* half -> number via float (exact) */
    static GPA_DEVICE To run(gpa_half x) { return (To)(float)x; }
};
template <class To, class From, int KT> struct gpa_caster<To, From, KT, 4> { /* complex -> real part */
    static GPA_DEVICE To run(From x) { return (To)x.re; }
};
template <class To, class From, int KF> struct gpa_caster<To, From, 4, KF> { /* number -> complex, im = 0 */
    typedef typename gpa_tr<To>::real_type R;
    static GPA_DEVICE To run(From x) { return To(gpa_caster<R, From>::run(x), R(0)); }
};
/* The three pairs below would otherwise match two partial specialisations. */
template <class To, class From> struct gpa_caster<To, From, 3, 0> {
    static GPA_DEVICE gpa_half run(bool x) { return gpa_half(x ? 1.0f : 0.0f); }
};
template <class To, class From> struct gpa_caster<To, From, 4, 0> {
    typedef typename gpa_tr<To>::real_type R;
    static GPA_DEVICE To run(bool x) { return To(x ? R(1) : R(0), R(0)); }
};
template <class To, class From> struct gpa_caster<To, From, 4, 3> {
    typedef typename gpa_tr<To>::real_type R;
    static GPA_DEVICE To run(gpa_half x) { return To((R)(float)x, R(0)); }
};
template <class To, class From> struct gpa_caster<To, From, 4, 4> {
    typedef typename gpa_tr<To>::real_type R;
    static GPA_DEVICE To run(From x) { return To((R)x.re, (R)x.im); }
};

/* float -> integer.  Out-of-range values are undefined in C++ and differ
 * between CPUs (NumPy's own answer is whatever its CPU gives); CUDA
 * saturates.  We convert through the type x86-64 converts through (int32
 * for narrow targets, int64 for uint32/int64, and int64 for a negative to
 * uint64) so that the GPU agrees with NumPy on x86-64 wherever that
 * intermediate holds the truncated value, e.g. (uint8)-1.0 == 255. */
template <class To, class F> GPA_DEVICE To gpa_float_to_int(F x)
{
    if (sizeof(To) < 4 || (sizeof(To) == 4 && gpa_tr<To>::is_signed))
        return (To)(int)x;
    if (sizeof(To) == 4 || gpa_tr<To>::is_signed || x < 0)
        return (To)(long long)x;
    return (To)x;
}
template <class To, class From> struct gpa_caster<To, From, 1, 2> {
    static GPA_DEVICE To run(From x) { return gpa_float_to_int<To>(x); }
};
template <class To, class From> struct gpa_caster<To, From, 1, 3> {
    static GPA_DEVICE To run(gpa_half x) { return gpa_float_to_int<To>((float)x); }
};
template <class To, class From> struct gpa_caster<To, From, 1, 4> {
    static GPA_DEVICE To run(From x) { return gpa_float_to_int<To>(x.re); }
};

template <class To, class From> GPA_DEVICE To gpa_cast(From x) { return gpa_caster<To, From>::run(x); }

/* NumPy truthiness, for the logical ufuncs. */
template <class T> GPA_DEVICE bool gpa_nonzero(T x) { return gpa_cast<bool>(x); }

/* ------------------------------------------------------------------ */
/* Ordering.
 *
 * Note [Complex order]: NumPy orders complex numbers by real part, then by
 * imaginary part.  The comparison ufuncs use CLT/CLE/...: a strict real
 * inequality only counts when neither imaginary part is nan. */
template <class T> GPA_DEVICE bool gpa_clt(gpa_complex<T> a, gpa_complex<T> b)
{ return (a.re < b.re && !gpa_isnan(a.im) && !gpa_isnan(b.im)) || (a.re == b.re && a.im < b.im); }
template <class T> GPA_DEVICE bool gpa_cle(gpa_complex<T> a, gpa_complex<T> b)
{ return (a.re < b.re && !gpa_isnan(a.im) && !gpa_isnan(b.im)) || (a.re == b.re && a.im <= b.im); }

/* Comparisons used by the comparison ufuncs: exact for mixed int64/uint64
 * (NumPy 2 compares those by value), lexicographic for complex. */
template <class A, class B> GPA_DEVICE bool gpa_lt(A a, B b) { return a < b; }
template <class A, class B> GPA_DEVICE bool gpa_le(A a, B b) { return a <= b; }
template <class A, class B> GPA_DEVICE bool gpa_eq(A a, B b) { return a == b; }
GPA_DEVICE bool gpa_lt(gpa_i64 a, gpa_u64 b) { return a < 0 || (gpa_u64)a < b; }
GPA_DEVICE bool gpa_lt(gpa_u64 a, gpa_i64 b) { return b >= 0 && a < (gpa_u64)b; }
GPA_DEVICE bool gpa_le(gpa_i64 a, gpa_u64 b) { return a < 0 || (gpa_u64)a <= b; }
GPA_DEVICE bool gpa_le(gpa_u64 a, gpa_i64 b) { return b >= 0 && a <= (gpa_u64)b; }
GPA_DEVICE bool gpa_eq(gpa_i64 a, gpa_u64 b) { return a >= 0 && (gpa_u64)a == b; }
GPA_DEVICE bool gpa_eq(gpa_u64 a, gpa_i64 b) { return b >= 0 && a == (gpa_u64)b; }
template <class T> GPA_DEVICE bool gpa_lt(gpa_complex<T> a, gpa_complex<T> b) { return gpa_clt(a, b); }
template <class T> GPA_DEVICE bool gpa_le(gpa_complex<T> a, gpa_complex<T> b) { return gpa_cle(a, b); }
template <class A, class B> GPA_DEVICE bool gpa_gt(A a, B b) { return gpa_lt(b, a); }
template <class A, class B> GPA_DEVICE bool gpa_ge(A a, B b) { return gpa_le(b, a); }
template <class A, class B> GPA_DEVICE bool gpa_ne(A a, B b) { return !gpa_eq(a, b); }

/* Sort order (np.sort): nan sorts last.  For complex, NumPy's documented
 * order is [R + Rj, R + nanj, nan + Rj, nan + nanj]. */
template <class T> GPA_DEVICE bool gpa_sort_lt(T a, T b)
{ return a < b || (gpa_isnan(b) && !gpa_isnan(a)); }
template <class T> GPA_DEVICE bool gpa_sort_lt(gpa_complex<T> a, gpa_complex<T> b)
{
    bool anr = gpa_isnan(a.re), bnr = gpa_isnan(b.re);
    bool ani = gpa_isnan(a.im), bni = gpa_isnan(b.im);
    if (anr != bnr)
        return bnr; /* a real-nan value sorts after every other */
    if (anr || a.re == b.re) /* same real part (or both nan): order by imag */
        return a.im < b.im || (bni && !ani);
    if (ani != bni) /* real parts differ; an imag nan ranks first */
        return bni;
    return a.re < b.re;
}

#endif /* GPA_PRELUDE_TYPES_CUH */
