/* ufunc_type.c - the gpuarray.ufunc type: construction from the body
 * table, attributes mirroring NumPy's, and __call__'s argument parsing.
 */
#include "ops/ufunc.h"
#include "util.h"
#include "hooks.h"

PyTypeObject *gpa_ufunc_type;
static PyObject *ufunc_registry; /* name -> gpa_ufunc */

gpa_ufunc *gpa_ufunc_get(const char *name)
{
    PyObject *u = ufunc_registry ? PyDict_GetItemString(ufunc_registry, name)
                                 : NULL;
    return (gpa_ufunc *)u;
}

static int parse_casting(PyObject *obj, NPY_CASTING *casting)
{
    if (obj == NULL || obj == Py_None) {
        *casting = NPY_SAME_KIND_CASTING;
        return 0;
    }
    return PyArray_CastingConverter(obj, casting) ? 0 : -1;
}

/* signature= is handed to NumPy's resolve_dtypes as it is (tuple or
 * "ii->d"), which raises NumPy's errors for a bad one; only its type is
 * checked here, as NumPy's __call__ does.  *sig is borrowed. */
static int parse_signature(PyObject *value, PyObject **sig)
{
    if (value == Py_None) {
        *sig = NULL;
        return 0;
    }
    if (!PyTuple_Check(value) && !PyUnicode_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "the signature object to ufunc "
                                         "must be a string or a tuple.");
        return -1;
    }
    *sig = value;
    return 0;
}

/* Note [Overriding out=]: an out= operand that overrides (a fusion
 * tracer: gp.add(x, y, out=z) inside gpuarray.fuse) hands the call to
 * the overriding operands, inputs first, then outputs, as NumPy does;
 * out= reaches them as a tuple (positional outputs too).  New
 * reference; NULL with an exception, NumPy's TypeError where every one
 * returns NotImplemented. */
static PyObject *out_override(gpa_ufunc *uf, const gpa_ufunc_args *a,
                              PyObject *const *pos_out, PyObject *kw)
{
    PyObject *args = NULL, *kwargs = NULL, *outs = NULL, *r = NULL;
    int nin = uf->nin, nout = uf->nout;
    args = gpa_ufunc_override_args(uf, a->in, nin);
    if (args == NULL)
        goto fail;
    outs = PyTuple_New(nout);
    if (outs == NULL)
        goto fail;
    for (int o = 0; o < nout; o++)
        PyTuple_SET_ITEM(outs, o, Py_NewRef(pos_out[o] ? pos_out[o]
                                                       : Py_None));
    kwargs = kw ? PyDict_Copy(kw) : PyDict_New();
    if (kwargs == NULL || PyDict_SetItemString(kwargs, "out", outs) < 0)
        goto fail;
    for (int k = 0; k < nin + nout; k++) {
        PyObject *obj = k < nin ? a->in[k] : PyTuple_GET_ITEM(outs, k - nin);
        if (!gpa_ufunc_overrides(obj))
            continue;
        PyObject *bound = PyObject_GetAttrString(obj, "__array_ufunc__");
        if (bound == NULL)
            goto fail;
        r = PyObject_Call(bound, args, kwargs);
        Py_DECREF(bound);
        if (r != Py_NotImplemented)
            goto fail; /* a result, or NULL with its exception */
        Py_CLEAR(r);
    }
    PyErr_Format(PyExc_TypeError,
                 "operand type(s) all returned NotImplemented from "
                 "__array_ufunc__(%R, '__call__', ...)", (PyObject *)uf);
fail:
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    Py_XDECREF(outs);
    return r;
}

/* __call__(*inputs, *outputs, out=None, where=True, dtype=None,
 *          casting='same_kind', order='K', subok=True) */
static PyObject *ufunc_call(gpa_ufunc *uf, PyObject *args, PyObject *kw)
{
    gpa_ufunc_args a;
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    memset(&a, 0, sizeof a);
    a.nin = uf->nin;
    a.nout = uf->nout;
    a.casting = NPY_SAME_KIND_CASTING;
    a.order = 'K';
    int sig_given = 0;
    PyObject *dtype_ref = NULL; /* owned: a datetime dtype= */
    PyObject *r = NULL;
    if (n < uf->nin || n > uf->nin + uf->nout) {
        PyErr_Format(PyExc_TypeError,
                     "%U() takes from %d to %d positional arguments but %zd "
                     "were given", uf->name, uf->nin, uf->nin + uf->nout, n);
        goto fail;
    }
    for (int i = 0; i < uf->nin; i++)
        a.in[i] = PyTuple_GET_ITEM(args, i);
    PyObject *pos_out[GPA_EW_MAXARGS] = {0};
    for (Py_ssize_t i = uf->nin; i < n; i++)
        pos_out[i - uf->nin] = PyTuple_GET_ITEM(args, i);

    if (kw != NULL) {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(kw, &pos, &key, &value)) {
            const char *k = PyUnicode_AsUTF8(key);
            if (k == NULL)
                goto fail;
            if (strcmp(k, "out") == 0) {
                if (n > uf->nin) {
                    PyErr_SetString(PyExc_TypeError,
                                    "cannot specify 'out' as both a "
                                    "positional and keyword argument");
                    goto fail;
                }
                if (PyTuple_Check(value)) {
                    if (PyTuple_GET_SIZE(value) != uf->nout) {
                        PyErr_SetString(PyExc_ValueError,
                                        "The 'out' tuple must have exactly "
                                        "one entry per ufunc output");
                        goto fail;
                    }
                    for (int o = 0; o < uf->nout; o++)
                        pos_out[o] = PyTuple_GET_ITEM(value, o);
                } else if (value != Py_None) {
                    if (uf->nout != 1) {
                        PyErr_SetString(PyExc_TypeError,
                                        "'out' must be a tuple of arrays");
                        goto fail;
                    }
                    pos_out[0] = value;
                }
            } else if (strcmp(k, "where") == 0) {
                a.where = value;
            } else if (strcmp(k, "dtype") == 0) {
                if (value != Py_None) {
                    a.dtype = gpa_descr_from_obj(value);
                    if (a.dtype == NULL)
                        goto fail;
                    /* canonical descrs are immortal; a datetime one may
                     * not be: `value` (or NumPy's cache) keeps it alive */
                    if (gpa_type_is_datetime(a.dtype->type_num))
                        dtype_ref = (PyObject *)a.dtype;
                    else
                        Py_DECREF(a.dtype);
                }
            } else if (strcmp(k, "casting") == 0) {
                if (parse_casting(value, &a.casting) < 0)
                    goto fail;
            } else if (strcmp(k, "order") == 0) {
                if (gpa_parse_order(value, "CFAK", 'K', &a.order) < 0)
                    goto fail;
            } else if (strcmp(k, "signature") == 0 || strcmp(k, "sig") == 0) {
                if (parse_signature(value, &a.signature) < 0)
                    goto fail;
                sig_given = 1;
            } else if (strcmp(k, "subok") == 0) {
                /* a bool, nothing else, as NumPy checks; False keeps the
                 * results plain (Note [Subclass results]) */
                if (!PyBool_Check(value)) {
                    PyErr_SetString(PyExc_TypeError,
                                    "'subok' must be a boolean");
                    goto fail;
                }
                a.no_subok = value == Py_False;
            } else {
                PyErr_Format(PyExc_TypeError,
                             "%U() got an unexpected keyword argument '%s'",
                             uf->name, k);
                goto fail;
            }
        }
    }
    if (sig_given && a.dtype != NULL) {
        PyErr_SetString(PyExc_TypeError,
                        "cannot specify both 'signature' and 'dtype'");
        goto fail;
    }
    int overriding_out = 0;
    for (int o = 0; o < uf->nout; o++) {
        PyObject *v = pos_out[o];
        if (v == NULL || v == Py_None)
            continue;
        if (gpa_ufunc_overrides(v)) { /* Note [Overriding out=] */
            overriding_out = 1;
            continue;
        }
        if (!gpa_array_check(v)) {
            PyErr_SetString(PyExc_TypeError,
                            "return arrays must be of gpuarray.ndarray type");
            goto fail;
        }
        a.out[o] = (gpa_array *)v;
    }
    a.kwargs = kw;
    if (overriding_out)
        r = out_override(uf, &a, pos_out, kw);
    else
        r = gpa_ufunc_apply(uf, &a, 0);
fail:
    Py_XDECREF(dtype_ref);
    return r;
}

static void ufunc_dealloc(gpa_ufunc *uf)
{
    PyTypeObject *tp = Py_TYPE(uf);
    Py_XDECREF(uf->np_ufunc);
    Py_XDECREF(uf->name);
    tp->tp_free((PyObject *)uf);
    Py_DECREF(tp);
}

static PyObject *ufunc_repr(gpa_ufunc *uf)
{
    return PyUnicode_FromFormat("<gpuarray.ufunc '%U'>", uf->name);
}

static PyObject *get_nin(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromLong(uf->nin);
}

static PyObject *get_nout(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromLong(uf->nout);
}

static PyObject *get_nargs(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    return PyLong_FromLong(uf->nin + uf->nout);
}

static PyObject *get_name(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    return Py_NewRef(uf->name);
}

/* NumPy's loops restricted to the dtypes gpuarray supports. */
static PyObject *get_types(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    PyObject *all = PyObject_GetAttrString(uf->np_ufunc, "types");
    PyObject *out = all ? PyList_New(0) : NULL;
    if (out == NULL) {
        Py_XDECREF(all);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(all); i++) {
        PyObject *t = PyList_GET_ITEM(all, i);
        const char *s = PyUnicode_AsUTF8(t);
        int ok = s != NULL;
        for (const char *p = s; ok && *p; p++)
            if (*p != '-' && *p != '>' && !strchr("?bBhHiIlLqQefdFD", *p))
                ok = 0;
        if (ok && PyList_Append(out, t) < 0) {
            Py_DECREF(all);
            Py_DECREF(out);
            return NULL;
        }
    }
    Py_DECREF(all);
    return out;
}

static PyObject *get_ntypes(gpa_ufunc *uf, void *c)
{
    PyObject *t = get_types(uf, c);
    if (t == NULL)
        return NULL;
    PyObject *r = PyLong_FromSsize_t(PyList_GET_SIZE(t));
    Py_DECREF(t);
    return r;
}

static PyObject *get_from_numpy(gpa_ufunc *uf, const char *attr)
{
    return PyObject_GetAttrString(uf->np_ufunc, attr);
}

static PyObject *get_identity(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    return get_from_numpy(uf, "identity");
}

static PyObject *get_signature(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(uf); GPA_UNUSED(c);
    Py_RETURN_NONE;
}

static PyObject *get_doc(gpa_ufunc *uf, void *c)
{
    GPA_UNUSED(c);
    return get_from_numpy(uf, "__doc__");
}

static PyGetSetDef ufunc_getset[] = {
    {"nin", (getter)get_nin, NULL, NULL, NULL},
    {"nout", (getter)get_nout, NULL, NULL, NULL},
    {"nargs", (getter)get_nargs, NULL, NULL, NULL},
    {"__name__", (getter)get_name, NULL, NULL, NULL},
    {"types", (getter)get_types, NULL, NULL, NULL},
    {"ntypes", (getter)get_ntypes, NULL, NULL, NULL},
    {"identity", (getter)get_identity, NULL, NULL, NULL},
    {"signature", (getter)get_signature, NULL, NULL, NULL},
    {"__doc__", (getter)get_doc, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

/* Methods (reduce, accumulate, outer, at) are Python functions
 * registered as hooks "ufunc.<method>", called with the ufunc first. */
static PyObject *call_method_hook(gpa_ufunc *uf, const char *method,
                                  PyObject *args, PyObject *kw)
{
    char name[64];
    snprintf(name, sizeof name, "ufunc.%s", method);
    return gpa_hook_call(name, (PyObject *)uf, args, kw);
}

#define UFUNC_METHOD(m)                                                   \
    static PyObject *ufunc_##m(gpa_ufunc *uf, PyObject *args, PyObject *kw) \
    {                                                                     \
        return call_method_hook(uf, #m, args, kw);                        \
    }
UFUNC_METHOD(reduce)
UFUNC_METHOD(accumulate)
UFUNC_METHOD(outer)
UFUNC_METHOD(at)
UFUNC_METHOD(reduceat)

static PyMethodDef ufunc_methods[] = {
    {"reduce", (PyCFunction)(void (*)(void))ufunc_reduce,
     METH_VARARGS | METH_KEYWORDS, "reduce along axes"},
    {"accumulate", (PyCFunction)(void (*)(void))ufunc_accumulate,
     METH_VARARGS | METH_KEYWORDS, "running results along an axis"},
    {"outer", (PyCFunction)(void (*)(void))ufunc_outer,
     METH_VARARGS | METH_KEYWORDS, "apply to all pairs"},
    {"at", (PyCFunction)(void (*)(void))ufunc_at,
     METH_VARARGS | METH_KEYWORDS, "unbuffered in place at indices"},
    {"reduceat", (PyCFunction)(void (*)(void))ufunc_reduceat,
     METH_VARARGS | METH_KEYWORDS, "reduce over slices"},
    {NULL, NULL, 0, NULL},
};

static PyObject *new_ufunc(const gpa_ufunc_def *def)
{
    PyObject *np_uf = PyObject_GetAttrString(gpa_numpy, def->name);
    if (np_uf == NULL) {
        PyErr_Clear(); /* not in this NumPy: skip it */
        return Py_NewRef(Py_None);
    }
    gpa_ufunc *uf = (gpa_ufunc *)gpa_ufunc_type->tp_alloc(gpa_ufunc_type, 0);
    if (uf == NULL) {
        Py_DECREF(np_uf);
        return NULL;
    }
    uf->def = def;
    uf->np_ufunc = np_uf;
    uf->nin = def->nin;
    uf->nout = def->nout;
    uf->name = PyUnicode_FromString(def->name);
    if (uf->name == NULL) {
        Py_DECREF(uf);
        return NULL;
    }
    return (PyObject *)uf;
}

int gpa_ufunc_module_init(PyObject *module)
{
    PyType_Slot slots[] = {
        {Py_tp_dealloc, ufunc_dealloc},
        {Py_tp_call, ufunc_call},
        {Py_tp_repr, ufunc_repr},
        {Py_tp_getset, ufunc_getset},
        {Py_tp_methods, ufunc_methods},
        {Py_tp_doc, "gpuarray.ufunc: a universal function (add, sin, ...) "
                    "that runs elementwise on the device, with NumPy's "
                    "out=, where=, dtype=, casting= and its reduce, "
                    "accumulate, reduceat, outer and at."},
        {0, NULL},
    };
    PyType_Spec spec = {
        .name = "gpuarray.ufunc",
        .basicsize = sizeof(gpa_ufunc),
        .flags = Py_TPFLAGS_DEFAULT,
        .slots = slots,
    };
    PyObject *type = PyType_FromModuleAndSpec(module, &spec, NULL);
    if (type == NULL)
        return -1;
    gpa_ufunc_type = (PyTypeObject *)type;
    if (PyModule_AddObjectRef(module, "ufunc", type) < 0)
        return -1;
    ufunc_registry = PyDict_New();
    if (ufunc_registry == NULL)
        return -1;
    for (int i = 0; i < gpa_ufunc_ndefs; i++) {
        const gpa_ufunc_def *def = &gpa_ufunc_defs[i];
        if (def->name[0] == '_')
            continue; /* internal bodies, not NumPy ufuncs */
        PyObject *uf = new_ufunc(def);
        if (uf == NULL)
            return -1;
        if (uf != Py_None &&
            PyDict_SetItemString(ufunc_registry, def->name, uf) < 0) {
            Py_DECREF(uf);
            return -1;
        }
        Py_DECREF(uf);
    }
    return PyModule_AddObjectRef(module, "ufuncs", ufunc_registry);
}
