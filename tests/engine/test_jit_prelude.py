"""Compile and check the kernel prelude and the ufunc body table, no GPU needed.

What it checks:
  1. csrc/ops/ufunc_defs.c covers every ufunc of NumPy's namespace that has
     loops on our 14 dtypes, and has a body for every such loop.
  2. For every entry and every loop, the kernel the code generator will
     produce (the skeleton below) compiles with g++ -std=c++17 and, when
     libnvrtc is found, with NVRTC for sm_90.
  3. On the host, the compiled kernels give NumPy's results on special
     values (zeros of both signs, infinities, nan, integer extremes,
     division by zero, huge and tiny numbers): exactly for integers and
     bools, within the per-function tolerances of TOLERANCES for floats,
     with nan positions matching and the sign of zero results checked.
  4. float16 exhaustively: conversions (every half, every midpoint), every
     unary float16 loop on every half, spacing/nextafter; binary float16
     loops on random bit patterns.
  5. Complex functions on random arguments over 60 (F) / 400 (D) decades,
     against NumPy (glibc), to the tolerances of TOLERANCES.
  6. Prelude helpers without a table entry (TEST_ONLY): sort order, complex
     with real scalars.

Run:  python -m pytest --noconftest tests/jit_prelude_check.py -q
(--noconftest: this file needs neither the built extension nor a GPU.)
"""
import ctypes
import ctypes.util
import functools
import hashlib
import os
import subprocess
import tempfile
import threading
import warnings

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
JIT = os.path.join(ROOT, "csrc", "jit")
# Prelude order (the lead's index section goes after these).
PRELUDE_FILES = ["prelude_base.cuh", "prelude_types.cuh", "prelude_math.cuh", "prelude_complex.cuh"]
DEFS_C = os.path.join(ROOT, "csrc", "ops", "ufunc_defs.c")

OURS = "?bBhHiIlLqQefdFD"
CTYPE = {
    "?": "bool", "b": "gpa_i8", "B": "gpa_u8", "h": "gpa_i16", "H": "gpa_u16",
    "i": "gpa_i32", "I": "gpa_u32", "l": "gpa_i64", "L": "gpa_u64",
    "q": "gpa_i64", "Q": "gpa_u64", "e": "gpa_half", "f": "float", "d": "double",
    "F": "gpa_c64", "D": "gpa_c128",
}
GUFUNCS = {"matmul", "vecdot", "matvec", "vecmat"}

# Loops of the non-ufunc helpers, as the lead's code will resolve them.
_REALS = "efd"
_NUMS = "?bBhHiIlLefdFD"
HELPER_LOOPS = {
    "_where": ["?%s%s->%s" % (c, c, c) for c in _NUMS],
    "_clip": ["%s%s%s->%s" % (c, c, c, c) for c in _NUMS],
    "_angle": ["e->e", "f->f", "d->d", "F->f", "D->d"],
    "_real": ["%s->%s" % (c, c) for c in _NUMS if c not in "FD"] + ["F->f", "D->d"],
    "_imag": ["%s->%s" % (c, c) for c in _NUMS if c not in "FD"] + ["F->f", "D->d"],
    "_round": ["%sl->%s" % (c, c) for c in "bBhHiIlLefdFD"],
    "_nan_to_num": ["eeee->e", "ffff->f", "dddd->d", "Ffff->F", "Dddd->D", "llll->l"],
    "_isclose": ["eeee?->?", "ffff?->?", "dddd?->?", "FFff?->?", "DDdd?->?"],
    "_copy": ["%s->%s" % (a, b) for a in _NUMS for b in _NUMS],
}

# Host build flags: those of csrc/jit/compile_host.c (HOST_OPTS).  The checks
# also pass at -O0 .. -O3 without -fwrapv (GPA_CHECK_HOST_OPT overrides).
HOST_OPT = os.environ.get("GPA_CHECK_HOST_OPT",
                          "-O2 -fno-strict-aliasing -fwrapv -fno-math-errno -ffp-contract=off")
# NVRTC options: those of csrc/jit/compile_nvrtc.c, for sm_90.
NVRTC_OPTS = ("--gpu-architecture=sm_90", "-std=c++17", "-default-device", "--fmad=false")

# Prelude functions without a table entry, checked through kernels of the
# same shape: name -> (body, loops).
TEST_ONLY = {
    "_test_sort_lt": ("out0 = gpa_sort_lt(in0, in1);", ["%s%s->?" % (c, c) for c in _NUMS]),
    # complex mixed with real scalars of any arithmetic type
    "_test_cmix": ("out0 = (2 * in0 + 1.5 - in0 / 4.0f) * 0.5 + in1 - (3 - in1) + gpa_cpack(in1.im, in1.re);",
                   ["FF->F", "DD->D"]),
}

_CACHE = os.path.join(tempfile.gettempdir(), "gpa_prelude_check_%d" % os.getuid())


def numpy_quirks():
    """The defines gpuarray puts ahead of the prelude for behaviour that
    differs between NumPy versions (see csrc/util.c, gpa_numpy_quirks)."""
    y = np.nextafter(np.float16(-0.0), np.float16(0.0))
    return "#define GPA_NP_HALF_NEXTAFTER_Y 1\n" if not np.signbit(y) else ""


def prelude():
    return numpy_quirks() + "".join(
        open(os.path.join(JIT, f)).read() for f in PRELUDE_FILES)


# ---------------------------------------------------------------------------
# The body table, read from the compiled C file itself.

class _Body(ctypes.Structure):
    _fields_ = [("kinds", ctypes.c_char_p), ("body", ctypes.c_char_p)]


class _Def(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("nin", ctypes.c_int), ("nout", ctypes.c_int),
                ("bodies", _Body * 6)]


def _build(src_text, suffix, cmd_fn):
    """Compile once per content into the cache directory; returns the path."""
    os.makedirs(_CACHE, exist_ok=True)
    cmd_text = " ".join(cmd_fn("SRC", "OUT"))
    key = hashlib.sha256((suffix + cmd_text + src_text).encode()).hexdigest()[:20]
    out = os.path.join(_CACHE, key + suffix)
    if not os.path.exists(out):
        # Per-process names: xdist workers build the same key at once.
        src = out + ".%d.src" % os.getpid()
        with open(src, "w") as f:
            f.write(src_text)
        tmp = out + ".%d.tmp" % os.getpid()
        r = subprocess.run(cmd_fn(src, tmp), capture_output=True, text=True)
        if r.returncode != 0:
            raise AssertionError("compile failed:\n" + r.stderr[:20000])
        os.replace(tmp, out)
        os.unlink(src)
    return out


@functools.lru_cache(maxsize=None)
def defs_lib():
    text = open(DEFS_C).read()
    path = _build(text, "_defs.so", lambda s, o: [
        "gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC",
        "-I", os.path.join(ROOT, "csrc", "ops"), "-x", "c", s, "-o", o])
    lib = ctypes.CDLL(path)
    lib.gpa_ufunc_def_find.restype = ctypes.POINTER(_Def)
    lib.gpa_ufunc_def_find.argtypes = [ctypes.c_char_p]
    lib.gpa_ufunc_def_body.restype = ctypes.c_char_p
    lib.gpa_ufunc_def_body.argtypes = [ctypes.POINTER(_Def), ctypes.c_char]
    return lib


@functools.lru_cache(maxsize=None)
def table():
    """name -> (nin, nout, pointer to the C entry)"""
    lib = defs_lib()
    n = ctypes.c_int.in_dll(lib, "gpa_ufunc_ndefs").value
    arr = (_Def * n).in_dll(lib, "gpa_ufunc_defs")
    out = {}
    for i in range(n):
        d = arr[i]
        out[d.name.decode()] = (d.nin, d.nout, ctypes.pointer(d))
    return out


def body_for(name, loop):
    if name in TEST_ONLY:
        return TEST_ONLY[name][0]
    lib = defs_lib()
    d = lib.gpa_ufunc_def_find(name.encode())
    assert d, name
    b = lib.gpa_ufunc_def_body(d, loop[0].encode())
    assert b is not None, "no body of %s for loop %s" % (name, loop)
    return b.decode()


def numpy_ufuncs():
    """NumPy __name__ -> ufunc, for ufuncs with loops on our dtypes."""
    out = {}
    for n in dir(np):
        u = getattr(np, n)
        if isinstance(u, np.ufunc) and u.__name__ not in GUFUNCS and our_loops(u):
            out[u.__name__] = u
    return out


def our_loops(u):
    seen = []
    for t in u.types:
        if all(c in OURS for c in t.replace("->", "")) and t not in seen:
            seen.append(t)
    return seen


def all_loops():
    """[(def name, loop signature)] for every entry of the table."""
    ufs = numpy_ufuncs()
    out = []
    for name in table():
        loops = HELPER_LOOPS[name] if name.startswith("_") else our_loops(ufs[name])
        out += [(name, lp) for lp in loops]
    for name, (_, loops) in TEST_ONLY.items():
        out += [(name, lp) for lp in loops]
    return out


# ---------------------------------------------------------------------------
# Kernel source, in the shape the lead's code generator emits.

def kname(name, loop):
    ins, outs = loop.split("->")
    enc = lambda s: "".join(c if c.isalnum() else "x" for c in s)
    return "k_%s_%s_%s" % (name.strip("_") if not name.startswith("_") else "h" + name, enc(ins), enc(outs))


def kernel(name, loop):
    ins, outs = loop.split("->")
    params = ["long long n"]
    params += ["const %s *__restrict__ p%d" % (CTYPE[c], i) for i, c in enumerate(ins)]
    params += ["%s *__restrict__ p%d" % (CTYPE[c], len(ins) + j) for j, c in enumerate(outs)]
    tdefs = " ".join("typedef %s in%d_t;" % (CTYPE[c], i) for i, c in enumerate(ins))
    tdefs += " " + " ".join("typedef %s out%d_t;" % (CTYPE[c], j) for j, c in enumerate(outs))
    loads = " ".join("in%d_t in%d = gpa_cast<in%d_t>(p%d[i]);" % (i, i, i, i) for i in range(len(ins)))
    decl = " ".join("out%d_t out%d;" % (j, j) for j in range(len(outs)))
    stores = " ".join("p%d[i] = gpa_cast<%s>(out%d);" % (len(ins) + j, CTYPE[c], j)
                      for j, c in enumerate(outs))
    return (
        'extern "C" __global__ void %s(%s) {\n'
        "  %s\n"
        "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;"
        " i += (long long)blockDim.x * gridDim.x) {\n"
        "    %s\n    %s\n    { %s }\n    %s\n  }\n}\n"
        % (kname(name, loop), ", ".join(params), tdefs, loads, decl, body_for(name, loop), stores))


def host_wrapper(name, loop):
    """extern "C" entry that plays the host launcher: one block, one thread."""
    ins, outs = loop.split("->")
    args = ", ".join("(%s%s *)p[%d]" % ("const " if i < len(ins) else "", CTYPE[c], i)
                     for i, c in enumerate(ins + outs))
    return ('extern "C" void w_%s(long long n, void **p) {\n'
            "  gridDim = gpa_uint3{1, 1, 1}; blockIdx = gpa_uint3{0, 0, 0};\n"
            "  %s(n, %s);\n}\n" % (kname(name, loop), kname(name, loop), args))


def canon(loop):
    """int64/uint64 are 'l'/'L' and also 'q'/'Q': the same C types, one kernel."""
    return loop.replace("q", "l").replace("Q", "L")


@functools.lru_cache(maxsize=None)
def kernel_loops():
    """all_loops() without C-level duplicates."""
    out = []
    for n, lp in all_loops():
        if (n, canon(lp)) not in out:
            out.append((n, canon(lp)))
    return out


def chunks(n):
    """The kernels split into n translation units of similar size."""
    loops = kernel_loops()
    return [loops[i::n] for i in range(n)]


# ---------------------------------------------------------------------------
# 1. Coverage of the table.

def test_table_covers_numpy():
    ufs = numpy_ufuncs()
    t = table()
    missing = sorted(set(ufs) - set(t))
    assert not missing, "ufuncs without an entry: %s" % missing
    for name, u in ufs.items():
        nin, nout, _ = t[name]
        assert (nin, nout) == (u.nin, u.nout), name
        for lp in our_loops(u):
            body_for(name, lp)
    for name, loops in HELPER_LOOPS.items():
        assert name in t
        for lp in loops:
            assert len(lp.split("->")[0]) == t[name][0], (name, lp)
    # aliases resolve to their canonical entry
    lib = defs_lib()
    for alias, canon in [("abs", "absolute"), ("true_divide", "divide"), ("mod", "remainder"),
                         ("conj", "conjugate"), ("bitwise_not", "invert"), ("pow", "power")]:
        assert lib.gpa_ufunc_def_find(alias.encode()).contents.name.decode() == canon
    assert not lib.gpa_ufunc_def_find(b"no_such_ufunc")


# ---------------------------------------------------------------------------
# 2. Compilation with g++ and NVRTC.

NCHUNKS = 4


def _gxx_syntax(src, out):
    return ["g++", "-std=c++17", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-x", "c++", src]


@pytest.mark.parametrize("chunk", range(NCHUNKS))
def test_compile_gxx(chunk):
    src = prelude() + "".join(kernel(n, lp) for n, lp in chunks(NCHUNKS)[chunk])
    os.makedirs(_CACHE, exist_ok=True)
    # -fsyntax-only writes nothing; record success with a stamp file.
    _build(src, "_syntax.stamp", lambda s, o: ["sh", "-c", " ".join(_gxx_syntax(s, o)) + " && touch " + o])


def _find_nvrtc():
    cands = [ctypes.util.find_library("nvrtc"), "/usr/local/cuda/lib64/libnvrtc.so",
             "/usr/local/cuda-13.0/lib/libnvrtc.so", "/usr/local/cuda/lib/libnvrtc.so"]
    for c in cands:
        if not c:
            continue
        try:
            return ctypes.CDLL(c)
        except OSError:
            continue
    return None


@functools.lru_cache(maxsize=None)
def nvrtc():
    return _find_nvrtc()


def nvrtc_compile(src, opts=NVRTC_OPTS):
    """(ok, log).  ctypes releases the GIL, so threads compile in parallel."""
    lib = nvrtc()
    prog = ctypes.c_void_p()
    r = lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), b"gpa_check.cu", 0, None, None)
    assert r == 0, "nvrtcCreateProgram: %d" % r
    arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
    r = lib.nvrtcCompileProgram(prog, len(opts), arr)
    n = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
    buf = ctypes.create_string_buffer(n.value + 1)
    lib.nvrtcGetProgramLog(prog, buf)
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return r == 0, buf.value.decode(errors="replace")


def _nvrtc_version():
    major, minor = ctypes.c_int(), ctypes.c_int()
    nvrtc().nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return "%d.%d" % (major.value, minor.value)


def test_compile_nvrtc():
    if nvrtc() is None:
        pytest.skip("libnvrtc not found")
    # One thread per core: NVRTC's time is mostly per kernel (~25 ms each).
    n = max(2, min(16, os.cpu_count() or 2))
    srcs = [prelude() + "".join(kernel(k, lp) for k, lp in ch) for ch in chunks(n)]
    results = [None] * len(srcs)
    os.makedirs(_CACHE, exist_ok=True)
    # a compile check: NVRTC's fast-compile mode where it has one (Note
    # [Fast NVRTC checks], csrc/jit/compile_nvrtc.c)
    major, minor = (int(v) for v in _nvrtc_version().split("."))
    opts = NVRTC_OPTS + (("--Ofast-compile=max",)
                         if (major, minor) >= (12, 8) else ())
    tag = "nvrtc %s %s\n" % (_nvrtc_version(), " ".join(opts))

    def work(i):
        stamp = os.path.join(_CACHE, hashlib.sha256((tag + srcs[i]).encode()).hexdigest()[:20] + "_nvrtc.ok")
        if os.path.exists(stamp):
            results[i] = (True, "")
            return
        results[i] = nvrtc_compile(srcs[i], opts)
        if results[i][0] and "warning" not in results[i][1]:
            open(stamp, "w").close()
    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(srcs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for ok, log in results:
        assert ok, log[:20000]
        assert "warning" not in log, log[:20000]


# ---------------------------------------------------------------------------
# 3. Numerics on the host.

def _host_so(chunk):
    loops = chunks(NCHUNKS)[chunk]
    src = prelude() + "".join(kernel(n, lp) + host_wrapper(n, lp) for n, lp in loops)
    return _build(src, "_host.so", lambda s, o: [
        "g++", "-std=c++17"] + HOST_OPT.split() + ["-shared", "-fPIC", "-w", "-x", "c++", s, "-o", o])


@functools.lru_cache(maxsize=None)
def host_libs():
    """Shared objects with every kernel and its wrapper, built in parallel."""
    paths = [None] * NCHUNKS
    errors = []

    def work(i):
        try:
            paths[i] = _host_so(i)
        except AssertionError as e:
            errors.append(e)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(NCHUNKS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return [ctypes.CDLL(p) for p in paths]


@functools.lru_cache(maxsize=None)
def _chunk_of():
    return {lp: i for i, ch in enumerate(chunks(NCHUNKS)) for lp in ch}


def run_kernel(name, loop, *arrays):
    """Runs the host kernel of (name, loop) on 1-d arrays; returns the outputs."""
    ins, outs = loop.split("->")
    n = len(arrays[0])
    args = [np.ascontiguousarray(a, dtype=c) for a, c in zip(arrays, ins)]
    res = [np.empty(n, dtype=c) for c in outs]
    ptrs = (ctypes.c_void_p * (len(args) + len(res)))(*[a.ctypes.data for a in args + res])
    fn = getattr(host_libs()[_chunk_of()[(name, canon(loop))]], "w_" + kname(name, canon(loop)))
    fn(ctypes.c_longlong(n), ptrs)
    return res


def _floats(c):
    fi = np.finfo(c)
    base = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, -7.0, 0.1, 0.7, -0.3, 100.25,
            np.inf, -np.inf, np.nan, float(fi.max), -float(fi.max), float(fi.tiny),
            float(fi.smallest_subnormal), -float(fi.smallest_subnormal), 2.0 ** -20, 1000.0, -1e4]
    if c != "e":
        base += [1e10, -1e10, 1e-30, 1e30, 2.0 ** 60, 88.5, -104.0]
    if c == "d":
        base += [1e300, -1e-300, 709.5, 1e-160, 1e160, 3e-320]
    # a few arbitrary values, for the generic paths
    rng = np.random.default_rng(ord(c))
    base += list(rng.uniform(-50, 50, 4)) + list(10.0 ** rng.uniform(-4, 4, 2))
    with np.errstate(all="ignore"):
        return np.array(base, dtype=c)


def _ints(c):
    info = np.iinfo(c)
    v = [0, 1, 2, 3, 5, 7, 100, int(info.max), int(info.max) - 1, 255 if info.max >= 255 else 1]
    if info.min < 0:
        v += [-1, -2, -3, -7, -100, int(info.min), int(info.min) + 1]
    rng = np.random.default_rng(ord(c))  # a few arbitrary values
    v += [int(x) for x in rng.integers(info.min, info.max, 5, dtype=c, endpoint=True)]
    v += [int(x) for x in rng.integers(max(info.min, -60), 60, 3, dtype=c, endpoint=True)]
    return np.array(v, dtype=c)


_CPARTS = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 0.1, 1e-30, 1e30, np.inf, -np.inf, np.nan]


def specials(c):
    if c == "?":
        return np.array([False, True])
    if c in "bBhHiIlLqQ":
        return _ints(c)
    if c in "efd":
        return _floats(c)
    r = np.array(_CPARTS, dtype="f" if c == "F" else "d")
    extra = np.array([1e300, -1e-300, 1e-310] if c == "D" else [1e38, 1e-40], dtype=r.dtype)
    r = np.concatenate([r, extra])
    re, im = np.meshgrid(r, r)
    z = np.empty(re.size, dtype=c)  # not re + 1j*im: 1j*inf has a nan real part
    z.real = re.ravel()
    z.imag = im.ravel()
    return z


def inputs(name, loop):
    """Arrays of special values: the cartesian product over the inputs."""
    ins = loop.split("->")[0]
    vals = [specials(c) for c in ins]
    if len(ins) >= 3:  # keep ternary and larger products small
        vals = [v[:: max(1, len(v) // 6)] for v in vals]
    grids = np.meshgrid(*vals, indexing="ij")
    arrays = [g.ravel() for g in grids]
    if name == "power" and ins[1] in "bhilq":  # NumPy raises on negative int exponents
        keep = arrays[1] >= 0
        arrays = [a[keep] for a in arrays]
    if name in FMA_SENSITIVE and ins[0] in "FD":
        # NumPy's SIMD complex product uses FMA where the CPU has it: a part
        # whose square overflows gives -inf there and nan without FMA.
        lim = 1e18 if ins[0] == "F" else 1e150
        keep = np.ones(len(arrays[0]), bool)
        for a in arrays:
            for part in (a.real, a.imag):
                keep &= ~(np.isfinite(part) & (np.abs(part) > lim))
        arrays = [a[keep] for a in arrays]
    return arrays


def expected(name, loop, arrays):
    ins, outs = loop.split("->")
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if not name.startswith("_"):
            r = getattr(np, name)(*arrays, signature=loop)
            return list(r) if isinstance(r, tuple) else [r]
        a = arrays
        if name == "_where":
            r = np.where(a[0], a[1], a[2])
        elif name == "_clip":
            r = np.clip(a[0], a[1], a[2])
        elif name == "_angle":
            r = np.angle(a[0])
        elif name == "_real":
            r = np.real(a[0])
        elif name == "_imag":
            r = np.imag(a[0]) if a[0].dtype.kind == "c" else np.zeros_like(a[0])
        elif name == "_round":
            r = np.array([np.round(x, int(d)) for x, d in zip(a[0], a[1])], dtype=outs[0])
        elif name == "_nan_to_num":
            r = np.array([np.nan_to_num(x, nan=n_, posinf=p, neginf=m)
                          for x, n_, p, m in zip(*a)], dtype=outs[0])
        elif name == "_isclose":
            r = np.array([np.isclose(x, y, rtol=rt, atol=at, equal_nan=bool(e))
                          for x, y, rt, at, e in zip(*a)])
        elif name == "_copy":
            r = a[0].astype(outs[0])
        return [np.asarray(r).astype(outs[0])]


def helper_inputs(name, loop):
    ins = loop.split("->")[0]
    if name == "_round":
        x = specials(ins[0])
        d = np.array([-2, -1, 0, 1, 2, 3], dtype="l")
        g = np.meshgrid(x, d, indexing="ij")
        return [g[0].ravel(), g[1].ravel()]
    if name == "_nan_to_num":
        x = specials(ins[0])
        n = len(x)
        return [x, np.full(n, 7.0, ins[1]), np.full(n, 9.0, ins[1]), np.full(n, -9.0, ins[1])]
    if name == "_isclose":
        x = specials(ins[0])
        with np.errstate(all="ignore"):
            near = x * (1 + 1e-6) if x.dtype.kind != "c" else x
        xs = np.concatenate([x, x, x])
        ys = np.concatenate([x, near, x[::-1]])
        n = len(xs)
        e = np.arange(n) % 2 == 0
        return [xs, ys, np.full(n, 1e-5, ins[2]), np.full(n, 1e-8, ins[3]), e]
    if name == "_copy":
        src, dst = loop.split("->")[0], loop.split("->")[1]
        x = specials(src)
        if src in "efdFD" and dst in "bBhHiIlLqQ":
            # float -> int is defined by C only in range; we match NumPy on
            # x86-64 wherever the intermediate (int32 for narrow targets,
            # int64 for wide ones) holds the value (gpa_float_to_int).
            with np.errstate(all="ignore"):
                x = np.concatenate([x, np.array([-1.0, 300.0, -129.0, 1e9, -1e9, 3e9, -2.5, 65537.5],
                                                dtype=x.dtype)])
            x = x[np.isfinite(x)]
            narrow = np.dtype(dst).itemsize < 4 or dst == "i"
            lo, hi = (-2.0 ** 31, 2.0 ** 31) if narrow else (-2.0 ** 63, 2.0 ** 63)
            if dst in "LQ":
                hi = 2.0 ** 64
            if dst == "I":  # NumPy's (SIMD) cast differs beyond these
                lo, hi = -2.0 ** 31, 2.0 ** 32
            with np.errstate(all="ignore"):
                x = x[(x.real < hi) & (x.real > lo)]
        return [x]
    return inputs(name, loop)


# Tolerances (rtol) per function for float results, by result kind.
# 0 means exact: these are correctly rounded single operations (or exact).
APPROX = {  # functions computed by libm routines that NumPy may implement differently
    "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "logaddexp", "logaddexp2",
    "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
    "arccosh", "arctanh", "arctan2", "power", "float_power", "_angle",
}
# Complex products differ by an ulp with and without FMA (NumPy's SIMD loops
# use FMA on CPUs that have it; our kernels are built without contraction).
FMA_SENSITIVE = {"multiply", "square", "power", "float_power"}
COMPLEX_APPROX = APPROX | FMA_SENSITIVE | {"sqrt", "absolute", "sign", "reciprocal", "divide",
                                          "_isclose", "_test_cmix"}
TOLERANCES = {"e": 1e-3, "f": 2e-6, "d": 1e-13, "F": 2e-6, "D": 1e-13}
# Complex power is exp(w log z): the rounding error of w log z is scaled by
# |w log z| (the same algorithm as glibc's cpow, rounded differently).
LOOSE = {"power": 100.0, "float_power": 100.0}
# Which of +0.0 and -0.0 comes back is unspecified for these (NumPy's own
# answer depends on the array length and SIMD path).
NO_ZERO_SIGN = {"maximum", "minimum", "fmax", "fmin", "_clip"}


def _close(name, loop, got, exp, c, where):
    if c in "?bBhHiIlLqQ":
        bad = got != exp
        assert not bad.any(), "%s %s: %s" % (name, loop, _report(where, got, exp, bad))
        return
    if c in "FD":
        cplx = loop.split("->")[0][0] in "FD"
        rtol = TOLERANCES[c] if name in COMPLEX_APPROX or (cplx and name in APPROX) else 0.0
        rtol *= LOOSE.get(name, 1.0)
        mag = np.abs(exp.astype("D"))
        for part in ("real", "imag"):
            _close_real(name, loop + ":" + part, getattr(got, part), getattr(exp, part),
                        rtol, where, scale=mag)
        return
    ins = loop.split("->")[0]
    exact = name not in APPROX and not (ins[0] in "FD" and name in COMPLEX_APPROX)
    rtol = 0.0 if exact else TOLERANCES[c]
    _close_real(name, loop, got, exp, rtol, where)


def _close_real(name, loop, got, exp, rtol, where, scale=None):
    got = got.astype("d")
    exp = exp.astype("d")
    gn, en = np.isnan(got), np.isnan(exp)
    bad = gn != en
    fin = ~gn & ~en
    same = got == exp
    ref = np.abs(exp) if scale is None else np.maximum(np.abs(exp), np.where(np.isfinite(scale), scale, 0))
    # one unit of the smallest subnormal, for approximate results near zero
    tiny = 0.0 if rtol == 0.0 else {"e": 2.0 ** -24, "f": 2.0 ** -147}.get(
        loop.split("->")[1][0], 2.0 ** -1072)
    with np.errstate(all="ignore"):
        near = np.abs(got - exp) <= rtol * ref + tiny
    bad |= fin & ~same & ~(near & np.isfinite(got) & np.isfinite(exp))
    if name not in NO_ZERO_SIGN and (rtol == 0.0 or scale is None):
        zero = fin & (exp == 0) & (got == 0)
        bad |= zero & (np.signbit(got) != np.signbit(exp))
    assert not bad.any(), "%s %s (rtol %g): %s" % (name, loop, rtol, _report(where, got, exp, bad))


def _report(where, got, exp, bad):
    idx = np.nonzero(bad)[0][:8]
    rows = ["in=%s got=%r want=%r" % (tuple(w[i] for w in where), got[i], exp[i]) for i in idx]
    return "%d mismatches, e.g.\n  " % bad.sum() + "\n  ".join(rows)


@pytest.mark.parametrize("name", sorted(table()))
def test_numerics_vs_numpy(name):
    for nm, loop in all_loops():
        if nm != name:
            continue
        arrays = helper_inputs(name, loop) if name.startswith("_") else inputs(name, loop)
        got = run_kernel(name, loop, *arrays)
        exp = expected(name, loop, arrays)
        for j, c in enumerate(loop.split("->")[1]):
            _close(name, loop, got[j], exp[j], c, arrays)


# ---------------------------------------------------------------------------
# 4. float16 conversions, exhaustively.

def test_half_conversions_exhaustive():
    bits = np.arange(65536, dtype=np.uint16)
    h = bits.view(np.float16)
    # half -> float, every value
    (f,) = run_kernel("_copy", "e->f", h)
    ok = (f.view(np.uint32) == h.astype("f").view(np.uint32)) | (np.isnan(f) & np.isnan(h))
    assert ok.all()
    # float -> half at every half, every midpoint and its float neighbours
    fin = h[np.isfinite(h)].astype("f")
    fin = np.unique(fin[fin >= 0])
    mids = (fin[:-1].astype("d") + fin[1:].astype("d")) / 2
    mids = mids.astype("f")  # midpoints of halves are exact in float
    xs = np.concatenate([fin, mids, np.nextafter(mids, np.float32(np.inf)),
                         np.nextafter(mids, np.float32(0)), [65519.0, 65520.0, 65536.0, 1e30, np.inf, np.nan]])
    xs = np.concatenate([xs, -xs]).astype("f")
    for src in ("f", "d"):
        x = xs.astype(src)
        if src == "d":  # just off the midpoints, where rounding through float would fail
            m = mids.astype("d")
            x = np.concatenate([x, np.nextafter(m, np.inf), np.nextafter(m, 0), -np.nextafter(m, np.inf)])
        (got,) = run_kernel("_copy", src + "->e", x)
        with np.errstate(all="ignore"):
            want = x.astype(np.float16)
        same = (got.view(np.uint16) == want.view(np.uint16)) | (np.isnan(got) & np.isnan(want))
        assert same.all(), _report([x], got, want, ~same)


def test_half_spacing_nextafter_exhaustive():
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    (got,) = run_kernel("spacing", "e->e", h)
    with np.errstate(all="ignore"):
        want = np.spacing(h)
    same = (got.view(np.uint16) == want.view(np.uint16)) | (np.isnan(got) & np.isnan(want))
    assert same.all(), _report([h], got, want, ~same)
    for target in (np.float16(np.inf), np.float16(-np.inf), np.float16(0), np.float16(-0.0), np.float16(1)):
        y = np.full(len(h), target)
        (got,) = run_kernel("nextafter", "ee->e", h, y)
        with np.errstate(all="ignore"):
            want = np.nextafter(h, y)
        same = (got.view(np.uint16) == want.view(np.uint16)) | (np.isnan(got) & np.isnan(want))
        assert same.all(), _report([h, y], got, want, ~same)


# ---------------------------------------------------------------------------
# 5. Accuracy on random arguments (special values test the edges; these
#    test the algorithms in between).

def _random_complex(c, n, seed):
    rng = np.random.default_rng(seed)
    hi = 30 if c == "F" else 200
    mag = 10.0 ** rng.uniform(-hi, hi, n)
    mag[: n // 2] = 10.0 ** rng.uniform(-3, 3, n // 2)  # most of them moderate
    ang = rng.uniform(-np.pi, np.pi, n)
    z = np.empty(n, dtype=c)
    z.real = mag * np.cos(ang)
    z.imag = mag * np.sin(ang)
    return z


_COMPLEX_UNARY = ["sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
                  "tan", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan", "arcsinh",
                  "arccosh", "arctanh", "reciprocal", "sign", "absolute"]


@pytest.mark.parametrize("c", ["F", "D"])
@pytest.mark.parametrize("name", _COMPLEX_UNARY)
def test_complex_random(name, c):
    z = _random_complex(c, 4000, 1)
    loop = "%s->%s" % (c, {"F": "f", "D": "d"}[c] if name == "absolute" else c)
    (got,) = run_kernel(name, loop, z)
    with np.errstate(all="ignore"):
        want = getattr(np, name)(z)
    _close(name, loop, got, want, loop[-1], [z])


@pytest.mark.parametrize("c", ["F", "D"])
def test_complex_power_random(c):
    a = _random_complex(c, 3000, 2)
    b = _random_complex(c, 3000, 3)
    b[::3] = np.round(b[::3].real % 20 - 10)  # small integer exponents take another path
    keep = np.abs(b) < 50  # keep results mostly finite
    a, b = a[keep], b[keep]
    (got,) = run_kernel("power", c + c + "->" + c, a, b)
    with np.errstate(all="ignore"):
        want = np.power(a, b)
    _close("power", c + c + "->" + c, got, want, c, [a, b])


def test_half_unary_exhaustive():
    """Every float16 value through every unary float16 loop."""
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    for name, u in sorted(numpy_ufuncs().items()):
        if u.nin == 1 and u.nout == 1 and "e->e" in our_loops(u):
            (got,) = run_kernel(name, "e->e", h)
            with np.errstate(all="ignore"):
                want = u(h, signature="e->e")
            _close(name, "e->e", got, want, "e", [h])


def test_half_binary_random():
    """Random float16 pairs (all bit patterns equally likely) through every
    binary float16 loop."""
    rng = np.random.default_rng(5)
    a = rng.integers(0, 65536, 20000, dtype=np.uint16).view(np.float16)
    b = rng.integers(0, 65536, 20000, dtype=np.uint16).view(np.float16)
    b[::4] = np.float16(1.5)  # and some ordinary divisors/exponents
    for name, u in sorted(numpy_ufuncs().items()):
        for lp in our_loops(u):
            if u.nin == 2 and lp.startswith("ee->"):
                got = run_kernel(name, lp, a, b)
                with np.errstate(all="ignore"):
                    want = u(a, b, signature=lp)
                want = list(want) if isinstance(want, tuple) else [want]
                for j, c in enumerate(lp.split("->")[1]):
                    _close(name, lp, got[j], want[j], c, [a, b])


@pytest.mark.parametrize("c", _NUMS)
def test_sort_order(c):
    """gpa_sort_lt(a, b) is NumPy's sort order: nan last; complex as
    [R + Rj, R + nanj, nan + Rj, nan + nanj]."""
    x = specials(c)
    a, b = [g.ravel() for g in np.meshgrid(x, x, indexing="ij")]
    (got,) = run_kernel("_test_sort_lt", c + c + "->?", a, b)
    # a sorts strictly before b iff a stable sort moves it in front of b
    want = np.argsort(np.stack([b, a], axis=1), axis=1, kind="stable")[:, 0] == 1
    bad = got != want
    assert not bad.any(), _report([a, b], got, want, bad)


@pytest.mark.parametrize("c", ["F", "D"])
def test_complex_mixed_scalars(c):
    a = _random_complex(c, 500, 7)
    b = _random_complex(c, 500, 8)
    keep = (np.abs(a) < 1e6) & (np.abs(b) < 1e6)
    a, b = a[keep], b[keep]
    (got,) = run_kernel("_test_cmix", c + c + "->" + c, a, b)
    swapped = np.empty_like(b)
    swapped.real, swapped.imag = b.imag, b.real
    want = (2 * a + 1.5 - a / 4) * 0.5 + b - (3 - b) + swapped
    _close("_test_cmix", c + c + "->" + c, got, want.astype(c), c, [a, b])
