"""The host device's way of running user CUDA source (RawModule/RawKernel).

Note [Raw kernels on host]: the user's text is compiled by the system C++
compiler behind a shim that declares what CUDA device code expects
(threadIdx, blockIdx, __shared__, atomics, warp shuffles, the vector
types, the fast-math intrinsics).  Each block runs on one worker thread;
its threads run one after another -- or, when the source synchronises
(__syncthreads, __syncwarp, shuffles, votes), each thread is a fiber
(ucontext) with its own stack and a barrier switches to the next fiber,
so block- and warp-level synchronisation keeps CUDA's meaning.  Shared
memory is thread_local: one copy per worker thread, i.e. per running
block.  The launcher `NAME__host` of every __global__ function is
generated from its signature (raw_host_source below).
"""
import re

__all__ = []

# Source features that need threads to meet (fibers instead of a loop).
_SYNC = re.compile(r"__syncthreads|__syncwarp|__shfl|__ballot_sync|"
                   r"__any_sync|__all_sync|__match_")
_KERNEL = re.compile(
    r"__global__\s+(?:__launch_bounds__\s*\([^)]*\)\s*)?void\s+"
    r"(?:__launch_bounds__\s*\([^)]*\)\s*)?(\w+)\s*\(([^)]*)\)")
_DYN_SHARED = re.compile(
    r"extern\s+__shared__\s+(?:__align__\s*\(\s*\d+\s*\)\s*)?"
    r"([\w\s:<>,*]+?)\s*(\w+)\s*\[\s*\]\s*;")
_DEFINE = re.compile(r"^-D\s*(\w+)(?:=(.*))?$")

SHIM = r"""
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <cfloat>
#include <ucontext.h>
#include <sys/mman.h>
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __shared__ static thread_local
#define __constant__ static
struct uint3 { unsigned x, y, z; };
struct dim3 {
  unsigned x, y, z;
  dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {}
};
static thread_local uint3 threadIdx, blockIdx;
static thread_local dim3 blockDim, gridDim;
static const int warpSize = 32;
#define GPA_VEC2(T, N) struct N { T x, y; }; \
  static inline N make_##N(T a, T b) { N v = {a, b}; return v; }
#define GPA_VEC3(T, N) struct N { T x, y, z; }; \
  static inline N make_##N(T a, T b, T c) { N v = {a, b, c}; return v; }
#define GPA_VEC4(T, N) struct N { T x, y, z, w; }; \
  static inline N make_##N(T a, T b, T c, T d) { N v = {a, b, c, d}; return v; }
GPA_VEC2(float, float2) GPA_VEC3(float, float3) GPA_VEC4(float, float4)
GPA_VEC2(double, double2) GPA_VEC3(double, double3) GPA_VEC4(double, double4)
GPA_VEC2(int, int2) GPA_VEC3(int, int3) GPA_VEC4(int, int4)
GPA_VEC2(unsigned, uint2) GPA_VEC4(unsigned, uint4)
GPA_VEC2(long long, longlong2)
using std::sqrt; using std::exp; using std::log; using std::sin;
using std::cos; using std::tan; using std::pow; using std::fabs;
using std::floor; using std::ceil; using std::fmin; using std::fmax;
template <class A, class B> static inline auto min(A a, B b) -> decltype(a + b)
{ return b < a ? b : a; }
template <class A, class B> static inline auto max(A a, B b) -> decltype(a + b)
{ return a < b ? b : a; }
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
static inline float __fdividef(float a, float b) { return a / b; }
/* __expf, __logf, __sinf, __cosf, __powf: glibc declares them already */
static inline float __saturatef(float x) { return x < 0 ? 0 : (x > 1 ? 1 : x); }
static inline int __float_as_int(float x) { int i; memcpy(&i, &x, 4); return i; }
static inline float __int_as_float(int i) { float x; memcpy(&x, &i, 4); return x; }
static inline unsigned __float_as_uint(float x) { unsigned i; memcpy(&i, &x, 4); return i; }
static inline float __uint_as_float(unsigned i) { float x; memcpy(&x, &i, 4); return x; }
static inline long long __double_as_longlong(double x) { long long i; memcpy(&i, &x, 8); return i; }
static inline double __longlong_as_double(long long i) { double x; memcpy(&x, &i, 8); return x; }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline long long clock64() { return (long long)__builtin_ia32_rdtsc(); }
static inline int clock() { return (int)clock64(); }
/* atomics: blocks run on several worker threads at once */
template <class T> static inline T gpa_atomic_cas_op(T *p, T v, int op)
{
  T old = *(volatile T *)p, nv;
  for (;;) {
    switch (op) {
    case 0: nv = old + v; break;
    case 1: nv = old < v ? v : old; break;
    default: nv = v < old ? v : old; break;
    }
    if (__atomic_compare_exchange(p, &old, &nv, false, __ATOMIC_SEQ_CST,
                                  __ATOMIC_SEQ_CST))
      return old;
  }
}
static inline float atomicAdd(float *p, float v) { return gpa_atomic_cas_op(p, v, 0); }
static inline double atomicAdd(double *p, double v) { return gpa_atomic_cas_op(p, v, 0); }
static inline float atomicMax(float *p, float v) { return gpa_atomic_cas_op(p, v, 1); }
static inline float atomicMin(float *p, float v) { return gpa_atomic_cas_op(p, v, 2); }
template <class T> static inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
template <class T> static inline T atomicSub(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); }
template <class T> static inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); }
template <class T> static inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }
template <class T> static inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); }
template <class T> static inline T atomicExch(T *p, T v) { T old; __atomic_exchange(p, &v, &old, __ATOMIC_SEQ_CST); return old; }
template <class T> static inline T atomicMax(T *p, T v) { return gpa_atomic_cas_op(p, v, 1); }
template <class T> static inline T atomicMin(T *p, T v) { return gpa_atomic_cas_op(p, v, 2); }
template <class T> static inline T atomicCAS(T *p, T cmp, T v)
{ __atomic_compare_exchange(p, &cmp, &v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); return cmp; }
static inline unsigned atomicInc(unsigned *p, unsigned lim)
{
  unsigned old = *(volatile unsigned *)p, nv;
  do { nv = old >= lim ? 0 : old + 1; }
  while (!__atomic_compare_exchange(p, &old, &nv, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  return old;
}
/* what the launcher reads after the kernel's parameters (jit/raw.c) */
struct gpa_raw_launch { unsigned bx, by, bz; unsigned long long shared_bytes; int error; };
static thread_local char *gpa_raw_dyn_shared;
static thread_local size_t gpa_raw_dyn_cap;

#ifndef GPA_RAW_FIBERS
#define GPA_RAW_FIBERS 0
#endif
/* Fibers: one per thread of the running block (Note [Raw kernels on host]) */
struct gpa_barrier { int arrived, expected; unsigned gen; };
struct gpa_fiber {
  ucontext_t ctx;
  gpa_barrier *waiting;  /* the barrier it waits at, or NULL */
  unsigned gen;          /* that barrier's generation when it arrived */
  int done;
};
struct gpa_block_run {
  ucontext_t sched;
  gpa_fiber *fibers;
  char *stacks;
  gpa_barrier block_bar;
  gpa_barrier *warp_bar;
  unsigned char *slots;  /* 16 bytes per thread, for shuffles and votes */
  int nthreads, current, failed;
  void (*call)(void *);
  void *obj;
};
static thread_local gpa_block_run *gpa_run;
/* Note [Fiber stacks]: CUDA gives a thread up to 512 KiB of local memory;
 * each function of the user's code is held to that at compile time
 * (-Wstack-usage as an error, see raw_host_source), and a fiber gets
 * 1 MiB for its kernel, the functions it calls and the shim, above a
 * guard page.  The stacks are reserved, not committed (MAP_NORESERVE):
 * only the pages a thread touches cost memory. */
enum { GPA_FIBER_STACK = 1024 * 1024, GPA_FIBER_GUARD = 64 * 1024,
       GPA_FIBER_SLOT = GPA_FIBER_STACK + GPA_FIBER_GUARD };

static void gpa_set_thread_index(int t)
{
  threadIdx.x = t % blockDim.x;
  threadIdx.y = t / blockDim.x % blockDim.y;
  threadIdx.z = t / (blockDim.x * blockDim.y);
}
/* Arrive at b; if others are still missing, sleep until they come. */
static void gpa_barrier_wait(gpa_barrier *b)
{
  if (gpa_run == NULL) return;
  if (++b->arrived >= b->expected) { b->arrived = 0; b->gen++; return; }
  gpa_fiber *f = &gpa_run->fibers[gpa_run->current];
  f->waiting = b;
  f->gen = b->gen;
  swapcontext(&f->ctx, &gpa_run->sched);
}
static void gpa_fiber_main()
{
  gpa_block_run *r = gpa_run;
  r->call(r->obj);
  int t = r->current;
  r->fibers[t].done = 1;
  /* an exited thread is no longer waited for */
  gpa_barrier *bs[2] = {&r->block_bar, &r->warp_bar[t / 32]};
  for (int i = 0; i < 2; i++) {
    gpa_barrier *b = bs[i];
    b->expected--;
    if (b->expected > 0 && b->arrived >= b->expected) { b->arrived = 0; b->gen++; }
  }
}
static int gpa_run_block_fibers(gpa_block_run *r)
{
  int n = r->nthreads;
  r->block_bar.arrived = 0; r->block_bar.expected = n; r->block_bar.gen = 0;
  for (int w = 0; w < (n + 31) / 32; w++) {
    r->warp_bar[w].arrived = 0; r->warp_bar[w].gen = 0;
    r->warp_bar[w].expected = (w + 1) * 32 <= n ? 32 : n - w * 32;
  }
  for (int t = 0; t < n; t++) {
    gpa_fiber *f = &r->fibers[t];
    f->waiting = NULL; f->done = 0;
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = r->stacks + (size_t)t * GPA_FIBER_SLOT +
                            GPA_FIBER_GUARD;
    f->ctx.uc_stack.ss_size = GPA_FIBER_STACK;
    f->ctx.uc_link = &r->sched;
    makecontext(&f->ctx, gpa_fiber_main, 0);
  }
  int left = n;
  while (left > 0) {
    int progressed = 0;
    for (int t = 0; t < n; t++) {
      gpa_fiber *f = &r->fibers[t];
      if (f->done || (f->waiting && f->waiting->gen == f->gen)) continue;
      f->waiting = NULL;
      r->current = t;
      gpa_set_thread_index(t);
      swapcontext(&r->sched, &f->ctx);
      progressed = 1;
      if (f->done) left--;
    }
    if (!progressed) return -1;  /* everyone waits: a barrier never met */
  }
  return 0;
}
static inline void __syncthreads() { if (gpa_run) gpa_barrier_wait(&gpa_run->block_bar); }
static inline void __syncwarp(unsigned mask = 0xffffffffu)
{ (void)mask; if (gpa_run) gpa_barrier_wait(&gpa_run->warp_bar[gpa_run->current / 32]); }
static inline unsigned __activemask() { return 0xffffffffu; }
static inline int gpa_lane() { return gpa_run ? gpa_run->current % 32 : 0; }
/* Every lane of the warp puts v in its slot; then each reads lane src's. */
template <class T> static inline T gpa_exchange(T v, int src)
{
  static_assert(sizeof(T) <= 16, "shuffles move at most 16 bytes");
  if (!gpa_run) return v;
  int t = gpa_run->current, base = t - t % 32;
  memcpy(gpa_run->slots + 16 * (size_t)t, &v, sizeof(T));
  __syncwarp();
  T r = v;
  if (base + src < gpa_run->nthreads)
    memcpy(&r, gpa_run->slots + 16 * (size_t)(base + src), sizeof(T));
  __syncwarp();
  return r;
}
template <class T> static inline T __shfl_sync(unsigned m, T v, int src, int w = 32)
{ (void)m; int l = gpa_lane(); return gpa_exchange(v, (l - l % w) + ((src % w) + w) % w); }
template <class T> static inline T __shfl_up_sync(unsigned m, T v, unsigned d, int w = 32)
{ (void)m; int l = gpa_lane(); int s = (int)(l % w) >= (int)d ? l - (int)d : l; return gpa_exchange(v, s); }
template <class T> static inline T __shfl_down_sync(unsigned m, T v, unsigned d, int w = 32)
{ (void)m; int l = gpa_lane(); int s = (int)(l % w) + (int)d < w ? l + (int)d : l; return gpa_exchange(v, s); }
template <class T> static inline T __shfl_xor_sync(unsigned m, T v, int x, int w = 32)
{ (void)m; int l = gpa_lane(); int s = l ^ x; if (s / w != l / w) s = l; return gpa_exchange(v, s); }
static inline unsigned __ballot_sync(unsigned m, int p)
{
  unsigned r = 0;
  for (int k = 0; k < 32; k++) r |= (gpa_exchange(p ? 1 : 0, k) ? 1u : 0u) << k;
  return r & m;
}
static inline int __any_sync(unsigned m, int p) { return __ballot_sync(m, p) != 0; }
static inline int __all_sync(unsigned m, int p)
{
  if (!gpa_run) return p != 0;
  int t = gpa_run->current, base = t - t % 32, n = gpa_run->nthreads - base;
  unsigned live = n >= 32 ? 0xffffffffu : ((1u << n) - 1);
  return (__ballot_sync(m, p) & live & m) == (live & m);
}

template <class F> static void gpa_call(void *obj) { (*(F *)obj)(); }
template <class F>
static void gpa_raw_run(gpa_raw_launch *li, unsigned gx, unsigned gy,
                        unsigned gz, unsigned long long first,
                        unsigned long long last, F body)
{
  gridDim.x = gx; gridDim.y = gy; gridDim.z = gz;
  blockDim.x = li->bx; blockDim.y = li->by; blockDim.z = li->bz;
  if (li->shared_bytes > gpa_raw_dyn_cap) {
    free(gpa_raw_dyn_shared);
    gpa_raw_dyn_shared = (char *)calloc(1, li->shared_bytes + 16);
    gpa_raw_dyn_cap = gpa_raw_dyn_shared ? li->shared_bytes : 0;
    if (!gpa_raw_dyn_shared) { __atomic_store_n(&li->error, 2, __ATOMIC_SEQ_CST); return; }
  }
  int n = (int)(li->bx * li->by * li->bz);
  gpa_block_run r;
  memset(&r, 0, sizeof r);
  if (GPA_RAW_FIBERS) {
    r.nthreads = n;
    r.fibers = (gpa_fiber *)calloc(n, sizeof(gpa_fiber));
    void *st = mmap(NULL, (size_t)n * GPA_FIBER_SLOT, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                    -1, 0);
    r.stacks = st == MAP_FAILED ? NULL : (char *)st;
    for (int t = 0; r.stacks && t < n; t++)  /* overflow faults, never heap */
      if (mprotect(r.stacks + (size_t)t * GPA_FIBER_SLOT, GPA_FIBER_GUARD,
                   PROT_NONE) != 0) {
        munmap(r.stacks, (size_t)n * GPA_FIBER_SLOT);
        r.stacks = NULL;
      }
    r.warp_bar = (gpa_barrier *)calloc((n + 31) / 32, sizeof(gpa_barrier));
    r.slots = (unsigned char *)calloc(n, 16);
    r.call = gpa_call<F>;
    r.obj = &body;
    if (!r.fibers || !r.stacks || !r.warp_bar || !r.slots) {
      __atomic_store_n(&li->error, 2, __ATOMIC_SEQ_CST);
      goto out;
    }
  }
  for (unsigned long long k = first; k < last; k++) {
    blockIdx.x = (unsigned)(k % gx);
    blockIdx.y = (unsigned)(k / gx % gy);
    blockIdx.z = (unsigned)(k / gx / gy);
    if (GPA_RAW_FIBERS) {
      gpa_run = &r;
      int rc = gpa_run_block_fibers(&r);
      gpa_run = NULL;
      if (rc < 0) { __atomic_store_n(&li->error, 1, __ATOMIC_SEQ_CST); break; }
    } else {
      for (int t = 0; t < n; t++) { gpa_set_thread_index(t); body(); }
    }
  }
out:
  free(r.fibers); free(r.warp_bar); free(r.slots);
  if (r.stacks) munmap(r.stacks, (size_t)n * GPA_FIBER_SLOT);
}
"""


def _split_params(text):
    """The parameters of a kernel signature: (type, name) pairs."""
    text = text.strip()
    if text in ("", "void"):
        return []
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch in "<(["
        depth -= ch in ">)]"
        cur += ch
    out.append(cur)
    params = []
    for p in out:
        p = p.strip()
        p = re.sub(r"\s*=.*$", "", p)  # default value
        array = p.endswith("]")
        if array:
            p = re.sub(r"\s*\[[^\]]*\]\s*$", "", p)
        m = re.match(r"^(.*?)(\w+)$", p, re.S)
        if m is None or not m.group(1).strip():
            raise ValueError("cannot read the kernel parameter %r" % p)
        ptype = m.group(1).strip() + (" *" if array else "")
        params.append(ptype)
    return params


# C's translation phases 2 and 3 as far as a signature needs them: a
# backslash-newline joins lines (CuPy's tests split parameter lists so),
# and a comment is a space
_SPLICE = re.compile(r"\\\r?\n")
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def kernel_signatures(code):
    """{name: [parameter type, ...]} of every __global__ function."""
    code = _COMMENT.sub(" ", _SPLICE.sub("", code))
    return {m.group(1): _split_params(m.group(2))
            for m in _KERNEL.finditer(code)}


def raw_host_source(code, options):
    """The text the host compiler builds for user CUDA `code`: the shim,
    -D options as #defines, the code (extern __shared__ arrays pointed at
    the launch's dynamic shared memory) and a launcher per kernel."""
    defines = []
    for opt in options:
        m = _DEFINE.match(opt)
        if m:
            defines.append("#define %s %s" % (m.group(1), m.group(2) or "1"))
    fibers = 1 if _SYNC.search(code) else 0
    body = _DYN_SHARED.sub(
        lambda m: "%s *const %s = (%s *)gpa_raw_dyn_shared;" % (
            m.group(1).strip(), m.group(2), m.group(1).strip()), code)
    # CUDA's 512 KiB of local memory per thread, per function here: more
    # is a compile error, not a fiber stack overflow (Note [Fiber stacks])
    limit = '#pragma GCC diagnostic error "-Wstack-usage=%d"' % (512 * 1024)
    parts = (["#define GPA_RAW_FIBERS %d" % fibers] + defines +
             [SHIM, limit, body])
    for name, types in kernel_signatures(code).items():
        n = len(types)
        # what jit/raw.c checks each argument's bytes against
        parts.append('extern "C" const unsigned long long %s__sizes__host[] '
                     '= {%d%s};' % (name, n, "".join(
                         ", sizeof(%s)" % t for t in types)))
        lines = ['extern "C" void %s__host(void **args, unsigned gx, '
                 'unsigned gy, unsigned gz, unsigned long long first, '
                 'unsigned long long last)' % name, "{"]
        for i, t in enumerate(types):
            lines.append("  typedef %s gpa_p%d_t;" % (t, i))
            lines.append("  gpa_p%d_t a%d = *(gpa_p%d_t *)args[%d];"
                         % (i, i, i, i))
        call = "%s(%s);" % (name, ", ".join("a%d" % i for i in range(n)))
        lines.append("  gpa_raw_launch *li = (gpa_raw_launch *)args[%d];" % n)
        lines.append("  gpa_raw_run(li, gx, gy, gz, first, last, [&]() { %s });"
                     % call)
        lines.append("}")
        parts.append("\n".join(lines))
    return "\n".join(parts) + "\n"
