/* strbuf.h - a growing text buffer for generating kernel source. */
#ifndef GPA_STRBUF_H
#define GPA_STRBUF_H

#include "common.h"

typedef struct {
    char *s;    /* PyMem-allocated, NUL-terminated */
    size_t len, cap;
    int failed; /* a growth failed: MemoryError is set */
} gpa_strbuf;

/* printf-style append; on failure sets failed and MemoryError once. */
void gpa_sb_printf(gpa_strbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void gpa_sb_puts(gpa_strbuf *b, const char *s);
void gpa_sb_free(gpa_strbuf *b);

#endif
