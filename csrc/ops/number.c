/* number.c - operators: a + b goes from the number protocol to a launch
 * through gpa_ufunc_apply, with no Python code and no argument objects.
 * Note [Operator ufuncs]: the ufuncs are looked up once and kept here.
 */
#include "ops/number.h"
#include "ops/ufunc.h"
#include "hooks.h"
#include "array/structured.h"
#include "array/convert.h"

enum {
    U_ADD, U_SUB, U_MUL, U_TRUEDIV, U_FLOORDIV, U_REM, U_LSHIFT, U_RSHIFT,
    U_AND, U_OR, U_XOR, U_POW, U_DIVMOD, U_NEG, U_POS, U_ABS, U_INVERT,
    U_LT, U_LE, U_EQ, U_NE, U_GT, U_GE, U_SQUARE, U_COUNT
};

static const char *const op_names[U_COUNT] = {
    "add", "subtract", "multiply", "divide", "floor_divide", "remainder",
    "left_shift", "right_shift", "bitwise_and", "bitwise_or", "bitwise_xor",
    "power", "divmod", "negative", "positive", "absolute", "invert", "less",
    "less_equal", "equal", "not_equal", "greater", "greater_equal",
    "square",
};

static gpa_ufunc *op_ufuncs[U_COUNT];

static gpa_ufunc *op_ufunc(int op)
{
    if (op_ufuncs[op] == NULL) {
        op_ufuncs[op] = gpa_ufunc_get(op_names[op]);
        if (op_ufuncs[op] == NULL)
            PyErr_Format(PyExc_TypeError, "gpuarray has no ufunc '%s'",
                         op_names[op]);
    }
    return op_ufuncs[op];
}

/* Note [Sequence operands]: `g == [0., 1., 2.]`, `g + (1, 2, 3)`: as
 * NumPy, a list or tuple beside one of our arrays is converted (to an
 * array on that array's device) and the operator runs elementwise.
 * Without this the slot would return NotImplemented and Python would
 * answer == with a plain False.  NumPy's conversion errors (a ragged list:
 * ValueError) and our dtype errors (strings: TypeError) propagate.
 * Returns a new reference to the array, or to `obj` itself; NULL on
 * error. */
static PyObject *sequence_operand(PyObject *obj, PyObject *other)
{
    if ((PyList_Check(obj) || PyTuple_Check(obj)) && gpa_array_check(other))
        return (PyObject *)gpa_array_from_host(((gpa_array *)other)->dev,
                                               obj, NULL, 'K');
    return Py_NewRef(obj);
}

static PyObject *apply_arrays(int op, PyObject *a, PyObject *b,
                              PyObject *out, int notimpl);

static PyObject *apply(int op, PyObject *a, PyObject *b, PyObject *out,
                       int notimpl)
{
    PyObject *ca = NULL, *cb = NULL, *r = NULL;
    if (b == NULL || (!PyList_Check(a) && !PyTuple_Check(a) &&
                      !PyList_Check(b) && !PyTuple_Check(b)))
        return apply_arrays(op, a, b, out, notimpl); /* the hot path */
    if ((ca = sequence_operand(a, b)) == NULL ||
        (cb = sequence_operand(b, a)) == NULL)
        goto done;
    r = apply_arrays(op, ca, cb, out, notimpl);
done:
    Py_XDECREF(ca);
    Py_XDECREF(cb);
    return r;
}

static PyObject *apply_arrays(int op, PyObject *a, PyObject *b,
                              PyObject *out, int notimpl)
{
    gpa_ufunc *uf = op_ufunc(op);
    gpa_ufunc_args args;
    if (uf == NULL)
        return NULL;
    args.nin = uf->nin;
    args.nout = uf->nout;
    args.in[0] = a;
    args.in[1] = b;
    args.out[0] = out ? (gpa_array *)out : NULL;
    args.out[1] = NULL;
    args.where = NULL;
    args.dtype = NULL;
    args.signature = NULL;
    args.casting = NPY_SAME_KIND_CASTING;
    args.order = 'K';
    args.kwargs = NULL;
    args.no_subok = 0;
    return gpa_ufunc_apply(uf, &args, notimpl);
}

static PyObject *binary(int op, PyObject *a, PyObject *b)
{
    return apply(op, a, b, NULL, 1);
}

/* a op= b: the result is written into a (a is always our array here). */
static PyObject *inplace(int op, PyObject *a, PyObject *b)
{
    if (!gpa_array_check(a))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *r = apply(op, a, b, a, 1);
    if (r == NULL || r == Py_NotImplemented)
        return r;
    Py_DECREF(r);
    return Py_NewRef(a);
}

#define BINARY_SLOTS(slot, op)                                        \
    PyObject *gpa_nb_##slot(PyObject *a, PyObject *b)                 \
    {                                                                 \
        return binary(op, a, b);                                      \
    }                                                                 \
    PyObject *gpa_nb_inplace_##slot(PyObject *a, PyObject *b)         \
    {                                                                 \
        return inplace(op, a, b);                                     \
    }
BINARY_SLOTS(add, U_ADD)
BINARY_SLOTS(subtract, U_SUB)
BINARY_SLOTS(multiply, U_MUL)
BINARY_SLOTS(true_divide, U_TRUEDIV)
BINARY_SLOTS(floor_divide, U_FLOORDIV)
BINARY_SLOTS(remainder, U_REM)
BINARY_SLOTS(lshift, U_LSHIFT)
BINARY_SLOTS(rshift, U_RSHIFT)
BINARY_SLOTS(and, U_AND)
BINARY_SLOTS(or, U_OR)
BINARY_SLOTS(xor, U_XOR)

/* a @ b: gpuarray.matmul (Python layer, cuBLAS). */
PyObject *gpa_nb_matrix_multiply(PyObject *a, PyObject *b)
{
    PyObject *fn = gpa_hook("matmul");
    if (fn == NULL) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    return PyObject_CallFunctionObjArgs(fn, a, b, NULL);
}

PyObject *gpa_nb_inplace_matrix_multiply(PyObject *a, PyObject *b)
{
    PyObject *r = gpa_nb_matrix_multiply(a, b);
    if (r == NULL || r == Py_NotImplemented || !gpa_array_check(a))
        return r;
    PyObject *ok = PyObject_CallMethod(a, "__setitem__", "(OO)", Py_Ellipsis,
                                       r);
    Py_DECREF(r);
    if (ok == NULL)
        return NULL;
    Py_DECREF(ok);
    return Py_NewRef(a);
}

/* NumPy's array ** 2 is square(array): the same values, but for booleans
 * square's own type (int8, not power's int64). */
static int is_python_two(PyObject *b)
{
    int overflow = 0;
    return PyLong_CheckExact(b) &&
           PyLong_AsLongAndOverflow(b, &overflow) == 2 && !overflow;
}

PyObject *gpa_nb_power(PyObject *a, PyObject *b, PyObject *mod)
{
    if (mod != Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    if (gpa_array_check(a) &&
        gpa_type_num((gpa_array *)a) == NPY_BOOL && is_python_two(b))
        return apply(U_SQUARE, a, NULL, NULL, 1);
    return binary(U_POW, a, b);
}

PyObject *gpa_nb_inplace_power(PyObject *a, PyObject *b, PyObject *mod)
{
    if (mod != Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    return inplace(U_POW, a, b);
}

PyObject *gpa_nb_divmod(PyObject *a, PyObject *b)
{
    gpa_ufunc *uf = op_ufunc(U_DIVMOD);
    gpa_ufunc_args args;
    if (uf == NULL)
        return NULL;
    memset(&args, 0, sizeof args);
    args.nin = 2;
    args.nout = 2;
    args.in[0] = a;
    args.in[1] = b;
    args.casting = NPY_SAME_KIND_CASTING;
    args.order = 'K';
    return gpa_ufunc_apply(uf, &args, 1);
}

static PyObject *unary(int op, PyObject *a)
{
    gpa_ufunc *uf = op_ufunc(op);
    gpa_ufunc_args args;
    if (uf == NULL)
        return NULL;
    memset(&args, 0, sizeof args);
    args.nin = 1;
    args.nout = 1;
    args.in[0] = a;
    args.casting = NPY_SAME_KIND_CASTING;
    args.order = 'K';
    return gpa_ufunc_apply(uf, &args, 0);
}

PyObject *gpa_nb_negative(PyObject *a) { return unary(U_NEG, a); }
PyObject *gpa_nb_positive(PyObject *a) { return unary(U_POS, a); }
PyObject *gpa_nb_absolute(PyObject *a) { return unary(U_ABS, a); }
PyObject *gpa_nb_invert(PyObject *a) { return unary(U_INVERT, a); }

PyObject *gpa_array_richcompare(PyObject *a, PyObject *b, int op)
{
    static const int map[] = {U_LT, U_LE, U_EQ, U_NE, U_GT, U_GE};
    /* == and != of structured or void data compare field by field, as
     * NumPy's (Note [Data-only dtypes]; gpuarray/_engine/structured.py) */
    if ((op == Py_EQ || op == Py_NE) &&
        ((gpa_array_check(a) && gpa_is_void((gpa_array *)a)) ||
         (gpa_array_check(b) && gpa_is_void((gpa_array *)b)))) {
        PyObject *args = Py_BuildValue("(Oi)", b, op == Py_EQ);
        if (args == NULL)
            return NULL;
        PyObject *r = gpa_hook_call("void_compare", a, args, NULL);
        Py_DECREF(args);
        return r;
    }
    PyObject *r = binary(map[op], a, b);
    /* == and != with an object that has no comparison of its own (None,
     * Ellipsis, object()): NumPy compares each element with it, by
     * identity, so an all-False (==) or all-True (!=) array, where
     * Python's fallback would give one bool */
    if (r == Py_NotImplemented && (op == Py_EQ || op == Py_NE) &&
        gpa_array_check(a) &&
        (b == Py_None || /* NoneType compares itself from Python 3.12 */
         Py_TYPE(b)->tp_richcompare == PyBaseObject_Type.tp_richcompare) &&
        !PyObject_HasAttrString(b, "__array_ufunc__")) {
        /* (an __array_ufunc__ = None object defers: NumPy's rule) */
        Py_DECREF(r);
        PyObject *args = Py_BuildValue("(Oi)", b, op == Py_EQ);
        if (args == NULL)
            return NULL;
        r = gpa_hook_call("object_compare", a, args, NULL);
        Py_DECREF(args);
    }
    return r;
}
