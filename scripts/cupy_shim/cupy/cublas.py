"""``cupy.cublas`` for the harness: the batched-gesv switch CuPy's solve
tests set and restore; gpuarray has no such limit, so it only records."""
_limit = 256


def get_batched_gesv_limit():
    return _limit


def set_batched_gesv_limit(limit):
    global _limit
    _limit = limit
