/* compile_host.c - kernel source to a shared object with the system C++
 * compiler, for the host device.  The same text NVRTC compiles is built
 * here; prelude_base.cuh maps the CUDA keywords to plain C++.
 */
#include "jit/compile.h"
#include "jit/jit.h"
#include "config.h"
#include "jit/disk_cache.h"
#include "jit/cache_trust.h"
#include "jit/host_target.h"
#include "jit/spawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* The options and the CPU level: host_target.c. */
#define HOST_OPTS gpa_host_opts()

static char compiler_version[512];

static const char *tmp_root(void)
{
    const char *t = getenv("TMPDIR");
    return (t && t[0]) ? t : "/tmp";
}

/* Note [Starting the host compiler]: $CXX split at blanks, the options
 * split at blanks, then `extra` -- an argument vector for gpa_spawn (no
 * shell: paths with quotes or spaces are plain arguments, and nothing in
 * the environment is ever run as a command).  Output to out_fd (-1:
 * dropped); keep_fd stays open in the compiler (the cache directory its
 * paths go through).  Started only (gpa_spawn_start): 0 with *pid, -1
 * with an exception. */
static int start_compiler(const char *opts, const char *const *extra,
                          int out_fd, int keep_fd, pid_t *pid)
{
    enum { MAX_ARGS = 256 };
    const char *argv[MAX_ARGS];
    char cxx_words[1100], opt_words[4096];
    int argc = 0;
    if (gpa_split_words(gpa_cfg.cxx, cxx_words, sizeof cxx_words, argv, &argc,
                        MAX_ARGS) < 0 ||
        gpa_split_words(opts, opt_words, sizeof opt_words, argv, &argc,
                        MAX_ARGS) < 0)
        return -1;
    if (argc == 0) {
        PyErr_SetString(PyExc_RuntimeError, "CXX is empty");
        return -1;
    }
    for (; *extra; extra++) {
        if (argc >= MAX_ARGS - 1) {
            PyErr_SetString(PyExc_ValueError, "too many compiler arguments");
            return -1;
        }
        argv[argc++] = *extra;
    }
    argv[argc] = NULL;
    return gpa_spawn_start(argv, out_fd, keep_fd, pid);
}

/* The same, waiting for it: 0 with *status, -1 with an exception. */
static int run_compiler(const char *opts, const char *const *extra,
                        int out_fd, int keep_fd, int *status)
{
    pid_t pid = 0;
    int which = 0;
    if (start_compiler(opts, extra, out_fd, keep_fd, &pid) < 0)
        return -1;
    if (gpa_spawn_wait_any(&pid, 1, &which, status) < 0) {
        gpa_spawn_kill(pid);
        return -1;
    }
    return 0;
}

/* First line of `$CXX --version`, read once. */
static int read_compiler_version(void)
{
    if (compiler_version[0])
        return 0;
    static const char *const extra[] = {"--version", NULL};
    int status = -1, fd = memfd_create("gpuarray-cxx-version", MFD_CLOEXEC);
    ssize_t got = -1;
    if (fd < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        return -1;
    }
    if (run_compiler("", extra, fd, -1, &status) < 0) {
        close(fd);
        if (!PyErr_ExceptionMatches(PyExc_OSError))
            return -1; /* KeyboardInterrupt */
        PyErr_Clear();
    } else {
        got = pread(fd, compiler_version, sizeof compiler_version - 1, 0);
        close(fd);
    }
    if (status != 0 || got <= 0) {
        compiler_version[0] = '\0';
        PyErr_Format(PyExc_RuntimeError,
                     "the host device compiles kernels with a C++ compiler, "
                     "but '%s' could not be run: install g++ (Debian/Ubuntu: "
                     "apt-get install g++) or set CXX", gpa_cfg.cxx);
        return -1;
    }
    compiler_version[got] = '\0';
    compiler_version[strcspn(compiler_version, "\n")] = '\0';
    return 0;
}

static int host_describe(gpa_device *dev, char *target, size_t n,
                         const char **opts)
{
    GPA_UNUSED(dev);
    struct utsname u;
    if (read_compiler_version() < 0)
        return -1;
    if (uname(&u) != 0)
        snprintf(u.machine, sizeof u.machine, "unknown");
    snprintf(target, n, "host %s %s %s", u.machine, gpa_host_isa(),
             compiler_version);
    *opts = HOST_OPTS;
    return 0;
}

static int read_file(const char *path, char **data, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = size > 0 ? PyMem_Malloc((size_t)size) : NULL;
    if (buf == NULL || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        PyMem_Free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    *data = buf;
    *n = (size_t)size;
    return 0;
}

/* Note [Host precompiled prelude]: parsing the prelude is most of a host
 * compile (0.47 s of 0.5 s with g++ 12), so it is compiled once into a
 * precompiled header next to the cache (keyed by prelude, compiler and
 * options) and each kernel includes it (0.11 s).  Files are written under
 * temporary names and renamed, so concurrent processes are safe; a PCH the
 * compiler rejects is ignored by it and the header is parsed instead.
 * The compiler reaches them through /proc/self/fd/N of the trusted pch
 * directory (pch_fd, kept open in the compiler), never through a path
 * that could be swapped, and a PCH is used only when both files pass the
 * cache's trust checks and the header holds exactly our prelude.
 * Returns the header's path in `path`, or "" when it can't be made. */
static char ready[128]; /* the header whose PCH is built, or "" */
static int pch_fd = -1;  /* its trusted directory */

static void forget_precompiled_prelude(const char *header)
{
    GPA_UNUSED(header);
    if (pch_fd >= 0)
        unlinkat(pch_fd, "prelude.h.gch", 0);
    ready[0] = '\0';
}

/* 1 when `name` in dirfd is a trusted regular file (and, with `text`,
 * holds exactly that text). */
static int trusted_file_is(int dirfd, const char *name, const char *text)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
                                     O_NONBLOCK);
    int ok = 0;
    if (fd < 0)
        return 0;
    if (gpa_fd_trusted(fd, 0)) {
        ok = 1;
        if (text != NULL) {
            size_t n = strlen(text);
            char *buf = PyMem_Malloc(n + 1);
            ok = buf != NULL && pread(fd, buf, n + 1, 0) == (ssize_t)n &&
                 memcmp(buf, text, n) == 0;
            PyMem_Free(buf);
        }
    }
    close(fd);
    return ok;
}

/* Writes text to dirfd/name atomically (temporary name, renameat). */
static int write_text_at(int dirfd, const char *name, const char *text)
{
    char tmp[256];
    static unsigned counter; /* threads of one process: names of their own */
    snprintf(tmp, sizeof tmp, "%s.tmp-%d-%u", name, (int)getpid(), counter++);
    int fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW |
                                    O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    size_t n = strlen(text), at = 0;
    while (at < n) {
        ssize_t w = write(fd, text + at, n - at);
        if (w <= 0 && errno != EINTR)
            break;
        if (w > 0)
            at += (size_t)w;
    }
    if (close(fd) != 0 || at != n || renameat(dirfd, tmp, dirfd, name) != 0) {
        unlinkat(dirfd, tmp, 0);
        return -1;
    }
    return 0;
}

/* Builds the PCH into pch_fd (the prelude header is there already). */
static int build_pch(const char *opts)
{
    char tmp[64], out[160], in[160];
    int status = -1;
    static unsigned counter;
    snprintf(tmp, sizeof tmp, "prelude.h.gch.tmp-%d-%u", (int)getpid(),
             counter++);
    snprintf(out, sizeof out, "/proc/self/fd/%d/%s", pch_fd, tmp);
    snprintf(in, sizeof in, "/proc/self/fd/%d/prelude.h", pch_fd);
    const char *const extra[] = {"-x", "c++-header", "-o", out, in, NULL};
    if (run_compiler(opts, extra, -1, pch_fd, &status) < 0)
        return -1;
    /* the compiler made it under the umask: private like the rest */
    if (status != 0 || fchmodat(pch_fd, tmp, 0600, 0) != 0 ||
        renameat(pch_fd, tmp, pch_fd, "prelude.h.gch") != 0) {
        unlinkat(pch_fd, tmp, 0);
        return 1;
    }
    return 0;
}

/* -1 only for an exception that must propagate (KeyboardInterrupt);
 * a PCH that can't be made is just not used. */
static int precompiled_prelude(const char *opts, char *path, size_t n)
{
    char name[64], digest[65];
    path[0] = '\0';
    if (ready[0]) {
        snprintf(path, n, "%s", ready);
        return 0;
    }
    int host_fd = gpa_cache_subdir("host");
    if (host_fd < 0)
        return 0; /* no trusted cache: parse the prelude each time */
    const char *prelude = gpa_prelude();
    size_t plen = strlen(prelude);
    char *keytext = PyMem_Malloc(plen + 2048);
    if (keytext == NULL)
        return 0;
    int k = snprintf(keytext, 2048, "%s|%s|%s\n", compiler_version, opts,
                     gpa_cfg.cxx);
    memcpy(keytext + k, prelude, plen + 1);
    int rc = gpa_sha256_hex(keytext, strlen(keytext), digest);
    PyMem_Free(keytext);
    if (rc < 0) {
        PyErr_Clear();
        return 0;
    }
    snprintf(name, sizeof name, "pch-%.16s", digest);
    if (pch_fd < 0 && (pch_fd = gpa_open_trusted_dir(host_fd, name, 1)) < 0)
        return 0;
    if (!trusted_file_is(pch_fd, "prelude.h", prelude) &&
        write_text_at(pch_fd, "prelude.h", prelude) != 0)
        return 0;
    if (!trusted_file_is(pch_fd, "prelude.h.gch", NULL)) {
        int b = build_pch(opts);
        if (b != 0)
            return b < 0 ? -1 : 0;
    }
    snprintf(ready, sizeof ready, "/proc/self/fd/%d/prelude.h", pch_fd);
    snprintf(path, n, "%s", ready);
    return 0;
}

/* Note [Build folders]: each compile works in a private mkdtemp folder
 * gpuarray-build-<pid>-XXXXXX under TMPDIR, removed on every path out of
 * host_compile; one left by a killed process (SIGKILL runs no cleanup;
 * its compiler died with it, PR_SET_PDEATHSIG) is removed by the next
 * process that compiles, once its pid is gone. */
static void remove_build_dir(const char *dir)
{
    static const char *const files[] = {"kernel.cpp", "kernel.so", "log.txt",
                                        NULL};
    char p[1200];
    for (int i = 0; files[i]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        unlink(p);
    }
    rmdir(dir);
}

static void remove_stale_build_dirs(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    DIR *d = opendir(tmp_root());
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        int pid = 0;
        struct stat st;
        char dir[1100];
        if (sscanf(e->d_name, "gpuarray-build-%d-", &pid) != 1 || pid <= 0)
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
            continue;
        if (kill(pid, 0) == 0 || errno != ESRCH)
            continue; /* still running (or not ours to judge) */
        snprintf(dir, sizeof dir, "%s/%s", tmp_root(), e->d_name);
        remove_build_dir(dir);
    }
    closedir(d);
}

static int write_source(const char *src, const char *pch, const char *source,
                        const char *kernels)
{
    FILE *f = fopen(src, "w");
    int ok = f != NULL &&
             (pch[0] ? fprintf(f, "#include \"%s\"\n%s", pch, kernels)
                     : fputs(source, f)) >= 0;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    if (!ok)
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, src);
    return ok ? 0 : -1;
}

/* Note [Parallel host compiles]: one compile = one build folder, one
 * compiler process; host_compile_many keeps up to `jobs` of them running
 * (gpa_spawn_start, then gpa_spawn_wait_any for whichever ends first) and
 * starts the next kernel in the freed slot.  The precompiled prelude is
 * made (or found) once, before the first start.  A kernel that fails
 * gets its CompileError (with the compiler's log) in its item; its folder
 * is removed like every other.  A compile that fails with the precompiled
 * prelude is run again without it; when that one succeeds the header was
 * damaged and is dropped (one bad kernel does not cost the batch it).  A Ctrl-C kills every running compiler's
 * process group, reaps them, removes all the folders and raises. */
typedef struct {
    char dir[1100];
    int log_fd;
    int pch;       /* compiled against the precompiled prelude */
    int retried;   /* started again without it */
    pid_t pid;     /* running compiler, or 0 */
} host_job;

static void job_path(const host_job *j, const char *file, char *p, size_t n)
{
    snprintf(p, n, "%s/%s", j->dir, file);
}

static void job_cleanup(host_job *j)
{
    if (j->pid > 0)
        gpa_spawn_kill(j->pid);
    j->pid = 0;
    if (j->log_fd >= 0)
        close(j->log_fd);
    j->log_fd = -1;
    if (j->dir[0] && gpa_cfg.debug < 2)
        remove_build_dir(j->dir);
    j->dir[0] = '\0';
}

/* Starts the compiler on the folder's kernel.cpp (pch: j->pch). */
static int job_run(host_job *j, const gpa_compile_item *it, const char *pch)
{
    char src[1200], out[1200];
    job_path(j, "kernel.cpp", src, sizeof src);
    job_path(j, "kernel.so", out, sizeof out);
    const char *extra[8] = {"-o", out, src, NULL};
    /* Note [Host kernel link]: generated kernels link -nostdlib, their
     * libraries after the source; raw source the driver's full way */
    int raw = it->kernels == NULL;
    const char *const *libs = raw ? NULL : gpa_host_link_libs();
    for (int k = 3; libs != NULL && *libs != NULL && k < 7; k++)
        extra[k] = *libs++;
    return start_compiler(raw ? gpa_host_raw_opts() : it->opts, extra,
                          j->log_fd, j->pch ? pch_fd : -1, &j->pid);
}

/* Makes the build folder, writes the source and starts the compiler. */
static int job_start(host_job *j, const gpa_compile_item *it,
                     const char *pch)
{
    char src[1200], logp[1200];
    j->log_fd = -1;
    j->pid = 0;
    j->retried = 0;
    j->pch = it->kernels != NULL && pch[0];
    snprintf(j->dir, sizeof j->dir, "%s/gpuarray-build-%d-XXXXXX",
             tmp_root(), (int)getpid());
    if (mkdtemp(j->dir) == NULL) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, j->dir);
        j->dir[0] = '\0';
        return -1;
    }
    job_path(j, "kernel.cpp", src, sizeof src);
    job_path(j, "log.txt", logp, sizeof logp);
    if (write_source(src, j->pch ? pch : "", it->full, it->kernels) < 0)
        return -1;
    j->log_fd = open(logp, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND |
                               O_CLOEXEC | O_NOFOLLOW, 0600);
    if (j->log_fd < 0) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, logp);
        return -1;
    }
    return job_run(j, it, pch);
}

/* The compiler of job j ended with `status`.  0: done (image in the item,
 * or the exception raised); 1: started again without the precompiled
 * prelude (*pch emptied: a damaged precompiled header is an error for
 * g++, not a fallback); -1: the exception to keep for this item. */
static int job_finish(host_job *j, gpa_compile_item *it, int status,
                      char *pch)
{
    char src[1200], out[1200], logp[1200];
    char *log = NULL;
    size_t log_n = 0;
    j->pid = 0;
    job_path(j, "kernel.cpp", src, sizeof src);
    job_path(j, "kernel.so", out, sizeof out);
    job_path(j, "log.txt", logp, sizeof logp);
    if (status != 0 && j->pch) {
        j->pch = 0;
        j->retried = 1;
        if (write_source(src, "", it->full, it->kernels) < 0 ||
            ftruncate(j->log_fd, 0) != 0 || job_run(j, it, pch) < 0)
            return -1;
        return 1;
    }
    if (status == 0 && j->retried && pch[0]) {
        /* it builds without the header: the header was the problem */
        forget_precompiled_prelude(pch);
        pch[0] = '\0';
    }
    if (status == 0 && read_file(out, &it->image, &it->n) == 0)
        return 0;
    if (read_file(logp, &log, &log_n) == 0) {
        char *z = PyMem_Realloc(log, log_n + 1);
        if (z) {
            log = z;
            log[log_n] = '\0';
        }
    }
    char what[1200];
    snprintf(what, sizeof what, "the host C++ compiler (%s)", gpa_cfg.cxx);
    gpa_raise_compile_error(what, log ? log : "(no output)", it->full);
    PyMem_Free(log);
    return -1;
}

static int host_compile_many(gpa_device *dev, gpa_compile_item *items,
                             int n, int jobs)
{
    GPA_UNUSED(dev);
    char pch[128];
    int rc = -1, live = 0, next = 0, peak = 0, generated = 0;
    pch[0] = '\0';
    for (int i = 0; i < n; i++)
        generated |= items[i].kernels != NULL;
    /* NULL kernels: raw source, no prelude to precompile */
    if (generated && precompiled_prelude(items[0].opts, pch, sizeof pch) < 0)
        return -1;
    host_job *job = PyMem_Calloc((size_t)n, sizeof *job);
    pid_t *pids = PyMem_Calloc((size_t)n, sizeof *pids);
    for (int i = 0; job != NULL && i < n; i++)
        job[i].log_fd = -1;
    if (job == NULL || pids == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    remove_stale_build_dirs();
    if (jobs < 1)
        jobs = 1;
    while (next < n || live > 0) {
        while (live < jobs && next < n) {
            host_job *j = &job[next];
            if (job_start(j, &items[next], pch) < 0) {
                gpa_fetch_error(&items[next].error);
                job_cleanup(j);
            } else {
                pids[next] = j->pid;
                live++;
            }
            next++;
        }
        if (live > peak)
            peak = live;
        if (live == 0)
            continue;
        int which = -1, status = -1;
        if (gpa_spawn_wait_any(pids, n, &which, &status) < 0)
            goto done; /* every job is cleaned up below */
        live--;
        pids[which] = 0;
        int f = job_finish(&job[which], &items[which], status, pch);
        if (f == 1) {
            pids[which] = job[which].pid;
            live++;
            continue;
        }
        if (f < 0)
            gpa_fetch_error(&items[which].error);
        job_cleanup(&job[which]);
    }
    rc = 0;
done:
    if (peak > gpa_compile_parallel_peak)
        gpa_compile_parallel_peak = peak;
    if (job != NULL)
        for (int i = 0; i < n; i++)
            job_cleanup(&job[i]); /* kills what still runs (rc -1) */
    if (rc < 0)
        for (int i = 0; i < n; i++) {
            PyMem_Free(items[i].image);
            items[i].image = NULL;
            Py_CLEAR(items[i].error);
        }
    PyMem_Free(job);
    PyMem_Free(pids);
    return rc;
}

/* One kernel: a batch of one. */
static int host_compile(gpa_device *dev, const char *source,
                        const char *kernels, const char *opts, char **image,
                        size_t *n)
{
    gpa_compile_item it = {source, kernels, opts, NULL, 0, NULL, 0, NULL};
    if (host_compile_many(dev, &it, 1, 1) < 0)
        return -1;
    if (it.error != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(it.error), it.error);
        Py_DECREF(it.error);
        return -1;
    }
    *image = it.image;
    *n = it.n;
    return 0;
}

/* Raw (user) source: the C++ compiler takes none of the NVRTC options;
 * gpuarray/kernels/raw.py turned the -D/-U ones into #define lines already. */
static int host_compile_raw(gpa_device *dev, const char *source,
                            const char *const *user_opts, int n_user_opts,
                            char **image, size_t *n)
{
    GPA_UNUSED(user_opts);
    GPA_UNUSED(n_user_opts);
    return host_compile(dev, source, NULL, gpa_host_raw_opts(), image, n);
}

const gpa_compiler gpa_host_compiler = {
    .name = "host",
    .extension = "so",
    .needs_file = 1,
    .describe = host_describe,
    .compile = host_compile,
    .compile_raw = host_compile_raw,
    .compile_many = host_compile_many,
};
