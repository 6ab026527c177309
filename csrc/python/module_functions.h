/* module_functions.h - the module-level functions of gpuarray._core, by
 * layer.  Each layer declares its functions here and lists them in its
 * GPA_*_FUNCTIONS macro, which module.c puts in the method table. */
#ifndef GPA_MODULE_FUNCTIONS_H
#define GPA_MODULE_FUNCTIONS_H

#include "common.h"

#define GPA_FN(name, fn, flags, doc) \
    {name, (PyCFunction)(void (*)(void))fn, flags, doc},

/* python/runtime_py.c: devices, pools, synchronisation */
PyObject *gpa_py_device_count(PyObject *, PyObject *);
PyObject *gpa_py_default_kind(PyObject *, PyObject *);
PyObject *gpa_py_set_device(PyObject *, PyObject *);
PyObject *gpa_py_get_device(PyObject *, PyObject *);
PyObject *gpa_py_device_info(PyObject *, PyObject *);
PyObject *gpa_py_synchronize(PyObject *, PyObject *);
PyObject *gpa_py_pool_stats(PyObject *, PyObject *);
PyObject *gpa_py_pool_free_all(PyObject *, PyObject *);
PyObject *gpa_py_strict_array(PyObject *, PyObject *);
PyObject *gpa_py_host_memory_view(PyObject *, PyObject *);
PyObject *gpa_py_d2h_count(PyObject *, PyObject *);
PyObject *gpa_py_pool_set_limit(PyObject *, PyObject *);
PyObject *gpa_py_staging_free(PyObject *, PyObject *);
PyObject *gpa_py_set_allocator(PyObject *, PyObject *);
PyObject *gpa_py_get_allocator(PyObject *, PyObject *);
PyObject *gpa_py_pinned_alloc(PyObject *, PyObject *);
/* python/stream_py.c: streams and events */
PyObject *gpa_py_stream_create(PyObject *, PyObject *);
PyObject *gpa_py_stream_destroy(PyObject *, PyObject *);
PyObject *gpa_py_stream_synchronize(PyObject *, PyObject *);
PyObject *gpa_py_stream_query(PyObject *, PyObject *);
PyObject *gpa_py_stream_use(PyObject *, PyObject *);
PyObject *gpa_py_stream_current(PyObject *, PyObject *);
PyObject *gpa_py_event_create(PyObject *, PyObject *);
PyObject *gpa_py_event_op(PyObject *, PyObject *);
PyObject *gpa_py_event_elapsed(PyObject *, PyObject *);
#define GPA_RUNTIME_FUNCTIONS                                              \
    GPA_FN("_device_count", gpa_py_device_count, METH_NOARGS, NULL)        \
    GPA_FN("_default_kind", gpa_py_default_kind, METH_NOARGS, NULL)        \
    GPA_FN("_set_device", gpa_py_set_device, METH_O, NULL)                 \
    GPA_FN("_get_device", gpa_py_get_device, METH_NOARGS, NULL)            \
    GPA_FN("_device_info", gpa_py_device_info, METH_O, NULL)               \
    GPA_FN("_synchronize", gpa_py_synchronize, METH_VARARGS, NULL)         \
    GPA_FN("_pool_stats", gpa_py_pool_stats, METH_VARARGS, NULL)           \
    GPA_FN("_pool_free_all", gpa_py_pool_free_all, METH_VARARGS, NULL)     \
    GPA_FN("_strict_array", gpa_py_strict_array, METH_VARARGS, NULL)       \
    GPA_FN("_host_memory_view", gpa_py_host_memory_view, METH_O, NULL)     \
    GPA_FN("_d2h_count", gpa_py_d2h_count, METH_NOARGS, NULL)              \
    GPA_FN("_pool_set_limit", gpa_py_pool_set_limit, METH_VARARGS, NULL)   \
    GPA_FN("_staging_free", gpa_py_staging_free, METH_NOARGS, NULL)        \
    GPA_FN("_set_allocator", gpa_py_set_allocator, METH_O, NULL)           \
    GPA_FN("_get_allocator", gpa_py_get_allocator, METH_NOARGS, NULL)      \
    GPA_FN("_pinned_alloc", gpa_py_pinned_alloc, METH_O, NULL)             \
    GPA_FN("_stream_create", gpa_py_stream_create, METH_VARARGS, NULL)     \
    GPA_FN("_stream_destroy", gpa_py_stream_destroy, METH_VARARGS, NULL)   \
    GPA_FN("_stream_synchronize", gpa_py_stream_synchronize, METH_VARARGS, \
           NULL)                                                           \
    GPA_FN("_stream_use", gpa_py_stream_use, METH_VARARGS, NULL)           \
    GPA_FN("_stream_query", gpa_py_stream_query, METH_VARARGS, NULL)       \
    GPA_FN("_stream_current", gpa_py_stream_current, METH_VARARGS, NULL)   \
    GPA_FN("_event_create", gpa_py_event_create, METH_VARARGS, NULL)       \
    GPA_FN("_event_op", gpa_py_event_op, METH_VARARGS, NULL)               \
    GPA_FN("_event_elapsed", gpa_py_event_elapsed, METH_VARARGS, NULL)

/* array/views.c */
PyObject *gpa_py_as_strided(PyObject *, PyObject *);
PyObject *gpa_py_set_writeable(PyObject *, PyObject *);
PyObject *gpa_py_plain_strides(PyObject *, PyObject *);
/* array/structured.c */
PyObject *gpa_py_byte_unit(PyObject *, PyObject *);
#define GPA_ARRAY_FUNCTIONS                                                \
    GPA_FN("_byte_unit", gpa_py_byte_unit, METH_VARARGS, NULL)             \
    GPA_FN("_as_strided", gpa_py_as_strided, METH_VARARGS, NULL)           \
    GPA_FN("_set_writeable", gpa_py_set_writeable, METH_VARARGS, NULL)     \
    GPA_FN("_plain_strides", gpa_py_plain_strides, METH_VARARGS, NULL)

/* ops/creation.c */
PyObject *gpa_py_empty(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_full(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_empty_like(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_asarray(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_arange(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_linspace(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_eye(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_tri(PyObject *, PyObject *, PyObject *);
/* empty's and full's docstrings open with a __text_signature__ (the line
 * before "--"), so inspect.signature and the Array API suite's signature
 * tests read them */
#define GPA_CREATION_FUNCTIONS                                             \
    GPA_FN("empty", gpa_py_empty, METH_VARARGS | METH_KEYWORDS,            \
           "empty(shape, dtype=None, order='C', *, device=None, "          \
           "like=None)\n--\n\nAn uninitialised array (dtype None: "        \
           "float64).")                                                    \
    GPA_FN("full", gpa_py_full, METH_VARARGS | METH_KEYWORDS,              \
           "full(shape, fill_value, dtype=None, order='C', *, "            \
           "device=None, like=None)\n--\n\nAn array of fill_value "        \
           "(dtype None: fill_value's).")                                  \
    GPA_FN("_empty_like", gpa_py_empty_like,                               \
           METH_VARARGS | METH_KEYWORDS, NULL)                             \
    GPA_FN("_asarray", gpa_py_asarray, METH_VARARGS | METH_KEYWORDS, NULL) \
    GPA_FN("_arange", gpa_py_arange, METH_VARARGS | METH_KEYWORDS, NULL)   \
    GPA_FN("_linspace", gpa_py_linspace, METH_VARARGS | METH_KEYWORDS,     \
           NULL)                                                           \
    GPA_FN("_eye", gpa_py_eye, METH_VARARGS | METH_KEYWORDS, NULL)         \
    GPA_FN("_tri", gpa_py_tri, METH_VARARGS | METH_KEYWORDS, NULL)

/* python/jit_py.c */
PyObject *gpa_py_jit_stats(PyObject *, PyObject *);
PyObject *gpa_py_clear_kernel_cache(PyObject *, PyObject *);
PyObject *gpa_py_elementwise(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_tune(PyObject *, PyObject *);
PyObject *gpa_py_ew_source(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_ufunc_body(PyObject *, PyObject *);
PyObject *gpa_py_jit_defer(PyObject *, PyObject *);
PyObject *gpa_py_jit_compile_pending(PyObject *, PyObject *);
PyObject *gpa_py_jit_pending(PyObject *, PyObject *);
/* jit/raw.c */
PyObject *gpa_py_raw_module(PyObject *, PyObject *);
PyObject *gpa_py_raw_function(PyObject *, PyObject *);
PyObject *gpa_py_raw_launch(PyObject *, PyObject *);
PyObject *gpa_py_raw_param_sizes(PyObject *, PyObject *);
#define GPA_JIT_FUNCTIONS                                                  \
    GPA_FN("_nvrtc_compile", gpa_nvrtc_compile_py, METH_VARARGS, NULL)     \
    GPA_FN("_nvrtc_compile_many", gpa_nvrtc_compile_many_py, METH_VARARGS, \
           NULL)                                                           \
    GPA_FN("_jit_defer", gpa_py_jit_defer, METH_O, NULL)                   \
    GPA_FN("_jit_compile_pending", gpa_py_jit_compile_pending, METH_O,     \
           NULL)                                                           \
    GPA_FN("_jit_pending", gpa_py_jit_pending, METH_VARARGS, NULL)         \
    GPA_FN("_raw_module", gpa_py_raw_module, METH_VARARGS, NULL)           \
    GPA_FN("_raw_function", gpa_py_raw_function, METH_VARARGS, NULL)       \
    GPA_FN("_raw_launch", gpa_py_raw_launch, METH_VARARGS, NULL)           \
    GPA_FN("_raw_param_sizes", gpa_py_raw_param_sizes, METH_O, NULL)       \
    GPA_FN("_jit_stats", gpa_py_jit_stats, METH_NOARGS, NULL)              \
    GPA_FN("_clear_kernel_cache", gpa_py_clear_kernel_cache, METH_NOARGS,  \
           NULL)                                                           \
    GPA_FN("_elementwise", gpa_py_elementwise,                             \
           METH_VARARGS | METH_KEYWORDS, NULL)                             \
    GPA_FN("_tune", gpa_py_tune, METH_VARARGS, NULL)                      \
    GPA_FN("_ew_source", gpa_py_ew_source, METH_VARARGS | METH_KEYWORDS,   \
           NULL)                                                           \
    GPA_FN("_ufunc_body", gpa_py_ufunc_body, METH_VARARGS, NULL)

/* ops/reduce.c, ops/scan.c: reductions and scans */
PyObject *gpa_py_reduce(PyObject *, PyObject *);
PyObject *gpa_py_scan(PyObject *, PyObject *);
PyObject *gpa_py_reduce_cache(PyObject *, PyObject *);
PyObject *gpa_py_warn_cast_drops_imaginary(PyObject *, PyObject *);
PyObject *gpa_py_reduce_source(PyObject *, PyObject *);
PyObject *gpa_py_reduce_op(PyObject *, PyObject *);
#define GPA_REDUCE_FUNCTIONS                                               \
    GPA_FN("_reduce", gpa_py_reduce, METH_VARARGS, NULL)                   \
    GPA_FN("_scan", gpa_py_scan, METH_VARARGS, NULL)                       \
    GPA_FN("_reduce_cache", gpa_py_reduce_cache, METH_O, NULL)            \
    GPA_FN("_warn_cast_drops_imaginary", gpa_py_warn_cast_drops_imaginary, \
           METH_VARARGS, NULL)                                             \
    GPA_FN("_reduce_source", gpa_py_reduce_source, METH_VARARGS, NULL)    \
    GPA_FN("_reduce_op", gpa_py_reduce_op, METH_O, NULL)

/* ops/sort.c, ops/compact.c: the radix sort engine, stream compaction */
PyObject *gpa_py_radix_sort(PyObject *, PyObject *);
PyObject *gpa_py_radix_select(PyObject *, PyObject *);
PyObject *gpa_py_compact(PyObject *, PyObject *);
PyObject *gpa_py_compact_source(PyObject *, PyObject *);
PyObject *gpa_py_gather1d(PyObject *, PyObject *);
PyObject *gpa_py_sort_source(PyObject *, PyObject *);
#define GPA_SORT_FUNCTIONS                                                 \
    GPA_FN("_radix_sort", gpa_py_radix_sort, METH_VARARGS, NULL)           \
    GPA_FN("_radix_select", gpa_py_radix_select, METH_VARARGS, NULL)       \
    GPA_FN("_sort_source", gpa_py_sort_source, METH_VARARGS, NULL)       \
    GPA_FN("_compact", gpa_py_compact, METH_VARARGS, NULL)                 \
    GPA_FN("_compact_source", gpa_py_compact_source, METH_VARARGS, NULL)  \
    GPA_FN("_gather1d", gpa_py_gather1d, METH_VARARGS, NULL)

/* interop/dlpack_import.c */
PyObject *gpa_py_from_dlpack(PyObject *, PyObject *, PyObject *);
PyObject *gpa_py_fromDlpack(PyObject *, PyObject *);
#define GPA_INTEROP_FUNCTIONS                                              \
    GPA_FN("from_dlpack", gpa_py_from_dlpack,                              \
           METH_VARARGS | METH_KEYWORDS,                                   \
           "from_dlpack(x, /, *, device=None, copy=None): array sharing "  \
           "the memory of any object with __dlpack__, or of a capsule")    \
    GPA_FN("fromDlpack", gpa_py_fromDlpack, METH_O,                        \
           "fromDlpack(capsule): array from a DLPack capsule (legacy)")

/* python/mathlib_py.c: BLAS/LAPACK through the backend's library */
PyObject *gpa_py_ml_gemm(PyObject *, PyObject *);
PyObject *gpa_py_ml_matmul(PyObject *, PyObject *); /* python/matmul_py.c */
PyObject *gpa_py_ml_matmul_last(PyObject *, PyObject *);
PyObject *gpa_py_ml_getrf(PyObject *, PyObject *);
PyObject *gpa_py_ml_getrs(PyObject *, PyObject *);
PyObject *gpa_py_ml_potrf(PyObject *, PyObject *);
PyObject *gpa_py_ml_syevd(PyObject *, PyObject *);
PyObject *gpa_py_ml_gesvd(PyObject *, PyObject *);
PyObject *gpa_py_ml_geqrf(PyObject *, PyObject *);
PyObject *gpa_py_ml_orgqr(PyObject *, PyObject *);
PyObject *gpa_py_ml_geev(PyObject *, PyObject *);
PyObject *gpa_py_ml_symbols(PyObject *, PyObject *);
PyObject *gpa_py_ml_load(PyObject *, PyObject *);
PyObject *gpa_py_ml_where(PyObject *, PyObject *);
PyObject *gpa_py_ml_tf32(PyObject *, PyObject *);
#define GPA_MATHLIB_FUNCTIONS                                              \
    GPA_FN("_ml_gemm", gpa_py_ml_gemm, METH_VARARGS, NULL)                 \
    GPA_FN("_ml_matmul", gpa_py_ml_matmul, METH_VARARGS, NULL)             \
    GPA_FN("_ml_matmul_last", gpa_py_ml_matmul_last, METH_NOARGS, NULL)    \
    GPA_FN("_ml_getrf", gpa_py_ml_getrf, METH_VARARGS, NULL)               \
    GPA_FN("_ml_getrs", gpa_py_ml_getrs, METH_VARARGS, NULL)               \
    GPA_FN("_ml_potrf", gpa_py_ml_potrf, METH_VARARGS, NULL)               \
    GPA_FN("_ml_syevd", gpa_py_ml_syevd, METH_VARARGS, NULL)               \
    GPA_FN("_ml_gesvd", gpa_py_ml_gesvd, METH_VARARGS, NULL)               \
    GPA_FN("_ml_geqrf", gpa_py_ml_geqrf, METH_VARARGS, NULL)               \
    GPA_FN("_ml_orgqr", gpa_py_ml_orgqr, METH_VARARGS, NULL)               \
    GPA_FN("_ml_geev", gpa_py_ml_geev, METH_VARARGS, NULL)                 \
    GPA_FN("_ml_symbols", gpa_py_ml_symbols, METH_NOARGS, NULL)            \
    GPA_FN("_ml_load", gpa_py_ml_load, METH_O, NULL)                       \
    GPA_FN("_ml_where", gpa_py_ml_where, METH_O, NULL)                     \
    GPA_FN("_ml_tf32", gpa_py_ml_tf32, METH_O, NULL)

/* python/config_py.c: settings and the first-compile notice
 * (jit/compile_notice.c); python/cuda_info_py.c: CUDA versions, memory,
 * attributes */

PyObject *gpa_py_config(PyObject *, PyObject *);
PyObject *gpa_py_compile_notice(PyObject *, PyObject *);
/* python/cuda_info_py.c: what gpuarray.cuda.runtime reports */
PyObject *gpa_py_cuda_mem_info(PyObject *, PyObject *);
PyObject *gpa_py_cuda_driver_version(PyObject *, PyObject *);
PyObject *gpa_py_nvrtc_version(PyObject *, PyObject *);
PyObject *gpa_py_cuda_attribute(PyObject *, PyObject *);
#define GPA_CONFIG_FUNCTIONS                                               \
    GPA_FN("_config", gpa_py_config, METH_NOARGS, NULL)                    \
    GPA_FN("_compile_notice", gpa_py_compile_notice, METH_O, NULL)         \
    GPA_FN("_cuda_mem_info", gpa_py_cuda_mem_info, METH_O, NULL)           \
    GPA_FN("_cuda_driver_version", gpa_py_cuda_driver_version,             \
           METH_NOARGS, NULL)                                              \
    GPA_FN("_nvrtc_version", gpa_py_nvrtc_version, METH_NOARGS, NULL)      \
    GPA_FN("_cuda_attribute", gpa_py_cuda_attribute, METH_VARARGS, NULL)

#endif
