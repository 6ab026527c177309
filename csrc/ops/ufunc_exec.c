/* ufunc_exec.c - running a ufunc call: classify inputs, resolve the loop,
 * broadcast, make or check outputs, apply where=, launch.
 */
#include "ops/ufunc.h"
#include "ops/elementwise.h"
#include "ops/copy.h"
#include "ops/layout.h"
#include "jit/strbuf.h"
#include "hooks.h"
#include "util.h"

/* Input code for resolution (ufunc.h); -2 for a type we don't take. */
static int input_code(PyObject *o)
{
    if (gpa_array_check(o))
        return gpa_type_num((gpa_array *)o);
    if (PyArray_IsScalar(o, Generic)) {
        PyArray_Descr *d = PyArray_DescrFromScalar(o);
        int t = d ? d->type_num : -1;
        Py_XDECREF(d);
        if (d == NULL) {
            PyErr_Clear();
            return -2;
        }
        if (!gpa_type_supported(t))
            return -2;
        PyArray_Descr *c = gpa_descr_from_type(t);
        t = c->type_num;
        Py_DECREF(c);
        return t;
    }
    if (PyBool_Check(o))
        return NPY_BOOL;
    if (PyLong_Check(o))
        return GPA_WEAK_INT;
    if (PyFloat_Check(o))
        return GPA_WEAK_FLOAT;
    if (PyComplex_Check(o))
        return GPA_WEAK_COMPLEX;
    return -2;
}

/* Broadcasts the shapes of the array operands into shape; returns nd or
 * -1 with NumPy's ValueError. */
static int broadcast(gpa_array **arrs, int n, Py_ssize_t *shape)
{
    int nd = 0;
    for (int i = 0; i < n; i++)
        if (arrs[i] && arrs[i]->nd > nd)
            nd = arrs[i]->nd;
    for (int d = 0; d < nd; d++)
        shape[d] = 1;
    for (int i = 0; i < n; i++) {
        gpa_array *a = arrs[i];
        if (a == NULL)
            continue;
        for (int d = 0; d < a->nd; d++) {
            Py_ssize_t *s = &shape[nd - a->nd + d];
            if (a->shape[d] == *s || a->shape[d] == 1)
                continue;
            if (*s == 1) {
                *s = a->shape[d];
                continue;
            }
            PyObject *msg = PyUnicode_FromString(
                "operands could not be broadcast together with shapes ");
            for (int j = 0; msg && j < n; j++) {
                if (arrs[j] == NULL)
                    continue;
                PyObject *t = gpa_tuple_from_ssize(arrs[j]->nd, arrs[j]->shape);
                PyObject *st = t ? PyUnicode_FromFormat("%R ", t) : NULL;
                Py_XDECREF(t);
                if (st == NULL) {
                    Py_CLEAR(msg);
                    break;
                }
                PyUnicode_AppendAndDel(&msg, st);
            }
            if (msg) {
                PyErr_SetObject(PyExc_ValueError, msg);
                Py_DECREF(msg);
            }
            return -1;
        }
    }
    return nd;
}

PyObject *gpa_ufunc_numpy_error(gpa_ufunc *uf, gpa_ufunc_args *a,
                                const char *fallback)
{
    PyObject *args = PyTuple_New(a->nin + a->nout), *kw = PyDict_New();
    PyObject *r = NULL;
    if (args == NULL || kw == NULL)
        goto done;
    for (int i = 0; i < a->nin + a->nout; i++) {
        PyObject *o;
        gpa_array *g = i < a->nin ? (gpa_array_check(a->in[i])
                                         ? (gpa_array *)a->in[i] : NULL)
                                  : a->out[i - a->nin];
        if (g != NULL) {
            Py_INCREF(g->descr);
            npy_intp one = 1;
            o = PyArray_Zeros(1, &one, g->descr, 0);
        } else if (i < a->nin) {
            o = Py_NewRef(a->in[i]);
        } else {
            o = Py_NewRef(Py_None);
        }
        if (o == NULL)
            goto done;
        PyTuple_SET_ITEM(args, i, o);
    }
    if (a->dtype && PyDict_SetItemString(kw, "dtype",
                                         (PyObject *)a->dtype) < 0)
        goto done;
    if (a->signature && PyDict_SetItemString(kw, "signature",
                                             a->signature) < 0)
        goto done;
    static const char *names[] = {"no", "equiv", "safe", "same_kind",
                                  "unsafe"};
    if (a->casting >= 0 && a->casting <= 4) {
        PyObject *c = PyUnicode_FromString(names[a->casting]);
        if (c == NULL || PyDict_SetItemString(kw, "casting", c) < 0) {
            Py_XDECREF(c);
            goto done;
        }
        Py_DECREF(c);
    }
    r = PyObject_Call(uf->np_ufunc, args, kw);
done:
    Py_XDECREF(args);
    Py_XDECREF(kw);
    if (r != NULL) {
        Py_DECREF(r);
        PyErr_SetString(PyExc_TypeError, fallback);
    }
    return NULL;
}

/* Note [Output order]: new ufunc outputs are laid out as NumPy's
 * iterator lays them out.  'C'/'F' as asked; 'A': F when every full-rank
 * input is F- and not C-contiguous; 'K': the axis order NumPy's iterator
 * picks over the inputs (gpa_iterator_order in copy.c).  Returns 0 for C
 * order, 1 for F, 2 for perm (outer first).
 * Contiguous outputs in the inputs' order let the elementwise engine merge
 * every axis (a transposed input runs as one contiguous pass). */
static int output_order(gpa_array **arrs, int n, int nd, char order,
                        int *perm)
{
    if (order == 'F')
        return 1;
    if (order == 'C' || nd < 2)
        return 0;
    int all_c = 1, all_f = 1, any = 0;
    for (int i = 0; i < n; i++) {
        gpa_array *a = arrs[i];
        if (a == NULL || a->nd != nd)
            continue;
        any = 1;
        all_c &= (a->flags & GPA_C_CONTIGUOUS) != 0;
        all_f &= (a->flags & GPA_F_CONTIGUOUS) && !(a->flags & GPA_C_CONTIGUOUS);
    }
    if (!any || all_c)
        return 0;
    if (all_f)
        return 1;
    if (order == 'A')
        return 0;
    gpa_iterator_order(arrs, n, nd, perm);
    int c = 1, f = 1;
    for (int i = 0; i < nd; i++) {
        c &= perm[i] == i;
        f &= perm[i] == nd - 1 - i;
    }
    return c ? 0 : (f ? 1 : 2);
}

/* NumPy raises for integer powers with negative integer exponents; the
 * kernel can't raise, so look first: a scalar here, an array through the
 * Python hook "negative_exponent" (one reduction on the device). */
static int check_integer_power(gpa_ufunc *uf, const gpa_resolution *res,
                               gpa_array **arrs, gpa_ew_operand *ops)
{
    int t = res->loop[1];
    if (uf->nin != 2 || strcmp(uf->def->name, "power") != 0 ||
        !PyTypeNum_ISSIGNED(t) || !PyTypeNum_ISINTEGER(t))
        return 0;
    int negative = 0;
    if (arrs[1] == NULL) {
        const char *v = ops[1].value.bytes;
        switch (t) {
        case NPY_BYTE: negative = *(const int8_t *)v < 0; break;
        case NPY_SHORT: negative = *(const int16_t *)v < 0; break;
        case NPY_INT: negative = *(const int32_t *)v < 0; break;
        default: negative = *(const int64_t *)v < 0; break;
        }
    } else if (PyTypeNum_ISSIGNED(gpa_type_num(arrs[1]))) {
        PyObject *fn = gpa_hook("negative_exponent");
        PyObject *r = fn ? PyObject_CallOneArg(fn, (PyObject *)arrs[1]) : NULL;
        if (r == NULL)
            return -1;
        negative = PyObject_IsTrue(r);
        Py_DECREF(r);
        if (negative < 0)
            return -1;
    }
    if (negative) {
        PyErr_SetString(PyExc_ValueError,
                        "Integers to negative integer powers are not "
                        "allowed.");
        return -1;
    }
    return 0;
}

/* NumPy warns when an integer floor_divide/remainder/fmod/divmod meets a
 * zero divisor (its "divide by zero encountered in ..." under errstate);
 * a kernel can't warn, so after the launch the Python hook
 * "integer_divide_by_zero" looks: for a scalar divisor only when it is
 * zero (divisor None), for an array with one reduction on the device --
 * and only when np.geterr()["divide"] is not "ignore".  An empty output
 * divides nothing, so NumPy does not warn: nor do we (out0 is the loop's
 * shape, a larger out= included). */
static int check_integer_divide(gpa_ufunc *uf, const gpa_resolution *res,
                                gpa_array **arrs, gpa_ew_operand *ops,
                                gpa_array *where)
{
    static const char *const names[] = {"floor_divide", "remainder", "fmod",
                                        "divmod", NULL};
    int t = res->loop[1], k;
    if (uf->nin != 2 || !PyTypeNum_ISINTEGER(t))
        return 0;
    if (ops[2].arr != NULL && ops[2].arr->size == 0)
        return 0;
    for (k = 0; names[k] && strcmp(uf->def->name, names[k]) != 0; k++)
        ;
    if (names[k] == NULL)
        return 0;
    PyObject *divisor = Py_None;
    if (arrs[1] == NULL) {
        const unsigned char *v = (const unsigned char *)ops[1].value.bytes;
        PyArray_Descr *d = PyArray_DescrFromType(t); /* new reference */
        if (d == NULL)
            return -1;
        int size = (int)d->elsize, zero = 1;
        Py_DECREF(d);
        for (int i = 0; i < size && i < 16; i++)
            zero &= v[i] == 0;
        if (!zero)
            return 0;
    } else {
        divisor = (PyObject *)arrs[1];
    }
    PyObject *fn = gpa_hook("integer_divide_by_zero");
    if (fn == NULL)
        return -1;
    PyObject *r = PyObject_CallFunction(fn, "sOO", names[k], divisor,
                                        where ? (PyObject *)where : Py_None);
    Py_XDECREF(r);
    return r == NULL ? -1 : 0;
}

/* New reference: the keywords an override receives, as NumPy passes
 * them (NEP 13): the call's own with out= always a tuple (and left out
 * when None), or out= of an operator's output; NULL with an exception. */
static PyObject *override_kwargs(const gpa_ufunc_args *a)
{
    PyObject *kw = a->kwargs ? PyDict_Copy(a->kwargs) : PyDict_New();
    PyObject *outs = NULL, *given;
    int any = 0;
    if (kw == NULL)
        return NULL;
    given = PyDict_GetItemString(kw, "out"); /* borrowed */
    if (given == Py_None) {
        if (PyDict_DelItemString(kw, "out") < 0)
            goto fail;
    } else if (given != NULL && !PyTuple_Check(given)) {
        outs = PyTuple_Pack(1, given);
        if (outs == NULL || PyDict_SetItemString(kw, "out", outs) < 0)
            goto fail;
    } else if (given == NULL) {
        for (int o = 0; o < a->nout; o++)
            any |= a->out[o] != NULL;
        if (any) {
            outs = PyTuple_New(a->nout);
            if (outs == NULL)
                goto fail;
            for (int o = 0; o < a->nout; o++)
                PyTuple_SET_ITEM(outs, o, a->out[o]
                                 ? Py_NewRef((PyObject *)a->out[o])
                                 : Py_NewRef(Py_None));
            if (PyDict_SetItemString(kw, "out", outs) < 0)
                goto fail;
        }
    }
    Py_XDECREF(outs);
    return kw;
fail:
    Py_XDECREF(outs);
    Py_DECREF(kw);
    return NULL;
}

int gpa_ufunc_overrides(PyObject *obj)
{
    if (gpa_array_check(obj) || PyArray_Check(obj))
        return 0;
    PyObject *m = PyObject_GetAttrString((PyObject *)Py_TYPE(obj),
                                         "__array_ufunc__");
    if (m == NULL) {
        PyErr_Clear();
        return 0;
    }
    int usable = m != Py_None;
    Py_DECREF(m);
    return usable;
}

PyObject *gpa_ufunc_override_args(gpa_ufunc *uf, PyObject *const *in,
                                  int nin)
{
    PyObject *args = PyTuple_New(nin + 2);
    if (args == NULL)
        return NULL;
    PyTuple_SET_ITEM(args, 0, Py_NewRef((PyObject *)uf));
    PyObject *method = PyUnicode_FromString("__call__");
    if (method == NULL) {
        Py_DECREF(args);
        return NULL;
    }
    PyTuple_SET_ITEM(args, 1, method);
    for (int k = 0; k < nin; k++)
        PyTuple_SET_ITEM(args, k + 2, Py_NewRef(in[k]));
    return args;
}

/* NumPy's override protocol (NEP 13), on the error path only: an input
 * of a type that is neither ours nor NumPy's and defines __array_ufunc__
 * (gpuarray.fuse's tracer, a poly1d) handles the call itself, keywords
 * included.  New reference; NULL without an exception when no input
 * takes it. */
static PyObject *call_override(gpa_ufunc *uf, gpa_ufunc_args *a, int nin)
{
    for (int i = 0; i < nin; i++) {
        PyObject *obj = a->in[i];
        if (!gpa_ufunc_overrides(obj))
            continue;
        PyObject *args = gpa_ufunc_override_args(uf, a->in, nin);
        if (args == NULL)
            return NULL;
        PyObject *kw = override_kwargs(a);
        PyObject *bound = kw ? PyObject_GetAttrString(obj, "__array_ufunc__")
                             : NULL;
        PyObject *r = bound ? PyObject_Call(bound, args, kw) : NULL;
        Py_XDECREF(bound);
        Py_XDECREF(kw);
        Py_DECREF(args);
        if (r != Py_NotImplemented)
            return r; /* a result, or NULL with its exception */
        Py_DECREF(r);
    }
    return NULL;
}

/* Note [Comparisons with huge Python ints]: NumPy 2 compares an integer
 * array with a Python int outside its type's range (uint8 == -1,
 * int8 < 1000) by value: every element lies on one side of it, so the
 * answer is one constant.  Returns 1 and sets *sign (+1 above the
 * type's range, -1 below) when o is such an int for loop type t, 0 when
 * it fits or is not a Python int, -1 on error. */
static int pyint_outside(PyObject *o, int t, int *sign)
{
    if (!PyLong_Check(o) || PyBool_Check(o) || !PyTypeNum_ISINTEGER(t))
        return 0;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow < 0 || (overflow == 0 && v < 0 &&
                         PyTypeNum_ISUNSIGNED(t))) {
        *sign = -1;
        return 1;
    }
    if (overflow > 0) {
        if (t == NPY_ULONG || t == NPY_ULONGLONG) {
            (void)PyLong_AsUnsignedLongLong(o);
            if (!PyErr_Occurred())
                return 0; /* fits uint64 */
            if (!PyErr_ExceptionMatches(PyExc_OverflowError))
                return -1;
            PyErr_Clear();
        }
        *sign = 1;
        return 1;
    }
    PyArray_Descr *d = PyArray_DescrFromType(t); /* new reference */
    if (d == NULL)
        return -1;
    int bits = 8 * (int)PyDataType_ELSIZE(d);
    Py_DECREF(d);
    if (bits >= 64)
        return 0;
    long long hi = PyTypeNum_ISUNSIGNED(t) ? (1LL << bits) - 1
                                           : (1LL << (bits - 1)) - 1;
    long long lo = PyTypeNum_ISUNSIGNED(t) ? 0 : -(1LL << (bits - 1));
    if (v > hi || v < lo) {
        *sign = v > hi ? 1 : -1;
        return 1;
    }
    return 0;
}

/* The constant result of a comparison whose input `which` is a Python
 * int outside the loop type's range (Note [Comparisons with huge Python
 * ints]): 1 or 0; -1 when uf is not a comparison. */
static int outside_compare_value(gpa_ufunc *uf, int which, int sign)
{
    const char *n = uf->def->name;
    int scalar_above = sign > 0;
    if (strcmp(n, "equal") == 0)
        return 0;
    if (strcmp(n, "not_equal") == 0)
        return 1;
    if (strcmp(n, "less") == 0 || strcmp(n, "less_equal") == 0)
        return which == 1 ? scalar_above : !scalar_above;
    if (strcmp(n, "greater") == 0 || strcmp(n, "greater_equal") == 0)
        return which == 1 ? !scalar_above : scalar_above;
    return -1;
}

/* Note [A constant comparison is a fill]: that constant is written by a
 * fill of the output (a memset for a contiguous bool one; the fill
 * kernels are shipped) rather than by a kernel of its own per dtype,
 * side and result (the suite compiled 32 of them in test_ufunc_parity.py
 * alone).  Not with a where= mask (a fill writes every element): then the
 * constant body runs as a kernel, as before.  The operand checks the
 * kernel path makes first still come first: a second array on another
 * device is its ValueError. */
static int constant_compare_fill(gpa_array *const *arrs, int nin,
                                 gpa_array *out, int value)
{
    for (int i = 0; i < nin; i++)
        if (arrs[i] != NULL && arrs[i]->dev != out->dev)
            return 1; /* the kernel path says why */
    return gpa_array_fill(out, value ? Py_True : Py_False);
}

/* where=: a Python or NumPy bool (True: no mask; False: nothing is
 * computed, *skip_all; None reads as False), or a gpuarray array that casts
 * safely to bool, as NumPy requires (its TypeError otherwise).  *mask is
 * borrowed. */
static int where_mask(PyObject *w, gpa_array **mask, int *skip_all)
{
    *mask = NULL;
    if (w == NULL || w == Py_True)
        return 0;
    if (w == Py_None) { /* NumPy reads it as bool(None): False */
        *skip_all = 1;
        return 0;
    }
    if (PyBool_Check(w) || PyArray_IsScalar(w, Bool)) {
        int t = PyObject_IsTrue(w);
        if (t < 0)
            return -1;
        *skip_all = !t;
        return 0;
    }
    if (!gpa_array_check(w)) {
        PyErr_SetString(PyExc_TypeError,
                        "where= must be a gpuarray array of booleans, or "
                        "True or False");
        return -1;
    }
    if (gpa_type_num((gpa_array *)w) != NPY_BOOL) {
        PyErr_Format(PyExc_TypeError,
                     "Cannot cast array data from %R to dtype('bool') "
                     "according to the rule 'safe'",
                     (PyObject *)((gpa_array *)w)->descr);
        return -1;
    }
    *mask = (gpa_array *)w;
    return 0;
}

/* Note [Datetime ufuncs]: a call with a datetime64/timedelta64 operand,
 * out= or dtype= goes to the Python hook "datetime_ufunc"
 * (gpuarray/_engine/datetime_ufuncs.py), which resolves it with NumPy
 * and runs one int64 kernel with NaT in its body; the C loops never see
 * those dtypes. */
static int is_datetime_operand(PyObject *o)
{
    if (o == NULL)
        return 0;
    if (gpa_array_check(o))
        return gpa_type_is_datetime(gpa_type_num((gpa_array *)o));
    return PyArray_IsScalar(o, Datetime) || PyArray_IsScalar(o, Timedelta);
}

static int wants_datetime(const gpa_ufunc *uf, const gpa_ufunc_args *a)
{
    if (a->dtype != NULL && gpa_type_is_datetime(a->dtype->type_num))
        return 1;
    for (int i = 0; i < uf->nin; i++)
        if (is_datetime_operand(a->in[i]))
            return 1;
    for (int o = 0; o < uf->nout; o++)
        if (is_datetime_operand((PyObject *)a->out[o]))
            return 1;
    return 0;
}

/* New reference: the hook's result, NotImplemented for an operator with
 * an operand of a foreign type, or NULL. */
static PyObject *datetime_ufunc(gpa_ufunc *uf, gpa_ufunc_args *a,
                                int notimpl)
{
    PyObject *ins = NULL, *outs = NULL, *r = NULL;
    PyObject *fn = gpa_hook("datetime_ufunc"); /* borrowed */
    if (fn == NULL)
        return NULL;
    for (int i = 0; i < uf->nin && notimpl; i++) {
        PyObject *o = a->in[i];
        if (!gpa_array_check(o) && !PyArray_IsScalar(o, Generic) &&
            !PyLong_Check(o) && !PyFloat_Check(o) && !PyComplex_Check(o))
            Py_RETURN_NOTIMPLEMENTED;
    }
    ins = PyTuple_New(uf->nin);
    outs = ins ? PyTuple_New(uf->nout) : NULL;
    if (outs == NULL)
        goto fail;
    for (int i = 0; i < uf->nin; i++)
        PyTuple_SET_ITEM(ins, i, Py_NewRef(a->in[i]));
    for (int o = 0; o < uf->nout; o++)
        PyTuple_SET_ITEM(outs, o, a->out[o] ? Py_NewRef(a->out[o])
                                            : Py_NewRef(Py_None));
    r = PyObject_CallFunction(fn, "OOOOOiOi", (PyObject *)uf, ins, outs,
                              a->where ? a->where : Py_None,
                              a->dtype ? (PyObject *)a->dtype : Py_None,
                              (int)a->casting,
                              a->signature ? a->signature : Py_None,
                              notimpl);
fail:
    Py_XDECREF(ins);
    Py_XDECREF(outs);
    return r;
}

/* Note [Logical ufuncs and Python ints]: NumPy's promoter for
 * logical_and, logical_or and logical_xor reads a Python int operand as
 * a C long whatever the other operand is, so one outside int64's range
 * is its OverflowError (np.logical_and(2**63, x)).  Returns 0, or -1
 * with that exception set. */
static int check_logical_pyints(gpa_ufunc *uf, gpa_ufunc_args *a,
                                const int *codes)
{
    static const char *const names[] = {"logical_and", "logical_or",
                                        "logical_xor", NULL};
    int k;
    for (k = 0; names[k] && strcmp(uf->def->name, names[k]) != 0; k++)
        ;
    if (names[k] == NULL)
        return 0;
    for (int i = 0; i < uf->nin; i++) {
        if (codes[i] != GPA_WEAK_INT || PyBool_Check(a->in[i]))
            continue;
        int overflow = 0;
        (void)PyLong_AsLongLongAndOverflow(a->in[i], &overflow);
        if (PyErr_Occurred())
            return -1;
        if (overflow) {
            PyErr_Format(PyExc_OverflowError,
                         "Python int too large to convert to C long (ufunc "
                         "'%U' reads a Python int operand as int64, as "
                         "NumPy's does)", uf->name);
            return -1;
        }
    }
    return 0;
}

static PyObject *apply_plain(gpa_ufunc *uf, gpa_ufunc_args *a,
                             int notimpl);

PyObject *gpa_ufunc_apply(gpa_ufunc *uf, gpa_ufunc_args *a, int notimpl)
{
    return gpa_ufunc_wrap_subclass(a, apply_plain(uf, a, notimpl));
}

static PyObject *apply_plain(gpa_ufunc *uf, gpa_ufunc_args *a, int notimpl)
{
    int nin = uf->nin, nout = uf->nout, nargs = nin + nout;
    int codes[GPA_EW_MAXARGS] = {0};
    gpa_array *arrs[GPA_EW_MAXARGS + 1] = {0};
    gpa_array *outs[GPA_EW_MAXARGS] = {0};
    gpa_ew_operand ops[GPA_EW_MAXARGS];
    Py_ssize_t shape[GPA_MAXDIMS];
    gpa_array *where = NULL;
    PyObject *result = NULL;
    gpa_strbuf body = {0};

    if (wants_datetime(uf, a))
        return datetime_ufunc(uf, a, notimpl);
    for (int i = 0; i < nin; i++) {
        codes[i] = input_code(a->in[i]);
        if (codes[i] == -2) {
            if (notimpl)
                Py_RETURN_NOTIMPLEMENTED;
            PyObject *r = call_override(uf, a, nin);
            if (r != NULL || PyErr_Occurred())
                return r;
            PyErr_Format(PyExc_TypeError,
                         "Unsupported type %R for ufunc '%U' (gpuarray "
                         "takes gpuarray arrays and scalars; convert NumPy "
                         "arrays with gpuarray.asarray)",
                         (PyObject *)Py_TYPE(a->in[i]), uf->name);
            return NULL;
        }
        if (gpa_array_check(a->in[i]))
            arrs[i] = (gpa_array *)a->in[i];
    }
    /* Note [A lone huge Python int]: a unary ufunc of a Python int
     * beyond int64 sees what np.asarray makes of it, as NumPy's does:
     * uint64 up to 2**64 - 1 (np.absolute(2**63)), an object array past
     * it, which gpuarray holds no data of (TypeError, as NumPy's loops
     * refuse it too for all but abs and its kin). */
    if (nin == 1 && codes[0] == GPA_WEAK_INT && !PyBool_Check(a->in[0])) {
        int overflow = 0;
        (void)PyLong_AsLongLongAndOverflow(a->in[0], &overflow);
        if (PyErr_Occurred())
            return NULL;
        if (overflow > 0) {
            (void)PyLong_AsUnsignedLongLong(a->in[0]);
            if (PyErr_Occurred()) {
                if (!PyErr_ExceptionMatches(PyExc_OverflowError))
                    return NULL;
                overflow = -1;
            } else {
                codes[0] = NPY_ULONGLONG;
            }
        }
        if (overflow < 0) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError,
                         "ufunc '%U': the Python int %R fits no gpuarray "
                         "dtype (NumPy would make an object array)",
                         uf->name, a->in[0]);
            return NULL;
        }
    }
    if (check_logical_pyints(uf, a, codes) < 0)
        return NULL;
    gpa_resolution scratch;
    const gpa_resolution *res = gpa_ufunc_resolve(uf, codes, a->dtype,
                                                  a->signature, a->casting,
                                                  &scratch);
    if (res == NULL)
        return NULL;

    const char *body_src = res->body;
    int constant = -1, fill = 1; /* constant comparison result, if any */
    memset(ops, 0, sizeof ops);
    for (int i = 0; i < nin; i++) {
        ops[i].loop_type = res->loop[i];
        ops[i].arr = arrs[i];
        if (arrs[i] != NULL)
            continue;
        int sign = 0;
        /* (against an integer operand only: bool with int runs an
         * int64 loop, which NumPy too cannot fit a huge int into) */
        int outside = codes[i] == GPA_WEAK_INT && nin == 2 &&
                              PyTypeNum_ISINTEGER(codes[1 - i])
                          ? pyint_outside(a->in[i], res->loop[i], &sign)
                          : 0;
        if (outside < 0)
            return NULL;
        int konst = outside ? outside_compare_value(uf, i, sign) : -1;
        if (konst >= 0) {
            /* the value itself is never read */
            body_src = konst ? "out0 = true;" : "out0 = false;";
            constant = konst;
            continue;
        }
        if (gpa_scalar_to_value(a->in[i], res->loop[i],
                                ops[i].value.bytes) < 0)
            return NULL;
    }
    int skip_all = 0;
    if (where_mask(a->where, &where, &skip_all) < 0)
        return NULL;
    arrs[nin] = where;
    int nd = broadcast(arrs, nin + 1, shape);
    if (nd < 0)
        return NULL;

    gpa_device *dev = NULL;
    for (int i = 0; i <= nin && dev == NULL; i++)
        if (arrs[i])
            dev = arrs[i]->dev;
    for (int o = 0; o < nout && dev == NULL; o++)
        if (a->out[o])
            dev = a->out[o]->dev;
    if (dev == NULL && (dev = gpa_current_device()) == NULL)
        return NULL;

    int perm[GPA_MAXDIMS];
    int layout = output_order(arrs, nin, nd, a->order, perm);
    for (int o = 0; o < nout; o++) {
        gpa_array *out = a->out[o];
        if (out != NULL) {
            /* the cast first: NumPy reports a forbidden output cast
             * before a shape mismatch */
            PyArray_Descr *ld = PyArray_DescrFromType(res->loop[nin + o]);
            int can = PyArray_CanCastTypeTo(ld, out->descr, a->casting);
            Py_DECREF(ld);
            if (!can) {
                gpa_ufunc_numpy_error(uf, a, "output cast not allowed");
                goto fail;
            }
            int ok = out->nd == nd;
            for (int d = 0; ok && d < nd; d++)
                ok = out->shape[d] == shape[d];
            if (!ok) {
                /* NumPy allows broadcasting into a larger out: shapes
                 * must then broadcast to out's shape. */
                int nd2 = out->nd >= nd;
                for (int d = 0; nd2 && d < nd; d++) {
                    Py_ssize_t s = out->shape[out->nd - nd + d];
                    nd2 = s == shape[d] || shape[d] == 1;
                }
                if (!nd2) {
                    PyObject *os = gpa_tuple_from_ssize(out->nd, out->shape);
                    PyObject *bs = gpa_tuple_from_ssize(nd, shape);
                    if (os && bs)
                        PyErr_Format(PyExc_ValueError,
                                     "non-broadcastable output operand "
                                     "with shape %R doesn't match the "
                                     "broadcast shape %R", os, bs);
                    Py_XDECREF(os);
                    Py_XDECREF(bs);
                    goto fail;
                }
            }
            if (!(out->flags & GPA_WRITEABLE)) {
                PyErr_SetString(PyExc_ValueError,
                                "output array is read-only");
                goto fail;
            }
            Py_INCREF(out);
            outs[o] = out;
        } else {
            PyArray_Descr *d = PyArray_DescrFromType(res->loop[nin + o]);
            outs[o] = layout == 2
                          ? gpa_array_empty_perm(dev, d, nd, shape, perm)
                          : gpa_array_empty(dev, d, nd, shape, layout);
            if (outs[o] == NULL)
                goto fail;
        }
        ops[nin + o].arr = outs[o];
        ops[nin + o].loop_type = res->loop[nin + o];
    }

    /* after the output checks: NumPy reports a forbidden output cast
     * (bool **= -1) before a negative exponent */
    if (check_integer_power(uf, res, arrs, ops) < 0)
        goto fail;
    /* NumPy warns of a complex input read by a real loop (dtype=,
     * signature=) and of a complex loop written to a real out=, once
     * the call has passed its checks (a refused cast is an error) */
    int drops = 0;
    for (int i = 0; i < nin; i++)
        drops |= arrs[i] != NULL &&
                 gpa_casts_drop_imaginary(gpa_type_num(arrs[i]),
                                          res->loop[i]);
    for (int o = 0; o < nout; o++)
        drops |= a->out[o] != NULL &&
                 gpa_casts_drop_imaginary(res->loop[nin + o],
                                          gpa_type_num(a->out[o]));
    if (drops && gpa_warn_complex_discarded() < 0)
        goto fail;
    if (skip_all) {
        /* where=False: the outputs are left as they are */
    } else if (where == NULL && constant >= 0 && nout == 1 &&
               (fill = constant_compare_fill(arrs, nin, outs[0],
                                             constant)) <= 0) {
        if (fill < 0) /* Note [A constant comparison is a fill] */
            goto fail;
    } else if (where == NULL) {
        if (gpa_ew_run(body_src, NULL, nin, nout, ops) < 0)
            goto fail;
    } else {
        /* The mask is one more input, in front of the outputs. */
        gpa_ew_operand wops[GPA_EW_MAXARGS];
        if (nargs + 1 > GPA_EW_MAXARGS) {
            PyErr_SetString(PyExc_ValueError, "too many operands");
            goto fail;
        }
        memcpy(wops, ops, (size_t)nin * sizeof(gpa_ew_operand));
        memset(&wops[nin], 0, sizeof(gpa_ew_operand));
        wops[nin].arr = where;
        wops[nin].loop_type = NPY_BOOL;
        memcpy(&wops[nin + 1], &ops[nin],
               (size_t)nout * sizeof(gpa_ew_operand));
        gpa_sb_printf(&body, "if (!in%d) { gpa_skip = true; } else {\n%s\n}",
                      nin, body_src);
        if (body.failed)
            goto fail;
        /* the body names outputs out0..: unchanged; inputs in0..in(nin-1)
         * unchanged; the mask is in<nin>. */
        if (gpa_ew_run_masked(body.s, NULL, nin + 1, nout, wops) < 0)
            goto fail;
    }
    if (!skip_all && check_integer_divide(uf, res, arrs, ops, where) < 0)
        goto fail;
    if (nout == 1) {
        result = (PyObject *)outs[0];
        outs[0] = NULL;
    } else {
        result = PyTuple_New(nout);
        if (result == NULL)
            goto fail;
        for (int o = 0; o < nout; o++) {
            PyTuple_SET_ITEM(result, o, (PyObject *)outs[o]);
            outs[o] = NULL;
        }
    }
fail:
    for (int o = 0; o < nout; o++)
        Py_XDECREF(outs[o]);
    gpa_sb_free(&body);
    return result;
}
