/* stream_py.c - streams and events for Python (gpuarray/cuda/__init__.py wraps
 * them as Stream and Event, as in CuPy).  A handle is the backend's
 * pointer as an int (0: the default stream; always 0 on host, where work
 * is synchronous).  The current stream is per device: every launch and
 * copy of the device goes to it, and the pool keeps its blocks per
 * stream (pool.c).
 */
#include "python/module_functions.h"
#include "runtime/backend.h"
#include "runtime/device.h"
#include "runtime/memory.h"

/* Parses (kind, ordinal[, handle[, handle2]]) for function `name`: the
 * device and up to two handles (NULL when not given or 0).  -1 with an
 * exception. */
static int parse_device_args(PyObject *args, const char *name, int nhandles,
                             gpa_device **dev, void **h1, void **h2)
{
    const char *kind;
    int ordinal;
    PyObject *o1 = NULL, *o2 = NULL;
    char fmt[64];
    snprintf(fmt, sizeof fmt, "si%s|%s:%s", nhandles > 0 ? "O" : "",
             nhandles > 1 ? "O" : "", name);
    if (!PyArg_ParseTuple(args, fmt, &kind, &ordinal, &o1, &o2))
        return -1;
    *h1 = o1 ? PyLong_AsVoidPtr(o1) : NULL;
    if (h2 != NULL)
        *h2 = o2 ? PyLong_AsVoidPtr(o2) : NULL;
    if (PyErr_Occurred())
        return -1;
    *dev = gpa_device_named(kind, ordinal);
    return *dev == NULL ? -1 : 0;
}

/* _stream_create(kind, ordinal, flags=0, priority=0) -> handle */
PyObject *gpa_py_stream_create(PyObject *self, PyObject *args)
{
    gpa_device *dev;
    const char *kind;
    int ordinal, priority = 0;
    unsigned flags = 0;
    gpa_stream s = NULL;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si|Ii:_stream_create", &kind, &ordinal,
                          &flags, &priority))
        return NULL;
    dev = gpa_device_named(kind, ordinal);
    if (dev == NULL || dev->be->stream_create(dev, flags, priority, &s) < 0)
        return NULL;
    return PyLong_FromVoidPtr(s);
}

/* _stream_destroy(kind, ordinal, handle): waits for its work first, so
 * the pool may hand its blocks to other streams. */
PyObject *gpa_py_stream_destroy(PyObject *self, PyObject *args)
{
    gpa_device *dev;
    gpa_stream s;
    GPA_UNUSED(self);
    if (parse_device_args(args, "_stream_destroy", 1, &dev, &s, NULL) < 0)
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
    gpa_device *dev;
    gpa_stream s;
    int rc;
    GPA_UNUSED(self);
    if (parse_device_args(args, "_stream_synchronize", 1, &dev, &s, NULL) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = dev->be->stream_synchronize(dev, s);
    Py_END_ALLOW_THREADS
    if (rc < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _stream_query(kind, ordinal, handle) -> True when its work is done */
PyObject *gpa_py_stream_query(PyObject *self, PyObject *args)
{
    gpa_device *dev;
    gpa_stream s;
    int rc;
    GPA_UNUSED(self);
    if (parse_device_args(args, "_stream_query", 1, &dev, &s, NULL) < 0)
        return NULL;
    rc = dev->be->stream_query(dev, s);
    if (rc < 0)
        return NULL;
    return PyBool_FromLong(rc);
}

/* _stream_use(kind, ordinal, handle) -> the previous current handle */
PyObject *gpa_py_stream_use(PyObject *self, PyObject *args)
{
    gpa_device *dev;
    gpa_stream s;
    GPA_UNUSED(self);
    if (parse_device_args(args, "_stream_use", 1, &dev, &s, NULL) < 0)
        return NULL;
    gpa_stream prev = dev->stream;
    dev->stream = s;
    return PyLong_FromVoidPtr(prev);
}

/* _stream_current(kind, ordinal) -> handle */
PyObject *gpa_py_stream_current(PyObject *self, PyObject *args)
{
    gpa_device *dev;
    void *unused;
    GPA_UNUSED(self);
    if (parse_device_args(args, "_stream_current", 0, &dev, &unused,
                          NULL) < 0)
        return NULL;
    return PyLong_FromVoidPtr(dev->stream);
}

/* _event_create(kind, ordinal, flags=0) -> handle */
PyObject *gpa_py_event_create(PyObject *self, PyObject *args)
{
    gpa_device *dev;
    const char *kind;
    int ordinal;
    unsigned flags = 0;
    gpa_event e = NULL;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si|I:_event_create", &kind, &ordinal,
                          &flags))
        return NULL;
    dev = gpa_device_named(kind, ordinal);
    if (dev == NULL || dev->be->event_create(dev, flags, &e) < 0)
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
    gpa_event e = PyLong_AsVoidPtr(eh);
    gpa_stream s = sh ? PyLong_AsVoidPtr(sh) : NULL;
    if (PyErr_Occurred())
        return NULL;
    if (e == NULL) {
        PyErr_SetString(PyExc_ValueError, "the event was destroyed");
        return NULL;
    }
    gpa_device *dev = gpa_device_named(kind, ordinal);
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
    gpa_device *dev;
    gpa_event a, b;
    float ms = 0;
    GPA_UNUSED(self);
    if (parse_device_args(args, "_event_elapsed", 2, &dev, &a, &b) < 0)
        return NULL;
    if (a == NULL || b == NULL) {
        PyErr_SetString(PyExc_ValueError, "the event was destroyed");
        return NULL;
    }
    if (dev->be->event_elapsed_ms(dev, a, b, &ms) < 0)
        return NULL;
    return PyFloat_FromDouble(ms);
}
