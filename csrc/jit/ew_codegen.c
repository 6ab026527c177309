/* ew_codegen.c - the source of an elementwise kernel from its spec.
 *
 * Two skeletons (Note [Elementwise spec] in ew.h):
 *   contiguous (ndim 0): every array operand is contiguous with the same
 *     element order; each thread moves `vec` elements per access
 *     (gpa_vec), then a scalar loop does the tail;
 *   strided (ndim D): gpa_strides<D, NA, IDX> turns a linear index into a
 *     byte offset per array operand.
 * Both are grid-stride loops, so any grid size is correct.  On host a
 * block is one thread and the kernel has its own loop (Note [Host
 * elementwise loop]): a contiguous slice per block, vectorized by the
 * compiler.
 */
#include "jit/ew.h"
#include "jit/launcher.h"

const char *gpa_ctype_name(int t)
{
    switch (t) {
    case NPY_BOOL: return "bool";
    case NPY_BYTE: return "gpa_i8";
    case NPY_UBYTE: return "gpa_u8";
    case NPY_SHORT: return "gpa_i16";
    case NPY_USHORT: return "gpa_u16";
    case NPY_INT: return "gpa_i32";
    case NPY_UINT: return "gpa_u32";
    case NPY_LONG: case NPY_LONGLONG: return "gpa_i64";
    case NPY_ULONG: case NPY_ULONGLONG: return "gpa_u64";
    case NPY_HALF: return "gpa_half";
    case NPY_FLOAT: return "float";
    case NPY_DOUBLE: return "double";
    case NPY_CFLOAT: return "gpa_c64";
    case NPY_CDOUBLE: return "gpa_c128";
    default: return "void";
    }
}

static const char *var_name(const gpa_ew_spec *s, int k, char *buf, size_t n)
{
    if (k < s->nin)
        snprintf(buf, n, "in%d", k);
    else
        snprintf(buf, n, "out%d", k - s->nin);
    return buf;
}

/* Declares the body's variables for element position `elem` (an
 * expression per operand giving the value/lvalue in memory). */
static void emit_element(gpa_strbuf *b, const gpa_ew_spec *s,
                         const char *const *load, const char *const *store,
                         const char *index)
{
    char v[16];
    int nargs = s->nin + s->nout;
    /* gpa_i: the element's linear index in iteration order (C order for
     * a C-contiguous first output), for bodies like arange's. */
    gpa_sb_printf(b, "      const long long gpa_i = %s;\n"
                     "      (void)gpa_i;\n", index);
    for (int k = 0; k < s->nin; k++) {
        var_name(s, k, v, sizeof v);
        if (s->is_scalar[k])
            gpa_sb_printf(b, "      %s_t %s = p%d;\n", v, v, k);
        else
            gpa_sb_printf(b, "      %s_t %s = gpa_cast<%s_t>(%s);\n", v, v,
                          v, load[k]);
    }
    for (int k = s->nin; k < nargs; k++) {
        var_name(s, k, v, sizeof v);
        gpa_sb_printf(b, "      %s_t %s;\n", v, v);
    }
    /* A masked body (where=) sets gpa_skip to leave an element as is. */
    gpa_sb_printf(b, "      bool gpa_skip = false;\n      (void)gpa_skip;\n"
                     "      {\n%s\n      }\n", s->body);
    for (int k = s->nin; k < nargs; k++) {
        var_name(s, k, v, sizeof v);
        gpa_sb_printf(b, "      if (!gpa_skip) %s = gpa_cast<%s>(%s);\n",
                      store[k], gpa_ctype_name(s->mem_type[k]), v);
    }
}

/* One step of the vector loop: `units` vectors per array operand at j,
 * j + nth, ... (loads first, so they are all in flight together). */
static void emit_vector_step(gpa_strbuf *b, const gpa_ew_spec *s, int vec,
                             const char *units)
{
    int nargs = s->nin + s->nout;
    char lb[GPA_EW_MAXARGS][96];
    const char *load[GPA_EW_MAXARGS], *store[GPA_EW_MAXARGS];
    for (int k = 0; k < nargs; k++) {
        if (s->is_scalar[k])
            continue;
        const char *t = gpa_ctype_name(s->mem_type[k]);
        gpa_sb_printf(b, "    gpa_vec<%s, %d> a%d[%s];\n", t, vec, k, units);
        if (k < s->nin)
            gpa_sb_printf(b,
                          "#pragma unroll\n    for (int u = 0; u < %s; u++) "
                          "a%d[u] = reinterpret_cast<const gpa_vec<%s, %d> *>"
                          "(p%d)[j + u * nth];\n", units, k, t, vec, k);
        snprintf(lb[k], 96, "a%d[u].v[e]", k);
        load[k] = store[k] = lb[k];
    }
    gpa_sb_printf(b, "#pragma unroll\n    for (int u = 0; u < %s; u++) {\n"
                     "#pragma unroll\n    for (int e = 0; e < %d; e++) {\n",
                  units, vec);
    emit_element(b, s, load, store, "(long long)(j + u * nth) * VEC_ + e");
    gpa_sb_puts(b, "    }\n    }\n");
    for (int k = s->nin; k < nargs; k++) {
        const char *t = gpa_ctype_name(s->mem_type[k]);
        gpa_sb_printf(b,
                      "#pragma unroll\n    for (int u = 0; u < %s; u++) "
                      "reinterpret_cast<gpa_vec<%s, %d> *>(p%d)[j + u * nth]"
                      " = a%d[u];\n", units, t, vec, k, k);
    }
}

/* Note [Host elementwise loop]: on host a block is one thread, and block b
 * of the grid takes the b-th contiguous slice of [0, n) (not the CUDA
 * grid-stride interleave, which would make threads share cache lines).
 * The contiguous loop is a plain counted loop over p[i] that the compiler
 * vectorizes: ivdep and the __restrict__ parameters tell it there is no
 * loop-carried dependence, which holds because the engine never passes
 * partially overlapping operands (an output that overlaps an input other
 * than exactly is written through a temporary), and an exactly aliased
 * pair (x *= x) reads element i before writing element i only. */
static void emit_host_loop(gpa_strbuf *b, const gpa_ew_spec *s,
                           const char *idx)
{
    int nargs = s->nin + s->nout;
    char load_buf[GPA_EW_MAXARGS][96];
    const char *load[GPA_EW_MAXARGS], *store[GPA_EW_MAXARGS];
    gpa_sb_printf(b,
                  "#if !GPA_CUDA\n"
                  "  const %s g_ = (%s)gridDim.x, b_ = (%s)blockIdx.x;\n"
                  "  const %s q_ = n / g_, r_ = n %% g_;\n"
                  "  const %s lo_ = b_ * q_ + (b_ < r_ ? b_ : r_);\n"
                  "  const %s hi_ = lo_ + q_ + (b_ < r_ ? 1 : 0);\n",
                  idx, idx, idx, idx, idx, idx);
    if (s->ndim == 0) {
        gpa_sb_printf(b, "#pragma GCC ivdep\n"
                         "  for (%s i = lo_; i < hi_; i++) {\n", idx);
        for (int k = 0; k < nargs; k++) {
            snprintf(load_buf[k], 96, "p%d[i]", k);
            load[k] = store[k] = load_buf[k];
        }
    } else {
        int na = 0;
        for (int k = 0; k < nargs; k++)
            na += !s->is_scalar[k];
        gpa_sb_printf(b, "  for (%s i = lo_; i < hi_; i++) {\n"
                         "    %s off[%d];\n    st.offsets(i, off);\n",
                      idx, idx, na);
        int a = 0;
        for (int k = 0; k < nargs; k++) {
            if (s->is_scalar[k])
                continue;
            snprintf(load_buf[k], 96, "gpa_at<%s>(p%d, off[%d])",
                     gpa_ctype_name(s->mem_type[k]), k, a++);
            load[k] = store[k] = load_buf[k];
        }
    }
    emit_element(b, s, load, store, "(long long)i");
    gpa_sb_puts(b, "  }\n");
}

void gpa_ew_source(const gpa_ew_spec *s, const char *name, gpa_strbuf *b)
{
    const char *idx = s->index64 ? "long long" : "int";
    int nargs = s->nin + s->nout, na = 0;
    char load_buf[GPA_EW_MAXARGS][96];
    const char *load[GPA_EW_MAXARGS], *store[GPA_EW_MAXARGS];
    const char *ptypes[GPA_EW_MAXARGS + 2];
    char ptype_buf[GPA_EW_MAXARGS + 2][96];
    int np_ = 0;
    char v[16];

    for (int k = 0; k < nargs; k++)
        na += !s->is_scalar[k];
    if (s->preamble)
        gpa_sb_printf(b, "%s\n", s->preamble);

    /* parameter list */
    gpa_sb_printf(b, "extern \"C\" __global__ void %s(%s n", name, idx);
    snprintf(ptype_buf[np_], 96, "%s", idx);
    ptypes[np_] = ptype_buf[np_];
    np_++;
    if (s->ndim > 0) {
        gpa_sb_printf(b, ", gpa_strides<%d, %d, %s> st", s->ndim, na, idx);
        snprintf(ptype_buf[np_], 96, "gpa_strides<%d, %d, %s>", s->ndim, na,
                 idx);
        ptypes[np_] = ptype_buf[np_];
        np_++;
    }
    for (int k = 0; k < nargs; k++) {
        const char *t = gpa_ctype_name(s->is_scalar[k] ? s->loop_type[k]
                                                       : s->mem_type[k]);
        if (s->is_scalar[k])
            snprintf(ptype_buf[np_], 96, "%s", t);
        else
            snprintf(ptype_buf[np_], 96, "%s%s *", k < s->nin ? "const " : "",
                     t);
        gpa_sb_printf(b, ", %s%s p%d", ptype_buf[np_],
                      s->is_scalar[k] ? "" : " __restrict__", k);
        ptypes[np_] = ptype_buf[np_];
        np_++;
    }
    gpa_sb_puts(b, ")\n{\n");
    for (int k = 0; k < nargs; k++)
        gpa_sb_printf(b, "  typedef %s %s_t;\n",
                      gpa_ctype_name(s->loop_type[k]),
                      var_name(s, k, v, sizeof v));
    emit_host_loop(b, s, idx);
    gpa_sb_printf(b,
                  "#else\n"
                  "  const %s tid = (%s)blockIdx.x * (%s)blockDim.x + "
                  "(%s)threadIdx.x;\n"
                  "  const %s nth = (%s)blockDim.x * (%s)gridDim.x;\n",
                  idx, idx, idx, idx, idx, idx, idx);

    if (s->ndim == 0) {
        int vec = s->vec > 1 ? s->vec : 1;
        gpa_sb_printf(b, "  const %s nv = n / %d;\n  enum { VEC_ = %d };\n",
                      idx, vec, vec);
        if (vec > 1) {
            /* UNROLL_ independent vector loads in flight per thread, then
             * one vector per step for the rest. */
            gpa_sb_printf(b, "  enum { UNROLL_ = %d };\n  %s j = tid;\n",
                          GPA_EW_UNROLL, idx);
            gpa_sb_puts(b, "  for (; j + (UNROLL_ - 1) * nth < nv; "
                           "j += UNROLL_ * nth) {\n");
            emit_vector_step(b, s, vec, "UNROLL_");
            gpa_sb_puts(b, "  }\n  for (; j < nv; j += nth) {\n");
            emit_vector_step(b, s, vec, "1");
            gpa_sb_puts(b, "  }\n");
        }
        /* the scalar loop: the tail after the vector loop, or all */
        gpa_sb_printf(b, "  for (%s i = %s + tid; i < n; i += nth) {\n",
                      idx, vec > 1 ? "nv * VEC_" : "0");
        for (int k = 0; k < nargs; k++) {
            snprintf(load_buf[k], 96, "p%d[i]", k);
            load[k] = store[k] = load_buf[k];
        }
        emit_element(b, s, load, store, "(long long)i");
        gpa_sb_puts(b, "  }\n#endif\n}\n");
    } else {
        gpa_sb_printf(b, "  for (%s i = tid; i < n; i += nth) {\n", idx);
        gpa_sb_printf(b, "    %s off[%d];\n    st.offsets(i, off);\n", idx,
                      na);
        int a = 0;
        for (int k = 0; k < nargs; k++) {
            if (s->is_scalar[k])
                continue;
            snprintf(load_buf[k], 96, "gpa_at<%s>(p%d, off[%d])",
                     gpa_ctype_name(s->mem_type[k]), k, a++);
            load[k] = store[k] = load_buf[k];
        }
        emit_element(b, s, load, store, "(long long)i");
        gpa_sb_puts(b, "  }\n#endif\n}\n");
    }
    gpa_sb_host_launcher(b, name, np_, ptypes);
}
