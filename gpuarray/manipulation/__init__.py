"""Array manipulation routines: shapes, transposes, dimensions, joining,
copying and flipping (shapes), splitting, tiling and rearranging
(rearrange), block/unstack/concat (joining), adding and removing
elements (add_remove), padding (pad).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
