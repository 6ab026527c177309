"""docs/scaling.md: its runnable example (the ```python block, a real
LocalCluster of two worker processes on the host device) runs as it
stands and prints what its comment says; the GPU-only blocks (```py)
at least compile."""
import contextlib
import io
import os
import pathlib
import re

import pytest

pytest.importorskip("distributed")

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEXT = (ROOT / "docs" / "scaling.md").read_text()
RUNNABLE = re.findall(r"```python\n(.*?)```", TEXT, re.S)
GPU_ONLY = re.findall(r"```py\n(.*?)```", TEXT, re.S)


def test_doc_has_blocks():
    assert len(RUNNABLE) == 1 and len(GPU_ONLY) >= 2


@pytest.mark.parametrize("code", GPU_ONLY, ids=range(len(GPU_ONLY)))
def test_gpu_blocks_compile(code):
    compile(code, "docs/scaling.md", "exec")


def test_runnable_example(monkeypatch):
    # the workers are subprocesses: they import gpuarray from this checkout
    old = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH",
                       str(ROOT) + (os.pathsep + old if old else ""))
    (code,) = RUNNABLE
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/scaling.md", "exec"),
             {"__name__": "__main__"})
    want = re.search(r"#\s*(.+)$", [l for l in code.splitlines()
                                    if "print(" in l][-1]).group(1).strip()
    assert out.getvalue().strip().splitlines()[-1] == want
