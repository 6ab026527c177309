/* loader.h - opens a CUDA math library (cuBLAS, cuSOLVER, cuFFT) with
 * dlopen (DESIGN.md decision 2).
 *
 * STAND-IN: helper `blas` owns this file; this minimal version has the
 * same name and signature so that the FFT code builds before blas's
 * version is on main, and is replaced by it at the merge.
 */
#ifndef GPA_MATHLIB_LOADER_H
#define GPA_MATHLIB_LOADER_H

#include "common.h"

/* A dlopen handle for the library `what` (e.g. "cuFFT"), trying each
 * soname of the NULL-terminated list `sonames` in each folder of the
 * search order: $GPUARRAY_<WHAT>_PATH (a file or a folder; when set, the
 * only place searched), the NVIDIA
 * pip wheels' folders (<site>/nvidia/cu13/lib, <site>/nvidia/<lib>/lib),
 * $CUDA_HOME/lib64, $CUDA_PATH/lib64, /usr/local/cuda/lib64, then the
 * system loader.  The handle is never closed.  NULL with ImportError
 * naming the library and the pip package `pip_package` when none opens.
 * GIL held. */
void *gpa_mathlib_open(const char *what, const char *const *sonames,
                       const char *pip_package);

#endif
