/* compile_notice.c - one line on stderr the first time in a process that
 * a kernel compile is slow, so that a first run's pause has a visible
 * cause (docs/performance.md): "gpuarray: compiling kernels, cached for
 * next time".  Later compiles, and every compile under the threshold
 * (default 1 s), print nothing.  Called by compile.c with the GIL held;
 * written through sys.stderr so that redirection and pytest's capture
 * see it.
 */
#include "common.h"
#include "jit/compile.h"
#include "config.h"

#include <time.h>

static double notice_after_s = 1.0;
static int notice_shown;

double gpa_monotonic_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void gpa_compile_notice_batch(double seconds, int kernels)
{
    if (notice_shown || seconds < notice_after_s)
        return;
    notice_shown = 1;
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb); /* a notice must not eat an error */
    if (kernels == 1)
        PySys_FormatStderr("gpuarray: compiling kernels, cached for next "
                           "time (%d ms for this one; cache: %s)\n",
                           (int)(seconds * 1e3), gpa_cfg.cache_dir);
    else
        PySys_FormatStderr("gpuarray: compiling kernels, cached for next "
                           "time (%d ms for %d compiled together; cache: "
                           "%s)\n", (int)(seconds * 1e3), kernels,
                           gpa_cfg.cache_dir);
    PyErr_Restore(type, value, tb);
}

void gpa_compile_notice(double seconds)
{
    gpa_compile_notice_batch(seconds, 1);
}

double gpa_compile_notice_set(double seconds)
{
    double old = notice_after_s;
    notice_after_s = seconds;
    notice_shown = 0;
    return old;
}
