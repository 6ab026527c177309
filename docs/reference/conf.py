"""Sphinx configuration of gpuarray's API reference (scripts/build_docs.sh
builds it with warnings as errors).

The pages of the API are written at build time from the package itself
(write_api_pages): every public callable of gpuarray and its subpackages
and every ndarray method, so a new name appears without editing a page.
NumPy's own objects that gpuarray re-exports (dtypes, finfo, ...) are
listed, not documented again.
"""
import inspect
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))

import gpuarray as gp  # noqa: E402

project = "gpuarray"
author = "the gpuarray developers"
copyright = "2026, the gpuarray developers"
release = version = gp.__version__
extensions = ["sphinx.ext.autodoc", "numpydoc"]
numpydoc_show_class_members = False  # autodoc lists the members
numpydoc_validation_checks = set()    # free-form docstrings are fine
exclude_patterns = ["_build", "api/toc.rst"]  # toc.rst: included
html_theme = "alabaster"
autodoc_default_options = {"undoc-members": False}
suppress_warnings = []
nitpicky = False

SECTIONS = [("gpuarray", ""), ("gpuarray.linalg", "linalg"),
            ("gpuarray.fft", "fft"), ("gpuarray.random", "random"),
            ("gpuarray.testing", "testing"), ("gpuarray.emath", "emath"),
            ("gpuarray.lib.stride_tricks", "lib.stride_tricks"),
            ("gpuarray.lib.array_utils", "lib.array_utils"),
            ("gpuarray.polynomial", "polynomial"),
            ("gpuarray.polynomial.polynomial", "polynomial.polynomial"),
            ("gpuarray.polynomial.polyutils", "polynomial.polyutils"),
            ("gpuarray.cuda", "cuda"), ("gpuarray.cuda.runtime",
                                        "cuda.runtime")]


def _resolve(dotted):
    obj = gp
    for part in filter(None, dotted.split(".")):
        obj = getattr(obj, part)
    return obj


def _numpys(obj):
    """Objects gpuarray re-exports as they are (NumPy's, and the standard
    library's behind numpy.testing, e.g. unittest's TestCase): listed by
    name, their docstrings are not ours to build."""
    mod = getattr(obj, "__module__", None) or ""
    return mod.split(".")[0] != "gpuarray" or (
        isinstance(obj, type) and issubclass(obj, np.generic))


def write_api_pages(app):
    out = os.path.join(HERE, "api")
    os.makedirs(out, exist_ok=True)
    toc = []
    seen = set()  # one object under several names: indexed once
    for title, sub in SECTIONS:
        mod = _resolve(sub)
        names = getattr(mod, "__all__", None) if sub else None
        if names is None:
            names = [n for n in dir(mod) if not n.startswith("_")]
        ours, numpys = [], []
        for n in sorted(set(names)):
            obj = getattr(mod, n, None)
            if obj is None or inspect.ismodule(obj) or not callable(obj):
                continue
            (numpys if _numpys(obj) else ours).append((n, obj))
        fname = title.replace(".", "_")
        lines = [title, "=" * len(title), "",
                 ".. currentmodule:: %s" % title, ""]
        for n, obj in ours:
            if title == "gpuarray" and n == "ndarray":
                continue
            kind = "autoclass" if isinstance(obj, type) else "autofunction"
            lines += [".. %s:: %s" % (kind, n)]
            if id(obj) in seen:  # gp.MemoryPool is gp.cuda.MemoryPool
                lines += ["   :no-index:"]
            seen.add(id(obj))
            lines += [""]
        if numpys:
            lines += ["NumPy's (or Python's) own objects, used as they "
                      "are: " + ", ".join(
                "``%s``" % n for n, _ in numpys) + ".", ""]
        _write(os.path.join(out, fname + ".rst"), "\n".join(lines))
        toc.append(fname)
    nd = ["gpuarray.ndarray", "================", "",
          ".. currentmodule:: gpuarray", "",
          ".. autoclass:: ndarray", "   :members:", ""]
    _write(os.path.join(out, "ndarray.rst"), "\n".join(nd))
    toc.insert(1, "ndarray")
    _write(os.path.join(out, "toc.rst"),
           ".. toctree::\n   :maxdepth: 1\n\n" + "\n".join(
               "   api/" + t for t in toc) + "\n")


def _write(path, text):
    old = open(path).read() if os.path.exists(path) else None
    if old != text:  # unchanged pages keep their mtime: no rebuild
        with open(path, "w") as f:
            f.write(text)


def setup(app):
    app.connect("builder-inited", write_api_pages)
