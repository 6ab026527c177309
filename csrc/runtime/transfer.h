/* transfer.h - host <-> device copies of contiguous byte ranges.
 *
 * Large copies between pageable host memory (NumPy arrays) and the device
 * go through the pinned staging pool in chunks, so that the DMA of one
 * chunk overlaps the host memcpy of the next (transfer.c).  Both calls are
 * ordered on the device's current stream and return only when the copy
 * has finished (the host buffer may be reused at once).
 */
#ifndef GPA_TRANSFER_H
#define GPA_TRANSFER_H

#include "runtime/device.h"

int gpa_copy_h2d(gpa_device *dev, void *dst_dev, const void *src_host,
                 size_t nbytes);
int gpa_copy_d2h(gpa_device *dev, void *dst_host, const void *src_dev,
                 size_t nbytes);
/* How many device-to-host copies (syncs) the process has made. */
unsigned long long gpa_d2h_count(void);
/* Device to device (same or other device), ordered on dst's stream. */
int gpa_copy_d2d(gpa_device *dst_dev, void *dst, gpa_device *src_dev,
                 const void *src, size_t nbytes);

/* Frees the staging buffers of every device (called at exit and by
 * gp.get_default_pinned_memory_pool().free_all_blocks()). */
void gpa_staging_release_all(void);
size_t gpa_staging_total_bytes(void);

#endif
