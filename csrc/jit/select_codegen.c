/* select_codegen.c - the radix select kernels, part of the sort module
 * (sort_codegen.c appends this text; ops/select.c drives them).
 *
 * Selecting rank k of every row (partition, argpartition, median,
 * quantile) by the keys of Note [Sort keys], most significant digit
 * first, without sorting:
 *
 *   sel_hist     one launch per 8-bit digit: a block per chunk of a row
 *                counts the digit of the keys still candidates (their
 *                higher digits equal the row's prefix so far) into the
 *                row's 256 counters (shared memory, then global atomics).
 *                The host reads the counts back, finds the digit holding
 *                rank k and extends the prefix: after the last digit the
 *                prefix is the key of the kth value, with the number of
 *                keys below it and equal to it.  A single row whose
 *                candidates after the first digit are few also copies
 *                them (their bits, in any order) to `cand` in the second
 *                pass, so the later passes read only those.
 *   sel_scatter  one launch: every key is below, equal to or above the
 *                row's pivot key; a block counts its three classes,
 *                reserves room for each with one global atomic per class
 *                (the regions start at 0, lt and lt + eq), then writes its
 *                values and/or indices there.  The order inside a region
 *                is unspecified (as NumPy's), the regions are exact.  An
 *                element equal to the pivot also writes the kth value of
 *                its row (all such elements have the same key; -0.0 and
 *                0.0 are equal, as for NumPy).
 */
#include "jit/sort.h"

const char gpa_select_text[] =
"GPA_DEVICE void gpa_sel_row(long long cpr, long long len, long long *row,\n"
"                            long long *lo, long long *hi)\n"
"{\n"
"  const long long b = blockIdx.x;\n"
"  const long long chunk = (len + cpr - 1) / cpr;\n"
"  *row = b / cpr;\n"
"  *lo = (b % cpr) * chunk;\n"
"  *hi = len - *lo < chunk ? len : *lo + chunk;\n"
"}\n"
"GPA_DEVICE unsigned long long gpa_sel_add(unsigned long long *p, unsigned long long v)\n"
"{\n"
"#if GPA_CUDA\n"
"  return atomicAdd(p, v);\n"
"#else\n"
"  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);\n"
"#endif\n"
"}\n"
"extern \"C\" __global__ void sel_hist(const char *src, long long len, long long cpr,\n"
"    int desc, int shift, const gpa_skey *pre, unsigned long long mask,\n"
"    unsigned long long *hist, char *cand, unsigned long long *ccount)\n"
"{\n"
"#if GPA_CUDA\n"
"  __shared__ unsigned h[GPA_RADIX];\n"
"#else\n"
"  /* one thread: a local array, and a spill bucket for non-candidates so\n"
"   * the count does not branch on them */\n"
"  unsigned h[GPA_RADIX + 1];\n"
"#endif\n"
"  const int tid = threadIdx.x, nt = blockDim.x;\n"
"  for (int i = tid; i < GPA_RADIX; i += nt) h[i] = 0;\n"
"  __syncthreads();\n"
"  long long row, lo, hi;\n"
"  gpa_sel_row(cpr, len, &row, &lo, &hi);\n"
"  const gpa_sbits *s = reinterpret_cast<const gpa_sbits *>(src) + row * len;\n"
"  const gpa_skey p = pre[row], m = (gpa_skey)mask;\n"
"#if GPA_CUDA\n"
"  for (long long i = lo + tid; i < hi; i += nt) {\n"
"    const gpa_skey k = gpa_key_of(s[i], desc);\n"
"    if ((k & m) != p) continue;\n"
"    if (cand) reinterpret_cast<gpa_sbits *>(cand)[gpa_sel_add(ccount, 1ull)] = s[i];\n"
"    atomicAdd(&h[(int)((k >> shift) & 255u)], 1u);\n"
"  }\n"
"#else\n"
"  h[GPA_RADIX] = 0;\n"
"  /* the copying pass apart, so the counting loop has no branch on `in` */\n"
"  if (cand)\n"
"    for (long long i = lo; i < hi; i++) {\n"
"      const gpa_skey k = gpa_key_of(s[i], desc);\n"
"      if ((k & m) != p) continue;\n"
"      reinterpret_cast<gpa_sbits *>(cand)[gpa_sel_add(ccount, 1ull)] = s[i];\n"
"      h[(int)((k >> shift) & 255u)]++;\n"
"    }\n"
"  else\n"
"    for (long long i = lo; i < hi; i++) {\n"
"      const gpa_skey k = gpa_key_of(s[i], desc);\n"
"      const unsigned d = (unsigned)((k >> shift) & 255u);\n"
"      const unsigned sel = 0u - (unsigned)((k & m) == p);\n"
"      h[GPA_RADIX ^ ((GPA_RADIX ^ d) & sel)]++;\n"
"    }\n"
"#endif\n"
"  __syncthreads();\n"
"  for (int i = tid; i < GPA_RADIX; i += nt)\n"
"    if (h[i]) gpa_sel_add(&hist[row * GPA_RADIX + i], (unsigned long long)h[i]);\n"
"}\n"
"/* Class of key k against the pivot: 0 below, 1 equal, 2 above. */\n"
"GPA_DEVICE int gpa_sel_cls(gpa_skey k, gpa_skey pv)\n"
"{ return k < pv ? 0 : (k == pv ? 1 : 2); }\n"
"extern \"C\" __global__ void sel_scatter(const char *src, long long len, long long cpr,\n"
"    int desc, const gpa_skey *piv, const unsigned long long *base,\n"
"    unsigned long long *cnt, char *tout, long long *iout, char *kout)\n"
"{\n"
"  __shared__ unsigned long long c3[3];\n"
"  const int tid = threadIdx.x, nt = blockDim.x;\n"
"  long long row, lo, hi;\n"
"  gpa_sel_row(cpr, len, &row, &lo, &hi);\n"
"  const gpa_sbits *s = reinterpret_cast<const gpa_sbits *>(src) + row * len;\n"
"  gpa_sbits *to = tout ? reinterpret_cast<gpa_sbits *>(tout) + row * len : 0;\n"
"  long long *io = iout ? iout + row * len : 0;\n"
"  gpa_sbits *ko = reinterpret_cast<gpa_sbits *>(kout);\n"
"  const gpa_skey pv = piv[row];\n"
"  if (!to && !io) {\n"
"    for (long long i = lo + tid; i < hi; i += nt)\n"
"      if (gpa_key_of(s[i], desc) == pv) { ko[row] = s[i]; break; }\n"
"    return;\n"
"  }\n"
"  for (int j = tid; j < 3; j += nt) c3[j] = 0;\n"
"  __syncthreads();\n"
"  unsigned long long mine[3] = {0, 0, 0};\n"
"  for (long long i = lo + tid; i < hi; i += nt)\n"
"    mine[gpa_sel_cls(gpa_key_of(s[i], desc), pv)]++;\n"
"  for (int j = 0; j < 3; j++)\n"
"    if (mine[j]) {\n"
"#if GPA_CUDA\n"
"      atomicAdd(&c3[j], mine[j]);\n"
"#else\n"
"      c3[j] += mine[j];\n"
"#endif\n"
"    }\n"
"  __syncthreads();\n"
"  for (int j = tid; j < 3; j += nt) {\n"
"    const unsigned long long start = j == 0 ? 0 : base[row * 2 + j - 1];\n"
"    c3[j] = c3[j] ? start + gpa_sel_add(&cnt[row * 3 + j], c3[j]) : 0;\n"
"  }\n"
"  __syncthreads();\n"
"  bool wrote = false;\n"
"  for (long long i = lo + tid; i < hi; i += nt) {\n"
"    const gpa_sbits b = s[i];\n"
"    const int c = gpa_sel_cls(gpa_key_of(b, desc), pv);\n"
"#if GPA_CUDA\n"
"    const long long at = (long long)atomicAdd(&c3[c], 1ull);\n"
"#else\n"
"    const long long at = (long long)c3[c]++;\n"
"#endif\n"
"    if (to) to[at] = b;\n"
"    if (io) io[at] = i;\n"
"    if (c == 1 && ko && !wrote) { ko[row] = b; wrote = true; }\n"
"  }\n"
"}\n";
