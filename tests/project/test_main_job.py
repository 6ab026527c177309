"""python -m gpuarray (gpuarray/__main__.py): run as a user would, with
small sizes, it prints the size and speedup tables, checks every result
against NumPy, says what the host device is, and writes the PNG plot."""
import os
import re
import struct
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as gp
from gpuarray import __main__ as job

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_job(args, cwd):
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-m", "gpuarray"] + args, cwd=cwd,
                       env=env, capture_output=True, text=True, timeout=600)
    return p


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def test_quick_run_prints_the_tables_and_writes_the_plot(tmp_path):
    png = tmp_path / "speed.png"
    # --no-peers: the table has NumPy and gpuarray columns only (a GPU
    # machine with CuPy and PyTorch would add theirs)
    p = run_job(["--quick", "--no-peers", "--sizes", "1e3,1e4", "--plot",
                 str(png)],
                tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    out = p.stdout
    # the time table: every workload at every size, each equal to NumPy
    for _, label, _ in job.WORKLOADS:
        for size in ("1e3", "1e4"):
            row = re.search(r"^%s\s+%s\s+([\d.e+-]+)\s+([\d.e+-]+)\s+yes$"
                            % (re.escape(label), size), out, re.M)
            assert row, (label, size, out)
            assert float(row.group(1)) > 0 and float(row.group(2)) > 0
    # the speedup table: a row per size, a ratio per workload
    for size in ("1e3", "1e4"):
        row = re.search(r"^\s*%s((?:\s+[\d.e+-]+x){%d})$"
                        % (size, len(job.WORKLOADS)), out, re.M)
        assert row, (size, out)
    assert "all results equal NumPy's" in out
    assert "[2/4]" in p.stderr  # the progress line, one per step
    try:
        import matplotlib  # noqa: F401  (requirements-dev.txt has it)
    except ImportError:  # the job says so and writes nothing
        assert "plot skipped: matplotlib is not installed" in out
        assert not png.exists()
    else:
        assert "plot written to %s" % png in out
        w, h = png_size(png)
        assert w > 600 and h > 400
    if gp._core._get_device()[0] == "host":
        threads = gp._core._config()["host_threads"]
        flat = " ".join(out.split())
        assert "the CPU stand-in for a GPU" in flat
        assert "run on %d thread" % threads in flat
        assert "NVIDIA H200" in flat and "x *= 5 3.87 ms" in flat


def test_no_plot_and_bad_options(tmp_path):
    p = run_job(["--sizes", "1e3", "--repeat", "1", "--no-plot"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert "plot written" not in p.stdout
    assert not list(tmp_path.glob("*.png"))
    for bad in (["--repeat", "0"], ["--sizes", "abc"],
                ["--memory-fraction", "2"], ["--dtype", "int3"]):
        p = run_job(bad + ["--no-plot"], tmp_path)
        assert p.returncode != 0 and p.stderr, bad


def test_help_documents_every_option():
    parser = job.build_parser()
    text = parser.format_help()
    for action in parser._actions:
        assert action.help, action.option_strings
        for opt in action.option_strings:
            assert opt in text
    for opt in ("--max-size", "--quick", "--plot", "--no-peers", "--sizes"):
        assert opt in text


@pytest.mark.parametrize("on_host", [True, False])
def test_sizes_never_exceed_free_memory(on_host):
    sizes = job.LADDER
    host_free, dev_free = 20e9, 6e9
    keep, skipped = job.pick_sizes(sizes, 8, host_free, dev_free, 0.7,
                                   on_host)
    assert keep + [n for n, _ in skipped] == sizes
    host_copies = job.HOST_COPIES + (job.DEVICE_COPIES if on_host else 0)
    for n in keep:
        assert host_copies * n * 8 <= 0.7 * host_free
        if not on_host:
            assert job.DEVICE_COPIES * n * 8 <= 0.7 * dev_free
    # 1e9 float64 needs 24 GB of host: skipped, and the reason says so
    assert skipped and skipped[-1][0] == 10 ** 9
    assert "memory" in skipped[-1][1] and "free" in skipped[-1][1]
    # nothing known about free memory: nothing skipped
    assert job.pick_sizes(sizes, 8, None, None, 0.7, on_host) == (sizes, [])


def test_results_are_checked_against_numpy():
    expect = {}
    assert job.check(expect, "mul", np.full(4, 5.0))   # NumPy's: reference
    assert job.check(expect, "mul", np.full(4, 5.0))
    assert not job.check(expect, "mul", np.full(4, 6.0))
    assert job.check(expect, "sum", 10.0) and not job.check(expect, "sum", 11)
