/* prelude_base.cuh - platform layer of the kernel prelude.
 *
 * Every generated kernel starts with this text, then prelude_types.cuh,
 * prelude_math.cuh, prelude_complex.cuh (and the lead's index section).
 * The same text is compiled two ways (DESIGN.md decision 1):
 *
 *   NVRTC (__CUDACC_RTC__): no #include at all.  NVRTC has the CUDA math
 *     functions (sinf, isnan, ...) built in, and a user with only the driver
 *     and libnvrtc has no toolkit headers to include.
 *   g++ -std=c++17 (host device): the C++ standard headers, and the CUDA
 *     keywords defined away.
 *
 * Note [Host execution model]: on the host device a kernel runs as blocks of
 * exactly ONE thread.  threadIdx is always {0,0,0} and blockDim {1,1,1};
 * blockIdx and gridDim are thread_local variables that the generated host
 * launcher sets before each call of the kernel function (so blocks may run
 * on several host threads at once).  warpSize is 1 on the host, so warp
 * reductions written as `for (off = warpSize / 2; off > 0; off /= 2)` run
 * zero rounds; the __shfl_*_sync stand-ins just return their value.
 *
 * Every helper function of the prelude is declared GPA_DEVICE.
 */
#ifndef GPA_PRELUDE_BASE_CUH
#define GPA_PRELUDE_BASE_CUH

#if defined(__CUDACC__)
#define GPA_CUDA 1
#else
#define GPA_CUDA 0
#endif

/* ------------------------------------------------------------------ */
#if GPA_CUDA

#define GPA_DEVICE __device__ __forceinline__
/* Dynamic shared memory, sized by the launch; see GPA_HOST_DYN_SMEM. */
#define GPA_EXTERN_SHARED(type, name) extern __shared__ type name[]

typedef signed char gpa_i8;
typedef unsigned char gpa_u8;
typedef short gpa_i16;
typedef unsigned short gpa_u16;
typedef int gpa_i32;
typedef unsigned int gpa_u32;
typedef long long gpa_i64;
typedef unsigned long long gpa_u64;

/* CUDA's own uint3 is what blockIdx is; gpa_uint3 exists on both sides so
 * that code may name the type. */
struct gpa_uint3 { unsigned x, y, z; };

GPA_DEVICE gpa_u32 gpa_f2u(float x) { return __float_as_uint(x); }
GPA_DEVICE float gpa_u2f(gpa_u32 x) { return __uint_as_float(x); }
GPA_DEVICE gpa_u64 gpa_d2u(double x) { return (gpa_u64)__double_as_longlong(x); }
GPA_DEVICE double gpa_u2d(gpa_u64 x) { return __longlong_as_double((long long)x); }
GPA_DEVICE int gpa_popcount64(gpa_u64 x) { return __popcll(x); }

GPA_DEVICE bool gpa_isnan(float x) { return isnan(x); }
GPA_DEVICE bool gpa_isnan(double x) { return isnan(x); }
GPA_DEVICE bool gpa_isinf(float x) { return isinf(x); }
GPA_DEVICE bool gpa_isinf(double x) { return isinf(x); }
GPA_DEVICE bool gpa_isfinite(float x) { return isfinite(x); }
GPA_DEVICE bool gpa_isfinite(double x) { return isfinite(x); }
GPA_DEVICE bool gpa_signbit(float x) { return signbit(x) != 0; }
GPA_DEVICE bool gpa_signbit(double x) { return signbit(x) != 0; }

/* ------------------------------------------------------------------ */
#else /* host: g++ -std=c++17 */

#include <cmath>
#include <cstdint>
#include <cstring>
#include <climits>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __shared__ static thread_local
/* g++ spells __restrict__ itself. */
#define __syncthreads() ((void)0)
#define __threadfence() ((void)0)
#define GPA_DEVICE inline

typedef int8_t gpa_i8;
typedef uint8_t gpa_u8;
typedef int16_t gpa_i16;
typedef uint16_t gpa_u16;
typedef int32_t gpa_i32;
typedef uint32_t gpa_u32;
/* long long on both sides (NumPy's int64 is `long` on Linux, same size). */
typedef long long gpa_i64;
typedef unsigned long long gpa_u64;

struct gpa_uint3 { unsigned x, y, z; };

/* Note [Host execution model]. */
static const gpa_uint3 threadIdx = {0, 0, 0};
static const gpa_uint3 blockDim = {1, 1, 1};
static const int warpSize = 1;
static thread_local gpa_uint3 blockIdx = {0, 0, 0};
static thread_local gpa_uint3 gridDim = {1, 1, 1};
/* The launcher points this at `shared_bytes` of scratch for the block. */
static thread_local unsigned char *gpa_host_dyn_smem = 0;
#define GPA_EXTERN_SHARED(type, name) type *name = (type *)gpa_host_dyn_smem

template <class T> inline T __shfl_down_sync(unsigned, T v, int, int = 1) { return v; }
template <class T> inline T __shfl_up_sync(unsigned, T v, int, int = 1) { return v; }
template <class T> inline T __shfl_xor_sync(unsigned, T v, int, int = 1) { return v; }
template <class T> inline T __shfl_sync(unsigned, T v, int, int = 1) { return v; }
template <class T> inline T __ldg(const T *p) { return *p; }

inline gpa_u32 gpa_f2u(float x) { gpa_u32 u; std::memcpy(&u, &x, 4); return u; }
inline float gpa_u2f(gpa_u32 u) { float x; std::memcpy(&x, &u, 4); return x; }
inline gpa_u64 gpa_d2u(double x) { gpa_u64 u; std::memcpy(&u, &x, 8); return u; }
inline double gpa_u2d(gpa_u64 u) { double x; std::memcpy(&x, &u, 8); return x; }
inline int gpa_popcount64(gpa_u64 x) { return __builtin_popcountll(x); }

inline bool gpa_isnan(float x) { return std::isnan(x); }
inline bool gpa_isnan(double x) { return std::isnan(x); }
inline bool gpa_isinf(float x) { return std::isinf(x); }
inline bool gpa_isinf(double x) { return std::isinf(x); }
inline bool gpa_isfinite(float x) { return std::isfinite(x); }
inline bool gpa_isfinite(double x) { return std::isfinite(x); }
inline bool gpa_signbit(float x) { return std::signbit(x); }
inline bool gpa_signbit(double x) { return std::signbit(x); }

#endif /* GPA_CUDA */

/* ------------------------------------------------------------------ */
/* Shared by both sides. */

/* Constants spelled as bits, so that no header is needed for them. */
GPA_DEVICE float gpa_inf_f() { return gpa_u2f(0x7f800000u); }
GPA_DEVICE float gpa_nan_f() { return gpa_u2f(0x7fc00000u); }
GPA_DEVICE double gpa_inf_d() { return gpa_u2d(0x7ff0000000000000ull); }
GPA_DEVICE double gpa_nan_d() { return gpa_u2d(0x7ff8000000000000ull); }

GPA_DEVICE float gpa_fabs(float x) { return fabsf(x); }
GPA_DEVICE double gpa_fabs(double x) { return fabs(x); }

/* Minimal type traits (NVRTC has no <type_traits>). */
template <bool B, class T = void> struct gpa_enable_if {};
template <class T> struct gpa_enable_if<true, T> { typedef T type; };
#define GPA_REQ(cond, R) typename gpa_enable_if<(cond), R>::type

template <class T> struct gpa_identity { typedef T type; };

#endif /* GPA_PRELUDE_BASE_CUH */
