"""The object behind ``ndarray.flags``, like NumPy's flagsobj: a snapshot
of the layout flags; `writeable` can be set, as in NumPy."""
from .._core import _set_writeable


class Flags:
    __slots__ = ("_c", "_f", "_owndata", "_writeable", "_array")
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
        return True

    @aligned.setter
    def aligned(self, value):
        # device memory is always aligned; only True can be honoured
        if not value:
            raise ValueError("gpuarray arrays are always aligned")

    @property
    def writebackifcopy(self):
        return False

    @writebackifcopy.setter
    def writebackifcopy(self, value):
        if value:
            raise ValueError("cannot set WRITEBACKIFCOPY flag to True")

    def _state(self):
        return (self._c, self._f, self._owndata, self._writeable)

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
        return self.writeable

    @property
    def carray(self):
        return self.c_contiguous and self.writeable

    @property
    def farray(self):
        # NumPy tests "any of ALIGNED|WRITEABLE|F_CONTIGUOUS, not C", and
        # we are always aligned
        return not self.c_contiguous

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
                "  WRITEABLE : %s\n  ALIGNED : True\n"
                "  WRITEBACKIFCOPY : False\n" % (
                    self.c_contiguous, self.f_contiguous, self.owndata,
                    self.writeable))
