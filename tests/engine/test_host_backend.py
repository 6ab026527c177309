"""The host device as a CPU backend (issue 17): reductions as accurate as
NumPy's pairwise sums (Note [Host pairwise reduction]), the vectorized
elementwise loop split over threads exactly like one pass (Note [Host
elementwise loop], Note [Host thread split]), fusion, the CPU level in the
cache key (Note [Host compile options]) and the shipped kernel set found by
a fresh process with an empty cache (Note [Precompiled kernels])."""
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as gp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
HOST = gp._core._get_device()[0] == "host"


def rel(got, ref):
    return abs(float(got) - ref) / abs(ref)


@pytest.mark.parametrize("kind", ["uniform", "normal", "ramp"])
def test_float32_sum_as_accurate_as_numpy(kind):
    rng = np.random.default_rng(7)
    n = 3_000_001
    x = {"uniform": lambda: rng.random(n, dtype=np.float32),
         "normal": lambda: rng.standard_normal(n).astype(np.float32) + 0.5,
         "ramp": lambda: np.linspace(1, 2, n, dtype=np.float32)}[kind]()
    ref = math.fsum(x.astype(np.float64))
    g = gp.asarray(x)
    eps = np.finfo(np.float32).eps
    # within 2x of NumPy's error (plus one rounding of the result itself)
    assert rel(g.sum(), ref) <= 2 * rel(x.sum(), ref) + eps
    assert rel(gp.sum(g), ref) <= 2 * rel(x.sum(), ref) + eps
    m = ref / n
    assert rel(gp.mean(g), m) <= 2 * rel(np.mean(x), m) + eps
    v = float(np.var(x.astype(np.float64)))
    assert rel(gp.var(g), v) <= 2 * rel(np.var(x), v) + eps
    assert rel(gp.std(g), math.sqrt(v)) <= \
        2 * rel(np.std(x), math.sqrt(v)) + eps


def test_float32_axis_sums_and_cumsum_as_accurate_as_numpy():
    rng = np.random.default_rng(3)
    x = rng.random((300, 20_000), dtype=np.float32)
    g = gp.asarray(x)
    eps = np.finfo(np.float32).eps
    for axis in (0, 1):
        ref = x.astype(np.float64).sum(axis=axis)
        ours = np.abs(g.sum(axis=axis).get() - ref) / ref
        theirs = np.abs(x.sum(axis=axis) - ref) / ref
        assert ours.max() <= 2 * theirs.max() + eps
    flat = x.ravel()[:2_000_000]
    ref = np.cumsum(flat.astype(np.float64))
    ours = np.abs(gp.asarray(flat).cumsum().get() - ref) / ref
    theirs = np.abs(np.cumsum(flat) - ref) / ref
    assert ours.max() <= 2 * theirs.max() + eps


def test_pairwise_sum_keeps_exact_integer_and_ordered_results():
    # reassociation must not change what is exact: integer sums, min/max,
    # argmax ties (the first index wins), prod of small ints
    rng = np.random.default_rng(1)
    a = rng.integers(-1000, 1000, 1_000_003)
    g = gp.asarray(a)
    assert int(g.sum()) == int(a.sum())
    f = rng.random(1_000_003)
    f[[5, 700_001]] = 2.0
    gf = gp.asarray(f)
    assert int(gp.argmax(gf)) == int(np.argmax(f)) == 5
    assert float(gp.max(gf)) == 2.0
    assert float(gp.min(gf)) == float(f.min())
    small = np.ones(5000, dtype=np.int64)
    small[::997] = 2
    assert int(gp.prod(gp.asarray(small))) == int(np.prod(small))
    h = (np.arange(40_001) % 3).astype(np.float16)  # sum 40000 < 65504
    ref = float(h.astype(np.float64).sum())
    assert rel(gp.asarray(h).sum(), ref) <= 2 * rel(h.sum(), ref) + 1e-3


@pytest.fixture
def split_small():
    """Threads from 2 KiB up, so small arrays take the parallel path."""
    old = gp._core._tune("host_parallel_kib", 1)
    yield
    gp._core._tune("host_parallel_kib", old)


@pytest.mark.parametrize("dt", [np.float64, np.float32, np.int16, np.uint8,
                                np.complex64, np.float16, np.bool_])
@pytest.mark.parametrize("n", [1, 7, 1000, 10_007])
def test_split_elementwise_equals_numpy(split_small, dt, n):
    rng = np.random.default_rng(n)
    a = (rng.random(n) * 50).astype(dt)
    b = (rng.random(n) * 50 + 1).astype(dt)
    ga, gb = gp.asarray(a), gp.asarray(b)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal((ga + gb).get(), a + b)
        np.testing.assert_array_equal((ga * 3).get(), a * 3)
        if dt != np.bool_:
            np.testing.assert_array_equal(gp.negative(ga[::3]).get(),
                                          np.negative(a[::3]))
            np.testing.assert_array_equal(gp.sqrt(ga).get(), np.sqrt(a))


def test_in_place_aliasing_equals_numpy(split_small):
    # exact aliasing (the vectorized loop's restrict/ivdep case) and
    # partial overlap (the engine reads from a copy) both as NumPy
    x = np.linspace(-3, 3, 10_001)
    g = gp.asarray(x)
    x *= x
    g *= g
    np.testing.assert_array_equal(g.get(), x)
    x[1:] += x[:-1]
    g[1:] += g[:-1]
    np.testing.assert_array_equal(g.get(), x)
    x[:-2] -= x[2:]
    g[:-2] -= g[2:]
    np.testing.assert_array_equal(g.get(), x)


def test_fused_chain_one_kernel_bit_for_bit():
    def chain(x):
        x = x * 5
        x = x * x
        return x + x

    fused = gp.fuse(chain)
    x = np.random.default_rng(0).random(100_003)
    g = gp.asarray(x)
    before = gp._core._jit_stats()["kernels"]
    r = fused(g)
    assert gp._core._jit_stats()["kernels"] - before == 1  # one pass
    ref = x.copy()
    ref *= 5
    ref *= ref
    ref += ref
    np.testing.assert_array_equal(r.get(), ref)
    np.testing.assert_array_equal(fused(g[::2]).get(), chain(x[::2]))


def run_child(code, cache, **env):
    e = dict(os.environ, GPUARRAY_CACHE_DIR=str(cache),
             PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    e.update(env)
    out = subprocess.check_output([sys.executable, "-c", code], env=e,
                                  cwd=ROOT)
    return json.loads(out.decode().strip().splitlines()[-1])


FIRST = r"""
import json, warnings
import numpy as np
import gpuarray as gp
warnings.simplefilter("ignore")
ok = True
for ch in "?bBhHiIlLefdFD":
    x = (np.arange(100) % 7 + 1).astype(ch)
    a = gp.asarray(x)
    with np.errstate(all="ignore"):
        ok &= np.array_equal((a + a).get(), x + x)
        ok &= np.allclose(np.sin(a).get(), np.sin(x), rtol=1e-3)
        ok &= np.allclose(a.sum().get(), x.sum())
        ok &= np.allclose(a.cumsum().get(), x.cumsum())
        ok &= np.array_equal(a.astype(np.float64).get(), x.astype(np.float64))
        s = True if x.dtype.kind == "b" else 3 if x.dtype.kind in "iu" else 3.0
        m = a > s
        ok &= np.array_equal(m.get(), x > s)
        ok &= int(gp.count_nonzero(a)) == np.count_nonzero(x)
        b, y = a.copy(), x.copy()
        b[m] = s
        y[x > s] = s
        ok &= np.array_equal(b.get(), y)
        ok &= np.array_equal(gp.searchsorted(gp.sort(a), a).get(),
                             np.searchsorted(np.sort(x), x))
print(json.dumps(dict(gp._core._jit_stats(), ok=bool(ok))))
"""


@pytest.mark.skipif(not HOST, reason="the shipped set is the host's")
def test_fresh_process_starts_no_compiler(tmp_path):
    """a + b, np.sin, sum, cumsum, astype, a > 3, count_nonzero,
    a[mask] = v and searchsorted on every dtype come from the set
    setup.py's build_ext ships (python -m gpuarray.precompile)."""
    shipped = os.path.join(os.path.dirname(gp.__file__), "_precompiled",
                           "host")
    assert os.path.isdir(shipped), (
        "no shipped kernel set: build with setup.py build_ext (not "
        "GPUARRAY_NO_PRECOMPILE=1) or run python -m gpuarray.precompile "
        "--package")
    s = run_child(FIRST, tmp_path / "empty")
    assert s["ok"]
    assert s["compiles"] == 0
    assert s["precompiled_hits"] >= 50  # some calls share a module


@pytest.mark.skipif(not HOST, reason="host compiler options")
def test_cpu_level_is_part_of_the_key(tmp_path):
    """A kernel built for a lower x86-64 level is a different cache entry:
    a module is never loaded on a level it was not built for."""
    code = r"""
import json, numpy as np, gpuarray as gp
x = np.arange(300, dtype=np.float64)
a = gp.asarray(x)
y = gp.empty_like(a)
gp._core._elementwise("out0 = in0 * 2.0 + 1.0; /* isa key test */", (a,),
                      (y,), (np.float64, np.float64))
print(json.dumps(dict(gp._core._jit_stats(),
                      ok=bool(np.array_equal(y.get(), x * 2 + 1)))))
"""
    cache = tmp_path / "c"
    first = run_child(code, cache)
    assert first["ok"] and first["compiles"] == 1
    assert run_child(code, cache)["compiles"] == 0
    lower = run_child(code, cache, GPUARRAY_HOST_ISA="x86-64")
    assert lower["ok"]
    with open("/proc/cpuinfo") as f:
        above_baseline = " sse4_2" in f.read()
    if os.uname().machine == "x86_64" and above_baseline:
        assert lower["compiles"] == 1  # not the first process's module
