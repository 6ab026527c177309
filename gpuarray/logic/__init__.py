"""Logic functions: truth value testing and array comparison (truth), array
type testing and infinities (types).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
