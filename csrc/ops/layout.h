/* layout.h - the iteration layout of the engines, written once: NumPy's
 * iterator axis order over several operands, and the sort-then-merge of
 * dimensions that elementwise.c, reduce.c and copy.c index by.
 *
 * Note [Dimension merging]: length-1 axes are dropped by the caller; the
 * rest are sorted by decreasing |stride| of one key operand (stable, so
 * ties keep axis order: C order for C arrays, reversed axes for F arrays),
 * then an axis merges into the one outside it when every operand that
 * has a say is contiguous across the two (outer stride == inner stride *
 * inner length).  A zero stride (a broadcast or scalar operand) passes
 * that test trivially, so it never blocks a merge. */
#ifndef GPA_LAYOUT_H
#define GPA_LAYOUT_H

#include "array/array.h"

#define GPA_DIMS_MAXOPS 16 /* operands of one layout (GPA_EW_MAXARGS) */

typedef struct {
    int nd, nops;
    long long shape[GPA_MAXDIMS];
    long long stride[GPA_DIMS_MAXOPS][GPA_MAXDIMS];
} gpa_dims;

/* perm[0..n) sorted (stable insertion sort) by decreasing |key[perm[i]]|:
 * outermost first. */
void gpa_axes_sort(int *perm, int n, const Py_ssize_t *key);

/* Axis order of a from outermost to innermost by |stride| (stable): the
 * layout of a new array "like" a (NumPy's 'K' for empty_like/copy). */
void gpa_memory_order(const gpa_array *a, int *perm);

/* Sorts the axes of d by decreasing |stride[key]| (stable), then merges
 * them as Note [Dimension merging] says, checking operands 0..nmerge-1
 * (the others take the inner axis' stride). */
void gpa_dims_sort_merge(gpa_dims *d, int key, int nmerge);

/* NumPy's iterator axis order over n operands (NULL entries skipped)
 * broadcast to nd axes, outermost first: an insertion sort from the
 * innermost axis out in which an operand with a zero stride (broadcast
 * or length 1) on either axis has no say, and a vote for C order wins a
 * conflict (Notes [Keep order] in copy.c, [Output order] in
 * ufunc_exec.c). */
void gpa_iterator_order(gpa_array *const *arrs, int n, int nd, int *perm);

#endif
