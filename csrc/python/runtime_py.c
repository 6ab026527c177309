/* runtime_py.c - the runtime's module-level functions (devices, pools,
 * synchronisation), wrapped by gpuarray/cuda.py and gpuarray/_memory.py.
 */
#include "python/module_functions.h"
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/transfer.h"

PyObject *gpa_py_device_count(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    return PyLong_FromLong(gpa_cuda_device_count());
}

PyObject *gpa_py_default_kind(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    return PyUnicode_FromString(gpa_default_is_host() ? "host" : "cuda");
}

/* _set_device(ordinal or -1) -> previous ordinal (-1: none chosen). */
PyObject *gpa_py_set_device(PyObject *self, PyObject *arg)
{
    GPA_UNUSED(self);
    int prev = gpa_get_current_cuda_ordinal();
    long ordinal = PyLong_AsLong(arg);
    if (ordinal == -1 && PyErr_Occurred())
        return NULL;
    if (ordinal >= 0 && gpa_cuda_device((int)ordinal) == NULL)
        return NULL;
    gpa_set_current_cuda_ordinal((int)ordinal);
    return PyLong_FromLong(prev);
}

PyObject *gpa_py_get_device(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    gpa_device *dev = gpa_current_device();
    if (dev == NULL)
        return NULL;
    return Py_BuildValue("si", dev->kind == GPA_DEVICE_CUDA ? "cuda" : "host",
                         dev->ordinal);
}

PyObject *gpa_py_device_info(PyObject *self, PyObject *arg)
{
    GPA_UNUSED(self);
    long ordinal = PyLong_AsLong(arg);
    if (ordinal == -1 && PyErr_Occurred())
        return NULL;
    gpa_device *dev = gpa_cuda_device((int)ordinal);
    if (dev == NULL)
        return NULL;
    return Py_BuildValue("{s:s,s:(ii),s:i,s:i,s:n}", "name", dev->name,
                         "compute_capability", dev->cc_major, dev->cc_minor,
                         "multiprocessor_count", dev->sm_count,
                         "max_threads_per_block", dev->max_threads_per_block,
                         "total_memory", (Py_ssize_t)dev->total_memory);
}

PyObject *gpa_py_synchronize(PyObject *self, PyObject *args)
{
    GPA_UNUSED(self);
    const char *kind = NULL;
    int ordinal = 0;
    if (!PyArg_ParseTuple(args, "|zi:_synchronize", &kind, &ordinal))
        return NULL;
    gpa_device *dev = gpa_device_named(kind, ordinal);
    if (dev == NULL)
        return NULL;
    if (dev->be->synchronize(dev) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyObject *gpa_py_pool_stats(PyObject *self, PyObject *args)
{
    GPA_UNUSED(self);
    const char *kind = NULL;
    int ordinal = 0;
    if (!PyArg_ParseTuple(args, "|zi:_pool_stats", &kind, &ordinal))
        return NULL;
    gpa_device *dev = gpa_device_named(kind, ordinal);
    if (dev == NULL)
        return NULL;
    return Py_BuildValue("{s:n,s:n,s:n,s:K,s:n}", "used_bytes",
                         (Py_ssize_t)gpa_pool_used_bytes(dev), "total_bytes",
                         (Py_ssize_t)gpa_pool_total_bytes(dev), "free_blocks",
                         (Py_ssize_t)gpa_pool_n_free_blocks(dev),
                         "driver_allocations", gpa_pool_driver_allocs(dev),
                         "limit", (Py_ssize_t)gpa_pool_get_limit(dev));
}

PyObject *gpa_py_pool_free_all(PyObject *self, PyObject *args)
{
    GPA_UNUSED(self);
    const char *kind = NULL;
    int ordinal = 0;
    PyObject *handle = Py_None; /* borrowed: None, or a stream's handle */
    if (!PyArg_ParseTuple(args, "|ziO:_pool_free_all", &kind, &ordinal,
                          &handle))
        return NULL;
    void *stream = NULL;
    if (handle != Py_None) {
        stream = PyLong_AsVoidPtr(handle);
        if (stream == NULL && PyErr_Occurred())
            return NULL;
    }
    gpa_device *dev = gpa_device_named(kind, ordinal);
    if (dev == NULL ||
        gpa_pool_free_blocks(dev, handle != Py_None, (gpa_stream)stream) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyObject *gpa_py_pool_set_limit(PyObject *self, PyObject *args)
{
    GPA_UNUSED(self);
    const char *kind = NULL;
    int ordinal = 0;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "nzi:_pool_set_limit", &limit, &kind,
                          &ordinal))
        return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "limit must be non-negative");
        return NULL;
    }
    gpa_device *dev = gpa_device_named(kind, ordinal);
    if (dev == NULL)
        return NULL;
    gpa_pool_set_limit(dev, (size_t)limit);
    Py_RETURN_NONE;
}

PyObject *gpa_py_staging_free(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    gpa_staging_release_all();
    Py_RETURN_NONE;
}

/* _set_allocator(fn or None) / _get_allocator(): gpuarray.cuda.memory. */
PyObject *gpa_py_set_allocator(PyObject *self, PyObject *fn)
{
    GPA_UNUSED(self);
    if (gpa_set_allocator(fn) != GPA_OK)
        return NULL;
    Py_RETURN_NONE;
}

PyObject *gpa_py_get_allocator(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    return gpa_get_allocator();
}

/* _pinned_alloc(nbytes) -> (capsule, address): page-locked host memory of
 * the current device's backend (cuMemHostAlloc on cuda, aligned malloc on
 * host), freed when the capsule dies.  gpuarray/_memory.py wraps it as
 * CuPy's PinnedMemoryPointer. */
#define PINNED_NAME "gpuarray.pinned"

static void pinned_free(PyObject *capsule)
{
    void *ptr = PyCapsule_GetPointer(capsule, PINNED_NAME);
    gpa_device *dev = PyCapsule_GetContext(capsule);
    if (ptr == NULL || dev == NULL) {
        PyErr_WriteUnraisable(capsule);
        return;
    }
    if (dev->be->host_free(dev, ptr) < 0)
        PyErr_WriteUnraisable(capsule);
}

PyObject *gpa_py_pinned_alloc(PyObject *self, PyObject *arg)
{
    GPA_UNUSED(self);
    void *ptr = NULL;
    PyObject *capsule = NULL, *result = NULL;
    Py_ssize_t n = PyNumber_AsSsize_t(arg, PyExc_OverflowError);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (n < 0) {
        PyErr_Format(PyExc_ValueError,
                     "pinned memory size must be non-negative, got %zd", n);
        return NULL;
    }
    gpa_device *dev = gpa_current_device();
    if (dev == NULL)
        return NULL;
    int rc = dev->be->host_alloc(dev, (size_t)n, &ptr);
    if (rc == GPA_OOM) {
        PyErr_Format(PyExc_MemoryError,
                     "out of pinned host memory allocating %zd bytes", n);
        return NULL;
    }
    if (rc != GPA_OK)
        return NULL;
    capsule = PyCapsule_New(ptr, PINNED_NAME, pinned_free);
    if (capsule == NULL) {
        if (dev->be->host_free(dev, ptr) < 0)
            PyErr_WriteUnraisable(NULL);
        return NULL;
    }
    if (PyCapsule_SetContext(capsule, dev) < 0)
        goto fail;   /* cannot happen for a fresh capsule */
    result = Py_BuildValue("(ON)", capsule, PyLong_FromVoidPtr(ptr));
fail:
    Py_DECREF(capsule);   /* the tuple holds it (or it frees the memory) */
    return result;
}
