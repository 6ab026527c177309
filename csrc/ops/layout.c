/* layout.c - the iteration layout of the engines (layout.h). */
#include "ops/layout.h"

#include <stdlib.h>

void gpa_axes_sort(int *perm, int n, const Py_ssize_t *key)
{
    for (int i = 1; i < n; i++) {
        int p = perm[i], j = i;
        long long kp = llabs((long long)key[p]);
        while (j > 0 && llabs((long long)key[perm[j - 1]]) < kp) {
            perm[j] = perm[j - 1];
            j--;
        }
        perm[j] = p;
    }
}

void gpa_memory_order(const gpa_array *a, int *perm)
{
    for (int i = 0; i < a->nd; i++)
        perm[i] = i;
    gpa_axes_sort(perm, a->nd, a->strides);
}

void gpa_dims_sort_merge(gpa_dims *d, int key, int nmerge)
{
    int n = d->nd, m = 0;
    if (n == 0)
        return;
    /* the sort moves whole axes: shape and every operand's stride */
    for (int i = 1; i < n; i++) {
        long long sh = d->shape[i], st[GPA_DIMS_MAXOPS];
        long long kx = llabs(d->stride[key][i]);
        int j = i;
        for (int k = 0; k < d->nops; k++)
            st[k] = d->stride[k][i];
        while (j > 0 && llabs(d->stride[key][j - 1]) < kx) {
            d->shape[j] = d->shape[j - 1];
            for (int k = 0; k < d->nops; k++)
                d->stride[k][j] = d->stride[k][j - 1];
            j--;
        }
        d->shape[j] = sh;
        for (int k = 0; k < d->nops; k++)
            d->stride[k][j] = st[k];
    }
    for (int i = 1; i < n; i++) {
        int ok = 1;
        for (int k = 0; k < nmerge && ok; k++)
            ok = d->stride[k][m] == d->stride[k][i] * d->shape[i];
        if (ok) {
            d->shape[m] *= d->shape[i];
        } else {
            m++;
            d->shape[m] = d->shape[i];
        }
        for (int k = 0; k < d->nops; k++)
            d->stride[k][m] = d->stride[k][i];
    }
    d->nd = m + 1;
}

/* Stride of a (aligned to the right of an nd-axis broadcast) along
 * axis d, 0 where a broadcasts or the axis has length 1. */
static long long axis_stride(const gpa_array *a, int nd, int d)
{
    int da = d - (nd - a->nd);
    if (da < 0 || a->shape[da] == 1)
        return 0;
    return llabs((long long)a->strides[da]);
}

void gpa_iterator_order(gpa_array *const *arrs, int n, int nd, int *perm)
{
    int r[GPA_MAXDIMS]; /* innermost first */
    for (int i = 0; i < nd; i++)
        r[i] = nd - 1 - i;
    for (int i0 = 1; i0 < nd; i0++) {
        int j0 = r[i0], ipos = i0;
        for (int i1 = i0 - 1; i1 >= 0; i1--) {
            int j1 = r[i1], ambiguous = 1, swap = 0;
            for (int k = 0; k < n; k++) {
                if (arrs[k] == NULL)
                    continue;
                long long s0 = axis_stride(arrs[k], nd, j0);
                long long s1 = axis_stride(arrs[k], nd, j1);
                if (s0 == 0 || s1 == 0)
                    continue; /* this operand has no say */
                if (s1 <= s0)
                    swap = 0; /* a vote for C order wins conflicts */
                else if (ambiguous)
                    swap = 1;
                ambiguous = 0;
            }
            if (ambiguous)
                continue; /* look further out */
            if (!swap)
                break;
            ipos = i1;
        }
        if (ipos != i0) {
            for (int k = i0; k > ipos; k--)
                r[k] = r[k - 1];
            r[ipos] = j0;
        }
    }
    for (int i = 0; i < nd; i++)
        perm[i] = r[nd - 1 - i];
}
