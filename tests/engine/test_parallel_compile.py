"""Kernels needed at once compile at once (issue 17; Note [Parallel
compiles] in csrc/jit/compile.c, gpuarray/_engine/jit.py): several missing
kernels asked for through compile_many are built by at most `jobs`
concurrent compiler processes (host) or NVRTC threads (cuda), all load and
compute what NumPy computes, a kernel that fails raises its CompileError
with the compiler's message and leaves no cache entry, and a Ctrl-C stops
the whole batch.  Host cases run in a child process with their own cache
and TMPDIR, and a CXX wrapper that logs when each kernel compile starts
and ends.

Suite time (issue 17): one wrapper serves the module (its log file and
sleep come from the child's environment), so its precompiled prelude --
keyed on the CXX command -- is built once (the `pch_seed` fixture) and
copied into the caches of the cases about kernel compiles, which count
kernel compiles and entries, never the prelude's."""
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import gpuarray as gp
from conftest import nvrtc_or_skip
from gpuarray._engine import jit as _jit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

host_only = pytest.mark.skipif(
    gp._core._get_device()[0] != "host",
    reason="counts host compiler processes")

# a kernel compile (not --version, not the prelude's header): log start
# and end with this process's pid to $GPA_CXX_LOG; $GPA_CXX_SLEEP
# stretches each compile so that overlapping windows are unmistakable on a
# loaded machine
LOGGING_CXX = """#!/bin/sh
kernel=0
for a in "$@"; do
  [ "$a" = --version ] && exec c++ --version
  case "$a" in */kernel.cpp) kernel=1 ;; esac
done
[ $kernel = 0 ] && exec c++ "$@"
echo "start $$ $(date +%s.%N)" >> "$GPA_CXX_LOG"
sleep "$GPA_CXX_SLEEP"
c++ "$@"
rc=$?
echo "end $$ $(date +%s.%N)" >> "$GPA_CXX_LOG"
exit $rc
"""

# float32 loops on a strided view: outside the shipped set (which has
# every ufunc's contiguous loops; gpuarray/precompile.py)
NAMES = ["arcsinh", "expm1", "log1p", "cbrt", "arctan", "sinh"]

CHILD = r"""
import json, sys
import numpy as np
import gpuarray as gp
from gpuarray._engine.jit import compile_many
names, jobs, bad = json.loads(sys.argv[1])
x = np.linspace(0.5, 3.0, 37).astype(np.float32)
a = gp.asarray(np.repeat(x, 2))[::2]    # x's values, strided
runs = {n: 0 for n in names}
def call(n):
    def f():
        runs[n] += 1
        return getattr(gp, n)(a).get()
    return f
calls = [call(n) for n in names]
if bad:
    def broken():
        y = gp.empty_like(a)
        gp._core._elementwise(bad, (a,), (y,), (np.float32, np.float32))
    calls.append(broken)
before = dict(gp._core._jit_stats())
out = compile_many(calls, jobs=jobs, return_exceptions=True)
after = dict(gp._core._jit_stats())
res = {"ok": [bool(np.allclose(o, getattr(np, n)(x), rtol=2e-6, atol=0))
              for n, o in zip(names, out)],
       "runs": runs,
       "compiles": after["compiles"] - before["compiles"],
       "peak": after["parallel_peak"], "pending": gp._core._jit_pending()[0]}
if bad:
    e = out[-1]
    res["error"] = [type(e).__name__, str(e), getattr(e, "log", ""),
                    getattr(e, "source", "")]
    # the plain path still raises it, and compiles it again
    try:
        broken()
    except gp.CompileError as e2:
        res["again"] = type(e2).__name__
    res["compiles_again"] = (gp._core._jit_stats()["compiles"]
                             - after["compiles"])
print(json.dumps(res))
"""


@pytest.fixture(scope="module")
def logging_cxx(tmp_path_factory):
    cxx = tmp_path_factory.mktemp("cxx") / "logging-cxx"
    cxx.write_text(LOGGING_CXX)
    cxx.chmod(0o755)
    return cxx


def child_env(tmp_path, cxx, sleep):
    tmpdir = tmp_path / "tmpdir"
    tmpdir.mkdir(exist_ok=True)
    return dict(os.environ, CXX=str(cxx), TMPDIR=str(tmpdir),
                GPA_CXX_LOG=str(tmp_path / "cxx.log"), GPA_CXX_SLEEP=sleep,
                GPUARRAY_CACHE_DIR=str(tmp_path / "cache"),
                PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH",
                                                               ""))


@pytest.fixture(scope="module")
def pch_seed(tmp_path_factory, logging_cxx):
    """A cache whose precompiled prelude was built with logging_cxx (one
    kernel outside NAMES compiled for it)."""
    d = tmp_path_factory.mktemp("seed")
    res, _, _ = run_child(d, ["tanh"], 1, cxx=logging_cxx, sleep="0")
    assert res["ok"] == [True] and res["compiles"] == 1
    assert list((d / "cache" / "host").glob("pch-*/prelude.h.gch"))
    return d / "cache"


def with_prelude(tmp_path, pch_seed):
    """tmp_path's cache: the seed's precompiled prelude, no kernel."""
    shutil.copytree(pch_seed, tmp_path / "cache",
                    ignore=shutil.ignore_patterns("*.so"))


def run_child(tmp_path, names, jobs, bad=None, sleep="0.3", cxx=None):
    log = tmp_path / "cxx.log"
    env = child_env(tmp_path, cxx, sleep)
    tmpdir = tmp_path / "tmpdir"
    r = subprocess.run([sys.executable, "-c", CHILD,
                        json.dumps([names, jobs, bad])], env=env, cwd=ROOT,
                       capture_output=True, timeout=600)
    assert r.returncode == 0, r.stderr.decode()[-3000:]
    windows = {}
    for line in log.read_text().split("\n") if log.exists() else []:
        if line:
            what, pid, t = line.split()
            windows.setdefault(pid, {})[what] = float(t)
    return json.loads(r.stdout.decode().splitlines()[-1]), windows, tmpdir


def most_at_once(windows):
    """The largest number of compile windows open at one instant."""
    edges = sorted([(w["start"], 1) for w in windows.values()] +
                   [(w["end"], -1) for w in windows.values()],
                   key=lambda e: (e[0], e[1]))
    live = best = 0
    for _, d in edges:
        live += d
        best = max(best, live)
    return best


def cache_entries(tmp_path):
    host = tmp_path / "cache" / "host"
    return sorted(p.name for p in host.iterdir() if p.name.endswith(".so"))


@host_only
def test_missing_kernels_compile_at_most_jobs_at_once(tmp_path, logging_cxx,
                                                      pch_seed):
    with_prelude(tmp_path, pch_seed)
    res, windows, tmpdir = run_child(tmp_path, NAMES, 3, cxx=logging_cxx)
    assert res["ok"] == [True] * len(NAMES)
    assert res["compiles"] == len(NAMES) == len(windows)
    assert all("end" in w for w in windows.values())
    # concurrency really happened, and never beyond jobs
    assert most_at_once(windows) == 3
    assert res["peak"] == 3
    # each call ran twice: stopped at its missing kernel, then for real
    assert res["runs"] == {n: 2 for n in NAMES}
    assert res["pending"] == 0
    assert len(cache_entries(tmp_path)) == len(NAMES)
    assert list(tmpdir.iterdir()) == []      # every build folder removed


@host_only
def test_jobs_1_compiles_one_after_another(tmp_path, logging_cxx, pch_seed):
    with_prelude(tmp_path, pch_seed)
    res, windows, _ = run_child(tmp_path, NAMES[:3], 1, sleep="0.1",
                                cxx=logging_cxx)
    assert res["ok"] == [True] * 3
    assert len(windows) == 3 and most_at_once(windows) == 1


@host_only
def test_a_failing_kernel_raises_its_error_and_leaves_no_entry(
        tmp_path, logging_cxx, pch_seed):
    bad = "out0 = in0 + no_such_name_17; /* parallel compile test */"
    with_prelude(tmp_path, pch_seed)
    res, windows, tmpdir = run_child(tmp_path, NAMES[:3], 2, bad=bad,
                                     sleep="0.1", cxx=logging_cxx)
    assert res["ok"] == [True] * 3           # the batch's good kernels
    name, msg, log, source = res["error"]
    assert name == "CompileError"
    assert "no_such_name_17" in msg and "error" in log
    assert "no_such_name_17" in source
    assert res["again"] == "CompileError"
    # three good entries and none for the bad kernel: the plain call
    # after the batch compiles it again
    assert len(cache_entries(tmp_path)) == 3
    assert res["compiles"] == 4 and res["compiles_again"] == 1
    assert list(tmpdir.iterdir()) == []
    files = [p.name for p in (tmp_path / "cache" / "host").rglob("*")]
    assert not [f for f in files if "tmp" in f], files


@host_only
def test_a_batch_s_entries_are_valid_for_the_next_process(
        tmp_path, logging_cxx, pch_seed):
    """Every entry a batch writes carries its key and checksum trailer:
    a fresh process loads all of them and compiles nothing."""
    with_prelude(tmp_path, pch_seed)
    res, _, _ = run_child(tmp_path, NAMES[:4], 2, sleep="0", cxx=logging_cxx)
    assert res["compiles"] == 4 and res["ok"] == [True] * 4
    (tmp_path / "cxx.log").unlink()
    again, windows, _ = run_child(tmp_path, NAMES[:4], 2, sleep="0",
                                  cxx=logging_cxx)
    assert again["compiles"] == 0 and windows == {}
    assert again["ok"] == [True] * 4
    assert again["runs"] == {n: 1 for n in NAMES[:4]}  # nothing deferred


@host_only
def test_a_batch_with_an_untrusted_cache_writes_nothing(tmp_path,
                                                        logging_cxx):
    """A group/world-writable cache root turns the disk cache off
    (cache_security.md rule 1): the batch's kernels are loaded from
    memory and no file is written."""
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o777)
    res, windows, tmpdir = run_child(tmp_path, NAMES[:3], 3, sleep="0.1",
                                     cxx=logging_cxx)
    assert res["ok"] == [True] * 3 and res["compiles"] == 3
    assert most_at_once(windows) == 3
    assert list(cache.iterdir()) == []
    assert list(tmpdir.iterdir()) == []


SIGINT_CHILD = r"""
import numpy as np, gpuarray as gp
from gpuarray._engine.jit import compile_many
a = gp.asarray(np.ones(16, np.float32))[::2]
calls = [lambda n=n: getattr(gp, n)(a) for n in %r]
print("start", flush=True)
try:
    compile_many(calls, jobs=3)
except KeyboardInterrupt:
    print("KeyboardInterrupt", gp._core._jit_pending()[0], flush=True)
"""


@host_only
def test_ctrl_c_stops_every_compiler_of_a_batch(tmp_path, logging_cxx,
                                                pch_seed):
    log = tmp_path / "cxx.log"
    with_prelude(tmp_path, pch_seed)
    env = child_env(tmp_path, logging_cxx, "60")
    tmpdir = tmp_path / "tmpdir"
    p = subprocess.Popen([sys.executable, "-c", SIGINT_CHILD % NAMES[:3]],
                         env=env, cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE,
                         preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                          signal.SIG_DFL))
    try:
        assert p.stdout.readline().strip() == b"start"
        deadline = time.time() + 120
        while not log.exists() or log.read_text().count("start") < 3:
            assert time.time() < deadline and p.poll() is None
            time.sleep(0.05)
        pids = [int(l.split()[1]) for l in log.read_text().splitlines()]
        t = time.time()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
        assert time.time() - t < 5
    finally:
        if p.poll() is None:
            p.kill()
    assert out.decode().split() == ["KeyboardInterrupt", "0"], err.decode()
    for pid in pids:                 # the wrappers' shells: killed, reaped
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert list(tmpdir.iterdir()) == []
    assert not (tmp_path / "cache" / "host").exists() or \
        cache_entries(tmp_path) == []


def test_compile_many_runs_calls_in_order_and_checks_its_arguments():
    a = gp.asarray(np.arange(5, dtype=np.float64))
    out = _jit.compile_many([lambda: (a + 1).get(), lambda: 7])
    assert np.array_equal(out[0], np.arange(5) + 1) and out[1] == 7
    with pytest.raises(TypeError, match="callables"):
        _jit.compile_many([1])
    with pytest.raises(ValueError, match="jobs"):
        _jit.compile_many([], jobs=0)
    with pytest.raises(TypeError, match="jobs"):
        _jit.compile_many([], jobs=2.0)


def test_a_call_s_own_exception_propagates_or_is_returned():
    def boom():
        raise ZeroDivisionError("mine")
    with pytest.raises(ZeroDivisionError, match="mine"):
        _jit.compile_many([boom])
    out = _jit.compile_many([boom, lambda: 1], return_exceptions=True)
    assert isinstance(out[0], ZeroDivisionError) and out[1] == 1
    assert gp._core._jit_pending()[0] == 0
    # the flag is back off: a plain call compiles as usual
    assert gp._core._jit_defer(False) is False


def test_default_jobs_reads_the_environment(monkeypatch):
    monkeypatch.setenv("GPUARRAY_COMPILE_JOBS", "3")
    assert _jit.default_jobs() == 3
    monkeypatch.setenv("GPUARRAY_COMPILE_JOBS", "zero")
    with pytest.raises(ValueError, match="GPUARRAY_COMPILE_JOBS"):
        _jit.default_jobs()
    monkeypatch.delenv("GPUARRAY_COMPILE_JOBS")
    assert _jit.default_jobs() == len(os.sched_getaffinity(0))


def test_precompile_shares_the_scheduler():
    from gpuarray import precompile
    assert precompile.compile_many is _jit.compile_many
    labels = [label for label, _ in precompile.calls()]
    assert len(labels) == len(set(labels)) > 300


def test_nvrtc_compiles_several_kernels_on_threads():
    nvrtc_or_skip()
    srcs = [gp._core._ew_source(gp._core._ufunc_body(n, "f"), "ff", "ff", 1,
                                0, 1, False, "k_%s" % n)
            for n in ("sin", "cos", "exp", "sqrt")]
    bad = 'extern "C" __global__ void k_bad() { no_such_name_17; }'
    out = gp._core._nvrtc_compile_many(srcs + [bad], 90, 3)
    for src, cubin in zip(srcs, out):
        assert isinstance(cubin, bytes) and len(cubin) > 1000
        assert cubin == gp._core._nvrtc_compile(src, 90)
    assert isinstance(out[-1], gp.CompileError)
    assert "no_such_name_17" in out[-1].log
    assert gp._core._jit_stats()["parallel_peak"] >= 3


def test_warm_compiles_the_loops_so_first_calls_compile_nothing():
    from gpuarray import precompile
    n = precompile.warm(["arctan2", "hypot", "logaddexp"], ["f", np.float64])
    assert n >= 0
    x = np.linspace(0.5, 2.0, 11)
    for t in ("f4", "f8"):
        a = gp.asarray(x.astype(t))
        c0 = gp._core._jit_stats()["compiles"]
        for name in ("arctan2", "hypot", "logaddexp"):
            got = getattr(gp, name)(a, a).get()
            want = getattr(np, name)(x.astype(t), x.astype(t))
            assert got.dtype == want.dtype
            np.testing.assert_allclose(got, want, rtol=1e-6)
        assert gp._core._jit_stats()["compiles"] == c0
    with pytest.raises(ValueError, match="no ufunc named 'nope'"):
        precompile.warm(["nope"])
