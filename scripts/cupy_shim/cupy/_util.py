"""``cupy._util`` for the harness."""


class PerformanceWarning(RuntimeWarning):
    pass
