/* spec_key.h - small helpers of the spec -> kernel tables
 * (kernel_cache.c, reduce_codegen.c): specs compare strings by value. */
#ifndef GPA_SPEC_KEY_H
#define GPA_SPEC_KEY_H

#include <string.h>

/* Equal strings (both NULL counts as equal). */
static inline int gpa_str_eq(const char *a, const char *b)
{
    if (a == b)
        return 1;
    if (a == NULL || b == NULL)
        return 0;
    return strcmp(a, b) == 0;
}

#endif
