/* sort.c - the radix sort engine: one C call sorts n_rows rows of a
 * C-contiguous array (each row on its own; the row is the high key), for
 * keys, their indices, or both (kernels and Notes in jit/sort_codegen.c).
 *
 * The call: zero one work block (histogram, flags, tile counters,
 * look-back words), run sort_hist, read the histogram back (the one sync
 * of a sort), drop the passes whose digit is the same for every key, and
 * run the rest in order, ping-ponging between two pool temporaries; the
 * first pass reads the typed input, the last writes the typed outputs.
 * A sort that needs no pass at all still runs one (a stable copy).
 */
#include "common.h"
#include "array/array.h"
#include "jit/sort.h"
#include "python/module_functions.h"
#include "runtime/backend.h"
#include "runtime/host_threads.h"
#include "util.h"

#define MAX_PASSES 16

static long long cdiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

typedef struct {
    int shift, rowdig, slot; /* digit position, row digit?, histogram slot */
} pass_t;

/* Sorts keys (C-contiguous, n_rows rows of equal length) into out_keys
 * (same dtype) and/or out_idx (int64: the index within its row), both
 * C-contiguous, either NULL.  Ascending, or descending by the key
 * transform (then NaN first).  Stable.  0, or -1 with an exception. */
int gpa_radix_sort(gpa_array *keys, long long n_rows, gpa_array *out_keys,
                   gpa_array *out_idx, int desc)
{
    gpa_device *dev = keys->dev;
    const gpa_backend *be = dev->be;
    gpa_mem *work = NULL, *buf[2] = {NULL, NULL};
    unsigned long long *h = NULL;
    void *fns[GPA_SORT_K_N];
    pass_t passes[MAX_PASSES];
    gpa_sort_spec spec;
    int rc = -1, cuda = dev->kind == GPA_DEVICE_CUDA;
    long long n = keys->size;

    if (n == 0)
        return 0;
    long long len = n / n_rows;
    int vb = n <= 0xffffffffLL ? 4 : 8;
    if (gpa_sort_spec_of(gpa_type_num(keys), vb, &spec) < 0) {
        PyErr_Format(PyExc_TypeError, "radix sort: no key transform for "
                     "dtype %R", (PyObject *)keys->descr);
        return -1;
    }
    int npk = spec.elem_bytes, npr = 0;
    for (long long r = n_rows - 1; r > 0; r >>= 8)
        npr++;
    int nslots = npk + npr;
    long long tile = cuda ? GPA_SORT_BLOCK_CUDA * GPA_SORT_IPT_CUDA
                          : GPA_SORT_TILE_HOST;
    long long ntiles = cdiv(n, tile);
    if (ntiles > 0x7fffffffLL) {
        PyErr_SetString(PyExc_ValueError, "radix sort: too many tiles");
        return -1;
    }
    if (gpa_sort_kernels(dev, &spec, fns) < 0)
        return -1;

    /* short rows: a block each, the whole sort in one launch */
    long long rowmax = cuda ? GPA_SORT_ROWMAX_CUDA : GPA_SORT_ROWMAX_HOST;
    if (len <= rowmax && n_rows <= 0x7fffffffLL) {
        char *s = keys->data, *to = out_keys ? out_keys->data : NULL;
        long long *io = out_idx ? (long long *)out_idx->data : NULL;
        long long rows = n_rows;
        void *args[6] = {&s, &to, &io, &rows, &len, &desc};
        gpa_dim3 grid = {(unsigned)n_rows, 1, 1};
        gpa_dim3 block = {cuda ? GPA_SORT_BLOCK_CUDA : 1, 1, 1};
        return be->launch(dev, fns[GPA_SORT_K_ROWS], grid, block, 0,
                          dev->stream, args) < 0 ? -1 : 0;
    }

    /* work: histogram slots, flags (16 bytes), a tile counter per pass
     * (64 bytes), the look-back words (Note [Look-back words]) */
    size_t hist_bytes = (size_t)nslots * GPA_SORT_RADIX * 8;
    size_t wbytes = hist_bytes + 16 + 64 + (size_t)ntiles * GPA_SORT_RADIX * 8;
    work = gpa_mem_alloc(dev, wbytes);
    if (work == NULL)
        goto done;
    char *wp = work->ptr;
    unsigned long long *dhist = (unsigned long long *)wp;
    unsigned *dflags = (unsigned *)(wp + hist_bytes);
    unsigned *dcount = (unsigned *)(wp + hist_bytes + 16);
    unsigned long long *dstatus = (unsigned long long *)(wp + hist_bytes + 80);
    if (be->memset_d8(dev, wp, 0, wbytes, dev->stream) < 0)
        goto done;

    char *src = keys->data;
    long long hgrid = cuda ? cdiv(n, GPA_SORT_BLOCK_CUDA * 16)
                           : cdiv(n, 1 << 16);
    long long hcap = cuda ? 8LL * dev->sm_count : 4LL * gpa_host_thread_count();
    if (hgrid > hcap)
        hgrid = hcap;
    if (hgrid < 1)
        hgrid = 1;
    {
        long long rows = n_rows;
        void *args[8] = {&src, &n, &len, &rows, &npr, &desc, &dhist, &dflags};
        gpa_dim3 grid = {(unsigned)hgrid, 1, 1};
        gpa_dim3 block = {cuda ? GPA_SORT_BLOCK_CUDA : 1, 1, 1};
        if (be->launch(dev, fns[GPA_SORT_K_HIST], grid, block, 0, dev->stream,
                       args) < 0)
            goto done;
    }
    h = PyMem_Malloc(hist_bytes + 16);
    if (h == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    if (be->copy_sync(dev, h, wp, hist_bytes + 16, GPA_D2H, dev->stream) < 0)
        goto done;
    int lossy = ((unsigned *)((char *)h + hist_bytes))[0] != 0;

    /* the passes whose digit differs between keys, LSD first */
    int np = 0;
    for (int s = 0; s < nslots; s++) {
        const unsigned long long *hs = h + (size_t)s * GPA_SORT_RADIX;
        int constant = 0;
        for (int d = 0; d < GPA_SORT_RADIX; d++)
            constant |= hs[d] == (unsigned long long)n;
        if (constant)
            continue;
        passes[np].rowdig = s >= npk;
        passes[np].shift = 8 * (s >= npk ? s - npk : s);
        passes[np].slot = s;
        np++;
    }
    if (np == 0) {
        passes[0].rowdig = passes[0].shift = passes[0].slot = 0;
        np = 1;
    }
    int gather = lossy && out_keys != NULL;
    int kv = out_idx != NULL || gather || npr > 0;
    size_t kw = spec.elem_bytes == 8 ? 8 : 4;
    size_t bufbytes = (size_t)n * (kw + (kv ? (size_t)vb : 0));
    for (int i = 0; i < 2 && i < np - 1; i++)
        if ((buf[i] = gpa_mem_alloc(dev, bufbytes)) == NULL)
            goto done;

    char *tout = out_keys ? out_keys->data : NULL;
    long long *iout = out_idx ? (long long *)out_idx->data : NULL;
    char *kin = NULL, *vin = NULL;
    for (int i = 0; i < np; i++) {
        int first = i == 0, last = i == np - 1;
        char *kout = NULL, *vout = NULL;
        if (!last) {
            kout = buf[i % 2]->ptr;
            vout = kout + (size_t)n * kw;
        }
        const unsigned long long *hp =
            dhist + (size_t)passes[i].slot * GPA_SORT_RADIX;
        int shift = passes[i].shift, rowdig = passes[i].rowdig, epoch = i;
        void *args[17] = {&src, &kin, &vin, &kout, &vout, &tout, &iout,
                          &n, &len, &shift, &rowdig, &desc, &gather,
                          (void *)&hp, &dstatus, &dcount, &epoch};
        gpa_dim3 grid = {(unsigned)ntiles, 1, 1};
        gpa_dim3 block = {cuda ? GPA_SORT_BLOCK_CUDA : 1, 1, 1};
        void *fn = fns[GPA_SORT_K_PASS + kv * 4 + first * 2 + last];
        if (be->launch(dev, fn, grid, block, 0, dev->stream, args) < 0)
            goto done;
        kin = kout;
        vin = vout;
    }
    rc = 0;
done:
    PyMem_Free(h);
    gpa_mem_decref(buf[0]);
    gpa_mem_decref(buf[1]);
    gpa_mem_decref(work);
    return rc;
}

static int check_out(gpa_array *keys, PyObject *o, const char *what,
                     int want_type, gpa_array **res)
{
    *res = NULL;
    if (o == Py_None)
        return 0;
    if (!gpa_array_check(o)) {
        PyErr_Format(PyExc_TypeError, "_radix_sort: %s must be an ndarray",
                     what);
        return -1;
    }
    gpa_array *a = (gpa_array *)o;
    int ok_type = want_type < 0
                      ? PyArray_EquivTypes(a->descr, keys->descr)
                      : (PyDataType_ISINTEGER(a->descr) &&
                         PyDataType_ISSIGNED(a->descr) &&
                         gpa_itemsize(a) == 8);
    if (a->dev != keys->dev || a->size != keys->size ||
        !(a->flags & GPA_C_CONTIGUOUS) || !(a->flags & GPA_WRITEABLE) ||
        !ok_type || a->mem == keys->mem) {
        PyErr_Format(PyExc_ValueError,
                     "_radix_sort: %s must be a writeable C-contiguous "
                     "array of the keys' size and device (%s), not sharing "
                     "their memory", what,
                     want_type < 0 ? "the keys' dtype" : "int64");
        return -1;
    }
    *res = a;
    return 0;
}

/* _radix_sort(keys, rows, out_keys, out_index, descending=False): sorts
 * each of the `rows` equal rows of the C-contiguous keys into out_keys
 * (same dtype) and/or out_index (int64 indices within the row); None
 * leaves one out.  Returns None. */
PyObject *gpa_py_radix_sort(PyObject *self, PyObject *args)
{
    PyObject *k, *ok, *oi;
    long long rows;
    int desc = 0;
    gpa_array *K, *OK, *OI;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!LOO|p:_radix_sort", gpa_array_type, &k,
                          &rows, &ok, &oi, &desc))
        return NULL;
    K = (gpa_array *)k;
    if (!(K->flags & GPA_C_CONTIGUOUS)) {
        PyErr_SetString(PyExc_ValueError,
                        "_radix_sort: keys must be C-contiguous");
        return NULL;
    }
    if (rows < 1 || (K->size > 0 && K->size % rows) ||
        (K->size == 0 && rows < 1)) {
        PyErr_SetString(PyExc_ValueError,
                        "_radix_sort: rows must divide the keys' size");
        return NULL;
    }
    if (check_out(K, ok, "out_keys", -1, &OK) < 0 ||
        check_out(K, oi, "out_index", NPY_INT64, &OI) < 0)
        return NULL;
    if (OK == NULL && OI == NULL) {
        PyErr_SetString(PyExc_ValueError,
                        "_radix_sort: give out_keys, out_index or both");
        return NULL;
    }
    if (gpa_radix_sort(K, rows, OK, OI, desc) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _sort_source(dtype, val_bytes=4): the CUDA/host text of a sort module
 * (for the NVRTC test). */
PyObject *gpa_py_sort_source(PyObject *self, PyObject *args)
{
    PyObject *dt;
    int vb = 4;
    PyArray_Descr *d = NULL;
    gpa_sort_spec s;
    gpa_strbuf b = {0};
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O|i:_sort_source", &dt, &vb))
        return NULL;
    if (!PyArray_DescrConverter(dt, &d))
        return NULL;
    int tn = d->type_num;
    Py_DECREF(d);
    if ((vb != 4 && vb != 8) || gpa_sort_spec_of(tn, vb, &s) < 0) {
        PyErr_SetString(PyExc_TypeError, "_sort_source: no radix sort for "
                        "that dtype / value width");
        return NULL;
    }
    gpa_sort_source(&s, &b);
    if (b.failed) {
        gpa_sb_free(&b);
        return PyErr_NoMemory();
    }
    PyObject *r = PyUnicode_FromString(b.s);
    gpa_sb_free(&b);
    return r;
}
