/* strbuf.c - see strbuf.h. */
#include "jit/strbuf.h"

#include <stdarg.h>
#include <stdio.h>

static int grow(gpa_strbuf *b, size_t need)
{
    if (b->failed)
        return -1;
    if (b->len + need + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 1024;
    while (cap < b->len + need + 1)
        cap *= 2;
    char *s = PyMem_Realloc(b->s, cap);
    if (s == NULL) {
        b->failed = 1;
        PyErr_NoMemory();
        return -1;
    }
    b->s = s;
    b->cap = cap;
    return 0;
}

void gpa_sb_printf(gpa_strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || grow(b, (size_t)n) < 0)
        return;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void gpa_sb_puts(gpa_strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (grow(b, n) < 0)
        return;
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
}

void gpa_sb_free(gpa_strbuf *b)
{
    PyMem_Free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}
