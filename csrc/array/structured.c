/* structured.c - data-only (void) descriptors, alignment and byte views
 * (Note [Data-only dtypes] in structured.h).
 */
#include "array/structured.h"

#include <stdint.h>

/* Steals d.  New reference or NULL with TypeError. */
PyArray_Descr *gpa_void_descr(PyArray_Descr *d)
{
    PyArray_Descr *r = NULL;
    PyObject *native = NULL;
    if (PyDataType_ELSIZE(d) == 0) {
        PyErr_Format(PyExc_TypeError,
                     "dtype %R has no size; gpuarray needs fixed-size "
                     "dtypes (give one, as 'V10')", (PyObject *)d);
        goto done;
    }
    if (PyDataType_REFCHK(d)) {
        PyErr_Format(PyExc_TypeError,
                     "dtype %R holds Python objects, which cannot live in "
                     "device memory", (PyObject *)d);
        goto done;
    }
    /* fields in another byte order become native, as arrays of them do
     * on the way in (CuPy keeps only native data) */
    native = PyObject_GetAttrString((PyObject *)d, "isnative");
    if (native == NULL)
        goto done;
    if (native == Py_True) {
        r = d;
        d = NULL;
    } else {
        r = PyArray_DescrNewByteorder(d, NPY_NATIVE);
    }
done:
    Py_XDECREF(native);
    Py_XDECREF(d);
    return r;
}

int gpa_kernel_dtype_check(const gpa_array *a, const char *what)
{
    if (!gpa_is_void(a))
        return 0;
    PyErr_Format(PyExc_TypeError,
                 "%s: no kernel for dtype %R (structured and void data can "
                 "be copied, indexed and compared for equality only)",
                 what, (PyObject *)a->descr);
    return -1;
}

int gpa_array_aligned(const gpa_array *a)
{
    Py_ssize_t item = gpa_itemsize(a);
    if (a->size == 0 || item <= 1)
        return 1;
    if ((uintptr_t)a->data % (uintptr_t)item)
        return 0;
    for (int i = 0; i < a->nd; i++)
        if (a->shape[i] > 1 && a->strides[i] % item)
            return 0;
    return 1;
}

int gpa_byte_unit(gpa_array *const *arrs, int n)
{
    int w = 8;
    while (w > 1) {
        int ok = 1;
        for (int k = 0; k < n && ok; k++) {
            const gpa_array *a = arrs[k];
            if (gpa_itemsize(a) % w || (uintptr_t)a->data % (uintptr_t)w)
                ok = 0;
            for (int i = 0; i < a->nd && ok; i++)
                if (a->shape[i] > 1 && a->strides[i] % w)
                    ok = 0;
        }
        if (ok)
            break;
        w /= 2;
    }
    return w;
}

gpa_array *gpa_array_byte_view(gpa_array *a, int w)
{
    static const int types[9] = {0, NPY_UBYTE, NPY_USHORT, 0, NPY_UINT,
                                 0, 0, 0, NPY_ULONG};
    Py_ssize_t shape[GPA_MAXDIMS], strides[GPA_MAXDIMS];
    Py_ssize_t item = gpa_itemsize(a);
    int nd = a->nd;
    memcpy(shape, a->shape, (size_t)nd * sizeof(Py_ssize_t));
    memcpy(strides, a->strides, (size_t)nd * sizeof(Py_ssize_t));
    if (item != w) {
        if (nd >= GPA_MAXDIMS) {
            PyErr_Format(PyExc_ValueError,
                         "cannot copy an array of dtype %R with %d "
                         "dimensions (its byte view needs one more)",
                         (PyObject *)a->descr, nd);
            return NULL;
        }
        shape[nd] = item / w;
        strides[nd++] = w;
    }
    PyArray_Descr *d = gpa_descr_from_type(types[w]);
    if (d == NULL)
        return NULL;
    return gpa_array_view_of(a, d, nd, shape, strides, a->data);
}

/* _core._byte_unit(*arrays): gpa_byte_unit of the arrays (any item sizes
 * the unit must divide), and whether the first is aligned for its type:
 * (w, aligned).  The indexing hooks move void and misaligned data as
 * unsigned integers of w bytes. */
PyObject *gpa_py_byte_unit(PyObject *self, PyObject *args)
{
    gpa_array *arrs[8];
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    GPA_UNUSED(self);
    if (n < 1 || n > 8) {
        PyErr_SetString(PyExc_TypeError, "_byte_unit: 1 to 8 arrays");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *o = PyTuple_GET_ITEM(args, k);
        if (!gpa_array_check(o)) {
            PyErr_SetString(PyExc_TypeError, "_byte_unit: arrays only");
            return NULL;
        }
        arrs[k] = (gpa_array *)o;
    }
    int aligned = !gpa_is_void(arrs[0]) && gpa_array_aligned(arrs[0]);
    return Py_BuildValue("(iO)", gpa_byte_unit(arrs, (int)n),
                         aligned ? Py_True : Py_False);
}
