"""Array creation routines: from shape or value and from existing data
(arrays), numerical ranges (arrays, geomspace), building matrices
(matrices, building), conversions with checks (convert).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
