/* ufunc.h - gpuarray.ufunc: NumPy's ufuncs on the device.
 *
 * A gp ufunc pairs NumPy's ufunc of the same name (which decides the loop
 * dtypes: Note [Type resolution] in ufunc_resolve.c) with the body table
 * of ufunc_defs.c (which says what a loop computes).  Calls go:
 * ufunc_call.c (arguments) -> ufunc_resolve.c (loop dtypes, cached) ->
 * ufunc_exec.c (broadcast, outputs, where=, launch through the
 * elementwise engine).  Operators (number.c) enter at gpa_ufunc_apply
 * directly, without building Python argument objects.
 */
#ifndef GPA_UFUNC_H
#define GPA_UFUNC_H

#include "array/array.h"
#include "jit/ew.h"
#include "ops/ufunc_defs.h"

#define GPA_UFUNC_CACHE 32

/* What an input is, for resolution: a strong dtype (type number) or a
 * weak Python scalar (NumPy 2 rules). */
enum { GPA_WEAK_INT = 1000, GPA_WEAK_FLOAT = 1001, GPA_WEAK_COMPLEX = 1002 };

typedef struct {
    int valid;
    int key[GPA_EW_MAXARGS + 2];  /* input codes, dtype=, casting */
    int loop[GPA_EW_MAXARGS];     /* loop type numbers, inputs then outputs */
    const char *body;
} gpa_resolution;

typedef struct {
    PyObject_HEAD
    const gpa_ufunc_def *def;
    PyObject *np_ufunc;           /* numpy's ufunc (owned) */
    int nin, nout;
    PyObject *name;               /* str */
    gpa_resolution cache[GPA_UFUNC_CACHE];
} gpa_ufunc;

extern PyTypeObject *gpa_ufunc_type;

/* Arguments of one call after parsing. */
typedef struct {
    int nin, nout;
    PyObject *in[GPA_EW_MAXARGS];     /* borrowed */
    gpa_array *out[GPA_EW_MAXARGS];   /* borrowed; NULL: allocate */
    PyObject *where;                  /* borrowed; NULL: everywhere */
    PyArray_Descr *dtype;             /* borrowed; NULL: none */
    PyObject *signature;              /* borrowed; NULL: none */
    NPY_CASTING casting;
    char order;                       /* 'K' default */
    PyObject *kwargs;                 /* borrowed; the call's keywords as
                                       * given (for an operand's
                                       * __array_ufunc__); NULL: none */
    int no_subok;                     /* subok=False: results stay plain
                                       * (Note [Subclass results]) */
} gpa_ufunc_args;

/* Runs the ufunc.  New reference: the output array, or a tuple for
 * several outputs; NotImplemented (new ref) when an input is of a type
 * gpuarray does not take and `notimpl` is set (operators); NULL with an
 * exception otherwise. */
PyObject *gpa_ufunc_apply(gpa_ufunc *uf, gpa_ufunc_args *a, int notimpl);

/* NEP 13 (ufunc_exec.c): 1 where obj takes part in NumPy's override
 * protocol -- neither our array nor NumPy's, and its type defines
 * __array_ufunc__ (not None), as gpuarray.fuse's tracer; 0 otherwise. */
int gpa_ufunc_overrides(PyObject *obj);

/* The positional arguments of an override: (uf, "__call__", *in).  New
 * reference, or NULL with an exception. */
PyObject *gpa_ufunc_override_args(gpa_ufunc *uf, PyObject *const *in,
                                  int nin);

/* Note [Subclass results] (ufunc_subclass.c): r (stolen; NULL passes
 * through) as the subclass of a's subclass input, if any and no out=. */
PyObject *gpa_ufunc_wrap_subclass(const gpa_ufunc_args *a, PyObject *r);

/* Resolution (ufunc_resolve.c): fills loop types and body for the
 * inputs' codes.  Returns the cache entry (borrowed), or `scratch` filled
 * in when signature= is given (those calls are not cached), or NULL. */
const gpa_resolution *gpa_ufunc_resolve(gpa_ufunc *uf, const int *codes,
                                        PyArray_Descr *dtype,
                                        PyObject *signature,
                                        NPY_CASTING casting,
                                        gpa_resolution *scratch);

/* Re-runs the call with NumPy on empty arrays of the same dtypes, so that
 * NumPy raises its own exception for it (type and message exactly
 * NumPy's).  Always returns NULL with an exception set. */
PyObject *gpa_ufunc_numpy_error(gpa_ufunc *uf, gpa_ufunc_args *a,
                                const char *fallback);

/* The module's ufuncs by name (dict name -> ufunc), for operators and
 * __array_ufunc__. */
gpa_ufunc *gpa_ufunc_get(const char *name);

int gpa_ufunc_module_init(PyObject *module);

#endif
