/* disk_cache.c - see disk_cache.h. */
#include "jit/disk_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define TRAILER_MAGIC "GPAKCv1"
#define TRAILER_SIZE 48 /* 8 magic + 8 length + 32 digest */

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

int gpa_disk_cache_read(const char *path, char **payload, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    unsigned char digest[32];
    if (f == NULL)
        return 0;
    if (fseek(f, 0, SEEK_END) != 0)
        goto damaged;
    long size = ftell(f);
    if (size < TRAILER_SIZE || fseek(f, 0, SEEK_SET) != 0)
        goto damaged;
    buf = PyMem_Malloc((size_t)size);
    if (buf == NULL) {
        fclose(f);
        PyErr_NoMemory();
        return -1;
    }
    if (fread(buf, 1, (size_t)size, f) != (size_t)size)
        goto damaged;
    const char *tr = buf + size - TRAILER_SIZE;
    unsigned long long len;
    memcpy(&len, tr + 8, 8);
    if (memcmp(tr, TRAILER_MAGIC, 8) != 0 ||
        len != (unsigned long long)(size - TRAILER_SIZE))
        goto damaged;
    if (sha256_raw(buf, (size_t)len, digest) < 0) {
        fclose(f);
        PyMem_Free(buf);
        return -1;
    }
    if (memcmp(digest, tr + 16, 32) != 0)
        goto damaged;
    fclose(f);
    *payload = buf;
    *n = (size_t)len;
    return 1;
damaged:
    fclose(f);
    PyMem_Free(buf);
    return 0;
}

int gpa_disk_cache_write(const char *path, const void *payload, size_t n)
{
    char tmp[4200];
    unsigned char trailer[TRAILER_SIZE];
    unsigned long long len = n;
    static unsigned counter;
    memset(trailer, 0, sizeof trailer);
    memcpy(trailer, TRAILER_MAGIC, 8);
    memcpy(trailer + 8, &len, 8);
    if (sha256_raw(payload, n, trailer + 16) < 0)
        return -1;
    snprintf(tmp, sizeof tmp, "%s.tmp-%d-%u", path, (int)getpid(),
             counter++);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0)
        return 0;
    FILE *f = fdopen(fd, "wb");
    if (f == NULL) {
        close(fd);
        unlink(tmp);
        return 0;
    }
    int ok = fwrite(payload, 1, n, f) == n &&
             fwrite(trailer, 1, TRAILER_SIZE, f) == TRAILER_SIZE;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0)
        unlink(tmp);
    return 0;
}
