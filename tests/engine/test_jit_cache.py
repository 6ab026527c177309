"""The kernel cache: a second process loads from disk without compiling,
a damaged entry is recompiled (never loaded), compile errors carry the log
and source, two processes compiling at once both succeed.

Suite time (issue 17): the cases that need a cache some process used
before start from a copy of one (the `seeded` fixture: a child's entry and
precompiled prelude, made once for the module) instead of building the
precompiled prelude again; the private-modes and the concurrent cases
start from nothing, as a first run does."""
import os
import shutil
import stat
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as gp
from host_prelude_seed import seed_prelude

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

CHILD = r"""
import sys, json
import numpy as np
import gpuarray as gp
x = gp.asarray(np.arange(50, dtype=np.float32))
y = gp.empty_like(x)
gp._core._elementwise(sys.argv[1], (x,), (y,), (np.float32, np.float32))
ok = bool(np.array_equal(y.get(), np.arange(50, dtype=np.float32) * 3 + 1))
print(json.dumps(dict(gp._core._jit_stats(), ok=ok)))
"""


def run_child(cache_dir, body):
    env = dict(os.environ, GPUARRAY_CACHE_DIR=str(cache_dir),
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.check_output([sys.executable, "-c", CHILD, body],
                                  env=env, cwd=ROOT)
    import json
    return json.loads(out.decode().strip().splitlines()[-1])


BODY = "out0 = in0 * 3.0f + 1.0f; /* cache test %s */"
SEED = BODY % "seed"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """A cache after one child compiled SEED (its entry, the precompiled
    prelude)."""
    cache = tmp_path_factory.mktemp("seed") / "c"
    seed_prelude(cache)   # the session's precompiled prelude: not rebuilt
    got = run_child(cache, SEED)
    assert got["ok"] and got["compiles"] >= 1
    return cache


def copy_of(seeded, tmp_path):
    """tmp_path/c holding the seeded cache's files, modes kept."""
    shutil.copytree(seeded, tmp_path / "c")
    return tmp_path / "c"


def test_second_process_loads_from_disk(tmp_path, seeded):
    body = BODY % "second-process"
    cache = copy_of(seeded, tmp_path)   # a used cache, without `body`
    first = run_child(cache, body)
    assert first["ok"] and first["compiles"] >= 1
    second = run_child(cache, body)
    assert second["ok"]
    assert second["compiles"] == 0
    assert second["disk_hits"] >= 1


def test_cache_dir_is_private(tmp_path):
    cache = tmp_path / "c"
    run_child(cache, BODY % "private")
    for sub in cache.iterdir():
        assert stat.S_IMODE(sub.stat().st_mode) == 0o700


@pytest.mark.parametrize("damage", ["truncate", "flip", "empty"])
def test_damaged_entry_is_recompiled(tmp_path, damage, seeded):
    body = SEED
    cache = copy_of(seeded, tmp_path)   # as a first run of body leaves it
    entries = [p for p in cache.rglob("*") if p.is_file()]
    assert entries
    for p in entries:
        data = bytearray(p.read_bytes())
        if damage == "truncate":
            data = data[: len(data) // 2]
        elif damage == "flip":
            data[len(data) // 3] ^= 0xFF
        else:
            data = bytearray()
        p.write_bytes(bytes(data))
    again = run_child(cache, body)
    assert again["ok"]
    assert again["compiles"] >= 1
    assert again["disk_rejects"] >= 1


def test_two_processes_compile_at_once(tmp_path):
    body = BODY % "concurrent"
    env = dict(os.environ, GPUARRAY_CACHE_DIR=str(tmp_path),
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, body], env=env,
                              cwd=ROOT, stdout=subprocess.PIPE)
             for _ in range(3)]
    outs = [p.communicate()[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert all(b'"ok": true' in o for o in outs)
    assert run_child(tmp_path, body)["compiles"] == 0


def test_compile_error_carries_log_and_source():
    x = gp.ones(4, dtype=np.float32)
    with pytest.raises(gp.CompileError) as info:
        gp._core._elementwise("out0 = in0 +* nonsense;", (x,), (x,),
                              (np.float32, np.float32))
    err = info.value
    assert "nonsense" in err.source
    assert err.log
    assert isinstance(err, RuntimeError)


def test_kernel_table_can_be_cleared():
    x = gp.asarray(np.arange(10.0))
    y = x + 1
    assert gp._core._jit_stats()["kernels"] > 0
    gp._core._clear_kernel_cache()
    assert gp._core._jit_stats()["kernels"] == 0
    np.testing.assert_array_equal((x + 1).get(), y.get())
