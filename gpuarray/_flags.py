"""The object behind ``ndarray.flags``, like NumPy's flagsobj: a snapshot
of the layout flags; `writeable` can be set, as in NumPy."""


class Flags:
    __slots__ = ("c_contiguous", "f_contiguous", "owndata", "_writeable",
                 "_array")

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
        self.c_contiguous = c_contiguous
        self.f_contiguous = f_contiguous
        self.owndata = owndata
        self._writeable = writeable
        self._array = array

    @property
    def writeable(self):
        return self._writeable

    @writeable.setter
    def writeable(self, value):
        # NumPy's rule (ValueError where the memory may not be written)
        from ._core import _set_writeable
        _set_writeable(self._array, bool(value))
        self._writeable = bool(value)

    @property
    def aligned(self):
        return True

    @property
    def writebackifcopy(self):
        return False

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
        if self._KEYS.get(key) != "writeable":
            raise KeyError("Unknown flag")
        self.writeable = value

    def __repr__(self):
        return ("  C_CONTIGUOUS : %s\n  F_CONTIGUOUS : %s\n  OWNDATA : %s\n"
                "  WRITEABLE : %s\n  ALIGNED : True\n"
                "  WRITEBACKIFCOPY : False\n" % (
                    self.c_contiguous, self.f_contiguous, self.owndata,
                    self.writeable))
