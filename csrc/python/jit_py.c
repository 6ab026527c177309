/* jit_py.c - the JIT's module-level functions: statistics, cache control
 * and `_elementwise`, the Python door to the elementwise engine that the
 * Python layer (where, clip, ElementwiseKernel) builds on.
 */
#include <limits.h>
#include "python/module_functions.h"
#include "jit/jit.h"
#include "runtime/host_threads.h"
#include "jit/precompiled.h"
#include "jit/ew.h"
#include "ops/elementwise.h"
#include "ops/reduce.h"
#include "ops/ufunc_defs.h"

PyObject *gpa_py_jit_stats(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    return Py_BuildValue("{s:K,s:K,s:K,s:K,s:K,s:n,s:i}", "compiles",
                         gpa_jit_counters.compiles, "disk_hits",
                         gpa_jit_counters.disk_hits, "precompiled_hits",
                         gpa_precompiled_hits, "memory_hits",
                         gpa_jit_counters.memory_hits, "disk_rejects",
                         gpa_jit_counters.disk_rejects, "kernels",
                         (Py_ssize_t)gpa_ew_cache_size(), "parallel_peak",
                         gpa_compile_parallel_peak);
}

/* _jit_defer(on) -> bool: this thread's deferral flag (Note [Parallel
 * compiles]); returns the old one. */
PyObject *gpa_py_jit_defer(PyObject *self, PyObject *on)
{
    GPA_UNUSED(self);
    int v = PyObject_IsTrue(on);
    if (v < 0)
        return NULL;
    return PyBool_FromLong(gpa_jit_defer(v));
}

/* _jit_compile_pending(jobs) -> {key: exception}: compiles the queue. */
PyObject *gpa_py_jit_compile_pending(PyObject *self, PyObject *jobs)
{
    GPA_UNUSED(self);
    long j = PyLong_AsLong(jobs);
    if (j == -1 && PyErr_Occurred())
        return NULL;
    if (j < 1 || j > 256) {
        PyErr_SetString(PyExc_ValueError,
                        "_jit_compile_pending: jobs must be in 1..256");
        return NULL;
    }
    return gpa_jit_compile_pending((int)j);
}

/* _jit_pending(discard=False) -> (queued, raised): the queue's length
 * (emptied with discard) and how many _DeferredCompile were raised so
 * far (a call that turned one into another exception, or swallowed it,
 * still counts). */
PyObject *gpa_py_jit_pending(PyObject *self, PyObject *args)
{
    int discard = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "|p:_jit_pending", &discard))
        return NULL;
    unsigned long long raised = 0;
    size_t n = gpa_jit_pending(&raised);
    if (discard)
        gpa_jit_discard_pending();
    return Py_BuildValue("(nK)", (Py_ssize_t)n, raised);
}

PyObject *gpa_py_clear_kernel_cache(PyObject *self, PyObject *noargs)
{
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    gpa_ew_cache_clear();
    Py_RETURN_NONE;
}

/* _elementwise(body, inputs, outputs, loop_types, preamble=None):
 * inputs are gpuarray arrays or scalars, outputs arrays of one shape,
 * loop_types one dtype per operand (what the body's in*_t/out*_t are). */
PyObject *gpa_py_elementwise(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"body", "inputs", "outputs", "loop_types",
                             "preamble", NULL};
    const char *body, *preamble = NULL;
    PyObject *ins, *outs, *types;
    gpa_ew_operand ops[GPA_EW_MAXARGS];
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sO!O!O|z:_elementwise",
                                     kwlist, &body, &PyTuple_Type, &ins,
                                     &PyTuple_Type, &outs, &types, &preamble))
        return NULL;
    Py_ssize_t nin = PyTuple_GET_SIZE(ins), nout = PyTuple_GET_SIZE(outs);
    if (nout < 1 || nin + nout > GPA_EW_MAXARGS ||
        PySequence_Size(types) != nin + nout) {
        PyErr_SetString(PyExc_ValueError,
                        "_elementwise: need 1+ outputs, at most 16 operands "
                        "and one loop type per operand");
        return NULL;
    }
    memset(ops, 0, sizeof ops);
    for (Py_ssize_t k = 0; k < nin + nout; k++) {
        PyObject *t = PySequence_GetItem(types, k);
        PyArray_Descr *d = t ? gpa_descr_from_obj(t) : NULL;
        Py_XDECREF(t);
        if (d == NULL)
            return NULL;
        ops[k].loop_type = d->type_num;
        PyObject *o = k < nin ? PyTuple_GET_ITEM(ins, k)
                              : PyTuple_GET_ITEM(outs, k - nin);
        if (gpa_array_check(o)) {
            ops[k].arr = (gpa_array *)o;
            /* Note [Datetime storage]: a datetime operand is read as its
             * int64 storage, so its unit must be the loop's */
            if (gpa_type_is_datetime(d->type_num) &&
                !PyArray_EquivTypes(d, ops[k].arr->descr)) {
                PyErr_Format(PyExc_TypeError,
                             "_elementwise: operand %zd is %R, its loop type "
                             "%R (convert datetime units first)", k,
                             (PyObject *)ops[k].arr->descr, (PyObject *)d);
                Py_DECREF(d);
                return NULL;
            }
        } else if (k >= nin) {
            PyErr_SetString(PyExc_TypeError,
                            "_elementwise: outputs must be gpuarray arrays");
            Py_DECREF(d);
            return NULL;
        } else if (gpa_scalar_to_value(o, ops[k].loop_type,
                                       ops[k].value.bytes) < 0) {
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(d);
    }
    for (Py_ssize_t k = nin + 1; k < nin + nout; k++) {
        gpa_array *a = ops[k].arr, *o0 = ops[nin].arr;
        if (a->nd != o0->nd ||
            memcmp(a->shape, o0->shape, (size_t)a->nd * sizeof(Py_ssize_t))) {
            PyErr_SetString(PyExc_ValueError,
                            "_elementwise: outputs must have one shape");
            return NULL;
        }
    }
    if (gpa_ew_run(body, preamble, (int)nin, (int)nout, ops) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* The benchmark knobs of _tune: where each lives, its range, and whether
 * it changes kernel text (then the compiled scan/reduce modules go). */
static const struct {
    const char *name;
    int *value;
    int lo, hi, text;
} tune_knobs[] = {
    {"ew_blocks_per_sm", &gpa_ew_blocks_per_sm, 0, INT_MAX, 0}, /* 0: no cap */
    {"host_parallel_kib", &gpa_host_parallel_kib, -1, INT_MAX, 0}, /* -1 auto */
    {"red_row_blocks_per_sm", &gpa_red_row_blocks_per_sm, 1, INT_MAX, 0},
    {"red_col_blocks_per_sm", &gpa_red_col_blocks_per_sm, 1, INT_MAX, 0},
    {"red_ldg", &gpa_red_ldg, 0, 2, 1},
    {"scan_min_blocks", &gpa_scan_min_blocks, 0, 64, 1},
    {"scan_items", &gpa_scan_items, 0, 64, 1},
    {"scan_pair", &gpa_scan_pair, 0, 64, 1},
    {"scan_backoff", &gpa_scan_backoff, 0, 100000, 1},
    {"scan_vec", &gpa_scan_vec, 0, 64, 1},
    {"scan_skip", &gpa_scan_skip, 0, 64, 1},
    {"scan_tma", &gpa_scan_tma, 0, 1, 1},
};

/* _tune(name, value) -> previous value: launch parameters and kernel
 * variants for benchmarks (tune_knobs above). */
PyObject *gpa_py_tune(PyObject *self, PyObject *args)
{
    const char *name;
    int value;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "si:_tune", &name, &value))
        return NULL;
    for (size_t k = 0; k < sizeof tune_knobs / sizeof tune_knobs[0]; k++) {
        if (strcmp(name, tune_knobs[k].name) != 0)
            continue;
        if (value < tune_knobs[k].lo || value > tune_knobs[k].hi) {
            PyErr_Format(PyExc_ValueError, "%s must be in %d..%d", name,
                         tune_knobs[k].lo, tune_knobs[k].hi);
            return NULL;
        }
        int old = *tune_knobs[k].value;
        *tune_knobs[k].value = value;
        if (tune_knobs[k].text)
            gpa_red_cache_clear(); /* the kernel text changed */
        return PyLong_FromLong(old);
    }
    PyErr_Format(PyExc_ValueError, "unknown tuning parameter '%s'", name);
    return NULL;
}

/* _ew_source(body, mem_types, loop_types, nin, ndim=0, vec=1,
 *            index64=False, name="gpa_ew") -> str: the CUDA text the
 * elementwise engine generates for that spec (no prelude), for tests that
 * compile the real generated kernels with NVRTC and for debugging. */
PyObject *gpa_py_ew_source(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"body", "mem_types", "loop_types", "nin", "ndim",
                             "vec", "index64", "name", NULL};
    const char *body, *name = "gpa_ew";
    PyObject *mem, *loop;
    int nin, ndim = 0, vec = 1, index64 = 0;
    gpa_ew_spec spec;
    gpa_strbuf b = {0};
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "sOOi|iips:_ew_source", kwlist,
                                     &body, &mem, &loop, &nin, &ndim, &vec,
                                     &index64, &name))
        return NULL;
    Py_ssize_t n = PySequence_Size(mem);
    if (n < 0)
        return NULL;
    if (n > GPA_EW_MAXARGS || n <= nin || PySequence_Size(loop) != n) {
        PyErr_SetString(PyExc_ValueError,
                        "_ew_source: one memory and one loop type per "
                        "operand, at least one output");
        return NULL;
    }
    memset(&spec, 0, sizeof spec);
    spec.body = body;
    spec.nin = nin;
    spec.nout = (int)n - nin;
    spec.ndim = ndim;
    spec.vec = vec;
    spec.index64 = index64;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *m = PySequence_GetItem(mem, k), *l = PySequence_GetItem(loop, k);
        PyArray_Descr *dm = m ? gpa_descr_from_obj(m) : NULL;
        PyArray_Descr *dl = l ? gpa_descr_from_obj(l) : NULL;
        Py_XDECREF(m);
        Py_XDECREF(l);
        if (dm == NULL || dl == NULL) {
            Py_XDECREF(dm);
            Py_XDECREF(dl);
            return NULL;
        }
        spec.mem_type[k] = dm->type_num;
        spec.loop_type[k] = dl->type_num;
        Py_DECREF(dm);
        Py_DECREF(dl);
    }
    gpa_ew_source(&spec, name, &b);
    if (b.failed)
        return NULL;
    PyObject *r = PyUnicode_FromString(b.s);
    gpa_sb_free(&b);
    return r;
}

/* _ufunc_body(name, typechar) -> str or None: the body the ufunc table
 * gives a loop whose first input has NumPy type char `typechar`. */
PyObject *gpa_py_ufunc_body(PyObject *self, PyObject *args)
{
    const char *name, *tc;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "ss:_ufunc_body", &name, &tc))
        return NULL;
    const gpa_ufunc_def *def = gpa_ufunc_def_find(name);
    const char *body = def ? gpa_ufunc_def_body(def, tc[0]) : NULL;
    if (body == NULL)
        Py_RETURN_NONE;
    return PyUnicode_FromString(body);
}

int gpa_jit_module_init(PyObject *module)
{
    PyObject *base = PyExc_RuntimeError;
    gpa_CompileError = PyErr_NewExceptionWithDoc(
        "gpuarray.CompileError",
        "A generated kernel failed to compile; .log holds the compiler's "
        "messages and .source the kernel.", base, NULL);
    if (gpa_CompileError == NULL)
        return -1;
    if (PyModule_AddObjectRef(module, "CompileError", gpa_CompileError) < 0)
        return -1;
    gpa_DeferredCompile = PyErr_NewExceptionWithDoc(
        "gpuarray._core._DeferredCompile",
        "Raised, with compiles deferred (_jit_defer), by a call that needs "
        "a kernel that is not compiled yet; args[0] is its key.  A "
        "BaseException: no fallback path may swallow it.",
        PyExc_BaseException, NULL);
    if (gpa_DeferredCompile == NULL)
        return -1;
    return PyModule_AddObjectRef(module, "_DeferredCompile",
                                 gpa_DeferredCompile);
}
