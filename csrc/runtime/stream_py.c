/* stream_py.c - streams and events for Python (gpuarray/cuda.py wraps
 * them as Stream and Event, as in CuPy).  A handle is the backend's
 * pointer as an int (0: the default stream; always 0 on host, where work
 * is synchronous).  The current stream is per device: every launch and
 * copy of the device goes to it, and the pool keeps its blocks per
 * stream (pool.c).
 */
#include "module_functions.h"
#include "runtime/backend.h"
#include "runtime/device.h"
#include "runtime/memory.h"

/* The device named by (kind, ordinal), as _synchronize takes it. */
static gpa_device *device_of(const char *kind, int ordinal)
{
    if (strcmp(kind, "host") == 0)
        return gpa_host_device();
    if (strcmp(kind, "cuda") == 0)
        return gpa_cuda_device(ordinal);
    PyErr_Format(PyExc_ValueError, "unknown device kind '%s'", kind);
    return NULL;
}

static void *handle_of(PyObject *o)
{
    return PyLong_AsVoidPtr(o);
}

/* _stream_create(kind, ordinal) -> handle */
PyObject *gpa_py_stream_create(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    gpa_stream s = NULL;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si:_stream_create", &kind, &ordinal))
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL || dev->be->stream_create(dev, &s) < 0)
        return NULL;
    return PyLong_FromVoidPtr(s);
}

/* _stream_destroy(kind, ordinal, handle): waits for its work first, so
 * the pool may hand its blocks to other streams. */
PyObject *gpa_py_stream_destroy(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    PyObject *h;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "siO:_stream_destroy", &kind, &ordinal, &h))
        return NULL;
    gpa_stream s = handle_of(h);
    if (s == NULL && PyErr_Occurred())
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL)
        return NULL;
    if (s == NULL)
        Py_RETURN_NONE;
    if (dev->stream == s)
        dev->stream = NULL;
    if (dev->be->stream_synchronize(dev, s) < 0 ||
        gpa_pool_forget_stream(dev, s) < 0 ||
        dev->be->stream_destroy(dev, s) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _stream_synchronize(kind, ordinal, handle) */
PyObject *gpa_py_stream_synchronize(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    PyObject *h;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "siO:_stream_synchronize", &kind, &ordinal,
                          &h))
        return NULL;
    gpa_stream s = handle_of(h);
    if (s == NULL && PyErr_Occurred())
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL)
        return NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = dev->be->stream_synchronize(dev, s);
    Py_END_ALLOW_THREADS
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _stream_use(kind, ordinal, handle) -> the previous current handle */
PyObject *gpa_py_stream_use(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    PyObject *h;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "siO:_stream_use", &kind, &ordinal, &h))
        return NULL;
    gpa_stream s = handle_of(h);
    if (s == NULL && PyErr_Occurred())
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL)
        return NULL;
    gpa_stream prev = dev->stream;
    dev->stream = s;
    return PyLong_FromVoidPtr(prev);
}

/* _stream_current(kind, ordinal) -> handle */
PyObject *gpa_py_stream_current(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si:_stream_current", &kind, &ordinal))
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL)
        return NULL;
    return PyLong_FromVoidPtr(dev->stream);
}

/* _event_create(kind, ordinal) -> handle */
PyObject *gpa_py_event_create(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    gpa_event e = NULL;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si:_event_create", &kind, &ordinal))
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL || dev->be->event_create(dev, &e) < 0)
        return NULL;
    return PyLong_FromVoidPtr(e);
}

/* _event_op(kind, ordinal, op, event, stream=0): op is "destroy",
 * "record" (on stream), "synchronize", "query" (-> bool) or "wait" (the
 * stream waits for the event). */
PyObject *gpa_py_event_op(PyObject *self, PyObject *args)
{
    const char *kind, *op;
    int ordinal, rc = 0;
    PyObject *eh, *sh = NULL;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "sisO|O:_event_op", &kind, &ordinal, &op,
                          &eh, &sh))
        return NULL;
    gpa_event e = handle_of(eh);
    if (e == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the event was destroyed");
        return NULL;
    }
    gpa_stream s = sh ? handle_of(sh) : NULL;
    if (s == NULL && PyErr_Occurred())
        return NULL;
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL)
        return NULL;
    if (strcmp(op, "destroy") == 0) {
        rc = dev->be->event_destroy(dev, e);
    } else if (strcmp(op, "record") == 0) {
        rc = dev->be->event_record(dev, e, s);
    } else if (strcmp(op, "synchronize") == 0) {
        Py_BEGIN_ALLOW_THREADS
        rc = dev->be->event_synchronize(dev, e);
        Py_END_ALLOW_THREADS
    } else if (strcmp(op, "query") == 0) {
        rc = dev->be->event_query(dev, e);
        if (rc < 0)
            return NULL;
        return PyBool_FromLong(rc);
    } else if (strcmp(op, "wait") == 0) {
        rc = dev->be->stream_wait_event(dev, s, e);
    } else {
        PyErr_Format(PyExc_ValueError, "unknown event operation '%s'", op);
        return NULL;
    }
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _event_elapsed(kind, ordinal, start, end) -> milliseconds */
PyObject *gpa_py_event_elapsed(PyObject *self, PyObject *args)
{
    const char *kind;
    int ordinal;
    PyObject *a, *b;
    float ms = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "siOO:_event_elapsed", &kind, &ordinal, &a,
                          &b))
        return NULL;
    gpa_event ea = handle_of(a), eb = handle_of(b);
    if (ea == NULL || eb == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the event was destroyed");
        return NULL;
    }
    gpa_device *dev = device_of(kind, ordinal);
    if (dev == NULL || dev->be->event_elapsed_ms(dev, ea, eb, &ms) < 0)
        return NULL;
    return PyFloat_FromDouble(ms);
}
