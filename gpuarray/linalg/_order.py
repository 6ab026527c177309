"""order= for the products (matmul, einsum, vecdot, matvec, vecmat): the
result is computed in whatever layout the contraction gives, then laid
out as asked.  NumPy's meaning: 'C'/'F' make a new result C/F-contiguous,
'K' and 'A' keep the computed layout; an out= array keeps its own.
"""

import functools as _ft

_ORDERS = ("K", "A", "C", "F")


def check_order(order):
    if not isinstance(order, str):
        raise TypeError("order must be str, not %s" % type(order).__name__)
    if order not in _ORDERS:
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' "
                         "(got %r)" % (order,))


class ViewKeepsLayout:
    """A result returned as it is whatever order= asks (NumPy's one-operand
    einsum view), order= still checked."""
    __slots__ = ("view",)

    def __init__(self, view):
        self.view = view


def ordered(result, order, out=None):
    """result in the memory order asked (a copy only when it is not)."""
    check_order(order)
    if isinstance(result, ViewKeepsLayout):
        return result.view
    if out is not None or not hasattr(result, "flags"):
        return result
    if order == "C" and not result.flags.c_contiguous:
        return result.copy(order="C")
    if order == "F" and not result.flags.f_contiguous:
        return result.copy(order="F")
    return result


def honours_order(fn):
    """A wrapper giving `fn` (which takes order= and ignores it) NumPy's
    order=; kept outside the function so the product code is untouched."""
    @_ft.wraps(fn)
    def wrapper(*args, order="K", **kwargs):
        check_order(order)
        return ordered(fn(*args, **kwargs), order, kwargs.get("out"))
    return wrapper
