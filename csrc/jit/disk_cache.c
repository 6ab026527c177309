/* disk_cache.c - see disk_cache.h. */
#include "jit/disk_cache.h"
#include "jit/cache_trust.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define TRAILER_MAGIC "GPAKCv2"
#define TRAILER_SIZE 56 /* 8 magic + 8 + 8 lengths + 32 digest */

static int sha256_raw(const void *data, size_t n, unsigned char out[32])
{
    PyObject *hashlib = NULL, *h = NULL, *digest = NULL;
    int rc = -1;
    hashlib = PyImport_ImportModule("hashlib");
    if (hashlib == NULL)
        goto fail;
    h = PyObject_CallMethod(hashlib, "sha256", "y#", (const char *)data,
                            (Py_ssize_t)n);
    if (h == NULL)
        goto fail;
    digest = PyObject_CallMethod(h, "digest", NULL);
    if (digest == NULL || PyBytes_GET_SIZE(digest) != 32)
        goto fail;
    memcpy(out, PyBytes_AS_STRING(digest), 32);
    rc = 0;
fail:
    Py_XDECREF(digest);
    Py_XDECREF(h);
    Py_XDECREF(hashlib);
    return rc;
}

int gpa_sha256_hex(const void *data, size_t n, char out[65])
{
    unsigned char d[32];
    if (sha256_raw(data, n, d) < 0)
        return -1;
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
    return 0;
}

int gpa_mkdirs(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0700) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

/* Reads all of fd (a regular file of `size` bytes) into a new buffer. */
static char *read_all(int fd, size_t size)
{
    char *buf = PyMem_Malloc(size ? size : 1);
    if (buf == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t got = 0;
    while (got < size) {
        ssize_t r = pread(fd, buf + got, size - got, (off_t)got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            PyMem_Free(buf);
            return NULL; /* short: the caller treats it as damaged */
        }
        got += (size_t)r;
    }
    return buf;
}

/* The trailer's digest: SHA-256 of payload then key. */
static int entry_digest(const void *payload, size_t n, const char *key,
                        unsigned char out[32])
{
    size_t kn = strlen(key);
    char *both = PyMem_Malloc(n + kn + 1);
    if (both == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(both, payload, n);
    memcpy(both + n, key, kn);
    int rc = sha256_raw(both, n + kn, out);
    PyMem_Free(both);
    return rc;
}

/* A regular file owned by `owner` that nobody else may write. */
static int file_trusted_by(int fd, uid_t owner)
{
    struct stat st;
    return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
           st.st_uid == owner && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

int gpa_disk_cache_read(int dirfd, const char *name, const char *key,
                        char **payload, size_t *n, int *fd_out)
{
    return gpa_disk_cache_read_owned(dirfd, name, key, payload, n, fd_out,
                                     geteuid());
}

int gpa_disk_cache_read_owned(int dirfd, const char *name, const char *key,
                              char **payload, size_t *n, int *fd_out,
                              uid_t owner)
{
    char *buf = NULL;
    unsigned char digest[32];
    struct stat st;
    size_t kn = strlen(key);
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
                                     O_NONBLOCK);
    if (fd < 0)
        return errno == ENOENT ? 0 : 2; /* a symlink, unreadable, ... */
    if (fstat(fd, &st) != 0 || !file_trusted_by(fd, owner) ||
        st.st_size < (off_t)(TRAILER_SIZE + kn))
        goto rejected;
    buf = read_all(fd, (size_t)st.st_size);
    if (buf == NULL) {
        if (PyErr_Occurred())
            goto error;
        goto rejected;
    }
    const char *tr = buf + st.st_size - TRAILER_SIZE;
    unsigned long long len, klen;
    memcpy(&len, tr + 8, 8);
    memcpy(&klen, tr + 16, 8);
    if (memcmp(tr, TRAILER_MAGIC, 8) != 0 || klen != kn ||
        len != (unsigned long long)st.st_size - TRAILER_SIZE - kn ||
        memcmp(buf + len, key, kn) != 0)
        goto rejected; /* damaged, or another kernel's entry */
    if (entry_digest(buf, (size_t)len, key, digest) < 0)
        goto error;
    if (memcmp(digest, tr + 24, 32) != 0)
        goto rejected;
    *payload = buf;
    *n = (size_t)len;
    if (fd_out)
        *fd_out = fd;
    else
        close(fd);
    return 1;
rejected:
    close(fd);
    PyMem_Free(buf);
    return 2;
error:
    close(fd);
    PyMem_Free(buf);
    return -1;
}

static int write_all(int fd, const void *data, size_t n)
{
    const char *p = data;
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int gpa_disk_cache_write(int dirfd, const char *name, const char *key,
                         const void *payload, size_t n)
{
    char tmp[512];
    unsigned char trailer[TRAILER_SIZE];
    unsigned long long len = n, klen = strlen(key);
    static unsigned counter;
    memset(trailer, 0, sizeof trailer);
    memcpy(trailer, TRAILER_MAGIC, 8);
    memcpy(trailer + 8, &len, 8);
    memcpy(trailer + 16, &klen, 8);
    if (entry_digest(payload, n, key, trailer + 24) < 0)
        return -1;
    snprintf(tmp, sizeof tmp, "%.200s.tmp-%d-%u", name, (int)getpid(),
             counter++);
    int fd = openat(dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
                                    O_CLOEXEC, 0600);
    if (fd < 0)
        return 0;
    int ok = write_all(fd, payload, n) == 0 &&
             write_all(fd, key, (size_t)klen) == 0 &&
             write_all(fd, trailer, TRAILER_SIZE) == 0;
    ok = (close(fd) == 0) && ok;
    /* renameat fails onto a directory: the entry is just not cached */
    if (!ok || renameat(dirfd, tmp, dirfd, name) != 0)
        unlinkat(dirfd, tmp, 0);
    return 0;
}
