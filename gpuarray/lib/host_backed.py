"""NumPy's host-side array types and readers, beside gpuarray arrays.

A memory-mapped file, a record array and a regex-parsed text file are
host objects by nature (their storage is a file, or Python-level field
attributes), so gpuarray does not imitate them on the device:
``gpuarray.memmap`` is ``numpy.memmap`` and ``gpuarray.asarray(mm)``
copies its contents to the device; ``recarray``/``record`` are NumPy's
(structured dtypes stay on the host: gpuarray.asarray of one raises
TypeError until structured dtypes have kernels); ``fromregex``, whose
result NumPy always gives a structured dtype, is NumPy's too: it returns
the host structured array, and ``gpuarray.asarray(r["field"])`` moves a
field to the device.
"""
import numpy as _np

__all__ = ["memmap", "recarray", "record", "fromregex", "rec"]

memmap = _np.memmap
recarray = _np.recarray
record = _np.record
rec = _np.rec  # NumPy's record-array helpers (host arrays)


fromregex = _np.fromregex
