"""The code blocks of docs/guide.md run as they stand (a newcomer copies
them), and what they print is what the comments beside them say."""
import contextlib
import io
import pathlib
import re

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
BLOCKS = re.findall(r"```python\n(.*?)```", (DOCS / "guide.md").read_text(),
                    re.S)


def test_guide_has_examples():
    assert len(BLOCKS) >= 6


@pytest.mark.parametrize("code", BLOCKS, ids=range(len(BLOCKS)))
def test_guide_block_runs(code):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "docs/guide.md", "exec"), {})
    printed = out.getvalue().splitlines()
    # a print whose comment is a literal answer must print exactly that
    prints = [line for line in code.splitlines() if line.startswith("print(")]
    assert len(printed) >= len(prints)
    for line, got in zip(prints, printed):
        m = re.search(r"#\s*(.+)$", line)
        want = m.group(1).strip() if m else None
        if want in ("True", "False") or (want and want.startswith("[")):
            assert got == want, (line, got)
