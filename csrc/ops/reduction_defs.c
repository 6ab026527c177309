/* reduction_defs.c - the built-in reduction and scan ops
 * (Note [Reduction op table] in reduction_defs.h).  The text is what
 * the kernels have always been built from: only where it is made moved,
 * so compiled kernels and their cache keys are unchanged. */
#include "ops/reduction_defs.h"
#include "jit/ew.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static const char ARG_PRE[] =
    "\ntemplate <class T> struct gpa_arg { T v; long long i; };\n"
    "template <class T> GPA_DEVICE gpa_arg<T> gpa_arg_make(T v, long long i)\n"
    "{ gpa_arg<T> r; r.v = v; r.i = i; return r; }\n"
    "/* The winner of two (value, index) pairs: a nan wins (the first nan, as\n"
    " * NumPy), ties go to the smaller index, an index < 0 is empty. */\n"
    "template <bool MAX, class T> GPA_DEVICE gpa_arg<T> gpa_arg_pick(gpa_arg<T> a, gpa_arg<T> b)\n"
    "{\n"
    "    if (a.i < 0) return b;\n"
    "    if (b.i < 0) return a;\n"
    "    bool an = gpa_isnan(a.v), bn = gpa_isnan(b.v);\n"
    "    if (an || bn) {\n"
    "        if (an && bn) return a.i <= b.i ? a : b;\n"
    "        return an ? a : b;\n"
    "    }\n"
    "    bool bw = MAX ? gpa_gt(b.v, a.v) : gpa_lt(b.v, a.v);\n"
    "    bool aw = MAX ? gpa_gt(a.v, b.v) : gpa_lt(a.v, b.v);\n"
    "    if (bw) return b;\n"
    "    if (aw) return a;\n"
    "    return a.i <= b.i ? a : b;\n"
    "}\n";

static const char WF_PRE[] =
    "\n/* Welford/Chan: (count, mean, M2), merged pairwise (Chan et al.). */\n"
    "template <class T> struct gpa_wf { double n; T mean, m2; };\n"
    "template <class T> GPA_DEVICE gpa_wf<T> gpa_wf_make(double n, T mean, T m2)\n"
    "{ gpa_wf<T> r; r.n = n; r.mean = mean; r.m2 = m2; return r; }\n"
    "template <class T> GPA_DEVICE gpa_wf<T> gpa_wf_merge(gpa_wf<T> a, gpa_wf<T> b)\n"
    "{\n"
    "    if (a.n == 0) return b;\n"
    "    if (b.n == 0) return a;\n"
    "    double n = a.n + b.n;\n"
    "    T d = b.mean - a.mean;\n"
    "    gpa_wf<T> r;\n"
    "    r.n = n;\n"
    "    r.mean = a.mean + d * (T)(b.n / n);\n"
    "    r.m2 = a.m2 + b.m2 + d * d * (T)(a.n * b.n / n);\n"
    "    return r;\n"
    "}\n"
    "template <class T> struct gpa_wfc { double n; T re, im, m2; };\n"
    "template <class T> GPA_DEVICE gpa_wfc<T> gpa_wfc_make(double n, T re, T im)\n"
    "{ gpa_wfc<T> r; r.n = n; r.re = re; r.im = im; r.m2 = T(0); return r; }\n"
    "template <class T> GPA_DEVICE gpa_wfc<T> gpa_wfc_merge(gpa_wfc<T> a, gpa_wfc<T> b)\n"
    "{\n"
    "    if (a.n == 0) return b;\n"
    "    if (b.n == 0) return a;\n"
    "    double n = a.n + b.n;\n"
    "    T dr = b.re - a.re, di = b.im - a.im, f = (T)(b.n / n);\n"
    "    gpa_wfc<T> r;\n"
    "    r.n = n;\n"
    "    r.re = a.re + dr * f;\n"
    "    r.im = a.im + di * f;\n"
    "    r.m2 = a.m2 + b.m2 + (dr * dr + di * di) * (T)(a.n * b.n / n);\n"
    "    return r;\n"
    "}\n"
    "/* M2 / max(n - ddof, 0), square-rooted for std (p1 != 0).  A mean that\n"
    " * is not finite (an inf or nan among the values) gives nan, as NumPy's\n"
    " * x - mean does; the one-pass M2 alone would say 0 for a single inf. */\n"
    "template <class T> GPA_DEVICE T gpa_wf_finish(double n, bool finite, T m2, double ddof, double sq)\n"
    "{\n"
    "    double div = n - ddof;\n"
    "    T v = m2 / (T)(div > 0 ? div : 0);\n"
    "    if (!finite && n > 0) v = gpa_nan<T>();\n"
    "    return sq != 0 ? gpa_sqrt(v) : v;\n"
    "}\n";

/* ---- types by NumPy type char ------------------------------------------ */

static int type_num(char t)
{
    switch (t) {
    case '?': return NPY_BOOL;
    case 'b': return NPY_BYTE;
    case 'B': return NPY_UBYTE;
    case 'h': return NPY_SHORT;
    case 'H': return NPY_USHORT;
    case 'i': return NPY_INT;
    case 'I': return NPY_UINT;
    case 'l': return NPY_LONG;
    case 'L': return NPY_ULONG;
    case 'q': return NPY_LONGLONG;
    case 'Q': return NPY_ULONGLONG;
    case 'e': return NPY_HALF;
    case 'f': return NPY_FLOAT;
    case 'd': return NPY_DOUBLE;
    case 'F': return NPY_CFLOAT;
    case 'D': return NPY_CDOUBLE;
    default: return -1;
    }
}

static int item_size(char t)
{
    switch (t) {
    case '?': case 'b': case 'B': return 1;
    case 'h': case 'H': case 'e': return 2;
    case 'i': case 'I': case 'f': return 4;
    case 'D': return 16;
    default: return 8; /* l L q Q d F */
    }
}

static int is_int(char t) { return t && strchr("bBhHiIlLqQ", t) != NULL; }
static int is_complex(char t) { return t == 'F' || t == 'D'; }

/* A type of 4+ bytes holding every value of t exactly (extrema). */
static char wide(char t)
{
    if (t == 'e')
        return 'f';
    return item_size(t) < 4 ? 'i' : t;
}

static const char *ct(char t)
{
    return gpa_ctype_name(type_num(t));
}

/* ---- the table ----------------------------------------------------------- */

/* One built op: its spec and the text it points into. */
typedef struct {
    char name[24];
    char t;
    gpa_red_spec spec;
    char text[1024]; /* acc_t, identity, map, combine, finish, accumulate */
} built_op;

#define MAX_BUILT 512 /* names x types, with room */
static built_op *built[MAX_BUILT];
static int n_built;

/* Appends a formatted string to op->text at *at; returns it (NULL when the
 * text is full, which the fixed formats below never reach). */
static const char *put(built_op *op, size_t *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static const char *put(built_op *op, size_t *at, const char *fmt, ...)
{
    va_list ap;
    char *dst = op->text + *at;
    size_t room = sizeof op->text - *at;
    va_start(ap, fmt);
    int n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= room)
        return NULL;
    *at += (size_t)n + 1;
    return dst;
}

static int build_sum(built_op *op, size_t *at, int nan, int prod)
{
    gpa_red_spec *s = &op->spec;
    const char *one = prod ? "1" : "0";
    s->acc_t = ct(op->t);
    s->acc_size = item_size(op->t);
    s->identity = put(op, at, "gpa_cast<acc_t>(%s)", one);
    s->map = nan ? put(op, at, "gpa_isnan(in0) ? gpa_cast<acc_t>(%s) : "
                               "gpa_cast<acc_t>(in0)", one)
                 : "gpa_cast<acc_t>(in0)";
    s->combine = prod ? "a * b" : "a + b";
    s->finish = "gpa_cast<out0_t>(a)";
    return 0;
}

static int build_bool(built_op *op, const char *comb, const char *ident)
{
    gpa_red_spec *s = &op->spec;
    s->acc_t = "gpa_i32";
    s->acc_size = 4;
    s->identity = ident;
    s->map = "gpa_nonzero(in0) ? 1 : 0";
    s->combine = comb;
    s->finish = "a != 0";
    return 0;
}

static int build_extremum(built_op *op, size_t *at, const char *fn)
{
    gpa_red_spec *s = &op->spec;
    char t = op->t, w = wide(t);
    int ismax = strstr(fn, "max") != NULL, nan_skip = fn[4] == 'f';
    s->acc_t = ct(w);
    s->acc_size = item_size(w);
    s->map = "gpa_cast<acc_t>(in0)";
    s->finish = "gpa_cast<out0_t>(a)";
    if (t == '?') {
        s->identity = ismax ? "0" : "1";
        s->combine = ismax ? "gpa_maximum(a, b)" : "gpa_minimum(a, b)";
    } else if (is_int(t)) {
        int uns = strchr("BHILQ", t) != NULL, bits = 8 * item_size(t);
        if (ismax && uns)
            s->identity = put(op, at, "(%s)(0LL)", ct(w));
        else if (ismax && bits == 64)
            s->identity = "(gpa_i64)(-9223372036854775807LL - 1)";
        else if (ismax)
            s->identity = put(op, at, "(%s)(%lldLL)", ct(w),
                              -(1LL << (bits - 1)));
        else if (uns)
            s->identity = put(op, at, "(%s)(%lluULL)", ct(w),
                              bits == 64 ? ~0ULL : (1ULL << bits) - 1);
        else
            s->identity = put(op, at, "(%s)(%lluULL)", ct(w),
                              (1ULL << (bits - 1)) - 1);
        s->combine = ismax ? "gpa_maximum(a, b)" : "gpa_minimum(a, b)";
    } else if (is_complex(t)) {
        s->identity = nan_skip ? "acc_t(gpa_nan_d(), gpa_nan_d())"
                      : ismax  ? "acc_t(-gpa_inf_d(), -gpa_inf_d())"
                               : "acc_t(gpa_inf_d(), gpa_inf_d())";
        s->combine = put(op, at, "%s(a, b)", fn);
    } else {
        s->identity = nan_skip ? "gpa_cast<acc_t>(gpa_nan_d())"
                      : ismax  ? "gpa_cast<acc_t>(-gpa_inf_d())"
                               : "gpa_cast<acc_t>(gpa_inf_d())";
        s->combine = put(op, at, "%s(a, b)", fn);
    }
    return 0;
}

static int build_arg(built_op *op, size_t *at, int ismax, int nan_skip,
                     int pick)
{
    gpa_red_spec *s = &op->spec;
    const char *vt = ct(op->t);
    int size = 8 + (item_size(op->t) > 8 ? item_size(op->t) : 8);
    s->acc_t = put(op, at, "gpa_arg<%s>", vt);
    s->acc_size = (size + 7) / 8 * 8;
    s->identity = put(op, at, "gpa_arg_make<%s>(gpa_cast<%s>(0), -1LL)", vt,
                      vt);
    s->map = nan_skip
        ? put(op, at, "gpa_arg_make<%s>(in0, gpa_isnan(in0) ? -1LL : gpa_i)",
              vt)
        : put(op, at, "gpa_arg_make<%s>(in0, gpa_i)", vt);
    s->combine = ismax ? "gpa_arg_pick<true>(a, b)"
                       : "gpa_arg_pick<false>(a, b)";
    s->finish = "gpa_cast<out0_t>(a.i)";
    s->preamble = ARG_PRE;
    if (pick)
        return 0;
    /* Inputs come in index order, so a later element replaces the best
     * only when strictly better: the first occurrence wins, as
     * gpa_arg_pick.  Real values: once the best is nan nothing replaces
     * it; otherwise x wins when not <= (max) / >= (min) the best, i.e.
     * strictly better or nan -- one unordered compare, no isnan(x). */
    const char *better = ismax ? "gpa_gt(x, a.v)" : "gpa_lt(x, a.v)";
    if (nan_skip)
        s->accumulate = put(op, at, "if (!gpa_isnan(x) && (a.i < 0 || %s)) "
                                    "{ a.v = x; a.i = gpa_i; }", better);
    else if (is_complex(op->t))
        s->accumulate = put(op, at, "if (a.i < 0 || (gpa_isnan(x) ? "
                                    "!gpa_isnan(a.v) : (!gpa_isnan(a.v) && "
                                    "%s))) { a.v = x; a.i = gpa_i; }",
                            better);
    else
        s->accumulate = put(op, at, "if (a.i < 0 || (!gpa_isnan(a.v) && "
                                    "!%s)) { a.v = x; a.i = gpa_i; }",
                            ismax ? "gpa_le(x, a.v)" : "gpa_ge(x, a.v)");
    return 0;
}

/* var/std: Welford states, merged pairwise; nanvar's slices with no
 * degrees of freedom left (count - ddof <= 0) give nan. */
static int build_var(built_op *op, size_t *at, int nan_skip)
{
    gpa_red_spec *s = &op->spec;
    int cplx = is_complex(op->t);
    const char *c = (op->t == 'f' || op->t == 'F') ? "float" : "double";
    int part = c[0] == 'f' ? 4 : 8;
    const char *finite = cplx ? "gpa_isfinite(a.re) && gpa_isfinite(a.im)"
                              : "gpa_isfinite(a.mean)";
    const char *w = cplx ? "gpa_wfc" : "gpa_wf";
    int size = 8 + (cplx ? 3 : 2) * part;
    s->acc_t = put(op, at, "%s<%s>", w, c);
    s->acc_size = (size + 7) / 8 * 8;
    s->identity = put(op, at, "%s_make<%s>(0.0, 0, 0)", w, c);
    const char *m = cplx
        ? put(op, at, "gpa_wfc_make<%s>(1.0, (%s)in0.re, (%s)in0.im)", c, c, c)
        : put(op, at, "gpa_wf_make<%s>(1.0, gpa_cast<%s>(in0), (%s)0)", c, c,
              c);
    s->map = nan_skip ? put(op, at, "gpa_isnan(in0) ? %s_make<%s>(0.0, 0, 0)"
                                    " : %s", w, c, m)
                      : m;
    s->combine = cplx ? "gpa_wfc_merge(a, b)" : "gpa_wf_merge(a, b)";
    s->finish = nan_skip
        ? put(op, at, "gpa_cast<out0_t>((a.n - gpa_p0 > 0 ? gpa_wf_finish("
                      "a.n, %s, a.m2, gpa_p0, gpa_p1) : gpa_nan<%s>()))",
              finite, c)
        : put(op, at, "gpa_cast<out0_t>(gpa_wf_finish(a.n, %s, a.m2, gpa_p0, "
                      "gpa_p1))", finite);
    s->preamble = WF_PRE;
    return 0;
}

/* scan:<ufunc> for the ufuncs whose accumulate has no op of its own. */
static int build_scan(built_op *op, size_t *at, const char *uf)
{
    static const struct { const char *uf, *comb; } COMB[] = {
        {"maximum", "gpa_maximum(a, b)"}, {"minimum", "gpa_minimum(a, b)"},
        {"fmax", "gpa_fmax(a, b)"},       {"fmin", "gpa_fmin(a, b)"},
        {"bitwise_and", "a & b"},         {"bitwise_or", "a | b"},
        {"bitwise_xor", "a ^ b"},
    };
    gpa_red_spec *s = &op->spec;
    GPA_UNUSED(at);
    for (size_t i = 0; i < sizeof COMB / sizeof COMB[0]; i++) {
        if (strcmp(uf, COMB[i].uf) != 0)
            continue;
        s->acc_t = ct(op->t);
        s->acc_size = item_size(op->t);
        s->identity = strcmp(uf, "bitwise_and") == 0 ? "gpa_cast<acc_t>(-1)"
                                                     : "gpa_cast<acc_t>(0)";
        s->map = "gpa_cast<acc_t>(in0)";
        s->combine = COMB[i].comb;
        s->finish = "gpa_cast<out0_t>(a)";
        return 0;
    }
    return -1;
}

/* bounds: an integer index's range check in one pass (issue 22):
 * 2 when some element is outside [-p0, p0), else 1 when some is negative
 * (to be wrapped), else 0.  One kernel and one 4-byte copy instead of a
 * min and a max. */
static int build_bounds(built_op *op)
{
    gpa_red_spec *s = &op->spec;
    s->acc_t = "gpa_i32";
    s->acc_size = 4;
    s->identity = "0";
    s->map = "(in0 >= (long long)gpa_p0 || in0 < -(long long)gpa_p0) ? 2 "
             ": (in0 < 0 ? 1 : 0)";
    s->combine = "a > b ? a : b";
    s->finish = "gpa_cast<out0_t>(a)";
    return 0;
}

/* Builds op (name, t set) in place: 0, or -1 for an unknown name. */
static int build(built_op *op)
{
    const char *n = op->name;
    size_t at = 0;
    int pick = strstr(n, ".pick") != NULL;
    if (!strcmp(n, "sum") || !strcmp(n, "nansum") || !strcmp(n, "prod") ||
        !strcmp(n, "nanprod"))
        return build_sum(op, &at, n[0] == 'n', strstr(n, "prod") != NULL);
    if (!strcmp(n, "all"))
        return build_bool(op, "a & b", "1");
    if (!strcmp(n, "any"))
        return build_bool(op, "a | b", "0");
    if (!strcmp(n, "xor"))
        return build_bool(op, "a ^ b", "0");
    if (!strcmp(n, "bounds"))
        return build_bounds(op);
    if (!strcmp(n, "maximum"))
        return build_extremum(op, &at, "gpa_maximum");
    if (!strcmp(n, "minimum"))
        return build_extremum(op, &at, "gpa_minimum");
    if (!strcmp(n, "fmax"))
        return build_extremum(op, &at, "gpa_fmax");
    if (!strcmp(n, "fmin"))
        return build_extremum(op, &at, "gpa_fmin");
    if (!strncmp(n, "argmax", 6) || !strncmp(n, "argmin", 6))
        return build_arg(op, &at, n[4] == 'a', 0, pick);
    if (!strncmp(n, "nanargmax", 9) || !strncmp(n, "nanargmin", 9))
        return build_arg(op, &at, n[7] == 'a', 1, pick);
    if (!strcmp(n, "var") || !strcmp(n, "nanvar"))
        return build_var(op, &at, n[0] == 'n');
    if (!strncmp(n, "scan:", 5))
        return build_scan(op, &at, n + 5);
    return -1;
}

int gpa_red_builtin(const char *name, char t, gpa_red_spec *s)
{
    built_op *op = NULL;
    for (int i = 0; i < n_built; i++) {
        if (built[i]->t == t && strcmp(built[i]->name, name) == 0) {
            op = built[i];
            goto found;
        }
    }
    if (strlen(name) >= sizeof op->name || (t && type_num(t) < 0) ||
        n_built == MAX_BUILT) {
        PyErr_Format(PyExc_ValueError, "no built-in reduction op %s of "
                                       "type '%c'", name, t ? t : ' ');
        return -1;
    }
    op = calloc(1, sizeof *op);
    if (op == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    strcpy(op->name, name);
    op->t = t;
    if (build(op) < 0 || op->spec.acc_t == NULL ||
        op->spec.identity == NULL || op->spec.map == NULL ||
        op->spec.combine == NULL || op->spec.finish == NULL) {
        free(op);
        PyErr_Format(PyExc_ValueError, "no built-in reduction op %s of "
                                       "type '%c'", name, t ? t : ' ');
        return -1;
    }
    built[n_built++] = op; /* kept: specs point into it from caches */
found:
    s->acc_t = op->spec.acc_t;
    s->acc_size = op->spec.acc_size;
    s->identity = op->spec.identity;
    s->map = op->spec.map;
    s->combine = op->spec.combine;
    s->finish = op->spec.finish;
    s->preamble = op->spec.preamble;
    s->accumulate = op->spec.accumulate;
    return 0;
}
