"""Quick end-to-end check of the main paths on the current device (not a
test suite: prints what differs from NumPy and exits non-zero)."""
import sys
import time

import numpy as np

import gpuarray as gp

bad = 0


def check(name, got, want):
    global bad
    got = gp.asnumpy(got) if isinstance(got, gp.ndarray) else got
    ok = got.dtype == want.dtype and got.shape == want.shape and \
        np.array_equal(got, want, equal_nan=True)
    if not ok:
        bad += 1
        print("FAIL", name, got.dtype, want.dtype, got.shape, want.shape,
              got.ravel()[:5], want.ravel()[:5])


print("device:", gp._core._get_device())
rng = np.random.default_rng(0)
for dt in [np.bool_, np.int8, np.uint16, np.int32, np.int64, np.uint64,
           np.float16, np.float32, np.float64, np.complex64, np.complex128]:
    h = (rng.random((7, 33)) * 100).astype(dt)
    g = gp.asarray(h)
    check("roundtrip %s" % dt.__name__, g, h)
    check("T copy %s" % dt.__name__, g.T.copy(), h.T.copy())
    check("slice %s" % dt.__name__, g[::-2, 3::5], h[::-2, 3::5])
    if dt != np.bool_:
        check("add %s" % dt.__name__, g + g, h + h)
        check("mul scalar %s" % dt.__name__, g * 3, h * 3)
    check("astype %s" % dt.__name__, g.astype(np.float64), h.astype(np.float64))
for n in [10, 1000, 100003]:
    check("arange %d" % n, gp.arange(n, dtype=np.float32),
          np.arange(n, dtype=np.float32))
    check("linspace %d" % n, gp.linspace(-3, 7, n), np.linspace(-3, 7, n))
h = rng.random((300, 200))
g = gp.asarray(h)
check("sin", gp.sin(g), np.sin(h))
check("where", gp.where(g > 0.5, g, -g), np.where(h > 0.5, h, -h))
check("broadcast", g + gp.asarray(h[0]), h + h[0])
check("ones", gp.ones((5, 5), dtype=np.float64), np.ones((5, 5)))
check("eye", gp.eye(4, 5, 1), np.eye(4, 5, 1))
x = gp.ones(10 ** 7)
x *= 5
x *= x
x += x
check("chain", x, np.full(10 ** 7, 50.0))
big = rng.random(2 ** 24)
check("big roundtrip", gp.asarray(big), big)
pool = gp.get_default_memory_pool()
before = pool.used_bytes()
for _ in range(1000):
    gp.empty(10)
print("pool used before/after:", before, pool.used_bytes(),
      "driver allocs:", pool.driver_allocations())
try:
    gp.empty(10 ** 13)
    print("FAIL: 80 TB allocation succeeded")
    bad += 1
except MemoryError as e:
    print("MemoryError ok:", str(e)[:120])
print("jit stats:", gp._core._jit_stats())
print("SMOKE", "OK" if not bad else "FAILED %d" % bad)
sys.exit(1 if bad else 0)
