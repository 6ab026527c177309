"""Kernel-level primitives every chapter uses (issue 14): the ufunc objects
and their Python-level helpers (ufuncs), the reduction front end and its
argument helpers (reduce), the reduction/scan op table (reduction_ops),
ndarray.flags (flags) and the lazy-load machinery (lazy).  Imports only
the C core, NumPy and lower _engine modules.

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
