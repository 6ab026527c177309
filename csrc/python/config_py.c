/* config_py.c - `_config()` and `_compile_notice()`: the settings read from the environment at
 * import (config.h), as Python sees them, for show_config() and the main
 * job; host_threads is the count actually used, not the variable. */
#include "python/module_functions.h"
#include "config.h"
#include "runtime/host_threads.h"
#include "jit/compile.h"

/* New reference: a dict, or NULL with an exception. */
PyObject *gpa_py_config(PyObject *self, PyObject *noargs)
{
    PyObject *d = NULL, *v = NULL;
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    const char *device = gpa_cfg.force_host ? "host"
                         : gpa_cfg.force_cuda ? "cuda" : "";
    if ((d = PyDict_New()) == NULL)
        goto fail;
    /* paths: the file-system encoding, as os.fsdecode would */
    if ((v = PyUnicode_DecodeFSDefault(gpa_cfg.cache_dir)) == NULL ||
        PyDict_SetItemString(d, "cache_dir", v) < 0)
        goto fail;
    Py_CLEAR(v);
    if ((v = PyUnicode_DecodeFSDefault(gpa_cfg.cxx)) == NULL ||
        PyDict_SetItemString(d, "cxx", v) < 0)
        goto fail;
    Py_CLEAR(v);
    if ((v = PyLong_FromLong(gpa_host_thread_count())) == NULL ||
        PyDict_SetItemString(d, "host_threads", v) < 0)
        goto fail;
    Py_CLEAR(v);
    if ((v = PyLong_FromLong(gpa_cfg.debug)) == NULL ||
        PyDict_SetItemString(d, "debug", v) < 0)
        goto fail;
    Py_CLEAR(v);
    if ((v = PyUnicode_FromString(device)) == NULL ||
        PyDict_SetItemString(d, "device_env", v) < 0)
        goto fail;
    Py_DECREF(v);
    return d;
fail:
    Py_XDECREF(v);
    Py_XDECREF(d);
    return NULL;
}

/* _compile_notice(seconds) -> previous threshold: shows the notice again
 * after the next compile that takes `seconds` or longer (tests). */
PyObject *gpa_py_compile_notice(PyObject *self, PyObject *arg)
{
    GPA_UNUSED(self);
    double s = PyFloat_AsDouble(arg);
    if (s == -1.0 && PyErr_Occurred())
        return NULL;
    if (!(s >= 0.0)) {
        PyErr_SetString(PyExc_ValueError,
                        "_compile_notice: seconds must be >= 0");
        return NULL;
    }
    return PyFloat_FromDouble(gpa_compile_notice_set(s));
}
