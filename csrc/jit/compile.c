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

/* Looks for the entry `name` in the user cache (dirfd, -1: none), then
 * in the shipped set.  1: found (*image, and *disk_fd for loaders that
 * read a file); 0: not there (a rejected entry is counted); -1 with an
 * exception. */
static int lookup(const gpa_compiler *cc, int dirfd, const char *name,
                  const char *key, char **image, size_t *image_n,
                  int *disk_fd)
{
    int found = 0;
    if (dirfd >= 0) {
        found = gpa_disk_cache_read(dirfd, name, key, image, image_n,
                                    cc->needs_file ? disk_fd : NULL);
        if (found < 0)
            return -1;
    }
    if (found == 1) {
        gpa_jit_counters.disk_hits++;
        return 1;
    }
    /* Note [Precompiled kernels] */
    int sfd = gpa_precompiled_dir(cc->name);
    int sfound = sfd < 0 ? 0
        : gpa_disk_cache_read_owned(sfd, name, key, image, image_n,
                                    cc->needs_file ? disk_fd : NULL,
                                    gpa_precompiled_owner());
    if (sfound < 0)
        return -1;
    if (sfound == 1) {
        gpa_precompiled_hits++; /* loaded like a disk hit, counted apart */
        return 1;
    }
    if (found == 2)
        gpa_jit_counters.disk_rejects++;
    return 0;
}

/* A module record for an image (this function takes `image` and
 * `disk_fd`).  A new reference, or NULL with an exception. */
static gpa_module *make_module(gpa_device *dev, const gpa_compiler *cc,
                               char *image, size_t image_n, int disk_fd)
{
    gpa_module *m = calloc(1, sizeof *m);
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

static void entry_name(const gpa_compiler *cc, const char *digest,
                       char *name, size_t n)
{
    snprintf(name, n, "%s.%s", digest, cc->extension);
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
    char name[128];
    int disk_fd = -1;
    int dirfd = gpa_cache_subdir(cc->name); /* -1: no disk cache */

    entry_name(cc, digest, name, sizeof name);
    int found = lookup(cc, dirfd, name, key, &image, &image_n, &disk_fd);
    if (found < 0)
        return NULL;
    if (found == 0) {
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
            return NULL;
        gpa_compile_notice(gpa_monotonic_s() - t0);
        if (dirfd >= 0 &&
            gpa_disk_cache_write(dirfd, name, key, image, image_n) < 0) {
            PyMem_Free(image);
            return NULL;
        }
    }
    return make_module(dev, cc, image, image_n, disk_fd);
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

static PyObject *building; /* key -> capsule(lock held by the builder) */

/* Marks `key` as being built by this thread: *lock_cap (held) is in
 * `building` until end_building. */
static int begin_building(const char *key, PyObject **lock_cap)
{
    PyThread_type_lock lk = PyThread_allocate_lock();
    *lock_cap = NULL;
    if (lk == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    PyThread_acquire_lock(lk, WAIT_LOCK);
    PyObject *cap = PyCapsule_New(lk, "gpuarray.compile_lock",
                                  lock_capsule_free);
    if (cap == NULL) {
        PyThread_release_lock(lk);
        PyThread_free_lock(lk);
        return -1;
    }
    if (PyDict_SetItemString(building, key, cap) < 0) {
        PyThread_release_lock(lk);
        Py_DECREF(cap);
        return -1;
    }
    *lock_cap = cap;
    return 0;
}

/* Lets the waiters of `key` look at the table again (keeps any raised
 * exception). */
static void end_building(const char *key, PyObject *lock_cap)
{
    PyObject *et, *ev, *etb;
    PyErr_Fetch(&et, &ev, &etb);
    if (PyDict_DelItemString(building, key) < 0)
        PyErr_Clear();
    PyThread_release_lock(PyCapsule_GetPointer(lock_cap,
                                               "gpuarray.compile_lock"));
    Py_DECREF(lock_cap);
    PyErr_Restore(et, ev, etb);
}

/* Note [Parallel compiles]: a caller that knows several kernels it will
 * need (gpuarray/_engine/jit.py: compile_many, used by the precompile
 * command and the warm-up API) runs its work with compiles *deferred*
 * (this thread's flag): a kernel found nowhere (memory table, user cache,
 * shipped set) is not compiled but queued, and the call raises
 * _core._DeferredCompile(key) -- a BaseException, so no `except
 * Exception` fallback swallows it.  compile_pending() then compiles the
 * whole queue at once through the compiler's compile_many (host: up to
 * `jobs` compiler processes, cuda: NVRTC on `jobs` threads), writes each
 * good entry with gpa_disk_cache_write (the same key binding, trailer,
 * private temporary file and rename as a single compile: Note [cache
 * security] holds for every entry) and records its module; the caller
 * runs its work again, now finding them, and repeats while new kernels
 * are queued (a call's second kernel is only seen once its first one
 * exists).  A kernel that fails to compile writes nothing; its
 * CompileError (compiler log, .source) is returned under its key.
 * Keys in the queue are marked as building for the duration, so another
 * thread that needs one waits for the batch instead of compiling it. */
typedef struct {
    gpa_device *dev;
    const gpa_compiler *cc;
    char *full;           /* PyMem, owned */
    const char *kernels;  /* inside full; NULL: raw */
    const char *opts;     /* static */
    char **user_opts;     /* raw: owned copies */
    int n_user_opts;
    char digest[65], key[160];
} pending_entry;

static __thread int deferring;
static pending_entry *pending;
static size_t n_pending, cap_pending;
static unsigned long long deferrals; /* _DeferredCompile raised so far */
PyObject *gpa_DeferredCompile;
int gpa_compile_parallel_peak;

void gpa_fetch_error(PyObject **error)
{
    PyObject *et, *ev, *etb;
    PyErr_Fetch(&et, &ev, &etb);
    if (et == NULL) {
        et = Py_NewRef(PyExc_MemoryError);
    }
    PyErr_NormalizeException(&et, &ev, &etb);
    if (ev != NULL && etb != NULL)
        PyException_SetTraceback(ev, etb);
    Py_XDECREF(et);
    Py_XDECREF(etb);
    *error = ev != NULL ? ev : Py_NewRef(Py_None);
}

static void pending_free(pending_entry *e)
{
    PyMem_Free(e->full);
    for (int i = 0; i < e->n_user_opts; i++)
        PyMem_Free(e->user_opts[i]);
    PyMem_Free(e->user_opts);
}

/* Queues the build of `key` (takes `full`) and raises _DeferredCompile. */
static void defer(gpa_device *dev, const gpa_compiler *cc, char *full,
                  const char *opts, const compile_request *req,
                  const char *digest, const char *key)
{
    for (size_t i = 0; i < n_pending; i++)
        if (strcmp(pending[i].key, key) == 0) {
            PyMem_Free(full);
            goto raise;
        }
    if (n_pending == cap_pending) {
        size_t cap = cap_pending ? 2 * cap_pending : 64;
        pending_entry *p = PyMem_Realloc(pending, cap * sizeof *p);
        if (p == NULL) {
            PyMem_Free(full);
            PyErr_NoMemory();
            return;
        }
        pending = p;
        cap_pending = cap;
    }
    pending_entry *e = &pending[n_pending];
    memset(e, 0, sizeof *e);
    e->dev = dev;
    e->cc = cc;
    e->full = full;
    e->opts = opts;
    if (!req->raw) {
        e->kernels = full + strlen(full) - strlen(req->kernels);
    } else if (req->n_user_opts > 0) {
        e->user_opts = PyMem_Calloc((size_t)req->n_user_opts, sizeof(char *));
        if (e->user_opts == NULL)
            goto nomem;
        for (int i = 0; i < req->n_user_opts; i++, e->n_user_opts++) {
            size_t l = strlen(req->user_opts[i]) + 1;
            if ((e->user_opts[i] = PyMem_Malloc(l)) == NULL)
                goto nomem;
            memcpy(e->user_opts[i], req->user_opts[i], l);
        }
    }
    snprintf(e->digest, sizeof e->digest, "%s", digest);
    snprintf(e->key, sizeof e->key, "%s", key);
    n_pending++;
raise:;
    deferrals++;
    PyObject *k = PyUnicode_FromString(key);
    if (k != NULL) {
        PyErr_SetObject(gpa_DeferredCompile, k);
        Py_DECREF(k);
    }
    return;
nomem:
    pending_free(e);
    PyErr_NoMemory();
}

int gpa_jit_defer(int on)
{
    int old = deferring;
    deferring = on != 0;
    return old;
}

size_t gpa_jit_pending(unsigned long long *raised)
{
    *raised = deferrals;
    return n_pending;
}

void gpa_jit_discard_pending(void)
{
    for (size_t i = 0; i < n_pending; i++)
        pending_free(&pending[i]);
    n_pending = 0;
}

/* Installs a compiled item of entry e: disk entry, module, table. */
static int install(pending_entry *e, gpa_compile_item *it)
{
    char name[128];
    int dirfd = gpa_cache_subdir(e->cc->name);
    entry_name(e->cc, e->digest, name, sizeof name);
    if (dirfd >= 0 &&
        gpa_disk_cache_write(dirfd, name, e->key, it->image, it->n) < 0)
        return -1;
    gpa_module *m = make_module(e->dev, e->cc, it->image, it->n, -1);
    it->image = NULL; /* make_module took it */
    if (m == NULL)
        return -1;
    return remember(e->key, m);
}

PyObject *gpa_jit_compile_pending(int jobs)
{
    pending_entry *q = pending;
    size_t nq = n_pending;
    gpa_compile_item *items = NULL;
    PyObject **locks = NULL, *errors = NULL;
    int stopped = 0;
    /* the queue is ours: calls made meanwhile (the GIL is released)
     * start a new one */
    pending = NULL;
    n_pending = cap_pending = 0;
    if (modules == NULL && (modules = PyDict_New()) == NULL)
        goto done;
    if (building == NULL && (building = PyDict_New()) == NULL)
        goto done;
    if ((errors = PyDict_New()) == NULL)
        goto done;
    items = PyMem_Calloc(nq ? nq : 1, sizeof *items);
    locks = PyMem_Calloc(nq ? nq : 1, sizeof *locks);
    if (items == NULL || locks == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < nq; i++) {
        pending_entry *e = &q[i];
        /* loaded or being built meanwhile: the caller's rerun finds it */
        if (PyDict_GetItemString(modules, e->key) != NULL ||
            PyDict_GetItemString(building, e->key) != NULL)
            continue;
        if (begin_building(e->key, &locks[i]) < 0)
            goto done;
        items[i] = (gpa_compile_item){e->full, e->kernels, e->opts,
                                      (const char *const *)e->user_opts,
                                      e->n_user_opts, NULL, 0, NULL};
        if (gpa_cfg.debug)
            fprintf(stderr, "gpuarray: compiling kernel (%s)\n%s\n",
                    e->cc->name, e->full);
    }
    /* one compile_many per (device, compiler) run of the queue, in
     * slices of 8 * jobs kernels, each installed as soon as its slice is
     * done (a Ctrl-C in a long batch keeps what was finished) */
    size_t slice = 8 * (size_t)(jobs > 0 ? jobs : 1);
    for (size_t i = 0; i < nq;) {
        size_t j = i;
        while (j < nq && q[j].dev == q[i].dev && q[j].cc == q[i].cc)
            j++;
        for (size_t c = i; c < j;) {
            size_t k = 0, t = c;
            gpa_compile_item *part = PyMem_Calloc(slice, sizeof *part);
            size_t *at = PyMem_Calloc(slice, sizeof *at);
            if (part == NULL || at == NULL) {
                PyMem_Free(part);
                PyMem_Free(at);
                PyErr_NoMemory();
                stopped = 1;
                goto done;
            }
            for (; t < j && k < slice; t++)
                if (locks[t] != NULL) {
                    at[k] = t;
                    part[k++] = items[t];
                }
            c = t;
            gpa_jit_counters.compiles += k;
            double t0 = gpa_monotonic_s();
            int rc = k == 0 ? 0
                : q[i].cc->compile_many(q[i].dev, part, (int)k, jobs);
            if (rc == 0 && k > 0)
                gpa_compile_notice_batch(gpa_monotonic_s() - t0, (int)k);
            for (size_t u = 0; u < k; u++)
                items[at[u]] = part[u];
            PyMem_Free(part);
            if (rc < 0) {
                PyMem_Free(at);
                stopped = 1;
                goto done;
            }
            for (size_t u = 0; u < k; u++) {
                gpa_compile_item *it = &items[at[u]];
                pending_entry *e = &q[at[u]];
                if (it->error == NULL && install(e, it) < 0)
                    gpa_fetch_error(&it->error);
                if (it->error != NULL &&
                    PyDict_SetItemString(errors, e->key, it->error) < 0) {
                    PyMem_Free(at);
                    stopped = 1;
                    goto done;
                }
            }
            PyMem_Free(at);
        }
        i = j;
    }
done:
    if (stopped || PyErr_Occurred())
        Py_CLEAR(errors);
    for (size_t i = 0; i < nq; i++) {
        if (items != NULL) {
            PyMem_Free(items[i].image);
            Py_XDECREF(items[i].error);
        }
        if (locks != NULL && locks[i] != NULL)
            end_building(q[i].key, locks[i]);
        pending_free(&q[i]);
    }
    PyMem_Free(items);
    PyMem_Free(locks);
    PyMem_Free(q);
    return errors;
}

/* The module of the hashed text `full` (PyMem-allocated; this function
 * owns it): from the module table, else built by this thread -- one
 * build per key at a time: a thread that finds a build of its key under
 * way (the compilers release the GIL) waits for it and looks again.
 * With compiles deferred (Note [Parallel compiles]) a missing kernel is
 * queued instead.  Borrowed from the table (which keeps it for the
 * process). */
static gpa_module *load_text(gpa_device *dev, const gpa_compiler *cc,
                             char *full, const char *opts,
                             const compile_request *req)
{
    gpa_module *m = NULL;
    PyObject *lock_cap = NULL;
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
    if (deferring) {
        /* nothing here releases the GIL: no build lock needed */
        char name[128], *image = NULL;
        size_t image_n = 0;
        int disk_fd = -1;
        entry_name(cc, digest, name, sizeof name);
        int f = lookup(cc, gpa_cache_subdir(cc->name), name, key, &image,
                       &image_n, &disk_fd);
        if (f < 0)
            goto done;
        if (f == 0) {
            defer(dev, cc, full, opts, req, digest, key);
            full = NULL;
            goto done;
        }
        gpa_module *found = make_module(dev, cc, image, image_n, disk_fd);
        if (found != NULL && remember(key, found) == 0)
            m = found;
        goto done;
    }
    if (begin_building(key, &lock_cap) < 0)
        goto done;
    gpa_module *built = build(dev, cc, full, digest, key, opts, req);
    if (built != NULL && remember(key, built) == 0)
        m = built;
    else if (built != NULL && !PyErr_Occurred())
        PyErr_NoMemory();
    end_building(key, lock_cap); /* waiters look at the table again */
    lock_cap = NULL;
done:
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
