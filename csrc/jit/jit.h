/* jit.h - compiling kernel source and finding compiled kernels.
 *
 * Source text = the prelude (prelude_*.cuh, embedded at build time) + the
 * kernels of one module.  gpa_jit_load returns a loaded module for a
 * device, looking in turn at: the in-memory module table, the on-disk
 * cache (disk_cache.c), and finally the compiler (NVRTC on cuda,
 * compile_host.c on host).  The cache key is the SHA-256 of source,
 * options, compiler version and target architecture.
 */
#ifndef GPA_JIT_H
#define GPA_JIT_H

#include "runtime/device.h"

typedef struct gpa_module gpa_module;

/* Compiled and loaded module holding the kernels of `source` (which must
 * NOT include the prelude; it is prepended).  Borrowed: modules stay
 * loaded for the life of the process.  NULL with an exception:
 * gpuarray.CompileError (with .log and .source) when compilation fails. */
gpa_module *gpa_jit_load(gpa_device *dev, const char *source);

/* The same for user CUDA source compiled as written (RawModule): no
 * prelude, the user's NVRTC options; on host the source must already
 * carry its host shim and launchers (gpuarray/kernels/raw.py). */
gpa_module *gpa_jit_load_raw(gpa_device *dev, const char *source,
                             const char *const *user_opts, int n_user_opts);

/* Module records are reference-counted: the module table holds one
 * reference, and whoever keeps a module past the call that returned it
 * (a RawModule, a raw function) takes its own. */
void gpa_module_incref(gpa_module *m);
void gpa_module_decref(gpa_module *m);

/* The device a module was loaded on. */
gpa_device *gpa_module_device(gpa_module *m);

/* The function `name` of a module (a launcher on host).  Borrowed. */
void *gpa_module_function(gpa_module *m, const char *name);

/* The prelude text (no terminating newline needed). */
const char *gpa_prelude(void);

/* Counters, for tests and benchmarks. */
typedef struct {
    unsigned long long compiles;    /* compiler invocations */
    unsigned long long disk_hits;   /* modules read from the disk cache */
    unsigned long long memory_hits; /* modules found loaded */
    unsigned long long disk_rejects;/* damaged cache entries recompiled */
} gpa_jit_stats;
extern gpa_jit_stats gpa_jit_counters;

/* Python: gpuarray.CompileError (set at module init). */
extern PyObject *gpa_CompileError;

/* Note [Parallel compiles] (compile.c).  gpa_jit_defer: this thread's
 * flag; on, a kernel found nowhere is queued and the call raises
 * _core._DeferredCompile(key) (a BaseException).  Returns the old flag.
 * gpa_jit_compile_pending: compiles the queue, at most `jobs` at once;
 * a new dict {key: exception} of the kernels that failed (nothing is
 * written for them), NULL with an exception when the batch stopped
 * (KeyboardInterrupt). */
extern PyObject *gpa_DeferredCompile;
int gpa_jit_defer(int on);
/* The queue's length; *raised: _DeferredCompile raised so far. */
size_t gpa_jit_pending(unsigned long long *raised);
void gpa_jit_discard_pending(void);
PyObject *gpa_jit_compile_pending(int jobs);
/* The most compiles one batch ran at once so far (a test hook). */
extern int gpa_compile_parallel_peak;

/* Compiles CUDA source (prelude prepended) with NVRTC for compute
 * capability `arch` (e.g. 90) without needing a GPU; returns bytes of
 * the cubin.  Used by the CI test that checks the CUDA text of kernels.
 */
PyObject *gpa_nvrtc_compile_py(PyObject *self, PyObject *args);
/* _nvrtc_compile_many(sources, arch=90, jobs=2): several on threads. */
PyObject *gpa_nvrtc_compile_many_py(PyObject *self, PyObject *args);

int gpa_jit_module_init(PyObject *module);

#endif
