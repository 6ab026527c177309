"""Indexing routines: advanced indexing and the C hooks for it, take,
compress, nonzero (advanced), generating index arrays (generate),
put/choose/select/put_along_axis (put_choose), r_/c_/mgrid/... (index_tricks),
and the host-side operand helpers the index routines share (operands).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
