/* cache_trust.h - which kernel-cache directories and files we trust
 * (threat model: docs/design/cache_security.md).
 *
 * A directory or file is trusted when, checked with fstat on the
 * descriptor we then use, it is owned by the effective user and writable
 * by nobody else.  Everything below the cache root is reached through
 * descriptors of trusted directories (openat), so renaming a path under
 * us changes nothing; a host module is dlopen'ed from the descriptor its
 * bytes were verified from (/proc/self/fd/N).
 */
#ifndef GPA_CACHE_TRUST_H
#define GPA_CACHE_TRUST_H

#include "common.h"

/* The trusted descriptor of <cache dir>/<sub> (created 0700 when
 * missing), opened once per process and kept.  -1 when there is no
 * usable cache: then a RuntimeWarning says why, once, and kernels are
 * compiled and loaded from memory only.  Never raises. */
int gpa_cache_subdir(const char *sub);

/* 1 when fd's file is ours and not group/other-writable, and of the kind
 * asked (directory when want_dir, else a regular file). */
int gpa_fd_trusted(int fd, int want_dir);

/* Opens `name` under dirfd as a trusted directory, creating it 0700
 * first when `create`; -1 (errno set, EPERM when refused) otherwise. */
int gpa_open_trusted_dir(int dirfd, const char *name, int create);

/* A path that opens descriptor fd and that this process never used
 * before for dlopen (glibc returns the object already loaded under the
 * same name, so /proc/self/fd/N alone would alias a reused number). */
void gpa_fd_load_path(int fd, char *buf, size_t n);

/* A new anonymous in-memory file holding data (close-on-exec), or -1
 * with OSError. */
int gpa_memfd_of(const void *data, size_t n);

#endif
