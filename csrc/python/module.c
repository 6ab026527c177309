/* module.c - gpuarray._core: module initialisation and the table of its
 * module-level functions, each implemented in the layer that owns it.
 */
#define GPA_IMPORT_ARRAY
#include "common.h"
#include "config.h"
#include "hooks.h"
#include "util.h"
#include "python/module_functions.h"
#include "array/array.h"
#include "jit/jit.h"
#include "ops/ufunc.h"
#include "mathlib/fft.h"

static PyMethodDef core_methods[] = {
    {"_set_hook", gpa_py_set_hook, METH_VARARGS,
     "register a Python object the C layer calls back into"},
    GPA_RUNTIME_FUNCTIONS
    GPA_ARRAY_FUNCTIONS
    GPA_CREATION_FUNCTIONS
    GPA_JIT_FUNCTIONS
    GPA_REDUCE_FUNCTIONS
    GPA_SORT_FUNCTIONS
    GPA_INTEROP_FUNCTIONS
    GPA_MATHLIB_FUNCTIONS
    GPA_FFT_FUNCTIONS
    GPA_CONFIG_FUNCTIONS
    {NULL, NULL, 0, NULL},
};

static void core_free(void *m)
{
    GPA_UNUSED(m);
    gpa_hooks_clear();
}

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "gpuarray._core",
    .m_doc = "gpuarray's C core: the ndarray type, kernels and devices.",
    .m_size = -1,
    .m_methods = core_methods,
    .m_free = core_free,
};

PyMODINIT_FUNC PyInit__core(void)
{
    PyObject *m = NULL;
    import_array();
    import_umath();
    if (gpa_config_load() < 0)
        return NULL;
    if (gpa_util_init() < 0)
        return NULL;
    m = PyModule_Create(&core_module);
    if (m == NULL)
        return NULL;
    if (gpa_array_type_init(m) < 0 || gpa_jit_module_init(m) < 0 ||
        gpa_ufunc_module_init(m) < 0)
        goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
