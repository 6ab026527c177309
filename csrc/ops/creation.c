/* creation.c - array creation on the current device: empty, full, the
 * transfer in (asarray), and the index-driven fills behind arange,
 * linspace, eye and tri (each one elementwise kernel, no host round
 * trip).  zeros/ones/identity/logspace and the *_like variants are thin
 * Python wrappers over these (gpuarray/_creation.py).
 */
#include "python/module_functions.h"
#include "array/convert.h"
#include "ops/copy.h"
#include "ops/elementwise.h"
#include "interop/interop.h"
#include "interop/dlpack_types.h"
#include "util.h"
#include "hooks.h"

static int parse_fortran(PyObject *order_obj, int *fortran)
{
    char order;
    if (gpa_parse_order(order_obj, "CF", 'C', &order) < 0)
        return -1;
    *fortran = order == 'F';
    return 0;
}

/* New array on the current device. Steals descr. */
static gpa_array *new_array(PyObject *shape_obj, PyArray_Descr *descr,
                            int fortran)
{
    Py_ssize_t dims[GPA_MAXDIMS];
    int nd = gpa_parse_shape(shape_obj, dims);
    gpa_device *dev = nd >= 0 ? gpa_current_device() : NULL;
    if (dev == NULL) {
        Py_DECREF(descr);
        return NULL;
    }
    return gpa_array_empty(dev, descr, nd, dims, fortran);
}

/* NEP 35: like= a gpuarray array (or None) makes gpuarray arrays; any
 * other reference object gets NumPy's function with like= left in, which
 * hands the call to that object's __array_function__ (the "like" hook,
 * gpuarray/_dispatch.py). */
static int foreign_like(PyObject *like)
{
    return like != NULL && like != Py_None && !gpa_array_check(like);
}

static PyObject *like_dispatch(const char *name, PyObject *args, PyObject *kw)
{
    PyObject *fn = PyUnicode_FromString(name);
    if (fn == NULL)
        return NULL;
    PyObject *r = gpa_hook_call("like", fn, args, kw);
    Py_DECREF(fn);
    return r;
}

PyObject *gpa_py_empty(PyObject *self, PyObject *args, PyObject *kw)
{
    /* device=: the Array API's keyword, accepted as by every creation
     * function (arrays go to the current device; docs/array_api.md) */
    static char *kwlist[] = {"shape", "dtype", "order", "device", "like",
                             NULL};
    PyObject *shape, *dtype = NULL, *order = NULL, *like = NULL;
    PyObject *device = NULL;
    int fortran;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OO$OO:empty", kwlist,
                                     &shape, &dtype, &order, &device, &like))
        return NULL;
    if (foreign_like(like))
        return like_dispatch("empty", args, kw);
    if (parse_fortran(order, &fortran) < 0)
        return NULL;
    PyArray_Descr *d = gpa_descr_from_obj(dtype);
    if (d == NULL)
        return NULL;
    return (PyObject *)new_array(shape, d, fortran);
}

/* _empty_like(proto, dtype=None, order='K', shape=None): NumPy's
 * empty_like layout for a gpuarray prototype. */
PyObject *gpa_py_empty_like(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"prototype", "dtype", "order", "shape", NULL};
    PyObject *dtype = Py_None, *order_obj = NULL, *shape = Py_None;
    gpa_array *proto;
    Py_ssize_t dims[GPA_MAXDIMS];
    int nd = 0;
    char order;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!|OOO:_empty_like", kwlist,
                                     gpa_array_type, &proto, &dtype,
                                     &order_obj, &shape))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'K', &order) < 0)
        return NULL;
    if (shape != Py_None && (nd = gpa_parse_shape(shape, dims)) < 0)
        return NULL;
    PyArray_Descr *d;
    if (dtype == Py_None) {
        d = proto->descr;
        Py_INCREF(d);
    } else if ((d = gpa_descr_from_obj(dtype)) == NULL) {
        return NULL;
    }
    return (PyObject *)gpa_array_empty_like(proto, d, order, nd,
                                            shape == Py_None ? NULL : dims);
}

/* dtype of np.array(value) (NumPy's rule for full's default dtype). */
static PyArray_Descr *dtype_of_value(PyObject *value)
{
    if (gpa_array_check(value)) {
        Py_INCREF(((gpa_array *)value)->descr);
        return ((gpa_array *)value)->descr;
    }
    PyObject *arr = PyArray_FromAny(value, NULL, 0, 0, 0, NULL);
    if (arr == NULL)
        return NULL;
    PyArray_Descr *d = gpa_descr_from_obj(
        (PyObject *)PyArray_DESCR((PyArrayObject *)arr));
    Py_DECREF(arr);
    return d;
}

/* value as NumPy's copyto(dst, value, casting='unsafe') would write it
 * into an array of descr (np.full's rule: Python scalars are weak, so 300
 * into int8 is an OverflowError, while 1+2j into float keeps the real part
 * with NumPy's ComplexWarning).  New reference: a NumPy scalar of descr. */
static PyObject *copyto_scalar(PyArray_Descr *descr, PyObject *value)
{
    PyObject *tmp = NULL, *r = NULL, *args = NULL, *kw = NULL, *fn = NULL;
    Py_INCREF(descr);
    tmp = PyArray_Empty(0, NULL, descr, 0);
    if (tmp == NULL)
        goto done;
    fn = PyObject_GetAttrString(gpa_numpy, "copyto");
    args = PyTuple_Pack(2, tmp, value);
    kw = Py_BuildValue("{s:s}", "casting", "unsafe");
    if (fn == NULL || args == NULL || kw == NULL)
        goto done;
    PyObject *ok = PyObject_Call(fn, args, kw);
    if (ok == NULL)
        goto done;
    Py_DECREF(ok);
    r = PyArray_ToScalar(PyArray_DATA((PyArrayObject *)tmp),
                         (PyArrayObject *)tmp);
done:
    Py_XDECREF(fn);
    Py_XDECREF(args);
    Py_XDECREF(kw);
    Py_XDECREF(tmp);
    return r;
}

/* Whether full's value is one scalar (anything but a sequence or an array
 * of ndim > 0: None into float is nan, '5' is 5): NumPy converts it. */
static int is_fill_scalar(PyObject *v)
{
    if (PyArray_Check(v))
        return PyArray_NDIM((PyArrayObject *)v) == 0;
    if (gpa_is_sequence_value(v))
        return 0;
    return !PySequence_Check(v) || PyUnicode_Check(v) || PyBytes_Check(v);
}

PyObject *gpa_py_full(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"shape", "fill_value", "dtype", "order",
                             "device", "like", NULL};
    PyObject *shape, *value, *dtype = Py_None, *order = NULL, *like = NULL;
    PyObject *device = NULL;  /* as empty's */
    int fortran;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|OO$OO:full", kwlist,
                                     &shape, &value, &dtype, &order, &device,
                                     &like))
        return NULL;
    if (foreign_like(like))
        return like_dispatch("full", args, kw);
    if (parse_fortran(order, &fortran) < 0)
        return NULL;
    PyArray_Descr *d = dtype == Py_None ? dtype_of_value(value)
                                        : gpa_descr_from_obj(dtype);
    if (d == NULL)
        return NULL;
    gpa_array *a = new_array(shape, d, fortran);
    if (a == NULL)
        return NULL;
    int rc;
    if (gpa_array_check(value)) {
        rc = gpa_array_assign(a, (gpa_array *)value);
    } else if (is_fill_scalar(value)) {
        PyObject *scalar = copyto_scalar(a->descr, value);
        rc = scalar ? gpa_array_fill(a, scalar) : -1;
        Py_XDECREF(scalar);
    } else {
        /* a sequence or NumPy array: upload and broadcast */
        gpa_array *v = gpa_array_from_host(a->dev, value, NULL, 'K');
        rc = v ? gpa_array_assign(a, v) : -1;
        Py_XDECREF(v);
    }
    if (rc < 0) {
        Py_DECREF(a);
        return NULL;
    }
    return (PyObject *)a;
}

/* Note [Foreign device memory]: asarray shares the memory of another
 * library's GPU array: through __cuda_array_interface__ when the object
 * has one (Numba, PyTorch, CuPy), else through DLPack when it is on a
 * CUDA device (JAX, ...).  Host objects (NumPy arrays, lists, CPU
 * tensors) are uploaded.  1 with *out (new reference) when obj is such
 * an array, 0 when not, -1 on error. */
static int foreign_device_array(PyObject *obj, gpa_array **out)
{
    PyObject *cai = NULL;
    int type, id, found;
    *out = NULL;
    if (PyArray_Check(obj) || PyList_Check(obj) || PyTuple_Check(obj) ||
        PyLong_Check(obj) || PyFloat_Check(obj) || PyComplex_Check(obj) ||
        PyArray_IsScalar(obj, Generic))
        return 0;
    found = gpa_cai_lookup(obj, &cai);
    if (found > 0) {
        *out = gpa_cai_import(obj, cai);
        Py_DECREF(cai);
        return *out ? 1 : -1;
    }
    if (found < 0)
        return -1;
    found = gpa_dlpack_device_of(obj, &type, &id);
    if (found <= 0)
        return found;
    if (type != GPA_kDLCUDA && type != GPA_kDLCUDAManaged)
        return 0;
    *out = gpa_dlpack_import(obj, NULL, -1);
    return *out ? 1 : -1;
}

/* _asarray(obj, dtype=None, copy=None, order='K') */
PyObject *gpa_py_asarray(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"obj", "dtype", "copy", "order", NULL};
    PyObject *obj, *dtype = Py_None, *copy_obj = Py_None, *order_obj = NULL;
    char order;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OOO:asarray", kwlist, &obj,
                                     &dtype, &copy_obj, &order_obj))
        return NULL;
    if (gpa_parse_order(order_obj, "CFAK", 'K', &order) < 0)
        return NULL;
    int copy = copy_obj == Py_None ? -1 : PyObject_IsTrue(copy_obj);
    if (copy_obj != Py_None && copy < 0)
        return NULL;
    PyArray_Descr *d = NULL;
    if (dtype != Py_None && (d = gpa_descr_from_obj(dtype)) == NULL)
        return NULL;
    gpa_device *dev = gpa_current_device();
    if (dev == NULL) {
        Py_XDECREF(d);
        return NULL;
    }
    if (gpa_array_check(obj)) {
        gpa_array *a = (gpa_array *)obj;
        int same_type = d == NULL || PyArray_EquivTypes(d, a->descr);
        int layout_ok = order == 'K' || order == 'A' ||
                        (order == 'C' && (a->flags & GPA_C_CONTIGUOUS)) ||
                        (order == 'F' && (a->flags & GPA_F_CONTIGUOUS));
        if (same_type && layout_ok && copy != 1 && a->dev == dev) {
            Py_XDECREF(d);
            Py_INCREF(obj);
            return obj;
        }
        if (copy == 0) {
            Py_XDECREF(d);
            PyErr_SetString(PyExc_ValueError,
                            "Unable to avoid copy while creating an array "
                            "as requested.");
            return NULL;
        }
        if (a->dev != dev) {
            /* another device: copy there, then go on from the copy */
            gpa_array *c = gpa_array_copy(a, NULL, 'K');
            if (c == NULL) {
                Py_XDECREF(d);
                return NULL;
            }
            gpa_array *moved = gpa_array_empty(dev, c->descr, c->nd,
                                               c->shape, 0);
            Py_INCREF(c->descr);
            int rc = moved ? gpa_array_assign(moved, c) : -1;
            Py_DECREF(c);
            if (rc < 0) {
                Py_XDECREF(moved);
                Py_XDECREF(d);
                return NULL;
            }
            if (d == NULL && (order == 'K' || order == 'A' || order == 'C'))
                return (PyObject *)moved;
            gpa_array *r = gpa_array_copy(moved, d, order);
            Py_DECREF(moved);
            return (PyObject *)r;
        }
        /* NumPy casts into a copy in 'K' order when asked for 'A' */
        if (order == 'A' && !same_type)
            order = 'K';
        return (PyObject *)gpa_array_copy(a, d, order);
    }
    /* Not ours: device memory of another library is shared, not copied
     * (Note [Foreign device memory]); anything else is host data. */
    gpa_array *foreign = NULL;
    int found = foreign_device_array(obj, &foreign);
    if (found != 0) {
        PyObject *r = NULL;
        if (found > 0) {
            /* Go on as for one of ours (dtype, order, copy, device). */
            PyObject *fargs = Py_BuildValue("(NOOO)", (PyObject *)foreign,
                                            dtype, copy_obj,
                                            order_obj ? order_obj : Py_None);
            if (fargs != NULL)
                r = gpa_py_asarray(self, fargs, NULL);
            Py_XDECREF(fargs);
        }
        Py_XDECREF(d);
        return r;
    }
    if (copy == 0) {
        Py_XDECREF(d);
        PyErr_SetString(PyExc_ValueError,
                        "Unable to avoid copy while creating an array as "
                        "requested: the data is not on the device.");
        return NULL;
    }
    return (PyObject *)gpa_array_from_host(dev, obj, d, order);
}

/* Runs an index-driven fill: body over out0 with scalar inputs
 * (values[i] of type types[i]). */
static int index_fill(gpa_array *out, const char *body, int nin,
                      const int *types, PyObject *const *values)
{
    gpa_ew_operand ops[8];
    memset(ops, 0, sizeof ops);
    for (int i = 0; i < nin; i++) {
        ops[i].loop_type = types[i];
        if (gpa_scalar_to_value(values[i], types[i],
                                ops[i].value.bytes) < 0)
            return -1;
    }
    ops[nin].arr = out;
    ops[nin].loop_type = gpa_type_num(out);
    return gpa_ew_run(body, NULL, nin, 1, ops);
}

/* _arange(n, start, delta, dtype): out[i] = start + i * delta computed
 * as NumPy's fill does (in the dtype, floats of half in float). */
PyObject *gpa_py_arange(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"n", "start", "delta", "dtype", NULL};
    Py_ssize_t n;
    PyObject *start, *delta, *dtype;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nOOO:_arange", kwlist, &n,
                                     &start, &delta, &dtype))
        return NULL;
    PyArray_Descr *d = gpa_descr_from_obj(dtype);
    if (d == NULL)
        return NULL;
    int t = d->type_num;
    gpa_device *dev = gpa_current_device();
    if (dev == NULL) {
        Py_DECREF(d);
        return NULL;
    }
    gpa_array *out = gpa_array_empty(dev, d, 1, &n, 0);
    if (out == NULL)
        return NULL;
    int calc = t == NPY_HALF ? NPY_FLOAT : t;
    int types[2] = {calc, calc};
    PyObject *values[2] = {start, delta};
    const char *body =
        "out0 = gpa_cast<out0_t>(in0 + gpa_cast<in0_t>(gpa_i) * in1);";
    if (index_fill(out, body, 2, types, values) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return (PyObject *)out;
}

/* _linspace(num, start, step, stop, endpoint, dtype): NumPy's formula,
 * y = i * step + start in float64, y[-1] = stop with endpoint, floored
 * for integer dtypes.  step NaN means "use (i / div) * delta". */
PyObject *gpa_py_linspace(PyObject *self, PyObject *args, PyObject *kw)
{
    static char *kwlist[] = {"num", "start", "step", "stop", "div",
                             "endpoint", "dtype", "calc", NULL};
    Py_ssize_t num;
    PyObject *start, *step, *stop, *div, *dtype, *calc_obj;
    int endpoint;
    GPA_UNUSED(self);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nOOOOpOO:_linspace", kwlist,
                                     &num, &start, &step, &stop, &div,
                                     &endpoint, &dtype, &calc_obj))
        return NULL;
    PyArray_Descr *d = gpa_descr_from_obj(dtype);
    PyArray_Descr *c = d ? gpa_descr_from_obj(calc_obj) : NULL;
    if (c == NULL) {
        Py_XDECREF(d);
        return NULL;
    }
    int t = d->type_num, calc = c->type_num;
    Py_DECREF(c);
    gpa_device *dev = gpa_current_device();
    if (dev == NULL) {
        Py_DECREF(d);
        return NULL;
    }
    gpa_array *out = gpa_array_empty(dev, d, 1, &num, 0);
    if (out == NULL)
        return NULL;
    PyObject *endp = PyLong_FromLongLong(endpoint && num > 1 ? num - 1 : -1);
    if (endp == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    int types[5] = {calc, calc, calc, calc, NPY_LONG};
    PyObject *values[5] = {start, step, stop, div, endp};
    const char *body =
        PyTypeNum_ISINTEGER(t)
            ? "in0_t y = in3 != in3 ? gpa_cast<in0_t>(gpa_i) * in1 + in0\n"
              "  : gpa_cast<in0_t>(gpa_i) / in3 * in1 + in0;\n"
              "if (gpa_i == in4) y = in2;\n"
              "out0 = gpa_cast<out0_t>(gpa_floor(y));"
            : "in0_t y = in3 != in3 ? gpa_cast<in0_t>(gpa_i) * in1 + in0\n"
              "  : gpa_cast<in0_t>(gpa_i) / in3 * in1 + in0;\n"
              "if (gpa_i == in4) y = in2;\n"
              "out0 = gpa_cast<out0_t>(y);";
    int rc = index_fill(out, body, 5, types, values);
    Py_DECREF(endp);
    if (rc < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return (PyObject *)out;
}

/* _eye(N, M, k, dtype) and _tri(N, M, k, dtype): C-order 2-D fills. */
static PyObject *diag_fill(PyObject *args, PyObject *kw, const char *name,
                           const char *body)
{
    static char *kwlist[] = {"N", "M", "k", "dtype", NULL};
    Py_ssize_t shape[2];
    PyObject *k, *dtype;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nnOO", kwlist, &shape[0],
                                     &shape[1], &k, &dtype))
        return NULL;
    GPA_UNUSED(name);
    PyArray_Descr *d = gpa_descr_from_obj(dtype);
    if (d == NULL)
        return NULL;
    gpa_device *dev = gpa_current_device();
    if (dev == NULL) {
        Py_DECREF(d);
        return NULL;
    }
    gpa_array *out = gpa_array_empty(dev, d, 2, shape, 0);
    if (out == NULL)
        return NULL;
    PyObject *m = PyLong_FromSsize_t(shape[1] ? shape[1] : 1);
    if (m == NULL) {
        Py_DECREF(out);
        return NULL;
    }
    int types[2] = {NPY_LONG, NPY_LONG};
    PyObject *values[2] = {m, k};
    int rc = index_fill(out, body, 2, types, values);
    Py_DECREF(m);
    if (rc < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return (PyObject *)out;
}

PyObject *gpa_py_eye(PyObject *self, PyObject *args, PyObject *kw)
{
    GPA_UNUSED(self);
    return diag_fill(args, kw, "eye",
                     "out0 = gpa_cast<out0_t>((gpa_i % in0) - (gpa_i / in0) "
                     "== in1);");
}

PyObject *gpa_py_tri(PyObject *self, PyObject *args, PyObject *kw)
{
    GPA_UNUSED(self);
    return diag_fill(args, kw, "tri",
                     "out0 = gpa_cast<out0_t>((gpa_i % in0) <= (gpa_i / in0) "
                     "+ in1);");
}
