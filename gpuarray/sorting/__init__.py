"""Sorting, searching, counting and sets: sort/argsort/partition (sort),
searchsorted and unique (search_unique), the array API unique_* family
(unique_arrayapi), set routines (sets, isin).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
