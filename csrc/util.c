/* util.c - argument helpers (util.h). */
#include "util.h"

PyObject *gpa_AxisError;
PyObject *gpa_numpy;

static char quirks[256];

const char *gpa_numpy_quirks(void)
{
    return quirks;
}

/* nextafter(float16(-0.0), float16(0.0)): +0 (C99, NumPy >= 2.5) or -0. */
static int read_numpy_quirks(void)
{
    PyObject *r = PyRun_String(
        "__import__('numpy').signbit(__import__('numpy').nextafter("
        "__import__('numpy').float16(-0.0), __import__('numpy').float16(0.0)"
        "))", Py_eval_input, PyEval_GetBuiltins(), NULL);
    if (r == NULL)
        return -1;
    int negative = PyObject_IsTrue(r);
    Py_DECREF(r);
    if (negative < 0)
        return -1;
    snprintf(quirks, sizeof quirks, "%s",
             negative ? "" : "#define GPA_NP_HALF_NEXTAFTER_Y 1\n");
    return 0;
}

int gpa_util_init(void)
{
    PyObject *exc = PyImport_ImportModule("numpy.exceptions");
    if (exc == NULL)
        return -1;
    gpa_AxisError = PyObject_GetAttrString(exc, "AxisError");
    Py_DECREF(exc);
    if (gpa_AxisError == NULL)
        return -1;
    gpa_numpy = PyImport_ImportModule("numpy");
    if (gpa_numpy == NULL)
        return -1;
    return read_numpy_quirks();
}

int gpa_normalize_axis(Py_ssize_t *axis, int ndim)
{
    if (*axis < -ndim || *axis >= ndim) {
        PyObject *err = PyObject_CallFunction(gpa_AxisError, "ni", *axis,
                                              ndim);
        if (err != NULL) {
            PyErr_SetObject(gpa_AxisError, err);
            Py_DECREF(err);
        }
        return -1;
    }
    if (*axis < 0)
        *axis += ndim;
    return 0;
}

int gpa_parse_order(PyObject *obj, const char *allowed, char dflt,
                    char *order)
{
    if (obj == NULL || obj == Py_None) {
        *order = dflt;
        return 0;
    }
    const char *s = NULL;
    if (PyUnicode_Check(obj))
        s = PyUnicode_AsUTF8(obj);
    else if (PyBytes_Check(obj))
        s = PyBytes_AS_STRING(obj);    /* NumPy takes b'C' too */
    else {
        PyErr_Format(PyExc_TypeError, "order must be str, not %s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (s != NULL && s[0] != '\0' && s[1] == '\0') {
        char c = s[0] >= 'a' && s[0] <= 'z' ? (char)(s[0] - 32) : s[0];
        if (strchr(allowed, c) != NULL) {
            *order = c;
            return 0;
        }
    }
    if (PyErr_Occurred())
        return -1;
    PyErr_Format(PyExc_ValueError, "order must be one of '%s', not %R",
                 allowed, obj);
    return -1;
}

int gpa_parse_axes(PyObject *obj, int ndim, char *mask)
{
    memset(mask, 0, (size_t)(ndim > 0 ? ndim : 1));
    if (obj == NULL || obj == Py_None) {
        memset(mask, 1, (size_t)ndim);
        return ndim;
    }
    if (PyTuple_Check(obj) || PyList_Check(obj)) {
        PyObject *seq = PySequence_Fast(obj, "axis");
        if (seq == NULL)
            return -1;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        int count = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_ssize_t ax = PyNumber_AsSsize_t(
                PySequence_Fast_GET_ITEM(seq, i), PyExc_OverflowError);
            if ((ax == -1 && PyErr_Occurred()) ||
                gpa_normalize_axis(&ax, ndim) < 0) {
                Py_DECREF(seq);
                return -1;
            }
            if (mask[ax]) {
                Py_DECREF(seq);
                PyErr_SetString(PyExc_ValueError,
                                "duplicate value in 'axis'");
                return -1;
            }
            mask[ax] = 1;
            count++;
        }
        Py_DECREF(seq);
        return count;
    }
    if (!PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError,
                     "'%.200s' object cannot be interpreted as an integer",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t ax = PyNumber_AsSsize_t(obj, PyExc_OverflowError);
    if ((ax == -1 && PyErr_Occurred()) || gpa_normalize_axis(&ax, ndim) < 0)
        return -1;
    mask[ax] = 1;
    return 1;
}

PyObject *gpa_tuple_from_ssize(int n, const Py_ssize_t *v)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromSsize_t(v[i]);
        if (x == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* NumPy 2's errors for an integer index that is no Py_ssize_t: in
 * [2**63, 2**64) OverflowError (its conversion to C long fails), beyond
 * either end the IndexError for an invalid index. */
Py_ssize_t gpa_index_value(PyObject *obj)
{
    int overflow = 0;
    PyObject *i = PyNumber_Index(obj);
    if (i == NULL)
        return -1;
    long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        Py_DECREF(i);
        return -1;
    }
    if (overflow > 0) {
        PyLong_AsUnsignedLongLong(i);
        if (PyErr_Occurred()) {
            PyErr_Clear();
        } else {
            Py_DECREF(i);
            PyErr_SetString(PyExc_OverflowError,
                            "Python int too large to convert to C long");
            return -1;
        }
    }
    Py_DECREF(i);
    if (overflow != 0 || v > PY_SSIZE_T_MAX || v < PY_SSIZE_T_MIN) {
        PyErr_SetString(PyExc_IndexError,
                        "only integers, slices (`:`), ellipsis (`...`), "
                        "numpy.newaxis (`None`) and integer or boolean arrays "
                        "are valid indices");
        return -1;
    }
    return (Py_ssize_t)v;
}

/* A cast from type `from` to type `to` that NumPy warns of: complex to
 * a real type other than bool (bool loses nothing it keeps). */
int gpa_casts_drop_imaginary(int from, int to)
{
    return PyTypeNum_ISCOMPLEX(from) && !PyTypeNum_ISCOMPLEX(to) &&
           to != NPY_BOOL;
}

/* NumPy's ComplexWarning for casts that drop imaginary parts. */
int gpa_warn_complex_discarded(void)
{
    PyObject *mod = PyImport_ImportModule("numpy.exceptions");
    PyObject *cls = mod ? PyObject_GetAttrString(mod, "ComplexWarning") : NULL;
    Py_XDECREF(mod);
    if (cls == NULL)
        return -1;
    int rc = PyErr_WarnEx(cls, "Casting complex values to real discards the "
                               "imaginary part", 1);
    Py_DECREF(cls);
    return rc;
}
