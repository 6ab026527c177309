/* sort.h - the radix sort module in the JIT (sort_codegen.c renders its
 * text; ops/sort.c drives it).
 *
 * A sort module is fixed by the element's bit pattern and meaning (size
 * 1/2/4/8 bytes; unsigned/bool, signed, IEEE float) and the width of the
 * index payload (4 or 8 bytes).  Keys are sorted as unsigned integers of
 * 32 or 64 bits after an order-preserving transform (Note [Sort keys] in
 * sort_codegen.c).  One module holds the histogram kernel and the eight
 * pass kernels (keys only / key-index pairs; first pass reads the typed
 * input; last pass writes the typed outputs).
 */
#ifndef GPA_SORT_H
#define GPA_SORT_H

#include "runtime/device.h"
#include "jit/strbuf.h"

enum gpa_sort_kind { GPA_SORT_UNSIGNED = 0, GPA_SORT_SIGNED = 1,
                     GPA_SORT_FLOAT = 2 };

typedef struct {
    int elem_bytes;  /* 1, 2, 4, 8 */
    int kind;        /* enum gpa_sort_kind */
    int val_bytes;   /* index payload: 4 or 8 */
} gpa_sort_spec;

/* Kernels of a sort module: the block-per-row sort, the histogram, then
 * pass kernels indexed GPA_SORT_K_PASS + kv * 4 + first * 2 + last. */
enum { GPA_SORT_K_ROWS = 0, GPA_SORT_K_HIST = 1, GPA_SORT_K_PASS = 2,
       GPA_SORT_K_N = 10 };

/* Tile of a pass kernel: threads per block and items per thread on CUDA
 * (a thread per digit); keys per tile (one thread) on host. */
#define GPA_SORT_BLOCK_CUDA 256
#define GPA_SORT_IPT_CUDA 15
#define GPA_SORT_TILE_HOST 16384
#define GPA_SORT_RADIX 256
/* Rows up to this length sort in one block each (sort_rows): on CUDA
 * 256 threads x 8 keys in shared memory; on host one thread's buffers. */
#define GPA_SORT_ROW_IPT_CUDA 8
#define GPA_SORT_ROWMAX_CUDA (GPA_SORT_BLOCK_CUDA * GPA_SORT_ROW_IPT_CUDA)
#define GPA_SORT_ROWMAX_HOST 16384

/* The spec for NumPy type number `type_num`; -1 (no exception) when the
 * radix sort does not take that type. */
int gpa_sort_spec_of(int type_num, int val_bytes, gpa_sort_spec *s);

/* Appends the module source (no prelude). */
void gpa_sort_source(const gpa_sort_spec *s, gpa_strbuf *b);

/* The kernels of s's module on dev (borrowed), compiling on first use.
 * 0, or -1 with an exception. */
int gpa_sort_kernels(gpa_device *dev, const gpa_sort_spec *s, void **fns);

void gpa_sort_cache_clear(void);

#endif
