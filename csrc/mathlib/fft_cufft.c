/* fft_cufft.c - cuFFT through dlopen, and _fft_exec, the one entry point
 * the Python layer calls for every transform on either backend.
 *
 * A plan is made from the layout of fft_layout.c with cufftXtMakePlanMany
 * (64-bit sizes; the types name precision and kind), automatic work-area
 * allocation off: each exec takes its work area from the device's pool
 * on the current stream and gives it back after queueing (the pool reuses
 * a block only on the stream it was freed on, so that is stream-ordered),
 * and binds the plan to the current stream first (cufftSetStream).  Plans
 * live in the per-device cache of fft_cache.c.  cuFFT does not scale:
 * the caller applies norm= (gpuarray/fft/_driver.py).
 *
 * On host, _fft_exec records the layout in the host's plan cache and hands
 * it back; gpuarray/fft/_host.py runs pocketfft on views built from it.
 *
 * The types and prototypes below are our own declarations of the few
 * cuFFT entry points we call (cufft.h/cufftXt.h are not included: the
 * build needs no toolkit).  Sonames: libcufft.so.12 (CUDA 13),
 * libcufft.so.11 (CUDA 12).
 */
#include "mathlib/fft.h"
#include "mathlib/loader.h"
#include "runtime/cuda_backend.h"
#include "runtime/memory.h"

#include <dlfcn.h>
#include <stdio.h>

typedef int cufft_result;   /* cufftResult: 0 is CUFFT_SUCCESS */
typedef int cufft_handle;   /* cufftHandle */
/* cudaDataType values */
enum { CU_R_32F = 0, CU_R_64F = 1, CU_C_32F = 4, CU_C_64F = 5 };
enum { CUFFT_FWD = -1, CUFFT_INV = 1 };
enum { CUFFT_ALLOC_FAILED_ = 2 };

typedef struct {
    cufft_result (*cufftCreate)(cufft_handle *plan);
    cufft_result (*cufftDestroy)(cufft_handle plan);
    cufft_result (*cufftSetAutoAllocation)(cufft_handle plan, int on);
    cufft_result (*cufftXtMakePlanMany)(
        cufft_handle plan, int rank, long long *n, long long *inembed,
        long long istride, long long idist, int itype, long long *onembed,
        long long ostride, long long odist, int otype, long long batch,
        size_t *work, int etype);
    cufft_result (*cufftSetStream)(cufft_handle plan, void *stream);
    cufft_result (*cufftSetWorkArea)(cufft_handle plan, void *work);
    cufft_result (*cufftXtExec)(cufft_handle plan, void *in, void *out,
                                int direction);
    cufft_result (*cufftGetVersion)(int *version);
} cufft_api;

typedef struct {
    const char *name;
    size_t offset;
} fft_sym;

#define SYM(f) {#f, offsetof(cufft_api, f)}
static const fft_sym cufft_syms[] = {
    SYM(cufftCreate), SYM(cufftDestroy), SYM(cufftSetAutoAllocation),
    SYM(cufftXtMakePlanMany), SYM(cufftSetStream), SYM(cufftSetWorkArea),
    SYM(cufftXtExec), SYM(cufftGetVersion),
};
#define NSYMS (sizeof cufft_syms / sizeof cufft_syms[0])

static const char *const cufft_sonames[] = {"libcufft.so.12",
                                            "libcufft.so.11", NULL};

/* Process-wide, as the driver's tables (Note [Process-wide CUDA tables]
 * in runtime/cuda_loader.c).  GIL held. */
static cufft_api api;
static int api_state; /* 0 untried, 1 loaded, -1 failed */
static PyObject *api_error; /* the exception of the failed load, owned */

/* Fills *t from h.  NULL, or the first missing name. */
static const char *
resolve(void *h, cufft_api *t)
{
    size_t i;
    for (i = 0; i < NSYMS; i++) {
        void *p = dlsym(h, cufft_syms[i].name);
        if (p == NULL)
            return cufft_syms[i].name;
        memcpy((char *)t + cufft_syms[i].offset, &p, sizeof p);
    }
    return NULL;
}

/* cufftResult's names by value (cufft.h's enum, CUDA 12 and 13). */
static const char *const result_names[] = {
    "CUFFT_SUCCESS", "CUFFT_INVALID_PLAN", "CUFFT_ALLOC_FAILED",
    "CUFFT_INVALID_TYPE", "CUFFT_INVALID_VALUE", "CUFFT_INTERNAL_ERROR",
    "CUFFT_EXEC_FAILED", "CUFFT_SETUP_FAILED", "CUFFT_INVALID_SIZE",
    "CUFFT_UNALIGNED_DATA", "CUFFT_INCOMPLETE_PARAMETER_LIST",
    "CUFFT_INVALID_DEVICE", "CUFFT_PARSE_ERROR", "CUFFT_NO_WORKSPACE",
    "CUFFT_NOT_IMPLEMENTED", "CUFFT_LICENSE_ERROR", "CUFFT_NOT_SUPPORTED",
    "CUFFT_MISSING_DEPENDENCY", "CUFFT_NVRTC_FAILURE",
    "CUFFT_NVJITLINK_FAILURE", "CUFFT_NVSHMEM_FAILURE"};
#define NRESULTS (sizeof result_names / sizeof result_names[0])

static const char *
result_name(cufft_result r)
{
    if (r >= 0 && (size_t)r < NRESULTS)
        return result_names[r];
    return "unknown cufftResult";
}

/* Sets MemoryError (allocation failure) or RuntimeError naming the call,
 * cuFFT's error name and file:line.  Returns -1. */
static int
fft_raise(cufft_result r, const char *call, const char *file, int line)
{
    PyErr_Format(r == CUFFT_ALLOC_FAILED_ ? PyExc_MemoryError
                                          : PyExc_RuntimeError,
                 "%s failed: %s (%d) at %s:%d", call, result_name(r), r, file,
                 line);
    return -1;
}

#define CUFFT_CHECK(call)                                                 \
    do {                                                                  \
        cufft_result r_ = (call);                                         \
        if (r_ != 0) {                                                    \
            fft_raise(r_, #call, __FILE__, __LINE__);                     \
            goto fail;                                                    \
        }                                                                 \
    } while (0)

static void
destroy_handle(int handle)
{
    api.cufftDestroy(handle);
}

/* The loaded table, or NULL with ImportError (remembered: a library that
 * was missing stays missing for the process). */
static const cufft_api *
cufft_get(void)
{
    void *h;
    const char *missing;

    if (api_state > 0)
        return &api;
    if (api_state < 0) {
        PyErr_SetObject((PyObject *)Py_TYPE(api_error), api_error);
        return NULL;
    }
    h = gpa_mathlib_open("cuFFT", cufft_sonames,
                         "nvidia-cufft (CUDA 13) or nvidia-cufft-cu12");
    if (h != NULL && (missing = resolve(h, &api)) != NULL)
        PyErr_Format(PyExc_ImportError,
                     "cuFFT is not usable: the library found lacks %s "
                     "(cuFFT 11 or newer is needed)", missing);
    if (PyErr_Occurred()) {
        PyObject *t, *v, *tb;
        PyErr_Fetch(&t, &v, &tb);
        PyErr_NormalizeException(&t, &v, &tb);
        api_error = v;
        Py_XDECREF(t);
        Py_XDECREF(tb);
        api_state = -1;
        PyErr_SetObject((PyObject *)Py_TYPE(api_error), api_error);
        return NULL;
    }
    gpa_fft_destroy_handle = destroy_handle;
    api_state = 1;
    return &api;
}

static int
cu_type(int kind, int prec, int input)
{
    int complex_side = kind == GPA_FFT_C2C ||
                       (kind == GPA_FFT_R2C ? !input : input);
    if (complex_side)
        return prec == 4 ? CU_C_32F : CU_C_64F;
    return prec == 4 ? CU_R_32F : CU_R_64F;
}

/* Set by make_cufft_plan when cuFFT refused the layout itself (invalid
 * value, size or type, not supported), as opposed to failing: _fft_exec
 * then lets the caller retry with a staged C-order layout.  GIL held. */
static int plan_refused, exec_refused; /* under the GIL */

static int
refusal(cufft_result r)
{
    /* CUFFT_INVALID_TYPE, _INVALID_VALUE, _INVALID_SIZE, _NOT_SUPPORTED */
    return r == 0x3 || r == 0x4 || r == 0x8 || r == 0x10;
}

/* gpa_fft_cache_get's `make` for cuda: a plan with no work area. */
static int
make_cufft_plan(const gpa_fft_layout *L, int prec, gpa_fft_plan *p)
{
    long long n[3], ie[3], oe[3];
    cufft_handle h = -1;
    cufft_result r;
    size_t work = 0;
    int k;

    for (k = 0; k < L->rank; k++) {
        n[k] = L->n[k];
        ie[k] = L->inembed[k];
        oe[k] = L->onembed[k];
    }
    CUFFT_CHECK(api.cufftCreate(&h));
    CUFFT_CHECK(api.cufftSetAutoAllocation(h, 0));
    r = api.cufftXtMakePlanMany(
        h, L->rank, n, ie, L->istride, L->idist, cu_type(L->kind, prec, 1),
        oe, L->ostride, L->odist, cu_type(L->kind, prec, 0), L->batch, &work,
        cu_type(GPA_FFT_C2C, prec, 1));
    if (r != 0) {
        plan_refused = refusal(r);
        fft_raise(r, "cufftXtMakePlanMany", __FILE__, __LINE__);
        goto fail;
    }
    p->handle = h;
    p->worksize = work;
    return 0;
fail:
    if (h >= 0)
        api.cufftDestroy(h);
    return -1;
}

/* Runs every call of layout L with plan p on dev's current stream. */
static int
run_cufft(gpa_device *dev, gpa_fft_plan *p, const gpa_fft_layout *L,
          gpa_array *x, gpa_array *y, int forward)
{
    long long idx[GPA_MAXDIMS];
    gpa_mem *work = NULL;
    int first = 1;
    int k, dir = L->kind == GPA_FFT_R2C ? CUFFT_FWD
                 : L->kind == GPA_FFT_C2R ? CUFFT_INV
                 : forward ? CUFFT_FWD : CUFFT_INV;

    CUFFT_CHECK(api.cufftSetStream(p->handle, dev->stream));
    if (p->worksize > 0) {
        work = gpa_mem_alloc(dev, p->worksize);
        if (work == NULL)
            goto fail;
        CUFFT_CHECK(api.cufftSetWorkArea(p->handle, work->ptr));
    }
    memset(idx, 0, sizeof idx);
    for (;;) {
        long long oi = 0, oo = 0;
        for (k = 0; k < L->nloops; k++) {
            oi += idx[k] * L->loop_i[k];
            oo += idx[k] * L->loop_o[k];
        }
        cufft_result r = api.cufftXtExec(p->handle,
                                         x->data + oi * gpa_itemsize(x),
                                         y->data + oo * gpa_itemsize(y), dir);
        if (r != 0 && first && refusal(r)) {
            /* cuFFT checks some layouts (a real side at an odd offset or
             * stride, seen on the H200) only here: nothing was written,
             * so the caller stages the arrays as for a refused plan. */
            exec_refused = 1;
            goto fail;
        }
        if (r != 0) {
            fft_raise(r, "cufftXtExec", __FILE__, __LINE__);
            goto fail;
        }
        first = 0;
        for (k = L->nloops - 1; k >= 0; k--) {
            if (++idx[k] < L->loop_n[k])
                break;
            idx[k] = 0;
        }
        if (k < 0)
            break;
    }
    gpa_mem_decref(work);
    return 0;
fail:
    gpa_mem_decref(work);
    return -1;
}

/* _fft_exec(x, y, axes, kind, forward[, strict]): the unnormalised
 * transform of x into y (out of place; C2R may overwrite x).  cuda: runs
 * it, returns None.  host: returns the layout dict for _host.py to run.
 * False (and nothing run) when the layout can't describe the arrays, or,
 * unless strict, cuFFT refused to plan it: the caller stages the arrays
 * in C order and calls again with strict=True. */
PyObject *
gpa_py_fft_exec(PyObject *self, PyObject *args)
{
    PyObject *xo, *yo, *axes;
    gpa_fft_layout L;
    gpa_fft_plan *p = NULL;
    gpa_array *x, *y;
    int kind, forward, rc, prec, strict = 0;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "OOOip|p", &xo, &yo, &axes, &kind, &forward,
                          &strict))
        return NULL;
    rc = gpa_fft_layout_from_args(xo, yo, axes, kind, &L);
    if (rc < 0)
        return NULL;
    if (rc == 0)
        Py_RETURN_FALSE;
    x = (gpa_array *)xo;
    y = (gpa_array *)yo;
    prec = gpa_type_num(x) == NPY_FLOAT || gpa_type_num(x) == NPY_CFLOAT
           ? 4 : 8;
    if (x->dev->kind != GPA_DEVICE_CUDA) {
        if (gpa_fft_cache_get(0, &L, prec, NULL) == NULL)
            return NULL;
        return gpa_fft_layout_dict(&L, axes);
    }
    if (L.batch == 0)
        Py_RETURN_NONE;
    if (x->dev->ordinal >= GPA_FFT_MAX_DEVICES) {
        PyErr_SetString(PyExc_ValueError, "FFT: device ordinal too large");
        return NULL;
    }
    if (cufft_get() == NULL || gpa_cuda_activate(x->dev) < 0)
        return NULL;
    plan_refused = 0;
    p = gpa_fft_cache_get(x->dev->ordinal + 1, &L, prec, make_cufft_plan);
    if (p == NULL && plan_refused && !strict) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    if (p == NULL)
        return NULL;
    exec_refused = 0;
    rc = run_cufft(x->dev, p, &L, x, y, forward);
    if (!p->cached)
        gpa_fft_plan_release(p);
    if (rc < 0 && exec_refused && !strict)
        Py_RETURN_FALSE;
    if (rc < 0 && exec_refused)
        PyErr_SetString(PyExc_RuntimeError,
                        "cufftXtExec refused the staged arrays");
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _fft_symbols(): the cuFFT entry points the cuda backend calls. */
PyObject *
gpa_py_fft_symbols(PyObject *self, PyObject *noargs)
{
    PyObject *t = PyTuple_New(NSYMS);
    size_t i;

    GPA_UNUSED(self);
    GPA_UNUSED(noargs);
    for (i = 0; t != NULL && i < NSYMS; i++) {
        PyObject *s = PyUnicode_FromString(cufft_syms[i].name);
        if (s == NULL) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, s);
    }
    return t;
}

/* _fft_check_library(path or None): opens the library (None: the search
 * of gpa_mathlib_open) and resolves every entry point into a scratch
 * table (nothing is called: no GPU needed).  Returns the sonames the
 * search tries; ImportError naming what is missing. */
PyObject *
gpa_py_fft_check_library(PyObject *self, PyObject *args)
{
    PyObject *path = Py_None;
    cufft_api scratch;
    const char *missing;
    void *h;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "|O", &path))
        return NULL;
    if (path == Py_None)
        h = gpa_mathlib_open("cuFFT", cufft_sonames,
                             "nvidia-cufft (CUDA 13) or nvidia-cufft-cu12");
    else {
        const char *s = PyUnicode_AsUTF8(path);
        if (s == NULL)
            return NULL;
        h = dlopen(s, RTLD_NOW | RTLD_LOCAL);
        if (h == NULL) {
            const char *e = dlerror();
            PyErr_Format(PyExc_ImportError, "cannot open %s: %s", s,
                         e ? e : "no reason given");
        }
    }
    if (h == NULL)
        return NULL;
    missing = resolve(h, &scratch);
    if (missing != NULL) {
        PyErr_Format(PyExc_ImportError, "cuFFT library lacks %s", missing);
        return NULL;
    }
    return Py_BuildValue("(ss)", cufft_sonames[0], cufft_sonames[1]);
}

/* _fft_constants(): the cuFFT / CUDA enum values declared here, for the
 * test that checks them against the toolkit's headers.  New reference. */
PyObject *
gpa_py_fft_constants(PyObject *self, PyObject *noargs)
{
    PyObject *names = PyTuple_New(NRESULTS);
    size_t i;

    GPA_UNUSED(self);
    GPA_UNUSED(noargs);
    for (i = 0; names != NULL && i < NRESULTS; i++) {
        PyObject *o = PyUnicode_FromString(result_names[i]);
        if (o == NULL) {
            Py_CLEAR(names);
            break;
        }
        PyTuple_SET_ITEM(names, i, o);
    }
    if (names == NULL)
        return NULL;
    return Py_BuildValue("{s:i,s:i,s:i,s:i,s:i,s:i,s:N}", "CUDA_R_32F",
                         CU_R_32F, "CUDA_R_64F", CU_R_64F, "CUDA_C_32F",
                         CU_C_32F, "CUDA_C_64F", CU_C_64F, "CUFFT_FORWARD",
                         CUFFT_FWD, "CUFFT_INVERSE", CUFFT_INV, "results",
                         names);
}
