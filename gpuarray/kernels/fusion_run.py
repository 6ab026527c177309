"""Running a traced `gpuarray.fuse` program: the stage kernels, the
reductions and index steps between them, the writes back to arguments
(Notes [Fusion stages], [Fusion writes], [Fusion indexing] in fusion.py
and fusion_index.py; Note [Fusion shapes] below)."""
import numpy as _np

from .. import _core
from .._core import ndarray
from .elementwise import ElementwiseKernel
from .fusion_index import run_store, run_view
from ..math import extrema as _extrema
from ..math import sums as _sums


def stage_kernel(stage, name):
    outs = list(stage.exports.items())
    in_params = ", ".join("%s %s" % (dt.name, n)
                          for n, dt, _ in stage.params)
    out_params = ", ".join("%s o_%s" % (dt.name, n) for n, dt in outs)
    body = "\n".join(stage.lines + ["o_%s = %s;" % (n, n)
                                     for n, _ in outs])
    # a C identifier, as ElementwiseKernel asks ("<lambda>" is a name too)
    name = "".join(c if c.isalnum() or c == "_" else "_" for c in name)
    if not name or name[0].isdigit():
        name = "fused_" + name
    kernel = ElementwiseKernel(in_params, out_params, body, name,
                               return_tuple=True)
    # Note [Fusion shapes]: the inputs each output's shape comes from,
    # None where that is all of them (the loop's shape)
    names = [n for n, _, _ in stage.params]
    arrays = {n for n, _, src in stage.params if src[0] != "value"}
    shapes = []
    for n, _ in outs:
        deps = stage.deps.get(n, frozenset(names))
        shapes.append(None if deps >= arrays else
                      [k for k, p in enumerate(names) if p in deps])
    return ("kernel", kernel, [src for _, _, src in stage.params],
            [n for n, _ in outs], shapes)


_REDUCE = {"sum": _sums.sum, "prod": _sums.prod, "max": _extrema.max,
           "min": _extrema.min}


def run(program, args):
    steps, names, single, writes = program
    env = {}

    def value(src):
        kind, v = src
        return args[v] if kind == "arg" else env[v] if kind == "var" else v

    for step in steps:
        if step[0] == "kernel":
            _, kernel, sources, outs, shapes = step
            inputs = [value(src) for src in sources]
            if not any(isinstance(x, ndarray) for x in inputs):
                raise TypeError("gpuarray.fuse: needs at least one array "
                                "argument")
            for n, r, deps in zip(outs, _launch(kernel, inputs, shapes),
                                  shapes):
                env[n] = r if deps is None else _shrink(
                    r, [inputs[k] for k in deps])
        elif step[0] == "view":
            run_view(step, value, env)
        elif step[0] == "store":
            run_store(step, value)
        else:
            _, fname, src, axis, dtype, keepdims, name = step
            kw = {} if dtype is None else {"dtype": dtype}
            env[name] = _REDUCE[fname](value(src), axis=axis,
                                       keepdims=keepdims, **kw)
    for i, n in writes.items():   # Note [Fusion writes]
        args[i][...] = env[n]
    if single is None:
        return None
    res = tuple(env[n] for n in names)
    return res[0] if single else res


# Note [Fusion shapes]: a stage's kernel runs over the broadcast shape of
# all its inputs, and every output has that shape; a value computed from
# only some of them (x[0] * 2 beside x + 1) has the smaller broadcast
# shape of those, as NumPy gives it: its output is cut down to the first
# of the repeated copies (a view), found from the inputs' shapes when
# the program runs, so one trace still serves all shapes.

def _launch(kernel, inputs, shapes):
    """The stage kernel's outputs.  Where its inputs do not broadcast
    together but each output's own do (x[0] + 1 beside y[:, 0]), it
    runs once per group of outputs of one shape, every other array
    input a 0-d one (the same kernel; what those give is not kept)."""
    try:
        return kernel(*inputs)
    except ValueError:
        try:
            _np.broadcast_shapes(*(_np.shape(x) for x in inputs))
        except ValueError:
            if None in shapes:
                raise
        else:
            raise
    res = [None] * len(shapes)
    for deps in shapes:
        if res[shapes.index(deps)] is not None:
            continue
        args = [x if k in deps or not isinstance(x, ndarray) else
                _core.full((), 1, x.dtype) for k, x in enumerate(inputs)]
        for j, r in enumerate(kernel(*args)):
            if shapes[j] == deps:
                res[j] = r
    return res


def _shrink(out, inputs):
    shape = _np.broadcast_shapes(*(_np.shape(x) for x in inputs))
    if shape == out.shape:
        return out
    lead = out.ndim - len(shape)
    return out[(0,) * lead + tuple(
        slice(0, 1) if s == 1 else slice(None)
        for s in shape)]
