"""The public namespace survives refactors (issue 14): dir(gpuarray), each
public submodule and gpuarray.ndarray are compared with a snapshot taken
before the chapter layout.  New names may appear; none may disappear.

Regenerate (only when a name is removed on purpose):
    python3 tests/project/test_namespace_stable.py --write
"""
import importlib
import json
import os
import sys

import pytest

SNAPSHOT = os.path.join(os.path.dirname(__file__), "data",
                        "namespace_snapshot.json")
SUBMODULES = ("cuda", "random", "linalg", "fft", "testing", "emath", "lib",
              "lib.stride_tricks", "lib.array_utils")


def _public(names):
    return sorted(n for n in names if not n.startswith("_"))


def current():
    import gpuarray
    out = {"gpuarray": _public(dir(gpuarray)),
           "gpuarray.ndarray": sorted(dir(gpuarray.ndarray))}
    for sub in SUBMODULES:
        mod = importlib.import_module("gpuarray." + sub)
        out["gpuarray." + sub] = _public(dir(mod))
    return out


def _snapshot():
    with open(SNAPSHOT) as f:
        return json.load(f)


@pytest.mark.parametrize("where", ["gpuarray", "gpuarray.ndarray"] +
                         ["gpuarray." + s for s in SUBMODULES])
def test_no_name_removed(where):
    now = current()
    missing = sorted(set(_snapshot()[where]) - set(now[where]))
    assert not missing, "%s lost %s" % (where, missing)


def test_every_name_resolves():
    # dir() advertising a lazy name that then fails to load is a removal too.
    import gpuarray
    for name in _snapshot()["gpuarray"]:
        getattr(gpuarray, name)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))))
    with open(SNAPSHOT, "w") as f:
        json.dump(current(), f, indent=0, sort_keys=True)
        f.write("\n")
