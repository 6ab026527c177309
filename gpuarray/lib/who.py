"""`who`: the table of gpuarray arrays in a namespace that numpy.who
printed for NumPy arrays before NumPy 2 removed it, as cupy.who prints
(docs/design/compat.md has the decision)."""
import sys as _sys

from .._core import ndarray

__all__ = ["who"]


def _rows(vardict):
    """(name, shape, bytes, type) per array; a second name of the same
    array says whose it is and adds no bytes."""
    first, rows, total = {}, [], 0
    for name, value in vardict.items():
        if not isinstance(value, ndarray):
            continue
        seen = first.setdefault(id(value), name)
        if seen is name:
            total += value.nbytes
        else:
            name = "%s (%s)" % (name, seen)
        rows.append((name, " x ".join(str(n) for n in value.shape),
                     str(value.nbytes), value.dtype.name))
    return rows, total


def who(vardict=None):
    """Prints the gpuarray arrays of `vardict` (default: the caller's
    globals) with shape, bytes and dtype, then their total bytes.
    Returns None."""
    if vardict is None:
        vardict = _sys._getframe(1).f_globals
    rows, total = _rows(vardict)
    if rows:
        widths = [max(10, *(len(r[k]) for r in rows)) for k in range(3)]
        head = "Name %s Shape %s Bytes %s Type" % tuple(" " * w
                                                       for w in widths)
        print(head + "\n" + "=" * (len(head) + 5) + "\n")
        for r in rows:
            cells = []
            for k, pad in enumerate((4, 5, 5)):
                cells += [r[k], " " * (widths[k] - len(r[k]) + pad)]
            print(" ".join(cells + [r[3]]))
    print("\nUpper bound on total bytes  =       %d" % total)
