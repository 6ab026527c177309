/* compile_nvrtc.c - CUDA source to cubin with NVRTC (opened by dlopen).
 * The cubin is built for the device's own architecture (sm_XY), so no
 * PTX is JIT-compiled by the driver at load time. */
#include "jit/compile.h"
#include "jit/jit.h"
#include "runtime/cuda_api.h"

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

int gpa_nvrtc_compile_with(const char *source, int arch,
                           const char *const *user_opts, int n_opts,
                           char **image, size_t *n)
{
    const gpa_nvrtc_api *rtc = gpa_nvrtc_api_get();
    nvrtcProgram prog = NULL;
    char *log = NULL, *out = NULL;
    char archopt[64];
    const char *opts[MAX_NVRTC_OPTS + 1];
    int rc = -1;
    if (rtc == NULL)
        return -1;
    if (n_opts > MAX_NVRTC_OPTS) {
        PyErr_Format(PyExc_ValueError, "at most %d compiler options",
                     MAX_NVRTC_OPTS);
        return -1;
    }
    snprintf(archopt, sizeof archopt, "--gpu-architecture=sm_%d", arch);
    opts[0] = archopt;
    for (int i = 0; i < n_opts; i++)
        opts[i + 1] = user_opts[i];
    nvrtcResult r = rtc->nvrtcCreateProgram(&prog, source, "gpuarray_kernel.cu",
                                            0, NULL, NULL);
    if (r != 0) {
        PyErr_Format(PyExc_RuntimeError, "nvrtcCreateProgram failed: %s",
                     rtc->nvrtcGetErrorString(r));
        return -1;
    }
    nvrtcResult cr;
    Py_BEGIN_ALLOW_THREADS
    cr = rtc->nvrtcCompileProgram(prog, n_opts + 1, opts);
    Py_END_ALLOW_THREADS
    if (cr != 0) {
        size_t ln = 0;
        rtc->nvrtcGetProgramLogSize(prog, &ln);
        log = PyMem_Malloc(ln + 1);
        if (log == NULL) {
            PyErr_NoMemory();
            goto fail;
        }
        log[0] = '\0';
        rtc->nvrtcGetProgramLog(prog, log);
        gpa_raise_compile_error("NVRTC", log, source);
        goto fail;
    }
    size_t sz = 0;
    if ((r = rtc->nvrtcGetCUBINSize(prog, &sz)) != 0 || sz == 0) {
        PyErr_Format(PyExc_RuntimeError, "nvrtcGetCUBINSize failed: %s",
                     rtc->nvrtcGetErrorString(r));
        goto fail;
    }
    out = PyMem_Malloc(sz);
    if (out == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if ((r = rtc->nvrtcGetCUBIN(prog, out)) != 0) {
        PyErr_Format(PyExc_RuntimeError, "nvrtcGetCUBIN failed: %s",
                     rtc->nvrtcGetErrorString(r));
        goto fail;
    }
    *image = out;
    *n = sz;
    out = NULL;
    rc = 0;
fail:
    PyMem_Free(out);
    PyMem_Free(log);
    rtc->nvrtcDestroyProgram(&prog);
    return rc;
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

const gpa_compiler gpa_nvrtc_compiler = {
    .name = "cuda",
    .extension = "cubin",
    .needs_file = 0,
    .describe = nvrtc_describe,
    .compile = nvrtc_compile,
    .compile_raw = nvrtc_compile_raw,
};

/* _core._nvrtc_compile(source, arch) -> bytes: compile with NVRTC, no GPU
 * needed (the prelude is prepended).  For the CI test of CUDA codegen. */
PyObject *gpa_nvrtc_compile_py(PyObject *self, PyObject *args)
{
    const char *src;
    int arch = 90;
    char *image = NULL, *full = NULL;
    size_t n = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "s|i:_nvrtc_compile", &src, &arch))
        return NULL;
    size_t plen = strlen(gpa_prelude()), slen = strlen(src);
    full = PyMem_Malloc(plen + slen + 2);
    if (full == NULL)
        return PyErr_NoMemory();
    memcpy(full, gpa_prelude(), plen);
    full[plen] = '\n';
    memcpy(full + plen + 1, src, slen + 1);
    int rc = gpa_nvrtc_compile_cubin(full, arch, &image, &n);
    PyMem_Free(full);
    if (rc < 0)
        return NULL;
    PyObject *r = PyBytes_FromStringAndSize(image, (Py_ssize_t)n);
    PyMem_Free(image);
    return r;
}
