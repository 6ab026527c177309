"""``cupy._util`` for the harness."""


class PerformanceWarning(RuntimeWarning):
    pass


# CuPy's experimental host-to-device slice copy (CUPY_EXPERIMENTAL_SLICE_COPY),
# off by default there too: its tests skip
ENABLE_SLICE_COPY = False


def clear_memo():
    """CuPy's memoized-kernel reset: gpuarray's kernel caches are its own
    (keyed by source), so there is nothing of CuPy's to clear."""
