/* disk_cache.h - the on-disk cache of compiled kernels.
 *
 * Entry = payload (cubin, or a host shared object) + a 48-byte trailer:
 * magic, payload length, SHA-256 of the payload.  A loader trusts an entry
 * only if the trailer matches; ELF loaders ignore bytes past the end of
 * the object, so a host entry can be dlopen'ed as it is.  Entries are
 * written to a private temporary file and renamed into place, so readers
 * never see half an entry and two processes compiling the same kernel
 * both succeed.
 */
#ifndef GPA_DISK_CACHE_H
#define GPA_DISK_CACHE_H

#include "common.h"

/* SHA-256 (via hashlib; slow path only) as 64 hex characters + NUL. */
int gpa_sha256_hex(const void *data, size_t n, char out[65]);

/* Creates dir and parents, private to the user (0700). */
int gpa_mkdirs(const char *dir);

/* Reads and verifies an entry.  1: found and valid (*payload is
 * PyMem-allocated); 0: absent or damaged (no exception); -1: error. */
int gpa_disk_cache_read(const char *path, char **payload, size_t *n);

/* Writes an entry atomically.  Failure to write is not an error for the
 * caller (the cache is an optimisation): returns 0 either way, -1 only
 * with an exception for memory errors. */
int gpa_disk_cache_write(const char *path, const void *payload, size_t n);

#endif
