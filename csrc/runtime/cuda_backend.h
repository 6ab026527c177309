/* cuda_backend.h - the CUDA side of the device registry.
 *
 * gpa_cuda_backend (backend.h) implements the device vtable with the
 * driver API; device.c creates CUDA devices with gpa_cuda_device_init,
 * and code that calls the driver directly (transfer.c) makes the device's
 * context current with gpa_cuda_activate first.
 */
#ifndef GPA_CUDA_BACKEND_H
#define GPA_CUDA_BACKEND_H

#include "runtime/device.h"

/* Fills dev's kind, ordinal, be, cu_device, cu_context (the primary
 * context, retained for the process's life), cc_major/minor, sm_count,
 * max_threads_per_block, total_memory and name for CUDA device `ordinal`;
 * leaves stream and pool alone.  dev is untouched on failure.
 * GPA_OK, or GPA_ERR with RuntimeError (CUDA missing or failing) or
 * ValueError (no such ordinal).  GIL held. */
int gpa_cuda_device_init(gpa_device *dev, int ordinal);

/* Makes dev's context current on the calling thread unless the last one
 * this thread set through here is already it (Note [Current context] in
 * cuda_backend.c: the common case costs no driver call).  GPA_OK, or
 * GPA_ERR with an exception.  GIL held. */
int gpa_cuda_activate(gpa_device *dev);

/* Forgets which context this thread made current, so that the next
 * gpa_cuda_activate sets it again.  For code that lets other libraries
 * (CuPy, PyTorch, user code through cuda-python) change the current
 * context on this thread. */
void gpa_cuda_forget_current(void);

#endif
