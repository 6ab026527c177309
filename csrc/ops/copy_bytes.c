/* copy_bytes.c - copies of data-only (void) arrays and of arrays not
 * aligned for their type, through byte views (Note [Data-only dtypes] in
 * array/structured.h).
 *
 * Equal dtypes move as bytes.  A cast involving a structured or void
 * dtype (int into a struct, a struct into another field layout) is
 * NumPy's: the source goes to the host, NumPy casts it (unsafe, as
 * setitem does; NumPy's TypeError where no cast exists) and the result
 * comes back as bytes.  Casts between typed arrays of which one is
 * misaligned run on an aligned staging copy.
 */
#include "ops/copy.h"
#include "array/convert.h"
#include "array/structured.h"

static int copy_bytes(gpa_array *dst, gpa_array *src)
{
    gpa_array *arrs[2] = {dst, src}, *bd = NULL, *bs = NULL;
    int rc = -1;
    int w = gpa_byte_unit(arrs, 2);
    bd = gpa_array_byte_view(dst, w);
    bs = bd ? gpa_array_byte_view(src, w) : NULL;
    if (bs != NULL)
        rc = gpa_array_assign(bd, bs);
    Py_XDECREF(bd);
    Py_XDECREF(bs);
    return rc;
}

/* src cast by NumPy to dst's dtype, uploaded (new reference). */
static gpa_array *numpy_cast(gpa_array *src, PyArray_Descr *descr)
{
    PyObject *host = gpa_array_to_numpy(src, 'K');
    if (host == NULL)
        return NULL;
    Py_INCREF(descr);
    gpa_array *r = gpa_array_from_host(src->dev, host, descr, 'K');
    Py_DECREF(host);
    return r;
}

int gpa_assign_special(gpa_array *dst, gpa_array *src)
{
    gpa_array *tmp = NULL;
    int rc = -1;
    if (dst->dev != src->dev) {
        PyErr_SetString(PyExc_ValueError,
                        "arrays are on different devices; move one with "
                        "gpuarray.asarray under the other's device");
        return -1;
    }
    if (PyArray_EquivTypes(dst->descr, src->descr))
        return copy_bytes(dst, src);
    if (gpa_is_void(dst) || gpa_is_void(src)) {
        tmp = numpy_cast(src, dst->descr);
        rc = tmp ? copy_bytes(dst, tmp) : -1;
    } else if (!gpa_array_aligned(src)) {
        tmp = gpa_array_copy(src, NULL, 'K');   /* aligned, same dtype */
        rc = tmp ? gpa_array_assign(dst, tmp) : -1;
    } else {                                    /* dst misaligned */
        Py_INCREF(dst->descr);
        tmp = gpa_array_empty_like(dst, dst->descr, 'K', dst->nd, NULL);
        rc = tmp ? gpa_array_assign(tmp, src) : -1;
        if (rc == 0)
            rc = copy_bytes(dst, tmp);
    }
    Py_XDECREF(tmp);
    return rc;
}
