"""The object behind ``ndarray.flags``, like NumPy's flagsobj: a snapshot
of the layout flags; `writeable` can be set, as in NumPy."""
from .._core import _set_writeable


def _is_aligned(a):
    """NumPy's ALIGNED, computed: the first element's address and the
    step of every axis longer than 1 are multiples of the dtype's
    alignment (an empty array is aligned).  None (no array): True."""
    if a is None or a.size == 0:
        return True
    align = a.dtype.alignment
    if align <= 1:
        return True
    bits = a.data.ptr
    for n, s in zip(a.shape, a.strides):
        if n > 1:
            bits |= s
    return bits % align == 0


class Flags:
    __slots__ = ("_c", "_f", "_owndata", "_writeable", "_array",
                 "_aligned")
    __hash__ = None             # unhashable, as NumPy's flagsobj

    _KEYS = {
        "C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous",
        "CONTIGUOUS": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
        "F": "f_contiguous", "FORTRAN": "f_contiguous", "OWNDATA": "owndata",
        "O": "owndata", "WRITEABLE": "writeable", "W": "writeable",
        "ALIGNED": "aligned", "A": "aligned",
        "WRITEBACKIFCOPY": "writebackifcopy", "X": "writebackifcopy",
        "FNC": "fnc", "FORC": "forc", "BEHAVED": "behaved", "B": "behaved",
        "CARRAY": "carray", "CA": "carray", "FARRAY": "farray",
        "FA": "farray",
    }

    def __init__(self, c_contiguous, f_contiguous, owndata, writeable,
                 array=None):
        self._c = c_contiguous
        self._f = f_contiguous
        self._owndata = owndata
        self._writeable = writeable
        self._array = array
        self._aligned = _is_aligned(array)

    # the layout flags are read-only (AttributeError on assignment)
    @property
    def c_contiguous(self):
        return self._c

    @property
    def f_contiguous(self):
        return self._f

    @property
    def owndata(self):
        return self._owndata

    @property
    def writeable(self):
        return self._writeable

    @writeable.setter
    def writeable(self, value):
        # NumPy's rule (ValueError where the memory may not be written)
        _set_writeable(self._array, bool(value))
        self._writeable = bool(value)

    @property
    def aligned(self):
        return self._aligned

    @aligned.setter
    def aligned(self, value):
        # NumPy's rule: False may be set; True only where it is true
        if value and not _is_aligned(self._array):
            raise ValueError("cannot set aligned flag of mis-aligned "
                             "array to True")
        self._aligned = bool(value)

    @property
    def writebackifcopy(self):
        return False

    @writebackifcopy.setter
    def writebackifcopy(self, value):
        if value:
            raise ValueError("cannot set WRITEBACKIFCOPY flag to True")

    def _state(self):
        return (self._c, self._f, self._owndata, self._writeable,
                self._aligned)

    def __eq__(self, other):
        if not isinstance(other, Flags):
            return NotImplemented
        return self._state() == other._state()

    # NumPy's combined flags (always aligned, so "behaved" is writeable)
    @property
    def fnc(self):
        return self.f_contiguous and not self.c_contiguous

    @property
    def forc(self):
        return self.f_contiguous or self.c_contiguous

    @property
    def behaved(self):
        return self.aligned and self.writeable

    @property
    def carray(self):
        return self.c_contiguous and self.behaved

    @property
    def farray(self):
        # NumPy's test: any of ALIGNED|WRITEABLE|F_CONTIGUOUS, and not C
        return (self.aligned or self.writeable or self.f_contiguous) and \
            not self.c_contiguous

    @property
    def contiguous(self):
        return self.c_contiguous

    @property
    def fortran(self):
        return self.f_contiguous

    def __getitem__(self, key):
        try:
            return getattr(self, self._KEYS[key])
        except KeyError:
            raise KeyError("Unknown flag") from None

    def __setitem__(self, key, value):
        name = self._KEYS.get(key)
        if name not in ("writeable", "aligned", "writebackifcopy"):
            raise KeyError("Unknown flag")
        setattr(self, name, value)

    def __repr__(self):
        return ("  C_CONTIGUOUS : %s\n  F_CONTIGUOUS : %s\n  OWNDATA : %s\n"
                "  WRITEABLE : %s\n  ALIGNED : %s\n"
                "  WRITEBACKIFCOPY : False\n" % (
                    self.c_contiguous, self.f_contiguous, self.owndata,
                    self.writeable, self.aligned))
