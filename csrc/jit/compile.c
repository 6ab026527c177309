/* compile.c - from kernel source to a loaded module (jit.h).
 *
 * Slow path only: the hot path finds kernels through kernel_cache.c and
 * never comes here after the first call of a kernel.
 */
#include "jit/jit.h"
#include "jit/compile.h"
#include "jit/disk_cache.h"
#include "jit/precompiled.h"
#include "jit/prelude_text.h"
#include "config.h"
#include "util.h"

#include <stdlib.h>
#include <unistd.h>

struct gpa_module {
    gpa_device *dev;
    void *handle;
};

gpa_jit_stats gpa_jit_counters;
PyObject *gpa_CompileError;

static PyObject *modules; /* "device-key:sha" -> capsule(gpa_module) */

/* The prelude, behind the NumPy-version defines (util.h): built once. */
const char *gpa_prelude(void)
{
    static char *text;
    if (text == NULL) {
        const char *q = gpa_numpy_quirks();
        size_t qn = strlen(q), pn = strlen(gpa_prelude_text);
        char *t = malloc(qn + pn + 1);
        if (t == NULL)
            return gpa_prelude_text; /* degrade: no quirk defines */
        memcpy(t, q, qn);
        memcpy(t + qn, gpa_prelude_text, pn + 1);
        text = t;
    }
    return text;
}

/* Raises gpuarray.CompileError(message) with .log and .source set. */
int gpa_raise_compile_error(const char *what, const char *log,
                            const char *source)
{
    PyObject *exc = NULL;
    PyObject *msg = PyUnicode_FromFormat(
        "%s failed to compile a generated kernel:\n%s\n(the exception's "
        ".source holds the kernel source; GPUARRAY_DEBUG=1 prints it)",
        what, log ? log : "");
    if (msg == NULL)
        return -1;
    exc = PyObject_CallOneArg(gpa_CompileError, msg);
    Py_DECREF(msg);
    if (exc == NULL)
        return -1;
    PyObject *l = PyUnicode_DecodeUTF8(log ? log : "", log ? strlen(log) : 0,
                                       "replace");
    PyObject *s = PyUnicode_DecodeUTF8(source, strlen(source), "replace");
    if (l && s) {
        PyObject_SetAttrString(exc, "log", l);
        PyObject_SetAttrString(exc, "source", s);
    }
    Py_XDECREF(l);
    Py_XDECREF(s);
    PyErr_SetObject(gpa_CompileError, exc);
    Py_DECREF(exc);
    return -1;
}

static void module_capsule_free(PyObject *cap)
{
    free(PyCapsule_GetPointer(cap, "gpuarray.module"));
}

/* Records a loaded module (takes ownership of m). */
static int remember(const char *key, gpa_module *m)
{
    PyObject *cap = PyCapsule_New(m, "gpuarray.module", module_capsule_free);
    if (cap == NULL) {
        free(m);
        return -1;
    }
    int rc = PyDict_SetItemString(modules, key, cap);
    Py_DECREF(cap);
    return rc;
}

/* Where a compile request differs between generated and user (raw)
 * source: the hashed text and how the compiler is called. */
typedef struct {
    const char *kernels;             /* generated: the part after the prelude */
    const char *const *user_opts;    /* raw: the user's NVRTC options */
    int n_user_opts;
    int raw;
} compile_request;

/* The module of the hashed text `full` (PyMem-allocated; this function
 * owns it): from the module table, the disk cache or the compiler. */
static gpa_module *load_text(gpa_device *dev, const gpa_compiler *cc,
                             char *full, const char *opts,
                             const compile_request *req)
{
    char *image = NULL;
    size_t image_n = 0;
    gpa_module *m = NULL;
    char digest[65], key[160], path[4400], target[64];

    if (gpa_sha256_hex(full, strlen(full), digest) < 0)
        goto fail;
    snprintf(key, sizeof key, "%s%d:%s", cc->name, dev->ordinal, digest);

    if (modules == NULL && (modules = PyDict_New()) == NULL)
        goto fail;
    PyObject *cap = PyDict_GetItemString(modules, key);
    if (cap != NULL) {
        gpa_jit_counters.memory_hits++;
        PyMem_Free(full);
        return PyCapsule_GetPointer(cap, "gpuarray.module");
    }

    char dir[4200];
    snprintf(dir, sizeof dir, "%s/%s", gpa_cfg.cache_dir, cc->name);
    gpa_mkdirs(dir); /* a cache we can't write still works, uncached */
    snprintf(path, sizeof path, "%s/%s.%s", dir, digest, cc->extension);

    int found = gpa_disk_cache_read(path, &image, &image_n);
    char shipped[4400];
    const char *load_path = path;
    if (found == 0) { /* Note [Precompiled kernels] */
        found = gpa_precompiled_read(cc->name, digest, cc->extension,
                                     shipped, sizeof shipped, &image,
                                     &image_n);
        if (found > 0)
            load_path = shipped;
    }
    if (found < 0)
        goto fail;
    if (found) {
        gpa_jit_counters.disk_hits++;
    } else {
        if (access(path, F_OK) == 0)
            gpa_jit_counters.disk_rejects++;
        if (gpa_cfg.debug) {
            snprintf(target, sizeof target, "%s", cc->name);
            fprintf(stderr, "gpuarray: compiling kernel (%s)\n%s\n", target,
                    full);
        }
        gpa_jit_counters.compiles++;
        double t0 = gpa_monotonic_s();
        int crc = req->raw ? cc->compile_raw(dev, full, req->user_opts,
                                             req->n_user_opts, &image,
                                             &image_n)
                           : cc->compile(dev, full, req->kernels, opts,
                                         &image, &image_n);
        if (crc < 0)
            goto fail;
        gpa_compile_notice(gpa_monotonic_s() - t0);
        if (gpa_disk_cache_write(path, image, image_n) < 0)
            goto fail;
        /* host: the loader needs the file; if it could not be written,
         * fall back to the compiler's own output file. */
    }

    m = calloc(1, sizeof *m);
    if (m == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    m->dev = dev;
    char fallback[4200];
    if (!found && cc->needs_file && access(path, R_OK) != 0) {
        /* the cache could not be written: load from a private temp file */
        if (gpa_write_temp_file(image, image_n, fallback,
                                sizeof fallback) < 0)
            goto fail;
        load_path = fallback;
    }
    if (dev->be->module_load(dev, image, image_n, load_path, &m->handle) < 0)
        goto fail;
    PyMem_Free(image);
    PyMem_Free(full);
    if (remember(key, m) < 0)
        return NULL;
    return m;
fail:
    free(m);
    PyMem_Free(image);
    PyMem_Free(full);
    return NULL;
}

static const gpa_compiler *compiler_of(gpa_device *dev)
{
    return dev->kind == GPA_DEVICE_CUDA ? &gpa_nvrtc_compiler
                                        : &gpa_host_compiler;
}

gpa_module *gpa_jit_load(gpa_device *dev, const char *source)
{
    const char *opts = NULL;
    const gpa_compiler *cc = compiler_of(dev);
    char target[64];

    if (cc->describe(dev, target, sizeof target, &opts) < 0)
        return NULL;
    /* The hashed text: options, compiler and target ahead of the source. */
    const char *prelude = gpa_prelude();
    size_t plen = strlen(prelude), slen = strlen(source);
    size_t olen = strlen(opts) + strlen(target) + 8;
    char *full = PyMem_Malloc(olen + plen + slen + 2);
    if (full == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    int hdr = snprintf(full, olen, "//%s|%s\n", target, opts);
    memcpy(full + hdr, prelude, plen);
    full[hdr + plen] = '\n';
    memcpy(full + hdr + plen + 1, source, slen + 1);
    compile_request req = {source, NULL, 0, 0};
    return load_text(dev, cc, full, opts, &req);
}

gpa_module *gpa_jit_load_raw(gpa_device *dev, const char *source,
                             const char *const *user_opts, int n_user_opts)
{
    const char *opts = NULL;
    const gpa_compiler *cc = compiler_of(dev);
    char target[64];

    if (cc->describe(dev, target, sizeof target, &opts) < 0)
        return NULL;
    /* The hashed text: target, "raw", the user's options, the source. */
    size_t olen = strlen(target) + 16, slen = strlen(source);
    for (int i = 0; i < n_user_opts; i++)
        olen += strlen(user_opts[i]) + 1;
    char *full = PyMem_Malloc(olen + slen + 1);
    if (full == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t at = (size_t)snprintf(full, olen, "//%s|raw|", target);
    for (int i = 0; i < n_user_opts; i++)
        at += (size_t)snprintf(full + at, olen - at, "%s ", user_opts[i]);
    full[at++] = '\n';
    memcpy(full + at, source, slen + 1);
    compile_request req = {NULL, user_opts, n_user_opts, 1};
    return load_text(dev, cc, full, opts, &req);
}

gpa_device *gpa_module_device(gpa_module *m)
{
    return m->dev;
}

void *gpa_module_function(gpa_module *m, const char *name)
{
    void *fn = NULL;
    if (m->dev->be->function_get(m->dev, m->handle, name, &fn) < 0)
        return NULL;
    return fn;
}
