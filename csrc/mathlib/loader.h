/* loader.h - finding and opening the math libraries (cuBLAS, cuSOLVER,
 * cuFFT, OpenBLAS) with dlopen, for every backend table of csrc/mathlib/.
 *
 * Note [Library search]: a library is looked for, by each of its sonames
 * in the order given, in these places, first found wins:
 *   1. an override: GPUARRAY_<WHAT>_PATH (WHAT = `what` upper-cased with
 *      anything but letters and digits dropped: GPUARRAY_CUBLAS_PATH,
 *      GPUARRAY_OPENBLAS_PATH), naming the library file itself or the
 *      folder holding it; for the CUDA libraries (`what` starting with
 *      "cu") also GPUARRAY_CUDA_LIB_DIR, one folder for all of them.
 *      An override that is set is the ONLY place searched, so a user (or
 *      a test) can say exactly which copy is used, or that none is;
 *   2. the pip wheels in site-packages (every folder of sys.path and
 *      site.getsitepackages()): nvidia/cu13/lib, nvidia/cu12/lib,
 *      nvidia/<what>/lib (nvidia/cublas/lib, nvidia/cusolver/lib, ...) and
 *      <pip_package with '-' as '_'>/lib (scipy_openblas64/lib); then
 *      cuda-pathfinder's find of the library where that is installed;
 *   3. $CUDA_HOME/lib64 and $CUDA_PATH/lib64 (and their lib/);
 *   4. the system loader (LD_LIBRARY_PATH, ld.so.cache), then
 *      /usr/local/cuda/lib64.
 * All of this needs the GIL (it asks Python where site-packages is).
 */
#ifndef GPA_MATHLIB_LOADER_H
#define GPA_MATHLIB_LOADER_H

/* Opens the first of sonames (NULL-terminated) found by the search order of Note [Library search]; new dlopen handle, or NULL with ImportError set naming `what` and `pip_package`. */
void *gpa_mathlib_open(const char *what, const char *const *sonames, const char *pip_package);

/* The path the last successful gpa_mathlib_open of `what` loaded, for
 * messages and gpuarray.show_config; NULL when none. Borrowed, process
 * lifetime. */
const char *gpa_mathlib_where(const char *what);

#endif
