/* structured.h - fixed-size data dtypes (structured, void, sub-array) and
 * the alignment rules kernels need (docs/design/structured.md).
 *
 * Note [Data-only dtypes]: an array of a NumPy void dtype ('V10',
 * 'i4,f8', nested and sub-array fields) stores raw bytes.  No kernel is
 * generated for its type: copies, casts of equal dtypes, gathers and
 * scatters run on a byte view (the array seen as unsigned integers of
 * the widest width w dividing its item size, its data pointer and its
 * strides, with one trailing axis of itemsize / w), which every copy
 * kernel serves.  Every engine entry refuses void operands with
 * TypeError naming the dtype, so nothing computes on bytes.  The same
 * byte views copy typed arrays that are not aligned for their type (a
 * float64 field at offset 4 of a packed struct): kernels read aligned
 * staging copies instead (CUDA faults on a misaligned load).
 */
#ifndef GPA_STRUCTURED_H
#define GPA_STRUCTURED_H

#include "array/array.h"

/* Whether a has a data-only (void) dtype. */
static inline int gpa_is_void(const gpa_array *a)
{
    return a->descr->type_num == NPY_VOID;
}

/* A void descriptor accepted as array data: steals d; returns a new
 * reference (d itself, or its native-byte-order twin) or NULL with
 * TypeError (itemsize 0, object fields). */
PyArray_Descr *gpa_void_descr(PyArray_Descr *d);

/* 0, or -1 with TypeError when a's dtype has no kernels (`what` names the
 * operation in the message). */
int gpa_kernel_dtype_check(const gpa_array *a, const char *what);

/* Whether every element of a (a supported dtype) lies at an address that
 * is a multiple of its item size, as kernels load it. */
int gpa_array_aligned(const gpa_array *a);

/* The widest w in 8, 4, 2, 1 dividing the item size, the data pointer
 * and every stride of the n arrays (all of one item size). */
int gpa_byte_unit(gpa_array *const *arrs, int n);

/* a seen as unsigned integers of w bytes (new reference): a's shape plus
 * a trailing axis of itemsize / w, or a's own shape when w is the item
 * size.  ValueError when the extra axis would pass the dimension limit. */
gpa_array *gpa_array_byte_view(gpa_array *a, int w);

#endif
