"""BitGenerator objects for NumPy-style seeding (and Dask's per-chunk seeds).

A BitGenerator here is a numpy.random.SeedSequence and what it derives: the
64-bit Philox key of our counter-based streams (Note [Random streams]) is
the first two uint32 words of ``seed_seq.generate_state``.  ``spawn(n)``
gives n children from ``SeedSequence.spawn``: independent keys, the same
ones on every run for the same seed.  Dask's Generator spawns one child
per chunk and rebuilds it on the worker as ``type(bitgen)(seed_seq)``, then
calls ``gpuarray.random.default_rng(bitgen)``, so chunks are reproducible
and independent.  The numbers are ours, not NumPy's Philox stream.
"""
import numpy as _np


class BitGenerator:
    """A SeedSequence-seeded source of Philox keys (NumPy's constructor)."""

    def __init__(self, seed=None):
        if isinstance(seed, BitGenerator):
            seed = seed._seed_seq
        if not isinstance(seed, _np.random.SeedSequence):
            if isinstance(seed, (int, _np.integer)) and int(seed) < 0:
                raise ValueError("Seed must be non-negative")
            seed = _np.random.SeedSequence(seed)
        self._seed_seq = seed

    @property
    def seed_seq(self):
        return self._seed_seq

    def spawn(self, n_children):
        """n_children independent BitGenerators of the same type."""
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]

    def _key(self):
        w = self._seed_seq.generate_state(2, _np.uint32)
        return int(w[0]), int(w[1])

    def __dask_tokenize__(self):
        s = self._seed_seq
        return (type(self).__qualname__, repr(s.entropy), s.spawn_key,
                s.pool_size, s.n_children_spawned)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._seed_seq)


class Philox(BitGenerator):
    """Philox4x32-10 keys from a SeedSequence (the default BitGenerator)."""
