/* precompiled.h - the kernel modules shipped inside the installed package
 * (precompiled.c, Note [Precompiled kernels]). */
#ifndef GPA_PRECOMPILED_H
#define GPA_PRECOMPILED_H

#include "common.h"

#include <sys/types.h>

/* Modules loaded from the shipped set (for _jit_stats). */
extern unsigned long long gpa_precompiled_hits;

/* The trusted descriptor of the shipped set's folder for compiler `sub`
 * ("host", "cuda"), opened once per process and kept; -1 when there is
 * none or it is not trusted (no exception).  Entries are read with
 * gpa_disk_cache_read_owned(..., gpa_precompiled_owner()). */
int gpa_precompiled_dir(const char *sub);

/* Who installed the package: the owner of the _core extension. */
uid_t gpa_precompiled_owner(void);

#endif
