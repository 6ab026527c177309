/* foreign.c - what the importers (DLPack, the CUDA array interface) and
 * exporters share: arrays over memory another library owns, the stream
 * ordering of Note [Interop streams] (interop.h), and moving an array to
 * another device when a caller asks for one.
 *
 * Foreign memory is a gpa_mem from gpa_mem_wrap whose `owner` is the
 * Python object that keeps it alive (the producer's array for the CUDA
 * array interface, a capsule whose destructor calls the DLPack deleter);
 * views share that gpa_mem like any other, so the owner lives exactly as
 * long as the last array that reads the memory.
 */
#include "interop/interop.h"
#include "ops/copy.h"
#include "runtime/transfer.h"

gpa_array *gpa_foreign_array(gpa_device *dev, PyObject *owner,
                             PyArray_Descr *descr, int nd,
                             const Py_ssize_t *shape,
                             const Py_ssize_t *strides, char *data,
                             int writeable)
{
    gpa_mem *mem = NULL;
    gpa_array *a = NULL;
    Py_ssize_t itemsize = PyDataType_ELSIZE(descr);
    Py_ssize_t cstrides[GPA_MAXDIMS];
    Py_ssize_t below = 0, above = 0; /* extent around data, in bytes */
    int empty = 0;

    if (nd < 0 || nd > GPA_MAXDIMS) {
        PyErr_Format(PyExc_BufferError,
                     "cannot import an array of %d dimensions (gpuarray "
                     "supports at most %d)", nd, GPA_MAXDIMS);
        goto fail;
    }
    if (strides == NULL) {
        gpa_fill_strides(nd, shape, itemsize, 0, cstrides);
        strides = cstrides;
    }
    for (int i = 0; i < nd; i++) {
        if (shape[i] < 0) {
            PyErr_Format(PyExc_BufferError,
                         "cannot import an array with a negative dimension "
                         "(shape[%d] = %zd)", i, shape[i]);
            goto fail;
        }
        if (shape[i] == 0)
            empty = 1;
    }
    if (!gpa_shape_fits(nd, shape, itemsize)) /* NumPy could not hold it */
        goto overflow;
    for (int i = 0; i < nd && !empty; i++) {
        Py_ssize_t span, step = strides[i] < 0 ? -strides[i] : strides[i];
        Py_ssize_t *side = strides[i] < 0 ? &below : &above;
        if (__builtin_mul_overflow(shape[i] - 1, step, &span) ||
            __builtin_add_overflow(*side, span, side))
            goto overflow;
    }
    Py_ssize_t nbytes = 0;
    if (!empty && (__builtin_add_overflow(below, above, &nbytes) ||
                   __builtin_add_overflow(nbytes, itemsize, &nbytes)))
        goto overflow;
    mem = gpa_mem_wrap(dev, data - below, (size_t)nbytes, owner);
    if (mem == NULL)
        goto fail;
    a = gpa_array_new_view(gpa_array_type, mem, descr, nd, shape, strides,
                           data, owner, writeable);
    descr = NULL; /* stolen */
    gpa_mem_decref(mem); /* the array holds its own reference */
    return a;
overflow:
    PyErr_SetString(PyExc_BufferError,
                    "cannot import the array: its shape and strides reach "
                    "beyond the address space");
fail:
    Py_XDECREF(descr);
    return NULL;
}

int gpa_stream_from_protocol(long long v, const char *what, gpa_stream *out)
{
    *out = NULL;
    if (v == 0) {
        PyErr_Format(PyExc_ValueError,
                     "%s: stream 0 is disallowed (ambiguous); use 1 for the "
                     "legacy default stream, 2 for the per-thread default "
                     "stream, or a stream handle", what);
        return GPA_ERR;
    }
    if (v < 0) {
        PyErr_Format(PyExc_ValueError, "%s: invalid stream %lld", what, v);
        return GPA_ERR;
    }
    *out = v == 1 ? NULL : (gpa_stream)(uintptr_t)v;
    return GPA_OK;
}

int gpa_stream_order(gpa_device *dev, gpa_stream waiter, gpa_stream waited)
{
    const gpa_backend *be = dev->be;
    gpa_event ev = NULL;
    int rc = GPA_ERR;

    if (waiter == waited)
        return GPA_OK;
    if (be->event_create(dev, GPA_EVENT_DISABLE_TIMING, &ev) != GPA_OK)
        goto fail;
    if (be->event_record(dev, ev, waited) != GPA_OK ||
        be->stream_wait_event(dev, waiter, ev) != GPA_OK)
        goto fail;
    rc = GPA_OK;
fail:
    /* Destroying a recorded event is safe: the driver frees it once it
     * has completed.  Keep the first error if both fail. */
    if (ev != NULL) {
        PyObject *t, *v, *tb;
        PyErr_Fetch(&t, &v, &tb);
        if (be->event_destroy(dev, ev) != GPA_OK) {
            if (t != NULL)
                PyErr_Clear();
            else
                rc = GPA_ERR;
        }
        if (t != NULL)
            PyErr_Restore(t, v, tb);
    }
    return rc;
}

gpa_array *gpa_array_to_device(gpa_array *a, gpa_device *dst)
{
    gpa_array *src = NULL, *out = NULL;
    int rc;

    if (a->dev == dst)
        return (gpa_array *)Py_NewRef(a);
    if (a->flags & GPA_C_CONTIGUOUS)
        src = (gpa_array *)Py_NewRef(a);
    else if ((src = gpa_array_copy(a, NULL, 'C')) == NULL)
        goto fail;
    Py_INCREF(src->descr);
    out = gpa_array_empty(dst, src->descr, src->nd, src->shape, 0);
    if (out == NULL)
        goto fail;
    size_t nbytes = (size_t)(src->size * gpa_itemsize(src));
    if (nbytes == 0)
        rc = GPA_OK;
    else if (src->dev->kind == GPA_DEVICE_HOST)
        rc = gpa_copy_h2d(dst, out->data, src->data, nbytes);
    else if (dst->kind == GPA_DEVICE_HOST)
        rc = gpa_copy_d2h(src->dev, out->data, src->data, nbytes);
    else
        rc = gpa_copy_d2d(dst, out->data, src->dev, src->data, nbytes);
    if (rc != GPA_OK)
        goto fail;
    Py_DECREF(src);
    return out;
fail:
    Py_XDECREF(src);
    Py_XDECREF(out);
    return NULL;
}
