"""Mathematical functions: sums, products, differences (sums, cumulative,
differences), extrema (extrema), special functions (special),
convolution and interpolation (convolve), bit packing (bits), window
functions (windows).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
