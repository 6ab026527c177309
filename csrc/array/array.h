/* array.h - the gpuarray.ndarray object and its constructors.
 *
 * An array is a strided view of a gpa_mem (runtime/memory.h): data points
 * at element [0, ..., 0], strides are in bytes and may be negative or zero,
 * and the dtype is NumPy's own descriptor object.  Views share the gpa_mem
 * of their base and keep a reference to the base array (`.base`), which,
 * as in NumPy, is always the array that owns the memory (or the foreign
 * object that does), never an intermediate view.
 *
 * This header is data only: the ops layer includes it to read and create
 * arrays; the type's methods live in array/ files.
 */
#ifndef GPA_ARRAY_H
#define GPA_ARRAY_H

#include "common.h"
#include "runtime/memory.h"

#define GPA_INLINE_DIMS 8

enum {
    GPA_C_CONTIGUOUS = 0x1,
    GPA_F_CONTIGUOUS = 0x2,
    GPA_OWNDATA = 0x4,
    GPA_WRITEABLE = 0x8,
};

typedef struct {
    PyObject_HEAD
    char *data;
    int nd;
    int flags;
    Py_ssize_t size;          /* product of shape */
    Py_ssize_t *shape;        /* dims_inline or PyMem-allocated */
    Py_ssize_t *strides;      /* bytes */
    PyArray_Descr *descr;     /* owned */
    PyObject *base;           /* owned or NULL */
    gpa_mem *mem;             /* owned reference */
    gpa_device *dev;          /* borrowed */
    PyObject *weakreflist;
    Py_ssize_t dims_inline[2 * GPA_INLINE_DIMS];
} gpa_array;

/* The ndarray type (module.c creates it). */
extern PyTypeObject *gpa_array_type;

static inline int gpa_array_check(PyObject *o)
{
    return Py_IS_TYPE(o, gpa_array_type) ||
           PyObject_TypeCheck(o, gpa_array_type);
}

static inline Py_ssize_t gpa_itemsize(const gpa_array *a)
{
    return PyDataType_ELSIZE(a->descr);
}

static inline int gpa_type_num(const gpa_array *a)
{
    return a->descr->type_num;
}

/* Note [Datetime storage]: datetime64/timedelta64 arrays keep NumPy's
 * descriptor (its unit) and store int64.  No C kernel interprets them:
 * the elementwise engine moves their bytes as int64 (copies, gathers,
 * where), every other engine refuses them with TypeError, and
 * arithmetic, casts between units, comparisons, sorting and reductions
 * run in gpuarray/_engine/datetimes.py on int64 views
 * (docs/design/datetimes.md). */
static inline int gpa_type_is_datetime(int t)
{
    return t == NPY_DATETIME || t == NPY_TIMEDELTA;
}

/* New array with fresh pool memory.  Steals `descr`.  shape has nd
 * entries; fortran selects F order.  NULL with exception on failure
 * (ValueError for negative dimensions, MemoryError). */
gpa_array *gpa_array_empty(gpa_device *dev, PyArray_Descr *descr, int nd,
                           const Py_ssize_t *shape, int fortran);

/* New array object over existing memory.  Steals `descr`; increfs `mem`
 * and `base` (base may be NULL).  strides NULL: C-contiguous. */
gpa_array *gpa_array_new_view(PyTypeObject *type, gpa_mem *mem,
                              PyArray_Descr *descr, int nd,
                              const Py_ssize_t *shape,
                              const Py_ssize_t *strides, char *data,
                              PyObject *base, int writeable);

/* A view of `a` with other shape/strides/data (and dtype: steals descr,
 * NULL keeps a's).  The view's base is a's memory owner, as in NumPy. */
gpa_array *gpa_array_view_of(gpa_array *a, PyArray_Descr *descr, int nd,
                             const Py_ssize_t *shape,
                             const Py_ssize_t *strides, char *data);

/* NumPy's subclass hook: v.__array_finalize__(obj) when v's type is a
 * subclass of ndarray (nothing for ndarray itself).  0, or -1 with the
 * exception the hook raised. */
int gpa_array_finalize(gpa_array *v, PyObject *obj);

/* Recomputes the contiguity flags from shape and strides. */
void gpa_array_update_flags(gpa_array *a);

/* Product of dims, or -1 with ValueError on a negative dimension and
 * ValueError on overflow. */
Py_ssize_t gpa_shape_size(int nd, const Py_ssize_t *shape);
/* NumPy's rule for any array, empty ones too: itemsize times the product
 * of the nonzero dimensions fits a Py_ssize_t (1) or not (0). */
int gpa_shape_fits(int nd, const Py_ssize_t *shape, Py_ssize_t itemsize);

/* Fills C (fortran=0) or F strides for shape; returns total bytes. */
Py_ssize_t gpa_fill_strides(int nd, const Py_ssize_t *shape,
                            Py_ssize_t itemsize, int fortran,
                            Py_ssize_t *strides);

/* Converts a Python shape (int or sequence of ints) to dims; returns nd or
 * -1 with TypeError/ValueError. */
int gpa_parse_shape(PyObject *obj, Py_ssize_t *dims);

/* Converts dtype-like to one of our 14 supported descriptors (new ref),
 * in native byte order, a native datetime64/timedelta64 descriptor, unit
 * kept (Note [Datetime storage]), or a fixed-size void descriptor kept as
 * is (native; Note [Data-only dtypes] in structured.h).  None gives the
 * default (float64).  TypeError for unsupported or unknown dtypes. */
PyArray_Descr *gpa_descr_from_obj(PyObject *obj);
/* 1 when the type number is one gpuarray supports. */
int gpa_type_supported(int type_num);
/* Canonical descriptor (new ref) for a type number (longlong -> int64...). */
PyArray_Descr *gpa_descr_from_type(int type_num);

/* Lowest and highest byte addresses touched by the array: [lo, hi). */
void gpa_array_extent(const gpa_array *a, char **lo, char **hi);

int gpa_array_type_init(PyObject *module);

#endif
