/* disk_cache.h - the on-disk cache of compiled kernels.
 *
 * Entry = payload (cubin, or a host shared object) + its key (compiler,
 * device and the SHA-256 of source, options and target that also names
 * the file, so an entry copied onto another name is refused) + a 56-byte
 * trailer: magic, payload and key lengths, SHA-256
 * of payload and key (against damage; trust comes from who can write
 * the directory, cache_trust.h).  A loader takes an entry only if the
 * key and trailer match; ELF loaders ignore bytes past the end of
 * the object, so a host entry can be dlopen'ed as it is.  Entries are
 * written to a private temporary file and renamed into place, so readers
 * never see half an entry and two processes compiling the same kernel
 * both succeed.
 */
#ifndef GPA_DISK_CACHE_H
#define GPA_DISK_CACHE_H

#include "common.h"

#include <sys/types.h>

/* SHA-256 (via hashlib; slow path only) as 64 hex characters + NUL. */
int gpa_sha256_hex(const void *data, size_t n, char out[65]);

/* Creates dir and parents, private to the user (0700). */
int gpa_mkdirs(const char *dir);

/* Reads and verifies the entry `name` of the trusted directory dirfd
 * (cache_trust.h): a regular file of ours, not writable by others, whose
 * stored key is `key` and whose digest matches.  1: valid (*payload is
 * PyMem-allocated; *fd_out, when not NULL, is the open descriptor the
 * bytes came from, the caller's to close); 0: absent; 2: present but
 * rejected (damaged, another key's, not a regular file, foreign);
 * -1 with an exception (memory). */
int gpa_disk_cache_read(int dirfd, const char *name, const char *key,
                        char **payload, size_t *n, int *fd_out);

/* The same for a directory whose entries belong to `owner` rather than
 * the effective user: the shipped set (precompiled.h), the installer's. */
int gpa_disk_cache_read_owned(int dirfd, const char *name, const char *key,
                              char **payload, size_t *n, int *fd_out,
                              uid_t owner);

/* Writes an entry atomically (a private temporary file renamed into
 * place).  Failure to write is not an error for the caller (the cache is
 * an optimisation): returns 0 either way, -1 only with an exception for
 * memory errors. */
int gpa_disk_cache_write(int dirfd, const char *name, const char *key,
                         const void *payload, size_t n);

#endif
