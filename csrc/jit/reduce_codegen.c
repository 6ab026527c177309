/* reduce_codegen.c - the source of a reduction module from its spec, and
 * the bounded spec -> kernels table (Note [Reduction spec] in reduce.h).
 *
 * A module = the op part (typedefs + struct gpa_rop holding the four
 * expressions) + one fixed skeleton.  The skeleton's kernels:
 *
 *   red_row_w / red_row_b  a group of G threads per (output, split): the
 *       group strides over its range of the reduced elements (16-byte
 *       vector loads when the reduced dims merge to one contiguous run),
 *       then a fixed shuffle/shared-memory tree.  G = 32 (short rows) or
 *       the whole block (long rows, and the all-reduced case, where the
 *       reduced range is split over many blocks writing partials).
 *   red_col  a thread per output (coalesced across outputs), walking its
 *       range of the reduced elements in order; blockIdx.y splits the
 *       reduced range when there are too few outputs to fill the device.
 *   red_row_acc / red_col_acc  the same over acc_t partials: the second
 *       (and, on host, further) passes.
 *
 * Note [Deterministic reductions]: no atomics; the association order is a
 * function of the sizes and the device's block size only, so the same
 * input gives bit-identical output on every run.
 */
#include "jit/reduce.h"
#include "jit/ew.h"
#include "jit/jit.h"
#include "jit/spec_key.h"
#include "jit/launcher.h"

#include <stdlib.h>

/* Note [Reduction accumulate]: an index-tracking op (the argmin/argmax
 * family) may give `accumulate`, a statement folding one raw input x
 * (in0_t) with its index gpa_i into `a`, exactly as a = combine(a, map(x,
 * gpa_i)) would for inputs met in index order.  Its acc_t must have
 * members v (the value, in0_t) and i (the index, < 0 when empty).  The
 * contiguous per-thread loop folds each vector of V inputs into a fresh
 * acc_t with LOCAL indices 0..V-1 (constants: no 64-bit index math per
 * element), then folds that vector's winner into the running acc_t at
 * its full index -- the same winner, since a vector's first best is what
 * an in-order fold of its elements would keep.  Ops without it compile
 * the same text as before: every use sits under #ifdef
 * GPA_RED_ACCUMULATE. */
void gpa_red_op_source(const gpa_red_spec *s, gpa_strbuf *b)
{
    gpa_sb_printf(b,
        "typedef %s gpa_idx_t;\n"
        "typedef %s in_mem_t;\ntypedef %s in0_t;\n"
        "typedef %s out_mem_t;\ntypedef %s out0_t;\n",
        s->index64 ? "long long" : "int", gpa_ctype_name(s->in_mem),
        gpa_ctype_name(s->in_loop), gpa_ctype_name(s->out_mem),
        gpa_ctype_name(s->out_loop));
    if (s->preamble)
        gpa_sb_printf(b, "%s\n", s->preamble);
    gpa_sb_printf(b,
        "typedef %s acc_t;\n"
        "struct gpa_rop {\n"
        "  static GPA_DEVICE acc_t identity(double gpa_p0, double gpa_p1)\n"
        "  { (void)gpa_p0; (void)gpa_p1; return (%s); }\n"
        "  static GPA_DEVICE acc_t map(in0_t in0, long long gpa_i, "
        "double gpa_p0, double gpa_p1)\n"
        "  { (void)gpa_i; (void)gpa_p0; (void)gpa_p1; return (%s); }\n"
        "  static GPA_DEVICE acc_t combine(acc_t a, acc_t b) "
        "{ return (%s); }\n"
        "  static GPA_DEVICE out0_t finish(acc_t a, long long gpa_n, "
        "double gpa_p0, double gpa_p1)\n"
        "  { (void)gpa_n; (void)gpa_p0; (void)gpa_p1; return (%s); }\n"
        "};\n",
        s->acc_t, s->identity, s->map, s->combine, s->finish);
    if (s->accumulate)
        gpa_sb_printf(b,
            "/* Note [Reduction accumulate] */\n"
            "#define GPA_RED_ACCUMULATE 1\n"
            "GPA_DEVICE void gpa_rop_accumulate(acc_t &a, in0_t x, "
            "long long gpa_i)\n{\n%s\n}\n", s->accumulate);
}

/* Helpers shared by the reduction and scan skeletons. */
static const char common_text[] =
"#if GPA_CUDA\n"
"#define GPA_RB 512\n#define GPA_RW 32\n#define GPA_CB 256\n"
"#else\n"
"#define GPA_RB 1\n#define GPA_RW 1\n#define GPA_CB 1\n"
"#endif\n"
"struct gpa_rlayout {\n"
"  int nk, nr;\n"
"  gpa_idx_t kshape[8], kstride[8], ostride[8];\n"
"  gpa_idx_t rshape[8], rstride[8];\n"
"  long long rlog[8];\n"
"};\n"
"static_assert(sizeof(acc_t) % 4 == 0, \"acc_t: a multiple of 4 bytes\");\n"
"/* Offsets of output o's first input element and of the output. */\n"
"GPA_DEVICE void gpa_koff(const gpa_rlayout &L, gpa_idx_t o,\n"
"                         gpa_idx_t &ioff, gpa_idx_t &ooff)\n"
"{\n"
"  ioff = 0; ooff = 0;\n"
"  for (int d = L.nk - 1; d >= 0; d--) {\n"
"    gpa_idx_t c = d ? o % L.kshape[d] : o;\n"
"    if (d) o /= L.kshape[d];\n"
"    ioff += c * L.kstride[d]; ooff += c * L.ostride[d];\n"
"  }\n"
"}\n"
"/* Byte offset of reduced element r; li: its C-order index. */\n"
"GPA_DEVICE gpa_idx_t gpa_roff(const gpa_rlayout &L, gpa_idx_t r,\n"
"                              long long &li)\n"
"{\n"
"  if (L.nr == 1) { li = (long long)r * L.rlog[0]; return r * L.rstride[0]; }\n"
"  gpa_idx_t off = 0; li = 0;\n"
"  for (int d = L.nr - 1; d >= 0; d--) {\n"
"    gpa_idx_t c = d ? r % L.rshape[d] : r;\n"
"    if (d) r /= L.rshape[d];\n"
"    off += c * L.rstride[d]; li += (long long)c * L.rlog[d];\n"
"  }\n"
"  return off;\n"
"}\n"
"/* Shuffles of any 4-byte-multiple type, word by word. */\n"
"template <class T> GPA_DEVICE T gpa_shfl_down_t(T v, int d)\n"
"{\n"
"#if GPA_CUDA\n"
"  int *w = reinterpret_cast<int *>(&v);\n"
"#pragma unroll\n"
"  for (int k = 0; k < (int)(sizeof(T) / 4); k++)\n"
"    w[k] = __shfl_down_sync(0xffffffffu, w[k], d);\n"
"#endif\n"
"  (void)d; return v;\n"
"}\n"
"template <class T> GPA_DEVICE T gpa_shfl_up_t(T v, int d)\n"
"{\n"
"#if GPA_CUDA\n"
"  int *w = reinterpret_cast<int *>(&v);\n"
"#pragma unroll\n"
"  for (int k = 0; k < (int)(sizeof(T) / 4); k++)\n"
"    w[k] = __shfl_up_sync(0xffffffffu, w[k], d);\n"
"#endif\n"
"  (void)d; return v;\n"
"}\n"
"template <class T> GPA_DEVICE T gpa_shfl_idx_t(T v, int lane)\n"
"{\n"
"#if GPA_CUDA\n"
"  int *w = reinterpret_cast<int *>(&v);\n"
"#pragma unroll\n"
"  for (int k = 0; k < (int)(sizeof(T) / 4); k++)\n"
"    w[k] = __shfl_sync(0xffffffffu, w[k], lane);\n"
"#endif\n"
"  (void)lane; return v;\n"
"}\n";

static const char reduce_text[] =
"/* Sources of reduced values: the mapped input, or acc_t partials. */\n"
"struct gpa_src_in {\n"
"  typedef in_mem_t mem_t;\n"
"  enum { vec = sizeof(in_mem_t) < 16 ? 16 / sizeof(in_mem_t) : 1 };\n"
"  static GPA_DEVICE acc_t load(const char *b, gpa_idx_t off, long long li,\n"
"                              double p0, double p1)\n"
"  { return gpa_rop::map(gpa_cast<in0_t>(gpa_at<in_mem_t>(b, off)), li, p0, p1); }\n"
"  static GPA_DEVICE acc_t get(in_mem_t x, long long li, double p0, double p1)\n"
"  { return gpa_rop::map(gpa_cast<in0_t>(x), li, p0, p1); }\n"
"#ifdef GPA_RED_ACCUMULATE\n"
"  enum { raw = 1 };\n"
"  static GPA_DEVICE void fold(acc_t &a, in_mem_t x, long long li, double, double)\n"
"  { gpa_rop_accumulate(a, gpa_cast<in0_t>(x), li); }\n"
"#endif\n"
"};\n"
"struct gpa_src_acc {\n"
"  typedef acc_t mem_t;\n"
"  enum { vec = 1 };\n"
"#ifdef GPA_RED_ACCUMULATE\n"
"  enum { raw = 0 };\n"
"  static GPA_DEVICE void fold(acc_t &a, acc_t x, long long, double, double)\n"
"  { a = gpa_rop::combine(a, x); }\n"
"#endif\n"
"  static GPA_DEVICE acc_t load(const char *b, gpa_idx_t off, long long,\n"
"                              double, double)\n"
"  { return gpa_at<acc_t>(b, off); }\n"
"  static GPA_DEVICE acc_t get(acc_t x, long long, double, double) { return x; }\n"
"};\n"
"/* The vector type of the contiguous path (a stand-in when V == 1). */\n"
"/* Note [Streaming loads]: GPA_RED_LDG picks how the contiguous row loop\n"
" * reads (knob \"red_ldg\"): 0 a plain load, 1 the read-only path\n"
" * (ld.global.nc), 2 that and no L1 allocation with a 256-byte L2\n"
" * prefetch -- the input is read once, so caching it in L1 buys nothing. */\n"
"#ifndef GPA_RED_LDG\n"
"#define GPA_RED_LDG 0\n"
"#endif\n"
"template <class T> GPA_DEVICE T gpa_ld_stream(const T *p)\n"
"{\n"
"#if GPA_CUDA && GPA_RED_LDG > 0\n"
"  if (sizeof(T) == 16 && alignof(T) >= 16) {\n"
"    unsigned w[4];\n"
"#if GPA_RED_LDG > 1\n"
"    asm volatile(\"ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\"\n"
"#else\n"
"    asm volatile(\"ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];\"\n"
"#endif\n"
"                 : \"=r\"(w[0]), \"=r\"(w[1]), \"=r\"(w[2]), \"=r\"(w[3]) : \"l\"(p));\n"
"    T r;\n"
"    memcpy(&r, w, 16);\n"
"    return r;\n"
"  }\n"
"#endif\n"
"  return *p;\n"
"}\n"
"template <class M, int V> struct gpa_vsel { typedef gpa_vec<M, V> type; };\n"
"template <class M> struct gpa_vsel<M, 1> { struct type { M v[1]; }; };\n"
"/* Pairwise tree over N values (N a power of two). */\n"
"template <int N> struct gpa_tree {\n"
"  static GPA_DEVICE acc_t run(acc_t *t)\n"
"  {\n"
"#pragma unroll\n"
"    for (int w = 1; w < N; w *= 2)\n"
"#pragma unroll\n"
"      for (int e = 0; e + w < N; e += 2 * w)\n"
"        t[e] = gpa_rop::combine(t[e], t[e + w]);\n"
"    return t[0];\n"
"  }\n"
"};\n"
"#if !GPA_CUDA && !defined(GPA_RED_ACCUMULATE)\n"
"/* Note [Host pairwise reduction]: on host a block is one thread, so its\n"
" * range is folded pairwise: halves (split at a multiple of 8) down to\n"
" * runs of at most 128 elements, each run folded into 8 interleaved\n"
" * accumulators combined by a tree -- NumPy's pairwise sum, so float\n"
" * sums carry O(log n) rounding error instead of O(n), and the 8\n"
" * independent chains vectorize. */\n"
"#define GPA_HAVE_PAIRWISE 1\n"
"template <class SRC>\n"
"GPA_DEVICE acc_t gpa_red_pairwise(const gpa_rlayout &L, const char *b,\n"
"    gpa_idx_t lo, gpa_idx_t hi, double p0, double p1)\n"
"{\n"
"  typedef typename SRC::mem_t M;\n"
"  if (hi - lo > 128) {\n"
"    gpa_idx_t mid = lo + (((hi - lo) / 2 + 7) / 8) * 8;\n"
"    acc_t l = gpa_red_pairwise<SRC>(L, b, lo, mid, p0, p1);\n"
"    return gpa_rop::combine(l, gpa_red_pairwise<SRC>(L, b, mid, hi, p0, p1));\n"
"  }\n"
"  acc_t t[8];\n"
"#pragma GCC unroll 8\n"
"  for (int e = 0; e < 8; e++) t[e] = gpa_rop::identity(p0, p1);\n"
"  gpa_idx_t r = lo;\n"
"  long long li;\n"
"  if (L.nr == 1 && L.rstride[0] == (gpa_idx_t)sizeof(M)) {\n"
"    const M *p = reinterpret_cast<const M *>(b);\n"
"    const long long rl = L.rlog[0];\n"
"    for (; r + 8 <= hi; r += 8) {\n"
"      const M *q = p + r;\n"
"      const long long l0 = (long long)r * rl;\n"
"#pragma GCC unroll 8\n"
"      for (int e = 0; e < 8; e++)\n"
"        t[e] = gpa_rop::combine(t[e], SRC::get(q[e], l0 + e * rl, p0, p1));\n"
"    }\n"
"  } else {\n"
"    for (; r + 8 <= hi; r += 8)\n"
"#pragma GCC unroll 8\n"
"      for (int e = 0; e < 8; e++)\n"
"        t[e] = gpa_rop::combine(t[e], SRC::load(b, gpa_roff(L, r + e, li), li, p0, p1));\n"
"  }\n"
"  /* NumPy's order; spelled out (gcc keeps gpa_tree's loops at -O2) */\n"
"  acc_t acc = gpa_rop::combine(\n"
"      gpa_rop::combine(gpa_rop::combine(t[0], t[1]), gpa_rop::combine(t[2], t[3])),\n"
"      gpa_rop::combine(gpa_rop::combine(t[4], t[5]), gpa_rop::combine(t[6], t[7])));\n"
"  for (; r < hi; r++)\n"
"    acc = gpa_rop::combine(acc, SRC::load(b, gpa_roff(L, r, li), li, p0, p1));\n"
"  return acc;\n"
"}\n"
"#endif\n"
"/* One lane's share of reduced elements [lo, hi) of the output whose first\n"
" * element is at b: lanes stride by G. */\n"
"template <class SRC, int G>\n"
"GPA_DEVICE acc_t gpa_red_range(const gpa_rlayout &L, const char *b,\n"
"    gpa_idx_t lo, gpa_idx_t hi, int lane, double p0, double p1)\n"
"{\n"
"  typedef typename SRC::mem_t M;\n"
"  enum { V = SRC::vec };\n"
"#ifdef GPA_HAVE_PAIRWISE\n"
"  if (G == 1) return gpa_red_pairwise<SRC>(L, b, lo, hi, p0, p1);\n"
"#endif\n"
"  acc_t acc = gpa_rop::identity(p0, p1);\n"
"  long long li;\n"
"  if (V > 1 && L.nr == 1 && L.rstride[0] == (gpa_idx_t)sizeof(M) && hi - lo >= 2 * V) {\n"
"    const M *p = reinterpret_cast<const M *>(b);\n"
"    gpa_idx_t mis = (gpa_idx_t)(((unsigned long long)(p + lo) / sizeof(M)) % V);\n"
"    gpa_idx_t head = mis ? V - mis : 0;\n"
"    if ((((unsigned long long)(p + lo)) % sizeof(M)) != 0) head = hi - lo;\n"
"    if (head > hi - lo) head = hi - lo;\n"
"    for (gpa_idx_t r = lo + lane; r < lo + head; r += G)\n"
"      acc = gpa_rop::combine(acc, SRC::get(p[r], (long long)r * L.rlog[0], p0, p1));\n"
"    gpa_idx_t v0 = lo + head, nv = (hi - v0) / V;\n"
"    typedef typename gpa_vsel<M, V>::type VT;\n"
"    const VT *pv = reinterpret_cast<const VT *>(p + v0);\n"
"#pragma unroll 4\n"
"    for (gpa_idx_t v = lane; v < nv; v += G) {\n"
"      VT x = gpa_ld_stream(pv + v);\n"
"#ifdef GPA_RED_ACCUMULATE\n"
"      if (SRC::raw) { /* Note [Reduction accumulate] */\n"
"        acc_t t = gpa_rop::identity(p0, p1);\n"
"#pragma unroll\n"
"        for (int e = 0; e < V; e++)\n"
"          SRC::fold(t, x.v[e], e, p0, p1);\n"
"        if (t.i >= 0)\n"
"          gpa_rop_accumulate(acc, t.v, (long long)(v0 + v * V + t.i) * L.rlog[0]);\n"
"        continue;\n"
"      }\n"
"#endif\n"
"      acc_t t[V];\n"
"#pragma unroll\n"
"      for (int e = 0; e < V; e++)\n"
"        t[e] = SRC::get(x.v[e], (long long)(v0 + v * V + e) * L.rlog[0], p0, p1);\n"
"      acc = gpa_rop::combine(acc, gpa_tree<V>::run(t));\n"
"    }\n"
"    for (gpa_idx_t r = v0 + nv * V + lane; r < hi; r += G)\n"
"      acc = gpa_rop::combine(acc, SRC::get(p[r], (long long)r * L.rlog[0], p0, p1));\n"
"    return acc;\n"
"  }\n"
"#pragma unroll 4\n"
"  for (gpa_idx_t r = lo + lane; r < hi; r += G) {\n"
"    gpa_idx_t off = gpa_roff(L, r, li);\n"
"    acc = gpa_rop::combine(acc, SRC::load(b, off, li, p0, p1));\n"
"  }\n"
"  return acc;\n"
"}\n"
"/* Reduces v over groups of G lanes (fixed tree); lane 0 of each group\n"
" * holds the result.  Every thread of the block must call it. */\n"
"template <int G>\n"
"GPA_DEVICE acc_t gpa_group_reduce(acc_t v, acc_t *sm, double p0, double p1)\n"
"{\n"
"#if GPA_CUDA\n"
"  const int w = G < 32 ? G : 32;\n"
"#pragma unroll\n"
"  for (int d = w / 2; d > 0; d /= 2)\n"
"    v = gpa_rop::combine(v, gpa_shfl_down_t(v, d));\n"
"  if (G > 32) {\n"
"    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;\n"
"    if (lane == 0) sm[warp] = v;\n"
"    __syncthreads();\n"
"    if (warp == 0) {\n"
"      v = lane < G / 32 ? sm[lane] : gpa_rop::identity(p0, p1);\n"
"#pragma unroll\n"
"      for (int d = 16; d > 0; d /= 2)\n"
"        v = gpa_rop::combine(v, gpa_shfl_down_t(v, d));\n"
"    }\n"
"    __syncthreads();\n"
"  }\n"
"#endif\n"
"  (void)sm; (void)p0; (void)p1;\n"
"  return v;\n"
"}\n"
"/* Output/split pairs p = o * S + s, a group of G lanes each. */\n"
"template <class SRC, int G>\n"
"GPA_DEVICE void gpa_red_row(const gpa_rlayout &L, gpa_idx_t n_out,\n"
"    gpa_idx_t n_red, gpa_idx_t S, gpa_idx_t chunk, const char *src,\n"
"    char *dst, int final_, long long n_total, double p0, double p1)\n"
"{\n"
"  __shared__ acc_t sm[GPA_RB / 32 + 1];\n"
"  const int lane = threadIdx.x % G, grp = threadIdx.x / G;\n"
"  const gpa_idx_t ngrp = GPA_RB / G, npairs = n_out * S;\n"
"  for (gpa_idx_t base = (gpa_idx_t)blockIdx.x * ngrp; base < npairs;\n"
"       base += (gpa_idx_t)gridDim.x * ngrp) {\n"
"    gpa_idx_t p = base + grp, ioff = 0, ooff = 0;\n"
"    acc_t acc = gpa_rop::identity(p0, p1);\n"
"    if (p < npairs) {\n"
"      gpa_idx_t o = p / S, s = p % S;\n"
"      gpa_koff(L, o, ioff, ooff);\n"
"      gpa_idx_t lo = s * chunk, hi = lo + chunk < n_red ? lo + chunk : n_red;\n"
"      acc = gpa_red_range<SRC, G>(L, src + ioff, lo, hi, lane, p0, p1);\n"
"    }\n"
"    acc = gpa_group_reduce<G>(acc, sm, p0, p1);\n"
"    if (lane == 0 && p < npairs) {\n"
"      if (final_)\n"
"        gpa_at<out_mem_t>(dst, ooff) = gpa_cast<out_mem_t>(gpa_rop::finish(acc, n_total, p0, p1));\n"
"      else\n"
"        reinterpret_cast<acc_t *>(dst)[p] = acc;\n"
"    }\n"
"  }\n"
"}\n"
"/* A thread per output o (x), split s = blockIdx.y of S; partials are\n"
" * laid out [S][n_out]. */\n"
"template <class SRC>\n"
"GPA_DEVICE void gpa_red_col(const gpa_rlayout &L, gpa_idx_t n_out,\n"
"    gpa_idx_t n_red, gpa_idx_t S, gpa_idx_t chunk, const char *src,\n"
"    char *dst, int final_, long long n_total, double p0, double p1)\n"
"{\n"
"  gpa_idx_t s = blockIdx.y;\n"
"  gpa_idx_t lo = s * chunk, hi = lo + chunk < n_red ? lo + chunk : n_red;\n"
"  for (gpa_idx_t o = (gpa_idx_t)blockIdx.x * blockDim.x + threadIdx.x;\n"
"       o < n_out; o += (gpa_idx_t)gridDim.x * blockDim.x) {\n"
"    gpa_idx_t ioff, ooff;\n"
"    gpa_koff(L, o, ioff, ooff);\n"
"    acc_t acc = gpa_red_range<SRC, 1>(L, src + ioff, lo, hi, 0, p0, p1);\n"
"    if (final_)\n"
"      gpa_at<out_mem_t>(dst, ooff) = gpa_cast<out_mem_t>(gpa_rop::finish(acc, n_total, p0, p1));\n"
"    else\n"
"      reinterpret_cast<acc_t *>(dst)[s * n_out + o] = acc;\n"
"  }\n"
"  (void)S;\n"
"}\n"
"#define GPA_RED_PARAMS gpa_rlayout L, gpa_idx_t n_out, gpa_idx_t n_red, \\\n"
"  gpa_idx_t S, gpa_idx_t chunk, const char *src, char *dst, int final_, \\\n"
"  long long n_total, double p0, double p1\n"
"#define GPA_RED_ARGS L, n_out, n_red, S, chunk, src, dst, final_, n_total, p0, p1\n"
"extern \"C\" __global__ void red_row_w(GPA_RED_PARAMS)\n"
"{ gpa_red_row<gpa_src_in, GPA_RW>(GPA_RED_ARGS); }\n"
"extern \"C\" __global__ void red_row_b(GPA_RED_PARAMS)\n"
"{ gpa_red_row<gpa_src_in, GPA_RB>(GPA_RED_ARGS); }\n"
"extern \"C\" __global__ void red_row_acc(GPA_RED_PARAMS)\n"
"{ gpa_red_row<gpa_src_acc, GPA_RB>(GPA_RED_ARGS); }\n"
"/* red_col with V adjacent outputs per thread and one V-wide load per\n"
" * reduced element (outputs contiguous in the input, 16-byte aligned; the\n"
" * caller checks): a warp reads 512 contiguous bytes a row instead of\n"
" * 128.  Each output is combined in the same order as red_col. */\n"
"GPA_DEVICE void gpa_red_col_v(const gpa_rlayout &L, gpa_idx_t n_out,\n"
"    gpa_idx_t n_red, gpa_idx_t S, gpa_idx_t chunk, const char *src,\n"
"    char *dst, int final_, long long n_total, double p0, double p1)\n"
"{\n"
"  enum { V = gpa_src_in::vec > 4 ? 4 : gpa_src_in::vec };\n"
"  typedef typename gpa_vsel<in_mem_t, V>::type VT;\n"
"  gpa_idx_t s = blockIdx.y;\n"
"  gpa_idx_t lo = s * chunk, hi = lo + chunk < n_red ? lo + chunk : n_red;\n"
"  for (gpa_idx_t q = (gpa_idx_t)blockIdx.x * blockDim.x + threadIdx.x;\n"
"       q < n_out / V; q += (gpa_idx_t)gridDim.x * blockDim.x) {\n"
"    gpa_idx_t ioff, ooff;\n"
"    gpa_koff(L, q * V, ioff, ooff);\n"
"    acc_t acc[V];\n"
"#pragma unroll\n"
"    for (int e = 0; e < V; e++) acc[e] = gpa_rop::identity(p0, p1);\n"
"    long long li;\n"
"    gpa_idx_t r = lo;\n"
"    if (L.nr == 1) {\n"
"      /* B loads issued before their adds: B * 16 bytes in flight per\n"
"       * thread, not 16 (the generic loop's offset math sits between a\n"
"       * load and its use). */\n"
"      enum { B = 4 };\n"
"      const gpa_idx_t rs = L.rstride[0];\n"
"      const char *p = src + ioff + r * rs;\n"
"      for (; r + B <= hi; r += B, p += B * rs) {\n"
"        VT x[B];\n"
"#pragma unroll\n"
"        for (int k = 0; k < B; k++) x[k] = gpa_at<VT>(p, k * rs);\n"
"#pragma unroll\n"
"        for (int k = 0; k < B; k++)\n"
"#pragma unroll\n"
"          for (int e = 0; e < V; e++)\n"
"            acc[e] = gpa_rop::combine(acc[e], gpa_src_in::get(x[k].v[e], 0, p0, p1));\n"
"      }\n"
"    }\n"
"#pragma unroll 4\n"
"    for (; r < hi; r++) {\n"
"      const VT x = gpa_at<VT>(src, ioff + gpa_roff(L, r, li));\n"
"#pragma unroll\n"
"      for (int e = 0; e < V; e++)\n"
"        acc[e] = gpa_rop::combine(acc[e], gpa_src_in::get(x.v[e], 0, p0, p1));\n"
"    }\n"
"#pragma unroll\n"
"    for (int e = 0; e < V; e++) {\n"
"      gpa_idx_t o = q * V + e;\n"
"      if (final_) {\n"
"        gpa_koff(L, o, ioff, ooff);\n"
"        gpa_at<out_mem_t>(dst, ooff) = gpa_cast<out_mem_t>(gpa_rop::finish(acc[e], n_total, p0, p1));\n"
"      } else {\n"
"        reinterpret_cast<acc_t *>(dst)[s * n_out + o] = acc[e];\n"
"      }\n"
"    }\n"
"  }\n"
"  (void)S;\n"
"}\n"
"extern \"C\" __global__ void red_col(GPA_RED_PARAMS)\n"
"{ gpa_red_col<gpa_src_in>(GPA_RED_ARGS); }\n"
"extern \"C\" __global__ void red_col_v(GPA_RED_PARAMS)\n"
"{ gpa_red_col_v(GPA_RED_ARGS); }\n"
"extern \"C\" __global__ void red_col_acc(GPA_RED_PARAMS)\n"
"{ gpa_red_col<gpa_src_acc>(GPA_RED_ARGS); }\n";

static const char *const red_names[GPA_RK_N] = {
    "red_row_w", "red_row_b", "red_row_acc", "red_col", "red_col_acc",
    "red_col_v",
};
static const char *const red_ptypes[] = {
    "gpa_rlayout", "gpa_idx_t", "gpa_idx_t", "gpa_idx_t", "gpa_idx_t",
    "const char *", "char *", "int", "long long", "double", "double",
};

static const char *const scan_names[GPA_SK_N] = {"scan_tile", "scan_col"};
static const char *const scan_ptypes[] = {
    "gpa_rlayout", "gpa_idx_t", "gpa_idx_t", "gpa_idx_t", "gpa_idx_t",
    "gpa_idx_t", "gpa_idx_t", "const char *", "char *", "char *", "double",
    "double",
};

int gpa_red_ldg = 0;

void gpa_red_source(const gpa_red_spec *s, int kind, gpa_strbuf *b)
{
    gpa_red_op_source(s, b);
    gpa_sb_puts(b, common_text);
    if (kind == GPA_RED_REDUCE) {
        gpa_sb_printf(b, "#define GPA_RED_LDG %d\n", gpa_red_ldg);
        gpa_sb_puts(b, reduce_text);
        for (int k = 0; k < GPA_RK_N; k++)
            gpa_sb_host_launcher(b, red_names[k], 11, red_ptypes);
    } else {
        gpa_scan_skeleton(b, s->acc_size);
        for (int k = 0; k < GPA_SK_N; k++)
            gpa_sb_host_launcher(b, scan_names[k], 12, scan_ptypes);
    }
}

/* ---- the bounded spec -> kernels table ---- */

#define MAX_ENTRIES 512

typedef struct {
    gpa_device *dev;
    int kind;
    gpa_red_spec spec;   /* strings point at owned copies */
    void *fns[GPA_RK_N];
} entry;

static entry *table;
static size_t n_entries;

static int spec_eq(const gpa_red_spec *a, const gpa_red_spec *b)
{
    return a->in_mem == b->in_mem && a->in_loop == b->in_loop &&
           a->out_mem == b->out_mem && a->out_loop == b->out_loop &&
           a->acc_size == b->acc_size && a->index64 == b->index64 &&
           gpa_str_eq(a->acc_t, b->acc_t) && gpa_str_eq(a->identity, b->identity) &&
           gpa_str_eq(a->map, b->map) && gpa_str_eq(a->combine, b->combine) &&
           gpa_str_eq(a->finish, b->finish) &&
           gpa_str_eq(a->preamble, b->preamble) &&
           gpa_str_eq(a->accumulate, b->accumulate);
}

static void free_spec_strings(gpa_red_spec *s)
{
    free((char *)s->preamble);
    free((char *)s->acc_t);
    free((char *)s->identity);
    free((char *)s->map);
    free((char *)s->combine);
    free((char *)s->finish);
    free((char *)s->accumulate);
}

void gpa_red_cache_clear(void)
{
    for (size_t i = 0; i < n_entries; i++)
        free_spec_strings(&table[i].spec);
    n_entries = 0;
}

size_t gpa_red_cache_size(void)
{
    return n_entries;
}

static char *dup_or_null(const char *s, int *fail)
{
    if (s == NULL)
        return NULL;
    char *d = strdup(s);
    if (d == NULL)
        *fail = 1;
    return d;
}

/* The table is small and looked up once per reduction call (which costs
 * a launch or more): a linear scan of the entries with the newest first
 * would do; we compare the cheap ints first. */
int gpa_red_kernels(gpa_device *dev, const gpa_red_spec *spec, int kind,
                    void **fns)
{
    int nk = kind == GPA_RED_REDUCE ? GPA_RK_N : GPA_SK_N;
    for (size_t i = n_entries; i-- > 0;) {
        entry *e = &table[i];
        if (e->dev == dev && e->kind == kind && spec_eq(&e->spec, spec)) {
            memcpy(fns, e->fns, sizeof(void *) * (size_t)nk);
            return 0;
        }
    }
    gpa_strbuf b = {0};
    gpa_red_source(spec, kind, &b);
    if (b.failed)
        return -1;
    gpa_module *m = gpa_jit_load(dev, b.s);
    gpa_sb_free(&b);
    if (m == NULL)
        return -1;
    for (int k = 0; k < nk; k++) {
        fns[k] = gpa_module_function(
            m, kind == GPA_RED_REDUCE ? red_names[k] : scan_names[k]);
        if (fns[k] == NULL)
            return -1;
    }
    if (table == NULL && (table = calloc(MAX_ENTRIES, sizeof(entry))) == NULL)
        return 0; /* usable, just not remembered */
    if (n_entries >= MAX_ENTRIES)
        gpa_red_cache_clear();
    entry *e = &table[n_entries];
    int fail = 0;
    e->dev = dev;
    e->kind = kind;
    e->spec = *spec;
    e->spec.preamble = dup_or_null(spec->preamble, &fail);
    e->spec.acc_t = dup_or_null(spec->acc_t, &fail);
    e->spec.identity = dup_or_null(spec->identity, &fail);
    e->spec.map = dup_or_null(spec->map, &fail);
    e->spec.combine = dup_or_null(spec->combine, &fail);
    e->spec.finish = dup_or_null(spec->finish, &fail);
    e->spec.accumulate = dup_or_null(spec->accumulate, &fail);
    if (fail) {
        free_spec_strings(&e->spec);
        return 0;
    }
    memcpy(e->fns, fns, sizeof(void *) * (size_t)nk);
    n_entries++;
    return 0;
}
