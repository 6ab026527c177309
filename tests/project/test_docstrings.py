"""Every public callable of gpuarray, of its public subpackages and every
public ndarray method and property has a docstring: a first line saying
what it does, and no pointer to source Notes a user never sees.  Names
that are NumPy's own objects (dtypes, finfo, ...) keep NumPy's docs.

A name added without a docstring fails here, listed by its full name.
"""
import inspect

import numpy as np

import gpuarray as gp

SUBPACKAGES = ["linalg", "fft", "random", "testing", "emath", "lib",
               "lib.stride_tricks", "lib.array_utils", "cuda",
               "cuda.runtime"]


def public_names(module):
    names = getattr(module, "__all__", None)
    if names is None or module is gp:
        names = [n for n in dir(module) if not n.startswith("_")]
    return sorted(set(names))


def is_numpys(obj):
    mod = getattr(obj, "__module__", None) or ""
    return mod.split(".")[0] == "numpy" or (
        isinstance(obj, type) and issubclass(obj, np.generic))


def documented(obj):
    doc = inspect.getdoc(obj)
    return bool(doc and doc.strip()) and "Note [" not in doc


def callables():
    """(full name, object) of every public callable to check."""
    out = []
    mods = [("gpuarray", gp)]
    for sub in SUBPACKAGES:
        mod = gp
        for part in sub.split("."):  # cuda.runtime is an attribute too
            mod = getattr(mod, part)
        mods.append(("gpuarray." + sub, mod))
    for prefix, mod in mods:
        for name in public_names(mod):
            obj = getattr(mod, name, None)
            if obj is None or inspect.ismodule(obj) or not callable(obj):
                continue
            if is_numpys(obj) or isinstance(obj, type) and issubclass(
                    obj, BaseException) and obj.__module__ == "builtins":
                continue
            out.append(("%s.%s" % (prefix, name), obj))
    for name in sorted(dir(gp.ndarray)):
        if not name.startswith("_"):
            out.append(("gpuarray.ndarray." + name,
                        inspect.getattr_static(gp.ndarray, name)))
    return out


def test_every_public_name_has_a_docstring():
    items = callables()
    assert len(items) > 400
    missing = [name for name, obj in items if not documented(obj)]
    assert not missing, (
        "%d of %d public names have no docstring (or point at a source "
        "Note): add one (gpuarray/_engine/docs.py holds those of names whose "
        "code has none):\n  %s" % (len(missing), len(items),
                                  "\n  ".join(missing)))


def test_first_lines_say_what_it_does():
    short = []
    for name, obj in callables():
        doc = inspect.getdoc(obj) or ""
        first = doc.strip().splitlines()[0] if doc.strip() else ""
        if len(first) < 8:
            short.append("%s: %r" % (name, first))
    assert not short, "\n".join(short)


def test_status_table_is_up_to_date():
    """docs/reference/status.md is what scripts/gen_status.py makes from
    the code now (regenerate it with that script)."""
    import importlib.util
    import os
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    spec = importlib.util.spec_from_file_location(
        "gen_status", os.path.join(root, "scripts", "gen_status.py"))
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    text = gen.generate()
    assert "| `numpy.concatenate` | supported |" in text
    assert "| `cupy.cuda.runtime` |" in text or "cupy.cuda.runtime" not in \
        open(gen.CUPY_NAMES).read()
    assert gen.main(["--check"]) == 0, (
        "docs/reference/status.md is out of date: run "
        "python scripts/gen_status.py")
