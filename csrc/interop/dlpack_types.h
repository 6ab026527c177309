/* dlpack_types.h - the DLPack ABI, declared from the specification
 * (https://dmlc.github.io/dlpack/latest/c_api.html and the Array API
 * standard's "Data interchange" page), not copied from dlpack.h.
 *
 * Only the layout matters: these structs cross library boundaries inside
 * PyCapsules, so field order, widths and enum values must be exactly the
 * specification's.  Version 1.x keeps the layout of 1.0; a consumer
 * accepts any 1.x capsule and refuses a higher major version.
 */
#ifndef GPA_DLPACK_TYPES_H
#define GPA_DLPACK_TYPES_H

#include <stdint.h>

/* The version we produce, and the highest we accept (major must match). */
#define GPA_DLPACK_MAJOR 1
#define GPA_DLPACK_MINOR 0

/* Capsule names (the Python side of the protocol). */
#define GPA_DLPACK_NAME "dltensor"
#define GPA_DLPACK_USED_NAME "used_dltensor"
#define GPA_DLPACK_VERSIONED_NAME "dltensor_versioned"
#define GPA_DLPACK_VERSIONED_USED_NAME "used_dltensor_versioned"

/* DLDeviceType */
enum {
    GPA_kDLCPU = 1,
    GPA_kDLCUDA = 2,
    GPA_kDLCUDAHost = 3,
    GPA_kDLOpenCL = 4,
    GPA_kDLVulkan = 7,
    GPA_kDLMetal = 8,
    GPA_kDLVPI = 9,
    GPA_kDLROCM = 10,
    GPA_kDLROCMHost = 11,
    GPA_kDLExtDev = 12,
    GPA_kDLCUDAManaged = 13,
    GPA_kDLOneAPI = 14,
    GPA_kDLWebGPU = 15,
    GPA_kDLHexagon = 16,
    GPA_kDLMAIA = 17,
};

/* DLDataTypeCode */
enum {
    GPA_kDLInt = 0,
    GPA_kDLUInt = 1,
    GPA_kDLFloat = 2,
    GPA_kDLOpaqueHandle = 3,
    GPA_kDLBfloat = 4,
    GPA_kDLComplex = 5,
    GPA_kDLBool = 6,
};

/* Bits of DLManagedTensorVersioned.flags */
#define GPA_DLPACK_FLAG_READ_ONLY (UINT64_C(1) << 0)
#define GPA_DLPACK_FLAG_IS_COPIED (UINT64_C(1) << 1)

typedef struct {
    int32_t device_type; /* a DLDeviceType (a C enum: int-sized) */
    int32_t device_id;
} gpa_DLDevice;

typedef struct {
    uint8_t code;   /* DLDataTypeCode */
    uint8_t bits;
    uint16_t lanes;
} gpa_DLDataType;

typedef struct {
    void *data;
    gpa_DLDevice device;
    int32_t ndim;
    gpa_DLDataType dtype;
    int64_t *shape;
    int64_t *strides;        /* in elements; NULL: compact row-major */
    uint64_t byte_offset;
} gpa_DLTensor;

/* Legacy (pre-1.0) managed tensor: capsule "dltensor". */
typedef struct gpa_DLManagedTensor {
    gpa_DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct gpa_DLManagedTensor *self);
} gpa_DLManagedTensor;

typedef struct {
    uint32_t major;
    uint32_t minor;
} gpa_DLPackVersion;

/* DLPack 1.x managed tensor: capsule "dltensor_versioned". */
typedef struct gpa_DLManagedTensorVersioned {
    gpa_DLPackVersion version;
    void *manager_ctx;
    void (*deleter)(struct gpa_DLManagedTensorVersioned *self);
    uint64_t flags;
    gpa_DLTensor dl_tensor;
} gpa_DLManagedTensorVersioned;

#endif
