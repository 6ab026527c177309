/* compact_codegen.c - stream compaction kernels (a[mask], nonzero).
 *
 *   cmp_count    a block per tile: the tile's count of true mask bytes,
 *                published as a look-back word (Note [Look-back words] in
 *                sort_codegen.c: epoch 0, aggregate) and added to the total
 *                (which ops/compact.c reads back: the one sync).
 *   cmp_scatter  a block per tile, tiles taken in launch order: the tile's
 *                prefix by decoupled look-back over those words (the
 *                aggregates are all there already, so it never waits long),
 *                the inclusive prefix published, then each kept element
 *                (or its index) written to prefix + its rank in the tile.
 *   cmp_gather   out[i] = src[idx[i]] over contiguous chunks, a flag for an
 *                index out of bounds (a[int array] on 1-d arrays).
 * Elements move as raw words of their size (1, 2, 4, 8 or 16 bytes).
 * CUDA: 256 threads x 16 items per tile, a block scan of the threads'
 * counts; host: one thread per block, a tile of 16384.
 */
#include "jit/compact.h"
#include "jit/jit.h"
#include "jit/launcher.h"

#include <string.h>

static const char cmp_text[] =
"#if GPA_CUDA\n"
"#define GPA_CTB 256\n"
"#define GPA_CIPT 16\n"
"#else\n"
"#define GPA_CTB 1\n"
"#define GPA_CIPT 16384\n"
"#endif\n"
"#define GPA_CTILE (GPA_CTB * GPA_CIPT)\n"
"#define GPA_CINCL (1ull << 56)\n"
"#define GPA_CMASK (GPA_CINCL - 1)\n"
"#if !GPA_CUDA\n"
"extern \"C\" int sched_yield(void);\n"
"#endif\n"
"struct gpa_w16 { unsigned long long a, b; };\n"
"GPA_DEVICE void gpa_cput(unsigned long long *p, unsigned long long w)\n"
"{\n"
"#if GPA_CUDA\n"
"  *(volatile unsigned long long *)p = w;\n"
"#else\n"
"  __atomic_store_n(p, w, __ATOMIC_RELEASE);\n"
"#endif\n"
"}\n"
"GPA_DEVICE unsigned long long gpa_cget(const unsigned long long *p)\n"
"{\n"
"  for (int spin = 0;; spin++) {\n"
"#if GPA_CUDA\n"
"    const unsigned long long w = *(const volatile unsigned long long *)p;\n"
"#else\n"
"    const unsigned long long w = __atomic_load_n(p, __ATOMIC_ACQUIRE);\n"
"#endif\n"
"    if ((w >> 57) == 1) return w;\n"
"#if GPA_CUDA && __CUDA_ARCH__ >= 700\n"
"    asm volatile(\"nanosleep.u32 %0;\" :: \"r\"(32u));\n"
"#elif !GPA_CUDA\n"
"    if (spin > 64) sched_yield();\n"
"#endif\n"
"  }\n"
"}\n"
"#if GPA_CUDA\n"
"GPA_DEVICE unsigned long long gpa_cscan(unsigned long long x, unsigned long long *tmp,\n"
"                                        unsigned long long &total)\n"
"{\n"
"  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;\n"
"  unsigned long long s = x;\n"
"#pragma unroll\n"
"  for (int o = 1; o < 32; o <<= 1) {\n"
"    const unsigned long long y = __shfl_up_sync(0xffffffffu, s, o);\n"
"    if (lane >= o) s += y;\n"
"  }\n"
"  if (lane == 31) tmp[warp] = s;\n"
"  __syncthreads();\n"
"  unsigned long long pre = 0;\n"
"  total = 0;\n"
"  for (int w = 0; w < GPA_CTB / 32; w++) {\n"
"    if (w < warp) pre += tmp[w];\n"
"    total += tmp[w];\n"
"  }\n"
"  __syncthreads();\n"
"  return pre + s - x;\n"
"}\n"
"#endif\n"
"extern \"C\" __global__ void cmp_count(const unsigned char *m, long long n,\n"
"    unsigned long long *status, unsigned long long *total)\n"
"{\n"
"  const long long t = blockIdx.x, t0 = t * GPA_CTILE;\n"
"  const long long hi = n - t0 < GPA_CTILE ? n : t0 + GPA_CTILE;\n"
"  unsigned long long c = 0;\n"
"  for (long long i = t0 + threadIdx.x; i < hi; i += GPA_CTB) c += m[i] != 0;\n"
"#if GPA_CUDA\n"
"  __shared__ unsigned long long tmp[GPA_CTB / 32];\n"
"  unsigned long long tot;\n"
"  gpa_cscan(c, tmp, tot);\n"
"  c = tot;\n"
"  if (threadIdx.x == 0) {\n"
"    gpa_cput(status + t, (1ull << 57) | c);\n"
"    atomicAdd(total, c);\n"
"  }\n"
"#else\n"
"  gpa_cput(status + t, (1ull << 57) | c);\n"
"  __atomic_fetch_add(total, c, __ATOMIC_RELAXED);\n"
"#endif\n"
"}\n"
"/* out[k] = the k-th kept element of src (IDX: its index, as int64). */\n"
"template <bool IDX>\n"
"GPA_DEVICE void gpa_cmp_scatter(const unsigned char *m, const gpa_cw *src,\n"
"    gpa_cw *out, long long *iout, long long n, unsigned long long *status,\n"
"    unsigned *counter)\n"
"{\n"
"#if GPA_CUDA\n"
"  __shared__ unsigned s_tile;\n"
"  __shared__ unsigned long long s_pre, tmp[GPA_CTB / 32];\n"
"  if (threadIdx.x == 0) s_tile = atomicAdd(counter, 1u);\n"
"  __syncthreads();\n"
"  const long long t = s_tile;\n"
"#else\n"
"  const long long t = __atomic_fetch_add(counter, 1u, __ATOMIC_SEQ_CST);\n"
"#endif\n"
"  const long long t0 = t * GPA_CTILE;\n"
"  unsigned long long excl = 0;\n"
"  if (threadIdx.x == 0) {\n"
"    for (long long j = t - 1; j >= 0; j--) {\n"
"      const unsigned long long w = gpa_cget(status + j);\n"
"      excl += w & GPA_CMASK;\n"
"      if (w & GPA_CINCL) break;\n"
"    }\n"
"    const unsigned long long own = gpa_cget(status + t) & GPA_CMASK;\n"
"    gpa_cput(status + t, (1ull << 57) | GPA_CINCL | (excl + own));\n"
"  }\n"
"#if GPA_CUDA\n"
"  if (threadIdx.x == 0) s_pre = excl;\n"
"  /* thread tid owns the run [t0 + tid * IPT, ... + IPT) */\n"
"  const long long b = t0 + (long long)threadIdx.x * GPA_CIPT;\n"
"  unsigned long long c = 0;\n"
"  for (int k = 0; k < GPA_CIPT; k++) c += b + k < n && m[b + k] != 0;\n"
"  unsigned long long tot;\n"
"  unsigned long long p = gpa_cscan(c, tmp, tot);\n"
"  p += s_pre;\n"
"  for (int k = 0; k < GPA_CIPT; k++) {\n"
"    const long long i = b + k;\n"
"    if (i < n && m[i]) {\n"
"      if (IDX) iout[p] = i; else out[p] = src[i];\n"
"      p++;\n"
"    }\n"
"  }\n"
"#else\n"
"  /* every element is stored at the next free slot, which only a kept\n"
"   * one claims: no data-dependent branch; the slot past the tile's last\n"
"   * (the next tile's first) is never written */\n"
"  const long long hi = n - t0 < GPA_CTILE ? n : t0 + GPA_CTILE;\n"
"  unsigned long long p = excl;\n"
"  const unsigned long long pend = gpa_cget(status + t) & GPA_CMASK; /* inclusive */\n"
"  for (long long i = t0; i < hi; i++) {\n"
"    if (p < pend) {\n"
"      if (IDX) iout[p] = i; else out[p] = src[i];\n"
"    }\n"
"    p += m[i] != 0;\n"
"  }\n"
"#endif\n"
"}\n"
"/* out[i] = src[idx[i] * step] (negative idx wrapped by n); an index out\n"
" * of [-n, n) sets *flag and writes nothing.  Block b gathers a\n"
" * contiguous chunk (host: a worker's share of the cache lines). */\n"
"extern \"C\" __global__ void cmp_gather(const gpa_cw *src, const long long *idx,\n"
"    gpa_cw *out, long long m, long long n, long long step, unsigned *flag)\n"
"{\n"
"  const long long chunk = (m + gridDim.x - 1) / gridDim.x;\n"
"  const long long lo = (long long)blockIdx.x * chunk;\n"
"  const long long hi = m - lo < chunk ? m : lo + chunk;\n"
"  bool bad = false;\n"
"  for (long long i = lo + threadIdx.x; i < hi; i += blockDim.x) {\n"
"    long long j = idx[i];\n"
"    if (j < 0) j += n;\n"
"    if (j < 0 || j >= n) bad = true;\n"
"    else out[i] = src[j * step];\n"
"  }\n"
"  if (bad) *(volatile unsigned *)flag = 1u;\n"
"}\n"
"extern \"C\" __global__ void cmp_values(const unsigned char *m, const gpa_cw *src,\n"
"    gpa_cw *out, long long *iout, long long n, unsigned long long *status, unsigned *counter)\n"
"{ gpa_cmp_scatter<false>(m, src, out, iout, n, status, counter); }\n"
"extern \"C\" __global__ void cmp_index(const unsigned char *m, const gpa_cw *src,\n"
"    gpa_cw *out, long long *iout, long long n, unsigned long long *status, unsigned *counter)\n"
"{ gpa_cmp_scatter<true>(m, src, out, iout, n, status, counter); }\n";

static const char *const count_ptypes[] = {
    "const unsigned char *", "long long", "unsigned long long *",
    "unsigned long long *",
};
static const char *const scatter_ptypes[] = {
    "const unsigned char *", "const gpa_cw *", "gpa_cw *", "long long *",
    "long long", "unsigned long long *", "unsigned *",
};
static const char *const gather_ptypes[] = {
    "const gpa_cw *", "const long long *", "gpa_cw *", "long long",
    "long long", "long long", "unsigned *",
};
static const char *const names[GPA_CMP_K_N] = {"cmp_count", "cmp_values",
                                                "cmp_index", "cmp_gather"};

void gpa_compact_source(int elem_bytes, gpa_strbuf *b)
{
    const char *w = elem_bytes == 1   ? "gpa_u8"
                    : elem_bytes == 2 ? "gpa_u16"
                    : elem_bytes == 4 ? "gpa_u32"
                    : elem_bytes == 8 ? "gpa_u64"
                                      : "gpa_w16";
    /* the word type (gpa_w16 is defined by the text itself) */
    if (elem_bytes == 16)
        gpa_sb_puts(b, "struct gpa_w16;\n#define gpa_cw gpa_w16\n");
    else
        gpa_sb_printf(b, "#define gpa_cw %s\n", w);
    gpa_sb_puts(b, cmp_text);
    gpa_sb_host_launcher(b, names[0], 4, count_ptypes);
    gpa_sb_host_launcher(b, names[1], 7, scatter_ptypes);
    gpa_sb_host_launcher(b, names[2], 7, scatter_ptypes);
    gpa_sb_host_launcher(b, names[3], 7, gather_ptypes);
}

static struct {
    gpa_device *dev;
    int eb;
    void *fns[GPA_CMP_K_N];
} table[16];
static int n_entries;

int gpa_compact_kernels(gpa_device *dev, int elem_bytes, void **fns)
{
    for (int i = 0; i < n_entries; i++)
        if (table[i].dev == dev && table[i].eb == elem_bytes) {
            memcpy(fns, table[i].fns, sizeof table[i].fns);
            return 0;
        }
    gpa_strbuf b = {0};
    gpa_compact_source(elem_bytes, &b);
    if (b.failed) {
        gpa_sb_free(&b);
        PyErr_NoMemory();
        return -1;
    }
    gpa_module *m = gpa_jit_load(dev, b.s);
    gpa_sb_free(&b);
    if (m == NULL)
        return -1;
    for (int k = 0; k < GPA_CMP_K_N; k++)
        if ((fns[k] = gpa_module_function(m, names[k])) == NULL)
            return -1;
    if (n_entries >= 16)
        n_entries = 0;
    table[n_entries].dev = dev;
    table[n_entries].eb = elem_bytes;
    memcpy(table[n_entries].fns, fns, sizeof table[n_entries].fns);
    n_entries++;
    return 0;
}
