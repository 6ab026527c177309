/* precompiled.h - the kernel modules shipped inside the installed package
 * (precompiled.c, Note [Precompiled kernels]). */
#ifndef GPA_PRECOMPILED_H
#define GPA_PRECOMPILED_H

#include "common.h"

/* Modules loaded from the shipped set (for _jit_stats). */
extern unsigned long long gpa_precompiled_hits;

/* Looks for module `digest`.`ext` of compiler `sub` ("host", "cuda") in
 * the shipped set.  1: found, trusted and valid -- *payload is
 * PyMem-allocated and `path` names the file; 0: not there or not trusted
 * (no exception); -1: error (memory). */
int gpa_precompiled_read(const char *sub, const char *digest,
                         const char *ext, char *path, size_t path_n,
                         char **payload, size_t *n);

#endif
