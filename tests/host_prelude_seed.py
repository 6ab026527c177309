"""The host precompiled prelude of this test session, for child processes
with caches of their own (the suite's CPU time, issue 17).

Each child with a new cache builds the precompiled prelude again (~1 CPU-s
of g++) before its first kernel.  The session's own cache has it already
(every host run compiles kernels), keyed on the compiler, its options and
the prelude -- the same for a child with the same CXX -- so a test that is
not about the prelude copies it into a child's cache first.  A key that
differs (another CXX, say) only means the child builds its own, as
without the copy."""
import os
import shutil
from pathlib import Path

import numpy as np

import gpuarray as gp


def _session_host_dir():
    d = os.environ.get("GPUARRAY_CACHE_DIR")
    return Path(d) / "host" if d else None


def session_prelude_dirs():
    """This session's pch-* folders (built now by one small compile if the
    session has none yet); [] without GPUARRAY_CACHE_DIR or a disk cache."""
    host = _session_host_dir()
    if host is None or gp._core._get_device()[0] != "host":
        return []
    if not list(host.glob("pch-*/prelude.h.gch")):
        x = gp.zeros(2, np.float32)
        gp._core._elementwise("out0 = in0 + 1.0f; /* prelude seed %d */"
                              % os.getpid(), (x,), (x,),
                              (np.float32, np.float32))
    return [p.parent for p in host.glob("pch-*/prelude.h.gch")]


def seed_prelude(cache):
    """Makes `cache` (new or empty) a private cache holding only the
    session's precompiled prelude, with the modes the library gives it
    (folders 0700, files 0600)."""
    host = Path(cache) / "host"
    for d in session_prelude_dirs():
        host.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(cache, 0o700)
        os.chmod(host, 0o700)
        dest = host / d.name
        dest.mkdir(mode=0o700)
        for name in ("prelude.h", "prelude.h.gch"):  # no build's tmp file
            shutil.copyfile(d / name, dest / name)
            os.chmod(dest / name, 0o600)
