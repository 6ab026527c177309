/* compile_nvrtc.c - CUDA source to cubin with NVRTC (opened by dlopen).
 * The cubin is built for the device's own architecture (sm_XY), so no
 * PTX is JIT-compiled by the driver at load time. */
#include "jit/compile.h"
#include "jit/jit.h"
#include "runtime/cuda_api.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* No FMA contraction: results must match NumPy's separately rounded
 * multiply and add (memory-bound kernels lose nothing by it). */
#define NVRTC_OPTS "--std=c++17 -default-device --fmad=false"

int gpa_nvrtc_compile_cubin(const char *source, int arch, char **image,
                            size_t *n)
{
    const char *opts[] = {"--std=c++17", "-default-device", "--fmad=false"};
    return gpa_nvrtc_compile_with(source, arch, opts, 3, image, n);
}

#define MAX_NVRTC_OPTS 64

/* Note [Parallel NVRTC]: NVRTC is thread-safe per program, so a batch
 * runs one program per kernel on up to `jobs` threads (pthreads, no GIL:
 * they touch no Python object and allocate with malloc); the results are
 * turned into bytes and exceptions afterwards, with the GIL. */
typedef struct {
    const char *source;
    const char *opts[MAX_NVRTC_OPTS + 1];
    int n_opts;
    char archopt[64];
    /* out */
    int stage;          /* 0 ok, 1 create, 2 compile (log), 3 cubin size,
                         * 4 cubin, 5 memory */
    nvrtcResult r;
    char *log, *image;  /* malloc'ed */
    size_t n;
} nvrtc_work;

static void nvrtc_run(const gpa_nvrtc_api *rtc, nvrtc_work *w)
{
    nvrtcProgram prog = NULL;
    size_t sz = 0;
    if (w->source == NULL) /* refused before the batch (its error set) */
        return;
    w->r = rtc->nvrtcCreateProgram(&prog, w->source, "gpuarray_kernel.cu", 0,
                                   NULL, NULL);
    if (w->r != 0) {
        w->stage = 1;
        return;
    }
    if ((w->r = rtc->nvrtcCompileProgram(prog, w->n_opts, w->opts)) != 0) {
        size_t ln = 0;
        w->stage = 2;
        rtc->nvrtcGetProgramLogSize(prog, &ln);
        w->log = malloc(ln + 1);
        if (w->log != NULL) {
            w->log[0] = '\0';
            rtc->nvrtcGetProgramLog(prog, w->log);
        }
    } else if ((w->r = rtc->nvrtcGetCUBINSize(prog, &sz)) != 0 || sz == 0) {
        w->stage = 3;
    } else if ((w->image = malloc(sz)) == NULL) {
        w->stage = 5;
    } else if ((w->r = rtc->nvrtcGetCUBIN(prog, w->image)) != 0) {
        w->stage = 4;
    } else {
        w->n = sz;
        w->stage = 0;
    }
    rtc->nvrtcDestroyProgram(&prog);
}

/* Fills a work item (the architecture option first).  GIL held. */
static int nvrtc_prepare(nvrtc_work *w, const char *source, int arch,
                         const char *const *user_opts, int n_opts)
{
    memset(w, 0, sizeof *w);
    if (n_opts > MAX_NVRTC_OPTS) {
        PyErr_Format(PyExc_ValueError, "at most %d compiler options",
                     MAX_NVRTC_OPTS);
        return -1;
    }
    w->source = source;
    snprintf(w->archopt, sizeof w->archopt, "--gpu-architecture=sm_%d", arch);
    w->opts[0] = w->archopt;
    for (int i = 0; i < n_opts; i++)
        w->opts[i + 1] = user_opts[i];
    w->n_opts = n_opts + 1;
    return 0;
}

/* The outcome as an image or a raised exception; frees the work's
 * buffers.  GIL held. */
static int nvrtc_outcome(const gpa_nvrtc_api *rtc, nvrtc_work *w,
                         char **image, size_t *n)
{
    int rc = -1;
    switch (w->stage) {
    case 0: {
        char *out = PyMem_Malloc(w->n);
        if (out == NULL) {
            PyErr_NoMemory();
            break;
        }
        memcpy(out, w->image, w->n);
        *image = out;
        *n = w->n;
        rc = 0;
        break;
    }
    case 1:
        PyErr_Format(PyExc_RuntimeError, "nvrtcCreateProgram failed: %s",
                     rtc->nvrtcGetErrorString(w->r));
        break;
    case 2:
        if (w->log == NULL)
            PyErr_NoMemory();
        else
            gpa_raise_compile_error("NVRTC", w->log, w->source);
        break;
    case 3:
        PyErr_Format(PyExc_RuntimeError, "nvrtcGetCUBINSize failed: %s",
                     rtc->nvrtcGetErrorString(w->r));
        break;
    case 4:
        PyErr_Format(PyExc_RuntimeError, "nvrtcGetCUBIN failed: %s",
                     rtc->nvrtcGetErrorString(w->r));
        break;
    default:
        PyErr_NoMemory();
    }
    free(w->log);
    free(w->image);
    w->log = w->image = NULL;
    return rc;
}

int gpa_nvrtc_compile_with(const char *source, int arch,
                           const char *const *user_opts, int n_opts,
                           char **image, size_t *n)
{
    const gpa_nvrtc_api *rtc = gpa_nvrtc_api_get();
    nvrtc_work w;
    if (rtc == NULL || nvrtc_prepare(&w, source, arch, user_opts, n_opts) < 0)
        return -1;
    Py_BEGIN_ALLOW_THREADS
    nvrtc_run(rtc, &w);
    Py_END_ALLOW_THREADS
    return nvrtc_outcome(rtc, &w, image, n);
}

typedef struct {
    const gpa_nvrtc_api *rtc;
    nvrtc_work *work;
    int n;
    int next; /* taken with __atomic_fetch_add */
} nvrtc_pool;

static void *nvrtc_worker(void *arg)
{
    nvrtc_pool *p = arg;
    for (;;) {
        int i = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED);
        if (i >= p->n)
            return NULL;
        nvrtc_run(p->rtc, &p->work[i]);
    }
}

int gpa_nvrtc_compile_items(gpa_compile_item *items, int n, int arch,
                            int jobs)
{
    static const char *const gen_opts[] = {"--std=c++17", "-default-device",
                                           "--fmad=false"};
    const gpa_nvrtc_api *rtc = gpa_nvrtc_api_get();
    nvrtc_pool pool = {rtc, NULL, n, 0};
    pthread_t threads[64];
    int started = 0;
    if (rtc == NULL)
        return -1;
    pool.work = PyMem_Calloc((size_t)(n > 0 ? n : 1), sizeof *pool.work);
    if (pool.work == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < n; i++) {
        const gpa_compile_item *it = &items[i];
        int raw = it->kernels == NULL;
        if (nvrtc_prepare(&pool.work[i], it->full, arch,
                          raw ? it->user_opts : gen_opts,
                          raw ? it->n_user_opts : 3) < 0) {
            gpa_fetch_error(&items[i].error); /* this one only */
            pool.work[i].source = NULL;
        }
    }
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    if (jobs > n)
        jobs = n;
    Py_BEGIN_ALLOW_THREADS
    for (; started < jobs - 1; started++)
        if (pthread_create(&threads[started], NULL, nvrtc_worker, &pool) != 0)
            break;
    nvrtc_worker(&pool); /* this thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    Py_END_ALLOW_THREADS
    if (started + 1 > gpa_compile_parallel_peak)
        gpa_compile_parallel_peak = started + 1;
    for (int i = 0; i < n; i++)
        if (pool.work[i].source != NULL &&
            nvrtc_outcome(rtc, &pool.work[i], &items[i].image,
                          &items[i].n) < 0)
            gpa_fetch_error(&items[i].error);
    PyMem_Free(pool.work);
    return 0;
}

static int nvrtc_describe(gpa_device *dev, char *target, size_t n,
                          const char **opts)
{
    const gpa_nvrtc_api *rtc = gpa_nvrtc_api_get();
    int major = 0, minor = 0;
    if (rtc == NULL)
        return -1;
    rtc->nvrtcVersion(&major, &minor);
    snprintf(target, n, "sm_%d%d nvrtc %d.%d", dev->cc_major, dev->cc_minor,
             major, minor);
    *opts = NVRTC_OPTS;
    return 0;
}

static int nvrtc_compile(gpa_device *dev, const char *source,
                         const char *kernels, const char *opts, char **image,
                         size_t *n)
{
    GPA_UNUSED(opts);
    GPA_UNUSED(kernels);
    return gpa_nvrtc_compile_cubin(source, dev->cc_major * 10 + dev->cc_minor,
                                   image, n);
}

static int nvrtc_compile_raw(gpa_device *dev, const char *source,
                             const char *const *user_opts, int n_user_opts,
                             char **image, size_t *n)
{
    return gpa_nvrtc_compile_with(source, dev->cc_major * 10 + dev->cc_minor,
                                  user_opts, n_user_opts, image, n);
}

static int nvrtc_compile_many(gpa_device *dev, gpa_compile_item *items,
                              int n, int jobs)
{
    return gpa_nvrtc_compile_items(items, n, dev->cc_major * 10 +
                                   dev->cc_minor, jobs);
}

const gpa_compiler gpa_nvrtc_compiler = {
    .name = "cuda",
    .extension = "cubin",
    .needs_file = 0,
    .describe = nvrtc_describe,
    .compile = nvrtc_compile,
    .compile_raw = nvrtc_compile_raw,
    .compile_many = nvrtc_compile_many,
};

/* Note [Fast NVRTC checks]: CI has libnvrtc but no GPU, so the suite
 * compiles every generated CUDA text to prove it compiles; most of that
 * time is the device code optimizer, not the front end.  A check
 * (fast_check=True) adds NVRTC's --Ofast-compile=max where the library
 * has it (12.8 and later): the same parse, templates and code generation
 * to a cubin, with less optimization.  Kernels the library runs never
 * take this path (gpa_nvrtc_compile_cubin keeps the product options). */
static int nvrtc_has_fast_compile(void)
{
    const gpa_nvrtc_api *rtc = gpa_nvrtc_api_get();
    int major = 0, minor = 0;
    if (rtc == NULL) {
        PyErr_Clear();
        return 0;
    }
    rtc->nvrtcVersion(&major, &minor);
    return major > 12 || (major == 12 && minor >= 8);
}

/* _core._nvrtc_compile(source, arch=90, fast_check=False) -> bytes:
 * compile with NVRTC, no GPU needed (the prelude is prepended).  For the
 * CI test of CUDA codegen (Note [Fast NVRTC checks]). */
PyObject *gpa_nvrtc_compile_py(PyObject *self, PyObject *args)
{
    static const char *const check_opts[] = {
        "--std=c++17", "-default-device", "--fmad=false",
        "--Ofast-compile=max"};
    const char *src;
    int arch = 90, fast_check = 0, rc;
    char *image = NULL, *full = NULL;
    size_t n = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "s|ip:_nvrtc_compile", &src, &arch,
                          &fast_check))
        return NULL;
    size_t plen = strlen(gpa_prelude()), slen = strlen(src);
    full = PyMem_Malloc(plen + slen + 2);
    if (full == NULL)
        return PyErr_NoMemory();
    memcpy(full, gpa_prelude(), plen);
    full[plen] = '\n';
    memcpy(full + plen + 1, src, slen + 1);
    if (fast_check && nvrtc_has_fast_compile())
        rc = gpa_nvrtc_compile_with(full, arch, check_opts, 4, &image, &n);
    else
        rc = gpa_nvrtc_compile_cubin(full, arch, &image, &n);
    PyMem_Free(full);
    if (rc < 0)
        return NULL;
    PyObject *r = PyBytes_FromStringAndSize(image, (Py_ssize_t)n);
    PyMem_Free(image);
    return r;
}

/* _core._nvrtc_compile_many(sources, arch=90, jobs=2) -> list of bytes or
 * exception instances, in order: the parallel path of a batch (Note
 * [Parallel NVRTC]) without a GPU, for the CI test. */
PyObject *gpa_nvrtc_compile_many_py(PyObject *self, PyObject *args)
{
    PyObject *seq, *out = NULL, *fast = NULL;
    int arch = 90, jobs = 2;
    gpa_compile_item *items = NULL;
    char **texts = NULL;
    Py_ssize_t n = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O|ii:_nvrtc_compile_many", &seq, &arch,
                          &jobs))
        return NULL;
    fast = PySequence_Fast(seq, "_nvrtc_compile_many: a sequence of str");
    if (fast == NULL)
        return NULL;
    n = PySequence_Fast_GET_SIZE(fast);
    items = PyMem_Calloc((size_t)(n > 0 ? n : 1), sizeof *items);
    texts = PyMem_Calloc((size_t)(n > 0 ? n : 1), sizeof *texts);
    if (items == NULL || texts == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    const char *prelude = gpa_prelude();
    size_t plen = strlen(prelude);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t sl;
        const char *src = PyUnicode_AsUTF8AndSize(
            PySequence_Fast_GET_ITEM(fast, i), &sl);
        if (src == NULL)
            goto done;
        texts[i] = PyMem_Malloc(plen + (size_t)sl + 2);
        if (texts[i] == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        memcpy(texts[i], prelude, plen);
        texts[i][plen] = '\n';
        memcpy(texts[i] + plen + 1, src, (size_t)sl + 1);
        items[i].full = texts[i];
        items[i].kernels = texts[i] + plen + 1;
    }
    if (gpa_nvrtc_compile_items(items, (int)n, arch, jobs) < 0)
        goto done;
    out = PyList_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *r = items[i].error;
        items[i].error = NULL;
        if (r == NULL &&
            (r = PyBytes_FromStringAndSize(items[i].image,
                                           (Py_ssize_t)items[i].n)) == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, r);
    }
done:
    for (Py_ssize_t i = 0; items != NULL && i < n; i++) {
        PyMem_Free(items[i].image);
        Py_XDECREF(items[i].error);
    }
    for (Py_ssize_t i = 0; texts != NULL && i < n; i++)
        PyMem_Free(texts[i]);
    PyMem_Free(items);
    PyMem_Free(texts);
    Py_DECREF(fast);
    return out;
}
