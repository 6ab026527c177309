/* sort_codegen.c - the LSD radix sort kernels (onesweep design).
 *
 * A sort of n keys (a row of length len, or n_rows rows sorted at once
 * with the row as the high digits) is one sort_hist launch and one
 * sort_pass launch per 8-bit digit whose value is not the same for every
 * key (ops/sort.c reads the histogram back once and leaves those out):
 *
 *   sort_hist  reads the keys once and counts every digit of every pass at
 *              once (a block histogram in shared memory, then global
 *              atomics); the row digits' counts are a closed form.  It also
 *              flags float keys the transform loses (-0.0, NaN payloads).
 *   sort_pass  a block per tile of TILE keys, tiles taken from an atomic
 *              counter in launch order.  The block ranks its keys by digit
 *              (stable), publishes its 256 digit counts, looks back over
 *              the tiles before it for each digit's prefix (decoupled
 *              look-back, Merrill & Garland; a thread per digit), and
 *              scatters: position = digit start (exclusive scan of the
 *              histogram) + prefix of the digit in earlier tiles + rank in
 *              the tile.  Integer sums, so the result is exact whatever
 *              the timing.
 *
 * Note [Sort keys]: an element's bits b become an unsigned key whose
 * unsigned order is NumPy's sort order: unsigned/bool as they are; signed
 * with the sign bit flipped; float: NaN (any payload) -> all ones (last),
 * -0.0 -> +0.0, negative -> ~b, positive -> b | sign.  Descending sorts
 * complement the key.  Equal keys keep their input order (every pass is
 * stable), so -0.0 and 0.0 keep theirs; as the transform maps them (and
 * NaN payloads) together, a float sort where sort_hist saw such an
 * element carries indices and gathers the input at the end instead of
 * inverting the keys.
 *
 * Note [Look-back words]: a tile's count for a digit is one 64-bit word:
 * bits 57.. the pass's epoch + 1, bit 56 set when the value is the
 * inclusive prefix (through this tile) rather than the tile's own count,
 * bits 0..55 the value.  A word is read whole, so no fence pairs a flag
 * with a value; words from an earlier pass of the same sort carry another
 * epoch and read as "not yet", so one zeroing serves every pass.  A tile
 * waits only for tiles with smaller ids, which were taken (and so are
 * running) before it: no deadlock on CUDA or on the host's workers.
 *
 * CUDA tile: 256 threads (one per digit) x 15 keys, warp-striped in
 * registers; each warp ranks its keys in rounds of 32 with __match_any_sync
 * (peers with the same digit) into a per-warp digit count, then the block
 * turns the counts into offsets.  Keys, then values, go through shared
 * memory to their tile-sorted place so the global writes come as runs per
 * digit.  Host tile: one thread per block, TILE keys counted then
 * scattered straight to their places (a counting-sort pass).
 */
#include "jit/sort.h"
#include "jit/jit.h"
#include "jit/launcher.h"
#include "util.h"

#include <string.h>

static const char sort_text[] =
"#define GPA_RADIX 256\n"
"#if GPA_CUDA\n"
"#define GPA_STB GPA_SORT_BLOCK_CUDA\n"
"#define GPA_SIPT GPA_SORT_IPT_CUDA\n"
"#else\n"
"#define GPA_STB 1\n"
"#define GPA_SIPT GPA_SORT_TILE_HOST\n"
"#endif\n"
"#define GPA_STILE (GPA_STB * GPA_SIPT)\n"
"#define GPA_SWARPS (GPA_STB / 32)\n"
"#define GPA_KBITS (GPA_SORT_EB * 8)\n"
"#define GPA_NPK (GPA_KBITS / 8)\n"
"#define GPA_LB_INCL (1ull << 56)\n"
"#define GPA_LB_MASK (GPA_LB_INCL - 1)\n"
"#if !GPA_CUDA\n"
"extern \"C\" int sched_yield(void);\n"
"#endif\n"
"/* Note [Sort keys] */\n"
"GPA_DEVICE gpa_skey gpa_key_all()\n"
"{ return (gpa_skey)(~(gpa_skey)0 >> (sizeof(gpa_skey) * 8 - GPA_KBITS)); }\n"
"GPA_DEVICE gpa_skey gpa_key_of(gpa_sbits b, int desc)\n"
"{\n"
"  const gpa_skey top = (gpa_skey)1 << (GPA_KBITS - 1), all = gpa_key_all();\n"
"  gpa_skey k = (gpa_skey)b;\n"
"  if (GPA_SORT_KIND == 1) {\n"
"    k ^= top;\n"
"  } else if (GPA_SORT_KIND == 2) {\n"
"    const gpa_skey mag = k & (top - 1);\n"
"    if (mag > (gpa_skey)GPA_SORT_INF) k = all;\n"
"    else if (mag == 0) k = top;\n"
"    else k = (k & top) ? (~k & all) : (k | top);\n"
"  }\n"
"  return desc ? (~k & all) : k;\n"
"}\n"
"GPA_DEVICE gpa_sbits gpa_bits_of(gpa_skey k, int desc)\n"
"{\n"
"  const gpa_skey top = (gpa_skey)1 << (GPA_KBITS - 1), all = gpa_key_all();\n"
"  if (desc) k = ~k & all;\n"
"  if (GPA_SORT_KIND == 1) k ^= top;\n"
"  else if (GPA_SORT_KIND == 2)\n"
"    k = k == all ? (gpa_skey)GPA_SORT_QNAN : ((k & top) ? (k ^ top) : (~k & all));\n"
"  return (gpa_sbits)k;\n"
"}\n"
"/* The digit a pass sorts by: of the key, or (rowdig) of the row, which\n"
" * is the carried index over len. */\n"
"GPA_DEVICE int gpa_digit(gpa_skey k, gpa_sval v, int shift, int rowdig, long long len)\n"
"{\n"
"  if (rowdig) return (int)((((unsigned long long)v / (unsigned long long)len) >> shift) & 255u);\n"
"  return (int)((k >> shift) & 255u);\n"
"}\n"
"GPA_DEVICE void gpa_lb_put(unsigned long long *p, unsigned long long w)\n"
"{\n"
"#if GPA_CUDA\n"
"  *(volatile unsigned long long *)p = w;\n"
"#else\n"
"  __atomic_store_n(p, w, __ATOMIC_RELEASE);\n"
"#endif\n"
"}\n"
"/* The word at p once it belongs to this pass (epoch tag e). */\n"
"GPA_DEVICE unsigned long long gpa_lb_get(const unsigned long long *p, unsigned long long e)\n"
"{\n"
"  for (int spin = 0;; spin++) {\n"
"#if GPA_CUDA\n"
"    const unsigned long long w = *(const volatile unsigned long long *)p;\n"
"#else\n"
"    const unsigned long long w = __atomic_load_n(p, __ATOMIC_ACQUIRE);\n"
"#endif\n"
"    if ((w >> 57) == e) return w;\n"
"#if GPA_CUDA && __CUDA_ARCH__ >= 700\n"
"    asm volatile(\"nanosleep.u32 %0;\" :: \"r\"(64u));\n"
"#elif !GPA_CUDA\n"
"    if (spin > 64) sched_yield();\n"
"#endif\n"
"  }\n"
"}\n"
"GPA_DEVICE unsigned gpa_sort_ticket(unsigned *c)\n"
"{\n"
"#if GPA_CUDA\n"
"  return atomicAdd(c, 1u);\n"
"#else\n"
"  return __atomic_fetch_add(c, 1u, __ATOMIC_SEQ_CST);\n"
"#endif\n"
"}\n"
"/* Digit d's exclusive prefix over the tiles before `tile`: the tile's own\n"
" * count c is published first (unless the caller did, agg false), so\n"
" * later tiles need not wait for this one's prefix; then the inclusive\n"
" * prefix. */\n"
"GPA_DEVICE unsigned long long gpa_lookback(unsigned long long *status, long long tile,\n"
"                                           int d, unsigned long long c, int epoch, bool agg)\n"
"{\n"
"  const unsigned long long e = (unsigned long long)(epoch + 1);\n"
"  unsigned long long *own = status + (size_t)tile * GPA_RADIX + d;\n"
"  if (tile == 0) {\n"
"    gpa_lb_put(own, (e << 57) | GPA_LB_INCL | c);\n"
"    return 0;\n"
"  }\n"
"  if (agg) gpa_lb_put(own, (e << 57) | c);\n"
"  unsigned long long excl = 0;\n"
"  for (long long j = tile - 1; j >= 0; j--) {\n"
"    const unsigned long long w = gpa_lb_get(status + (size_t)j * GPA_RADIX + d, e);\n"
"    excl += w & GPA_LB_MASK;\n"
"    if (w & GPA_LB_INCL) break;\n"
"  }\n"
"  gpa_lb_put(own, (e << 57) | GPA_LB_INCL | (excl + c));\n"
"  return excl;\n"
"}\n"
"#define GPA_SORT_PASS_PARAMS const char *src, const gpa_skey *kin, \\\n"
"  const gpa_sval *vin, gpa_skey *kout, gpa_sval *vout, char *tout, \\\n"
"  long long *iout, long long n, long long len, int shift, int rowdig, \\\n"
"  int desc, int gather, const unsigned long long *hist, \\\n"
"  unsigned long long *status, unsigned *counter, int epoch\n"
"#define GPA_SORT_PASS_ARGS src, kin, vin, kout, vout, tout, iout, n, len, \\\n"
"  shift, rowdig, desc, gather, hist, status, counter, epoch\n"
"/* The last pass's stores of the key (typed) and of the value (the\n"
" * index within its row, or the gathered input). */\n"
"GPA_DEVICE void gpa_last_key(char *tout, int gather, long long p, gpa_skey k, int desc)\n"
"{\n"
"  if (tout && !gather) reinterpret_cast<gpa_sbits *>(tout)[p] = gpa_bits_of(k, desc);\n"
"}\n"
"GPA_DEVICE void gpa_last_val(const char *src, char *tout, long long *iout, int gather,\n"
"                             long long p, gpa_sval v, long long n, long long len)\n"
"{\n"
"  if (tout && gather)\n"
"    reinterpret_cast<gpa_sbits *>(tout)[p] = reinterpret_cast<const gpa_sbits *>(src)[v];\n"
"  if (iout) iout[p] = len == n ? (long long)v : (long long)(v % (unsigned long long)len);\n"
"}\n"
"#if GPA_CUDA\n"
"/* Exclusive scan of one value per thread over the 256 threads. */\n"
"GPA_DEVICE unsigned long long gpa_scan256(unsigned long long x, unsigned long long *tmp)\n"
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
"  for (int w = 0; w < warp; w++) pre += tmp[w];\n"
"  __syncthreads();\n"
"  return pre + s - x;\n"
"}\n"
"/* One body for the first/last variants (flags uniform over a launch):\n"
" * a quarter of the code for NVRTC to compile. */\n"
"/* Stable ranks of the block's digits dg[IPT] (warp-striped items;\n"
" * GPA_RADIX = no item): each warp ranks its items in rounds of 32 --\n"
" * peers share a digit, the lowest peer updates the warp's count of it --\n"
" * then thread d turns the warps' counts of digit d into offsets (left\n"
" * in whist) and returns the block's count of d.  whist is zeroed here. */\n"
"template <int IPT>\n"
"GPA_DEVICE unsigned gpa_block_rank(const int *dg, unsigned *rk, unsigned *whist)\n"
"{\n"
"  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;\n"
"  for (int i = tid; i < GPA_SWARPS * GPA_RADIX; i += GPA_STB) whist[i] = 0;\n"
"  __syncthreads();\n"
"  unsigned *wh = whist + warp * GPA_RADIX;\n"
"#pragma unroll\n"
"  for (int j = 0; j < IPT; j++) {\n"
"    const unsigned peers = __match_any_sync(0xffffffffu, dg[j]);\n"
"    const int leader = __ffs(peers) - 1;\n"
"    unsigned b = 0;\n"
"    if (lane == leader && dg[j] < GPA_RADIX) b = wh[dg[j]];\n"
"    b = __shfl_sync(0xffffffffu, b, leader);\n"
"    rk[j] = b + __popc(peers & ((1u << lane) - 1u));\n"
"    __syncwarp();\n"
"    if (lane == leader && dg[j] < GPA_RADIX) wh[dg[j]] = b + __popc(peers);\n"
"    __syncwarp();\n"
"  }\n"
"  __syncthreads();\n"
"  unsigned c = 0;\n"
"  for (int w = 0; w < GPA_SWARPS; w++) {\n"
"    const unsigned x = whist[w * GPA_RADIX + tid];\n"
"    whist[w * GPA_RADIX + tid] = c;\n"
"    c += x;\n"
"  }\n"
"  return c;\n"
"}\n"
"template <bool KV>\n"
"__device__ __noinline__ void gpa_sort_pass_cuda(GPA_SORT_PASS_PARAMS, bool FIRST, bool LAST)\n"
"{\n"
"  __shared__ unsigned whist[GPA_SWARPS * GPA_RADIX];\n"
"  __shared__ long long s_off[GPA_RADIX];\n"
"  __shared__ unsigned s_tstart[GPA_RADIX];\n"
"  __shared__ unsigned long long s_tmp[GPA_SWARPS];\n"
"  alignas(16) __shared__ unsigned long long sbuf[GPA_STILE];\n"
"  __shared__ unsigned char sdig[GPA_STILE];\n"
"  __shared__ unsigned s_tile;\n"
"  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;\n"
"  if (tid == 0) s_tile = gpa_sort_ticket(counter + epoch);\n"
"  __syncthreads();\n"
"  const long long tile = s_tile, t0 = tile * GPA_STILE;\n"
"  const int cnt = (int)(n - t0 < GPA_STILE ? n - t0 : GPA_STILE);\n"
"  const gpa_sbits *sb = reinterpret_cast<const gpa_sbits *>(src);\n"
"  gpa_skey k[GPA_SIPT];\n"
"  gpa_sval v[GPA_SIPT];\n"
"  int dg[GPA_SIPT];\n"
"  unsigned rk[GPA_SIPT];\n"
"  const int wbase = warp * 32 * GPA_SIPT;\n"
"#pragma unroll\n"
"  for (int j = 0; j < GPA_SIPT; j++) {\n"
"    const int li = wbase + j * 32 + lane;\n"
"    const long long gi = t0 + li;\n"
"    k[j] = 0;\n"
"    v[j] = 0;\n"
"    if (li < cnt) {\n"
"      k[j] = FIRST ? gpa_key_of(sb[gi], desc) : kin[gi];\n"
"      if (KV) v[j] = FIRST ? (gpa_sval)gi : vin[gi];\n"
"    }\n"
"    dg[j] = li < cnt ? gpa_digit(k[j], v[j], shift, rowdig, len) : GPA_RADIX;\n"
"  }\n"
"  unsigned *wh = whist + warp * GPA_RADIX;\n"
"  const int d = tid;\n"
"  const unsigned c = gpa_block_rank<GPA_SIPT>(dg, rk, whist);\n"
"  const unsigned long long excl = gpa_lookback(status, tile, d, c, epoch, true);\n"
"  const unsigned long long gstart = gpa_scan256(hist[d], s_tmp);\n"
"  const unsigned tstart = (unsigned)gpa_scan256(c, s_tmp);\n"
"  s_tstart[d] = tstart;\n"
"  s_off[d] = (long long)(gstart + excl) - (long long)tstart;\n"
"  __syncthreads();\n"
"  gpa_skey *sk = reinterpret_cast<gpa_skey *>(sbuf);\n"
"#pragma unroll\n"
"  for (int j = 0; j < GPA_SIPT; j++)\n"
"    if (dg[j] < GPA_RADIX) {\n"
"      rk[j] += s_tstart[dg[j]] + wh[dg[j]];\n"
"      sk[rk[j]] = k[j];\n"
"      sdig[rk[j]] = (unsigned char)dg[j];\n"
"    }\n"
"  __syncthreads();\n"
"  for (int i = tid; i < cnt; i += GPA_STB) {\n"
"    const long long p = s_off[sdig[i]] + i;\n"
"    if (!LAST) kout[p] = sk[i];\n"
"    else gpa_last_key(tout, gather, p, sk[i], desc);\n"
"  }\n"
"  if (KV) {\n"
"    gpa_sval *sv = reinterpret_cast<gpa_sval *>(sbuf);\n"
"    __syncthreads();\n"
"#pragma unroll\n"
"    for (int j = 0; j < GPA_SIPT; j++)\n"
"      if (dg[j] < GPA_RADIX) sv[rk[j]] = v[j];\n"
"    __syncthreads();\n"
"    for (int i = tid; i < cnt; i += GPA_STB) {\n"
"      const long long p = s_off[sdig[i]] + i;\n"
"      if (!LAST) vout[p] = sv[i];\n"
"      else gpa_last_val(src, tout, iout, gather, p, sv[i], n, len);\n"
"    }\n"
"  }\n"
"}\n"
"template <bool KV, bool FIRST, bool LAST>\n"
"GPA_DEVICE void gpa_sort_pass(GPA_SORT_PASS_PARAMS)\n"
"{ gpa_sort_pass_cuda<KV>(GPA_SORT_PASS_ARGS, FIRST, LAST); }\n"
"#else\n"
"template <bool KV, bool FIRST, bool LAST>\n"
"GPA_DEVICE void gpa_sort_pass(GPA_SORT_PASS_PARAMS)\n"
"{\n"
"  const long long tile = gpa_sort_ticket(counter + epoch), t0 = tile * GPA_STILE;\n"
"  const long long cnt = n - t0 < GPA_STILE ? n - t0 : GPA_STILE;\n"
"  const gpa_sbits *sb = reinterpret_cast<const gpa_sbits *>(src) + t0;\n"
"  const gpa_skey *ki = kin + t0;\n"
"  const gpa_sval *vi = vin + t0;\n"
"  unsigned c[GPA_RADIX];\n"
"  long long off[GPA_RADIX];\n"
"  memset(c, 0, sizeof c);\n"
"  for (long long i = 0; i < cnt; i++) {\n"
"    const gpa_skey k = FIRST ? gpa_key_of(sb[i], desc) : ki[i];\n"
"    const gpa_sval v = KV ? (FIRST ? (gpa_sval)(t0 + i) : vi[i]) : 0;\n"
"    c[gpa_digit(k, v, shift, rowdig, len)]++;\n"
"  }\n"
"  const unsigned long long e = (unsigned long long)(epoch + 1);\n"
"  if (tile > 0) /* the tile's own counts first, for the tiles after it */\n"
"    for (int d = 0; d < GPA_RADIX; d++)\n"
"      gpa_lb_put(status + (size_t)tile * GPA_RADIX + d, (e << 57) | c[d]);\n"
"  unsigned long long gstart = 0;\n"
"  for (int d = 0; d < GPA_RADIX; d++) {\n"
"    off[d] = (long long)(gstart + gpa_lookback(status, tile, d, c[d], epoch, false));\n"
"    gstart += hist[d];\n"
"  }\n"
"  for (long long i = 0; i < cnt; i++) {\n"
"    const gpa_skey k = FIRST ? gpa_key_of(sb[i], desc) : ki[i];\n"
"    const gpa_sval v = KV ? (FIRST ? (gpa_sval)(t0 + i) : vi[i]) : 0;\n"
"    const long long p = off[gpa_digit(k, v, shift, rowdig, len)]++;\n"
"    if (!LAST) {\n"
"      kout[p] = k;\n"
"      if (KV) vout[p] = v;\n"
"    } else {\n"
"      gpa_last_key(tout, gather, p, k, desc);\n"
"      if (KV) gpa_last_val(src, tout, iout, gather, p, v, n, len);\n"
"    }\n"
"  }\n"
"}\n"
"#endif\n"
"/* sort_rows: a block per row of len <= GPA_ROWMAX, the whole LSD sort\n"
" * of the row in shared memory (host: thread-local buffers) with its\n"
" * local indices; the result gathers the input's own bits, so -0.0 and\n"
" * NaN payloads survive without a histogram pass. */\n"
"#if GPA_CUDA\n"
"#define GPA_RIPT GPA_SORT_ROW_IPT_CUDA\n"
"extern \"C\" __global__ void sort_rows(const char *src, char *tout, long long *iout,\n"
"    long long n_rows, long long len, int desc)\n"
"{\n"
"  __shared__ unsigned whist[GPA_SWARPS * GPA_RADIX];\n"
"  __shared__ unsigned long long s_tmp[GPA_SWARPS];\n"
"  __shared__ unsigned s_tstart[GPA_RADIX];\n"
"  alignas(16) __shared__ gpa_skey sk[GPA_STB * GPA_RIPT];\n"
"  __shared__ unsigned sv[GPA_STB * GPA_RIPT];\n"
"  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;\n"
"  const long long row = blockIdx.x;\n"
"  const gpa_sbits *sb = reinterpret_cast<const gpa_sbits *>(src) + row * len;\n"
"  const int cnt = (int)len, wbase = warp * 32 * GPA_RIPT;\n"
"  gpa_skey k[GPA_RIPT];\n"
"  unsigned v[GPA_RIPT], rk[GPA_RIPT];\n"
"  int dg[GPA_RIPT];\n"
"  for (int p = 0; p < GPA_NPK; p++) {\n"
"#pragma unroll\n"
"    for (int j = 0; j < GPA_RIPT; j++) {\n"
"      const int li = wbase + j * 32 + lane;\n"
"      k[j] = 0;\n"
"      v[j] = 0;\n"
"      if (li < cnt) {\n"
"        k[j] = p == 0 ? gpa_key_of(sb[li], desc) : sk[li];\n"
"        v[j] = p == 0 ? (unsigned)li : sv[li];\n"
"      }\n"
"      dg[j] = li < cnt ? (int)((k[j] >> (8 * p)) & 255u) : GPA_RADIX;\n"
"    }\n"
"    const unsigned c = gpa_block_rank<GPA_RIPT>(dg, rk, whist);\n"
"    const unsigned tstart = (unsigned)gpa_scan256(c, s_tmp);\n"
"    s_tstart[tid] = tstart;\n"
"    __syncthreads();\n"
"#pragma unroll\n"
"    for (int j = 0; j < GPA_RIPT; j++)\n"
"      if (dg[j] < GPA_RADIX) {\n"
"        const unsigned q = rk[j] + s_tstart[dg[j]] + whist[warp * GPA_RADIX + dg[j]];\n"
"        sk[q] = k[j];\n"
"        sv[q] = v[j];\n"
"      }\n"
"    __syncthreads();\n"
"  }\n"
"  for (int i = tid; i < cnt; i += GPA_STB) {\n"
"    const long long o = row * len + i;\n"
"    if (tout) reinterpret_cast<gpa_sbits *>(tout)[o] = sb[sv[i]];\n"
"    if (iout) iout[o] = sv[i];\n"
"  }\n"
"  (void)n_rows;\n"
"}\n"
"#else\n"
"extern \"C\" __global__ void sort_rows(const char *src, char *tout, long long *iout,\n"
"    long long n_rows, long long len, int desc)\n"
"{\n"
"  __shared__ gpa_skey ka[GPA_SORT_ROWMAX_HOST], kb[GPA_SORT_ROWMAX_HOST];\n"
"  __shared__ unsigned va[GPA_SORT_ROWMAX_HOST], vb[GPA_SORT_ROWMAX_HOST];\n"
"  unsigned c[GPA_NPK][GPA_RADIX];\n"
"  const long long row = blockIdx.x;\n"
"  const gpa_sbits *sb = reinterpret_cast<const gpa_sbits *>(src) + row * len;\n"
"  const int cnt = (int)len;\n"
"  gpa_skey *k = ka, *k2 = kb;\n"
"  unsigned *v = va, *v2 = vb;\n"
"  for (int i = 0; i < cnt; i++) {\n"
"    k[i] = gpa_key_of(sb[i], desc);\n"
"    v[i] = (unsigned)i;\n"
"  }\n"
"  if (cnt <= 24) {\n"
"    /* insertion sort: stable (moves only past greater keys) */\n"
"    for (int i = 1; i < cnt; i++) {\n"
"      const gpa_skey x = k[i];\n"
"      int j = i;\n"
"      for (; j > 0 && k[j - 1] > x; j--) k[j] = k[j - 1];\n"
"      k[j] = x;\n"
"      for (int q = i; q > j; q--) v[q] = v[q - 1];\n"
"      v[j] = (unsigned)i;\n"
"    }\n"
"  } else {\n"
"    memset(c, 0, sizeof c);\n"
"    for (int i = 0; i < cnt; i++)\n"
"      for (int p = 0; p < GPA_NPK; p++) c[p][(k[i] >> (8 * p)) & 255u]++;\n"
"    for (int p = 0; p < GPA_NPK; p++) {\n"
"      unsigned off[GPA_RADIX], s = 0;\n"
"      bool constant = false;\n"
"      for (int d = 0; d < GPA_RADIX; d++) {\n"
"        constant |= c[p][d] == (unsigned)cnt;\n"
"        off[d] = s;\n"
"        s += c[p][d];\n"
"      }\n"
"      if (constant) continue;\n"
"      for (int i = 0; i < cnt; i++) {\n"
"        const unsigned q = off[(k[i] >> (8 * p)) & 255u]++;\n"
"        k2[q] = k[i];\n"
"        v2[q] = v[i];\n"
"      }\n"
"      gpa_skey *tk = k; k = k2; k2 = tk;\n"
"      unsigned *tv = v; v = v2; v2 = tv;\n"
"    }\n"
"  }\n"
"  for (int i = 0; i < cnt; i++) {\n"
"    const long long o = row * len + i;\n"
"    if (tout) reinterpret_cast<gpa_sbits *>(tout)[o] = sb[v[i]];\n"
"    if (iout) iout[o] = v[i];\n"
"  }\n"
"  (void)n_rows;\n"
"}\n"
"#endif\n"
"#define GPA_SORT_PASS(name, KV, F, L) \\\n"
"  extern \"C\" __global__ void name(GPA_SORT_PASS_PARAMS) \\\n"
"  { gpa_sort_pass<KV, F, L>(GPA_SORT_PASS_ARGS); }\n"
"GPA_SORT_PASS(sort_pass_000, false, false, false)\n"
"GPA_SORT_PASS(sort_pass_001, false, false, true)\n"
"GPA_SORT_PASS(sort_pass_010, false, true, false)\n"
"GPA_SORT_PASS(sort_pass_011, false, true, true)\n"
"GPA_SORT_PASS(sort_pass_100, true, false, false)\n"
"GPA_SORT_PASS(sort_pass_101, true, false, true)\n"
"GPA_SORT_PASS(sort_pass_110, true, true, false)\n"
"GPA_SORT_PASS(sort_pass_111, true, true, true)\n"
"/* Counts of every key digit (passes 0 .. NPK-1) and, in block 0, of\n"
" * the npr row digits: rows r < n_rows with digit d at bit s number\n"
" * (n_rows >> (s + 8)) << s plus what the partial period holds. */\n"
"extern \"C\" __global__ void sort_hist(const char *src, long long n, long long len,\n"
"    long long n_rows, int npr, int desc, unsigned long long *hist, unsigned *flags)\n"
"{\n"
"  __shared__ unsigned h[GPA_NPK * GPA_RADIX];\n"
"  const int tid = threadIdx.x, nt = blockDim.x;\n"
"  for (int i = tid; i < GPA_NPK * GPA_RADIX; i += nt) h[i] = 0;\n"
"  __syncthreads();\n"
"  const gpa_sbits *s = reinterpret_cast<const gpa_sbits *>(src);\n"
"  const long long chunk = (n + gridDim.x - 1) / gridDim.x;\n"
"  const long long lo = (long long)blockIdx.x * chunk;\n"
"  const long long hi = n - lo < chunk ? n : lo + chunk;\n"
"  bool lossy = false;\n"
"  for (long long i = lo + tid; i < hi; i += nt) {\n"
"    const gpa_sbits b = s[i];\n"
"    const gpa_skey k = gpa_key_of(b, desc);\n"
"    if (GPA_SORT_KIND == 2 && gpa_bits_of(k, desc) != b) lossy = true;\n"
"#pragma unroll\n"
"    for (int p = 0; p < GPA_NPK; p++) {\n"
"      unsigned *c = &h[p * GPA_RADIX + (int)((k >> (8 * p)) & 255u)];\n"
"#if GPA_CUDA\n"
"      atomicAdd(c, 1u);\n"
"#else\n"
"      (*c)++;\n"
"#endif\n"
"    }\n"
"  }\n"
"  __syncthreads();\n"
"  for (int i = tid; i < GPA_NPK * GPA_RADIX; i += nt)\n"
"    if (h[i]) {\n"
"#if GPA_CUDA\n"
"      atomicAdd(&hist[i], (unsigned long long)h[i]);\n"
"#else\n"
"      __atomic_fetch_add(&hist[i], (unsigned long long)h[i], __ATOMIC_RELAXED);\n"
"#endif\n"
"    }\n"
"  if (lossy) {\n"
"#if GPA_CUDA\n"
"    atomicOr(flags, 1u);\n"
"#else\n"
"    __atomic_fetch_or(flags, 1u, __ATOMIC_RELAXED);\n"
"#endif\n"
"  }\n"
"  if (blockIdx.x == 0)\n"
"    for (int i = tid; i < npr * GPA_RADIX; i += nt) {\n"
"      const int sh = 8 * (i / GPA_RADIX);\n"
"      const long long d = i % GPA_RADIX, span = 1LL << sh;\n"
"      const long long full = sh + 8 >= 63 ? 0 : n_rows >> (sh + 8);\n"
"      long long rem = n_rows - (full << (sh + 8)) - d * span;\n"
"      rem = rem < 0 ? 0 : (rem > span ? span : rem);\n"
"      hist[GPA_NPK * GPA_RADIX + i] = (unsigned long long)((full * span + rem) * len);\n"
"    }\n"
"}\n";

static const char *const pass_ptypes[] = {
    "const char *", "const gpa_skey *", "const gpa_sval *", "gpa_skey *",
    "gpa_sval *", "char *", "long long *", "long long", "long long", "int",
    "int", "int", "int", "const unsigned long long *",
    "unsigned long long *", "unsigned *", "int",
};
static const char *const hist_ptypes[] = {
    "const char *", "long long", "long long", "long long", "int", "int",
    "unsigned long long *", "unsigned *",
};

static const char *const rows_ptypes[] = {
    "const char *", "char *", "long long *", "long long", "long long", "int",
};

static const char *const kernel_names[GPA_SORT_K_N] = {
    "sort_rows", "sort_hist", "sort_pass_000", "sort_pass_001", "sort_pass_010",
    "sort_pass_011", "sort_pass_100", "sort_pass_101", "sort_pass_110",
    "sort_pass_111",
};

int gpa_sort_spec_of(int type_num, int val_bytes, gpa_sort_spec *s)
{
    s->val_bytes = val_bytes;
    switch (type_num) {
    case NPY_BOOL: case NPY_UBYTE: case NPY_USHORT: case NPY_UINT:
    case NPY_ULONG: case NPY_ULONGLONG:
        s->kind = GPA_SORT_UNSIGNED;
        break;
    case NPY_BYTE: case NPY_SHORT: case NPY_INT: case NPY_LONG:
    case NPY_LONGLONG:
        s->kind = GPA_SORT_SIGNED;
        break;
    case NPY_HALF: case NPY_FLOAT: case NPY_DOUBLE:
        s->kind = GPA_SORT_FLOAT;
        break;
    default:
        return -1;
    }
    PyArray_Descr *d = PyArray_DescrFromType(type_num);
    if (d == NULL) {
        PyErr_Clear();
        return -1;
    }
    s->elem_bytes = (int)PyDataType_ELSIZE(d);
    Py_DECREF(d);
    return 0;
}

void gpa_sort_source(const gpa_sort_spec *s, gpa_strbuf *b)
{
    static const char *const bits[9] = {
        NULL, "gpa_u8", "gpa_u16", NULL, "gpa_u32", NULL, NULL, NULL,
        "gpa_u64"};
    /* +inf and the quiet NaN NumPy writes, by element size */
    const char *inf = s->elem_bytes == 2 ? "0x7c00u"
                      : s->elem_bytes == 4 ? "0x7f800000u"
                                           : "0x7ff0000000000000ull";
    const char *qnan = s->elem_bytes == 2 ? "0x7e00u"
                       : s->elem_bytes == 4 ? "0x7fc00000u"
                                            : "0x7ff8000000000000ull";
    gpa_sb_printf(b,
                  "#define GPA_SORT_BLOCK_CUDA %d\n#define GPA_SORT_IPT_CUDA %d\n"
                  "#define GPA_SORT_TILE_HOST %d\n#define GPA_SORT_EB %d\n"
                  "#define GPA_SORT_ROW_IPT_CUDA %d\n#define GPA_SORT_ROWMAX_HOST %d\n"
                  "#define GPA_SORT_KIND %d\n#define GPA_SORT_INF %s\n"
                  "#define GPA_SORT_QNAN %s\n"
                  "typedef %s gpa_sbits;\ntypedef %s gpa_skey;\n"
                  "typedef %s gpa_sval;\n",
                  GPA_SORT_BLOCK_CUDA, GPA_SORT_IPT_CUDA, GPA_SORT_TILE_HOST,
                  s->elem_bytes, GPA_SORT_ROW_IPT_CUDA, GPA_SORT_ROWMAX_HOST, s->kind, s->kind == GPA_SORT_FLOAT ? inf : "0",
                  s->kind == GPA_SORT_FLOAT ? qnan : "0",
                  bits[s->elem_bytes], s->elem_bytes == 8 ? "gpa_u64" : "gpa_u32",
                  s->val_bytes == 8 ? "gpa_u64" : "gpa_u32");
    gpa_sb_puts(b, sort_text);
    gpa_sb_host_launcher(b, kernel_names[GPA_SORT_K_ROWS], 6, rows_ptypes);
    gpa_sb_host_launcher(b, kernel_names[GPA_SORT_K_HIST], 8, hist_ptypes);
    for (int k = GPA_SORT_K_PASS; k < GPA_SORT_K_N; k++)
        gpa_sb_host_launcher(b, kernel_names[k], 17, pass_ptypes);
}

/* ---- the bounded spec -> kernels table ---- */

#define MAX_ENTRIES 64

typedef struct {
    gpa_device *dev;
    gpa_sort_spec spec;
    void *fns[GPA_SORT_K_N];
} entry;

static entry table[MAX_ENTRIES];
static int n_entries;

void gpa_sort_cache_clear(void)
{
    n_entries = 0;
}

int gpa_sort_kernels(gpa_device *dev, const gpa_sort_spec *s, void **fns)
{
    for (int i = 0; i < n_entries; i++) {
        entry *e = &table[i];
        if (e->dev == dev && !memcmp(&e->spec, s, sizeof *s)) {
            memcpy(fns, e->fns, sizeof e->fns);
            return 0;
        }
    }
    gpa_strbuf b = {0};
    gpa_sort_source(s, &b);
    if (b.failed) {
        gpa_sb_free(&b);
        return -1;
    }
    gpa_module *m = gpa_jit_load(dev, b.s);
    gpa_sb_free(&b);
    if (m == NULL)
        return -1;
    for (int k = 0; k < GPA_SORT_K_N; k++) {
        fns[k] = gpa_module_function(m, kernel_names[k]);
        if (fns[k] == NULL)
            return -1;
    }
    if (n_entries >= MAX_ENTRIES)
        n_entries = 0;
    entry *e = &table[n_entries++];
    e->dev = dev;
    e->spec = *s;
    memcpy(e->fns, fns, sizeof e->fns);
    return 0;
}
