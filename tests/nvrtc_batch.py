"""Many generated CUDA texts checked with one NVRTC compile (the suite's
CPU time, issue 17; docs/design/host_backend.md, "Suite time").

An NVRTC compile of a test's text costs the prelude's parse and the
per-program work of NVVM and ptxas again and again: the texts of a whole
test file, joined into one program, compile in about half the CPU time of
their compiles one by one.  So a test file hands all its texts to one
NvrtcBatch (a module-scoped fixture) and each test asks for its own.

The join keeps every text to itself:
- each text sits in its own namespace (its helpers, types and templates
  are not seen by the others),
- its extern "C" kernels are renamed with a #define to a name unique in
  the batch (extern "C" names would collide across namespaces; the
  renamed names are looked for in the cubin, so a text that the join lost
  -- preprocessed out, say -- is not taken as compiled),
- every macro it defines is #undef'd after it (no text sees another's).

When the joined program does not compile, or lacks a text's kernels, that
text is compiled alone, exactly as nvrtc_check does, so a test fails with
its own text's NVRTC message -- and only the tests whose texts are bad.
"""
import re

import gpuarray as gp

# kernels: `extern "C" __global__ ... name(` and the host launchers
# `extern "C" void name__host(` (generated texts have one per kernel, also
# for names made by a macro such as the sort passes)
_GLOBAL = re.compile(r'extern\s+"C"\s+__global__\s+(?:__launch_bounds__\s*'
                     r'\([^)]*\)\s*)?void\s+(\w+)\s*\(')
_HOST = re.compile(r'extern\s+"C"\s+void\s+(\w+)__host\s*\(')
_DEFINE = re.compile(r'^\s*#\s*define\s+(\w+)', re.M)
# a #define with its continuation lines (a kernel written inside a macro
# names its parameter, not a kernel)
_MACRO = re.compile(r'^\s*#\s*define\b(?:[^\n]*\\\n)*[^\n]*', re.M)


def kernel_names(src):
    """The extern "C" kernel names of CUDA text `src`, sorted."""
    return sorted(set(_GLOBAL.findall(_MACRO.sub("", src)))
                  | set(_HOST.findall(src)))


def _wrapped(tag, src):
    names = kernel_names(src)
    head = ["#define %s %s_%s" % (k, tag, k) for k in names]
    tail = ["#undef %s" % m for m in sorted(set(_DEFINE.findall(src))
                                            | set(names))]
    return "\n".join(head + ["namespace %s {" % tag, src, "}"] + tail)


class NvrtcBatch:
    """CUDA texts by key (a dict, or a callable returning one: texts are
    made on the first check), compiled for `arch` as one program on the
    first check (Note [Fast NVRTC checks] options, as nvrtc_check)."""

    def __init__(self, texts, arch=90):
        self._texts = texts
        self._arch = arch
        self._tags = None
        self._cubin = None
        self._symbols = frozenset()  # the cubin's NUL-ended strings

    def _join(self):
        if callable(self._texts):
            self._texts = self._texts()
        self._tags = {k: "gpa_nvb%d" % i for i, k in enumerate(self._texts)}
        joined = "\n".join(_wrapped(self._tags[k], s)
                           for k, s in self._texts.items())
        try:
            self._cubin = gp._core._nvrtc_compile(joined, self._arch, True)
        except RuntimeError:  # CompileError, or NVRTC refusing the size
            self._cubin = b""  # each text alone then, with its own message
        self._symbols = frozenset(self._cubin.split(b"\0"))

    def check(self, key):
        """The cubin holding text `key`'s kernels: the batch's when the
        joined program compiled with them in it, else `key`'s own compile
        (its CompileError raised)."""
        if self._tags is None:
            self._join()
        tag = self._tags[key]
        src = self._texts[key]
        names = kernel_names(src)
        if names and all(("%s_%s" % (tag, k)).encode() in self._symbols
                         for k in names):
            return self._cubin
        return gp._core._nvrtc_compile(src, self._arch, True)
