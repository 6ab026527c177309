/* device.h - the device registry: the host device and each CUDA device.
 *
 * Devices are created on first use and live until the process ends
 * (arrays hold borrowed pointers to them).  The current device is
 * per-thread, as in CuPy: `with gp.cuda.Device(1):` changes it for the
 * calling thread only.
 */
#ifndef GPA_DEVICE_H
#define GPA_DEVICE_H

#include "runtime/backend.h"

enum gpa_device_kind { GPA_DEVICE_HOST = 0, GPA_DEVICE_CUDA = 1 };

struct gpa_pool;
struct gpa_pinned_pool;

struct gpa_device {
    enum gpa_device_kind kind;
    int ordinal;               /* CUDA device number; 0 for host */
    const gpa_backend *be;
    /* cuda only */
    int cu_device;             /* CUdevice */
    void *cu_context;          /* primary context, retained */
    int cc_major, cc_minor;
    int sm_count;
    int max_threads_per_block;
    size_t total_memory;
    char name[256];
    /* both */
    gpa_stream stream;         /* current stream (NULL: default stream) */
    struct gpa_pool *pool;     /* caching allocator for device memory */
};

/* The device arrays are created on when none is given: the thread's
 * current CUDA device, or host when GPUARRAY_DEVICE=host or there is no
 * usable GPU.  Borrowed; NULL with an exception on failure. */
gpa_device *gpa_current_device(void);
/* The host device (never fails). Borrowed. */
gpa_device *gpa_host_device(void);
/* CUDA device `ordinal`, initialising CUDA on first use.  Borrowed; NULL
 * with an exception (RuntimeError naming what is missing, or ValueError
 * for a bad ordinal). */
gpa_device *gpa_cuda_device(int ordinal);
/* The device named by Python's (kind, ordinal): "host" or "cuda"; a NULL
 * kind is the current device.  Borrowed; NULL with an exception. */
gpa_device *gpa_device_named(const char *kind, int ordinal);
/* Number of CUDA devices; 0 when CUDA is absent (no exception). */
int gpa_cuda_device_count(void);
/* Sets the calling thread's current CUDA device (-1: none chosen). */
void gpa_set_current_cuda_ordinal(int ordinal);
int gpa_get_current_cuda_ordinal(void);
/* True when the default device kind is host (no GPU, or forced). */
int gpa_default_is_host(void);

int gpa_device_module_init(PyObject *module);

#endif
