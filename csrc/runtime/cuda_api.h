/* cuda_api.h - our own declarations of the few CUDA driver and NVRTC
 * entry points we use, written from NVIDIA's API documentation (the math
 * libraries declare theirs beside their own loaders).
 *
 * Nothing links against CUDA (DESIGN.md decision 2): cuda_loader.c opens
 * libcuda / libnvrtc with dlopen on first use and fills these tables with
 * dlsym.  Only the types and constants we need are declared.
 */
#ifndef GPA_CUDA_API_H
#define GPA_CUDA_API_H

#include <stddef.h>

typedef int CUresult;          /* 0 == CUDA_SUCCESS */
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUdeviceptr;

#define GPA_CUDA_SUCCESS 0
#define GPA_CUDA_ERROR_OUT_OF_MEMORY 2
#define GPA_CUDA_ERROR_DEINITIALIZED 4
#define GPA_CUDA_ERROR_STUB_LIBRARY 34
#define GPA_CUDA_ERROR_NOT_READY 600
#define GPA_CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED 712

/* CUdevice_attribute values we read */
#define GPA_CU_ATTR_MAX_THREADS_PER_BLOCK 1
#define GPA_CU_ATTR_MULTIPROCESSOR_COUNT 16
#define GPA_CU_ATTR_COMPUTE_CAPABILITY_MAJOR 75
#define GPA_CU_ATTR_COMPUTE_CAPABILITY_MINOR 76

/* flags */
#define GPA_CU_MEMHOSTALLOC_PORTABLE 0x01
#define GPA_CU_MEMHOSTREGISTER_PORTABLE 0x01
#define GPA_CU_STREAM_NON_BLOCKING 0x1
#define GPA_CU_EVENT_DISABLE_TIMING 0x2

/* CUfunction_attribute values we set */
#define GPA_CU_FUNC_ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES 8

/* CUpointer_attribute values */
#define GPA_CU_POINTER_ATTRIBUTE_CONTEXT 1
#define GPA_CU_POINTER_ATTRIBUTE_MEMORY_TYPE 2
#define GPA_CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL 9
#define GPA_CU_MEMORYTYPE_HOST 1
#define GPA_CU_MEMORYTYPE_DEVICE 2

typedef struct gpa_cuda_api {
    CUresult (*cuInit)(unsigned flags);
    CUresult (*cuDriverGetVersion)(int *version);
    CUresult (*cuGetErrorName)(CUresult err, const char **name);
    CUresult (*cuGetErrorString)(CUresult err, const char **str);
    CUresult (*cuDeviceGetCount)(int *count);
    CUresult (*cuDeviceGet)(CUdevice *dev, int ordinal);
    CUresult (*cuDeviceGetName)(char *name, int len, CUdevice dev);
    CUresult (*cuDeviceGetAttribute)(int *value, int attrib, CUdevice dev);
    CUresult (*cuDeviceTotalMem)(size_t *bytes, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *ctx, CUdevice dev);
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice dev);
    CUresult (*cuCtxSetCurrent)(CUcontext ctx);
    CUresult (*cuCtxGetCurrent)(CUcontext *ctx);
    CUresult (*cuCtxSynchronize)(void);
    CUresult (*cuMemAlloc)(CUdeviceptr *dptr, size_t bytes);
    CUresult (*cuMemFree)(CUdeviceptr dptr);
    CUresult (*cuMemGetInfo)(size_t *free_bytes, size_t *total_bytes);
    CUresult (*cuMemHostAlloc)(void **pp, size_t bytes, unsigned flags);
    CUresult (*cuMemFreeHost)(void *p);
    CUresult (*cuMemHostRegister)(void *p, size_t bytes, unsigned flags);
    CUresult (*cuMemHostUnregister)(void *p);
    CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr dst, const void *src,
                                  size_t bytes, CUstream s);
    CUresult (*cuMemcpyDtoHAsync)(void *dst, CUdeviceptr src, size_t bytes,
                                  CUstream s);
    CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr dst, CUdeviceptr src,
                                  size_t bytes, CUstream s);
    CUresult (*cuMemcpyHtoD)(CUdeviceptr dst, const void *src, size_t bytes);
    CUresult (*cuMemcpyDtoH)(void *dst, CUdeviceptr src, size_t bytes);
    CUresult (*cuMemsetD8Async)(CUdeviceptr dst, unsigned char v, size_t n,
                                CUstream s);
    CUresult (*cuPointerGetAttribute)(void *data, int attribute,
                                      CUdeviceptr ptr);
    CUresult (*cuStreamCreate)(CUstream *s, unsigned flags);
    CUresult (*cuStreamCreateWithPriority)(CUstream *s, unsigned flags,
                                           int priority);
    CUresult (*cuStreamDestroy)(CUstream s);
    CUresult (*cuStreamSynchronize)(CUstream s);
    CUresult (*cuStreamWaitEvent)(CUstream s, CUevent e, unsigned flags);
    CUresult (*cuEventCreate)(CUevent *e, unsigned flags);
    CUresult (*cuEventDestroy)(CUevent e);
    CUresult (*cuEventRecord)(CUevent e, CUstream s);
    CUresult (*cuEventSynchronize)(CUevent e);
    CUresult (*cuEventQuery)(CUevent e);
    CUresult (*cuStreamQuery)(CUstream s);
    CUresult (*cuEventElapsedTime)(float *ms, CUevent start, CUevent end);
    CUresult (*cuModuleLoadData)(CUmodule *m, const void *image);
    CUresult (*cuModuleUnload)(CUmodule m);
    CUresult (*cuModuleGetFunction)(CUfunction *f, CUmodule m,
                                    const char *name);
    CUresult (*cuFuncSetAttribute)(CUfunction f, int attrib, int value);
    CUresult (*cuLaunchKernel)(CUfunction f, unsigned gx, unsigned gy,
                               unsigned gz, unsigned bx, unsigned by,
                               unsigned bz, unsigned shared_bytes, CUstream s,
                               void **params, void **extra);
    CUresult (*cuMemcpyPeerAsync)(CUdeviceptr dst, CUcontext dst_ctx,
                                  CUdeviceptr src, CUcontext src_ctx,
                                  size_t bytes, CUstream s);
} gpa_cuda_api;

/* NVRTC */
typedef int nvrtcResult; /* 0 == NVRTC_SUCCESS */
typedef struct _nvrtcProgram *nvrtcProgram;

typedef struct gpa_nvrtc_api {
    const char *(*nvrtcGetErrorString)(nvrtcResult r);
    nvrtcResult (*nvrtcVersion)(int *major, int *minor);
    nvrtcResult (*nvrtcCreateProgram)(nvrtcProgram *p, const char *src,
                                      const char *name, int num_headers,
                                      const char *const *headers,
                                      const char *const *include_names);
    nvrtcResult (*nvrtcDestroyProgram)(nvrtcProgram *p);
    nvrtcResult (*nvrtcCompileProgram)(nvrtcProgram p, int num_options,
                                       const char *const *options);
    nvrtcResult (*nvrtcGetProgramLogSize)(nvrtcProgram p, size_t *size);
    nvrtcResult (*nvrtcGetProgramLog)(nvrtcProgram p, char *log);
    nvrtcResult (*nvrtcGetCUBINSize)(nvrtcProgram p, size_t *size);
    nvrtcResult (*nvrtcGetCUBIN)(nvrtcProgram p, char *cubin);
    nvrtcResult (*nvrtcGetPTXSize)(nvrtcProgram p, size_t *size);
    nvrtcResult (*nvrtcGetPTX)(nvrtcProgram p, char *ptx);
} gpa_nvrtc_api;

/* Loaders (cuda_loader.c).  Return the filled table, or NULL with a
 * RuntimeError naming the library that is missing and how to get it.
 * cuInit has been called on the driver table returned. */
const gpa_cuda_api *gpa_cuda_api_get(void);
const gpa_nvrtc_api *gpa_nvrtc_api_get(void);
/* Like gpa_cuda_api_get but never sets an exception: NULL when absent. */
const gpa_cuda_api *gpa_cuda_api_try(void);

/* Sets a Python exception for a failed driver call: MemoryError for
 * out-of-memory, RuntimeError otherwise, naming the call, the CUDA error
 * name and file:line.  Returns GPA_ERR. */
int gpa_cuda_raise(CUresult err, const char *call, const char *file,
                   int line);

/* One check macro for the driver API (STYLE.md habit 4). */
#define GPA_CU_CHECK(api, call)                                            \
    do {                                                                   \
        CUresult gpa_cu_err_ = (api)->call;                                \
        if (gpa_cu_err_ != GPA_CUDA_SUCCESS)                               \
            return gpa_cuda_raise(gpa_cu_err_, #call, __FILE__, __LINE__); \
    } while (0)

/* The same for functions with a single cleanup label (STYLE.md habit 2):
 * sets the exception and jumps to `label` instead of returning. */
#define GPA_CU_CHECK_GOTO(api, call, label)                                \
    do {                                                                   \
        CUresult gpa_cu_err_ = (api)->call;                                \
        if (gpa_cu_err_ != GPA_CUDA_SUCCESS) {                             \
            gpa_cuda_raise(gpa_cu_err_, #call, __FILE__, __LINE__);        \
            goto label;                                                    \
        }                                                                  \
    } while (0)

#endif
