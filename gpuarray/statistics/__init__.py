"""Statistics: averages and variances (moments), order statistics
(order), correlation (correlation), histograms (histograms,
histograms_nd).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
