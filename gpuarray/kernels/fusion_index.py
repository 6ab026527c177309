"""Indexing inside `gpuarray.fuse`: `x[idx]` reads and `x[idx] = v`
writes (docs/design/fusion_indexing.md).

Note [Fusion indexing]: an index is not compiled into the kernel.  The
trace records it as a step that gpuarray's own indexing runs when the
program runs, on the real arrays, so every index NumPy takes (ints,
slices, None, Ellipsis, integer and boolean arrays -- traced values
too) gives NumPy's result, shape and IndexError, whatever the
arguments' shapes: one trace serves all shapes, as before.

- A read `x[idx]` is a view step run just before the kernel of the stage
  that uses it; the view is a kernel input (broadcast as any input), so
  `x + x[0] + y[1]` stays one kernel.  Where x (or an array in idx) is
  computed by the current stage, the stage ends first and exports it.
- A write `x[idx] = v` is a store step between two stages: the stage
  before computes what the store needs and ends, the store writes into
  the array that holds x's value, the next stage reads it from memory.
  A view shares memory as in NumPy, so reads and writes through views
  see each other in program order.
- `x[...] = v` on an array argument is a fused write (Note [Fusion
  writes]) with setitem's unsafe cast, unless a view of that argument
  was taken: then it is a store, so the view sees it.
"""
import numpy as _np


class _Ref:
    """A traced value inside an index: its source in the program."""

    __slots__ = ("src",)

    def __init__(self, src):
        self.src = src


def _tracers(index, kind):
    """The traced values in an index (itself, or inside tuples and
    lists)."""
    if isinstance(index, kind):
        return [index]
    if isinstance(index, (tuple, list)):
        return [t for item in index for t in _tracers(item, kind)]
    return []


def template(index, trace, kind):
    """The index with each traced value replaced by a _Ref to it."""
    if isinstance(index, kind):
        return _Ref(trace.need(index))
    if isinstance(index, tuple):
        return tuple(template(i, trace, kind) for i in index)
    if isinstance(index, list):
        return [template(i, trace, kind) for i in index]
    return index


def concrete(template, value):
    """The index a template stands for when the program runs."""
    if isinstance(template, _Ref):
        return value(template.src)
    if isinstance(template, tuple):
        return tuple(concrete(i, value) for i in template)
    if isinstance(template, list):
        return [concrete(i, value) for i in template]
    return template


def _no_item_assignment(x):
    if hasattr(x, "weak"):   # a Python-scalar tracer
        name = x.weak.__name__
    elif x.step < 0 and not getattr(x, "array", False):
        name = "numpy." + x.dtype.type.__name__
    else:
        return
    raise TypeError("'%s' object does not support item assignment" % name)


def _root(x):
    """The argument whose memory x is (or views), None for a value the
    program computed."""
    if x.step < 0 and getattr(x, "array", False):
        return x.arg
    return getattr(x, "root", None) if x.view else None


def index(trace, x, idx, var):
    """x[idx] of traced value x: a view step (Note [Fusion indexing]);
    var: the tracer class."""
    if hasattr(x, "weak"):   # a Python-scalar tracer
        raise TypeError("'%s' object is not subscriptable" % x.weak.__name__)
    # a value the current stage computes is in memory only after it
    here = len(trace.steps) - 1
    if any(t.step == here and not t.view for t in [x] + _tracers(idx, var)):
        trace.end_stage()
    src = trace.need(x)
    tpl = template(idx, trace, var)
    name = trace.fresh("x")
    trace.stage.pre.append(("view", name, src, tpl))
    v = var(trace, name, x.dtype)
    v.view = True
    v.root = _root(x)
    if v.root is not None:
        trace.viewed.add(v.root)
    return v


def _full(idx):
    return idx is Ellipsis or type(idx) is tuple and len(idx) == 1 and \
        idx[0] is Ellipsis


def store(trace, x, idx, value, var):
    """x[idx] = value (Note [Fusion indexing]); var: the tracer class."""
    _no_item_assignment(x)
    target = x.arg if x.step < 0 else getattr(x, "target", None)
    fusable = isinstance(value, var) or isinstance(
        value, (bool, int, float, complex, _np.generic))
    if _full(idx) and fusable and not x.view and \
            target not in trace.viewed:
        if isinstance(value, (bool, int, float, complex, _np.generic)):
            # setitem's conversion: NumPy's value (and OverflowError)
            value = _np.array(value, dtype=x.dtype)[()]
        # the value takes x's shape: x is in the loop
        x._assign(value, casting="unsafe", keep_shape=True)
        return
    write_step(trace, x, idx, value, var)


def write_step(trace, x, idx, value, var):
    """x[idx] = value as a store after the current stage's kernel."""
    target = trace.need(x)
    tpl = template(idx, trace, var)
    src = trace.need(value) if isinstance(value, var) else ("value", value)
    trace.steps.append(("store", target, tpl, src))
    trace.end_stage()


def run_view(step, value, env):
    _, name, src, tpl = step
    env[name] = value(src)[concrete(tpl, value)]


def run_store(step, value):
    _, target, tpl, src = step
    value(target)[concrete(tpl, value)] = value(src)
