/* kernel_cache.c - the hot path's table from elementwise spec to compiled
 * function (ew.h).  Open addressing, bounded: when it fills up it is
 * emptied (the modules stay loaded, so refilling costs a source hash and
 * a table lookup in compile.c, no compile).  Used under the GIL, which
 * the compile in between a miss and its insert releases (hence the second
 * probe in gpa_ew_kernel).
 */
#include "jit/ew.h"
#include "jit/jit.h"
#include "jit/spec_key.h"

#include <stdlib.h>

#define SLOTS 8192          /* power of two */
#define MAX_ENTRIES 6000

typedef struct {
    uint64_t hash;
    gpa_device *dev;
    gpa_ew_spec spec;       /* body and preamble point at owned copies */
    void *fn;
} entry;

static entry *table;
static size_t n_entries;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ull;
    return h;
}

static uint64_t spec_hash(gpa_device *dev, const gpa_ew_spec *s)
{
    int nargs = s->nin + s->nout;
    uint64_t h = 14695981039346656037ull;
    h = fnv(h, &dev, sizeof dev);
    h = fnv(h, &s->nin, sizeof s->nin);
    h = fnv(h, &s->nout, sizeof s->nout);
    h = fnv(h, s->mem_type, (size_t)nargs * sizeof(int));
    h = fnv(h, s->loop_type, (size_t)nargs * sizeof(int));
    h = fnv(h, s->is_scalar, (size_t)nargs);
    h = fnv(h, &s->ndim, sizeof s->ndim);
    h = fnv(h, &s->index64, sizeof s->index64);
    h = fnv(h, &s->vec, sizeof s->vec);
    h = fnv(h, s->body, strlen(s->body));
    if (s->preamble)
        h = fnv(h, s->preamble, strlen(s->preamble));
    return h;
}

static int spec_eq(const gpa_ew_spec *a, const gpa_ew_spec *b)
{
    int nargs = a->nin + a->nout;
    return a->nin == b->nin && a->nout == b->nout && a->ndim == b->ndim &&
           a->index64 == b->index64 && a->vec == b->vec &&
           !memcmp(a->mem_type, b->mem_type, (size_t)nargs * sizeof(int)) &&
           !memcmp(a->loop_type, b->loop_type, (size_t)nargs * sizeof(int)) &&
           !memcmp(a->is_scalar, b->is_scalar, (size_t)nargs) &&
           gpa_str_eq(a->body, b->body) && gpa_str_eq(a->preamble, b->preamble);
}

void gpa_ew_cache_clear(void)
{
    if (table == NULL)
        return;
    for (size_t i = 0; i < SLOTS; i++) {
        if (table[i].fn) {
            free((char *)table[i].spec.body);
            free((char *)table[i].spec.preamble);
        }
    }
    memset(table, 0, SLOTS * sizeof(entry));
    n_entries = 0;
}

size_t gpa_ew_cache_size(void)
{
    return n_entries;
}

static void *compile_spec(gpa_device *dev, const gpa_ew_spec *spec)
{
    gpa_strbuf b = {0};
    gpa_ew_source(spec, "gpa_ew", &b);
    if (b.failed)
        return NULL;
    gpa_module *m = gpa_jit_load(dev, b.s);
    gpa_sb_free(&b);
    if (m == NULL)
        return NULL;
    return gpa_module_function(m, "gpa_ew");
}

void *gpa_ew_kernel(gpa_device *dev, const gpa_ew_spec *spec)
{
    if (table == NULL) {
        table = calloc(SLOTS, sizeof(entry));
        if (table == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    uint64_t h = spec_hash(dev, spec);
    size_t i = (size_t)h & (SLOTS - 1);
    while (table[i].fn) {
        if (table[i].hash == h && table[i].dev == dev &&
            spec_eq(&table[i].spec, spec))
            return table[i].fn;
        i = (i + 1) & (SLOTS - 1);
    }
    void *fn = compile_spec(dev, spec);
    if (fn == NULL)
        return NULL;
    /* The compile released the GIL: another thread may have filled this
     * slot (or this very spec) or emptied the table meanwhile. */
    if (n_entries >= MAX_ENTRIES)
        gpa_ew_cache_clear();
    i = (size_t)h & (SLOTS - 1);
    while (table[i].fn) {
        if (table[i].hash == h && table[i].dev == dev &&
            spec_eq(&table[i].spec, spec))
            return table[i].fn;
        i = (i + 1) & (SLOTS - 1);
    }
    char *body = strdup(spec->body);
    char *pre = spec->preamble ? strdup(spec->preamble) : NULL;
    if (body == NULL || (spec->preamble && pre == NULL)) {
        free(body);
        free(pre);
        return fn; /* usable, just not remembered */
    }
    table[i].hash = h;
    table[i].dev = dev;
    table[i].spec = *spec;
    table[i].spec.body = body;
    table[i].spec.preamble = pre;
    table[i].fn = fn;
    n_entries++;
    return fn;
}
