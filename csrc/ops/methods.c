/* methods.c - ndarray methods that run kernels or dispatch: astype and
 * the NumPy protocols __array_ufunc__ / __array_function__ (whose logic
 * lives in Python, gpuarray/_dispatch.py, registered as hooks).  Methods
 * written in Python (reductions, ...) are set on the type by
 * gpuarray/_methods.py. */
#include "array/array_methods.h"
#include "ops/copy.h"
#include "hooks.h"
#include "util.h"

static PyObject *array_astype(gpa_array *a, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"dtype", "order", "casting", "subok", "copy",
                             NULL};
    PyObject *dtype, *order_obj = NULL, *casting_obj = NULL, *subok = NULL;
    int copy = 1;
    char order;
    NPY_CASTING casting = NPY_UNSAFE_CASTING;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOOp:astype", kwlist,
                                     &dtype, &order_obj, &casting_obj, &subok,
                                     &copy))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'K', &order) < 0)
        return NULL;
    if (casting_obj && !PyArray_CastingConverter(casting_obj, &casting))
        return NULL;
    PyArray_Descr *d = gpa_descr_from_obj(dtype);
    if (d == NULL)
        return NULL;
    if (!PyArray_CanCastTypeTo(a->descr, d, casting)) {
        PyErr_Format(PyExc_TypeError,
                     "Cannot cast array data from %R to %R according to the "
                     "rule '%s'", (PyObject *)a->descr, (PyObject *)d,
                     casting == NPY_NO_CASTING ? "no"
                     : casting == NPY_EQUIV_CASTING ? "equiv"
                     : casting == NPY_SAFE_CASTING ? "safe"
                     : casting == NPY_UNSAFE_CASTING ? "unsafe"
                     : "same_kind");
        Py_DECREF(d);
        return NULL;
    }
    if (!copy && PyArray_EquivTypes(d, a->descr)) {
        int ok = order == 'K' || order == 'A' ||
                 (order == 'C' && (a->flags & GPA_C_CONTIGUOUS)) ||
                 (order == 'F' && (a->flags & GPA_F_CONTIGUOUS));
        if (ok) {
            Py_DECREF(d);
            return Py_NewRef(a);
        }
    }
    /* a complex -> real cast warns in gpa_array_assign (ops/copy.c) */
    return (PyObject *)gpa_array_copy(a, d, order);
}

static PyObject *array_ufunc(PyObject *self, PyObject *args, PyObject *kw)
{
    return gpa_hook_call("array_ufunc", self, args, kw);
}

static PyObject *array_function(PyObject *self, PyObject *args,
                                PyObject *kw)
{
    return gpa_hook_call("array_function", self, args, kw);
}

PyMethodDef gpa_array_methods_ops[] = {
    {"astype", (PyCFunction)(void (*)(void))array_astype,
     METH_VARARGS | METH_KEYWORDS, "a copy cast to another dtype"},
    {"__array_ufunc__", (PyCFunction)(void (*)(void))array_ufunc,
     METH_VARARGS | METH_KEYWORDS, "NumPy ufunc dispatch"},
    {"__array_function__", (PyCFunction)(void (*)(void))array_function,
     METH_VARARGS | METH_KEYWORDS, "NumPy function dispatch"},
    {NULL, NULL, 0, NULL},
};
