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

void gpa_hooks_clear(void)
{
    Py_CLEAR(hooks);
}
