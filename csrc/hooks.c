/* hooks.c - the registry of hooks.h. */
#include "hooks.h"

static PyObject *hooks; /* dict name -> object */

PyObject *gpa_hook(const char *name)
{
    PyObject *obj = hooks ? PyDict_GetItemString(hooks, name) : NULL;
    if (obj == NULL)
        PyErr_Format(PyExc_RuntimeError,
                     "gpuarray internal hook '%s' is not registered "
                     "(import gpuarray, not gpuarray._core)", name);
    return obj;
}

PyObject *gpa_py_set_hook(PyObject *self, PyObject *args)
{
    const char *name;
    PyObject *obj;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "sO:_set_hook", &name, &obj))
        return NULL;
    if (hooks == NULL && (hooks = PyDict_New()) == NULL)
        return NULL;
    if (PyDict_SetItemString(hooks, name, obj) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyObject *gpa_hook_call(const char *name, PyObject *first, PyObject *args,
                        PyObject *kw)
{
    PyObject *fn = gpa_hook(name);
    if (fn == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    PyObject *full = PyTuple_New(n + 1);
    if (full == NULL)
        return NULL;
    PyTuple_SET_ITEM(full, 0, Py_NewRef(first));
    for (Py_ssize_t i = 0; i < n; i++)
        PyTuple_SET_ITEM(full, i + 1, Py_NewRef(PyTuple_GET_ITEM(args, i)));
    PyObject *r = PyObject_Call(fn, full, kw);
    Py_DECREF(full);
    return r;
}

void gpa_hooks_clear(void)
{
    Py_CLEAR(hooks);
}
