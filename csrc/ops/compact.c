/* compact.c - stream compaction (kernels in jit/compact_codegen.c): the
 * kept elements of a C-contiguous array under a boolean mask of its size,
 * or the indices of the true mask entries, in C order.  Two launches and
 * one sync (the count, to size the result).
 */
#include "common.h"
#include "array/array.h"
#include "array/structured.h"
#include "jit/compact.h"
#include "python/module_functions.h"
#include "runtime/backend.h"

/* New reference: a new 1-d array of the kept elements of values (or, with
 * values NULL, int64 indices of the true entries of mask).  mask: bool,
 * C-contiguous; values: C-contiguous, mask's size and device. */
static gpa_array *compact(gpa_array *mask, gpa_array *values)
{
    gpa_device *dev = mask->dev;
    const gpa_backend *be = dev->be;
    gpa_array *out = NULL;
    gpa_mem *work = NULL;
    void *fns[GPA_CMP_K_N];
    int cuda = dev->kind == GPA_DEVICE_CUDA;
    long long n = mask->size;
    int eb = values ? (int)gpa_itemsize(values) : 8;
    PyArray_Descr *d = values ? values->descr : PyArray_DescrFromType(NPY_INT64);

    if (values)
        Py_INCREF(d);
    if (d == NULL)
        return NULL;
    if (n == 0) {
        Py_ssize_t zero = 0;
        return gpa_array_empty(dev, d, 1, &zero, 0);
    }
    if (gpa_compact_kernels(dev, eb, fns) < 0)
        goto fail;
    long long tile = cuda ? GPA_CMP_TILE_CUDA : GPA_CMP_TILE_HOST;
    long long ntiles = (n + tile - 1) / tile;
    if (ntiles > 0x7fffffffLL) {
        PyErr_SetString(PyExc_ValueError, "compaction: too many tiles");
        goto fail;
    }
    /* work: the total (8 bytes), the tile counter (8), a word per tile */
    size_t wbytes = 16 + (size_t)ntiles * 8;
    work = gpa_mem_alloc(dev, wbytes);
    if (work == NULL || be->memset_d8(dev, work->ptr, 0, wbytes, dev->stream) < 0)
        goto fail;
    unsigned long long *total = (unsigned long long *)work->ptr;
    unsigned *counter = (unsigned *)((char *)work->ptr + 8);
    unsigned long long *status = (unsigned long long *)((char *)work->ptr + 16);
    char *m = mask->data;
    gpa_dim3 grid = {(unsigned)ntiles, 1, 1};
    gpa_dim3 block = {cuda ? 256 : 1, 1, 1};
    void *cargs[4] = {&m, &n, &status, &total};
    if (be->launch(dev, fns[GPA_CMP_K_COUNT], grid, block, 0, dev->stream,
                   cargs) < 0)
        goto fail;
    unsigned long long count = 0;
    if (be->copy_sync(dev, &count, total, 8, GPA_D2H, dev->stream) < 0)
        goto fail;
    Py_ssize_t shape = (Py_ssize_t)count;
    out = gpa_array_empty(dev, d, 1, &shape, 0);
    d = NULL; /* stolen */
    if (out == NULL)
        goto fail;
    if (count) {
        char *src = values ? values->data : NULL;
        char *dst = values ? out->data : NULL;
        char *iout = values ? NULL : out->data;
        void *sargs[7] = {&m, &src, &dst, &iout, &n, &status, &counter};
        if (be->launch(dev, fns[values ? GPA_CMP_K_VALUES : GPA_CMP_K_INDEX],
                       grid, block, 0, dev->stream, sargs) < 0)
            goto fail;
    }
    gpa_mem_decref(work);
    return out;
fail:
    Py_XDECREF(d);
    Py_XDECREF(out);
    gpa_mem_decref(work);
    return NULL;
}

/* _compact(mask, values=None): values[mask] flattened (values None: the
 * int64 positions of mask's true entries), both C-contiguous. */
PyObject *gpa_py_compact(PyObject *self, PyObject *args)
{
    PyObject *m, *v = Py_None;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!|O:_compact", gpa_array_type, &m, &v))
        return NULL;
    gpa_array *M = (gpa_array *)m, *V = NULL;
    if (gpa_type_num(M) != NPY_BOOL || !(M->flags & GPA_C_CONTIGUOUS)) {
        PyErr_SetString(PyExc_ValueError,
                        "_compact: the mask must be a C-contiguous bool array");
        return NULL;
    }
    if (v != Py_None) {
        if (!gpa_array_check(v)) {
            PyErr_SetString(PyExc_TypeError, "_compact: values must be an "
                            "ndarray or None");
            return NULL;
        }
        V = (gpa_array *)v;
        Py_ssize_t eb = gpa_itemsize(V);
        if (V->size != M->size || V->dev != M->dev ||
            !(V->flags & GPA_C_CONTIGUOUS) || !gpa_array_aligned(V) ||
            !(eb == 1 || eb == 2 || eb == 4 || eb == 8 || eb == 16)) {
            PyErr_SetString(PyExc_ValueError,
                            "_compact: values must be C-contiguous, of the "
                            "mask's size and device, with items of 1, 2, 4, "
                            "8 or 16 bytes");
            return NULL;
        }
    }
    return (PyObject *)compact(M, V);
}

/* _gather1d(a, idx, out): out[...] = a[idx[...]] for a 1-d a (any step
 * that is a multiple of the item size), int64 C-contiguous idx and out
 * of idx's size and a's dtype; negative indices wrap.  Returns True, or
 * False when an index was out of bounds (out is then incomplete). */
PyObject *gpa_py_gather1d(PyObject *self, PyObject *args)
{
    PyObject *a, *ix, *o;
    void *fns[GPA_CMP_K_N];
    gpa_mem *flag = NULL;
    unsigned bad = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!O!O!:_gather1d", gpa_array_type, &a,
                          gpa_array_type, &ix, gpa_array_type, &o))
        return NULL;
    gpa_array *ga = (gpa_array *)a, *gi = (gpa_array *)ix, *go = (gpa_array *)o;
    gpa_device *dev = ga->dev;
    Py_ssize_t eb = gpa_itemsize(ga);
    if (ga->nd != 1 || gpa_type_num(gi) != NPY_INT64 ||
        !(gi->flags & GPA_C_CONTIGUOUS) || !(go->flags & GPA_C_CONTIGUOUS) ||
        go->size != gi->size || !PyArray_EquivTypes(go->descr, ga->descr) ||
        gi->dev != dev || go->dev != dev || ga->strides[0] % eb ||
        !gpa_array_aligned(ga) ||
        !(eb == 1 || eb == 2 || eb == 4 || eb == 8 || eb == 16)) {
        PyErr_SetString(PyExc_ValueError,
                        "_gather1d: a 1-d array, C-contiguous int64 indices "
                        "and an output of their size and a's dtype, on one "
                        "device");
        return NULL;
    }
    long long m = gi->size, n = ga->shape[0], step = ga->strides[0] / eb;
    if (m == 0)
        Py_RETURN_TRUE;
    if (gpa_compact_kernels(dev, (int)eb, fns) < 0)
        return NULL;
    flag = gpa_mem_alloc(dev, 16);
    if (flag == NULL)
        return NULL;
    int rc = -1, cuda = dev->kind == GPA_DEVICE_CUDA;
    if (dev->be->memset_d8(dev, flag->ptr, 0, 16, dev->stream) < 0)
        goto done;
    long long blocks = cuda ? (m + 4095) / 4096 : (m + 65535) / 65536;
    long long cap = cuda ? 32LL * dev->sm_count : 64;
    if (blocks > cap)
        blocks = cap;
    char *src = ga->data, *ip = gi->data, *dst = go->data, *fp = flag->ptr;
    void *gargs[7] = {&src, &ip, &dst, &m, &n, &step, &fp};
    gpa_dim3 grid = {(unsigned)blocks, 1, 1}, block = {cuda ? 256 : 1, 1, 1};
    if (dev->be->launch(dev, fns[GPA_CMP_K_GATHER], grid, block, 0,
                        dev->stream, gargs) < 0 ||
        dev->be->copy_sync(dev, &bad, fp, 4, GPA_D2H, dev->stream) < 0)
        goto done;
    rc = 0;
done:
    gpa_mem_decref(flag);
    if (rc < 0)
        return NULL;
    return PyBool_FromLong(!bad);
}

/* _compact_source(elem_bytes): the kernel text (for the NVRTC test). */
PyObject *gpa_py_compact_source(PyObject *self, PyObject *args)
{
    int eb;
    gpa_strbuf b = {0};
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "i:_compact_source", &eb))
        return NULL;
    if (!(eb == 1 || eb == 2 || eb == 4 || eb == 8 || eb == 16)) {
        PyErr_SetString(PyExc_ValueError, "_compact_source: 1, 2, 4, 8 or 16");
        return NULL;
    }
    gpa_compact_source(eb, &b);
    if (b.failed) {
        gpa_sb_free(&b);
        return PyErr_NoMemory();
    }
    PyObject *r = PyUnicode_FromString(b.s);
    gpa_sb_free(&b);
    return r;
}
