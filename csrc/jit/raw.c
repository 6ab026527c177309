/* raw.c - user CUDA source as written: the C half of RawModule and
 * RawKernel (gpuarray/kernels/raw.py holds the Python half: argument packing and,
 * on host, the shim and launchers around the user's kernels).
 *
 *   _raw_module(source, options) -> module capsule (current device)
 *   _raw_function(module, name)  -> function capsule
 *   _raw_launch(function, grid, block, params, shared_mem)
 *
 * params: one bytes object per kernel parameter, its value as the kernel
 * reads it (a device pointer, or a scalar's bytes).  On host the launcher
 * also gets the block shape and dynamic shared memory size, as one more
 * argument after the kernel's own.
 */
#include "jit/jit.h"
#include "python/module_functions.h"
#include "runtime/backend.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_RAW_PARAMS 256
#define MAX_RAW_OPTIONS 64

typedef struct {
    gpa_device *dev;
    void *fn;
    gpa_module *module; /* a reference: fn lives in it */
    /* host: {parameter count, sizeof each} from the module, or NULL */
    const unsigned long long *sizes;
} raw_function;

/* What a host launcher reads after the kernel's parameters
 * (gpuarray/kernels/raw.py declares the same struct in the shim). */
typedef struct {
    unsigned bx, by, bz;
    unsigned long long shared_bytes;
    int error; /* set by the shim: 1 barrier deadlock, 2 out of memory */
} raw_host_launch;

static const char *const host_errors[] = {
    "",
    "the threads of a block never met at a barrier (__syncthreads, "
    "__syncwarp or a warp shuffle reached by only some of them)",
    "out of memory for the block's thread stacks",
};

static void raw_function_free(PyObject *cap)
{
    raw_function *f = PyCapsule_GetPointer(cap, "gpuarray.raw_function");
    if (f != NULL)
        gpa_module_decref(f->module);
    free(f);
}

static void raw_module_free(PyObject *cap)
{
    gpa_module_decref(PyCapsule_GetPointer(cap, "gpuarray.raw_module"));
}

PyObject *gpa_py_raw_module(PyObject *self, PyObject *args)
{
    const char *source;
    PyObject *options, *seq = NULL;
    const char *opts[MAX_RAW_OPTIONS];
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "sO:_raw_module", &source, &options))
        return NULL;
    seq = PySequence_Fast(options, "options must be a sequence of str");
    if (seq == NULL)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > MAX_RAW_OPTIONS) {
        PyErr_Format(PyExc_ValueError, "at most %d compiler options",
                     MAX_RAW_OPTIONS);
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        /* borrowed from seq, which outlives the compile */
        opts[i] = PyUnicode_AsUTF8(PySequence_Fast_GET_ITEM(seq, i));
        if (opts[i] == NULL)
            goto fail;
    }
    gpa_device *dev = gpa_current_device();
    if (dev == NULL)
        goto fail;
    gpa_module *m = gpa_jit_load_raw(dev, source, opts, (int)n);
    if (m == NULL)
        goto fail;
    Py_DECREF(seq);
    /* the capsule's own reference: m stays valid whatever the module
     * table does (another thread may record the same key) */
    gpa_module_incref(m);
    PyObject *r = PyCapsule_New(m, "gpuarray.raw_module", raw_module_free);
    if (r == NULL)
        gpa_module_decref(m);
    return r;
fail:
    Py_XDECREF(seq);
    return NULL;
}

PyObject *gpa_py_raw_function(PyObject *self, PyObject *args)
{
    PyObject *cap;
    const char *name;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "Os:_raw_function", &cap, &name))
        return NULL;
    gpa_module *m = PyCapsule_GetPointer(cap, "gpuarray.raw_module");
    if (m == NULL)
        return NULL;
    raw_function *f = malloc(sizeof *f);
    if (f == NULL)
        return PyErr_NoMemory();
    f->dev = gpa_module_device(m);
    f->fn = gpa_module_function(m, name);
    if (f->fn == NULL) {
        free(f);
        return NULL;
    }
    f->sizes = NULL;
    if (f->dev->kind != GPA_DEVICE_CUDA) {
        char sz[512];
        snprintf(sz, sizeof sz, "%s__sizes", name); /* NAME__sizes__host */
        f->sizes = gpa_module_function(m, sz);
        if (f->sizes == NULL)
            PyErr_Clear(); /* a module of before the table: no backstop */
    }
    gpa_module_incref(m);
    f->module = m;
    PyObject *r = PyCapsule_New(f, "gpuarray.raw_function",
                                raw_function_free);
    if (r == NULL) {
        gpa_module_decref(m);
        free(f);
    }
    return r;
}

/* _raw_param_sizes(function) -> (sizeof each parameter) from a host
 * module, or None (cuda: the driver knows, we don't). */
PyObject *gpa_py_raw_param_sizes(PyObject *self, PyObject *cap)
{
    GPA_UNUSED(self);
    raw_function *f = PyCapsule_GetPointer(cap, "gpuarray.raw_function");
    if (f == NULL)
        return NULL;
    if (f->sizes == NULL)
        Py_RETURN_NONE;
    if (f->sizes[0] > MAX_RAW_PARAMS) {
        PyErr_SetString(PyExc_ValueError, "too many kernel parameters");
        return NULL;
    }
    Py_ssize_t n = (Py_ssize_t)f->sizes[0];
    PyObject *t = PyTuple_New(n);
    for (Py_ssize_t i = 0; t != NULL && i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(f->sizes[1 + i]);
        if (v == NULL) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, v); /* steals v */
    }
    return t;
}

/* A (x, y, z) tuple of positive ints into d, within CUDA's limits
 * (grid: x < 2**31, y and z <= 65535; block: 1024 x 1024 x 64 and 1024
 * threads in all): then a grid's block count fits 64 bits, and what one
 * device refuses the other does too. */
static int parse_dim3(PyObject *t, const char *what, gpa_dim3 *d)
{
    static const long long grid_max[3] = {0x7fffffffLL, 65535, 65535};
    static const long long block_max[3] = {1024, 1024, 64};
    const long long *hi = what[0] == 'g' ? grid_max : block_max;
    unsigned v[3] = {1, 1, 1};
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) < 1 ||
        PyTuple_GET_SIZE(t) > 3) {
        PyErr_Format(PyExc_ValueError, "%s must be a tuple of 1 to 3 ints",
                     what);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++) {
        long long x = PyLong_AsLongLong(PyTuple_GET_ITEM(t, i));
        if (x == -1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_OverflowError))
                return -1;
            PyErr_Clear();
            x = LLONG_MAX;
        }
        if (x < 1 || x > hi[i]) {
            PyErr_Format(PyExc_ValueError,
                         "%s dimension %c must be in 1..%lld, got %lld", what,
                         "xyz"[i], hi[i], x);
            return -1;
        }
        v[i] = (unsigned)x;
    }
    if (what[0] == 'b' && (unsigned long long)v[0] * v[1] * v[2] > 1024) {
        PyErr_Format(PyExc_ValueError,
                     "a block has at most 1024 threads, got %u x %u x %u",
                     v[0], v[1], v[2]);
        return -1;
    }
    d->x = v[0];
    d->y = v[1];
    d->z = v[2];
    return 0;
}

PyObject *gpa_py_raw_launch(PyObject *self, PyObject *args)
{
    PyObject *cap, *gridt, *blockt, *params;
    unsigned long long shared = 0;
    void *argv[MAX_RAW_PARAMS + 1];
    gpa_dim3 grid, block;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "OOOO!K:_raw_launch", &cap, &gridt, &blockt,
                          &PyTuple_Type, &params, &shared))
        return NULL;
    raw_function *f = PyCapsule_GetPointer(cap, "gpuarray.raw_function");
    if (f == NULL || parse_dim3(gridt, "grid", &grid) < 0 ||
        parse_dim3(blockt, "block", &block) < 0)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(params);
    if (n > MAX_RAW_PARAMS) {
        PyErr_Format(PyExc_ValueError, "at most %d kernel arguments",
                     MAX_RAW_PARAMS);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *b = PyTuple_GET_ITEM(params, i); /* borrowed */
        if (!PyBytes_Check(b)) {
            PyErr_SetString(PyExc_TypeError, "_raw_launch: params are bytes");
            return NULL;
        }
        argv[i] = PyBytes_AS_STRING(b);
    }
    int host = f->dev->kind != GPA_DEVICE_CUDA;
    raw_host_launch hl = {block.x, block.y, block.z, shared, 0};
    if (host && f->sizes != NULL) {
        /* the launcher reads sizes[1 + i] bytes of parameter i */
        if ((unsigned long long)n != f->sizes[0]) {
            PyErr_Format(PyExc_TypeError,
                         "the kernel takes %llu arguments (%zd given)",
                         f->sizes[0], n);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_ssize_t got = PyBytes_GET_SIZE(PyTuple_GET_ITEM(params, i));
            if ((unsigned long long)got < f->sizes[1 + i]) {
                PyErr_Format(PyExc_TypeError,
                             "kernel argument %zd: %zd bytes for a "
                             "parameter of %llu", i, got, f->sizes[1 + i]);
                return NULL;
            }
        }
    }
    if (host)
        argv[n] = &hl;
    if (shared > 0xffffffffULL) {
        PyErr_SetString(PyExc_ValueError, "shared_mem is too large");
        return NULL;
    }
    if (f->dev->be->launch(f->dev, f->fn, grid, block, (unsigned)shared,
                           f->dev->stream, argv) < 0)
        return NULL;
    if (host && hl.error) {
        PyErr_Format(PyExc_RuntimeError, "kernel failed on the host device: %s",
                     host_errors[hl.error == 1 ? 1 : 2]);
        return NULL;
    }
    Py_RETURN_NONE;
}
