/* cuda_loader.c - opens libcuda and libnvrtc with dlopen and fills the
 * tables of cuda_api.h with dlsym (DESIGN.md decision 2: nothing links
 * against CUDA, and `import gpuarray` works where CUDA is absent).
 *
 * Note [Process-wide CUDA tables]: the two tables, their library handles
 * and the message saying why loading failed live in file-level statics,
 * the one exception to "state lives in module state" (STYLE.md habit 3).
 * CUDA itself is process-wide: a library dlopened twice is the same
 * mapping, cuInit is process-wide, and the primary contexts are shared by
 * every library in the process (CuPy, PyTorch), so a per-module copy
 * would only pretend to isolate anything.  The handles are never closed:
 * the driver must outlive every context, pointer and module we made.
 *
 * The driver is loaded once under pthread_once, so gpa_cuda_api_try may
 * be called from any thread.  NVRTC is loaded under the GIL (its search
 * asks Python where the nvidia pip wheels live); gpa_nvrtc_api_get must be
 * called with the GIL held.  Both remember a failure: a library that was
 * missing at the first try is reported missing for the process's life.
 *
 * Note [Versioned driver symbols]: several entry points changed their
 * signature over CUDA's history and the driver keeps the old ones under
 * the plain name (cuMemAlloc took a 32-bit size).  cuda.h maps the plain
 * names to the current versions with #defines; we cannot include it, so
 * the table below names the exported symbol itself (cuMemAlloc_v2, ...),
 * checked against `nm -D` of CUDA 13.0's libcuda stub and cuda.h.  A
 * plain name is only ever a fallback where the signature is identical
 * (cuEventElapsedTime_v2 exists from CUDA 12.8 on).
 */
#include "common.h"
#include "runtime/cuda_api.h"

#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* One symbol of a table: the exported name, an optional older name with
 * the same signature, and where its pointer goes in the table. */
typedef struct {
    const char *name;
    const char *alt;
    size_t offset;
} gpa_sym;

/* dlsym hands back data pointers; POSIX guarantees they convert to
 * function pointers, which needs the two to have one size. */
typedef char gpa_fnptr_size_check[sizeof(void (*)(void)) == sizeof(void *)
                                  ? 1 : -1];

#define DRV(field, name) {name, NULL, offsetof(gpa_cuda_api, field)}
#define DRV_ALT(field, name, alt) {name, alt, offsetof(gpa_cuda_api, field)}

static const gpa_sym driver_syms[] = {
    DRV(cuInit, "cuInit"),
    DRV(cuDriverGetVersion, "cuDriverGetVersion"),
    DRV(cuGetErrorName, "cuGetErrorName"),
    DRV(cuGetErrorString, "cuGetErrorString"),
    DRV(cuDeviceGetCount, "cuDeviceGetCount"),
    DRV(cuDeviceGet, "cuDeviceGet"),
    DRV(cuDeviceGetName, "cuDeviceGetName"),
    DRV(cuDeviceGetAttribute, "cuDeviceGetAttribute"),
    DRV(cuDeviceTotalMem, "cuDeviceTotalMem_v2"),
    DRV(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
    DRV(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"),
    DRV(cuCtxSetCurrent, "cuCtxSetCurrent"),
    DRV(cuCtxGetCurrent, "cuCtxGetCurrent"),
    /* cuCtxSynchronize_v2 (CUDA 12.9+) takes a context: not ours. */
    DRV(cuCtxSynchronize, "cuCtxSynchronize"),
    DRV(cuMemAlloc, "cuMemAlloc_v2"),
    DRV(cuMemFree, "cuMemFree_v2"),
    DRV(cuMemGetInfo, "cuMemGetInfo_v2"),
    DRV(cuMemHostAlloc, "cuMemHostAlloc"),
    DRV(cuMemFreeHost, "cuMemFreeHost"),
    DRV(cuMemHostRegister, "cuMemHostRegister_v2"),
    DRV(cuMemHostUnregister, "cuMemHostUnregister"),
    DRV(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
    DRV(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
    DRV(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2"),
    DRV(cuMemcpyHtoD, "cuMemcpyHtoD_v2"),
    DRV(cuMemcpyDtoH, "cuMemcpyDtoH_v2"),
    /* cuMemsetD8 has a _v2; cuMemsetD8Async never had one. */
    DRV(cuMemsetD8Async, "cuMemsetD8Async"),
    DRV(cuPointerGetAttribute, "cuPointerGetAttribute"),
    DRV(cuStreamCreate, "cuStreamCreate"),
    DRV(cuStreamCreateWithPriority, "cuStreamCreateWithPriority"),
    DRV(cuStreamDestroy, "cuStreamDestroy_v2"),
    DRV(cuStreamSynchronize, "cuStreamSynchronize"),
    DRV(cuStreamWaitEvent, "cuStreamWaitEvent"),
    DRV(cuEventCreate, "cuEventCreate"),
    DRV(cuEventDestroy, "cuEventDestroy_v2"),
    DRV(cuEventRecord, "cuEventRecord"),
    DRV(cuEventSynchronize, "cuEventSynchronize"),
    DRV(cuEventQuery, "cuEventQuery"),
    DRV(cuStreamQuery, "cuStreamQuery"),
    DRV_ALT(cuEventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime"),
    DRV(cuModuleLoadData, "cuModuleLoadData"),
    DRV(cuModuleUnload, "cuModuleUnload"),
    DRV(cuModuleGetFunction, "cuModuleGetFunction"),
    DRV(cuFuncSetAttribute, "cuFuncSetAttribute"),
    DRV(cuLaunchKernel, "cuLaunchKernel"),
    DRV(cuMemcpyPeerAsync, "cuMemcpyPeerAsync"),
};

#define RTC(field) {#field, NULL, offsetof(gpa_nvrtc_api, field)}

static const gpa_sym nvrtc_syms[] = {
    RTC(nvrtcGetErrorString),
    RTC(nvrtcVersion),
    RTC(nvrtcCreateProgram),
    RTC(nvrtcDestroyProgram),
    RTC(nvrtcCompileProgram),
    RTC(nvrtcGetProgramLogSize),
    RTC(nvrtcGetProgramLog),
    RTC(nvrtcGetCUBINSize),
    RTC(nvrtcGetCUBIN),
    RTC(nvrtcGetPTXSize),
    RTC(nvrtcGetPTX),
};

#define NSYMS(a) (sizeof(a) / sizeof((a)[0]))

/* Note [Process-wide CUDA tables] */
static pthread_once_t driver_once = PTHREAD_ONCE_INIT;
static int driver_ok;             /* written only inside driver_once */
static gpa_cuda_api driver_api;
static char driver_msg[512];

static int nvrtc_state;           /* 0 untried, 1 loaded, -1 failed; GIL */
static gpa_nvrtc_api nvrtc_api;
static char nvrtc_msg[1024];

/* Fills `table` from `h`.  0, or -1 with *missing set to the first name
 * that the library does not export. */
static int
resolve(void *h, const gpa_sym *syms, size_t n, void *table,
        const char **missing)
{
    size_t i;

    for (i = 0; i < n; i++) {
        void *p = dlsym(h, syms[i].name);
        if (p == NULL && syms[i].alt != NULL)
            p = dlsym(h, syms[i].alt);
        if (p == NULL) {
            *missing = syms[i].name;
            return -1;
        }
        memcpy((char *)table + syms[i].offset, &p, sizeof p);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* The driver                                                          */

static void
driver_load_once(void)
{
    static const char *const names[] = {"libcuda.so.1", "libcuda.so"};
    const char *missing = NULL, *ename = NULL, *edesc = NULL;
    char why[256] = "";
    void *h = NULL;
    CUresult err;
    size_t i;

    for (i = 0; i < NSYMS(names) && h == NULL; i++) {
        h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (h == NULL && i == 0) {
            /* dlerror's text lives only until the next dlopen: copy it */
            const char *e = dlerror();
            snprintf(why, sizeof why, "%s", e ? e : "no reason given");
        }
    }
    if (h == NULL) {
        snprintf(driver_msg, sizeof driver_msg,
                 "CUDA is not available: libcuda.so.1 not found (%s). "
                 "Install the NVIDIA driver (CUDA needs an NVIDIA GPU and "
                 "its driver), or use the host device "
                 "(GPUARRAY_DEVICE=host).", why);
        return;
    }
    if (resolve(h, driver_syms, NSYMS(driver_syms), &driver_api,
                &missing) < 0) {
        snprintf(driver_msg, sizeof driver_msg,
                 "CUDA is not available: the NVIDIA driver's libcuda.so.1 "
                 "lacks %s, so it is too old: update the NVIDIA driver.",
                 missing);
        dlclose(h);
        return;
    }
    /* From here on the handle stays open, whatever happens: cuInit may
     * have started driver threads. */
    err = driver_api.cuInit(0);
    if (err == GPA_CUDA_ERROR_STUB_LIBRARY) {
        snprintf(driver_msg, sizeof driver_msg,
                 "CUDA is not available: the libcuda.so found is the CUDA "
                 "toolkit's stub, not the driver. Install the NVIDIA driver, "
                 "or take the stubs folder off LD_LIBRARY_PATH; or use the "
                 "host device (GPUARRAY_DEVICE=host).");
        return;
    }
    if (err != GPA_CUDA_SUCCESS) {
        if (driver_api.cuGetErrorName(err, &ename) != GPA_CUDA_SUCCESS)
            ename = NULL;
        if (driver_api.cuGetErrorString(err, &edesc) != GPA_CUDA_SUCCESS)
            edesc = NULL;
        snprintf(driver_msg, sizeof driver_msg,
                 "CUDA is not available: cuInit failed with %s (%s), error "
                 "%d. Check that an NVIDIA GPU is visible (nvidia-smi) and "
                 "that the driver is not older than the CUDA it serves; or "
                 "use the host device (GPUARRAY_DEVICE=host).",
                 ename ? ename : "an unknown error",
                 edesc ? edesc : "no description", (int)err);
        return;
    }
    driver_ok = 1;
}

/* Borrowed; NULL (no exception) when CUDA is absent. */
const gpa_cuda_api *
gpa_cuda_api_try(void)
{
    if (pthread_once(&driver_once, driver_load_once) != 0)
        return NULL;
    return driver_ok ? &driver_api : NULL;
}

/* Borrowed; NULL with RuntimeError naming what is missing. */
const gpa_cuda_api *
gpa_cuda_api_get(void)
{
    const gpa_cuda_api *api = gpa_cuda_api_try();

    if (api == NULL)
        PyErr_SetString(PyExc_RuntimeError,
                        driver_msg[0] ? driver_msg
                                      : "CUDA is not available: the driver "
                                        "could not be loaded.");
    return api;
}

int
gpa_cuda_raise(CUresult err, const char *call, const char *file, int line)
{
    const gpa_cuda_api *api = gpa_cuda_api_try();
    const char *ename = NULL, *edesc = NULL;
    PyObject *type;
    char fn[64];
    size_t len;

    /* `call` is the checked expression, "cuMemAlloc(&p, n)": keep the
     * function's name. */
    len = strcspn(call, "( ");
    if (len >= sizeof fn)
        len = sizeof fn - 1;
    memcpy(fn, call, len);
    fn[len] = '\0';

    if (api != NULL) {
        if (api->cuGetErrorName(err, &ename) != GPA_CUDA_SUCCESS)
            ename = NULL;
        if (api->cuGetErrorString(err, &edesc) != GPA_CUDA_SUCCESS)
            edesc = NULL;
    }
    type = err == GPA_CUDA_ERROR_OUT_OF_MEMORY ? PyExc_MemoryError
                                               : PyExc_RuntimeError;
    if (ename != NULL)
        PyErr_Format(type, "%s failed: %s (%s) at %s:%d", fn, ename,
                     edesc ? edesc : "no description", file, line);
    else
        PyErr_Format(type, "%s failed: CUDA error %d at %s:%d", fn,
                     (int)err, file, line);
    return GPA_ERR;
}

/* ------------------------------------------------------------------ */
/* NVRTC                                                               */

/* Note [Choosing an NVRTC]: a cubin made by NVRTC of a newer major
 * version than the driver supports does not load, so where the driver is
 * present, an NVRTC newer than it is kept only as a last resort.  Where
 * no driver is present (CI), any NVRTC will do: it only compiles. */

typedef struct {
    void *h;         /* libnvrtc, owned until kept */
    void *builtins;  /* libnvrtc-builtins preloaded beside it, or NULL */
    int major;
    char where[512];
} nvrtc_candidate;

static void
candidate_close(nvrtc_candidate *c)
{
    if (c->h != NULL)
        dlclose(c->h);
    if (c->builtins != NULL)
        dlclose(c->builtins);
    c->h = c->builtins = NULL;
}

/* NVRTC opens libnvrtc-builtins by its plain name when it first compiles;
 * where libnvrtc came from a folder the loader does not search (the pip
 * wheels, a toolkit off the search path), we load it first from the same
 * folder, and the later dlopen by soname finds the loaded copy.  Returns
 * the handle or NULL (then NVRTC looks for itself). */
static void *
preload_builtins(const char *dir, int major)
{
    char prefix[64], path[1024];
    struct dirent *e;
    void *h = NULL;
    DIR *d;

    snprintf(prefix, sizeof prefix, "libnvrtc-builtins.so.%d.", major);
    d = opendir(dir);
    if (d == NULL)
        return NULL;
    while (h == NULL && (e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0)
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name)
            >= (int)sizeof path)
            continue;
        h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    }
    closedir(d);
    return h;
}

/* Tries one library: `dir` NULL for a plain name that the dynamic loader
 * searches, else a folder.  1: loaded, *c filled (and nvrtc_api, from
 * it); 0: absent or unusable (nvrtc_msg may say why). */
static int
try_nvrtc(const char *dir, const char *file, nvrtc_candidate *c)
{
    const char *missing = NULL;
    int vmaj = 0, vmin = 0;

    memset(c, 0, sizeof *c);
    if (dir == NULL)
        snprintf(c->where, sizeof c->where, "%s", file);
    else if (snprintf(c->where, sizeof c->where, "%s/%s", dir, file)
             >= (int)sizeof c->where)
        return 0;
    c->h = dlopen(c->where, RTLD_NOW | RTLD_LOCAL);
    if (c->h == NULL)
        return 0;
    if (resolve(c->h, nvrtc_syms, NSYMS(nvrtc_syms), &nvrtc_api,
                &missing) < 0) {
        snprintf(nvrtc_msg, sizeof nvrtc_msg,
                 "%s lacks %s: this NVRTC is too old; install the CUDA "
                 "toolkit 12 or newer, or `pip install nvidia-cuda-nvrtc`.",
                 c->where, missing);
        candidate_close(c);
        return 0;
    }
    if (nvrtc_api.nvrtcVersion(&vmaj, &vmin) != 0) {
        candidate_close(c);
        return 0;
    }
    c->major = vmaj;
    if (dir != NULL)
        c->builtins = preload_builtins(dir, vmaj);
    return 1;
}

/* A new list of the folders to search after the loader's path: those of
 * the nvidia pip wheels, <site>/nvidia/cu13/lib (CUDA 13) and
 * <site>/nvidia/cuda_nvrtc/lib (CUDA 12), then the toolkit's usual
 * folder.  NULL only when Python is out of memory.  Finding the wheels is
 * best effort: a Python error there is cleared and they are skipped. */
static PyObject *
search_dirs(void)
{
    PyObject *out = NULL, *util = NULL, *spec = NULL, *locs = NULL;
    PyObject *it = NULL, *loc = NULL, *d = NULL;

    out = PyList_New(0);
    if (out == NULL)
        goto fail;
    util = PyImport_ImportModule("importlib.util");
    if (util != NULL)
        spec = PyObject_CallMethod(util, "find_spec", "s", "nvidia");
    if (spec != NULL && spec != Py_None)
        locs = PyObject_GetAttrString(spec, "submodule_search_locations");
    if (locs != NULL && locs != Py_None)
        it = PyObject_GetIter(locs);
    while (it != NULL && (loc = PyIter_Next(it)) != NULL) {
        if (PyUnicode_Check(loc)) {
            d = PyUnicode_FromFormat("%U/cu13/lib", loc);
            if (d != NULL && PyList_Append(out, d) < 0)
                goto fail;
            Py_XSETREF(d, PyUnicode_FromFormat("%U/cuda_nvrtc/lib", loc));
            if (d != NULL && PyList_Append(out, d) < 0)
                goto fail;
            Py_CLEAR(d);
        }
        Py_CLEAR(loc);
    }
    PyErr_Clear(); /* the wheels are optional */
    d = PyUnicode_FromString("/usr/local/cuda/lib64");
    if (d == NULL || PyList_Append(out, d) < 0)
        goto fail;
    goto done;
fail:
    Py_CLEAR(out);
    PyErr_Clear();
done:
    Py_XDECREF(d);
    Py_XDECREF(loc);
    Py_XDECREF(it);
    Py_XDECREF(locs);
    Py_XDECREF(spec);
    Py_XDECREF(util);
    return out;
}

/* Loads NVRTC into nvrtc_api (GIL held).  1 loaded, -1 failed with
 * nvrtc_msg set; no exception either way. */
static int
nvrtc_load(void)
{
    static const char *const files[] = {"libnvrtc.so.13", "libnvrtc.so.12",
                                        "libnvrtc.so"};
    const gpa_cuda_api *drv = gpa_cuda_api_try();
    const char *missing = NULL;
    nvrtc_candidate keep, c;
    PyObject *dirs = NULL;
    int driver_major = 0, version = 0, suits = 0;
    Py_ssize_t i, ndirs;
    size_t k;

    memset(&keep, 0, sizeof keep);
    nvrtc_msg[0] = '\0';
    if (drv != NULL && drv->cuDriverGetVersion(&version) == GPA_CUDA_SUCCESS)
        driver_major = version / 1000;
    dirs = search_dirs();
    ndirs = dirs != NULL ? PyList_GET_SIZE(dirs) : 0;

    /* i == -1: the plain names, searched by the dynamic loader. */
    for (i = -1; i < ndirs && !suits; i++) {
        const char *dir = NULL;
        if (i >= 0 && (dir = PyUnicode_AsUTF8(PyList_GET_ITEM(dirs, i)))
                      == NULL) {
            PyErr_Clear();
            continue;
        }
        for (k = 0; k < NSYMS(files) && !suits; k++) {
            if (!try_nvrtc(dir, files[k], &c))
                continue;
            suits = driver_major == 0 || c.major <= driver_major;
            if (suits || keep.h == NULL) {
                candidate_close(&keep);
                keep = c;
            }
            else {
                candidate_close(&c);
            }
        }
    }
    Py_XDECREF(dirs);

    if (keep.h == NULL) {
        if (nvrtc_msg[0] == '\0')
            snprintf(nvrtc_msg, sizeof nvrtc_msg,
                     "libnvrtc not found (tried libnvrtc.so.13, "
                     "libnvrtc.so.12 and libnvrtc.so on the library search "
                     "path, in the nvidia pip wheels and in "
                     "/usr/local/cuda/lib64): install the CUDA toolkit, or "
                     "`pip install nvidia-cuda-nvrtc` (CUDA 13; "
                     "nvidia-cuda-nvrtc-cu12 for CUDA 12).");
        return -1;
    }
    /* The table may hold a later, rejected candidate's pointers: fill it
     * again from the one we keep.  `keep` stays open for the process's
     * life (Note [Process-wide CUDA tables]). */
    if (resolve(keep.h, nvrtc_syms, NSYMS(nvrtc_syms), &nvrtc_api,
                &missing) < 0) {
        snprintf(nvrtc_msg, sizeof nvrtc_msg, "%s lacks %s", keep.where,
                 missing);
        candidate_close(&keep);
        return -1;
    }
    return 1;
}

/* Borrowed; NULL with RuntimeError naming what is missing (GIL held). */
const gpa_nvrtc_api *
gpa_nvrtc_api_get(void)
{
    if (nvrtc_state == 0)
        nvrtc_state = nvrtc_load();
    if (nvrtc_state > 0)
        return &nvrtc_api;
    PyErr_SetString(PyExc_RuntimeError, nvrtc_msg);
    return NULL;
}
