/* host_target.c - the host compiler's options (Note [Host compile options]).
 *
 * Note [Host compile options]: host kernels are built with -O2 and the
 * vectorizer's dynamic cost model (gcc's -O2 default, "very cheap", skips
 * any loop that needs an epilogue), so that the contiguous elementwise
 * loop and the reduction blocks are vectorized; not -O3, whose unrolling
 * made a reduction module take 30 s to build instead of 1.4 s.  And
 * for the SIMD level of the CPU found at run time (the x86-64 psABI levels,
 * spelled as feature flags so that every g++ and clang takes them).  NumPy's
 * float semantics stay: no -ffast-math, -ffp-contract=off (no FMA fusion,
 * decision 4), -fno-math-errno only (it lets sqrt vectorize; errno is not
 * NumPy's error channel).  The options are part of the cache key, and the
 * shipped precompiled set (precompiled.c) is keyed the same way, so a
 * module is only ever loaded on the CPU level it was built for.
 */
#include "jit/host_target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#define BASE_OPTS "-O2 -fvect-cost-model=dynamic -std=c++17 -fPIC -shared -fno-strict-aliasing " \
                  "-fwrapv -fno-math-errno -ffp-contract=off"

static const struct {
    const char *name;
    const char *flags;
} levels[] = {
    {"x86-64", ""},
    {"x86-64-v2", " -mcx16 -msahf -mpopcnt -msse3 -msse4.1 -msse4.2 -mssse3"},
    {"x86-64-v3", " -mcx16 -msahf -mpopcnt -msse3 -msse4.1 -msse4.2 -mssse3"
                  " -mavx -mavx2 -mbmi -mbmi2 -mf16c -mfma -mlzcnt -mmovbe"},
    {"x86-64-v4", " -mcx16 -msahf -mpopcnt -msse3 -msse4.1 -msse4.2 -mssse3"
                  " -mavx -mavx2 -mbmi -mbmi2 -mf16c -mfma -mlzcnt -mmovbe"
                  " -mavx512f -mavx512bw -mavx512cd -mavx512dq -mavx512vl"},
};
#define N_LEVELS ((int)(sizeof levels / sizeof levels[0]))

/* The highest level whose features this CPU has (0 off x86-64). */
static int cpu_level(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    int v2 = __builtin_cpu_supports("popcnt") &&
             __builtin_cpu_supports("sse4.2") &&
             __builtin_cpu_supports("ssse3");
    int v3 = v2 && __builtin_cpu_supports("avx2") &&
             __builtin_cpu_supports("bmi2") &&
             __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx");
    int v4 = v3 && __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512cd") &&
             __builtin_cpu_supports("avx512dq") &&
             __builtin_cpu_supports("avx512vl");
    return v4 ? 3 : v3 ? 2 : v2 ? 1 : 0;
#else
    return -1;
#endif
}

static int chosen = -2; /* level index; -1: not x86-64 */

static int level(void)
{
    if (chosen != -2)
        return chosen;
    chosen = cpu_level();
    const char *want = getenv("GPUARRAY_HOST_ISA");
    if (chosen >= 0 && want && want[0]) {
        for (int k = 0; k < N_LEVELS; k++)
            if (strcmp(want, levels[k].name) == 0 && k < chosen)
                chosen = k; /* only ever lower: higher would crash */
    }
    return chosen;
}

const char *gpa_host_isa(void)
{
    static struct utsname u;
    int k = level();
    if (k >= 0)
        return levels[k].name;
    if (u.machine[0] == '\0' && uname(&u) != 0)
        snprintf(u.machine, sizeof u.machine, "unknown");
    return u.machine;
}

/* Note [Host kernel link]: a generated kernel calls libm and libc only
 * (and __tls_get_addr, libgcc's helpers on low CPU levels), never
 * libstdc++: linking it with -nostdlib and those libraries after the
 * source (gpa_host_link_libs) halves the link, 0.05 -> 0.025 CPU-s of a
 * ~0.2 CPU-s compile.  -nostdlib is in the options, so in the cache key.
 * User (raw) source may use anything: it keeps the driver's full link. */
static const char *opts_with(char *buf, size_t n, const char *tail)
{
    if (buf[0] == '\0') {
        int k = level();
        snprintf(buf, n, "%s%s%s", BASE_OPTS, k >= 0 ? levels[k].flags : "",
                 tail);
    }
    return buf;
}

const char *gpa_host_opts(void)
{
    static char opts[512];
    return opts_with(opts, sizeof opts, " -nostdlib");
}

const char *gpa_host_raw_opts(void)
{
    static char opts[512];
    return opts_with(opts, sizeof opts, "");
}

const char *const *gpa_host_link_libs(void)
{
    static const char *const libs[] = {"-lm", "-lc", "-lgcc", NULL};
    return libs;
}
