/* loader.c - STAND-IN for helper blas's math-library loader (loader.h):
 * the documented search order, nothing more.  Replaced at the merge.
 */
#include "mathlib/loader.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

/* Tries dir/soname for each soname (dir NULL: the system loader). */
static void *
try_dir(const char *dir, const char *const *sonames)
{
    char path[4096];
    void *h;
    int i;

    for (i = 0; sonames[i] != NULL; i++) {
        if (dir == NULL)
            h = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL);
        else {
            if (snprintf(path, sizeof path, "%s/%s", dir, sonames[i]) >=
                (int)sizeof path)
                continue;
            h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        }
        if (h != NULL)
            return h;
    }
    return NULL;
}

/* The folders of the nvidia pip wheels: a new list of str, or NULL with
 * no exception (the wheels are optional). */
static PyObject *
wheel_dirs(const char *sub)
{
    PyObject *util = NULL, *spec = NULL, *locs = NULL, *it = NULL;
    PyObject *loc = NULL, *d = NULL, *out = PyList_New(0);

    if (out == NULL)
        goto done;
    util = PyImport_ImportModule("importlib.util");
    if (util != NULL)
        spec = PyObject_CallMethod(util, "find_spec", "s", "nvidia");
    if (spec != NULL && spec != Py_None)
        locs = PyObject_GetAttrString(spec, "submodule_search_locations");
    if (locs != NULL && locs != Py_None)
        it = PyObject_GetIter(locs);
    while (it != NULL && (loc = PyIter_Next(it)) != NULL) {
        if (PyUnicode_Check(loc)) {
            d = PyUnicode_FromFormat("%U/cu13/lib", loc);
            if (d != NULL)
                PyList_Append(out, d);
            Py_XSETREF(d, PyUnicode_FromFormat("%U/%s/lib", loc, sub));
            if (d != NULL)
                PyList_Append(out, d);
            Py_CLEAR(d);
        }
        Py_CLEAR(loc);
    }
done:
    PyErr_Clear();
    Py_XDECREF(it);
    Py_XDECREF(locs);
    Py_XDECREF(spec);
    Py_XDECREF(util);
    return out;
}

void *
gpa_mathlib_open(const char *what, const char *const *sonames,
                 const char *pip_package)
{
    char var[64], sub[64];
    const char *env, *homes[] = {"CUDA_HOME", "CUDA_PATH"};
    PyObject *dirs = NULL;
    void *h = NULL;
    size_t i;

    /* override: GPUARRAY_CUFFT_PATH, a library file or its folder */
    snprintf(var, sizeof var, "GPUARRAY_%s_PATH", what);
    for (i = 0; var[i]; i++)
        var[i] = (char)toupper((unsigned char)var[i]);
    for (i = 0; what[i] && i + 1 < sizeof sub; i++)
        sub[i] = (char)tolower((unsigned char)what[i]);
    sub[i] = '\0';
    env = getenv(var);
    if (env != NULL && env[0] != '\0') {
        /* an override is the only place searched */
        h = dlopen(env, RTLD_NOW | RTLD_LOCAL);
        if (h == NULL)
            h = try_dir(env, sonames);
        if (h == NULL)
            PyErr_Format(PyExc_ImportError,
                         "%s is not available: not found at %s=%s (unset "
                         "it to search, or `pip install %s`)", what, var,
                         env, pip_package);
        return h;
    }
    dirs = wheel_dirs(sub);
    for (i = 0; dirs != NULL && i < (size_t)PyList_GET_SIZE(dirs) &&
                h == NULL; i++) {
        const char *d = PyUnicode_AsUTF8(PyList_GET_ITEM(dirs, i));
        if (d != NULL)
            h = try_dir(d, sonames);
        PyErr_Clear();
    }
    Py_XDECREF(dirs);
    for (i = 0; i < 2 && h == NULL; i++) {
        char dir[4096];
        env = getenv(homes[i]);
        if (env != NULL && env[0] != '\0' &&
            snprintf(dir, sizeof dir, "%s/lib64", env) < (int)sizeof dir)
            h = try_dir(dir, sonames);
    }
    if (h == NULL)
        h = try_dir("/usr/local/cuda/lib64", sonames);
    if (h == NULL)
        h = try_dir(NULL, sonames);
    if (h == NULL)
        PyErr_Format(PyExc_ImportError,
                     "%s is not available: %s not found (set %s, or "
                     "`pip install %s`)", what, sonames[0], var,
                     pip_package);
    return h;
}
