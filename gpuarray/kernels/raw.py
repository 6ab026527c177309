"""User CUDA source as written, as in CuPy: `RawModule` and `RawKernel`.

    k = gp.RawKernel(r'''extern "C" __global__ void scale(float *x, float a,
                                                          int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) x[i] *= a; }''', "scale")
    k((blocks,), (256,), (x, np.float32(2), np.int32(x.size)))

On cuda NVRTC compiles the text for the device's architecture with the
given options (no gpuarray prelude, no flags of ours); on host the system
C++ compiler builds it behind a shim (Note [Raw kernels on host] in
raw_host.py).  Compiled modules are cached in memory and on disk with the
generated kernels.

Arguments are checked against the kernel's signature (raw_args.py): a
gpuarray.ndarray (or anything with __cuda_array_interface__) for a
pointer, a Python or NumPy scalar of the parameter's kind for a number
(converted to the parameter's type), a NumPy scalar of the right size for
anything else; TypeError otherwise.  Where the signature can't be read
(cuda: a name made by a macro) CuPy's rules apply: a NumPy scalar passes
its bytes, a Python bool, int, float or complex passes as bool, int64,
float64 or complex128.
"""
import numpy as _np

from .. import _core
from .._core import ndarray
from .raw_args import launch_dims, pack_args
from .raw_host import kernel_signatures, raw_host_source

__all__ = ["RawModule", "RawKernel"]

_PY_SCALARS = ((bool, _np.bool_), (int, _np.int64), (float, _np.float64),
               (complex, _np.complex128))


def _device_key():
    return _core._get_device()


def _pack(arg, index):
    """The bytes kernel parameter `index` is passed as."""
    if isinstance(arg, ndarray):
        return _np.uint64(arg.data.ptr).tobytes()
    if isinstance(arg, _np.generic):
        if arg.dtype.kind in "OSUVMm":
            raise TypeError("kernel argument %d: unsupported NumPy scalar "
                            "type %s" % (index, arg.dtype))
        return arg.tobytes()
    for py, np_type in _PY_SCALARS:
        if type(arg) is py or (py is int and isinstance(arg, int)
                               and not isinstance(arg, bool)):
            try:
                return np_type(arg).tobytes()
            except OverflowError:
                raise OverflowError("kernel argument %d: %r does not fit "
                                    "int64" % (index, arg)) from None
    cai = getattr(arg, "__cuda_array_interface__", None)
    if cai is not None:
        return _np.uint64(cai["data"][0]).tobytes()
    raise TypeError("kernel argument %d: unsupported type %s (pass a "
                    "gpuarray.ndarray, a NumPy scalar or a Python scalar)"
                    % (index, type(arg).__name__))


class RawModule:
    """A module of user CUDA source (CuPy's RawModule)."""

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc",
                 translate_cucomplex=False, enable_cooperative_groups=False,
                 name_expressions=None, jitify=False):
        if (code is None) == (path is None):
            raise TypeError("Exactly one of code and path keyword arguments "
                            "must be given.")
        if path is not None:
            if not str(path).endswith(".cu"):
                raise NotImplementedError(
                    "RawModule(path=...) reads CUDA source (.cu) here; "
                    "loading prebuilt cubin/ptx files is not supported")
            with open(path) as f:
                code = f.read()
        if not isinstance(code, str):
            raise TypeError("code must be a str, not %s" % type(code).__name__)
        if backend != "nvrtc":
            raise ValueError("backend must be 'nvrtc' (gpuarray compiles "
                             "with NVRTC), got %r" % (backend,))
        for flag, what in ((translate_cucomplex, "translate_cucomplex"),
                           (enable_cooperative_groups,
                            "enable_cooperative_groups"),
                           (name_expressions, "name_expressions"),
                           (jitify, "jitify")):
            if flag:
                raise NotImplementedError("RawModule(%s=...) is not "
                                          "supported" % what)
        if isinstance(options, str):
            options = (options,)
        options = tuple(options)
        for o in options:
            if not isinstance(o, str):
                raise TypeError("options must be strings, got %r" % (o,))
        self.code = code
        self.options = options
        self.backend = backend
        self._modules = {}

    def _module(self):
        key = _device_key()
        m = self._modules.get(key)
        if m is None:
            if key[0] == "cuda":
                m = _core._raw_module(self.code, self.options)
            else:
                m = _core._raw_module(raw_host_source(self.code,
                                                      self.options), ())
            self._modules[key] = m
        return m

    def compile(self, log_stream=None):
        """Compiles now for the current device (else at first use)."""
        self._module()

    def get_function(self, name):
        """The kernel `name` (an extern "C" __global__ function)."""
        k = RawKernel.__new__(RawKernel)
        k._init(self, name)
        k._function()  # as CuPy: a missing name fails here
        return k

    def __repr__(self):
        return "<gpuarray.RawModule options=%r>" % (self.options,)


class RawKernel:
    """One kernel of user CUDA source (CuPy's RawKernel)."""

    def __init__(self, code, name, options=(), backend="nvrtc", *,
                 translate_cucomplex=False, enable_cooperative_groups=False,
                 jitify=False):
        if not isinstance(name, str):
            raise TypeError("name must be a str, not %s"
                            % type(name).__name__)
        mod = RawModule(code=code, options=options, backend=backend,
                        translate_cucomplex=translate_cucomplex,
                        enable_cooperative_groups=enable_cooperative_groups,
                        jitify=jitify)
        self._init(mod, name)

    def _init(self, module, name):
        self.module = module
        self.name = name
        self._functions = {}

    code = property(lambda self: self.module.code)
    options = property(lambda self: self.module.options)
    backend = property(lambda self: self.module.backend)

    def _function(self):
        key = _device_key()
        f = self._functions.get(key)
        if f is None:
            if key[0] != "cuda" and \
                    self.name not in kernel_signatures(self.module.code):
                raise AttributeError(
                    "no __global__ function named %r in the module"
                    % self.name)
            module = self.module._module()
            try:
                f = _core._raw_function(module, self.name)
            except Exception as e:
                if "NOT_FOUND" not in str(e):
                    raise
                raise AttributeError(
                    "no kernel named %r in the module (is it declared "
                    "extern \"C\"?)" % self.name) from e
            self._functions[key] = f
        return f

    def compile(self, log_stream=None):
        """Compiles now for the current device (else at the first call)."""
        self._function()

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        if stream is not None:
            with stream:
                return self(grid, block, args, shared_mem=shared_mem)
        grid = launch_dims(grid, "grid")
        block = launch_dims(block, "block")
        if not isinstance(args, (tuple, list)):
            raise TypeError("args must be a tuple of kernel arguments, not "
                            "%s" % type(args).__name__)
        shared_mem = int(shared_mem)
        if shared_mem < 0:
            raise ValueError("shared_mem must be >= 0")
        fn = self._function()
        params = kernel_signatures(self.module.code).get(self.name)
        if params is None:  # cuda: a name the parser can't see (macros)
            packed = tuple(_pack(a, i) for i, a in enumerate(args))
        else:
            packed = pack_args(self.name, params, args, ndarray,
                               _core._raw_param_sizes(fn))
        _core._raw_launch(fn, grid, block, packed, shared_mem)

    def __repr__(self):
        return "<gpuarray.RawKernel %r>" % (self.name,)
