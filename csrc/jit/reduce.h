/* reduce.h - reductions and scans in the JIT: the op spec, the source of
 * a reduction/scan module, the compiled kernels.
 *
 * Note [Reduction spec]: a reduction (and a scan) is described by four
 * C++ expressions over an accumulator type acc_t (STYLE.md habit 5), the
 * same description a user ReductionKernel gives:
 *   identity   -> acc_t                      (may use gpa_p0, gpa_p1)
 *   map        in0 (in0_t), gpa_i -> acc_t   (gpa_i: the element's C-order
 *              index among the reduced elements; used by argmin/argmax)
 *   combine    a, b (acc_t) -> acc_t         (associative; `a` comes first)
 *   finish     a (acc_t), gpa_n -> out0_t    (gpa_n: elements reduced)
 * plus the types: in_mem (in memory), in_loop (what map sees), out_mem,
 * out_loop, acc_t's C++ spelling and size, and the index width.
 * gpa_p0/gpa_p1 are run-time doubles (ddof, ...), so that one compiled
 * module serves every value.  Every strategy of a module (row, column,
 * partial passes, tile scan, column scan) is compiled at once, so the
 * layout of an input never causes a compile: only a new op/dtype does.
 * reduce_codegen.c renders the text; scan_codegen.c the scan skeleton.
 */
#ifndef GPA_REDUCE_H
#define GPA_REDUCE_H

#include "runtime/device.h"
#include "jit/strbuf.h"

#define GPA_RED_MAXD 8   /* merged dims per group the kernels index */

typedef struct {
    const char *preamble;   /* extra device code, or NULL */
    const char *acc_t;      /* C++ type of the accumulator */
    const char *identity, *map, *combine, *finish;
    const char *accumulate; /* optional fold of a raw input, or NULL */
    int in_mem, in_loop, out_mem, out_loop;   /* NumPy type numbers */
    int acc_size;           /* sizeof(acc_t), a multiple of 4 */
    int index64;
} gpa_red_spec;

enum gpa_red_kind { GPA_RED_REDUCE = 0, GPA_RED_SCAN = 1 };

/* Kernels of a reduction module (reduce_codegen.c). */
enum {
    GPA_RK_ROW_WARP,   /* a warp per output (short rows) */
    GPA_RK_ROW_BLOCK,  /* a block per output/split (long rows) */
    GPA_RK_ROW_ACC,    /* a block per output over acc_t partials */
    GPA_RK_COL,        /* a thread per output, splits over blockIdx.y */
    GPA_RK_COL_ACC,    /* the same over acc_t partials */
    GPA_RK_COL_VEC,    /* red_col, 4 adjacent outputs per thread */
    GPA_RK_N
};
/* Kernels of a scan module (scan_codegen.c). */
enum { GPA_SK_TILE, GPA_SK_COL, GPA_SK_N };

/* Kernel parameter block shared by every kernel (mirrors the struct the
 * skeleton declares; IDX = int or long long). */
#define GPA_RED_LAYOUT(IDX)                                              \
    struct {                                                             \
        int nk, nr;                                                      \
        IDX kshape[GPA_RED_MAXD], kstride[GPA_RED_MAXD],                 \
            ostride[GPA_RED_MAXD];                                       \
        IDX rshape[GPA_RED_MAXD], rstride[GPA_RED_MAXD];                 \
        long long rlog[GPA_RED_MAXD];                                    \
    }
typedef GPA_RED_LAYOUT(int) gpa_rlayout32;
typedef GPA_RED_LAYOUT(long long) gpa_rlayout64;

/* Block and tile sizes the skeletons are compiled with (device kinds
 * differ: on host a block is one thread). */
#define GPA_RED_BLOCK_CUDA 512
#define GPA_RED_COLBLOCK_CUDA 256
#define GPA_SCAN_BLOCK_CUDA 256
#define GPA_SCAN_ITEMS_HOST 64
/* Items per thread of the scan tile on CUDA, from sizeof(acc_t): odd
 * (Note [Scan tile layout] in scan_codegen.c) and the tile within 44 KiB
 * of static shared memory; or the "scan_items" knob where that tile fits
 * 47 KiB. */
extern int gpa_scan_items;
static inline int gpa_scan_items_cuda(int acc_size)
{
    if (gpa_scan_items > 0 &&
        (long long)acc_size * gpa_scan_items * GPA_SCAN_BLOCK_CUDA <= 48128)
        return gpa_scan_items;
    return acc_size <= 4 ? 43 : (acc_size <= 8 ? 21 : 11);
}

/* Appends the op part (typedefs, preamble, struct gpa_rop) of spec. */
void gpa_red_op_source(const gpa_red_spec *spec, gpa_strbuf *b);
/* Appends the whole module source for kind (op part + skeleton +
 * host launchers). */
void gpa_red_source(const gpa_red_spec *spec, int kind, gpa_strbuf *b);
void gpa_scan_skeleton(gpa_strbuf *b, int acc_size);
/* Scan kernel variants for benchmarks (`_core._tune("scan_min_blocks" /
 * "scan_items")`): the scan tile's __launch_bounds__ minimum blocks per SM
 * (0: none) and its items per thread on CUDA (0: by acc_t size; see
 * gpa_scan_items_cuda). */
extern int gpa_scan_min_blocks;
/* "red_ldg": how the contiguous row loop loads (Note [Streaming loads] in
 * reduce_codegen.c): 0 plain, 1 read-only path, 2 that without L1. */
extern int gpa_red_ldg;
/* "scan_pair": look-back cells as (w, ~w) pairs, else value-fence-flag
 * (Note [Look-back cells] in scan_codegen.c). */
extern int gpa_scan_pair;
/* "scan_backoff": ns a look-back waiter sleeps between polls (0: none;
 * default 100). */
extern int gpa_scan_backoff;
/* "scan_tma": full tiles of contiguous rows as bulk asynchronous copies
 * on sm_90+ (Note [Bulk tile copies]; default 1). */
extern int gpa_scan_tma;
/* "scan_vec": 16-byte loads and stores of contiguous rows (Note [Scan
 * tile layout]; default 1). */
extern int gpa_scan_vec;
/* "scan_skip": benchmarks only, leaves stages out (wrong results). */
extern int gpa_scan_skip;

/* The kernels of spec's module on dev, compiling on first use: fills
 * fns[GPA_RK_N] (reduce) or fns[GPA_SK_N] (scan) with borrowed handles.
 * Returns 0, or -1 with an exception. */
int gpa_red_kernels(gpa_device *dev, const gpa_red_spec *spec, int kind,
                    void **fns);

void gpa_red_cache_clear(void);
size_t gpa_red_cache_size(void);

#endif
