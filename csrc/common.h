/* common.h - included first by every C file of the extension.
 *
 * Pulls in Python and NumPy's C API (one API table for the whole extension:
 * python/module.c defines it, every other file imports it) and the few macros the
 * layers share.
 *
 * Note [State]: the extension's state (the device registry, pools, kernel
 * caches, loaded libraries, hooks) lives in file-level statics of the
 * layer that owns it, each behind that layer's functions, not in module
 * state: the hot path (a + b) must not pay for a module-state lookup, and
 * the module is single-phase initialised (m_size -1), so there is exactly
 * one instance per process.  The caches are bounded and can be cleared
 * (_core._clear_kernel_cache, _reduce_cache); hooks are dropped in the
 * module's m_free (python/module.c).
 */
#ifndef GPA_COMMON_H
#define GPA_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_2_0_API_VERSION
#define NPY_TARGET_VERSION NPY_2_0_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL gpa_ARRAY_API
#define PY_UFUNC_UNIQUE_SYMBOL gpa_UFUNC_API
#ifndef GPA_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#define NO_IMPORT_UFUNC
#endif
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#include <stdint.h>
#include <stddef.h>
#include <string.h>

/* NumPy 2 allows 64 dimensions; so do we. */
#define GPA_MAXDIMS 64

/* Return codes of C helpers that can fail without a Python exception
 * (out of memory is retried by the pool before an exception is raised). */
#define GPA_OK 0
#define GPA_ERR (-1)  /* a Python exception is set */
#define GPA_OOM 1     /* out of memory, no exception set */

#define GPA_UNUSED(x) ((void)(x))

#endif
