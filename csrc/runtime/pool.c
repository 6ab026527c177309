/* pool.c - the caching device-memory allocator (DESIGN.md decision 6).
 *
 * Memory is taken from the driver in segments and handed out as blocks
 * carved from them.  A freed block goes back to the pool, merged with free
 * neighbours of its segment, and is reused by later requests: in steady
 * state no driver allocation happens.
 *
 *   - sizes are rounded up to 512 bytes;
 *   - requests up to 1 MiB come from 2 MiB "small" segments, larger ones
 *     from "large" segments (20 MiB for requests under 10 MiB, else the
 *     request rounded up to 2 MiB), so small blocks don't fragment big ones;
 *   - free blocks of each (stream, small/large) arena sit in one array
 *     sorted by (size, address): best fit is a binary search;
 *   - a block is reused only on the stream it was freed on (its last use
 *     may still be in flight there).
 * Out of memory: free every wholly free segment, retry once, then raise
 * MemoryError naming the request and the pool's holdings.  A request
 * larger than the device's whole memory fails without asking the driver.
 *
 * A user allocator (gpuarray.cuda.set_allocator, CuPy's semantics) takes
 * the place of the pool: fn(nbytes) returns an object whose .ptr is the
 * memory; the gpa_mem wraps it as foreign memory and holds the object, so
 * dropping the last array drops it (which frees the memory, RMM-style).
 * Allocations made while the allocator runs (it may build gpuarray arrays
 * itself, as MemoryPool.malloc does) go to the pool, not back into it.
 */
#include "runtime/memory.h"

#include <stdio.h>
#include <stdlib.h>

#define ROUND 512
#define SMALL_REQUEST (1u << 20)
#define SMALL_SEGMENT (2u << 20)
#define MID_REQUEST (10u << 20)
#define MID_SEGMENT (20u << 20)
#define MAX_ARENAS 64

typedef struct block block;
struct block {
    gpa_mem mem;          /* first: a block is its gpa_mem */
    block *prev, *next;   /* neighbours in the same segment, by address */
    int is_free;
    int is_small;
    struct gpa_pool *pool;
};

typedef struct {
    block **items;
    size_t n, cap;
} free_list;

typedef struct {
    gpa_stream stream;
    free_list lists[2]; /* 0: large, 1: small */
} arena;

struct gpa_pool {
    gpa_device *dev;
    arena arenas[MAX_ARENAS];
    int n_arenas;
    size_t used;          /* bytes in blocks handed out */
    size_t total;         /* bytes in segments held from the driver */
    size_t limit;         /* 0: none */
    unsigned long long driver_allocs;
};

static size_t round_up(size_t n, size_t to)
{
    return (n + to - 1) / to * to;
}

/* Order of the free arrays: by size, then by address. */
static int block_less(const block *a, size_t size, const char *ptr)
{
    if (a->mem.size != size)
        return a->mem.size < size;
    return a->mem.ptr < ptr;
}

/* First index whose block is not less than (size, ptr). */
static size_t lower_bound(const free_list *fl, size_t size, const char *ptr)
{
    size_t lo = 0, hi = fl->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (block_less(fl->items[mid], size, ptr))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int free_list_insert(free_list *fl, block *b)
{
    if (fl->n == fl->cap) {
        size_t cap = fl->cap ? fl->cap * 2 : 64;
        block **items = realloc(fl->items, cap * sizeof(block *));
        if (items == NULL)
            return GPA_OOM;
        fl->items = items;
        fl->cap = cap;
    }
    size_t i = lower_bound(fl, b->mem.size, b->mem.ptr);
    memmove(fl->items + i + 1, fl->items + i, (fl->n - i) * sizeof(block *));
    fl->items[i] = b;
    fl->n++;
    return GPA_OK;
}

static void free_list_remove(free_list *fl, block *b)
{
    size_t i = lower_bound(fl, b->mem.size, b->mem.ptr);
    if (i < fl->n && fl->items[i] == b) {
        memmove(fl->items + i, fl->items + i + 1,
                (fl->n - i - 1) * sizeof(block *));
        fl->n--;
    }
}

static arena *arena_for(struct gpa_pool *pool, gpa_stream stream)
{
    for (int i = 0; i < pool->n_arenas; i++)
        if (pool->arenas[i].stream == stream)
            return &pool->arenas[i];
    if (pool->n_arenas == MAX_ARENAS)
        return NULL;
    arena *a = &pool->arenas[pool->n_arenas++];
    memset(a, 0, sizeof *a);
    a->stream = stream;
    return a;
}

static void block_release(gpa_mem *m);

int gpa_pool_create(gpa_device *dev)
{
    struct gpa_pool *pool = calloc(1, sizeof *pool);
    if (pool == NULL) {
        PyErr_NoMemory();
        return GPA_ERR;
    }
    pool->dev = dev;
    dev->pool = pool;
    return GPA_OK;
}

/* A new segment of `size` bytes as one free-standing block (not yet in any
 * free list).  GPA_OOM without exception when the driver (or the pool's
 * limit) refuses; GPA_ERR for other failures. */
static int new_segment(struct gpa_pool *pool, size_t size, int is_small,
                       block **out)
{
    void *ptr = NULL;
    block *b = NULL;
    if (pool->limit && pool->total + size > pool->limit)
        return GPA_OOM;
    /* more than the device has can never succeed: don't ask the driver
     * (an overcommitting host would say yes to 10 TB) */
    if (pool->dev->total_memory && size > pool->dev->total_memory)
        return GPA_OOM;
    b = calloc(1, sizeof *b);
    if (b == NULL)
        return GPA_OOM;
    int rc = pool->dev->be->mem_alloc(pool->dev, size, &ptr);
    if (rc != GPA_OK) {
        free(b);
        return rc;
    }
    pool->driver_allocs++;
    pool->total += size;
    b->mem.dev = pool->dev;
    b->mem.ptr = ptr;
    b->mem.size = size;
    b->mem.release = block_release;
    b->is_small = is_small;
    b->pool = pool;
    *out = b;
    return GPA_OK;
}

/* Returns every wholly free segment to the driver.  GPA_ERR on a driver
 * failure (exception set). */
int gpa_pool_free_all_blocks(gpa_device *dev)
{
    return gpa_pool_free_blocks(dev, 0, NULL);
}

/* As gpa_pool_free_all_blocks, limited to the arena of `stream` when
 * only_stream (CuPy's free_all_blocks(stream=)): other streams' cached
 * blocks stay. */
int gpa_pool_free_blocks(gpa_device *dev, int only_stream, gpa_stream stream)
{
    struct gpa_pool *pool = dev->pool;
    for (int a = 0; a < pool->n_arenas; a++) {
        if (only_stream && pool->arenas[a].stream != stream)
            continue;
        for (int k = 0; k < 2; k++) {
            free_list *fl = &pool->arenas[a].lists[k];
            size_t keep = 0;
            for (size_t i = 0; i < fl->n; i++) {
                block *b = fl->items[i];
                if (b->prev == NULL && b->next == NULL) {
                    pool->total -= b->mem.size;
                    int rc = dev->be->mem_free(dev, b->mem.ptr);
                    free(b);
                    if (rc != GPA_OK) {
                        /* keep the list consistent before failing */
                        memmove(fl->items + keep, fl->items + i + 1,
                                (fl->n - i - 1) * sizeof(block *));
                        fl->n = keep + (fl->n - i - 1);
                        return GPA_ERR;
                    }
                } else {
                    fl->items[keep++] = b;
                }
            }
            fl->n = keep;
        }
    }
    return GPA_OK;
}

/* Takes a block of at least `size` from the arena's free list, splitting
 * off the remainder.  NULL when none fits. */
static block *take_free(free_list *fl, size_t size, int is_small)
{
    size_t i = lower_bound(fl, size, NULL);
    if (i >= fl->n)
        return NULL;
    block *b = fl->items[i];
    memmove(fl->items + i, fl->items + i + 1, (fl->n - i - 1) * sizeof(block *));
    fl->n--;
    size_t rest = b->mem.size - size;
    size_t min_split = is_small ? ROUND : SMALL_REQUEST;
    if (rest >= min_split) {
        block *r = calloc(1, sizeof *r);
        if (r != NULL) {
            *r = *b;
            r->mem.ptr = b->mem.ptr + size;
            r->mem.size = rest;
            r->prev = b;
            r->next = b->next;
            if (b->next)
                b->next->prev = r;
            b->next = r;
            b->mem.size = size;
            r->is_free = 1;
            if (free_list_insert(fl, r) != GPA_OK) {
                /* undo the split rather than lose the remainder */
                b->next = r->next;
                if (r->next)
                    r->next->prev = b;
                b->mem.size += rest;
                free(r);
            }
        }
    }
    b->is_free = 0;
    return b;
}

static int raise_oom(struct gpa_pool *pool, size_t nbytes)
{
    /* PyErr_Format has no %f: format the message ourselves */
    char msg[512];
    snprintf(msg, sizeof msg,
             "out of memory on device %s: cannot allocate %zu bytes "
             "(%.2f GiB); the pool holds %zu bytes, %zu of them in use%s",
             pool->dev->name, nbytes, nbytes / 1073741824.0, pool->total,
             pool->used, pool->limit ? " (a pool limit is set)" : "");
    PyErr_SetString(PyExc_MemoryError, msg);
    return GPA_ERR;
}

static PyObject *py_allocator;         /* owned; NULL: the pool */
static _Thread_local int in_allocator; /* the allocator is running */

int gpa_set_allocator(PyObject *fn)
{
    if (fn != NULL && fn != Py_None && !PyCallable_Check(fn)) {
        PyErr_Format(PyExc_TypeError,
                     "allocator must be callable or None, not '%.200s'",
                     Py_TYPE(fn)->tp_name);
        return GPA_ERR;
    }
    Py_XSETREF(py_allocator, fn == Py_None ? NULL : Py_XNewRef(fn));
    return GPA_OK;
}

PyObject *gpa_get_allocator(void)
{
    return Py_NewRef(py_allocator ? py_allocator : Py_None);
}

/* New reference: nbytes from the user allocator (see the top). */
static gpa_mem *alloc_from_user(gpa_device *dev, size_t nbytes)
{
    gpa_mem *m = NULL;
    PyObject *ptr = NULL;
    PyObject *fn = Py_NewRef(py_allocator); /* it may reset itself */
    int outer = in_allocator;
    in_allocator = 1;
    PyObject *mem = PyObject_CallFunction(fn, "n", (Py_ssize_t)nbytes);
    in_allocator = outer;
    if (mem == NULL)
        goto fail;
    ptr = PyObject_GetAttrString(mem, "ptr");
    if (ptr == NULL) {
        PyErr_Format(PyExc_TypeError,
                     "the allocator must return an object with a .ptr "
                     "attribute (a MemoryPointer), not '%.200s'",
                     Py_TYPE(mem)->tp_name);
        goto fail;
    }
    void *p = PyLong_AsVoidPtr(ptr);
    if (p == NULL && PyErr_Occurred())
        goto fail;
    if (p == NULL) {
        PyErr_Format(PyExc_MemoryError,
                     "the allocator returned a null pointer for %zu bytes",
                     nbytes);
        goto fail;
    }
    m = gpa_mem_wrap(dev, p, nbytes, mem);
fail:
    Py_XDECREF(ptr);
    Py_XDECREF(mem);
    Py_DECREF(fn);
    return m;
}

gpa_mem *gpa_mem_alloc(gpa_device *dev, size_t nbytes)
{
    if (py_allocator != NULL && !in_allocator && nbytes > 0)
        return alloc_from_user(dev, nbytes);
    struct gpa_pool *pool = dev->pool;
    size_t size = round_up(nbytes ? nbytes : 1, ROUND);
    int is_small = size <= SMALL_REQUEST;
    arena *ar = arena_for(pool, dev->stream);
    if (ar == NULL) {
        PyErr_SetString(PyExc_RuntimeError,
                        "too many streams have allocated from this pool");
        return NULL;
    }
    if (size < nbytes) { /* overflow of the rounding */
        raise_oom(pool, nbytes);
        return NULL;
    }
    free_list *fl = &ar->lists[is_small];
    block *b = take_free(fl, size, is_small);
    if (b == NULL) {
        size_t seg = is_small ? SMALL_SEGMENT
                     : size < MID_REQUEST ? MID_SEGMENT
                                          : round_up(size, SMALL_SEGMENT);
        int rc = new_segment(pool, seg, is_small, &b);
        if (rc == GPA_OOM) {
            /* Free the cache and retry once (the exact size this time). */
            if (gpa_pool_free_all_blocks(dev) != GPA_OK)
                return NULL;
            seg = is_small ? SMALL_SEGMENT : size;
            rc = new_segment(pool, seg, is_small, &b);
        }
        if (rc == GPA_OOM) {
            raise_oom(pool, nbytes);
            return NULL;
        }
        if (rc != GPA_OK)
            return NULL;
        b->mem.stream = dev->stream;
        b->is_free = 1;
        if (free_list_insert(fl, b) != GPA_OK) {
            PyErr_NoMemory();
            return NULL;
        }
        b = take_free(fl, size, is_small);
    }
    b->mem.refcnt = 1;
    b->mem.owner = NULL;
    pool->used += b->mem.size;
    return &b->mem;
}

/* gpa_mem.release of pooled blocks: merge with free neighbours and return
 * the result to the free list of the block's stream. */
static void block_release(gpa_mem *m)
{
    block *b = (block *)m;
    struct gpa_pool *pool = b->pool;
    arena *ar = arena_for(pool, m->stream);
    pool->used -= m->size;
    if (ar == NULL)
        ar = &pool->arenas[0];
    free_list *fl = &ar->lists[b->is_small];
    /* a free neighbour merges only from the same arena (stream): one
     * freed on another stream sits in that stream's list */
    block *p = b->prev;
    if (p && p->is_free && p->mem.stream == m->stream) {
        free_list_remove(fl, p);
        p->mem.size += b->mem.size;
        p->next = b->next;
        if (b->next)
            b->next->prev = p;
        free(b);
        b = p;
    }
    /* m may be gone here (merged into p above): b is the block now */
    block *n = b->next;
    if (n && n->is_free && n->mem.stream == b->mem.stream) {
        free_list_remove(fl, n);
        b->mem.size += n->mem.size;
        b->next = n->next;
        if (n->next)
            n->next->prev = b;
        free(n);
    }
    b->is_free = 1;
    if (free_list_insert(fl, b) != GPA_OK) {
        /* Could not record it: leak the block rather than corrupt. */
        b->is_free = 0;
    }
}

/* Foreign memory: the owner keeps it alive; releasing drops the owner. */
static void foreign_release(gpa_mem *m)
{
    Py_XDECREF(m->owner);
    free(m);
}

gpa_mem *gpa_mem_wrap(gpa_device *dev, void *ptr, size_t size,
                      PyObject *owner)
{
    gpa_mem *m = calloc(1, sizeof *m);
    if (m == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    m->refcnt = 1;
    m->dev = dev;
    m->ptr = ptr;
    m->size = size;
    Py_XINCREF(owner);
    m->owner = owner;
    m->release = foreign_release;
    m->stream = dev->stream;
    return m;
}

/* The stream is gone (synchronized, then destroyed): its free blocks
 * join the default stream's arena, and its arena slot is reused.  A block
 * still in use keeps the old handle and gets an arena when freed. */
int gpa_pool_forget_stream(gpa_device *dev, gpa_stream stream)
{
    struct gpa_pool *pool = dev->pool;
    if (stream == NULL)
        return GPA_OK;
    int i = 0;
    while (i < pool->n_arenas && pool->arenas[i].stream != stream)
        i++;
    if (i == pool->n_arenas)
        return GPA_OK;
    arena *dst = arena_for(pool, NULL);
    arena *src = &pool->arenas[i];
    if (dst == NULL || dst == src)
        return GPA_OK; /* no room to move: leave it where it is */
    for (int k = 0; k < 2; k++) {
        free_list *fl = &src->lists[k];
        while (fl->n > 0) {
            block *b = fl->items[fl->n - 1];
            b->mem.stream = NULL;
            if (free_list_insert(&dst->lists[k], b) != GPA_OK) {
                b->mem.stream = stream;
                PyErr_NoMemory();
                return GPA_ERR;
            }
            fl->n--;
        }
        free(fl->items);
    }
    pool->arenas[i] = pool->arenas[--pool->n_arenas]; /* dst not used after */
    return GPA_OK;
}

size_t gpa_pool_used_bytes(gpa_device *dev) { return dev->pool->used; }
size_t gpa_pool_total_bytes(gpa_device *dev) { return dev->pool->total; }
unsigned long long gpa_pool_driver_allocs(gpa_device *dev)
{
    return dev->pool->driver_allocs;
}
void gpa_pool_set_limit(gpa_device *dev, size_t limit)
{
    dev->pool->limit = limit;
}
size_t gpa_pool_get_limit(gpa_device *dev) { return dev->pool->limit; }

size_t gpa_pool_n_free_blocks(gpa_device *dev)
{
    size_t n = 0;
    struct gpa_pool *pool = dev->pool;
    for (int a = 0; a < pool->n_arenas; a++)
        n += pool->arenas[a].lists[0].n + pool->arenas[a].lists[1].n;
    return n;
}
