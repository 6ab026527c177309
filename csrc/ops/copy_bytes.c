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

static int copy_whole(gpa_array *dst, gpa_array *src)
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

/* Note [Field bytes]: a structured dtype need not cover its item: a
 * multi-field view (a[['c', 'a']]) has holes where the other fields are,
 * an aligned struct has padding.  Only the fields' bytes are written, as
 * NumPy writes them: the fields' byte ranges, merged into runs, are each
 * copied through a 'V<len>' view at their offset. */
#define MAX_RUNS 64

static int field_runs(PyArray_Descr *d, Py_ssize_t *off, Py_ssize_t *len)
{
    PyObject *names = PyDataType_NAMES(d), *fields = PyDataType_FIELDS(d);
    Py_ssize_t n = PyTuple_GET_SIZE(names), item = PyDataType_ELSIZE(d);
    int runs = 0;
    char *covered = PyMem_Calloc((size_t)item, 1);
    if (covered == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *f = PyDict_GetItem(fields, PyTuple_GET_ITEM(names, i));
        if (f == NULL || !PyTuple_Check(f) || PyTuple_GET_SIZE(f) < 2)
            continue;
        PyArray_Descr *fd = (PyArray_Descr *)PyTuple_GET_ITEM(f, 0);
        Py_ssize_t o = PyLong_AsSsize_t(PyTuple_GET_ITEM(f, 1));
        if (o < 0 || o + PyDataType_ELSIZE(fd) > item)
            continue;
        memset(covered + o, 1, (size_t)PyDataType_ELSIZE(fd));
    }
    PyErr_Clear();
    for (Py_ssize_t b = 0; b < item;) {
        if (!covered[b]) {
            b++;
            continue;
        }
        Py_ssize_t e = b;
        while (e < item && covered[e])
            e++;
        if (runs == MAX_RUNS) {     /* too scattered: whole items */
            runs = -2;
            break;
        }
        off[runs] = b;
        len[runs++] = e - b;
        b = e;
    }
    PyMem_Free(covered);
    return runs;
}

/* a's bytes [off, off + len) of each element, as a 'V<len>' view (new
 * reference). */
static gpa_array *byte_range(gpa_array *a, Py_ssize_t off, Py_ssize_t len)
{
    PyArray_Descr *d = NULL;
    PyObject *s = PyUnicode_FromFormat("V%zd", len);
    if (s == NULL)
        return NULL;
    int ok = PyArray_DescrConverter(s, &d);
    Py_DECREF(s);
    if (!ok)
        return NULL;
    return gpa_array_view_of(a, d, a->nd, a->shape, a->strides,
                             a->data + off);
}

static int copy_bytes(gpa_array *dst, gpa_array *src)
{
    Py_ssize_t off[MAX_RUNS], len[MAX_RUNS];
    if (!PyDataType_HASFIELDS(dst->descr))
        return copy_whole(dst, src);
    int runs = field_runs(dst->descr, off, len);
    if (runs == -1)
        return -1;
    if (runs == -2 || (runs == 1 && len[0] == gpa_itemsize(dst)))
        return copy_whole(dst, src);
    for (int r = 0; r < runs; r++) {
        gpa_array *d = byte_range(dst, off[r], len[r]);
        gpa_array *s = d ? byte_range(src, off[r], len[r]) : NULL;
        int rc = s ? copy_whole(d, s) : -1;
        Py_XDECREF(d);
        Py_XDECREF(s);
        if (rc < 0)
            return -1;
    }
    return 0;
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
