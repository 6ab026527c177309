/* device.c - the device registry and the per-thread current device.
 *
 * The host device always exists.  CUDA devices are set up on first use
 * (cuInit, primary context) so that `import gpuarray` never touches the
 * driver and stays fast on machines without one.
 */
#include "runtime/device.h"
#include "runtime/memory.h"
#include "runtime/cuda_api.h"
#include "runtime/cuda_backend.h"
#include "config.h"

#include <stdlib.h>
#include <unistd.h>

static gpa_device host_device;
static int host_ready;

static gpa_device *cuda_devices;   /* array of cuda_count, set up lazily */
static char *cuda_ready;           /* per ordinal: 1 once initialised */
static int cuda_count = -1;        /* -1: not probed yet */

/* -1: the thread has not chosen; the default device applies. */
static _Thread_local int current_ordinal = -1;

gpa_device *gpa_host_device(void)
{
    if (!host_ready) {
        host_device.kind = GPA_DEVICE_HOST;
        host_device.ordinal = 0;
        host_device.be = &gpa_host_backend;
        snprintf(host_device.name, sizeof host_device.name, "host");
        host_device.max_threads_per_block = 1;
        host_device.sm_count = 1;
        /* the host's physical memory: the pool refuses larger requests
         * at once, even where the kernel would overcommit them */
        long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
        host_device.total_memory =
            pages > 0 && psize > 0 ? (size_t)pages * (size_t)psize : 0;
        if (gpa_pool_create(&host_device) != GPA_OK) {
            /* only out of memory can fail here */
            PyErr_Clear();
            return NULL;
        }
        host_ready = 1;
    }
    return &host_device;
}

/* Probes the driver once; never raises. */
static int probe_cuda(void)
{
    if (cuda_count >= 0)
        return cuda_count;
    cuda_count = 0;
    const gpa_cuda_api *cu = gpa_cuda_api_try();
    int n = 0;
    if (cu == NULL || cu->cuDeviceGetCount(&n) != GPA_CUDA_SUCCESS || n <= 0)
        return 0;
    cuda_devices = calloc((size_t)n, sizeof(gpa_device));
    cuda_ready = calloc((size_t)n, 1);
    if (cuda_devices == NULL || cuda_ready == NULL) {
        free(cuda_devices);
        free(cuda_ready);
        cuda_devices = NULL;
        cuda_ready = NULL;
        return 0;
    }
    cuda_count = n;
    return n;
}

int gpa_cuda_device_count(void)
{
    return probe_cuda();
}

int gpa_default_is_host(void)
{
    if (gpa_cfg.force_host)
        return 1;
    if (gpa_cfg.force_cuda)
        return 0;
    return probe_cuda() == 0;
}

gpa_device *gpa_device_named(const char *kind, int ordinal)
{
    if (kind == NULL)
        return gpa_current_device();
    if (strcmp(kind, "host") == 0)
        return gpa_host_device();
    if (strcmp(kind, "cuda") == 0)
        return gpa_cuda_device(ordinal);
    PyErr_Format(PyExc_ValueError, "unknown device kind '%s'", kind);
    return NULL;
}

gpa_device *gpa_cuda_device(int ordinal)
{
    int n = probe_cuda();
    if (n == 0) {
        /* Raise the loader's own message when the driver is missing. */
        if (gpa_cuda_api_get() != NULL)
            PyErr_SetString(PyExc_RuntimeError,
                            "no CUDA device is available (cuDeviceGetCount "
                            "found none)");
        return NULL;
    }
    if (ordinal < 0 || ordinal >= n) {
        PyErr_Format(PyExc_ValueError,
                     "invalid CUDA device %d: %d device(s) present", ordinal,
                     n);
        return NULL;
    }
    gpa_device *dev = &cuda_devices[ordinal];
    if (!cuda_ready[ordinal]) {
        if (gpa_cuda_device_init(dev, ordinal) != GPA_OK)
            return NULL;
        if (gpa_pool_create(dev) != GPA_OK)
            return NULL;
        cuda_ready[ordinal] = 1;
    }
    return dev;
}

void gpa_set_current_cuda_ordinal(int ordinal)
{
    current_ordinal = ordinal;
}

int gpa_get_current_cuda_ordinal(void)
{
    return current_ordinal;
}

gpa_device *gpa_current_device(void)
{
    if (current_ordinal >= 0)
        return gpa_cuda_device(current_ordinal);
    if (gpa_default_is_host())
        return gpa_host_device();
    return gpa_cuda_device(0);
}
