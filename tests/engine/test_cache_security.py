"""The kernel cache as an attacker would try it (docs/design/cache_security.md):
a shared object planted in a cache directory someone else owns or can
write is never loaded, an entry copied onto another kernel's name is
recompiled, odd paths neither break compiles nor run commands, and no
temporary file is left behind.  Each case runs in a child process with its
own cache directory and TMPDIR (the host device compiles with g++).

Suite time (issue 17): a case about a cache that has run a kernel once
starts from a copy of one such cache, made once for the module (the
`seeded` fixture: one child's entry and precompiled prelude, the same
files and modes), instead of a child of its own that builds the
precompiled prelude again; the cases about what the library writes into a
new cache (modes, odd paths) still start empty.  The planted object is
built once and writes the marker its child's environment names."""
import hashlib
import json
import os
import shutil
import stat
import struct
import subprocess
import sys

import pytest

import gpuarray as gp
from host_prelude_seed import seed_prelude

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

pytestmark = pytest.mark.skipif(
    gp._core._get_device()[0] != "host",
    reason="planted shared objects concern the host device's loader")

CHILD = r"""
import sys, json, warnings
import numpy as np
import gpuarray as gp
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as w:
    x = gp.asarray(np.arange(50, dtype=np.float32))
    y = gp.empty_like(x)
    gp._core._elementwise(sys.argv[1], (x,), (y,), (np.float32, np.float32))
    got = y.get()
k = float(sys.argv[2])
ok = bool(np.array_equal(got, np.arange(50, dtype=np.float32) * k + 1))
print(json.dumps(dict(gp._core._jit_stats(), ok=ok,
                      warnings=[str(m.message) for m in w])))
"""

BODY = "out0 = in0 * %s + 1.0f; /* security test %s */"

# its constructor runs at load: it writes the file GPA_PLANTED_MARKER names
# (every child of a test names tmp_path/marker, see env_for)
PLANTED = r"""
#include <stdio.h>
#include <stdlib.h>
__attribute__((constructor)) static void planted(void) {
    const char *path = getenv("GPA_PLANTED_MARKER");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) { fputs("ran", f); fclose(f); }
}
extern "C" void gpa_ew__host(void) {}
"""

# the body the `seeded` cache holds the kernel of
SEED = "seed"


def env_for(tmp_path, cache, **extra):
    tmpdir = tmp_path / "tmpdir"
    tmpdir.mkdir(exist_ok=True)
    env = dict(os.environ, TMPDIR=str(tmpdir),
               GPA_PLANTED_MARKER=str(tmp_path / "marker"),
               PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("GPUARRAY_CACHE_DIR", None)
    if cache is not None:
        env["GPUARRAY_CACHE_DIR"] = str(cache)
    env.update(extra)
    return env


def run_child(tmp_path, cache, tag, k="3.0f", **extra):
    body = BODY % (k, tag)
    out = subprocess.run([sys.executable, "-c", CHILD, body, k.rstrip("f")],
                         env=env_for(tmp_path, cache, **extra), cwd=ROOT,
                         capture_output=True, timeout=300)
    assert out.returncode == 0, out.stderr.decode()[-3000:]
    return json.loads(out.stdout.decode().strip().splitlines()[-1])


def host_entries(cache):
    return sorted(p for p in (cache / "host").glob("*.so") if p.is_file())


def entry_with_key(payload, key):
    """A cache entry in the format disk_cache.c reads, with a valid
    trailer: the attacker knows the format and the key."""
    key = key.encode()
    digest = hashlib.sha256(payload + key).digest()
    return (payload + key + b"GPAKCv2\0" + struct.pack("<QQ", len(payload),
                                                       len(key)) + digest)


@pytest.fixture(scope="module")
def planted_so(tmp_path_factory):
    """A shared object whose constructor writes the marker file."""
    d = tmp_path_factory.mktemp("planted")
    (d / "planted.cpp").write_text(PLANTED)
    subprocess.run(["c++", "-shared", "-fPIC", "-o", str(d / "planted.so"),
                    str(d / "planted.cpp")], check=True)
    return (d / "planted.so").read_bytes()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory):
    """A private cache after one child ran the SEED kernel: its entry and
    the precompiled prelude, as the library wrote them."""
    d = tmp_path_factory.mktemp("seed")
    seed_prelude(d / "c")   # the session's precompiled prelude: not rebuilt
    got = run_child(d, d / "c", SEED)
    assert got["ok"] and got["compiles"] >= 1
    assert host_entries(d / "c") and list((d / "c" / "host").glob("pch-*"))
    return d / "c"


def copy_of(seeded, tmp_path):
    """tmp_path/c: the seeded cache's files with their modes (ours, as a
    first run in tmp_path/c would leave them)."""
    cache = tmp_path / "c"
    shutil.copytree(seeded, cache)
    return cache


def planted_entries(cache, payload):
    """Replaces every host entry of `cache` by the planted shared object,
    each with its own name's key."""
    entries = host_entries(cache)
    assert entries
    for p in entries:
        p.write_bytes(entry_with_key(payload, "host0:" + p.stem))
    return entries


def test_planted_object_in_own_cache_is_what_the_check_guards(
        tmp_path, seeded, planted_so):
    # The control case: the owner of a private cache can plant an object
    # that is loaded (the trailer above is valid), so the tests below
    # show the ownership and mode checks, not a format mismatch.
    cache = copy_of(seeded, tmp_path)
    marker = tmp_path / "marker"
    planted_entries(cache, planted_so)
    subprocess.run([sys.executable, "-c", CHILD, BODY % ("3.0f", SEED),
                    "3.0"], env=env_for(tmp_path, cache), cwd=ROOT,
                   capture_output=True, timeout=300)
    assert marker.exists()


@pytest.mark.parametrize("how", ["world-writable", "group-writable",
                                 "foreign-owner", "host-world-writable",
                                 "host-foreign-owner"])
def test_planted_object_in_untrusted_dir_is_never_loaded(tmp_path, how,
                                                         seeded, planted_so):
    cache = copy_of(seeded, tmp_path)
    marker = tmp_path / "marker"
    entries = planted_entries(cache, planted_so)
    target = cache / "host" if how.startswith("host-") else cache
    if how.endswith("world-writable"):
        os.chmod(target, 0o777)
    elif how == "group-writable":
        os.chmod(target, 0o770)
    else:  # another user's directory (we are root here: chown it away)
        for p in [target] + ([] if target != cache else [cache / "host"]) \
                + entries:
            os.chown(p, 65534, 65534)
        os.chmod(target, 0o755)
    got = run_child(tmp_path, cache, SEED)
    assert got["ok"]
    assert not marker.exists()
    assert got["compiles"] >= 1 and got["disk_hits"] == 0
    assert any("kernel cache directory" in w for w in got["warnings"])


def test_foreign_owned_entry_in_own_dir_is_refused(tmp_path, seeded,
                                                  planted_so):
    cache = copy_of(seeded, tmp_path)
    marker = tmp_path / "marker"
    for p in planted_entries(cache, planted_so):
        os.chown(p, 65534, 65534)
    got = run_child(tmp_path, cache, SEED)
    assert got["ok"] and not marker.exists()
    assert got["disk_rejects"] >= 1


def test_entry_copied_onto_another_key_is_recompiled(tmp_path, seeded):
    cache = copy_of(seeded, tmp_path)    # the k=3 kernel's entry
    first = set(host_entries(cache))
    run_child(tmp_path, cache, SEED, k="5.0f")
    (b_entry,) = set(host_entries(cache)) - first
    a_entry = sorted(first)[0]
    # every entry of the first run onto the second kernel's name: each is
    # a valid entry, just another key's
    shutil.copyfile(a_entry, b_entry)
    got = run_child(tmp_path, cache, SEED, k="5.0f")
    assert got["ok"]
    assert got["disk_rejects"] >= 1 and got["compiles"] >= 1


def test_no_predictable_tmp_fallback(tmp_path):
    # No HOME, XDG_CACHE_HOME or GPUARRAY_CACHE_DIR: no disk cache at all
    # (memory only), nothing made under /tmp or TMPDIR.
    uid_dir = "/tmp/gpuarray-cache-%d" % os.getuid()
    had = os.path.exists(uid_dir)
    env = env_for(tmp_path, None)
    for k in ("HOME", "XDG_CACHE_HOME"):
        env.pop(k, None)
    out = subprocess.run([sys.executable, "-c", CHILD,
                          BODY % ("3.0f", "nohome"), "3.0"], env=env,
                         cwd=ROOT, capture_output=True, timeout=300)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    assert json.loads(out.stdout.decode().splitlines()[-1])["ok"]
    assert os.path.exists(uid_dir) == had
    assert os.listdir(tmp_path / "tmpdir") == []


def test_planted_predictable_tmp_dir_is_not_used(tmp_path):
    # Even when the old fallback name exists (made by someone else), with
    # no HOME it is not used.
    uid_dir = "/tmp/gpuarray-cache-%d" % os.getuid()
    if os.path.exists(uid_dir):
        pytest.skip("%s exists already" % uid_dir)
    os.mkdir(uid_dir, 0o777)
    try:
        env = env_for(tmp_path, None)
        for k in ("HOME", "XDG_CACHE_HOME"):
            env.pop(k, None)
        subprocess.run([sys.executable, "-c", CHILD,
                        BODY % ("3.0f", "planted-tmp"), "3.0"], env=env,
                       cwd=ROOT, check=True, capture_output=True, timeout=300)
        assert os.listdir(uid_dir) == []
    finally:
        shutil.rmtree(uid_dir)


def test_directory_where_an_entry_should_be(tmp_path, seeded):
    cache = copy_of(seeded, tmp_path)
    for p in host_entries(cache):
        p.unlink()
        p.mkdir()
    for _ in range(2):
        got = run_child(tmp_path, cache, SEED)
        assert got["ok"] and got["compiles"] >= 1
    assert os.listdir(tmp_path / "tmpdir") == []


@pytest.mark.parametrize("kind", ["file", "unwritable"])
def test_unusable_cache_dir_runs_uncached_and_leaves_no_files(tmp_path,
                                                              kind):
    cache = tmp_path / "c"
    if kind == "file":
        cache.write_text("not a directory")
    else:
        cache.mkdir(0o700)
        (cache / "host").write_text("not a directory either")
    got = run_child(tmp_path, cache, "unusable-" + kind)
    assert got["ok"]
    assert any("kernel cache directory" in w for w in got["warnings"])
    assert os.listdir(tmp_path / "tmpdir") == []


@pytest.mark.parametrize("part", ["TMPDIR", "GPUARRAY_CACHE_DIR", "HOME"])
def test_quotes_in_paths_neither_break_compiles_nor_run_commands(tmp_path,
                                                                 part):
    # a shell would run these in the child's working directory, tmp_path
    pwned = tmp_path / "pwned"
    odd = tmp_path / "a b'c\"d$(touch pwned)`touch pwned`;touch pwned"
    odd.mkdir()
    extra = {}
    cache = tmp_path / "c"
    if part == "TMPDIR":
        extra["TMPDIR"] = str(odd)
    elif part == "GPUARRAY_CACHE_DIR":
        cache = odd / "cache"
    else:
        cache = None
        extra["HOME"] = str(odd)
        extra.pop("XDG_CACHE_HOME", None)
    env = env_for(tmp_path, cache, **extra)
    env.pop("XDG_CACHE_HOME", None)
    body = BODY % ("3.0f", "quotes-" + part)
    for _ in range(2):  # compile, then load from the cache
        out = subprocess.run([sys.executable, "-c", CHILD, body, "3.0"],
                             env=env, cwd=tmp_path, capture_output=True,
                             timeout=300)
        assert out.returncode == 0, out.stderr.decode()[-2000:]
        got = json.loads(out.stdout.decode().splitlines()[-1])
        assert got["ok"] and not got["warnings"]
    assert got["compiles"] == 0 and got["disk_hits"] >= 1
    assert not pwned.exists()


def test_damaged_precompiled_header_text_is_rewritten(tmp_path, seeded):
    cache = copy_of(seeded, tmp_path)
    (header,) = (cache / "host").glob("pch-*/prelude.h")
    good = header.read_text()
    header.write_text("#error planted\n")
    got = run_child(tmp_path, cache, "pch-2")
    assert got["ok"]
    assert header.read_text() == good


def test_untrusted_precompiled_header_dir_is_not_used(tmp_path, seeded):
    cache = copy_of(seeded, tmp_path)
    (pch_dir,) = (cache / "host").glob("pch-*")
    os.chown(pch_dir, 65534, 65534)
    (pch_dir / "prelude.h").write_text("#error planted\n")
    got = run_child(tmp_path, cache, "pch-b")
    assert got["ok"]  # the planted header was never included


def test_cache_files_are_private(tmp_path):
    cache = tmp_path / "c"
    run_child(tmp_path, cache, "modes")
    for p in cache.rglob("*"):
        mode = stat.S_IMODE(p.lstat().st_mode)
        assert mode & 0o077 == 0, (p, oct(mode))
