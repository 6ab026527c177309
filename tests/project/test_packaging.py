"""The package as users get it: the sdist of a clean copy of this tree
(no in-place extension, no generated prelude header, no kernel set), and
`pip wheel .` in that unpacked sdist, installed into a fresh virtual
environment, imported from another directory.

A subpackage left out of the wheel, a header missing from the sdist or a
setuptools warning fails here (the C core and the shipped kernels are
the tree's own, not rebuilt: CI's install built them from a clean clone,
generated prelude header included).  The venv sees the system site-packages (NumPy comes along;
the wheel is installed with --no-deps, nothing is downloaded), and the
check script asserts that `gpuarray` is the venv's copy, not the editable
install of the tree.
"""
import glob
import os
import re
import shutil
import subprocess
import sysconfig
import sys
import tarfile
import textwrap
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# One small computation per public subpackage, compared with NumPy.  A new
# public subpackage only has to import (it is in the wheel or the check
# fails); add its line here to check it computes.
CHECK = textwrap.dedent(r'''
    import importlib, os, sys
    import numpy as np
    import gpuarray as gp

    venv = os.path.realpath(sys.prefix)
    here = os.path.realpath(gp.__file__)
    assert here.startswith(venv + os.sep), (here, venv)

    def close(a, b):
        np.testing.assert_allclose(gp.asnumpy(a), b, rtol=1e-12, atol=1e-12)

    def check_top():
        x = np.linspace(0.0, 1.0, 7)
        close(gp.sin(gp.asarray(x)) * 2 + 1, np.sin(x) * 2 + 1)
        assert float(gp.arange(10.0).sum()) == np.arange(10.0).sum()

    def check_fft():
        x = np.arange(8.0)
        close(gp.fft.fft(gp.asarray(x)), np.fft.fft(x))

    def check_linalg():
        x = np.array([3.0, 4.0, 12.0])
        assert abs(float(gp.linalg.norm(gp.asarray(x)))
                   - np.linalg.norm(x)) < 1e-12

    def check_random():
        r = gp.random.default_rng(0).random(1000)
        ref = np.random.default_rng(0).random(1000)
        assert r.shape == ref.shape and r.dtype == ref.dtype
        v = gp.asnumpy(r)
        assert 0.0 <= v.min() and v.max() < 1.0 and abs(v.mean() - 0.5) < 0.1

    def check_testing():
        gp.testing.assert_array_equal(gp.arange(3), np.arange(3))
        try:
            gp.testing.assert_array_equal(gp.arange(3), np.arange(1, 4))
        except AssertionError:
            pass
        else:
            raise SystemExit("gpuarray.testing passed unequal arrays")

    def check_emath():
        x = np.array([-4.0, 9.0])
        close(gp.emath.sqrt(gp.asarray(x)), np.emath.sqrt(x))

    def check_lib():
        x = np.arange(6.0)
        got = gp.lib.stride_tricks.sliding_window_view(gp.asarray(x), 3)
        close(got, np.lib.stride_tricks.sliding_window_view(x, 3))

    def check_cuda():
        x = np.arange(5.0)
        with gp.cuda.Stream() as s:
            y = gp.asarray(x) + 1
        s.synchronize()
        close(y, x + 1)
        assert gp.cuda.get_device_count() >= 0

    def check_kernels():
        k = gp.ElementwiseKernel("T x", "T y", "y = x * 3", "pkg_triple")
        x = np.arange(4.0)
        close(k(gp.asarray(x)), x * 3)

    def check_sorting():
        x = np.array([3.0, 1.0, 2.0])
        close(gp.sort(gp.asarray(x)), np.sort(x))

    checks = {"": check_top, "fft": check_fft, "linalg": check_linalg,
              "random": check_random, "testing": check_testing,
              "emath": check_emath, "lib": check_lib, "cuda": check_cuda,
              "kernels": check_kernels, "sorting": check_sorting}
    for name in sys.argv[1:]:
        full = "gpuarray" + ("." + name if name else "")
        try:
            importlib.import_module(full)
        except ModuleNotFoundError as e:
            # An optional third-party dependency (dask, say) may be absent;
            # a missing piece of gpuarray itself may not.
            if (e.name or "").split(".")[0] == "gpuarray":
                raise
            print("%s: needs %s, not installed" % (full, e.name))
            continue
        if name in checks:
            checks[name]()
        print("%s: ok" % full)
''')


def public_subpackages(top):
    """Dotted names (relative to gpuarray) of every package under `top`
    whose path has no component starting with an underscore."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")))
        if "__init__.py" in filenames:
            rel = os.path.relpath(dirpath, top)
            found.append("" if rel == "." else rel.replace(os.sep, "."))
    return sorted(found)


def run(cmd, cwd, env):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=900)
    assert p.returncode == 0, "%s failed:\n%s" % (" ".join(cmd), p.stdout)
    return p.stdout


def python_warnings(log):
    """Lines of a build log that are Python or setuptools warnings (not
    the C compiler's `file.c:1:2: warning:` lines)."""
    bad = []
    for line in log.splitlines():
        if "warn" not in line.lower():
            continue
        if re.search(r"\.(c|h|cuh):\d+:\d+: warning:", line):
            continue
        # setuptools' file operations name files (test_complex_warning.py)
        if re.match(r"\s*(copying|adding|creating|removing|hard linking|"
                    r"byte-compiling|writing) ", line):
            continue
        bad.append(line)
    return bad


# What a clean clone lacks: build outputs of an in-place or editable build.
BUILD_OUTPUTS = ("build", "dist", ".git", "__pycache__", ".pytest_cache",
                 "*.so", "*.o", "*.egg-info", "prelude_text.h", ".whl",
                 ".gl", "out", ".gpucache", ".hypothesis")


def link_or_copy(src, dst):
    """A hard link where the file system allows one: the kernel set is
    ~2300 files that setuptools reads but never writes."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(wheel, build log, tmp dir, sdist names): the sdist is built in a
    clean copy of this tree, and the wheel by `pip wheel .` in the unpacked
    sdist (so the sdist is shown to build, and one build serves both)."""
    import setuptools
    if int(setuptools.__version__.split(".")[0]) < 77:
        # an environment without requirements-dev.txt (a GPU machine with
        # no network): pyproject.toml's SPDX license needs setuptools 77
        pytest.skip("setuptools %s is older than pyproject.toml needs (77): "
                    "pip install -r requirements-dev.txt"
                    % setuptools.__version__)
    tmp = tmp_path_factory.mktemp("packaging")
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # its notice reads as a warning
    env.pop("PYTHONWARNINGS", None)
    # The shipped kernel set is not rebuilt here: the install that runs
    # this suite built it with the same command (setup.py build_ext ->
    # python -m gpuarray.precompile --package; about 1160 compiles, the larger
    # part of the suite's CPU time when done twice).  The tree's set is
    # linked in instead and must land in the wheel (package_data; below).
    env["GPUARRAY_NO_PRECOMPILE"] = "1"
    # A clean clone has no kernel set either: the sdist does not carry
    # 39 MB of built kernels (packing them cost more than the rest).
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        *BUILD_OUTPUTS, "_precompiled"))
    log = run([sys.executable, "-c",
               "import sys; from setuptools import build_meta as b; "
               "print(b.build_sdist(sys.argv[1]))", str(tmp / "sdist")],
              src, env)
    with tarfile.open(tmp / "sdist" / log.strip().splitlines()[-1]) as tar:
        sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        (top,) = {n.split("/", 1)[0] for n in tar.getnames()}
        # filter: tarfile's safe extraction, where this Python has it
        kw = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(tmp / "unpacked", **kw)
    unpacked = tmp / "unpacked" / top
    shipped = os.path.join(ROOT, "gpuarray", "_precompiled")
    if os.path.isdir(shipped):
        shutil.copytree(shipped, unpacked / "gpuarray" / "_precompiled",
                        copy_function=link_or_copy)
    # Nor is the C core compiled a second time (~20 CPU-s, serial): the
    # tree's extension, newer than every source, goes where setuptools'
    # build_ext looks for it, so it skips the compile as up to date and the
    # wheel packs it (the install that runs this suite compiled it; the
    # installed wheel is imported and run below).
    core = glob.glob(os.path.join(ROOT, "gpuarray", "_core*.so"))
    if core:
        lib = unpacked / "build" / ("lib.%s-%s" % (
            sysconfig.get_platform(), sys.implementation.cache_tag))
        (lib / "gpuarray").mkdir(parents=True)
        shutil.copy(core[0], lib / "gpuarray")
    wheels = tmp / "wheels"
    log += run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps",
                "--no-build-isolation", "-v", "-w", str(wheels)],
               unpacked, env)
    (wheel,) = wheels.glob("gpuarray-*.whl")
    return wheel, log, tmp, sdist


def test_sdist_has_what_a_build_needs(built):
    sdist = built[3]
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, "csrc")):
        for f in filenames:
            if f.endswith((".c", ".h", ".cuh")) and f != "prelude_text.h":
                rel = os.path.relpath(os.path.join(dirpath, f), ROOT)
                assert rel.replace(os.sep, "/") in sdist, rel
    for need in ("setup.py", "pyproject.toml", "LICENSE", "README.md",
                 "CHANGELOG.md", "gpuarray/__init__.py"):
        assert need in sdist, need


def test_python_warnings_reads_warnings_not_file_names():
    warning = "SetuptoolsDeprecationWarning: License classifiers are deprecated."
    log = "\n".join([
        "copying tests/ufuncs/test_complex_warning.py -> gpuarray-0.1.0/tests",
        warning, "csrc/util.c:1:2: warning: unused variable"])
    assert python_warnings(log) == [warning]


def test_build_has_no_python_warnings(built):
    log = built[1]
    assert python_warnings(log) == []


def test_wheel_has_every_package_and_the_license(built):
    wheel = built[0]
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    for rel in public_subpackages(os.path.join(ROOT, "gpuarray")):
        init = "/".join(["gpuarray"] + (rel.split(".") if rel else [])
                        + ["__init__.py"])
        assert init in names, "%s is not in the wheel" % init
    # every module of the tree, private ones too
    for dirpath, _, filenames in os.walk(os.path.join(ROOT, "gpuarray")):
        for f in filenames:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(dirpath, f), ROOT)
                assert rel.replace(os.sep, "/") in names, rel
    assert any(n.startswith("gpuarray/_core.") and n.endswith(".so")
               for n in names)
    shipped = os.path.join(ROOT, "gpuarray", "_precompiled", "host")
    if os.path.isdir(shipped):
        for f in sorted(os.listdir(shipped))[:20]:
            assert "gpuarray/_precompiled/host/" + f in names, f
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    with zipfile.ZipFile(wheel) as z:
        text = z.read(meta).decode()
    assert "License-Expression: BSD-3-Clause" in text
    assert "Requires-Dist: numpy>=2" in text


def test_installed_wheel_imports_and_computes(built):
    wheel, tmp = built[0], built[2]
    venv = tmp / "venv"
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    # --without-pip: the system pip (seen through system site-packages)
    # installs into the venv; no ensurepip needed (Debian lacks it).
    run([sys.executable, "-m", "venv", "--system-site-packages",
         "--without-pip", str(venv)], tmp, env)
    py = str(venv / "bin" / "python")
    if sys.prefix != sys.base_prefix:
        # run from inside a venv (the GPU machine's Python is one): the
        # "system" site-packages are the base interpreter's, without this
        # venv's NumPy and pip; a .pth adds this venv's site dirs after the
        # new venv's own, so the wheel's gpuarray still comes first.
        import site
        target = run([py, "-c", "import sysconfig; "
                      "print(sysconfig.get_paths()['purelib'])"], tmp, env)
        with open(os.path.join(target.strip(), "parent_venv.pth"), "w") as f:
            f.write("\n".join(site.getsitepackages()) + "\n")
    run([py, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
         "--force-reinstall", str(wheel)], tmp, env)
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    subs = public_subpackages(os.path.join(ROOT, "gpuarray"))
    out = run([py, "-c", CHECK] + subs, str(elsewhere), env)
    for rel in subs:
        full = "gpuarray" + ("." + rel if rel else "")
        assert re.search(r"^%s: (ok|needs )" % re.escape(full), out,
                         re.M), out


def readme_command(title):
    """The command line under README.md's bold `title` paragraph."""
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    m = re.search(r"\*\*%s\*\*.*?\n\n    ([^\n]+)\n" % re.escape(title),
                  text, re.S)
    assert m, "README.md has no **%s** command" % title
    return m.group(1).strip()


def test_ci_runs_readmes_test_command():
    cmd = readme_command("Run the tests")
    assert "pip install -e ." in cmd or "pip install ." in cmd
    assert "setup.py build_ext" not in cmd  # an install, not in place
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        lines = [ln.strip() for ln in f if not ln.lstrip().startswith("#")]
    assert cmd in lines, ".ci/run does not run README's test command %r" % cmd


def test_readme_main_job_command_installs():
    cmd = readme_command("Run the main job")
    assert cmd.startswith(readme_command("Run the tests").rsplit("&&", 1)[0])
    assert cmd.endswith("python3 -m gpuarray")
