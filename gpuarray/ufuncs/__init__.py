"""ufunc methods beyond the C core: reduce/accumulate of any ufunc (reduce,
accumulate, fold), reduceat, at, and gufunc axes= handling (gufunc_axes).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
