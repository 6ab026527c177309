"""Reading and writing arrays: NumPy's readers and writers with gpuarray
arrays on the device side.

The readers (frombuffer, fromiter, fromstring, fromfile, loadtxt,
genfromtxt) parse on the host with NumPy and upload the result, so they
take NumPy's arguments and raise NumPy's errors; `like=` is accepted and
ignored.  A result of a dtype gpuarray lacks (strings, structured,
object, datetime, longdouble) raises gpuarray's TypeError, and so does
genfromtxt(usemask=True): there are no masked gpuarray arrays.

The writers (save, savez, savez_compressed, savetxt) copy gpuarray
arrays to the host and write exactly the bytes NumPy writes for a NumPy
array of the same values and layout (Fortran order where the gpuarray
array is Fortran-contiguous and not C-contiguous).

load reads with numpy.load: a .npy file gives a gpuarray array (with
mmap_mode, the file is memory-mapped for the copy to the device; the
result is an ordinary device array), a .npz file gives an NpzFile that
reads and uploads a member on each lookup (see NpzFile for what differs
from NumPy's), and a pickle (allow_pickle=True) gives the unpickled
object as it is, except that a NumPy array is uploaded.  allow_pickle is NumPy's: an object array raises NumPy's
ValueError without it and gpuarray's TypeError with it, as gpuarray has
no object dtype.
"""
import collections.abc as _abc

import numpy as _np

from .._core import ndarray as _ndarray
from .._engine.arrays import asarray as _asarray

__all__ = ["frombuffer", "fromiter", "fromstring", "fromfile", "loadtxt",
           "genfromtxt", "save", "savez", "savez_compressed", "savetxt",
           "load"]


def _host(a):
    # order="A": a Fortran-contiguous array is written in Fortran order,
    # as numpy.save writes a NumPy array of the same layout
    return a.get(order="A") if isinstance(a, _ndarray) else a


# ---------------------------------------------------------------- readers

def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """numpy.frombuffer, uploaded: a 1-D gpuarray array of the buffer's
    data (a copy; the device array does not alias the buffer)."""
    return _asarray(_np.frombuffer(buffer, dtype, count, offset))


def fromiter(iter, dtype, count=-1, *, like=None):
    """numpy.fromiter, uploaded."""
    return _asarray(_np.fromiter(iter, dtype, count))


def fromstring(string, dtype=float, count=-1, *, sep="", like=None):
    """numpy.fromstring (text mode; NumPy 2 removed the binary mode, and
    sep='' raises NumPy's ValueError), uploaded."""
    return _asarray(_np.fromstring(string, dtype, count, sep=sep))


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None):
    """numpy.fromfile, uploaded."""
    return _asarray(_np.fromfile(file, dtype, count, sep, offset))


def loadtxt(fname, dtype=float, comments="#", delimiter=None,
            converters=None, skiprows=0, usecols=None, unpack=False,
            ndmin=0, encoding=None, max_rows=None, *, quotechar=None,
            like=None):
    """numpy.loadtxt, uploaded (unpack=True gives the transposed array,
    as NumPy does)."""
    return _asarray(_np.loadtxt(
        fname, dtype, comments, delimiter, converters, skiprows, usecols,
        unpack, ndmin, encoding, max_rows, quotechar=quotechar))


def genfromtxt(fname, dtype=float, comments="#", delimiter=None,
               skip_header=0, skip_footer=0, converters=None,
               missing_values=None, filling_values=None, usecols=None,
               names=None, excludelist=None,
               deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~",
               replace_space="_", autostrip=False, case_sensitive=True,
               defaultfmt="f%i", unpack=None, usemask=False, loose=True,
               invalid_raise=True, max_rows=None, encoding=None, *,
               ndmin=0, like=None):
    """numpy.genfromtxt, uploaded.  usemask=True raises TypeError
    (gpuarray has no masked arrays); names= or dtype=None make structured
    arrays where the columns differ, which raise gpuarray's TypeError."""
    if usemask:
        raise TypeError("genfromtxt(usemask=True) is not supported: "
                        "gpuarray has no masked arrays")
    return _asarray(_np.genfromtxt(
        fname, dtype, comments, delimiter, skip_header, skip_footer,
        converters, missing_values, filling_values, usecols, names,
        excludelist, deletechars, replace_space, autostrip,
        case_sensitive, defaultfmt, unpack, usemask, loose, invalid_raise,
        max_rows, encoding, ndmin=ndmin))


# ---------------------------------------------------------------- writers

def save(file, arr, allow_pickle=True):
    """numpy.save of arr (a gpuarray array is copied to the host)."""
    _np.save(file, _host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    """numpy.savez of the arrays (gpuarray arrays copied to the host)."""
    _np.savez(file, *[_host(a) for a in args], allow_pickle=allow_pickle,
              **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """numpy.savez_compressed of the arrays (gpuarray arrays copied to
    the host)."""
    _np.savez_compressed(file, *[_host(a) for a in args],
                         allow_pickle=allow_pickle,
                         **{k: _host(v) for k, v in kwds.items()})


def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="",
            footer="", comments="# ", encoding=None):
    """numpy.savetxt of X (a gpuarray array is copied to the host)."""
    _np.savetxt(fname, _host(X), fmt, delimiter, newline, header, footer,
                comments, encoding)


# ---------------------------------------------------------------- load

class _BagObj:
    """npz.f.name is npz["name"] (NumPy's BagObj)."""

    def __init__(self, obj):
        self._obj = obj

    def __getattribute__(self, key):
        try:
            return object.__getattribute__(self, "_obj")[key]
        except KeyError:
            raise AttributeError(key) from None

    def __dir__(self):
        return list(object.__getattribute__(self, "_obj").keys())


class NpzFile(_abc.Mapping):
    """A .npz archive opened by gpuarray.load: numpy.lib.npyio.NpzFile's
    mapping, whose values are gpuarray arrays.

    As NumPy's: `files` (the array names), keys/items/values/get, `in`,
    len, iteration, `f` (attribute access to the members), close(), use
    as a context manager, and each lookup reads (and uploads) the member
    again.  `zip`, `fid` and `allow_pickle` are those of the NpzFile
    wrapped, which is `npz`.  Differs: it is not a numpy NpzFile
    (isinstance fails), and an object array member raises gpuarray's
    TypeError when allow_pickle=True let NumPy read it.
    """

    def __init__(self, npz):
        self.npz = npz
        self.files = npz.files
        self.f = _BagObj(self)

    zip = property(lambda self: self.npz.zip)
    fid = property(lambda self: self.npz.fid)
    allow_pickle = property(lambda self: self.npz.allow_pickle)

    def __getitem__(self, key):
        return _asarray(self.npz[key])

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def __contains__(self, key):
        return key in self.npz

    def close(self):
        self.npz.close()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        self.close()

    def __repr__(self):
        return "gpuarray." + repr(self.npz)


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True,
         encoding="ASCII", *, max_header_size=10000):
    """numpy.load, with a gpuarray array for a .npy file and an NpzFile
    of gpuarray arrays for a .npz file (see the module's docstring)."""
    obj = _np.load(file, mmap_mode, allow_pickle, fix_imports, encoding,
                   max_header_size=max_header_size)
    if isinstance(obj, _np.lib.npyio.NpzFile):
        return NpzFile(obj)
    if isinstance(obj, _np.ndarray):  # np.memmap too
        return _asarray(obj)
    return obj
