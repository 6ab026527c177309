"""Interoperability: NumPy's __array_ufunc__/__array_function__ protocols
(dispatch), DLPack (dlpack), NumPy-compatibility names (numpy_compat).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
