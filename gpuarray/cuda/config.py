"""gpuarray.show_config(): what this gpuarray runs with, for bug reports
and for "why is it on the host?" -- versions, the device, the CUDA
libraries found (and which are loaded) with their paths, the host
compiler and threads, the kernel cache and the environment variables.

It opens nothing new except libnvrtc (to read its version): the other
CUDA libraries are loaded on first use, so for those it reports where the
library search would find them.
"""
import glob
import importlib.util
import os
import platform
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version

import numpy as np

from .. import _core
from . import Device, get_device_count, runtime

__all__ = ["show_config"]

# (what, file names in the order gpuarray's loaders try them)
_LIBRARIES = [
    ("libcuda", ["libcuda.so.1", "libcuda.so"]),
    ("libnvrtc", ["libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"]),
    ("libcublas", ["libcublas.so.13", "libcublas.so.12", "libcublas.so"]),
    ("libcublasLt", ["libcublasLt.so.13", "libcublasLt.so.12",
                  "libcublasLt.so"]),
    ("libcusolver", ["libcusolver.so.12", "libcusolver.so.11",
                  "libcusolver.so"]),
    ("libcufft", ["libcufft.so.12", "libcufft.so.11", "libcufft.so"]),
]
_ENV = ["GPUARRAY_DEVICE", "GPUARRAY_CACHE_DIR", "GPUARRAY_HOST_THREADS",
        "GPUARRAY_DEBUG", "CXX", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH"]


def _loaded_paths():
    """Paths of the shared objects mapped into this process."""
    paths = set()
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                parts = line.split(None, 5)
                if len(parts) == 6 and ".so" in parts[5]:
                    paths.add(parts[5].strip())
    except OSError:
        pass
    return paths


def _ldconfig():
    """{file name: path} from the dynamic loader's cache."""
    found = {}
    for exe in ("/sbin/ldconfig", "/usr/sbin/ldconfig", "ldconfig"):
        try:
            out = subprocess.run([exe, "-p"], capture_output=True,
                                 text=True, timeout=10).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        for line in out.splitlines():
            name, sep, path = line.strip().partition(" => ")
            if sep:
                found.setdefault(name.split(" (")[0], path.strip())
        break
    return found


def _find(names, loaded, cache):
    """(path, loaded?) of the first of `names` found, or (None, False)."""
    for path in sorted(loaded):
        if os.path.basename(path) in names or any(
                os.path.basename(path).startswith(n + ".") for n in names):
            return path, True
    dirs = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
    dirs += sorted(glob.glob("/usr/local/cuda*/lib64"))
    for name in names:
        for d in dirs:
            if os.path.exists(os.path.join(d, name)):
                return os.path.join(d, name), False
        if name in cache:
            return cache[name], False
    return None, False


def _cache_size(path):
    total = files = 0
    for dirpath, _, names in os.walk(path):
        for n in names:
            try:
                total += os.path.getsize(os.path.join(dirpath, n))
                files += 1
            except OSError:
                pass
    return total, files


def _compiler_version(cxx):
    try:
        out = subprocess.run([cxx, "--version"], capture_output=True,
                             text=True, timeout=10).stdout
        return out.splitlines()[0] if out else "unknown version"
    except (OSError, subprocess.SubprocessError, IndexError):
        return "not found"


def _openblas():
    """Where the host device's BLAS/LAPACK (scipy-openblas64) is."""
    try:
        path = _core._ml_where("OpenBLAS")
    except Exception:  # a build without the math-library layer
        path = None
    if path:
        return "%s (loaded)" % path
    try:
        spec = importlib.util.find_spec("scipy_openblas64")
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.origin:
        return "not found (pip install scipy-openblas64)"
    libs = sorted(glob.glob(os.path.join(os.path.dirname(spec.origin),
                                         "lib", "*.so*")))
    return "%s (found, loaded on first use)" % (
        libs[0] if libs else os.path.dirname(spec.origin))


def _config_lines():
    cfg = _core._config()
    try:
        ver = version("gpuarray")
    except PackageNotFoundError:
        ver = "(not installed: imported from the source tree)"
    here = os.path.dirname(os.path.abspath(__file__))
    lines = [("gpuarray", "%s at %s" % (ver, here)),
             ("Python", "%s (%s)" % (platform.python_version(),
                                     sys.executable)),
             ("NumPy", np.__version__),
             ("platform", platform.platform())]
    kind, ordinal = _core._get_device()
    if kind == "cuda":
        dev = Device(ordinal)
        info = _core._device_info(ordinal)
        lines.append(("device", "cuda:%d, %s (compute capability %s, "
                      "%.1f GB)" % (ordinal, dev.name,
                                    dev.compute_capability,
                                    info["total_memory"] / 1e9)))
    else:
        lines.append(("device", "host (the CPU stand-in for a GPU; %d "
                      "thread%s)" % (cfg["host_threads"], "" if
                                     cfg["host_threads"] == 1 else "s")))
    lines.append(("CUDA devices", str(get_device_count())))
    driver = runtime.driverGetVersion()
    lines.append(("CUDA driver", "%d.%d" % (driver // 1000,
                                            driver % 1000 // 10)
                  if driver else "none (no NVIDIA driver loaded)"))
    try:
        major, minor = _core._nvrtc_version()
        lines.append(("NVRTC version", "%d.%d" % (major, minor)))
    except RuntimeError as e:
        lines.append(("NVRTC version", "none: %s" % e))
    loaded, cache = _loaded_paths(), _ldconfig()
    for what, names in _LIBRARIES:
        path, is_loaded = _find(names, loaded, cache)
        lines.append((what, "not found" if path is None else
                      "%s (%s)" % (path, "loaded" if is_loaded
                                   else "found, loaded on first use")))
    lines.append(("host BLAS/LAPACK", _openblas()))
    lines.append(("host compiler", "%s: %s" % (cfg["cxx"],
                                               _compiler_version(cfg["cxx"]))))
    size, files = _cache_size(cfg["cache_dir"])
    lines.append(("kernel cache", "%s (%.1f MB in %d files)"
                  % (cfg["cache_dir"], size / 1e6, files)))
    for name in _ENV:
        if name in os.environ:
            lines.append(("$" + name, os.environ[name]))
    return lines


def show_config(file=None):
    """Prints gpuarray's configuration: versions, the device, the CUDA
    libraries found and their paths, the host compiler, the kernel cache
    directory, and the environment variables that gpuarray reads.

    Differs from NumPy/CuPy: the report is gpuarray's own (`file`: where
    to print, default sys.stdout).
    """
    out = sys.stdout if file is None else file
    lines = _config_lines()
    width = max(len(k) for k, _ in lines) + 1
    for key, value in lines:
        print("%-*s  %s" % (width, key + ":", value), file=out)
