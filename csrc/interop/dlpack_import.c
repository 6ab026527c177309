/* dlpack_import.c - DLPack import: gpuarray.from_dlpack / fromDlpack and
 * the DLPack branch of gpuarray.asarray.  Export is dlpack.c.
 *
 * Note [DLPack import]:
 *   - from_dlpack(x) asks x for its device (__dlpack_device__), then for a
 *     capsule with __dlpack__(stream=S, max_version=(1, 0)[, dl_device,
 *     copy]), where S is the stream gpuarray will use the data on (1 for
 *     our default, the legacy stream; None for host memory), so that the
 *     producer orders its pending work before ours (Note [Interop
 *     streams]).  A producer that predates the 2023 keywords raises
 *     TypeError; it is asked again with stream= alone, as NumPy does.
 *   - The capsule's tensor becomes the memory of a foreign gpa_mem
 *     (foreign.c) whose owner is a private capsule; that capsule's
 *     destructor calls the producer's deleter when the last array using
 *     the memory goes.  The private capsule is created "disarmed" (it
 *     calls nothing) and armed only once the array exists and the
 *     producer's capsule has been renamed "used_...", so every failure
 *     leaves the producer's capsule unconsumed and still responsible.
 *   - Read-only tensors (versioned capsules with the read-only flag)
 *     become non-writeable arrays; legacy capsules cannot say, and are
 *     writeable (PyTorch's and MXNet's are).
 *   - Devices: kDLCPU and kDLCUDAHost (pinned host memory) become host
 *     device arrays; kDLCUDA and kDLCUDAManaged the CUDA device of that
 *     ordinal; anything else is a BufferError.
 */
#include "interop/interop.h"
#include "interop/dlpack_types.h"
#include "python/module_functions.h"
#include "ops/copy.h"

#define OWNER_NAME "gpuarray.dltensor_owner"
#define OWNER_VERSIONED_NAME "gpuarray.dltensor_versioned_owner"
static char OWNER_ARMED; /* its address marks an armed owner capsule */

/* ---- dtypes and devices ---------------------------------------------- */

static const char *dl_code_name(unsigned code)
{
    switch (code) {
    case GPA_kDLInt: return "int";
    case GPA_kDLUInt: return "uint";
    case GPA_kDLFloat: return "float";
    case GPA_kDLOpaqueHandle: return "opaque handle";
    case GPA_kDLBfloat: return "bfloat";
    case GPA_kDLComplex: return "complex";
    case GPA_kDLBool: return "bool";
    default: return code >= 7 && code <= 13 ? "float8/float6/float4"
                                            : "unknown";
    }
}

/* New reference to the descriptor of a DLPack dtype; BufferError naming
 * it when gpuarray has no such dtype. */
static PyArray_Descr *descr_from_dl(gpa_DLDataType t)
{
    int type = -1;
    if (t.lanes == 1) {
        switch (t.code) {
        case GPA_kDLBool:
            type = t.bits == 8 ? NPY_BOOL : -1;
            break;
        case GPA_kDLInt:
            type = t.bits == 8 ? NPY_INT8 : t.bits == 16 ? NPY_INT16
                   : t.bits == 32 ? NPY_INT32 : t.bits == 64 ? NPY_INT64
                                                             : -1;
            break;
        case GPA_kDLUInt:
            type = t.bits == 8 ? NPY_UINT8 : t.bits == 16 ? NPY_UINT16
                   : t.bits == 32 ? NPY_UINT32 : t.bits == 64 ? NPY_UINT64
                                                              : -1;
            break;
        case GPA_kDLFloat:
            type = t.bits == 16 ? NPY_FLOAT16 : t.bits == 32 ? NPY_FLOAT32
                   : t.bits == 64 ? NPY_FLOAT64 : -1;
            break;
        case GPA_kDLComplex:
            type = t.bits == 64 ? NPY_COMPLEX64
                   : t.bits == 128 ? NPY_COMPLEX128 : -1;
            break;
        }
    }
    if (type < 0) {
        PyErr_Format(PyExc_BufferError,
                     "from_dlpack: DLPack dtype %s%u%s%u (code %u, %u bits, "
                     "%u lanes) is not supported by gpuarray (supported: "
                     "bool, int8-int64, uint8-uint64, float16/32/64, "
                     "complex64/128)", dl_code_name(t.code), (unsigned)t.bits,
                     t.lanes == 1 ? "" : "x", t.lanes == 1 ? 1u : t.lanes,
                     (unsigned)t.code, (unsigned)t.bits, (unsigned)t.lanes);
        return NULL;
    }
    return gpa_descr_from_type(type);
}

/* Borrowed: the device that can hold memory of DLPack device (type, id). */
static gpa_device *device_from_dl(int type, int id)
{
    gpa_device *dev;
    switch (type) {
    case GPA_kDLCPU:
    case GPA_kDLCUDAHost:
        dev = gpa_host_device();
        if (dev == NULL)
            PyErr_NoMemory();
        return dev;
    case GPA_kDLCUDA:
    case GPA_kDLCUDAManaged:
        if (gpa_cuda_device_count() == 0) {
            PyErr_Format(PyExc_BufferError,
                         "from_dlpack: the data is in CUDA memory (DLPack "
                         "device (%d, %d)) but no CUDA device is available "
                         "to gpuarray", type, id);
            return NULL;
        }
        return gpa_cuda_device(id);
    default:
        PyErr_Format(PyExc_BufferError,
                     "from_dlpack: DLPack device type %d is not supported "
                     "(gpuarray holds kDLCPU=1, kDLCUDA=2, kDLCUDAHost=3 and "
                     "kDLCUDAManaged=13 memory)", type);
        return NULL;
    }
}

int gpa_dlpack_device_of(PyObject *x, int *type, int *id)
{
    PyObject *meth = PyObject_GetAttrString(x, "__dlpack_device__");
    PyObject *r = NULL;
    int rc = -1;
    if (meth == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    r = PyObject_CallNoArgs(meth);
    if (r == NULL)
        goto fail;
    if (!PyTuple_Check(r) || !PyArg_ParseTuple(r, "ii", type, id)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError,
                     "__dlpack_device__() of %.200s must return a "
                     "(device_type, device_id) tuple, not %R",
                     Py_TYPE(x)->tp_name, r);
        goto fail;
    }
    rc = 1;
fail:
    Py_XDECREF(r);
    Py_DECREF(meth);
    return rc;
}

/* ---- capsules -------------------------------------------------------- */

/* Destructor of the private capsule that owns an imported tensor. */
static void owner_destructor(PyObject *owner)
{
    PyObject *t, *v, *tb;
    PyErr_Fetch(&t, &v, &tb);
    if (PyCapsule_GetContext(owner) == &OWNER_ARMED) {
        const char *name = PyCapsule_GetName(owner);
        void *p = PyCapsule_GetPointer(owner, name);
        if (p != NULL && strcmp(name, OWNER_VERSIONED_NAME) == 0) {
            gpa_DLManagedTensorVersioned *m = p;
            if (m->deleter)
                m->deleter(m);
        } else if (p != NULL) {
            gpa_DLManagedTensor *m = p;
            if (m->deleter)
                m->deleter(m);
        }
    }
    if (PyErr_Occurred())
        PyErr_WriteUnraisable(owner);
    PyErr_Restore(t, v, tb);
}

gpa_array *gpa_dlpack_import_capsule(PyObject *capsule)
{
    PyObject *owner = NULL;
    PyArray_Descr *descr = NULL;
    gpa_array *arr = NULL;
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    const char *name = NULL;
    int versioned, writeable = 1;
    void *ptr;
    gpa_DLTensor *t;

    if (!PyCapsule_CheckExact(capsule)) {
        PyErr_Format(PyExc_TypeError,
                     "expected a DLPack capsule, got %.200s",
                     Py_TYPE(capsule)->tp_name);
        goto fail;
    }
    name = PyCapsule_GetName(capsule);
    if (name == NULL && PyErr_Occurred())
        goto fail;
    versioned = name && strcmp(name, GPA_DLPACK_VERSIONED_NAME) == 0;
    if (!versioned && !(name && strcmp(name, GPA_DLPACK_NAME) == 0)) {
        if (name && (strcmp(name, GPA_DLPACK_USED_NAME) == 0 ||
                     strcmp(name, GPA_DLPACK_VERSIONED_USED_NAME) == 0))
            PyErr_Format(PyExc_ValueError,
                         "this DLPack capsule was already consumed (it is "
                         "named '%s'); a capsule can be consumed only once",
                         name);
        else
            PyErr_Format(PyExc_TypeError,
                         "expected a DLPack capsule named '%s' or '%s', got "
                         "a capsule named '%s'", GPA_DLPACK_NAME,
                         GPA_DLPACK_VERSIONED_NAME, name ? name : "(null)");
        goto fail;
    }
    ptr = PyCapsule_GetPointer(capsule, name);
    if (ptr == NULL)
        goto fail;
    if (versioned) {
        gpa_DLManagedTensorVersioned *m = ptr;
        if (m->version.major != GPA_DLPACK_MAJOR) {
            PyErr_Format(PyExc_BufferError,
                         "from_dlpack: the capsule holds DLPack %u.%u; "
                         "gpuarray reads DLPack %d.x", m->version.major,
                         m->version.minor, GPA_DLPACK_MAJOR);
            goto fail;
        }
        writeable = !(m->flags & GPA_DLPACK_FLAG_READ_ONLY);
        t = &m->dl_tensor;
    } else {
        t = &((gpa_DLManagedTensor *)ptr)->dl_tensor;
    }

    if (t->ndim < 0 || t->ndim > GPA_MAXDIMS ||
        (t->ndim > 0 && t->shape == NULL)) {
        PyErr_Format(PyExc_BufferError,
                     "from_dlpack: cannot import a tensor of %d dimensions "
                     "(at most %d, with a shape)", (int)t->ndim, GPA_MAXDIMS);
        goto fail;
    }
    descr = descr_from_dl(t->dtype);
    if (descr == NULL)
        goto fail;
    gpa_device *dev = device_from_dl(t->device.device_type,
                                     t->device.device_id);
    if (dev == NULL)
        goto fail;
    Py_ssize_t itemsize = PyDataType_ELSIZE(descr);
    for (int i = 0; i < t->ndim; i++) {
        shape[i] = (Py_ssize_t)t->shape[i];
        if (t->strides != NULL &&
            __builtin_mul_overflow((Py_ssize_t)t->strides[i], itemsize,
                                   &strides[i])) {
            PyErr_SetString(PyExc_BufferError,
                            "from_dlpack: tensor strides overflow");
            goto fail;
        }
    }

    owner = PyCapsule_New(ptr, versioned ? OWNER_VERSIONED_NAME : OWNER_NAME,
                          owner_destructor);
    if (owner == NULL)
        goto fail;
    arr = gpa_foreign_array(dev, owner, descr, t->ndim, shape,
                            t->strides ? strides : NULL,
                            (char *)t->data + t->byte_offset, writeable);
    descr = NULL; /* stolen */
    if (arr == NULL)
        goto fail;
    /* Take ownership: arm ours, retire theirs (Note [DLPack import]). */
    if (PyCapsule_SetContext(owner, &OWNER_ARMED) < 0)
        goto fail;
    if (PyCapsule_SetName(capsule, versioned ? GPA_DLPACK_VERSIONED_USED_NAME
                                             : GPA_DLPACK_USED_NAME) < 0) {
        PyCapsule_SetContext(owner, NULL);
        goto fail;
    }
    Py_DECREF(owner); /* the array's memory holds it */
    return arr;
fail:
    Py_XDECREF(arr);
    Py_XDECREF(owner);
    Py_XDECREF(descr);
    return NULL;
}

/* ---- from_dlpack ------------------------------------------------------ */

/* New reference: the capsule x.__dlpack__ gives (Note [DLPack import]).
 * *fell_back: set when the producer ignored dl_device and copy. */
static PyObject *ask_capsule(PyObject *x, gpa_device *data_dev,
                             int to_host, int copy, int has_device,
                             int *fell_back)
{
    PyObject *meth = NULL, *kw = NULL, *empty = NULL, *stream = NULL;
    PyObject *capsule = NULL;

    *fell_back = 0;
    meth = PyObject_GetAttrString(x, "__dlpack__");
    if (meth == NULL) {
        if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "from_dlpack: %.200s object does not support the "
                         "DLPack protocol (it has no __dlpack__ method)",
                         Py_TYPE(x)->tp_name);
        }
        goto fail;
    }
    if (data_dev != NULL && data_dev->kind == GPA_DEVICE_CUDA)
        stream = data_dev->stream == NULL
                     ? PyLong_FromLong(1)
                     : PyLong_FromVoidPtr(data_dev->stream);
    else
        stream = Py_NewRef(Py_None);
    empty = PyTuple_New(0);
    kw = Py_BuildValue("{s:O,s:(ii)}", "stream", stream ? stream : Py_None,
                       "max_version", GPA_DLPACK_MAJOR, GPA_DLPACK_MINOR);
    if (stream == NULL || empty == NULL || kw == NULL)
        goto fail;
    if (to_host) {
        PyObject *d = Py_BuildValue("(ii)", GPA_kDLCPU, 0);
        if (d == NULL || PyDict_SetItemString(kw, "dl_device", d) < 0) {
            Py_XDECREF(d);
            goto fail;
        }
        Py_DECREF(d);
    }
    if (copy >= 0 && PyDict_SetItemString(kw, "copy", copy ? Py_True
                                                          : Py_False) < 0)
        goto fail;
    capsule = PyObject_Call(meth, empty, kw);
    if (capsule == NULL && PyErr_ExceptionMatches(PyExc_TypeError)) {
        /* A producer from before max_version/dl_device/copy. */
        PyErr_Clear();
        PyDict_Clear(kw);
        if (has_device && PyDict_SetItemString(kw, "stream", stream) < 0)
            goto fail;
        capsule = PyObject_Call(meth, empty, kw);
        *fell_back = 1;
    }
fail:
    Py_XDECREF(meth);
    Py_XDECREF(kw);
    Py_XDECREF(empty);
    Py_XDECREF(stream);
    return capsule;
}

gpa_array *gpa_dlpack_import(PyObject *x, gpa_device *target, int copy)
{
    PyObject *capsule = NULL;
    gpa_array *arr = NULL, *tmp;
    int copied = 0, fell_back = 0, type, id;

    if (PyCapsule_CheckExact(x)) {
        arr = gpa_dlpack_import_capsule(x);
    } else if (gpa_array_check(x)) {
        /* Our own array: the view the protocol would give, directly. */
        gpa_array *a = (gpa_array *)x;
        arr = gpa_array_view_of(a, NULL, a->nd, a->shape, a->strides,
                                a->data);
    } else {
        gpa_device *src = NULL;
        int has_device = gpa_dlpack_device_of(x, &type, &id);
        if (has_device < 0)
            goto fail;
        if (has_device && (src = device_from_dl(type, id)) == NULL)
            goto fail;
        int to_host = target != NULL && src != NULL && target != src &&
                      target->kind == GPA_DEVICE_HOST;
        if (target != NULL && src != NULL && target != src && copy == 0) {
            PyErr_SetString(PyExc_BufferError,
                            "from_dlpack: the data is on another device than "
                            "device= asks for; moving it needs a copy, and "
                            "copy=False forbids one");
            goto fail;
        }
        capsule = ask_capsule(x, to_host ? target : src, to_host, copy,
                              has_device, &fell_back);
        if (capsule == NULL && to_host &&
            PyErr_ExceptionMatches(PyExc_BufferError)) {
            /* The producer cannot copy to the CPU: we move it below. */
            PyErr_Clear();
            capsule = ask_capsule(x, src, 0, copy, has_device, &fell_back);
        }
        if (capsule == NULL)
            goto fail;
        arr = gpa_dlpack_import_capsule(capsule);
        copied = copy == 1 && !fell_back;
    }
    if (arr == NULL)
        goto fail;
    if (target != NULL && arr->dev != target) {
        if (copy == 0) {
            PyErr_SetString(PyExc_BufferError,
                            "from_dlpack: the data is on another device than "
                            "device= asks for, and copy=False forbids a "
                            "copy");
            Py_CLEAR(arr);
            goto fail;
        }
        tmp = gpa_array_to_device(arr, target);
        Py_SETREF(arr, tmp);
        copied = 1;
    } else if (copy == 1 && !copied) {
        tmp = gpa_array_copy(arr, NULL, 'K');
        Py_SETREF(arr, tmp);
    }
fail:
    Py_XDECREF(capsule);
    return arr;
}

/* ---- module functions ------------------------------------------------- */

/* from_dlpack(x, /, *, device=None, copy=None); device: None or the
 * ("host" | "cuda", ordinal) key gpuarray/_interop.py makes of it. */
PyObject *gpa_py_from_dlpack(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"", "device", "copy", NULL};
    PyObject *x, *device = Py_None, *copy_obj = Py_None;
    gpa_device *target = NULL;
    const char *kind;
    int ordinal, copy = -1;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|$OO:from_dlpack", kwlist,
                                     &x, &device, &copy_obj))
        return NULL;
    if (copy_obj != Py_None && (copy = PyObject_IsTrue(copy_obj)) < 0)
        return NULL;
    if (device != Py_None) {
        if (!PyArg_ParseTuple(device, "si:from_dlpack", &kind, &ordinal))
            return NULL;
        if (strcmp(kind, "host") == 0) {
            if ((target = gpa_host_device()) == NULL)
                return PyErr_NoMemory();
        } else if ((target = gpa_cuda_device(ordinal)) == NULL) {
            return NULL;
        }
    }
    return (PyObject *)gpa_dlpack_import(x, target, copy);
}

/* fromDlpack(capsule): the legacy entry point (CuPy, Chainer), which also
 * takes any object with __dlpack__. */
PyObject *gpa_py_fromDlpack(PyObject *self, PyObject *capsule)
{
    GPA_UNUSED(self);
    return (PyObject *)gpa_dlpack_import(capsule, NULL, -1);
}
