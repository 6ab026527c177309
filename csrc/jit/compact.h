/* compact.h - the stream compaction module (compact_codegen.c renders
 * it; ops/compact.c drives it): one module per element size. */
#ifndef GPA_COMPACT_H
#define GPA_COMPACT_H

#include "runtime/device.h"
#include "jit/strbuf.h"

enum { GPA_CMP_K_COUNT, GPA_CMP_K_VALUES, GPA_CMP_K_INDEX, GPA_CMP_K_GATHER,
       GPA_CMP_K_N };

/* keys per tile: CUDA 256 threads x 16, host one thread x 16384 */
#define GPA_CMP_TILE_CUDA (256 * 16)
#define GPA_CMP_TILE_HOST 16384

void gpa_compact_source(int elem_bytes, gpa_strbuf *b);
/* The kernels for elements of elem_bytes (1, 2, 4, 8, 16), borrowed.
 * 0, or -1 with an exception. */
int gpa_compact_kernels(gpa_device *dev, int elem_bytes, void **fns);

#endif
