/* fft.h - FFTs through the vendor library: the plan layout (fft_layout.c,
 * shared by both backends) and cuFFT (fft_cufft.c).  The host backend
 * runs NumPy's pocketfft on views built from the same layout
 * (gpuarray/fft/_host.py), so the host tests exercise the description
 * the GPU plans are made from.  Design: docs/design/fft.md.
 */
#ifndef GPA_MATHLIB_FFT_H
#define GPA_MATHLIB_FFT_H

#include "common.h"
#include "array/array.h"

enum gpa_fft_kind { GPA_FFT_C2C = 0, GPA_FFT_R2C = 1, GPA_FFT_C2R = 2 };

/* Most array dimensions outside the transform that one layout runs as a
 * loop of library calls (the batch dimension itself is one call). */
#define GPA_FFT_MAX_LOOP_CALLS 64

/* Note [FFT layout]: cuFFT's advanced data layout, as cufftXtMakePlanMany
 * takes it.  Element (b, x0, .., x_{r-1}) of the input is at
 *     in + b idist + ((x0 inembed[1] + x1) inembed[2] + x2) istride
 * (likewise out with onembed, ostride, odist), in elements of the side's
 * own type (real or complex).  n[] is the logical transform size (the real
 * length for R2C/C2R); order[] names the array axis of each n[k]; the real
 * axis of R2C/C2R is n[rank - 1].  Array dimensions that are neither the
 * transform nor the batch are `loops`: one library call each, at element
 * offsets loop_i/loop_o (a product of at most GPA_FFT_MAX_LOOP_CALLS). */
typedef struct {
    int kind, rank;
    long long n[3], inembed[3], onembed[3];
    long long istride, ostride, idist, odist, batch;
    int order[3];
    int nloops;
    long long loop_n[GPA_MAXDIMS], loop_i[GPA_MAXDIMS], loop_o[GPA_MAXDIMS];
} gpa_fft_layout;

/* Fills *L for transforming x into y over `rank` (1..3) array axes
 * `axes` (the real axis last for R2C/C2R).  1: done; 0: the layout can't
 * say it (negative or zero strides, non-nesting transform strides,
 * strides not a multiple of the element size, misaligned data, too many
 * loop calls) and the caller copies; -1: ValueError for inconsistent
 * arguments (shapes that do not match the kind).  Borrowed x, y. */
int gpa_fft_make_layout(gpa_array *x, gpa_array *y, int rank,
                        const int *axes, int kind, gpa_fft_layout *L);

/* Parses (x, y, axes tuple) and fills *L: as gpa_fft_make_layout, plus
 * TypeError for non-arrays or a bad axes tuple.  Borrowed arguments. */
int gpa_fft_layout_from_args(PyObject *x, PyObject *y, PyObject *axes,
                             int kind, gpa_fft_layout *L);
/* *L as a dict (new reference) with `axes` (borrowed) stored as given. */
PyObject *gpa_fft_layout_dict(const gpa_fft_layout *L, PyObject *axes);

/* ---- the plan cache (fft_cache.c) ----
 * Note [FFT plan cache]: one LRU list per device (host: index 0, CUDA
 * device k: k + 1), as CuPy's PlanCache: at most `max_size` plans (0: no
 * caching) and, where max_memsize >= 0, at most that many bytes of work
 * area.  On cuda an entry holds a cuFFT plan; on host it holds only the
 * layout (pocketfft keeps its own twiddle tables), so the cache logic runs
 * in the host tests too.  GIL held for all of it. */
#define GPA_FFT_MAX_DEVICES 64

typedef struct gpa_fft_plan gpa_fft_plan;
struct gpa_fft_plan {
    gpa_fft_plan *prev, *next;   /* LRU order: head is the newest */
    long long key[24];
    int handle;                  /* cufftHandle; -1 on host */
    size_t worksize;             /* bytes of work area an exec needs */
    int cached;                  /* 0: the caller destroys it after use */
};

/* The plan for layout L (precision prec: 4 or 8) on device slot `slot`:
 * found in the cache (moved to the front) or made with `make` (which
 * fills handle and worksize; NULL make: a host entry).  Borrowed while
 * plan->cached, else owned by the caller (gpa_fft_plan_release).  NULL
 * with an exception. */
gpa_fft_plan *gpa_fft_cache_get(int slot, const gpa_fft_layout *L, int prec,
                                int (*make)(const gpa_fft_layout *, int,
                                            gpa_fft_plan *));
void gpa_fft_plan_release(gpa_fft_plan *p);
/* Destroys a cuFFT plan (fft_cufft.c); set by it when cuFFT is loaded. */
extern void (*gpa_fft_destroy_handle)(int handle);

/* Python: _fft_layout(x, y, axes, kind) -> dict or None (fft_layout.c);
 * _fft_exec(x, y, axes, kind, forward) and the plan cache's functions
 * (fft_cufft.c). */
PyObject *gpa_py_fft_layout(PyObject *, PyObject *);
PyObject *gpa_py_fft_exec(PyObject *, PyObject *);
PyObject *gpa_py_fft_cache(PyObject *, PyObject *);
PyObject *gpa_py_fft_symbols(PyObject *, PyObject *);
PyObject *gpa_py_fft_check_library(PyObject *, PyObject *);
PyObject *gpa_py_fft_constants(PyObject *, PyObject *);

#define GPA_FFT_FUNCTIONS                                                  \
    GPA_FN("_fft_layout", gpa_py_fft_layout, METH_VARARGS, NULL)           \
    GPA_FN("_fft_exec", gpa_py_fft_exec, METH_VARARGS, NULL)               \
    GPA_FN("_fft_cache", gpa_py_fft_cache, METH_VARARGS, NULL)             \
    GPA_FN("_fft_symbols", gpa_py_fft_symbols, METH_NOARGS, NULL)          \
    GPA_FN("_fft_check_library", gpa_py_fft_check_library, METH_VARARGS,   \
           NULL)                                                           \
    GPA_FN("_fft_constants", gpa_py_fft_constants, METH_NOARGS, NULL)

#endif
