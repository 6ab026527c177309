"""The lazy part of the namespace (Note [Lazy namespace] in
gpuarray/_lazy.py): its table matches each module's __all__, every lazy
name resolves (to the module's object), dir() lists them, the forwarding
hooks and methods work before their module is loaded, and `import
gpuarray` does not load the lazy modules."""
import importlib
import subprocess
import sys

import numpy as np

import gpuarray as gp
from gpuarray._engine import lazy as _lazy


def test_table_matches_each_modules_all():
    for module, names in _lazy.LAZY_NAMES.items():
        mod = importlib.import_module("gpuarray." + module)
        assert tuple(mod.__all__) == tuple(names), module


def test_every_lazy_name_resolves_and_is_listed():
    for name, module in _lazy.WHERE.items():
        mod = importlib.import_module("gpuarray." + module)
        assert getattr(gp, name) is getattr(mod, name), name
        assert name in dir(gp)
    for name in _lazy.LAZY_MODULES:
        assert getattr(gp, name) is importlib.import_module("gpuarray." +
                                                            name)
    try:
        gp.no_such_function
    except AttributeError as e:
        assert "no_such_function" in str(e)
    else:
        raise AssertionError("missing names must raise AttributeError")


def test_import_loads_no_lazy_module_and_hooks_forward():
    code = (
        "import sys, numpy as np, gpuarray as gp\n"
        "lazy = ['gpuarray.' + m for m in ('linalg.dot_matmul', "
        "'indexing.put_choose', 'linalg.einsum', 'sorting.sort', "
        "'statistics.histograms', 'kernels.elementwise', 'kernels.fusion', "
        "'ufuncs.at', 'ufuncs.fold', 'random', 'linalg', 'fft')]\n"
        "print(sorted(m for m in lazy if m in sys.modules))\n"
        "a = gp.asarray(np.array([[3.0, 1.0], [2.0, 5.0]]))\n"
        "print((a @ a).get().tolist())\n"
        "a.sort(axis=1)\n"
        "print(a.get().tolist(), a.argsort(axis=0).get().tolist())\n"
        "z = gp.zeros(3)\n"
        "gp.add.at(z, [0, 0, 2], 1.0)\n"
        "print(z.get().tolist(), a.dot(a).get().tolist())\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "[]"
    m = np.array([[3.0, 1.0], [2.0, 5.0]])
    assert lines[1] == str((m @ m).tolist())
    s = np.sort(m, axis=1)
    assert lines[2] == "%s %s" % (s.tolist(),
                                  np.argsort(s, axis=0).tolist())
    assert lines[3] == "%s %s" % ([2.0, 0.0, 1.0], (s @ s).tolist())
