/* precompiled.c - the shipped kernel set (precompiled.h).
 *
 * Note [Precompiled kernels]: `python -m gpuarray.precompile` runs the
 * kernels a NumPy script meets first (every ufunc's loops, casts, fills,
 * copies, the standard reductions and scans) and keeps what they compiled.
 * setup.py's build_ext runs it for the host into gpuarray/_precompiled/
 * host/, next to the extension; a GPU user runs it once into the user
 * cache.  The files are ordinary cache entries (disk_cache.h) under the
 * same keys -- the key hashes the compiler's version, its options and the
 * CPU level (host_target.c) -- so a fresh process with an empty user cache
 * finds them only when this very compiler and CPU level would have built
 * them, and compiles otherwise.
 *
 * Trust: a module is code we run, so a shipped entry is used only if it is
 * a regular file (not a link) in <dir of _core>/_precompiled/<sub>, owned
 * by the owner of the _core extension itself (whoever installed the
 * package), and neither the file nor its two directories are writable by
 * group or others -- each checked with fstat on the descriptor then used
 * (openat below it, as for the user cache: cache_trust.h) -- and then
 * its stored key and digest must match (disk_cache.c).
 * Anything else is passed over silently: the kernel is compiled as usual.
 */
#include "jit/precompiled.h"
#include "jit/disk_cache.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

unsigned long long gpa_precompiled_hits;

static uid_t installer;
static int root_fd = -2;     /* -2: not looked for yet; -1: none */
static struct { char sub[16]; int fd; } subs[4];
static int n_subs;

/* 1 when fd is a directory of the installer's that nobody else may
 * write. */
static int dir_safe(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) &&
           st.st_uid == installer && (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

/* <dir of _core>/_precompiled, opened and checked once. */
static int find_root(void)
{
    Dl_info info;
    struct stat st;
    char path[4096];
    if (root_fd != -2)
        return root_fd;
    root_fd = -1;
    if (dladdr((void *)&gpa_precompiled_dir, &info) == 0 ||
        info.dli_fname == NULL || stat(info.dli_fname, &st) != 0)
        return root_fd;
    installer = st.st_uid;
    const char *slash = strrchr(info.dli_fname, '/');
    if (slash == NULL)
        return root_fd;
    int n = snprintf(path, sizeof path, "%.*s/_precompiled",
                     (int)(slash - info.dli_fname), info.dli_fname);
    if (n <= 0 || (size_t)n >= sizeof path)
        return root_fd;
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0 && !dir_safe(fd)) {
        close(fd);
        fd = -1;
    }
    root_fd = fd;
    return root_fd;
}

uid_t gpa_precompiled_owner(void)
{
    find_root();
    return installer;
}

int gpa_precompiled_dir(const char *sub)
{
    int r = find_root();
    if (r < 0 || strlen(sub) >= sizeof subs[0].sub)
        return -1;
    for (int i = 0; i < n_subs; i++)
        if (strcmp(subs[i].sub, sub) == 0)
            return subs[i].fd;
    int fd = openat(r, sub, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0 && !dir_safe(fd)) {
        close(fd);
        fd = -1;
    }
    if (n_subs < (int)(sizeof subs / sizeof subs[0])) {
        strcpy(subs[n_subs].sub, sub);
        subs[n_subs++].fd = fd;
    }
    return fd;
}
