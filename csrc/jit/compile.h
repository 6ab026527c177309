/* compile.h - the two compilers behind gpa_jit_load. */
#ifndef GPA_COMPILE_H
#define GPA_COMPILE_H

#include "runtime/device.h"

/* One kernel of a batch compile (Note [Parallel compiles], compile.c). */
typedef struct {
    const char *full;      /* the hashed text: prelude + kernels, or raw */
    const char *kernels;   /* the part after the prelude; NULL: raw source */
    const char *opts;      /* the describe() options */
    const char *const *user_opts; /* raw: the user's NVRTC options */
    int n_user_opts;
    char *image;           /* out: PyMem-allocated on success */
    size_t n;
    PyObject *error;       /* out: the exception (a new reference) when
                            * this kernel failed, e.g. CompileError */
} gpa_compile_item;

typedef struct {
    const char *name;      /* cache subdirectory: "cuda" or "host" */
    const char *extension; /* cache file extension */
    int needs_file;        /* the loader reads a file, not bytes */
    /* Writes the target (e.g. "sm_90 nvrtc 13.0") and points *opts at
     * the option string (static).  Both go into the cache key. */
    int (*describe)(gpa_device *dev, char *target, size_t n,
                    const char **opts);
    /* Compiles `full` (prelude + kernels; `kernels` is the part after the
     * prelude, for compilers that take the prelude precompiled); *image
     * is PyMem-allocated.  On failure raises CompileError with the log. */
    int (*compile)(gpa_device *dev, const char *full, const char *kernels,
                   const char *opts, char **image, size_t *n);
    /* Compiles user source as written (no prelude) with the user's
     * NVRTC options (the host compiler takes none of them). */
    int (*compile_raw)(gpa_device *dev, const char *source,
                       const char *const *user_opts, int n_user_opts,
                       char **image, size_t *n);
    /* Compiles items[0..n) with at most `jobs` at a time (host: compiler
     * processes, cuda: NVRTC on worker threads).  A kernel that fails
     * gets its exception in .error and leaves nothing behind; -1 with an
     * exception only when the whole batch stopped (KeyboardInterrupt):
     * nothing of it is kept then. */
    int (*compile_many)(gpa_device *dev, gpa_compile_item *items, int n,
                        int jobs);
} gpa_compiler;

/* Stores the raised exception in *error (a new reference; none raised:
 * MemoryError's) and clears it. */
void gpa_fetch_error(PyObject **error);


extern const gpa_compiler gpa_nvrtc_compiler;
extern const gpa_compiler gpa_host_compiler;

int gpa_raise_compile_error(const char *what, const char *log,
                            const char *source);

/* NVRTC compile of full source for compute capability major*10+minor;
 * *image is a PyMem-allocated cubin. */
int gpa_nvrtc_compile_cubin(const char *source, int arch, char **image,
                            size_t *n);
/* The same with the options given (the architecture option is added). */
int gpa_nvrtc_compile_with(const char *source, int arch,
                           const char *const *opts, int n_opts, char **image,
                           size_t *n);
/* Several at once on up to `jobs` threads: items' full text, user_opts
 * (NULL: the generated kernels' options); results and errors in items. */
int gpa_nvrtc_compile_items(gpa_compile_item *items, int n, int arch,
                            int jobs);

/* compile_notice.c: a monotonic clock, and the once-per-process notice
 * after a compile that took `seconds` (GIL held). */
double gpa_monotonic_s(void);
void gpa_compile_notice(double seconds);
/* The same for a slice of `kernels` compiled together. */
void gpa_compile_notice_batch(double seconds, int kernels);
/* Sets the threshold (seconds) and shows the notice again; returns the
 * old threshold. */
double gpa_compile_notice_set(double seconds);

#endif
