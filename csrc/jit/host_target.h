/* host_target.h - what the host C++ compiler is asked for: the options and
 * the instruction set level of this CPU (host_target.c). */
#ifndef GPA_HOST_TARGET_H
#define GPA_HOST_TARGET_H

/* The x86-64 micro-architecture level this CPU runs ("x86-64-v4",
 * "x86-64-v3", "x86-64-v2", "x86-64"), or the machine name elsewhere;
 * GPUARRAY_HOST_ISA picks a lower level (tests, shared caches). */
const char *gpa_host_isa(void);

/* The full option string of a host kernel compile (static; goes into the
 * cache key, so a kernel built for another CPU level is never loaded). */
const char *gpa_host_opts(void);

/* The options of user (raw) source: the same without -nostdlib. */
const char *gpa_host_raw_opts(void);

/* What a generated kernel links against, after its source (Note [Host
 * kernel link]); NULL-terminated. */
const char *const *gpa_host_link_libs(void);

#endif
