/* fft_cache.c - the per-device FFT plan cache (Note [FFT plan cache] in
 * fft.h) and its Python functions (gpuarray.fft.config.get_plan_cache).
 *
 * The caches are file-level statics, as the CUDA tables are (Note
 * [Process-wide CUDA tables] in runtime/cuda_loader.c): a cuFFT plan
 * belongs to a device's primary context, which is process-wide.
 */
#include "mathlib/fft.h"
#include "runtime/cuda_backend.h"

#include <stdlib.h>

typedef struct {
    gpa_fft_plan *head, *tail;
    Py_ssize_t n, max_n;
    size_t memsize;
    long long max_memsize; /* -1: no limit */
    int ready;
} fft_cache;

static fft_cache caches[GPA_FFT_MAX_DEVICES + 1];

void (*gpa_fft_destroy_handle)(int handle);

static fft_cache *
cache_at(int slot)
{
    fft_cache *c;
    if (slot < 0 || slot > GPA_FFT_MAX_DEVICES) {
        PyErr_Format(PyExc_ValueError, "no FFT plan cache for device %d",
                     slot - 1);
        return NULL;
    }
    c = &caches[slot];
    if (!c->ready) {
        c->max_n = 16;       /* CuPy's default */
        c->max_memsize = -1;
        c->ready = 1;
    }
    return c;
}

static void
make_key(const gpa_fft_layout *L, int prec, long long *key)
{
    int k;
    memset(key, 0, 24 * sizeof *key);
    key[0] = L->kind;
    key[1] = prec;
    key[2] = L->rank;
    for (k = 0; k < L->rank; k++) {
        key[3 + k] = L->n[k];
        key[6 + k] = L->inembed[k];
        key[9 + k] = L->onembed[k];
    }
    key[12] = L->istride;
    key[13] = L->idist;
    key[14] = L->ostride;
    key[15] = L->odist;
    key[16] = L->batch;
}

void
gpa_fft_plan_release(gpa_fft_plan *p)
{
    if (p == NULL)
        return;
    if (p->handle >= 0 && gpa_fft_destroy_handle != NULL)
        gpa_fft_destroy_handle(p->handle);
    free(p);
}

static void
unlink_plan(fft_cache *c, gpa_fft_plan *p)
{
    if (p->prev)
        p->prev->next = p->next;
    else
        c->head = p->next;
    if (p->next)
        p->next->prev = p->prev;
    else
        c->tail = p->prev;
    p->prev = p->next = NULL;
    c->n--;
    c->memsize -= p->worksize;
    p->cached = 0;
}

static void
push_front(fft_cache *c, gpa_fft_plan *p)
{
    p->prev = NULL;
    p->next = c->head;
    if (c->head)
        c->head->prev = p;
    c->head = p;
    if (c->tail == NULL)
        c->tail = p;
    c->n++;
    c->memsize += p->worksize;
    p->cached = 1;
}

/* Evicts from the tail until the limits hold, sparing `keep` (which
 * fits the limits by itself). */
static void
trim(fft_cache *c, gpa_fft_plan *keep)
{
    gpa_fft_plan *p = c->tail, *prev;
    while (p != NULL &&
           (c->n > c->max_n ||
            (c->max_memsize >= 0 && c->memsize > (size_t)c->max_memsize))) {
        prev = p->prev;
        if (p != keep) {
            unlink_plan(c, p);
            gpa_fft_plan_release(p);
        }
        p = prev;
    }
}

gpa_fft_plan *
gpa_fft_cache_get(int slot, const gpa_fft_layout *L, int prec,
                  int (*make)(const gpa_fft_layout *, int, gpa_fft_plan *))
{
    fft_cache *c = cache_at(slot);
    gpa_fft_plan *p;
    long long key[24];

    if (c == NULL)
        return NULL;
    make_key(L, prec, key);
    for (p = c->head; p != NULL; p = p->next)
        if (memcmp(p->key, key, sizeof key) == 0) {
            if (p != c->head) {
                unlink_plan(c, p);
                push_front(c, p);
            }
            return p;
        }
    p = calloc(1, sizeof *p);
    if (p == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(p->key, key, sizeof key);
    p->handle = -1;
    if (make != NULL && make(L, prec, p) < 0) {
        free(p);
        return NULL;
    }
    if (c->max_n > 0 &&
        (c->max_memsize < 0 || p->worksize <= (size_t)c->max_memsize)) {
        push_front(c, p);
        trim(c, p);
    }
    return p;
}

static void
cache_clear(fft_cache *c)
{
    while (c->head != NULL) {
        gpa_fft_plan *p = c->head;
        unlink_plan(c, p);
        gpa_fft_plan_release(p);
    }
}

static PyObject *
cache_info(fft_cache *c)
{
    PyObject *plans = PyList_New(0), *res;
    gpa_fft_plan *p;

    if (plans == NULL)
        return NULL;
    for (p = c->head; p != NULL; p = p->next) {
        const long long *k = p->key;
        int r = (int)k[2];
        PyObject *e = Py_BuildValue(
            "{s:s,s:i,s:N,s:L,s:L,s:L,s:L,s:L,s:n}", "kind",
            k[0] == GPA_FFT_C2C ? "C2C" : k[0] == GPA_FFT_R2C ? "R2C"
                                                               : "C2R",
            "precision", (int)k[1],
            "n", r == 1 ? Py_BuildValue("(L)", k[3])
                 : r == 2 ? Py_BuildValue("(LL)", k[3], k[4])
                          : Py_BuildValue("(LLL)", k[3], k[4], k[5]),
            "istride", k[12], "idist", k[13], "ostride", k[14], "odist",
            k[15], "batch", k[16], "worksize", (Py_ssize_t)p->worksize);
        if (e == NULL || PyList_Append(plans, e) < 0) {
            Py_XDECREF(e);
            Py_DECREF(plans);
            return NULL;
        }
        Py_DECREF(e);
    }
    res = Py_BuildValue("{s:n,s:n,s:n,s:L,s:N}", "size", c->n, "max_size",
                        c->max_n, "memsize", (Py_ssize_t)c->memsize,
                        "max_memsize", c->max_memsize, "plans", plans);
    return res;
}

/* Before plans of slot are destroyed outside an exec: their device's
 * context made current (cuFFT frees device memory).  -1 with an
 * exception. */
static int
activate_slot(int slot, fft_cache *c)
{
    gpa_device *dev;
    if (slot == 0 || c->n == 0)
        return 0;
    dev = gpa_cuda_device(slot - 1);
    if (dev == NULL)
        return -1;
    return gpa_cuda_activate(dev) < 0 ? -1 : 0;
}

/* _fft_cache(op, slot[, value]): op "info" -> dict, "set_size",
 * "set_memsize" (value; -1 no limit), "clear" -> None.  slot 0 is the
 * host device, k + 1 CUDA device k. */
PyObject *
gpa_py_fft_cache(PyObject *self, PyObject *args)
{
    const char *op;
    int slot;
    long long value = 0;
    fft_cache *c;

    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si|L", &op, &slot, &value))
        return NULL;
    c = cache_at(slot);
    if (c == NULL)
        return NULL;
    if (strcmp(op, "info") == 0)
        return cache_info(c);
    if (activate_slot(slot, c) < 0)
        return NULL;
    if (strcmp(op, "set_size") == 0) {
        if (value < 0) {
            PyErr_SetString(PyExc_ValueError,
                            "the plan cache size must be >= 0");
            return NULL;
        }
        c->max_n = (Py_ssize_t)value;
        trim(c, NULL);
    }
    else if (strcmp(op, "set_memsize") == 0) {
        if (value < -1) {
            PyErr_SetString(PyExc_ValueError,
                            "the plan cache memsize must be >= 0, or -1 "
                            "for no limit");
            return NULL;
        }
        c->max_memsize = value;
        trim(c, NULL);
    }
    else if (strcmp(op, "clear") == 0)
        cache_clear(c);
    else {
        PyErr_Format(PyExc_ValueError, "_fft_cache: unknown op '%s'", op);
        return NULL;
    }
    Py_RETURN_NONE;
}
