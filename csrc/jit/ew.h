/* ew.h - elementwise kernels: the spec, its source, the compiled kernel.
 *
 * Note [Elementwise spec]: an elementwise kernel is fully described by a
 * gpa_ew_spec (STYLE.md habit 5): the body (statements over in0.. and
 * out0.., the variables of the loop's types in0_t.. / out0_t..), each
 * operand's type in memory and in the loop, which inputs are scalars
 * passed by value, the number of (merged) dimensions (0: the contiguous
 * fast path), the index width and the vector width.  Two equal specs give
 * the same kernel; kernel_cache.c maps specs to compiled functions.
 */
#ifndef GPA_EW_H
#define GPA_EW_H

#include "runtime/device.h"
#include "jit/strbuf.h"

#define GPA_EW_MAXARGS 16
/* vectors per thread per step in the contiguous kernel (ILP) */
#define GPA_EW_UNROLL 4

typedef struct {
    const char *body;        /* statements; see Note [Elementwise spec] */
    const char *preamble;    /* extra device code, or NULL */
    int nin, nout;
    int mem_type[GPA_EW_MAXARGS];   /* NumPy type number in memory/value */
    int loop_type[GPA_EW_MAXARGS];  /* type the body sees */
    unsigned char is_scalar[GPA_EW_MAXARGS]; /* input passed by value */
    int ndim;       /* 0: contiguous kernel; else dims of the strided one */
    int index64;    /* 64-bit index arithmetic */
    int vec;        /* contiguous kernel: elements per access (1..16);
                       1 for masked bodies, which may skip stores */
} gpa_ew_spec;

/* C type name used in kernels for a NumPy type number ("float", ...). */
const char *gpa_ctype_name(int type_num);

/* Appends the kernel named `name` for spec to b, with its host
 * launcher. */
void gpa_ew_source(const gpa_ew_spec *spec, const char *name,
                   gpa_strbuf *b);

/* The compiled kernel for spec on dev (compiling on first use).
 * Borrowed function handle, or NULL with an exception. */
void *gpa_ew_kernel(gpa_device *dev, const gpa_ew_spec *spec);

/* Empties the in-memory spec -> kernel table (modules stay loaded). */
void gpa_ew_cache_clear(void);
size_t gpa_ew_cache_size(void);

#endif
