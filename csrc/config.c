/* config.c - reads the environment once at import (see config.h). */
#include "common.h"
#include "config.h"

#include <stdlib.h>
#include <unistd.h>

gpa_config gpa_cfg;

static void copy_env(char *dst, size_t n, const char *value)
{
    snprintf(dst, n, "%s", value);
}

int gpa_config_load(void)
{
    const char *dev = getenv("GPUARRAY_DEVICE");
    memset(&gpa_cfg, 0, sizeof gpa_cfg);
    if (dev != NULL && dev[0] != '\0') {
        if (strcmp(dev, "host") == 0)
            gpa_cfg.force_host = 1;
        else if (strcmp(dev, "cuda") == 0)
            gpa_cfg.force_cuda = 1;
        else {
            PyErr_Format(PyExc_ValueError,
                         "GPUARRAY_DEVICE must be 'host' or 'cuda', not '%s'",
                         dev);
            return -1;
        }
    }

    const char *cache = getenv("GPUARRAY_CACHE_DIR");
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (cache != NULL && cache[0] != '\0')
        copy_env(gpa_cfg.cache_dir, sizeof gpa_cfg.cache_dir, cache);
    else if (xdg != NULL && xdg[0] != '\0')
        snprintf(gpa_cfg.cache_dir, sizeof gpa_cfg.cache_dir, "%s/gpuarray",
                 xdg);
    else if (home != NULL && home[0] != '\0')
        snprintf(gpa_cfg.cache_dir, sizeof gpa_cfg.cache_dir,
                 "%s/.cache/gpuarray", home);
    /* else "": no disk cache.  Never a fixed name under /tmp, which
     * another user could create first (docs/design/cache_security.md). */

    const char *debug = getenv("GPUARRAY_DEBUG");
    gpa_cfg.debug = debug ? atoi(debug) : 0;

    const char *threads = getenv("GPUARRAY_HOST_THREADS");
    gpa_cfg.host_threads = threads ? atoi(threads) : 0;
    const char *tf32 = getenv("GPUARRAY_TF32");
    gpa_cfg.tf32 = (tf32 != NULL && strcmp(tf32, "1") == 0);

    const char *strict = getenv("GPUARRAY_STRICT_ARRAY");
    gpa_cfg.strict_array = strict ? atoi(strict) != 0 : 0;

    const char *cxx = getenv("CXX");
    copy_env(gpa_cfg.cxx, sizeof gpa_cfg.cxx,
             (cxx != NULL && cxx[0] != '\0') ? cxx : "c++");
    return 0;
}
