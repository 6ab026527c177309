"""The one driver behind every transform of gpuarray.fft.

A call of numpy.fft is a sequence of 1-D steps (numpy.fft._pocketfft's
_raw_fft: fftn runs fft over the axes last to first, rfftn starts with
rfft over the last axis, irfftn ends with irfft over it).  `transform`
takes that sequence and

  1. checks every step as NumPy would, in NumPy's order and with its
     messages (n, norm, axis, dtype, out=), before computing anything;
  2. loads the input once (cast to the loop dtype, truncated or
     zero-padded to the transform sizes: truncation is a view, only
     padding and casting copy) -- padding and truncating commute with the
     transforms over the other axes, so one load serves every step;
  3. runs the steps as library calls of up to three axes each (cuFFT's
     largest rank), real axis in the R2C/C2R call, through _core._fft_exec
     with the layout of csrc/mathlib/fft_layout.c (Note [FFT layout]):
     cuFFT on cuda, pocketfft on views of the same layout on host
     (_host.py); where the layout can't express an array, it is copied
     (input) or a fresh buffer is written and copied back (output);
  4. scales by the norm factor on cuda (cuFFT does not scale; pocketfft
     applies norm= itself on host), and writes into out=.

Repeated axes (fftn(a, axes=(0, 0)) transforms twice, as in NumPy) run
the steps one at a time.
"""
import functools as _functools
import operator as _op

import numpy as _np
from numpy.lib.array_utils import normalize_axis_index as _norm_axis

from .. import _core
from .._engine.arrays import asarray as _asarray_current
from .._engine.arrays import zeros as _zeros
from .._engine.operands import byte_extent as _byte_extent
from .._engine.ufuncs import multiply as _multiply
from ..cuda import HostDevice as _HostDevice
from ..manipulation.shapes import moveaxis as _moveaxis
from . import _host, config as _config

C2C, R2C, C2R = 0, 1, 2

# NumPy before 2.5 drops out= in hfft, ifft2 and irfft2 (it computes a
# fresh result and never looks at out); 2.5 passes it on as every other
# transform does.  Those three follow the installed NumPy (ignored_out).
OUT_EVERYWHERE = _np.lib.NumpyVersion(_np.__version__) >= "2.5.0rc1"


def ignored_out(out):
    """out= of hfft/ifft2/irfft2 as the installed NumPy takes it: None
    (not checked, not written) before NumPy 2.5."""
    return out if OUT_EVERYWHERE else None

# Tests set this to run the host backend by cuda's rules (the library
# leaves results unscaled and the driver scales; C2R inputs are copied),
# so the cuda-only branches of this file run in CI too.
CUDA_RULES = False

_SWAP_DIRECTION_MAP = {"backward": "forward", None: "forward",
                       "ortho": "ortho", "forward": "backward"}


def swap_direction(norm):
    try:
        return _SWAP_DIRECTION_MAP[norm]
    except KeyError:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", '
                         '"ortho" or "forward".') from None


_TYPES = {}


def _types(dt):
    """(complex loop type, its real type, NumPy's `result_type(a.real.dtype,
    1.0)`) for input dtype dt, cached (the per-call cost matters on a GPU,
    where a transform is a few library launches)."""
    r = _TYPES.get(dt)
    if r is None:
        ct = _np.result_type(dt, 1j)
        real = _np.result_type(_np.empty(0, dt).real.dtype, 1.0)
        r = _TYPES[dt] = (ct, _np.dtype(ct.char.lower()), real)
    return r


def _real_dtype_of(dt):
    """NumPy's `result_type(a.real.dtype, 1.0)`."""
    return _types(dt)[2]


@_functools.lru_cache(maxsize=256)
def _fct(norm, n, real_dtype):
    """NumPy's normalisation factor of one step (norm already swapped for
    inverse steps); ValueError for a bad norm."""
    if norm is None or norm == "backward":
        return 1
    if norm == "ortho":
        return _np.reciprocal(_np.sqrt(n, dtype=real_dtype))
    if norm == "forward":
        return _np.reciprocal(n, dtype=real_dtype)
    raise ValueError(f'Invalid norm value {norm}; should be "backward",'
                     '"ortho" or "forward".')


class Step:
    """One 1-D call of NumPy's: transform length n along axis."""
    __slots__ = ("n", "axis", "is_real", "is_forward", "gets_out")

    def __init__(self, n, axis, is_real, is_forward, gets_out):
        self.n, self.axis = n, axis
        self.is_real, self.is_forward = is_real, is_forward
        self.gets_out = gets_out


def _check_step(st, shape, dtype, norm, out):
    """NumPy's _raw_fft checks for one step on an input of (shape, dtype):
    returns (axis, n, output shape, output dtype, loop output dtype,
    NumPy's norm factor in NumPy's dtype)."""
    n = st.n
    if n is None:   # s with None (deprecated): the 1-D function's default
        m = shape[st.axis]
        n = (m - 1) * 2 if st.is_real and not st.is_forward else m
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) "
                         "specified.")
    if not st.is_forward:
        norm = swap_direction(norm)
    ct, rt, real_dtype = _types(dtype)
    fct = _fct(norm, n, real_dtype)
    n = int(n) if isinstance(n, _np.bool_) else _op.index(n)
    axis = _norm_axis(st.axis, len(shape))
    if out is None and isinstance(st.n, (bool, _np.bool_)) and \
            not (st.is_real and st.is_forward):
        # NumPy allocates the result with n in its shape, which takes no
        # bool (rfft's n // 2 + 1 is an int; given out=, NumPy allocates
        # nothing: n=True is 1)
        raise TypeError("an integer is required")
    if ct not in (_np.complex64, _np.complex128):
        raise TypeError("gpuarray.fft: unsupported dtype %s" % dtype)
    if st.is_real and st.is_forward:
        name = "rfft_n_even" if n % 2 == 0 else "rfft_n_odd"
        n_out = n // 2 + 1
        if dtype.kind == "c":
            raise TypeError(
                f"ufunc '{name}' not supported for the input types, and the "
                "inputs could not be safely coerced to any supported types "
                "according to the casting rule ''safe''")
    else:
        name = "irfft" if st.is_real else "fft" if st.is_forward else "ifft"
        n_out = n
    if st.is_real and not st.is_forward:
        out_dtype, loop_out = real_dtype, rt
    else:
        out_dtype = loop_out = ct
    res = shape[:axis] + (n_out,) + shape[axis + 1:]
    if out is not None:
        _check_out(out, res, axis, n_out, loop_out, name)
        out_dtype = _np.dtype(out.dtype)
    return axis, n, res, out_dtype, loop_out, fct


def _check_out(out, shape, axis, n_out, loop_out, name):
    """NumPy's checks of out=, in its order: anything with a shape (a
    NumPy scalar too) is checked for the result's rank and transform
    length first, then it must be one of our arrays (NumPy: an ndarray)."""
    oshape = getattr(out, "shape", None)
    if oshape is not None and (len(oshape) != len(shape) or
                               oshape[axis] != n_out):
        raise ValueError("output array has wrong shape.")
    if not isinstance(out, _core.ndarray):
        raise TypeError("out must be a gpuarray.ndarray, got %s"
                        % type(out).__name__)
    if tuple(out.shape) != shape:
        raise ValueError(f"non-broadcastable output operand with shape "
                         f"{tuple(out.shape)} doesn't match the broadcast "
                         f"shape {shape}")
    if not _np.can_cast(loop_out, out.dtype, "same_kind"):
        _numpy_cast_error(name, loop_out, out.dtype)
        raise TypeError(f"Cannot cast ufunc '{name}' output from "
                        f"{loop_out!r} to {out.dtype!r} with casting rule "
                        "'same_kind'")
    if not out.flags.writeable:
        raise ValueError("output array is read-only")


def _numpy_cast_error(name, loop_out, out_dtype):
    """Raises NumPy's own exception (its UFuncTypeError subclass and
    message) for writing `name`'s loop output into out_dtype, by running
    numpy.fft on a 1-element dummy."""
    ct = _np.result_type(loop_out, 1j)
    rt = _np.dtype(ct.char.lower())
    if name in ("fft", "ifft"):
        getattr(_np.fft, name)(_np.ones(1, ct), out=_np.empty(1, out_dtype))
    elif name == "irfft":
        _np.fft.irfft(_np.ones(2, ct), n=2, out=_np.empty(2, out_dtype))
    else:
        n = 2 if name.endswith("even") else 1
        _np.fft.rfft(_np.ones(n, rt), out=_np.empty(n // 2 + 1, out_dtype))


def transform(a, steps, norm, out=None, scratch=False):
    """Runs NumPy's sequence of 1-D `steps` on gpuarray array a.
    scratch: a is a temporary the transform may overwrite."""
    shape, dtype, checked = tuple(a.shape), a.dtype, []
    for st in steps:
        info = _check_step(st, shape, dtype, norm, out if st.gets_out
                           else None)
        checked.append(info)
        shape, dtype = info[2], info[3]
    if not steps:
        return a
    axes = [c[0] for c in checked]
    if len(set(axes)) < len(axes):
        for st, c in zip(steps, checked):
            one = Step(c[1], c[0], st.is_real, st.is_forward, st.gets_out)
            a = _run(a, [one], [c], norm, out if st.gets_out else None,
                     scratch)
            scratch = True
        return a
    return _run(a, steps, checked, norm, out, scratch)


def as_input(a):
    """The transform's input: an ndarray stays on its own device (the
    transform runs where the data is, as ufuncs do); anything else is
    converted on the current device."""
    return a if isinstance(a, _core.ndarray) else _asarray_current(a)


def _run(a, steps, checked, norm, out, scratch):
    """The steps (distinct axes, one direction) as grouped library calls."""
    real = [st.is_real for st in steps]
    forward = steps[0].is_forward
    kind = (R2C if real[0] and forward else
            C2R if real[-1] and not forward else C2C)
    ct, rt, real_dtype = _types(a.dtype)
    # axes and logical sizes in NumPy's order, the real axis last
    order = list(range(len(steps)))
    if kind == R2C:
        order = order[1:] + order[:1]
    axes = [checked[i][0] for i in order]
    sizes = [checked[i][1] for i in order]
    in_sizes = list(sizes)
    if kind == C2R:
        in_sizes[-1] = sizes[-1] // 2 + 1
    res_shape = checked[-1][2]
    final_dtype = checked[-1][3]
    # computed in the first step's precision throughout (NumPy may drop
    # to out='s precision between steps: fft2(float64, out=complex64))
    loop_out = rt if kind == C2R else ct
    if 0 in res_shape:
        res = _core._empty_like(a, loop_out, "K", res_shape)
        return _deliver(res, out, final_dtype)
    x, fresh = _load(a, axes, in_sizes, rt if kind == R2C else ct)
    scratch = scratch or fresh
    groups = _groups(axes, kind)
    target = None
    if (out is not None and out.dtype == loop_out and
            out.device == a.device and not _overlap(out, a)):
        target = out
    # pocketfft scales on host, in the loop's precision; NumPy computes the
    # factor in the input's (float16 input: 1/n rounded to float16), so
    # then we scale afterwards, as on cuda
    exact = real_dtype == rt
    lib_norm = norm if exact else ("backward" if forward else "forward")
    for gi, (g, gkind) in enumerate(groups):
        last = gi == len(groups) - 1
        # new buffers in x's axis order, as NumPy's empty_like(a, shape=):
        # then input and output strides nest alike (no loops, no copies)
        if last:
            y = target if target is not None else _core._empty_like(
                x, loop_out, "K", res_shape)
        else:
            yshape = list(x.shape)
            if gkind == R2C:
                yshape[g[-1]] = x.shape[g[-1]] // 2 + 1
            y = _core._empty_like(x, ct, "K", tuple(yshape))
        on_host = _exec(x, y, g, gkind, forward, lib_norm, scratch)
        x, scratch = y, True
    if not (on_host and exact):
        fct = 1.0
        for c in checked:
            fct *= float(c[5])
        if fct != 1.0:
            _multiply(x, fct, out=x)
    if target is not None:
        return out
    return _deliver(x, out, final_dtype)


def _deliver(res, out, final_dtype):
    if out is not None:
        out[...] = res
        return out
    if res.dtype != final_dtype:
        return res.astype(final_dtype)
    return res


def _groups(axes, kind):
    """Library calls of <= 3 axes (1 when config.enable_nd_planning is
    off): [(axes tuple, kind)] in run order."""
    if not _config.enable_nd_planning:
        if kind == R2C:
            return [((axes[-1],), R2C)] + [((a,), C2C)
                                             for a in reversed(axes[:-1])]
        calls = [((a,), C2C) for a in reversed(axes)]
        if kind == C2R:
            calls = calls[1:] + [((axes[-1],), C2R)]
        return calls
    if kind == C2C:
        rest, first = axes, []
    else:
        rest, first = axes[:-3], [tuple(axes[-3:])]
    chunks = [tuple(rest[max(0, i - 3):i])
              for i in range(len(rest), 0, -3)]
    if kind == R2C:
        return [(first[0], R2C)] + [(c, C2C) for c in chunks]
    if kind == C2R:
        return [(c, C2C) for c in chunks] + [(first[0], C2R)]
    return [(c, C2C) for c in chunks]


def _overlap(p, q):
    """Whether the byte ranges of p and q overlap (a bounds test)."""
    ep, eq = _byte_extent(p), _byte_extent(q)
    if ep is None or eq is None:  # an empty array shares nothing
        return False
    return ep[0] < eq[1] and eq[0] < ep[1]


def _load(a, axes, sizes, dtype):
    """a cast to dtype, truncated or zero-padded to `sizes` along `axes`:
    (array, whether it is a fresh copy)."""
    shape = a.shape
    if a.dtype == dtype and all(shape[ax] == n for ax, n in zip(axes, sizes)):
        return a, False
    idx = [slice(None)] * a.ndim
    pad = cut = False
    for ax, n in zip(axes, sizes):
        if a.shape[ax] > n:
            idx[ax] = slice(0, n)
            cut = True
        elif a.shape[ax] < n:
            pad = True
    x = a[tuple(idx)] if cut else a
    if pad:
        shape = list(x.shape)
        for ax, n in zip(axes, sizes):
            shape[ax] = n
        buf = _zeros(tuple(shape), dtype, device=a.device)
        if x.size:
            buf[tuple(slice(0, d) for d in x.shape)] = x
        return buf, True
    if x.dtype != dtype:
        return x.astype(dtype), True
    return x, False


def _exec(x, y, g, kind, forward, norm, scratch, staged=False):
    """One library call of group g from x into y; True when it ran on host
    (pocketfft scaled it), False on cuda (unscaled).  Where the layout
    can't describe x and y (or cuFFT refuses to plan it), a group of
    several axes is split (the real axis alone, then the others in place
    in y), and a single axis is staged: both arrays in C order with the
    axis last (which always nests, cuFFT's plainest layout), y copied
    back."""
    if kind == C2R and not scratch and (CUDA_RULES or not _is_host(x)):
        x, scratch = x.copy(), True   # cuFFT's C2R overwrites its input
    layout = _core._fft_exec(x, y, g, kind, forward, staged)
    if layout is False and staged:
        raise RuntimeError("gpuarray.fft: no layout for the staged arrays "
                           "(a bug)")
    if layout is False and len(g) > 1:
        if kind == C2R:
            t = _core._empty_like(x, x.dtype, "K", tuple(x.shape))
            _exec(x, t, g[:-1], C2C, forward, norm, scratch)
            return _exec(t, y, g[-1:], C2R, forward, norm, True)
        on_host = _exec(x, y, g[-1:], kind, forward, norm, scratch)
        _exec(y, y, g[:-1], C2C, forward, norm, True)
        return on_host
    if layout is False:
        nd, r = x.ndim, len(g)
        tail = tuple(range(nd - r, nd))
        xs = _moveaxis(x, g, tail).copy(order="C")
        ys = _core._empty_like(xs, y.dtype, "C",
                               tuple(_moveaxis(y, g, tail).shape))
        on_host = _exec(xs, ys, tail, kind, forward, norm, True, True)
        y[...] = _moveaxis(ys, tail, g)
        return on_host
    if layout is None:
        return False
    if CUDA_RULES:
        _host.run(layout, x, y, forward, "backward" if forward else "forward")
        return False
    _host.run(layout, x, y, forward, norm)
    return True


def _is_host(x):
    return isinstance(x.device, _HostDevice)
