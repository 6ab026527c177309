/* ufunc_defs.c - the body of every elementwise kernel, per ufunc.
 *
 * See Note [Body conventions] in ufunc_defs.h.  The semantics live in the
 * prelude (csrc/jit/prelude_*.cuh): a body here only names the overloaded
 * gpa_ function, or spells an operator where that is all NumPy does.
 * Entries that differ by type say why.  Plain C99; no allocation.
 *
 * Coverage: every ufunc of NumPy 2's namespace with loops on our 14 dtypes
 * (bool, int8..uint64, float16/32/64, complex64/128), except the gufuncs
 * (matmul, vecdot, matvec, vecmat) and isnat (datetime only).
 * tests/jit_prelude_check.py compiles every loop of every entry.
 */
#include "ufunc_defs.h"

#include <string.h>

/* Integer loops of NumPy on Linux: int64 is 'l', but 'q' names it too. */
#define GPA_INTS "bBhHiIlLqQ"

#define U1(name, fn) { name, 1, 1, { { "", "out0 = " fn "(in0);" } } }
#define U2(name, fn) { name, 2, 1, { { "", "out0 = " fn "(in0, in1);" } } }

const gpa_ufunc_def gpa_ufunc_defs[] = {
    /* --- arithmetic --- */
    /* bool + bool is logical or, bool * bool logical and (NumPy's ?? loops). */
    { "add", 2, 1, { { "?", "out0 = in0 || in1;" }, { "", "out0 = in0 + in1;" } } },
    { "subtract", 2, 1, { { "", "out0 = in0 - in1;" } } },
    { "multiply", 2, 1, { { "?", "out0 = in0 && in1;" }, { "", "out0 = in0 * in1;" } } },
    { "divide", 2, 1, { { "", "out0 = in0 / in1;" } } }, /* float/complex loops only */
    U2("floor_divide", "gpa_floor_divide"),
    U2("remainder", "gpa_remainder"),
    U2("fmod", "gpa_fmod"),
    { "divmod", 2, 2, { { "", "gpa_divmod(in0, in1, out0, out1);" } } },
    U2("power", "gpa_power"),
    U2("float_power", "gpa_float_power"),
    U1("negative", "gpa_negative"),
    U1("positive", "gpa_positive"),
    U1("absolute", "gpa_absolute"), /* complex -> real */
    U1("fabs", "gpa_fabs"),
    U1("conjugate", "gpa_conjugate"),
    U1("sign", "gpa_sign"),
    U1("reciprocal", "gpa_reciprocal"),
    U1("square", "gpa_square"),
    U2("heaviside", "gpa_heaviside"),

    /* --- exponents and logarithms --- */
    U1("sqrt", "gpa_sqrt"),
    U1("cbrt", "gpa_cbrt"),
    U1("exp", "gpa_exp"),
    U1("exp2", "gpa_exp2"),
    U1("expm1", "gpa_expm1"),
    U1("log", "gpa_log"),
    U1("log2", "gpa_log2"),
    U1("log10", "gpa_log10"),
    U1("log1p", "gpa_log1p"),
    U2("logaddexp", "gpa_logaddexp"),
    U2("logaddexp2", "gpa_logaddexp2"),

    /* --- trigonometric and hyperbolic --- */
    U1("sin", "gpa_sin"),
    U1("cos", "gpa_cos"),
    U1("tan", "gpa_tan"),
    U1("arcsin", "gpa_arcsin"),
    U1("arccos", "gpa_arccos"),
    U1("arctan", "gpa_arctan"),
    U1("sinh", "gpa_sinh"),
    U1("cosh", "gpa_cosh"),
    U1("tanh", "gpa_tanh"),
    U1("arcsinh", "gpa_arcsinh"),
    U1("arccosh", "gpa_arccosh"),
    U1("arctanh", "gpa_arctanh"),
    U2("arctan2", "gpa_arctan2"),
    U2("hypot", "gpa_hypot"),
    U1("deg2rad", "gpa_deg2rad"),
    U1("radians", "gpa_deg2rad"),
    U1("rad2deg", "gpa_rad2deg"),
    U1("degrees", "gpa_rad2deg"),

    /* --- rounding --- (integer and bool loops are the identity) */
    U1("floor", "gpa_floor"),
    U1("ceil", "gpa_ceil"),
    U1("trunc", "gpa_trunc"),
    U1("rint", "gpa_rint"),

    /* --- extrema (bool: or / and, through the integer overloads) --- */
    U2("maximum", "gpa_maximum"),
    U2("minimum", "gpa_minimum"),
    U2("fmax", "gpa_fmax"),
    U2("fmin", "gpa_fmin"),

    /* --- floating-point functions --- */
    U1("isnan", "gpa_isnan"), /* bool/int: false */
    U1("isinf", "gpa_isinf"),
    U1("isfinite", "gpa_isfinite"),
    U1("signbit", "gpa_signbit"),
    U2("copysign", "gpa_copysign"),
    U2("nextafter", "gpa_nextafter"),
    U1("spacing", "gpa_spacing"),
    U2("ldexp", "gpa_ldexp"), /* in1 is int32 or int64 */
    { "frexp", 1, 2, { { "", "out0 = gpa_frexp(in0, out1);" } } },
    { "modf", 1, 2, { { "", "out0 = gpa_modf(in0, out1);" } } },

    /* --- integer functions --- */
    U2("gcd", "gpa_gcd"),
    U2("lcm", "gpa_lcm"),
    U1("bitwise_count", "gpa_bitwise_count"),
    /* The bool loops of the bitwise ufuncs are logical. */
    { "bitwise_and", 2, 1, { { "?", "out0 = in0 && in1;" }, { GPA_INTS, "out0 = in0 & in1;" } } },
    { "bitwise_or", 2, 1, { { "?", "out0 = in0 || in1;" }, { GPA_INTS, "out0 = in0 | in1;" } } },
    { "bitwise_xor", 2, 1, { { "?", "out0 = in0 != in1;" }, { GPA_INTS, "out0 = in0 ^ in1;" } } },
    { "invert", 1, 1, { { "?", "out0 = !in0;" }, { GPA_INTS, "out0 = ~in0;" } } },
    U2("left_shift", "gpa_left_shift"),
    U2("right_shift", "gpa_right_shift"),

    /* --- comparisons: exact for int64 vs uint64, lexicographic for complex --- */
    U2("equal", "gpa_eq"),
    U2("not_equal", "gpa_ne"),
    U2("less", "gpa_lt"),
    U2("less_equal", "gpa_le"),
    U2("greater", "gpa_gt"),
    U2("greater_equal", "gpa_ge"),

    /* --- logical: NumPy truthiness of any type (complex: either part) --- */
    { "logical_and", 2, 1, { { "", "out0 = gpa_nonzero(in0) && gpa_nonzero(in1);" } } },
    { "logical_or", 2, 1, { { "", "out0 = gpa_nonzero(in0) || gpa_nonzero(in1);" } } },
    { "logical_xor", 2, 1, { { "", "out0 = gpa_nonzero(in0) != gpa_nonzero(in1);" } } },
    { "logical_not", 1, 1, { { "", "out0 = !gpa_nonzero(in0);" } } },

    /* --- elementwise helpers of non-ufunc functions --- */
    /* np.where(cond, x, y) */
    { "_where", 3, 1, { { "", "out0 = gpa_nonzero(in0) ? gpa_cast<out0_t>(in1) : gpa_cast<out0_t>(in2);" } } },
    /* np.clip(x, lo, hi), all three of one type */
    { "_clip", 3, 1, { { "", "out0 = gpa_clip(in0, in1, in2);" } } },
    /* np.angle in radians: atan2(im, re); real input: 0 or pi */
    U1("_angle", "gpa_angle"),
    U1("_real", "gpa_real"),
    U1("_imag", "gpa_imag"),
    /* np.around(x, decimals): in1 is the (integer) decimals */
    U2("_round", "gpa_round"),
    /* np.nan_to_num: in1 nan, in2 posinf, in3 neginf replacements (real) */
    { "_nan_to_num", 4, 1, { { "", "out0 = gpa_nan_to_num(in0, in1, in2, in3);" } } },
    /* np.isclose: in0 a, in1 b, in2 rtol, in3 atol, in4 equal_nan */
    { "_isclose", 5, 1, { { "", "out0 = gpa_isclose(in0, in1, in2, in3, in4);" } } },
    /* a cast or a copy */
    { "_copy", 1, 1, { { "", "out0 = gpa_cast<out0_t>(in0);" } } },
};

const int gpa_ufunc_ndefs = (int)(sizeof(gpa_ufunc_defs) / sizeof(gpa_ufunc_defs[0]));

/* NumPy 2's alias names (np.abs is np.absolute, ...), for callers that
 * hold the attribute name rather than the ufunc's __name__. */
static const char *const gpa_ufunc_aliases[][2] = {
    { "abs", "absolute" },           { "true_divide", "divide" },
    { "mod", "remainder" },          { "conj", "conjugate" },
    { "bitwise_not", "invert" },     { "bitwise_invert", "invert" },
    { "bitwise_left_shift", "left_shift" }, { "bitwise_right_shift", "right_shift" },
    { "pow", "power" },              { "acos", "arccos" },
    { "acosh", "arccosh" },          { "asin", "arcsin" },
    { "asinh", "arcsinh" },          { "atan", "arctan" },
    { "atanh", "arctanh" },          { "atan2", "arctan2" },
};

const gpa_ufunc_def *
gpa_ufunc_def_find(const char *name)
{
    size_t i;
    int k;

    if (name == NULL)
        return NULL;
    for (i = 0; i < sizeof(gpa_ufunc_aliases) / sizeof(gpa_ufunc_aliases[0]); i++) {
        if (strcmp(name, gpa_ufunc_aliases[i][0]) == 0) {
            name = gpa_ufunc_aliases[i][1];
            break;
        }
    }
    /* ~100 entries, looked up once per (ufunc, loop) by the resolution
     * cache: a linear scan is enough. */
    for (k = 0; k < gpa_ufunc_ndefs; k++) {
        if (strcmp(name, gpa_ufunc_defs[k].name) == 0)
            return &gpa_ufunc_defs[k];
    }
    return NULL;
}

const char *
gpa_ufunc_def_body(const gpa_ufunc_def *def, char typechar)
{
    int i;

    if (def == NULL)
        return NULL;
    for (i = 0; i < 6 && def->bodies[i].body != NULL; i++) {
        const char *kinds = def->bodies[i].kinds;
        if (kinds[0] == '\0' || (typechar != '\0' && strchr(kinds, typechar) != NULL))
            return def->bodies[i].body;
    }
    return NULL;
}
