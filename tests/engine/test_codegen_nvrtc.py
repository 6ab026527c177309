"""The CUDA text the elementwise engine really generates, for every loop
of every ufunc, compiles with NVRTC for sm_90 -- on any machine with
libnvrtc, GPU or not, so CUDA code generation errors show up in CI."""
import numpy as np
import pytest

import gpuarray as gp
from conftest import NvrtcBatch, nvrtc_check, nvrtc_or_skip

UFUNCS = sorted(gp._core.ufuncs)
CAST_CHARS = "?bBhHiIlLefdFD"
# the select texts not already compiled by tests/sorting/test_sorting_radix.py
SELECT_CASES = [(dt, vb, arch)
                for dt, vb in ((np.float32, 4), (np.int64, 8), (np.float16, 4))
                for arch in (75, 90)
                if (dt, arch) not in ((np.float32, 75), (np.float32, 90),
                                      (np.float16, 90))]


def kernels_of(name):
    """Source of kernels of every loop of ufunc `name`: each loop's body in
    the scalar contiguous skeleton, and the first loop also in the
    vectorised contiguous and the strided (2-D, 64-bit index, cast on
    load) skeletons -- the skeletons are the same for every body, so this
    covers every body and every skeleton without compiling thousands of
    unrolled vector kernels."""
    uf = getattr(gp, name)
    parts = []
    for i, loop in enumerate(uf.types):
        ins, outs = loop.split("->")
        chars = list(ins + outs)
        body = gp._core._ufunc_body(name, ins[0])
        assert body is not None, (name, loop)
        parts.append(gp._core._ew_source(body, chars, chars, len(ins), 0,
                                         1, False, "k%d" % i))
        if i == 0:
            widest = max(np.dtype(c).itemsize for c in chars)
            parts.append(gp._core._ew_source(
                body, chars, chars, len(ins), 0, max(1, 16 // widest), False,
                "k%d_vec" % i))
            mem = ["b" if c in "?efd" and j < len(ins) else c
                   for j, c in enumerate(chars)]
            parts.append(gp._core._ew_source(body, mem, chars, len(ins), 2,
                                             1, True, "k%d_strided" % i))
    return "\n".join(parts)


def cast_kernels():
    return "\n".join(
        gp._core._ew_source("out0 = in0;", [a, b], [a, a], 1, 1, 1, False,
                            "cast_%d_%d" % (i, j))
        for i, a in enumerate(CAST_CHARS) for j, b in enumerate(CAST_CHARS))


def file_texts():
    """Every text this file compiles for sm_90 but the mode comparison's."""
    texts = {name: kernels_of(name) for name in UFUNCS}
    texts["casts"] = cast_kernels()
    texts["sort"] = gp._core._sort_source(np.dtype(np.float32), 4)
    texts["compact"] = gp._core._compact_source(8)
    for dt, vb, arch in SELECT_CASES:
        if arch == 90:
            texts["select", dt] = gp._core._sort_source(np.dtype(dt), vb)
    return texts


@pytest.fixture(scope="module")
def sm90():
    """This file's sm_90 texts as one NVRTC program (tests/nvrtc_batch.py);
    a test still fails on its own text's NVRTC error."""
    return NvrtcBatch(file_texts, 90)


@pytest.fixture(scope="module")
def sm75():
    return NvrtcBatch(lambda: {
        ("select", dt): gp._core._sort_source(np.dtype(dt), vb)
        for dt, vb, arch in SELECT_CASES if arch == 75}, 75)


@pytest.mark.parametrize("name", UFUNCS)
def test_generated_ufunc_kernels_compile_with_nvrtc(name, sm90):
    nvrtc_or_skip()
    cubin = sm90.check(name)
    assert len(cubin) > 1000


def test_generated_cast_kernels_compile_with_nvrtc(sm90):
    nvrtc_or_skip()
    assert len(sm90.check("casts")) > 1000


def test_sort_and_compaction_kernels_compile_with_nvrtc(sm90):
    # every key kind and payload width is in tests/sorting/test_sorting_radix.py;
    # here one of each module kind, beside the other generated kernels
    nvrtc_or_skip()
    assert len(sm90.check("sort")) > 1000
    assert len(sm90.check("compact")) > 1000


def test_select_kernels_compile_with_nvrtc(sm90, sm75):
    # the radix select kernels live in the sort module (csrc/jit/
    # select_codegen.c): 32-bit and 64-bit keys, both payload widths
    # (float32, 4) at 75 and 90 and (float16, 4) at 90 are the very texts
    # tests/sorting/test_sorting_radix.py compiles (NVRTC_CASES): not twice
    nvrtc_or_skip()
    for dt, vb in ((np.float32, 4), (np.int64, 8), (np.float16, 4)):
        src = gp._core._sort_source(np.dtype(dt), vb)
        assert "sel_hist" in src and "sel_scatter" in src
    for dt, vb, arch in SELECT_CASES:
        assert len((sm90 if arch == 90 else sm75).check(("select", dt))) > 1000


def test_fast_check_reports_what_the_full_compile_reports():
    # Note [Fast NVRTC checks]: the check mode must still refuse bad text
    # and build a cubin of good text, as the library's own compile does
    nvrtc_or_skip()
    bad = 'extern "C" __global__ void k(float *p) { p[0] = no_such(1); }'
    for fast in (False, True):
        with pytest.raises(gp.CompileError, match="no_such"):
            gp._core._nvrtc_compile(bad, 90, fast)
    good = kernels_of("add")
    assert len(nvrtc_check(good, 90)) > 1000
    assert len(gp._core._nvrtc_compile(good, 90)) > 1000


def test_batch_keeps_each_text_to_itself():
    # tests/nvrtc_batch.py: texts that share kernel, helper and macro names
    # compile joined; a text that is bad alone -- here one that uses
    # another text's macro and helper -- fails with its own NVRTC message
    nvrtc_or_skip()
    good = ('#define SCALE 2\n__device__ float twice(float v) '
            '{ return SCALE * v; }\nextern "C" __global__ void k(float *p) '
            '{ p[0] = twice(p[0]); }\n')
    leaning = 'extern "C" __global__ void k(float *p) { p[0] = twice(SCALE); }'
    batch = NvrtcBatch({"a": good, "b": good.replace("2", "3"),
                        "c": leaning}, 90)
    for key in "ab":
        assert len(batch.check(key)) > 1000
    with pytest.raises(gp.CompileError, match="twice|SCALE"):
        batch.check("c")
    joined = NvrtcBatch({"a": good, "b": good.replace("2", "3")}, 90)
    cubin = joined.check("a")
    assert b"gpa_nvb0_k" in cubin and b"gpa_nvb1_k" in cubin
    assert joined.check("b") is cubin   # one program for both
