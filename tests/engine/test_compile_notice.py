"""The first-compile notice (csrc/jit/compile_notice.c): one line on
stderr per process after the first compile that takes longer than the
threshold (1 s by default), none when every kernel comes from the cache.
Each case runs in a fresh interpreter with its own kernel cache, since the
notice is once per process."""
import os
import subprocess
import sys

import pytest

import gpuarray as gp
from host_prelude_seed import seed_prelude

NOTICE = "gpuarray: compiling kernels, cached for next time"

# Two user kernels whose text nobody compiled before (a token unique to the
# run): the shipped kernel set (gpuarray/_precompiled) cannot hold them, so
# a fresh cache must compile; the same token again finds them cached.
SCRIPT = r"""
import sys
import numpy as np
import gpuarray as gp
gp._core._compile_notice(float(sys.argv[1]))
token = int(sys.argv[2])
x = gp.arange(6.0)
k1 = gp.ElementwiseKernel("float64 x", "float64 y",
                          "y = x * 2 + %d" % token, "notice_a")
k2 = gp.ElementwiseKernel("float64 x", "float64 y",
                          "y = x - %d" % token, "notice_b")
np.testing.assert_array_equal(gp.asnumpy(k1(x)), np.arange(6.0) * 2 + token)
np.testing.assert_array_equal(gp.asnumpy(k2(x)), np.arange(6.0) - token)
print(gp._core._jit_stats()["compiles"])
"""


def run(cache, threshold, token):
    env = dict(os.environ, GPUARRAY_CACHE_DIR=str(cache))
    p = subprocess.run([sys.executable, "-c", SCRIPT, str(threshold),
                        str(token)],
                       env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return int(p.stdout.split()[-1]), p.stderr


def _token():
    return int.from_bytes(os.urandom(4), "little")


def test_notice_once_per_process_then_silent_when_cached(tmp_path):
    # the caches hold the session's precompiled prelude (not what the
    # notice is about): the kernels alone are compiled
    seed_prelude(tmp_path / "cache")
    token = _token()
    compiles, err = run(tmp_path / "cache", 0.0, token)
    assert compiles >= 2            # several compiles ...
    assert err.count(NOTICE) == 1   # ... one notice
    assert str(tmp_path / "cache") in err  # it says where the cache is
    compiles, err = run(tmp_path / "cache", 0.0, token)
    assert compiles == 0 and NOTICE not in err


def test_no_notice_under_the_threshold(tmp_path):
    seed_prelude(tmp_path / "cache")
    compiles, err = run(tmp_path / "cache", 1e6, _token())
    assert compiles >= 2 and NOTICE not in err


def test_threshold_must_be_a_nonnegative_number():
    with pytest.raises(ValueError):
        gp._core._compile_notice(-1.0)
    with pytest.raises(TypeError):
        gp._core._compile_notice("1")
    old = gp._core._compile_notice(1.0)
    assert old == 1.0


def test_docs_describe_the_notice_and_the_cache():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "docs", "performance.md")) as f:
        text = f.read()
    assert NOTICE in text
    for name in ("GPUARRAY_CACHE_DIR", "XDG_CACHE_HOME", "~/.cache/gpuarray"):
        assert name in text
