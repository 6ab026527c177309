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
 * group or others; then its trailer checksum must match (disk_cache.c).
 * Anything else is passed over silently: the kernel is compiled as usual.
 */
#include "jit/precompiled.h"
#include "jit/disk_cache.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

unsigned long long gpa_precompiled_hits;

static char root[4096];    /* <package>/_precompiled, "" if none */
static int root_done;
static uid_t installer;

static int safe(const char *p, int want_dir)
{
    struct stat st;
    if (lstat(p, &st) != 0 || st.st_uid != installer ||
        (st.st_mode & (S_IWGRP | S_IWOTH)))
        return 0;
    return want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode);
}

/* The shipped set's directory, from where this extension was loaded. */
static const char *find_root(void)
{
    Dl_info info;
    struct stat st;
    if (root_done)
        return root;
    root_done = 1;
    if (dladdr((void *)&gpa_precompiled_read, &info) == 0 ||
        info.dli_fname == NULL || stat(info.dli_fname, &st) != 0)
        return root;
    installer = st.st_uid;
    const char *slash = strrchr(info.dli_fname, '/');
    if (slash == NULL)
        return root;
    int n = snprintf(root, sizeof root, "%.*s/_precompiled",
                     (int)(slash - info.dli_fname), info.dli_fname);
    if (n <= 0 || (size_t)n >= sizeof root || !safe(root, 1))
        root[0] = '\0';
    return root;
}

int gpa_precompiled_read(const char *sub, const char *digest,
                         const char *ext, char *path, size_t path_n,
                         char **payload, size_t *n)
{
    char dir[4200];
    const char *r = find_root();
    if (r[0] == '\0')
        return 0;
    snprintf(dir, sizeof dir, "%s/%s", r, sub);
    int k = snprintf(path, path_n, "%s/%s.%s", dir, digest, ext);
    if (k <= 0 || (size_t)k >= path_n || !safe(path, 0) || !safe(dir, 1))
        return 0;
    int found = gpa_disk_cache_read(path, payload, n);
    if (found == 1)
        gpa_precompiled_hits++;
    return found;
}
