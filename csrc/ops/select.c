/* select.c - radix select: the kth smallest of every row, and the row
 * partitioned around it, without a sort (kernels and design in
 * jit/select_codegen.c).
 *
 * Per 8-bit digit, most significant first: upload the rows' key prefixes,
 * zero the rows' 256 counters, run sel_hist, read the counters back (one
 * small sync per digit: 4 for 32-bit keys, 8 for 64-bit ones) and pick on
 * the host the digit holding each row's remaining rank.  Then one
 * sel_scatter writes the below / equal / above regions (and/or the kth
 * values).  Keys of Note [Sort keys]: NaN last, -0.0 == 0.0.
 */
#include "common.h"
#include "array/array.h"
#include "jit/sort.h"
#include "python/module_functions.h"
#include "runtime/backend.h"
#include "runtime/host_threads.h"
#include "util.h"

static long long cdiv(long long a, long long b)
{
    return (a + b - 1) / b;
}

/* Chunks per row: enough blocks to fill the device, a few thousand keys
 * each (a host block is one worker's share). */
static long long chunks(gpa_device *dev, long long len, long long n_rows)
{
    int cuda = dev->kind == GPA_DEVICE_CUDA;
    long long per = cuda ? 4096 : 65536;
    long long want = cuda ? 8LL * dev->sm_count : 4LL * gpa_host_thread_count();
    long long cpr = cdiv(len, per);
    if (cpr * n_rows > want)
        cpr = cdiv(want, n_rows);
    return cpr < 1 ? 1 : cpr;
}

/* Selects rank k (0 <= k < len) of each of the n_rows C-contiguous rows
 * of keys: out_keys / out_idx (either NULL) receive each row partitioned
 * around it (int64 indices within the row), out_kth (NULL, or n_rows
 * elements of the keys' dtype) the kth values.  0, or -1 with an
 * exception. */
int gpa_radix_select(gpa_array *keys, long long n_rows, long long k,
                     gpa_array *out_keys, gpa_array *out_idx,
                     gpa_array *out_kth)
{
    gpa_device *dev = keys->dev;
    const gpa_backend *be = dev->be;
    gpa_mem *work = NULL, *cbuf = NULL;
    unsigned long long *hh = NULL, *pre = NULL, *kk = NULL, *lt = NULL;
    unsigned long long *base = NULL;
    void *fns[GPA_SORT_K_N], *kp = NULL;
    gpa_sort_spec spec;
    int rc = -1, cuda = dev->kind == GPA_DEVICE_CUDA, desc = 0;
    long long n = keys->size;

    if (n == 0 || n_rows < 1)
        return 0;
    long long len = n / n_rows;
    if (gpa_sort_spec_of(gpa_type_num(keys), n <= 0xffffffffLL ? 4 : 8,
                         &spec) < 0) {
        PyErr_Format(PyExc_TypeError, "radix select: no key transform for "
                     "dtype %R", (PyObject *)keys->descr);
        return -1;
    }
    if (gpa_sort_kernels(dev, &spec, fns) < 0)
        return -1;
    long long cpr = chunks(dev, len, n_rows);
    if (n_rows * cpr > 0x7fffffffLL) {
        PyErr_SetString(PyExc_ValueError, "radix select: too many rows");
        return -1;
    }
    size_t kw = spec.elem_bytes == 8 ? 8 : 4, R = (size_t)n_rows;
    size_t hbytes = R * GPA_SORT_RADIX * 8;
    /* work: counters, prefixes (key width), region starts, reservations */
    size_t wbytes = hbytes + R * 8 + R * 16 + R * 24;
    work = gpa_mem_alloc(dev, wbytes);
    hh = PyMem_Malloc(hbytes);
    pre = PyMem_Calloc(R, 8);
    kk = PyMem_Malloc(R * 8);
    lt = PyMem_Calloc(R, 8);
    base = PyMem_Malloc(R * 16);
    kp = PyMem_Malloc(R * kw);
    if (work == NULL || hh == NULL || pre == NULL || kk == NULL ||
        lt == NULL || base == NULL || kp == NULL) {
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        goto done;
    }
    char *wp = work->ptr;
    unsigned long long *dhist = (unsigned long long *)wp;
    char *dpre = wp + hbytes;
    unsigned long long *dbase = (unsigned long long *)(wp + hbytes + R * 8);
    unsigned long long *dcnt = (unsigned long long *)(wp + hbytes + R * 24);
    for (size_t r = 0; r < R; r++)
        kk[r] = (unsigned long long)k;

    int kbits = spec.elem_bytes * 8;
    gpa_dim3 grid = {(unsigned)(n_rows * cpr), 1, 1};
    gpa_dim3 block = {cuda ? GPA_SORT_BLOCK_CUDA : 1, 1, 1};
    char *src = keys->data, *cur = src;
    long long clen = len;
    unsigned long long cnt_d = 0;   /* one row: candidates after a pass */
    for (int shift = kbits - 8; shift >= 0; shift -= 8) {
        /* one row whose candidates are few: the second pass copies them
         * out and the later passes read only those */
        char *cand = NULL;
        unsigned long long *ccount = NULL, copied = cnt_d;
        if (n_rows == 1 && cur == src && shift < kbits - 8 && shift > 0 &&
            cnt_d <= (unsigned long long)len / 8) {
            size_t cb = ((size_t)cnt_d * spec.elem_bytes + 7) & ~(size_t)7;
            if ((cbuf = gpa_mem_alloc(dev, cb + 8)) == NULL)
                goto done;
            cand = cbuf->ptr;
            ccount = (unsigned long long *)(cbuf->ptr + cb);
            if (be->memset_d8(dev, ccount, 0, 8, dev->stream) < 0)
                goto done;
        }
        unsigned long long all = kbits == 64 ? ~0ULL : (1ULL << kbits) - 1;
        unsigned long long mask = shift + 8 >= kbits
                                      ? 0 : all & ~((1ULL << (shift + 8)) - 1);
        for (size_t r = 0; r < R; r++) {
            if (kw == 8)
                ((unsigned long long *)kp)[r] = pre[r];
            else
                ((unsigned *)kp)[r] = (unsigned)pre[r];
        }
        if (be->copy_sync(dev, dpre, kp, R * kw, GPA_H2D, dev->stream) < 0 ||
            be->memset_d8(dev, dhist, 0, hbytes, dev->stream) < 0)
            goto done;
        void *args[10] = {&cur, &clen, &cpr, &desc, &shift, &dpre, &mask,
                          &dhist, &cand, &ccount};
        if (be->launch(dev, fns[GPA_SORT_K_SEL_HIST], grid, block, 0,
                       dev->stream, args) < 0)
            goto done;
        if (be->copy_sync(dev, hh, dhist, hbytes, GPA_D2H, dev->stream) < 0)
            goto done;
        for (size_t r = 0; r < R; r++) {
            const unsigned long long *h = hh + r * GPA_SORT_RADIX;
            unsigned long long below = 0;
            int d = 0;
            while (d < GPA_SORT_RADIX - 1 && below + h[d] <= kk[r])
                below += h[d++];
            kk[r] -= below;
            lt[r] += below;
            pre[r] |= (unsigned long long)d << shift;
            cnt_d = h[d];
            if (shift == 0) {
                base[2 * r] = lt[r];
                base[2 * r + 1] = lt[r] + h[d];
            }
        }
        if (cand != NULL) {
            cur = cand;
            clen = (long long)copied;   /* what the pass copied out */
            cpr = chunks(dev, clen, 1);
            grid.x = (unsigned)cpr;
        }
    }
    for (size_t r = 0; r < R; r++) {
        if (kw == 8)
            ((unsigned long long *)kp)[r] = pre[r];
        else
            ((unsigned *)kp)[r] = (unsigned)pre[r];
    }
    if (be->copy_sync(dev, dpre, kp, R * kw, GPA_H2D, dev->stream) < 0 ||
        be->copy_sync(dev, dbase, base, R * 16, GPA_H2D, dev->stream) < 0 ||
        be->memset_d8(dev, dcnt, 0, R * 24, dev->stream) < 0)
        goto done;
    {
        char *tout = out_keys ? out_keys->data : NULL;
        long long *iout = out_idx ? (long long *)out_idx->data : NULL;
        char *kout = out_kth ? out_kth->data : NULL;
        if (tout == NULL && iout == NULL) {
            /* only the kth values: the candidates hold them */
            src = cur;
            len = clen;
        } else if (cur != keys->data) {
            cpr = chunks(dev, len, n_rows);
            grid.x = (unsigned)(n_rows * cpr);
        }
        void *args[10] = {&src, &len, &cpr, &desc, &dpre, &dbase, &dcnt,
                          &tout, &iout, &kout};
        if (be->launch(dev, fns[GPA_SORT_K_SEL_SCATTER], grid, block, 0,
                       dev->stream, args) < 0)
            goto done;
    }
    rc = 0;
done:
    PyMem_Free(hh);
    PyMem_Free(pre);
    PyMem_Free(kk);
    PyMem_Free(lt);
    PyMem_Free(base);
    PyMem_Free(kp);
    gpa_mem_decref(cbuf);
    gpa_mem_decref(work);
    return rc;
}

static int check_out(gpa_array *keys, PyObject *o, const char *what,
                     int index, long long size, gpa_array **res)
{
    *res = NULL;
    if (o == Py_None)
        return 0;
    if (!gpa_array_check(o)) {
        PyErr_Format(PyExc_TypeError, "_radix_select: %s must be an "
                     "ndarray", what);
        return -1;
    }
    gpa_array *a = (gpa_array *)o;
    int ok_type = !index ? PyArray_EquivTypes(a->descr, keys->descr)
                         : (PyDataType_ISINTEGER(a->descr) &&
                            PyDataType_ISSIGNED(a->descr) &&
                            gpa_itemsize(a) == 8);
    if (a->dev != keys->dev || a->size != size ||
        !(a->flags & GPA_C_CONTIGUOUS) || !(a->flags & GPA_WRITEABLE) ||
        !ok_type || a->mem == keys->mem) {
        PyErr_Format(PyExc_ValueError, "_radix_select: %s must be a "
                     "writeable C-contiguous %s array of %lld elements on "
                     "the keys' device, not sharing their memory", what,
                     index ? "int64" : "keys' dtype", size);
        return -1;
    }
    *res = a;
    return 0;
}

/* _radix_select(keys, rows, k, out_keys, out_index, out_kth): rank k of
 * each of the `rows` equal rows of the C-contiguous keys; out_keys
 * (keys' dtype, keys' size) and/or out_index (int64) get the rows
 * partitioned around it, out_kth (rows elements) the kth values; None
 * leaves one out.  Returns None. */
PyObject *gpa_py_radix_select(PyObject *self, PyObject *args)
{
    PyObject *k, *ok, *oi, *ot;
    long long rows, kth;
    gpa_array *K, *OK, *OI, *OT;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "O!LLOOO:_radix_select", gpa_array_type, &k,
                          &rows, &kth, &ok, &oi, &ot))
        return NULL;
    K = (gpa_array *)k;
    if (!(K->flags & GPA_C_CONTIGUOUS)) {
        PyErr_SetString(PyExc_ValueError,
                        "_radix_select: keys must be C-contiguous");
        return NULL;
    }
    if (rows < 1 || K->size % rows) {
        PyErr_SetString(PyExc_ValueError,
                        "_radix_select: rows must divide the keys' size");
        return NULL;
    }
    long long len = K->size / rows;
    if (K->size == 0 || kth < 0 || kth >= len) {
        PyErr_Format(PyExc_ValueError, "_radix_select: k=%lld out of range "
                     "for rows of %lld", kth, len);
        return NULL;
    }
    if (check_out(K, ok, "out_keys", 0, K->size, &OK) < 0 ||
        check_out(K, oi, "out_index", 1, K->size, &OI) < 0 ||
        check_out(K, ot, "out_kth", 0, rows, &OT) < 0)
        return NULL;
    if (OK == NULL && OI == NULL && OT == NULL) {
        PyErr_SetString(PyExc_ValueError,
                        "_radix_select: give out_keys, out_index or out_kth");
        return NULL;
    }
    if (gpa_radix_select(K, rows, kth, OK, OI, OT) < 0)
        return NULL;
    Py_RETURN_NONE;
}
