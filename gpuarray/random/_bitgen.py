"""BitGenerator objects for NumPy-style seeding (and Dask's per-chunk seeds).

A BitGenerator here is a numpy.random.SeedSequence, what it derives --
the 64-bit Philox key of our counter-based streams (Note [Random
streams]) -- and the stream's counter.  Each class takes its own two
uint32 words of ``seed_seq.generate_state`` (Philox the first two,
PCG64 the next two, ...), so PCG64(s) and MT19937(s) give different
streams, as NumPy's different algorithms do.  A Generator made on a
BitGenerator draws from the BitGenerator's stream (two Generators on one
BitGenerator continue one stream, as NumPy's do), so ``state`` shows and
sets the key and the counter.  ``spawn(n)`` gives n children from
``SeedSequence.spawn``: independent keys, the same ones on every run for
the same seed.  Dask's Generator spawns one child per chunk and rebuilds
it on the worker as ``type(bitgen)(seed_seq)``, then calls
``gpuarray.random.default_rng(bitgen)``, so chunks are reproducible and
independent; its shuffle copies ``state`` into a fresh BitGenerator.

The names PCG64, PCG64DXSM, MT19937 and SFC64 are there so that code
written for NumPy (``Generator(PCG64(seed))``) runs; every one of them is
our Philox4x32-10 device stream, not NumPy's algorithm.
"""
import operator as _operator

import numpy as _np

from .. import _core
from . import _philox
from ._common import _shape

_I64 = _np.dtype(_np.int64)
_U64 = _np.dtype(_np.uint64)
_WRAP = 1 << 64
# one jump of jumped(): this many draws ahead in the 2**64-draw stream
_JUMP = 1 << 48


class _Stream:
    """Key + counter (Note [Random streams]): a call filling n elements
    takes counters [c, c + n) (mod 2**64)."""

    def __init__(self, k0, k1, counter=0):
        self.k0, self.k1 = k0, k1
        self.counter = counter

    def fill(self, body, shape, dtype, extra=(), extra_types=()):
        out = _core.empty(shape, dtype)
        if out.size:
            c = self.counter   # the kernel adds it as unsigned 64 bits
            _core._elementwise(
                body, (self.k0, self.k1, c - _WRAP if c >= 1 << 63 else c)
                + tuple(extra),
                (out,), (_I64, _I64, _I64) + tuple(extra_types) + (dtype,),
                _philox.PRELUDE)
            self.counter = (c + out.size) % _WRAP
        return out


def _word(v, what):
    """v as an int in [0, 2**32): a key word of a state dict."""
    try:
        v = int(v)
    except (TypeError, ValueError):
        raise TypeError("%s must be an integer, not %s"
                        % (what, type(v).__name__)) from None
    if not 0 <= v < 1 << 32:
        raise ValueError("%s must be in [0, 2**32)" % what)
    return v


class BitGenerator:
    """A SeedSequence-seeded Philox key and counter (NumPy's constructor).

    Differs from NumPy: the base of gpuarray's bit generators, which all
    draw from one counter-based Philox4x32-10 device stream; ``state`` is
    {'bit_generator', 'state': {'key', 'counter'}}; no lock, capsule,
    cffi or ctypes (there is no host-side C state to hand out)."""

    _WORDS = 0   # which pair of seed_seq.generate_state words is the key

    def __init__(self, seed=None):
        if isinstance(seed, BitGenerator):
            seed = seed._seed_seq
        if not isinstance(seed, _np.random.SeedSequence):
            if isinstance(seed, (int, _np.integer)) and int(seed) < 0:
                raise ValueError("Seed must be non-negative")
            seed = _np.random.SeedSequence(seed)
        self._seed_seq = seed
        self._stream = _Stream(*self._key())

    @property
    def seed_seq(self):
        """The SeedSequence the key comes from."""
        return self._seed_seq

    def spawn(self, n_children):
        """n_children independent BitGenerators of the same type."""
        if self._seed_seq is None:
            raise TypeError("The underlying SeedSequence does not implement "
                            "spawning.")
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]

    def _key(self):
        w = self._seed_seq.generate_state(2 * self._WORDS + 2, _np.uint32)
        return int(w[-2]), int(w[-1])

    @property
    def state(self):
        """The stream's state: {'bit_generator': the class name,
        'state': {'key': 2 uint32 words, 'counter': draws so far}}.
        Setting it (a dict of this form, for this class) moves the
        stream there: the draws that followed repeat."""
        s = self._stream
        return {"bit_generator": type(self).__name__,
                "state": {"key": _np.array([s.k0, s.k1], _np.uint32),
                          "counter": s.counter}}

    @state.setter
    def state(self, value):
        name = type(self).__name__
        if not isinstance(value, dict):
            raise TypeError("state must be a dict")
        if value.get("bit_generator") != name:
            raise ValueError("state must be for a %s RNG" % name)
        self._stream.k0, self._stream.k1, self._stream.counter = \
            _parse_state(value["state"])

    def random_raw(self, size=None, output=True):
        """64 raw random bits per element (uint64), the stream moving
        past them.

        Differs from NumPy: the bits of gpuarray's Philox stream, as a
        device array (0-d for size=None, as gpuarray's samplers give)."""
        r = self._stream.fill(_philox.INTEGERS, _shape(size), _U64,
                              (0, 0), (_I64, _I64))
        return r if output else None

    def __dask_tokenize__(self):
        s = self._seed_seq
        seq = () if s is None else (repr(s.entropy), s.spawn_key,
                                    s.pool_size, s.n_children_spawned)
        return (type(self).__qualname__,) + seq + (
            self._stream.k0, self._stream.k1, self._stream.counter)

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self._seed_seq)


def _parse_state(st):
    """(k0, k1, counter) of a state dict's 'state' entry."""
    if not isinstance(st, dict) or "key" not in st or "counter" not in st:
        raise ValueError("state['state'] must be a dict with 'key' (2 "
                         "uint32 words) and 'counter'")
    key = _np.asarray(st["key"]).reshape(-1)
    if key.size != 2:
        raise ValueError("state['state']['key'] must hold 2 words, not %d"
                         % key.size)
    counter = _np.asarray(st["counter"])
    if counter.ndim or counter.dtype.kind not in "iuO":
        raise TypeError("state['state']['counter'] must be an integer")
    counter = int(counter)
    if not 0 <= counter < _WRAP:
        raise ValueError("state['state']['counter'] must be in [0, 2**64)")
    return (_word(key[0], "state['state']['key'][0]"),
            _word(key[1], "state['state']['key'][1]"), counter)


class _Advancing(BitGenerator):
    """advance() and jumped() on the counter."""

    def advance(self, delta):
        """Moves the stream delta draws ahead (as if random_raw(delta)
        had run; a negative delta goes back); returns self.

        Differs from NumPy: the counter of gpuarray's Philox stream moves
        (mod 2**64), not NumPy's algorithm's state."""
        delta = _operator.index(delta)   # negative: back (mod 2**64)
        self._stream.counter = (self._stream.counter + delta) % _WRAP
        return self

    def jumped(self, jumps=1):
        """A new BitGenerator of this type whose stream starts jumps *
        2**48 draws ahead of this one's current position.

        Differs from NumPy: a jump is 2**48 draws of gpuarray's Philox
        stream (65536 jumps fit in its 2**64 counter), not NumPy's
        algorithm's jump."""
        jumps = _operator.index(jumps)
        new = type(self)(self._seed_seq)   # (None: fresh entropy, unused)
        s = self._stream
        new._stream = _Stream(s.k0, s.k1, (s.counter + jumps * _JUMP) % _WRAP)
        return new


def _below_2_64(v, what):
    """v (a number, as NumPy takes key= and counter=) as an int in
    [0, 2**64)."""
    try:
        v = int(v)
    except (TypeError, ValueError):
        raise TypeError("%s must be an integer, not %s"
                        % (what, type(v).__name__)) from None
    if not 0 <= v < _WRAP:
        raise ValueError("%s must be positive and less than 2**64." % what)
    return v


class Philox(_Advancing):
    """Philox4x32-10 keys from a SeedSequence (the default BitGenerator),
    or the key itself (key=) and a starting counter (counter=).

    Differs from NumPy: Philox4x32-10 with a 64-bit key and a 64-bit
    counter (NumPy's Philox is Philox4x64-10, a 128-bit key and a
    256-bit counter), so key= and counter= are ints below 2**64; state
    is {'key', 'counter'}."""

    def __init__(self, seed=None, counter=None, key=None):
        if key is not None:
            if seed is not None:
                raise ValueError("seed and key cannot be both used")
            k = _below_2_64(key, "key")
            # no SeedSequence then (as NumPy's): spawn() cannot work
            self._seed_seq = None
            self._stream = _Stream(k & 0xFFFFFFFF, k >> 32)
        else:
            super().__init__(seed)
        if counter is not None:
            self._stream.counter = _below_2_64(counter, "counter")


class PCG64(_Advancing):
    """A BitGenerator for code written for NumPy's PCG64 (seeded from a
    SeedSequence).

    Differs from NumPy: the numbers come from gpuarray's counter-based
    Philox4x32-10 device stream with a key of its own, not from PCG64;
    state is {'key', 'counter'}."""

    _WORDS = 1


class PCG64DXSM(_Advancing):
    """A BitGenerator for code written for NumPy's PCG64DXSM (seeded
    from a SeedSequence).

    Differs from NumPy: the numbers come from gpuarray's counter-based
    Philox4x32-10 device stream with a key of its own, not from
    PCG64DXSM; state is {'key', 'counter'}."""

    _WORDS = 2


class MT19937(_Advancing):
    """A BitGenerator for code written for NumPy's MT19937 (seeded from a
    SeedSequence).

    Differs from NumPy: the numbers come from gpuarray's counter-based
    Philox4x32-10 device stream with a key of its own, not the Mersenne
    Twister; state is {'key', 'counter'}; advance() exists too (the
    stream is counter-based)."""

    _WORDS = 3


class SFC64(BitGenerator):
    """A BitGenerator for code written for NumPy's SFC64 (seeded from a
    SeedSequence).

    Differs from NumPy: the numbers come from gpuarray's counter-based
    Philox4x32-10 device stream with a key of its own, not from SFC64;
    state is {'key', 'counter'}."""

    _WORDS = 4
