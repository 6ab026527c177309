/* ufunc_resolve.c - which loop a ufunc call runs.
 *
 * Note [Type resolution]: NumPy decides.  For inputs of given dtypes (and
 * Python scalars, weak in NumPy 2) we ask numpy's ufunc.resolve_dtypes for
 * the loop's dtypes, so results match the NumPy that is installed,
 * including its errors (UFuncTypeError for no matching loop).  The answer
 * is cached per ufunc in a small table keyed by the input codes, the
 * dtype= argument and the casting rule: a warm call does no Python work.
 */
#include "ops/ufunc.h"

static const char *casting_name(NPY_CASTING c)
{
    switch (c) {
    case NPY_NO_CASTING: return "no";
    case NPY_EQUIV_CASTING: return "equiv";
    case NPY_SAFE_CASTING: return "safe";
    case NPY_UNSAFE_CASTING: return "unsafe";
    default: return "same_kind";
    }
}

/* The loop-type char used in the body table ('l' for int64, ...). */
static char type_char(int type_num)
{
    PyArray_Descr *d = gpa_descr_from_type(type_num);
    char c = d ? d->type : '?';
    Py_XDECREF(d);
    return c;
}

static const char *find_body(const gpa_ufunc_def *def, int first_type)
{
    char c = type_char(first_type);
    for (int i = 0; i < 6 && def->bodies[i].body; i++) {
        const char *kinds = def->bodies[i].kinds;
        if (kinds[0] == '\0' || strchr(kinds, c))
            return def->bodies[i].body;
    }
    return NULL;
}

/* New reference: the object resolve_dtypes takes for an input code. */
static PyObject *code_object(int code)
{
    switch (code) {
    case GPA_WEAK_INT:
        Py_INCREF(&PyLong_Type);
        return (PyObject *)&PyLong_Type;
    case GPA_WEAK_FLOAT:
        Py_INCREF(&PyFloat_Type);
        return (PyObject *)&PyFloat_Type;
    case GPA_WEAK_COMPLEX:
        Py_INCREF(&PyComplex_Type);
        return (PyObject *)&PyComplex_Type;
    default:
        return (PyObject *)gpa_descr_from_type(code);
    }
}

static int ask_numpy(gpa_ufunc *uf, const int *codes, PyArray_Descr *dtype,
                     PyObject *signature, NPY_CASTING casting, int *loop)
{
    int nargs = uf->nin + uf->nout, rc = -1;
    PyObject *dtypes = PyTuple_New(nargs), *sig = NULL, *kw = NULL;
    PyObject *res = NULL, *meth = NULL, *args = NULL;
    if (dtypes == NULL)
        goto fail;
    for (int i = 0; i < nargs; i++) {
        PyObject *o = i < uf->nin ? code_object(codes[i]) : Py_NewRef(Py_None);
        if (o == NULL)
            goto fail;
        PyTuple_SET_ITEM(dtypes, i, o);
    }
    kw = Py_BuildValue("{s:s}", "casting", casting_name(casting));
    if (kw == NULL)
        goto fail;
    if (signature != NULL) {
        /* NumPy parses it (tuple or "ii->d") and raises its own errors */
        if (PyDict_SetItemString(kw, "signature", signature) < 0)
            goto fail;
    } else if (dtype != NULL) {
        sig = PyTuple_New(nargs);
        if (sig == NULL)
            goto fail;
        for (int i = 0; i < nargs; i++)
            PyTuple_SET_ITEM(sig, i, i < uf->nin ? Py_NewRef(Py_None)
                                                 : Py_NewRef(dtype));
        if (PyDict_SetItemString(kw, "signature", sig) < 0)
            goto fail;
    }
    meth = PyObject_GetAttrString(uf->np_ufunc, "resolve_dtypes");
    args = meth ? PyTuple_Pack(1, dtypes) : NULL;
    res = args ? PyObject_Call(meth, args, kw) : NULL;
    if (res == NULL)
        goto fail;
    for (int i = 0; i < nargs; i++) {
        PyArray_Descr *d = (PyArray_Descr *)PyTuple_GetItem(res, i);
        if (d == NULL)
            goto fail;
        if (!PyArray_DescrCheck(d) || !gpa_type_supported(d->type_num)) {
            PyErr_Format(PyExc_TypeError,
                         "ufunc '%U' resolved to a loop over %R, which "
                         "gpuarray does not support", uf->name, res);
            goto fail;
        }
        PyArray_Descr *canon = gpa_descr_from_type(d->type_num);
        loop[i] = canon->type_num;
        Py_DECREF(canon);
    }
    rc = 0;
fail:
    Py_XDECREF(dtypes);
    Py_XDECREF(sig);
    Py_XDECREF(kw);
    Py_XDECREF(res);
    Py_XDECREF(meth);
    Py_XDECREF(args);
    return rc;
}

/* The loop for an explicit signature=: asked each time (a rare argument
 * whose forms -- tuples, strings -- would make a poor cache key). */
static const gpa_resolution *resolve_signature(gpa_ufunc *uf,
                                               const int *codes,
                                               PyObject *signature,
                                               NPY_CASTING casting,
                                               gpa_resolution *r)
{
    if (ask_numpy(uf, codes, NULL, signature, casting, r->loop) < 0)
        return NULL;
    r->body = find_body(uf->def, r->loop[0]);
    if (r->body == NULL) {
        PyErr_Format(PyExc_TypeError,
                     "ufunc '%U' has no gpuarray loop for input type %c",
                     uf->name, type_char(r->loop[0]));
        return NULL;
    }
    r->valid = 0; /* not a cache entry */
    return r;
}

const gpa_resolution *gpa_ufunc_resolve(gpa_ufunc *uf, const int *codes,
                                        PyArray_Descr *dtype,
                                        PyObject *signature,
                                        NPY_CASTING casting,
                                        gpa_resolution *scratch)
{
    if (signature != NULL)
        return resolve_signature(uf, codes, signature, casting, scratch);
    int key[GPA_EW_MAXARGS + 2];
    int nkey = uf->nin + 2;
    uint32_t h = 2166136261u;
    memcpy(key, codes, (size_t)uf->nin * sizeof(int));
    key[uf->nin] = dtype ? dtype->type_num : -1;
    key[uf->nin + 1] = (int)casting;
    for (int i = 0; i < nkey; i++)
        h = (h ^ (uint32_t)key[i]) * 16777619u;
    gpa_resolution *r = &uf->cache[h % GPA_UFUNC_CACHE];
    if (r->valid && !memcmp(r->key, key, (size_t)nkey * sizeof(int)))
        return r;

    int loop[GPA_EW_MAXARGS];
    if (ask_numpy(uf, codes, dtype, NULL, casting, loop) < 0)
        return NULL;
    const char *body = find_body(uf->def, loop[0]);
    if (body == NULL) {
        PyErr_Format(PyExc_TypeError,
                     "ufunc '%U' has no gpuarray loop for input type %c",
                     uf->name, type_char(loop[0]));
        return NULL;
    }
    r->valid = 1;
    memcpy(r->key, key, (size_t)nkey * sizeof(int));
    memcpy(r->loop, loop, (size_t)(uf->nin + uf->nout) * sizeof(int));
    r->body = body;
    return r;
}
