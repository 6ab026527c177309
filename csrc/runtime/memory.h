/* memory.h - refcounted device memory and the caching pool behind it.
 *
 * Every array holds one reference to a gpa_mem: the block it reads and
 * writes (views share their base's gpa_mem).  A gpa_mem either comes from
 * the device's caching pool (pool.c) or wraps foreign memory (DLPack, CUDA
 * array interface, a host NumPy buffer) whose Python owner it keeps alive.
 * Refcounts are plain integers: only touched with the GIL held.
 */
#ifndef GPA_MEMORY_H
#define GPA_MEMORY_H

#include "runtime/device.h"

typedef struct gpa_mem gpa_mem;
struct gpa_mem {
    Py_ssize_t refcnt;
    gpa_device *dev;        /* borrowed: devices live forever */
    char *ptr;
    size_t size;
    PyObject *owner;        /* foreign memory: owned reference, else NULL */
    void (*release)(gpa_mem *m); /* frees the memory and the struct */
    gpa_stream stream;      /* stream the memory was allocated for */
};

static inline void gpa_mem_incref(gpa_mem *m) { m->refcnt++; }
static inline void gpa_mem_decref(gpa_mem *m)
{
    if (m && --m->refcnt == 0)
        m->release(m);
}

/* New reference (refcnt 1) to `nbytes` of device memory from dev's pool.
 * Out of memory: frees the pool's cache, retries once, then raises
 * MemoryError naming the size asked for and what the pool holds. */
gpa_mem *gpa_mem_alloc(gpa_device *dev, size_t nbytes);

/* The user allocator (gpuarray.cuda.set_allocator): fn(nbytes) -> an
 * object with .ptr; None or NULL: the pool again.  Zero-byte requests
 * always come from the pool.  get returns a new reference (None: pool). */
int gpa_set_allocator(PyObject *fn);
PyObject *gpa_get_allocator(void);

/* New reference wrapping foreign memory; steals nothing, increfs owner. */
gpa_mem *gpa_mem_wrap(gpa_device *dev, void *ptr, size_t size, PyObject *owner);

/* Creates dev->pool (device.c calls it when a device is first used). */
int gpa_pool_create(gpa_device *dev);

/* Pool statistics and control (pool.c). */
size_t gpa_pool_used_bytes(gpa_device *dev);
size_t gpa_pool_total_bytes(gpa_device *dev);
size_t gpa_pool_n_free_blocks(gpa_device *dev);
unsigned long long gpa_pool_driver_allocs(gpa_device *dev);
int gpa_pool_free_all_blocks(gpa_device *dev);
/* Only the blocks cached for `stream` when only_stream (else all). */
int gpa_pool_free_blocks(gpa_device *dev, int only_stream, gpa_stream stream);
/* After a stream was synchronized and before it is destroyed: its free
 * blocks move to the default stream's arena. */
int gpa_pool_forget_stream(gpa_device *dev, gpa_stream stream);
void gpa_pool_set_limit(gpa_device *dev, size_t limit); /* 0: no limit */
size_t gpa_pool_get_limit(gpa_device *dev);

#endif
