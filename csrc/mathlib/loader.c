/* loader.c - Note [Library search] (loader.h): where a math library is
 * looked for and how a missing one is reported.
 *
 * Every candidate is dlopened with RTLD_NOW | RTLD_LOCAL: RTLD_NOW so
 * that a library whose own dependencies are missing (libcusolver without
 * libcublasLt beside it) fails here, where we can say so, and not at the
 * first call; RTLD_LOCAL so that two BLAS libraries in one process
 * (NumPy's own OpenBLAS and ours) never resolve each other's symbols.
 * The handles are the caller's; the callers of csrc/mathlib/ keep them
 * for the process's life (Note [Process-wide CUDA tables] in
 * runtime/cuda_loader.c explains why).
 */
#include "common.h"
#include "mathlib/loader.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define WHERE_SLOTS 16

/* What each `what` was loaded from (gpa_mathlib_where); GIL-protected. */
static struct { char what[32]; char path[1024]; } where_tab[WHERE_SLOTS];

static void
remember(const char *what, const char *path)
{
    int i;

    for (i = 0; i < WHERE_SLOTS; i++) {
        if (where_tab[i].what[0] == '\0'
            || strcmp(where_tab[i].what, what) == 0)
            break;
    }
    if (i == WHERE_SLOTS)
        return;
    snprintf(where_tab[i].what, sizeof where_tab[i].what, "%s", what);
    snprintf(where_tab[i].path, sizeof where_tab[i].path, "%s", path);
}

const char *
gpa_mathlib_where(const char *what)
{
    for (int i = 0; i < WHERE_SLOTS && where_tab[i].what[0]; i++)
        if (strcmp(where_tab[i].what, what) == 0)
            return where_tab[i].path;
    return NULL;
}

/* The search state: the tried places, for the error message. */
typedef struct {
    const char *what;
    const char *const *sonames;
    char tried[2048];
    char last_err[512];
    char found[1024];
} search;

static void
note_tried(search *s, const char *place)
{
    size_t used = strlen(s->tried);

    if (used + strlen(place) + 3 < sizeof s->tried)
        snprintf(s->tried + used, sizeof s->tried - used, "%s%s",
                 used ? ", " : "", place);
}

static int
is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dlopen of one path (or bare soname when dir is NULL). New handle or
 * NULL; a failure that is not "no such file" is kept for the message. */
static void *
try_open(search *s, const char *dir, const char *file)
{
    char path[1024];
    void *h;
    const char *err;

    if (dir != NULL) {
        if (snprintf(path, sizeof path, "%s/%s", dir, file)
            >= (int)sizeof path)
            return NULL;
        if (access(path, F_OK) != 0)
            return NULL;
    }
    else {
        snprintf(path, sizeof path, "%s", file);
    }
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        err = dlerror();
        /* The system loader's plain "cannot open" is expected; a library
         * that exists but cannot be loaded is worth telling. */
        if (err != NULL
            && (dir != NULL || strstr(err, "No such file") == NULL))
            snprintf(s->last_err, sizeof s->last_err, "%s", err);
        return NULL;
    }
    snprintf(s->found, sizeof s->found, "%s", path);
    return h;
}

/* Every soname in one folder. */
static void *
try_dir(search *s, const char *dir)
{
    void *h = NULL;

    if (dir == NULL || dir[0] == '\0' || !is_dir(dir))
        return NULL;
    note_tried(s, dir);
    for (const char *const *n = s->sonames; *n != NULL && h == NULL; n++)
        h = try_open(s, dir, *n);
    return h;
}

/* An override value: a file or a folder. */
static void *
try_override(search *s, const char *value)
{
    void *h;

    if (is_dir(value))
        return try_dir(s, value);
    note_tried(s, value);
    h = try_open(s, NULL, value);
    return h;
}

/* A new list of str: sys.path + site.getsitepackages() (+ user site).
 * NULL only without memory; other Python errors are cleared (the wheels
 * are optional). */
static PyObject *
site_dirs(void)
{
    PyObject *out = NULL, *sys_path, *site = NULL, *more = NULL, *tmp = NULL;

    out = PyList_New(0);
    if (out == NULL)
        return NULL;
    sys_path = PySys_GetObject("path"); /* borrowed */
    if (sys_path != NULL && PyList_Check(sys_path)) {
        tmp = PySequence_InPlaceConcat(out, sys_path);
        if (tmp == NULL)
            goto fail;
        Py_CLEAR(tmp);
    }
    site = PyImport_ImportModule("site");
    if (site != NULL)
        more = PyObject_CallMethod(site, "getsitepackages", NULL);
    if (more != NULL && PyList_Check(more)) {
        tmp = PySequence_InPlaceConcat(out, more);
        if (tmp == NULL)
            goto fail;
        Py_CLEAR(tmp);
    }
    PyErr_Clear();
    Py_XDECREF(more);
    Py_XDECREF(site);
    return out;
fail:
    Py_XDECREF(more);
    Py_XDECREF(site);
    Py_DECREF(out);
    PyErr_Clear();
    return NULL;
}

/* Places of item 2 in one site-packages folder. */
static void *
try_site(search *s, const char *site, const char *lower_what,
         const char *pkg_dir)
{
    char d[1024];
    void *h = NULL;
    const char *subs[] = {"nvidia/cu13/lib", "nvidia/cu12/lib", NULL};

    for (int i = 0; subs[i] != NULL && h == NULL; i++) {
        snprintf(d, sizeof d, "%s/%s", site, subs[i]);
        h = try_dir(s, d);
    }
    if (h == NULL) {
        snprintf(d, sizeof d, "%s/nvidia/%s/lib", site, lower_what);
        h = try_dir(s, d);
    }
    if (h == NULL && pkg_dir[0] != '\0') {
        snprintf(d, sizeof d, "%s/%s/lib", site, pkg_dir);
        h = try_dir(s, d);
    }
    return h;
}

/* cuda-pathfinder, where installed: cuda.pathfinder.find_nvidia_dynamic_lib
 * (or load_nvidia_dynamic_lib(...).abs_path) names the file. */
static void *
try_pathfinder(search *s, const char *lower_what)
{
    PyObject *mod, *res = NULL, *path = NULL;
    void *h = NULL;

    mod = PyImport_ImportModule("cuda.pathfinder");
    if (mod == NULL) {
        PyErr_Clear();
        return NULL;
    }
    res = PyObject_CallMethod(mod, "find_nvidia_dynamic_lib", "s", lower_what);
    if (res == NULL) {
        PyErr_Clear();
        res = PyObject_CallMethod(mod, "load_nvidia_dynamic_lib", "s",
                                  lower_what);
        if (res != NULL)
            path = PyObject_GetAttrString(res, "abs_path");
    }
    else {
        path = res;
        Py_INCREF(path);
    }
    if (path != NULL && PyUnicode_Check(path)) {
        const char *p = PyUnicode_AsUTF8(path);
        if (p != NULL) {
            note_tried(s, "cuda-pathfinder");
            h = try_open(s, NULL, p);
        }
    }
    PyErr_Clear();
    Py_XDECREF(path);
    Py_XDECREF(res);
    Py_DECREF(mod);
    return h;
}

void *
gpa_mathlib_open(const char *what, const char *const *sonames,
                 const char *pip_package)
{
    search s;
    char env[96], lower[64], pkg_dir[96];
    const char *ov;
    void *h = NULL;
    PyObject *sites = NULL;
    size_t j = 0;
    int cuda_lib = (tolower((unsigned char)what[0]) == 'c'
                    && tolower((unsigned char)what[1]) == 'u');

    memset(&s, 0, sizeof s);
    s.what = what;
    s.sonames = sonames;

    /* GPUARRAY_<WHAT>_PATH and the lower-case name of the wheel folder. */
    j = (size_t)snprintf(env, sizeof env, "GPUARRAY_");
    for (const char *c = what; *c && j + 6 < sizeof env; c++)
        if (isalnum((unsigned char)*c))
            env[j++] = (char)toupper((unsigned char)*c);
    snprintf(env + j, sizeof env - j, "_PATH");
    j = 0;
    for (const char *c = what; *c && j + 1 < sizeof lower; c++)
        if (isalnum((unsigned char)*c))
            lower[j++] = (char)tolower((unsigned char)*c);
    lower[j] = '\0';
    j = 0;
    for (const char *c = pip_package; *c && j + 1 < sizeof pkg_dir; c++)
        pkg_dir[j++] = (*c == '-') ? '_' : *c;
    pkg_dir[j] = '\0';

    /* 1. Overrides: the only place searched when set. */
    ov = getenv(env);
    if ((ov == NULL || ov[0] == '\0') && cuda_lib)
        ov = getenv("GPUARRAY_CUDA_LIB_DIR");
    if (ov != NULL && ov[0] != '\0') {
        h = try_override(&s, ov);
        goto done;
    }

    /* 2. pip wheels. */
    sites = site_dirs();
    if (sites != NULL) {
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(sites) && h == NULL; i++) {
            PyObject *it = PyList_GET_ITEM(sites, i);
            const char *d = PyUnicode_Check(it) ? PyUnicode_AsUTF8(it) : NULL;
            if (d == NULL) {
                PyErr_Clear();
                continue;
            }
            h = try_site(&s, d, lower, pkg_dir);
        }
        Py_CLEAR(sites);
    }
    if (h == NULL && cuda_lib)
        h = try_pathfinder(&s, lower);

    /* 3. The toolkit named by the environment. */
    for (int k = 0; k < 2 && h == NULL && cuda_lib; k++) {
        const char *root = getenv(k == 0 ? "CUDA_HOME" : "CUDA_PATH");
        char d[1024];
        if (root == NULL || root[0] == '\0')
            continue;
        snprintf(d, sizeof d, "%s/lib64", root);
        h = try_dir(&s, d);
        if (h == NULL) {
            snprintf(d, sizeof d, "%s/lib", root);
            h = try_dir(&s, d);
        }
    }

    /* 4. The system loader, then the toolkit's default folder. */
    if (h == NULL) {
        note_tried(&s, "the system library path");
        for (const char *const *n = sonames; *n != NULL && h == NULL; n++)
            h = try_open(&s, NULL, *n);
    }
    if (h == NULL && cuda_lib)
        h = try_dir(&s, "/usr/local/cuda/lib64");

done:
    if (h != NULL) {
        remember(what, s.found);
        return h;
    }
    {
        char names[512] = "";
        size_t used = 0;
        for (const char *const *n = sonames; *n != NULL; n++) {
            int w = snprintf(names + used, sizeof names - used, "%s%s",
                             used ? ", " : "", *n);
            if (w < 0 || (size_t)w >= sizeof names - used)
                break;
            used += (size_t)w;
        }
        PyErr_Format(PyExc_ImportError,
                     "%s was not found (looked for %s in: %s)%s%s. "
                     "Install it with `pip install %s`, or set %s to the "
                     "library or its folder.",
                     what, names, s.tried[0] ? s.tried : "nowhere",
                     s.last_err[0] ? "; last error: " : "", s.last_err,
                     pip_package, env);
    }
    return NULL;
}
