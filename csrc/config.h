/* config.h - every environment variable the extension reads, read once.
 *
 *   GPUARRAY_DEVICE     "host" or "cuda": force the default device kind
 *                       (default: cuda when a GPU is usable, else host).
 *   GPUARRAY_CACHE_DIR  on-disk kernel cache (default
 *                       $XDG_CACHE_HOME/gpuarray or ~/.cache/gpuarray).
 *   GPUARRAY_DEBUG      1: print each kernel's source when it is compiled;
 *                       2: also keep the host compiler's temporary files.
 *   CXX                 C++ compiler for the host device (default c++).
 *   GPUARRAY_HOST_THREADS  threads that run host-device kernels (default:
 *                       the CPUs available, at most 32).
 *   GPUARRAY_STRICT_ARRAY  1: host-device arrays refuse __array__ and the
 *                       buffer protocol as device memory does (a test mode:
 *                       the host suite then sees what a GPU would refuse).
 *   GPUARRAY_TF32       1: float32 matrix products on cuda may use TF32
 *                       tensor cores (as CuPy's CUPY_TF32; default 0:
 *                       exact float32).  gpuarray.linalg.set_tf32 too.
 */
#ifndef GPA_CONFIG_H
#define GPA_CONFIG_H

typedef struct {
    int force_host;        /* GPUARRAY_DEVICE=host */
    int force_cuda;        /* GPUARRAY_DEVICE=cuda */
    char cache_dir[4096];
    int debug;
    char cxx[1024];
    int host_threads;      /* 0: one per CPU */
    int strict_array;      /* GPUARRAY_STRICT_ARRAY=1; _core._strict_array */
    int tf32;              /* GPUARRAY_TF32=1 */
} gpa_config;

/* Filled by gpa_config_load at module import. */
extern gpa_config gpa_cfg;

/* Returns -1 with a ValueError for an unknown GPUARRAY_DEVICE. */
int gpa_config_load(void);

#endif
