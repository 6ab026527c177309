"""``cupyx.scipy`` for the harness: gpuarray has no SciPy layer; only the
``sparse.issparse`` check cupy.testing makes on every result."""
