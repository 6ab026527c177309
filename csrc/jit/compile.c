/* compile.c - from kernel source to a loaded module (jit.h).
 *
 * Slow path only: the hot path finds kernels through kernel_cache.c and
 * never comes here after the first call of a kernel.
 */
#include "jit/jit.h"
#include "jit/compile.h"
#include "jit/disk_cache.h"
#include "jit/cache_trust.h"
#include "jit/precompiled.h"
#include "pythread.h"
#include "jit/prelude_text.h"
#include "config.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct gpa_module {
    gpa_device *dev;
    void *handle;
    int refs; /* the table's and each raw module's/function's */
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

void gpa_module_incref(gpa_module *m)
{
    __atomic_add_fetch(&m->refs, 1, __ATOMIC_RELAXED);
}

/* The module handle itself stays loaded (kernels found through it may be
 * in tables anywhere); only the record goes with its last reference. */
void gpa_module_decref(gpa_module *m)
{
    if (m && __atomic_sub_fetch(&m->refs, 1, __ATOMIC_ACQ_REL) == 0)
        free(m);
}

static void module_capsule_free(PyObject *cap)
{
    gpa_module_decref(PyCapsule_GetPointer(cap, "gpuarray.module"));
}

/* Records a loaded module: the table takes the creator's reference. */
static int remember(const char *key, gpa_module *m)
{
    PyObject *cap = PyCapsule_New(m, "gpuarray.module", module_capsule_free);
    if (cap == NULL) {
        gpa_module_decref(m);
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

/* Loads an image: a host module from the descriptor its bytes were
 * verified from (disk_fd) or from an in-memory copy -- never by a path
 * someone could swap in between. */
static int load_image(gpa_device *dev, const gpa_compiler *cc,
                      const char *image, size_t n, int disk_fd, void **handle)
{
    char path[128];
    int fd = disk_fd, rc;
    if (!cc->needs_file)
        return dev->be->module_load(dev, image, n, NULL, handle);
    if (fd < 0 && (fd = gpa_memfd_of(image, n)) < 0)
        return -1;
    gpa_fd_load_path(fd, path, sizeof path);
    rc = dev->be->module_load(dev, image, n, path, handle);
    close(fd); /* the loader mapped it */
    return rc;
}

/* Builds the module of `key` (not in the table): from the disk cache or
 * the compiler.  Returns a new reference, or NULL with an exception. */
static gpa_module *build(gpa_device *dev, const gpa_compiler *cc,
                         const char *full, const char *digest,
                         const char *key, const char *opts,
                         const compile_request *req)
{
    char *image = NULL;
    size_t image_n = 0;
    gpa_module *m = NULL;
    char name[128];
    int disk_fd = -1, found = 0;
    int dirfd = gpa_cache_subdir(cc->name); /* -1: no disk cache */

    snprintf(name, sizeof name, "%s.%s", digest, cc->extension);
    if (dirfd >= 0) {
        found = gpa_disk_cache_read(dirfd, name, key, &image, &image_n,
                                    cc->needs_file ? &disk_fd : NULL);
        if (found < 0)
            goto fail;
    }
    if (found != 1) { /* Note [Precompiled kernels] */
        int sfd = gpa_precompiled_dir(cc->name);
        int sfound = sfd < 0 ? 0
            : gpa_disk_cache_read_owned(sfd, name, key, &image, &image_n,
                                        cc->needs_file ? &disk_fd : NULL,
                                        gpa_precompiled_owner());
        if (sfound < 0)
            goto fail;
        if (sfound == 1) {
            gpa_precompiled_hits++;
            found = 3; /* loaded like a disk hit, counted apart */
        }
    }
    if (found == 1) {
        gpa_jit_counters.disk_hits++;
    } else if (found != 3) {
        if (found == 2)
            gpa_jit_counters.disk_rejects++;
        if (gpa_cfg.debug)
            fprintf(stderr, "gpuarray: compiling kernel (%s)\n%s\n", cc->name,
                    full);
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
        if (dirfd >= 0 &&
            gpa_disk_cache_write(dirfd, name, key, image, image_n) < 0)
            goto fail;
    }
    m = calloc(1, sizeof *m);
    if (m == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    m->dev = dev;
    m->refs = 1;
    int lrc = load_image(dev, cc, image, image_n, disk_fd, &m->handle);
    disk_fd = -1; /* load_image closed it */
    if (lrc < 0)
        goto fail;
    PyMem_Free(image);
    return m;
fail:
    if (disk_fd >= 0)
        close(disk_fd);
    free(m);
    PyMem_Free(image);
    return NULL;
}

static void lock_capsule_free(PyObject *cap)
{
    PyThread_free_lock(PyCapsule_GetPointer(cap, "gpuarray.compile_lock"));
}

/* Waits (without the GIL) until the thread building a key is done. */
static int wait_for(PyObject *lock_cap)
{
    PyThread_type_lock lk = PyCapsule_GetPointer(lock_cap,
                                                 "gpuarray.compile_lock");
    PyLockStatus st;
    for (;;) {
        Py_BEGIN_ALLOW_THREADS
        st = PyThread_acquire_lock_timed(lk, 50000, 0);
        Py_END_ALLOW_THREADS
        if (st == PY_LOCK_ACQUIRED) {
            PyThread_release_lock(lk);
            return 0;
        }
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
}

/* The module of the hashed text `full` (PyMem-allocated; this function
 * owns it): from the module table, else built by this thread -- one
 * build per key at a time: a thread that finds a build of its key under
 * way (the compilers release the GIL) waits for it and looks again.
 * Borrowed from the table (which keeps it for the process). */
static gpa_module *load_text(gpa_device *dev, const gpa_compiler *cc,
                             char *full, const char *opts,
                             const compile_request *req)
{
    static PyObject *building; /* key -> capsule(lock held by the builder) */
    gpa_module *m = NULL;
    PyObject *lock_cap = NULL;
    PyThread_type_lock lk = NULL;
    char digest[65], key[160];

    if (gpa_sha256_hex(full, strlen(full), digest) < 0)
        goto done;
    snprintf(key, sizeof key, "%s%d:%s", cc->name, dev->ordinal, digest);
    if (modules == NULL && (modules = PyDict_New()) == NULL)
        goto done;
    if (building == NULL && (building = PyDict_New()) == NULL)
        goto done;
    for (;;) {
        PyObject *cap = PyDict_GetItemString(modules, key);
        if (cap != NULL) {
            gpa_jit_counters.memory_hits++;
            m = PyCapsule_GetPointer(cap, "gpuarray.module");
            goto done;
        }
        PyObject *other = PyDict_GetItemString(building, key);
        if (other == NULL)
            break;
        Py_INCREF(other);
        int w = wait_for(other);
        Py_DECREF(other);
        if (w < 0)
            goto done;
    }
    lk = PyThread_allocate_lock();
    if (lk == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    PyThread_acquire_lock(lk, WAIT_LOCK);
    lock_cap = PyCapsule_New(lk, "gpuarray.compile_lock", lock_capsule_free);
    if (lock_cap == NULL) {
        PyThread_release_lock(lk);
        PyThread_free_lock(lk);
        goto done;
    }
    if (PyDict_SetItemString(building, key, lock_cap) < 0) {
        PyThread_release_lock(lk);
        goto done;
    }
    gpa_module *built = build(dev, cc, full, digest, key, opts, req);
    /* keep the builder's exception across the table updates */
    PyObject *et, *ev, *etb;
    PyErr_Fetch(&et, &ev, &etb);
    if (built != NULL && remember(key, built) == 0)
        m = built;
    if (PyDict_DelItemString(building, key) < 0)
        PyErr_Clear();
    PyThread_release_lock(lk); /* waiters look at the table again */
    if (et != NULL)
        PyErr_Restore(et, ev, etb);
    else if (m == NULL && built != NULL && !PyErr_Occurred())
        PyErr_NoMemory();
done:
    Py_XDECREF(lock_cap);
    PyMem_Free(full);
    return m;
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
