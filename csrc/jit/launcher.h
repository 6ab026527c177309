/* launcher.h - the host launcher every generated kernel comes with.
 *
 * On the host device a kernel is an ordinary function; its launcher
 * `name__host(void **args, gx, gy, gz, first, last)` unpacks
 * cuLaunchKernel-style argument pointers and runs the blocks whose linear
 * ids (x fastest) are in [first, last), in turn (blocks of one thread,
 * prelude_base.cuh); host_backend.c gives each worker thread a range.  Emitted inside #ifndef __CUDACC__ so NVRTC
 * never sees it.
 */
#ifndef GPA_LAUNCHER_H
#define GPA_LAUNCHER_H

#include "jit/strbuf.h"

/* types[i]: the C++ type of parameter i, e.g. "const float *". */
void gpa_sb_host_launcher(gpa_strbuf *b, const char *name, int nparams,
                          const char *const *types);

#endif
