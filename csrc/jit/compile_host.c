/* compile_host.c - kernel source to a shared object with the system C++
 * compiler, for the host device.  The same text NVRTC compiles is built
 * here; prelude_base.cuh maps the CUDA keywords to plain C++.
 */
#include "jit/compile.h"
#include "jit/jit.h"
#include "config.h"
#include "jit/disk_cache.h"
#include "jit/host_target.h"

#include <stdio.h>
#include <stdlib.h>
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

/* First line of `$CXX --version`, read once. */
static int read_compiler_version(void)
{
    if (compiler_version[0])
        return 0;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "%s --version 2>/dev/null", gpa_cfg.cxx);
    FILE *p = popen(cmd, "r");
    if (p == NULL || fgets(compiler_version, sizeof compiler_version, p) ==
                         NULL) {
        if (p)
            pclose(p);
        compiler_version[0] = '\0';
        PyErr_Format(PyExc_RuntimeError,
                     "the host device compiles kernels with a C++ compiler, "
                     "but '%s' could not be run: install g++ (Debian/Ubuntu: "
                     "apt-get install g++) or set CXX", gpa_cfg.cxx);
        return -1;
    }
    pclose(p);
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

int gpa_write_temp_file(const void *data, size_t n, char *path,
                        size_t path_n)
{
    snprintf(path, path_n, "%s/gpuarray-kernel-XXXXXX", tmp_root());
    int fd = mkstemp(path);
    if (fd < 0) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path);
        return -1;
    }
    ssize_t w = write(fd, data, n);
    close(fd);
    if (w != (ssize_t)n) {
        PyErr_SetString(PyExc_OSError, "cannot write a temporary kernel file");
        return -1;
    }
    return 0;
}

/* Note [Host precompiled prelude]: parsing the prelude is most of a host
 * compile (0.47 s of 0.5 s with g++ 12), so it is compiled once into a
 * precompiled header next to the cache (keyed by prelude, compiler and
 * options) and each kernel includes it (0.11 s).  Files are written under
 * temporary names and renamed, so concurrent processes are safe; a PCH the
 * compiler rejects is ignored by it and the header is parsed instead.
 * Returns the header's path in `path`, or "" when it can't be made. */
static char ready[4400]; /* the header whose PCH is built, or "" */

static void forget_precompiled_prelude(const char *header)
{
    char gch[4500];
    snprintf(gch, sizeof gch, "%s.gch", header);
    unlink(gch);
    ready[0] = '\0';
}

static void precompiled_prelude(const char *opts, char *path, size_t n)
{
    char dir[4200], tmp[4400], gch[4400], cmd[10000], digest[65];
    path[0] = '\0';
    if (ready[0]) {
        snprintf(path, n, "%s", ready);
        return;
    }
    const char *prelude = gpa_prelude();
    size_t plen = strlen(prelude);
    char *keytext = PyMem_Malloc(plen + 2048);
    if (keytext == NULL)
        return;
    int k = snprintf(keytext, 2048, "%s|%s|%s\n", compiler_version, opts,
                     gpa_cfg.cxx);
    memcpy(keytext + k, prelude, plen + 1);
    int rc = gpa_sha256_hex(keytext, strlen(keytext), digest);
    PyMem_Free(keytext);
    if (rc < 0) {
        PyErr_Clear();
        return;
    }
    snprintf(dir, sizeof dir, "%s/host/pch-%.16s", gpa_cfg.cache_dir, digest);
    snprintf(gch, sizeof gch, "%s/prelude.h.gch", dir);
    snprintf(ready, sizeof ready, "%s/prelude.h", dir);
    if (access(gch, R_OK) == 0 && access(ready, R_OK) == 0) {
        snprintf(path, n, "%s", ready);
        return;
    }
    if (gpa_mkdirs(dir) < 0)
        goto fail;
    snprintf(tmp, sizeof tmp, "%s/prelude.h.tmp-%d", dir, (int)getpid());
    FILE *f = fopen(tmp, "w");
    if (f == NULL)
        goto fail;
    int ok = fputs(prelude, f) >= 0;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, ready) != 0)
        goto fail;
    snprintf(tmp, sizeof tmp, "%s/prelude.h.gch.tmp-%d", dir, (int)getpid());
    snprintf(cmd, sizeof cmd,
             "%s %s -x c++-header -o '%s' '%s' > /dev/null 2>&1", gpa_cfg.cxx,
             opts, tmp, ready);
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = system(cmd);
    Py_END_ALLOW_THREADS
    if (status != 0 || rename(tmp, gch) != 0) {
        unlink(tmp);
        goto fail;
    }
    snprintf(path, n, "%s", ready);
    return;
fail:
    ready[0] = '\0';
}

static int host_compile(gpa_device *dev, const char *source,
                        const char *kernels, const char *opts, char **image,
                        size_t *n)
{
    GPA_UNUSED(dev);
    char pch[4400];
    pch[0] = '\0';
    if (kernels != NULL) /* NULL: raw source, no prelude to precompile */
        precompiled_prelude(opts, pch, sizeof pch);
    char dir[1100], src[1200], out[1200], logp[1200], cmd[12000];
    char *log = NULL;
    size_t log_n = 0;
    int rc = -1, status;
    snprintf(dir, sizeof dir, "%s/gpuarray-build-XXXXXX", tmp_root());
    if (mkdtemp(dir) == NULL) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, dir);
        return -1;
    }
    snprintf(src, sizeof src, "%s/kernel.cpp", dir);
    snprintf(out, sizeof out, "%s/kernel.so", dir);
    snprintf(logp, sizeof logp, "%s/log.txt", dir);
    FILE *f = fopen(src, "w");
    int wrote = f != NULL &&
                (pch[0] ? fprintf(f, "#include \"%s\"\n%s", pch, kernels)
                        : fputs(source, f)) >= 0;
    if (!wrote) {
        if (f)
            fclose(f);
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, src);
        goto done;
    }
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s %s -o '%s' '%s' > '%s' 2>&1", gpa_cfg.cxx,
             opts, out, src, logp);
    Py_BEGIN_ALLOW_THREADS
    status = system(cmd);
    Py_END_ALLOW_THREADS
    if (status != 0 && pch[0]) {
        /* A damaged precompiled header is an error for g++, not a
         * fallback: drop it and compile the full source instead. */
        forget_precompiled_prelude(pch);
        f = fopen(src, "w");
        if (f == NULL || fputs(source, f) < 0) {
            if (f)
                fclose(f);
            PyErr_SetFromErrnoWithFilename(PyExc_OSError, src);
            goto done;
        }
        fclose(f);
        Py_BEGIN_ALLOW_THREADS
        status = system(cmd);
        Py_END_ALLOW_THREADS
    }
    if (status != 0 || read_file(out, image, n) < 0) {
        if (read_file(logp, &log, &log_n) == 0) {
            char *z = PyMem_Realloc(log, log_n + 1);
            if (z) {
                log = z;
                log[log_n] = '\0';
            }
        }
        char what[1200];
        snprintf(what, sizeof what, "the host C++ compiler (%s)", gpa_cfg.cxx);
        gpa_raise_compile_error(what, log ? log : "(no output)", source);
        goto done;
    }
    rc = 0;
done:
    PyMem_Free(log);
    if (gpa_cfg.debug < 2) {
        unlink(src);
        unlink(out);
        unlink(logp);
        rmdir(dir);
    }
    return rc;
}

/* Raw (user) source: the C++ compiler takes none of the NVRTC options;
 * gpuarray/_raw.py turned the -D/-U ones into #define lines already. */
static int host_compile_raw(gpa_device *dev, const char *source,
                            const char *const *user_opts, int n_user_opts,
                            char **image, size_t *n)
{
    GPA_UNUSED(user_opts);
    GPA_UNUSED(n_user_opts);
    return host_compile(dev, source, NULL, HOST_OPTS, image, n);
}

const gpa_compiler gpa_host_compiler = {
    .name = "host",
    .extension = "so",
    .needs_file = 1,
    .describe = host_describe,
    .compile = host_compile,
    .compile_raw = host_compile_raw,
};
