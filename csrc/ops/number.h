/* number.h - the ndarray's operators (number protocol and comparisons),
 * each a direct call of a ufunc with no Python argument objects built. */
#ifndef GPA_NUMBER_H
#define GPA_NUMBER_H

#include "array/array.h"

#define GPA_NUMBER_SLOT_LIST(X)                                         \
    X(add) X(subtract) X(multiply) X(true_divide) X(floor_divide)       \
    X(remainder) X(lshift) X(rshift) X(and) X(or) X(xor) X(matrix_multiply)

#define GPA_DECLARE_BINARY(op)                                          \
    PyObject *gpa_nb_##op(PyObject *a, PyObject *b);                    \
    PyObject *gpa_nb_inplace_##op(PyObject *a, PyObject *b);
GPA_NUMBER_SLOT_LIST(GPA_DECLARE_BINARY)

PyObject *gpa_nb_power(PyObject *a, PyObject *b, PyObject *mod);
PyObject *gpa_nb_inplace_power(PyObject *a, PyObject *b, PyObject *mod);
PyObject *gpa_nb_divmod(PyObject *a, PyObject *b);
PyObject *gpa_nb_negative(PyObject *a);
PyObject *gpa_nb_positive(PyObject *a);
PyObject *gpa_nb_absolute(PyObject *a);
PyObject *gpa_nb_invert(PyObject *a);
/* conversions of size-1 arrays (array/convert.c) */
int gpa_array_nb_bool(gpa_array *a);
PyObject *gpa_array_nb_int(gpa_array *a);
PyObject *gpa_array_nb_float(gpa_array *a);
PyObject *gpa_array_nb_index(gpa_array *a);

#define GPA_NUMBER_SLOTS                                                \
    {Py_nb_add, gpa_nb_add}, {Py_nb_subtract, gpa_nb_subtract},         \
    {Py_nb_multiply, gpa_nb_multiply},                                  \
    {Py_nb_true_divide, gpa_nb_true_divide},                            \
    {Py_nb_floor_divide, gpa_nb_floor_divide},                          \
    {Py_nb_remainder, gpa_nb_remainder}, {Py_nb_lshift, gpa_nb_lshift}, \
    {Py_nb_rshift, gpa_nb_rshift}, {Py_nb_and, gpa_nb_and},             \
    {Py_nb_or, gpa_nb_or}, {Py_nb_xor, gpa_nb_xor},                     \
    {Py_nb_matrix_multiply, gpa_nb_matrix_multiply},                    \
    {Py_nb_inplace_add, gpa_nb_inplace_add},                            \
    {Py_nb_inplace_subtract, gpa_nb_inplace_subtract},                  \
    {Py_nb_inplace_multiply, gpa_nb_inplace_multiply},                  \
    {Py_nb_inplace_true_divide, gpa_nb_inplace_true_divide},            \
    {Py_nb_inplace_floor_divide, gpa_nb_inplace_floor_divide},          \
    {Py_nb_inplace_remainder, gpa_nb_inplace_remainder},                \
    {Py_nb_inplace_lshift, gpa_nb_inplace_lshift},                      \
    {Py_nb_inplace_rshift, gpa_nb_inplace_rshift},                      \
    {Py_nb_inplace_and, gpa_nb_inplace_and},                            \
    {Py_nb_inplace_or, gpa_nb_inplace_or},                              \
    {Py_nb_inplace_xor, gpa_nb_inplace_xor},                            \
    {Py_nb_inplace_matrix_multiply, gpa_nb_inplace_matrix_multiply},    \
    {Py_nb_power, gpa_nb_power},                                        \
    {Py_nb_inplace_power, gpa_nb_inplace_power},                        \
    {Py_nb_divmod, gpa_nb_divmod}, {Py_nb_negative, gpa_nb_negative},   \
    {Py_nb_positive, gpa_nb_positive},                                  \
    {Py_nb_absolute, gpa_nb_absolute}, {Py_nb_invert, gpa_nb_invert},   \
    {Py_nb_bool, gpa_array_nb_bool}, {Py_nb_int, gpa_array_nb_int},     \
    {Py_nb_float, gpa_array_nb_float}, {Py_nb_index, gpa_array_nb_index}

#endif
