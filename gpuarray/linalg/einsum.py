"""einsum: subscripts parsed on the host, then the operands contracted one
pair at a time in the order np.einsum_path picks, each pair as one batched
GEMM (Note [einsum by pairs]).
"""

import builtins as _b
import collections as _collections
import operator as _op

import numpy as _np

from .. import _core
from . import dot_matmul as _linalg_dot_matmul
from ..creation import matrices as _creation_matrices
from ..manipulation import shapes as _manipulation_shapes
from ..math import sums as _math_sums
from .._engine.arrays import asarray
from .._engine.operands import _prod
from ._order import ViewKeepsLayout as _ViewKeepsLayout
from ._order import honours_order as _honours_order


__all__ = ["einsum"]

_INT64 = _np.dtype(_np.int64)
_normalize_axis = _np.lib.array_utils.normalize_axis_index


# Note [einsum by pairs]: each operand first loses its repeated labels
# (diagonal) and the labels no other operand or the output needs (sum).
# Then the running result and the next operand are contracted as one
# batched matmul: labels in both and still needed later are batch axes,
# labels in both and not needed are the contracted (k) axis, the rest are
# the row/column axes.  Ellipsis axes become private labels first,
# broadcast to a common shape.  The last result is summed over labels the
# output lacks and transposed to the output's order.  The order of the
# pairs is NumPy's: np.einsum_path on zero-stride dummies of the operands'
# shapes (optimize='greedy' unless the caller names a strategy, a memory
# limit or a path: _einsum_path),
# so three or more operands never build the large intermediates a left-to-
# right order can; each pair is then one GEMM (linalg/_gemm.py).


def _einsum_path(subscripts, ops, optimize):
    """The contraction order for these shapes: a list of tuples of operand
    positions (contracted ones removed, the result appended), as
    np.einsum_path's path without its 'einsum_path' head.

    optimize as NumPy's: a strategy ('greedy', 'optimal', ...), a
    (strategy, memory limit) pair or an explicit ['einsum_path', ...]
    path goes to np.einsum_path as it is (so a bad one raises NumPy's
    error, whatever the number of operands); True is 'greedy'.  False --
    NumPy's default, one loop over every label, no intermediates -- has no
    by-pairs equivalent: it is 'greedy' too (never a left-to-right order
    that can build the large intermediates), and two or fewer operands
    need no search."""
    if isinstance(optimize, bool):
        if len(ops) < 3:
            return [tuple(range(len(ops)))]
        optimize = "greedy"
    dummies = [_np.lib.stride_tricks.as_strided(
        _np.zeros((), o.dtype), o.shape, (0,) * o.ndim) for o in ops]
    return [tuple(t) for t in
            _np.einsum_path(subscripts, *dummies, optimize=optimize)[0][1:]]


def _einsum_contract(ops, labels, out_labels, size, path):
    """Contract the operands by pairs in the order of `path`; the last
    operand and its labels."""
    ops, labels = list(ops), [list(x) for x in labels]
    for step in path:
        picked = sorted(step, reverse=True)
        group = [(ops.pop(i), labels.pop(i)) for i in picked][::-1]
        rest = set(out_labels).union(*[set(x) for x in labels])
        result, rl = None, None
        for j, (op, ls) in enumerate(group):
            later = rest.union(*[set(x) for _, x in group[j + 1:]])
            op, ls = _einsum_squash(op, ls, later | set(rl or ()))
            if result is None:
                result, rl = op, ls
                continue
            result, rl = _einsum_squash(result, rl, later | set(ls))
            result, rl = _einsum_pair(result, rl, op, ls, later, size)
        ops.append(result)
        labels.append(rl)
    return ops[0], labels[0]

def _einsum_parse(subscripts, nops):
    subscripts = subscripts.replace(" ", "")
    if "->" in subscripts:
        lhs, out = subscripts.split("->")
        explicit = True
    else:
        lhs, out, explicit = subscripts, None, False
    ins = lhs.split(",")
    if len(ins) != nops:
        raise ValueError("%s operands provided to einstein sum function "
                         "than specified in the subscripts string" %
                         ("fewer" if nops < len(ins) else "more"))
    for s in ins + ([out] if out is not None else []):
        body = s.replace("...", "")
        if "." in body or not _b.all(c.isalpha() for c in body):
            raise ValueError("invalid subscript in einstein sum subscripts "
                             "string: %r" % s)
    return ins, out, explicit


def _einsum_labels(ins, ops):
    """Per operand, its list of labels with '...' expanded into private
    labels (digits, right-aligned), and the broadcast ellipsis length."""
    ell = 0
    for s, op in zip(ins, ops):
        named = len(s.replace("...", ""))
        if "..." in s:
            ell = _b.max(ell, op.ndim - named)
        if named > op.ndim or ("..." not in s and named != op.ndim):
            raise ValueError("operand has more dimensions than subscripts "
                             "given in einstein sum, but no '...' ellipsis "
                             "provided to broadcast the extra dimensions."
                             if named < op.ndim else
                             "einstein sum subscripts string contains too "
                             "many subscripts for operand")
    ell_labels = [str(i) for i in range(ell)]
    labels = []
    for s, op in zip(ins, ops):
        if "..." in s:
            pre, post = s.split("...")
            k = op.ndim - len(pre) - len(post)
            labels.append(list(pre) + ell_labels[ell - k:] + list(post))
        else:
            labels.append(list(s))
    return labels, ell_labels


def _einsum_squash(op, labels, keep):
    """op without repeated labels (diagonal) or labels not in keep (sum)."""
    labels = list(labels)
    while len(set(labels)) != len(labels):
        for i, l in enumerate(labels):
            j = labels.index(l, i + 1) if labels.count(l) > 1 else -1
            if j >= 0:
                break
        op = _creation_matrices.diagonal(op, 0, i, j)
        labels = [m for t, m in enumerate(labels) if t not in (i, j)] + [l]
    drop = tuple(i for i, l in enumerate(labels) if l not in keep)
    if drop:
        op = _math_sums.sum(op, axis=drop, dtype=op.dtype)
        labels = [l for i, l in enumerate(labels) if i not in drop]
    return op, labels


def _einsum_pair(a, la, b, lb, keep, size):
    batch = [l for l in la if l in lb and l in keep]
    contr = [l for l in la if l in lb and l not in keep]
    fa = [l for l in la if l not in lb]
    fb = [l for l in lb if l not in la]

    def arrange(op, labels, groups):
        order = [labels.index(l) for g in groups for l in g]
        op = _manipulation_shapes.broadcast_to(op.transpose(order),
                             tuple(size[l] for g in groups for l in g))
        return op.reshape(tuple(_prod(size[l] for l in g) for g in groups))

    a3 = arrange(a, la, (batch, fa, contr))
    b3 = arrange(b, lb, (batch, contr, fb))
    r = _linalg_dot_matmul.matmul(a3, b3)
    return r.reshape(tuple(size[l] for l in batch + fa + fb)), batch + fa + fb


def _einsum_label(k):
    """NumPy's letter for sublist label k: 0-25 'A'-'Z', 26-51 'a'-'z'."""
    if k is Ellipsis:
        return "..."
    k = _op.index(k)
    if not 0 <= k < 52:
        raise ValueError("subscript is not within the valid range [0, 52)")
    return chr(ord("A") + k) if k < 26 else chr(ord("a") + k - 26)


def _einsum_from_sublists(args):
    """einsum(a, [0, 1], b, [1, 2], [0, 2]) as ('AB,BC->AC', a, b)."""
    out = None
    if len(args) % 2:
        args, out = args[:-1], args[-1]
    ops, subs = args[0::2], args[1::2]
    text = ",".join("".join(_einsum_label(k) for k in sub) for sub in subs)
    if out is not None:
        text += "->" + "".join(_einsum_label(k) for k in out)
    return (text,) + tuple(ops)


def _single_op_view(op, labels, out_labels):
    """NumPy's answer for one operand, no out=, every label kept in the
    output (transposes, diagonals, '...'): a view of the operand, the
    strides of a repeated label added up; NumPy then applies neither
    dtype= nor order= nor casting= (get_single_op_view in its einsum).
    None where a label is summed or a repeated label's lengths differ."""
    if not set(labels) <= set(out_labels):
        return None
    shape, strides = [], []
    for l in out_labels:
        axes = [k for k, m in enumerate(labels) if m == l]
        if len({op.shape[k] for k in axes}) != 1:
            return None
        shape.append(op.shape[axes[0]])
        strides.append(_b.sum(op.strides[k] for k in axes))
    return _core._as_strided(op, tuple(shape), tuple(strides), 0,
                             op.flags.writeable)


@_honours_order    # order= (issue 22), a wrapper
def einsum(*operands, out=None, dtype=None, order="K", casting="safe",
           optimize=False):
    """Einstein summation: explicit ('ij,jk->ik') and implicit ('ij,jk')
    output, '...' broadcasting, repeated labels (traces, diagonals), any
    number of operands, contracted by pairs in the order NumPy's
    einsum_path picks (`optimize`: a strategy, an explicit path, or the
    default 'greedy')."""
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string "
                         "and at least one operand")
    if not isinstance(operands[0], str):
        if len(operands) < 2:   # the sublist form needs a list per operand
            raise ValueError("must provide at least an operand and a "
                             "subscripts list to einsum")
        operands = _einsum_from_sublists(operands)
    subscripts, ops = operands[0], [asarray(o) for o in operands[1:]]
    for o in ops:
        if o.dtype.kind in "mM":  # NumPy's einsum has no datetime loops
            raise TypeError("invalid data type for einsum: %r" % o.dtype)
    ins, out_s, explicit = _einsum_parse(subscripts, len(ops))
    labels, ell_labels = _einsum_labels(ins, ops)
    res_dt = _np.result_type(*[o.dtype for o in ops]) if dtype is None \
        else _np.dtype(dtype)
    # label sizes; size-1 axes broadcast, other mismatches are errors
    size = {}
    for i, (op, ls) in enumerate(zip(ops, labels)):
        seen = {}
        for l, n in zip(ls, op.shape):
            # a label repeated in one operand (a diagonal) never broadcasts
            if seen.setdefault(l, n) != n:
                raise ValueError("dimensions in operand %d for collapsing "
                                 "index '%s' don't match (%d != %d)"
                                 % (i, l, seen[l], n))
        for l, n in zip(ls, op.shape):
            if size.get(l, 1) == 1:
                size[l] = n
            elif n not in (1, size[l]):
                raise ValueError("operands could not be broadcast together "
                                 "with remapped shapes (label %r: %d vs %d)"
                                 % (l, size[l], n))
    if explicit:
        out_labels = list(out_s.replace("...", "".join(ell_labels))) \
            if "..." in out_s else list(out_s)
        if "..." not in out_s and ell_labels and _b.any(
                size[l] != 1 for l in ell_labels):
            raise ValueError("output has more dimensions than subscripts "
                             "given in einstein sum, but no '...' ellipsis "
                             "provided to broadcast the extra dimensions.")
        for l in out_labels:
            if l not in size:
                raise ValueError("einstein sum subscripts string included "
                                 "output subscript %r which never appeared "
                                 "in an input" % l)
            if out_labels.count(l) > 1:
                raise ValueError("einstein sum subscripts string includes "
                                 "output subscript %r multiple times" % l)
    else:
        counts = _collections.Counter(l for ls in labels for l in ls
                                      if l not in ell_labels)
        out_labels = ell_labels + sorted(l for l, c in counts.items()
                                         if c == 1)
    if len(ops) == 1 and out is None:
        view = _single_op_view(ops[0], labels[0], out_labels)
        if view is not None:
            # NumPy's view ignores order= (honours_order checks it only)
            return _ViewKeepsLayout(view)
    for o in ops:
        if not _np.can_cast(o.dtype, res_dt, casting=casting):
            raise TypeError("Cannot cast array data from %r to %r according "
                            "to the rule %r" % (o.dtype, res_dt, casting))
    ops = [o.astype(res_dt, copy=False) for o in ops]
    path = _einsum_path(subscripts, ops, optimize)
    result, rl = _einsum_contract(ops, labels, out_labels, size, path)
    result, rl = _einsum_squash(result, rl, set(out_labels))
    result = result.transpose([rl.index(l) for l in out_labels])
    result = _manipulation_shapes.broadcast_to(result, tuple(size[l] for l in out_labels))
    result = result.astype(res_dt)   # a fresh array, never a view
    if out is not None:
        out[...] = result
        return out
    return result

