"""User kernels: ElementwiseKernel and ReductionKernel (elementwise),
RawKernel/RawModule (raw) and their host shim (raw_host), fuse (fusion),
vectorize (vectorize).

Nothing is imported here: each module loads when it is first used
(Note [Lazy namespace] in gpuarray/_engine/lazy.py).
"""
