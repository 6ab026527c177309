/* dlpack.c - DLPack export: ndarray.__dlpack__, __dlpack_device__ and the
 * legacy toDlpack (DESIGN.md decision 7).  The import side is
 * dlpack_import.c; the ABI is declared in dlpack_types.h.
 *
 * Note [DLPack export]:
 *   - One allocation per export: the managed tensor struct followed by
 *     its shape and strides (int64, strides in elements), malloc'ed so
 *     that the deleter can free it without the GIL.
 *   - manager_ctx is a strong reference to the array exported (the array
 *     itself, or the copy made for copy=True / dl_device=kDLCPU), so the
 *     memory outlives the producer for as long as any consumer holds the
 *     tensor.  The deleter drops that reference; it may run on any thread
 *     and after the interpreter has started to shut down, so it takes the
 *     GIL with PyGILState_Ensure and leaks the reference rather than touch
 *     a dead interpreter.
 *   - The capsule is named "dltensor_versioned" (DLPack 1.x, with the
 *     read-only and is-copied flags) when the consumer passes
 *     max_version >= (1, 0), "dltensor" otherwise.  A consumer renames it
 *     "used_..." when it takes ownership; a capsule collected unconsumed
 *     calls the deleter itself.
 *   - A legacy capsule cannot say "read-only", so a read-only array is
 *     only exported versioned (BufferError otherwise), as NumPy does.
 *   - Streams (Note [Interop streams], interop.h): the consumer's stream
 *     is made to wait on ours, so the export itself never blocks the host.
 */
#include "interop/interop.h"
#include "interop/dlpack_types.h"
#include "array/convert.h"
#include "ops/copy.h"

#include <stdlib.h>

#if PY_VERSION_HEX >= 0x030D0000
#define gpa_is_finalizing() Py_IsFinalizing()
#else
#define gpa_is_finalizing() _Py_IsFinalizing()
#endif

/* ---- dtypes and devices ---------------------------------------------- */

static int dl_dtype_of(PyArray_Descr *d, gpa_DLDataType *out)
{
    int t = d->type_num;
    out->bits = (uint8_t)(8 * PyDataType_ELSIZE(d));
    out->lanes = 1;
    if (t == NPY_BOOL)
        out->code = GPA_kDLBool;
    else if (PyTypeNum_ISSIGNED(t))
        out->code = GPA_kDLInt;
    else if (PyTypeNum_ISUNSIGNED(t))
        out->code = GPA_kDLUInt;
    else if (PyTypeNum_ISFLOAT(t))
        out->code = GPA_kDLFloat;
    else if (PyTypeNum_ISCOMPLEX(t))
        out->code = GPA_kDLComplex;
    else {
        PyErr_Format(PyExc_BufferError,
                     "DLPack cannot export dtype %R (DLPack only supports "
                     "signed/unsigned integers, float and complex dtypes)",
                     (PyObject *)d);
        return GPA_ERR;
    }
    return GPA_OK;
}

static gpa_DLDevice dl_device_of(const gpa_array *a)
{
    gpa_DLDevice dev;
    if (a->dev->kind == GPA_DEVICE_CUDA) {
        dev.device_type = GPA_kDLCUDA;
        dev.device_id = a->dev->ordinal;
    } else {
        dev.device_type = GPA_kDLCPU;
        dev.device_id = 0;
    }
    return dev;
}

/* ---- deleters and the capsule destructor ----------------------------- */

/* Drops the reference a managed tensor holds (Note [DLPack export]). */
static void release_manager_ctx(PyObject *ctx)
{
    if (ctx == NULL || !Py_IsInitialized())
        return; /* the interpreter is gone: leak rather than crash */
    if (gpa_is_finalizing() && !PyGILState_Check())
        return; /* another thread cannot take the GIL any more */
    PyGILState_STATE st = PyGILState_Ensure();
    Py_DECREF(ctx);
    PyGILState_Release(st);
}

static void deleter_versioned(gpa_DLManagedTensorVersioned *self)
{
    PyObject *ctx = self->manager_ctx;
    free(self); /* struct, shape and strides: one block */
    release_manager_ctx(ctx);
}

static void deleter_legacy(gpa_DLManagedTensor *self)
{
    PyObject *ctx = self->manager_ctx;
    free(self);
    release_manager_ctx(ctx);
}

/* Runs when the capsule is collected: a consumer that took the tensor
 * renamed it "used_...", and then the tensor is the consumer's to free.
 * Otherwise nobody consumed it, and we call the deleter. */
static void capsule_destructor(PyObject *capsule)
{
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    const char *name = PyCapsule_GetName(capsule);
    if (name != NULL && strcmp(name, GPA_DLPACK_VERSIONED_NAME) == 0) {
        gpa_DLManagedTensorVersioned *m = PyCapsule_GetPointer(capsule, name);
        if (m != NULL && m->deleter != NULL)
            m->deleter(m);
    } else if (name != NULL && strcmp(name, GPA_DLPACK_NAME) == 0) {
        gpa_DLManagedTensor *m = PyCapsule_GetPointer(capsule, name);
        if (m != NULL && m->deleter != NULL)
            m->deleter(m);
    }
    if (PyErr_Occurred())
        PyErr_WriteUnraisable(capsule);
    PyErr_Restore(t, v, tb);
}

/* ---- building the capsule -------------------------------------------- */

/* New reference: a capsule owning a managed tensor over `a`'s memory,
 * whose manager_ctx holds a new reference to a. */
static PyObject *make_capsule(gpa_array *a, int versioned, int copied)
{
    void *block = NULL;
    PyObject *capsule = NULL;
    gpa_DLTensor *t;
    Py_ssize_t itemsize = gpa_itemsize(a);
    int nd = a->nd;
    size_t header = versioned ? sizeof(gpa_DLManagedTensorVersioned)
                              : sizeof(gpa_DLManagedTensor);
    size_t offset = (header + sizeof(int64_t) - 1) / sizeof(int64_t) *
                    sizeof(int64_t);

    block = calloc(1, offset + 2 * (size_t)nd * sizeof(int64_t));
    if (block == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    if (versioned) {
        gpa_DLManagedTensorVersioned *m = block;
        m->version.major = GPA_DLPACK_MAJOR;
        m->version.minor = GPA_DLPACK_MINOR;
        m->manager_ctx = a;
        m->deleter = deleter_versioned;
        m->flags = (a->flags & GPA_WRITEABLE) ? 0 : GPA_DLPACK_FLAG_READ_ONLY;
        if (copied)
            m->flags |= GPA_DLPACK_FLAG_IS_COPIED;
        t = &m->dl_tensor;
    } else {
        gpa_DLManagedTensor *m = block;
        m->manager_ctx = a;
        m->deleter = deleter_legacy;
        t = &m->dl_tensor;
    }
    if (dl_dtype_of(a->descr, &t->dtype) != GPA_OK)
        goto fail;
    t->data = a->data;
    t->byte_offset = 0;
    t->device = dl_device_of(a);
    t->ndim = nd;
    t->shape = nd ? (int64_t *)((char *)block + offset) : NULL;
    t->strides = nd ? t->shape + nd : NULL;
    for (int i = 0; i < nd; i++) {
        if (a->shape[i] > 1 && a->strides[i] % itemsize != 0) {
            PyErr_Format(PyExc_BufferError,
                         "DLPack strides are in elements: cannot export "
                         "stride %zd bytes of a %zd-byte dtype",
                         a->strides[i], itemsize);
            goto fail;
        }
        t->shape[i] = a->shape[i];
        t->strides[i] = a->strides[i] / itemsize;
    }
    capsule = PyCapsule_New(block, versioned ? GPA_DLPACK_VERSIONED_NAME
                                             : GPA_DLPACK_NAME,
                            capsule_destructor);
    if (capsule == NULL)
        goto fail;
    Py_INCREF(a); /* manager_ctx's reference, dropped by the deleter */
    return capsule;
fail:
    free(block);
    return NULL;
}

/* ---- argument parsing ------------------------------------------------ */

static int parse_max_version(PyObject *obj, int *versioned)
{
    *versioned = 0;
    if (obj == Py_None)
        return GPA_OK;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2) {
        PyErr_Format(PyExc_TypeError,
                     "__dlpack__: max_version must be None or a (major, "
                     "minor) tuple, not %R", obj);
        return GPA_ERR;
    }
    long major = PyLong_AsLong(PyTuple_GET_ITEM(obj, 0));
    if (major == -1 && PyErr_Occurred())
        return GPA_ERR;
    *versioned = major >= 1;
    return GPA_OK;
}

/* copy=None/True/False -> -1/1/0; strings are NumPy's ValueError (a
 * non-empty "False" would otherwise read as True). */
static int parse_copy(PyObject *obj, int *copy)
{
    if (obj == Py_None) {
        *copy = -1;
        return GPA_OK;
    }
    if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
        PyErr_SetString(PyExc_ValueError,
                        "strings are not allowed for 'copy' keyword. Use "
                        "True/False/None instead.");
        return GPA_ERR;
    }
    int v = PyObject_IsTrue(obj);
    if (v < 0)
        return GPA_ERR;
    *copy = v;
    return GPA_OK;
}

/* *to_host: 1 when dl_device asks a CUDA array for kDLCPU (a copy). */
static int parse_dl_device(gpa_array *a, PyObject *obj, int *to_host)
{
    int type, id;
    gpa_DLDevice ours = dl_device_of(a);
    *to_host = 0;
    if (obj == Py_None)
        return GPA_OK;
    if (!PyTuple_Check(obj) || !PyArg_ParseTuple(obj, "ii", &type, &id)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "__dlpack__: dl_device must be None or a (device_type, "
                     "device_id) tuple, not %R", obj);
        return GPA_ERR;
    }
    if (type == ours.device_type && id == ours.device_id)
        return GPA_OK;
    if (type == GPA_kDLCPU && id == 0) {
        *to_host = 1;
        return GPA_OK;
    }
    PyErr_Format(PyExc_BufferError,
                 "__dlpack__: cannot export an array on DLPack device (%d, "
                 "%d) to device (%d, %d); gpuarray exports to the array's "
                 "own device, or by copy to the CPU (%d, 0)",
                 ours.device_type, ours.device_id, type, id, GPA_kDLCPU);
    return GPA_ERR;
}

/* Makes the consumer's stream (the `stream` argument) wait on ours. */
static int order_consumer_stream(gpa_device *dev, PyObject *stream)
{
    gpa_stream theirs;
    if (dev->kind != GPA_DEVICE_CUDA) {
        if (stream == Py_None)
            return GPA_OK;
        /* RuntimeError, as NumPy's own __dlpack__ raises */
        PyErr_Format(PyExc_RuntimeError,
                     "__dlpack__: stream must be None for arrays in host "
                     "memory (kDLCPU has no streams), got %R", stream);
        return GPA_ERR;
    }
    if (stream == Py_None) /* the standard: assume the legacy stream */
        return gpa_stream_order(dev, NULL, dev->stream);
    if (!PyLong_Check(stream)) {
        PyErr_Format(PyExc_TypeError,
                     "__dlpack__: stream must be an int or None, not %.200s",
                     Py_TYPE(stream)->tp_name);
        return GPA_ERR;
    }
    long long v = PyLong_AsLongLong(stream);
    if (v == -1 && PyErr_Occurred())
        return GPA_ERR;
    if (v == -1) /* the consumer asks for no synchronisation */
        return GPA_OK;
    if (gpa_stream_from_protocol(v, "__dlpack__", &theirs) != GPA_OK)
        return GPA_ERR;
    return gpa_stream_order(dev, theirs, dev->stream);
}

/* New reference: a copy of a CUDA array in host memory, as a host-device
 * array (whose memory is the NumPy array it keeps alive). */
static gpa_array *host_copy(gpa_array *a)
{
    gpa_device *host = gpa_host_device();
    PyArrayObject *h = NULL;
    gpa_array *r = NULL;
    if (host == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    h = (PyArrayObject *)gpa_array_to_numpy(a, 'K');
    if (h == NULL)
        goto fail;
    Py_INCREF(a->descr);
    r = gpa_foreign_array(host, (PyObject *)h, a->descr, PyArray_NDIM(h),
                          PyArray_DIMS(h), PyArray_STRIDES(h),
                          PyArray_DATA(h), 1);
fail:
    Py_XDECREF(h);
    return r;
}

/* ---- the methods ----------------------------------------------------- */

/* a.__dlpack__(*, stream=None, max_version=None, dl_device=None,
 *              copy=None): new reference to a capsule. */
PyObject *gpa_array_dlpack(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"stream", "max_version", "dl_device", "copy",
                             NULL};
    PyObject *stream = Py_None, *max_version = Py_None;
    PyObject *dl_device = Py_None, *copy_obj = Py_None, *r = NULL;
    gpa_array *exp = NULL;
    int versioned, copy, to_host, copied = 0;

    if (!PyArg_ParseTupleAndKeywords(args, kw, "|$OOOO:__dlpack__", kwlist,
                                     &stream, &max_version, &dl_device,
                                     &copy_obj))
        return NULL;
    if (parse_max_version(max_version, &versioned) != GPA_OK ||
        parse_copy(copy_obj, &copy) != GPA_OK ||
        parse_dl_device(a, dl_device, &to_host) != GPA_OK)
        goto fail;
    if (to_host) {
        if (stream != Py_None) {
            PyErr_SetString(PyExc_ValueError,
                            "__dlpack__: stream must be None when exporting "
                            "to the CPU (dl_device=(kDLCPU, 0))");
            goto fail;
        }
        if (copy == 0) {
            PyErr_SetString(PyExc_BufferError,
                            "__dlpack__: the array is in CUDA device memory; "
                            "exporting it to the CPU needs a copy, and "
                            "copy=False forbids one");
            goto fail;
        }
        exp = host_copy(a); /* synchronous: no stream to order */
        copied = 1;
    } else {
        if (copy == 1) {
            exp = gpa_array_copy(a, NULL, 'K');
            copied = 1;
        } else {
            exp = (gpa_array *)Py_NewRef(a);
        }
        if (exp != NULL && order_consumer_stream(exp->dev, stream) != GPA_OK)
            goto fail;
    }
    if (exp == NULL)
        goto fail;
    if (!versioned && !(exp->flags & GPA_WRITEABLE)) {
        PyErr_SetString(PyExc_BufferError,
                        "__dlpack__: cannot export a read-only array as a "
                        "legacy DLPack capsule (it cannot signal read-only); "
                        "pass max_version=(1, 0) or copy=True");
        goto fail;
    }
    r = make_capsule(exp, versioned, copied);
fail:
    Py_XDECREF(exp);
    return r;
}

/* a.__dlpack_device__(): (device_type, device_id). */
PyObject *gpa_array_dlpack_device(gpa_array *a, PyObject *noargs)
{
    GPA_UNUSED(noargs);
    gpa_DLDevice d = dl_device_of(a);
    return Py_BuildValue("(ii)", (int)d.device_type, (int)d.device_id);
}

/* a.toDlpack(): a legacy "dltensor" capsule (CuPy's and Chainer's name).
 * There is no consumer stream to order against, so pending work on a
 * non-default stream is waited for. */
PyObject *gpa_array_to_dlpack(gpa_array *a, PyObject *noargs)
{
    GPA_UNUSED(noargs);
    if (!(a->flags & GPA_WRITEABLE)) {
        PyErr_SetString(PyExc_BufferError,
                        "toDlpack: cannot export a read-only array as a "
                        "legacy DLPack capsule; use __dlpack__("
                        "max_version=(1, 0))");
        return NULL;
    }
    if (a->dev->stream != NULL &&
        a->dev->be->stream_synchronize(a->dev, a->dev->stream) != GPA_OK)
        return NULL;
    return make_capsule(a, 0, 0);
}
