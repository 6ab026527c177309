/* cache_trust.c - see cache_trust.h. */
#include "jit/cache_trust.h"
#include "config.h"
#include "jit/disk_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int gpa_fd_trusted(int fd, int want_dir)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return 0;
    if (want_dir ? !S_ISDIR(st.st_mode) : !S_ISREG(st.st_mode))
        return 0;
    return st.st_uid == geteuid() && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

int gpa_open_trusted_dir(int dirfd, const char *name, int create)
{
    if (create && mkdirat(dirfd, name, 0700) != 0 && errno != EEXIST)
        return -1;
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    if (!gpa_fd_trusted(fd, 1)) {
        close(fd);
        errno = EPERM;
        return -1;
    }
    return fd;
}

/* One warning per process: why the disk cache is off. */
static void warn_uncached(const char *why, const char *path, int err)
{
    static int warned;
    if (warned)
        return;
    warned = 1;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb); /* callers may hold an exception */
    if (PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                         "gpuarray: not using the kernel cache directory "
                         "'%s' (%s%s%s); kernels are compiled in memory "
                         "for this process only (set GPUARRAY_CACHE_DIR to "
                         "a private directory)", path, why,
                         err ? ": " : "", err ? strerror(err) : "") < 0)
        PyErr_Clear(); /* warnings-as-errors: the cache is still off */
    PyErr_Restore(type, value, tb);
}

static int root_fd = -2; /* -2: not opened yet; -1: no disk cache */

static int cache_root(void)
{
    if (root_fd != -2)
        return root_fd;
    root_fd = -1;
    const char *dir = gpa_cfg.cache_dir;
    if (dir[0] == '\0') /* no HOME, XDG_CACHE_HOME or GPUARRAY_CACHE_DIR */
        return -1;
    gpa_mkdirs(dir); /* 0700; an existing one is checked below */
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        warn_uncached("cannot open it", dir, errno);
        return -1;
    }
    if (!gpa_fd_trusted(fd, 1)) {
        close(fd);
        warn_uncached("it must be a directory owned by this user and "
                      "writable by no one else", dir, 0);
        return -1;
    }
    root_fd = fd;
    return fd;
}

int gpa_cache_subdir(const char *sub)
{
    static struct {
        char name[16];
        int fd;
    } subs[4];
    static int n_subs;
    for (int i = 0; i < n_subs; i++)
        if (strcmp(subs[i].name, sub) == 0)
            return subs[i].fd;
    int root = cache_root(), fd = -1;
    if (root >= 0) {
        fd = gpa_open_trusted_dir(root, sub, 1);
        if (fd < 0) {
            char what[4200];
            snprintf(what, sizeof what, "%s/%s", gpa_cfg.cache_dir, sub);
            warn_uncached(errno == EPERM
                              ? "it must be a directory owned by this user "
                                "and writable by no one else"
                              : "cannot open it",
                          what, errno == EPERM ? 0 : errno);
        }
    }
    if (n_subs < 4) {
        snprintf(subs[n_subs].name, sizeof subs[n_subs].name, "%s", sub);
        subs[n_subs++].fd = fd;
    }
    return fd;
}

void gpa_fd_load_path(int fd, char *buf, size_t n)
{
    /* "/proc/self/" + one "./" or ".//" per bit of a counter + "fd/N":
     * the same file for the kernel, a new name for the loader. */
    static unsigned long long counter;
    unsigned long long c = ++counter;
    size_t at = (size_t)snprintf(buf, n, "/proc/self/");
    for (; c && at + 8 < n; c >>= 1)
        at += (size_t)snprintf(buf + at, n - at, (c & 1) ? ".//" : "./");
    snprintf(buf + at, n - at, "fd/%d", fd);
}

int gpa_memfd_of(const void *data, size_t n)
{
    int fd = memfd_create("gpuarray-kernel", MFD_CLOEXEC);
    if (fd < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        return -1;
    }
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            PyErr_SetFromErrno(PyExc_OSError);
            close(fd);
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return fd;
}
