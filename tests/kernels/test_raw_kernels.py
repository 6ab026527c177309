"""RawKernel / RawModule (CuPy's API): user CUDA source as written, on the
current device -- NVRTC on cuda, the host shim on host (Note [Raw kernels
on host]).  Every result is compared with NumPy's."""
import numpy as np
import pytest

import gpuarray as gp

SCALE = r'''
extern "C" __global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}'''

BLOCK_SUM = r'''
extern "C" __global__ void block_sum(const double *x, double *out, int n) {
  __shared__ double s[256];
  int t = threadIdx.x;
  double v = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    v += x[i];
  s[t] = v;
  __syncthreads();
  for (int d = blockDim.x / 2; d >= 32; d /= 2) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t < 32) {
    v = s[t];
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
    if (t == 0) out[blockIdx.x] = v;
  }
}'''


def test_raw_kernel_scales_in_place():
    x = np.arange(1000, dtype=np.float32)
    g = gp.asarray(x)
    k = gp.RawKernel(SCALE, "scale")
    k(((1000 + 255) // 256,), (256,), (g, np.float32(2.5), np.int32(1000)))
    np.testing.assert_array_equal(g.get(), x * np.float32(2.5))
    assert k.name == "scale" and k.code == SCALE and k.options == ()


def test_shared_memory_barriers_and_shuffles():
    x = np.random.default_rng(0).random(100003)
    partial = gp.zeros(8)
    k = gp.RawKernel(BLOCK_SUM, "block_sum")
    k((8,), (256,), (gp.asarray(x), partial, np.int32(x.size)))
    np.testing.assert_allclose(partial.get().sum(), x.sum(), rtol=1e-12)
    # each block's share: the grid-stride elements of that block
    idx = np.arange(x.size)
    shares = [x[(idx // 256) % 8 == b].sum() for b in range(8)]
    np.testing.assert_allclose(partial.get(), shares, rtol=1e-12)


def test_python_scalars_pass_as_int64_float64():
    code = r'''
extern "C" __global__ void affine(double *y, long long n, double a, double b) {
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * (double)i + b;
}'''
    y = gp.empty(300)
    gp.RawKernel(code, "affine")((2,), (160,), (y, 300, 0.5, -3.0))
    np.testing.assert_array_equal(y.get(), 0.5 * np.arange(300) - 3.0)


def test_module_with_several_kernels_2d_launch_and_defines():
    mod = gp.RawModule(code=r'''
extern "C" {
__global__ void add(const float* __restrict__ a, const float *b, float *c,
                    int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
__global__ void fill2d(double *out, int w, int h, double v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = v + x + 1000 * y;
}
}
extern "C" __global__ void times_k(int *o) { o[threadIdx.x] = K * threadIdx.x; }
''', options=("-DK=3",))
    a = np.arange(50, dtype=np.float32)
    b = np.full(50, 0.25, np.float32)
    c = gp.empty(50, np.float32)
    mod.get_function("add")((1,), (64,), (gp.asarray(a), gp.asarray(b), c,
                                          np.int32(50)))
    np.testing.assert_array_equal(c.get(), a + b)
    o = gp.zeros((5, 7))
    mod.get_function("fill2d")((1, 2), (8, 4),
                               (o, np.int32(7), np.int32(5), 0.5))
    np.testing.assert_array_equal(
        o.get(), np.add.outer(1000 * np.arange(5), np.arange(7)) + 0.5)
    t = gp.zeros(8, np.int32)
    mod.get_function("times_k")(1, 8, (t,))
    np.testing.assert_array_equal(t.get(), 3 * np.arange(8))


def test_dynamic_shared_memory():
    k = gp.RawKernel(r'''
extern "C" __global__ void rev(const int *x, int *y, int n) {
  extern __shared__ int buf[];
  int t = threadIdx.x;
  if (t < n) buf[t] = x[t];
  __syncthreads();
  if (t < n) y[t] = buf[n - 1 - t];
}''', "rev")
    x = np.arange(100, dtype=np.int32) * 3
    y = gp.zeros(100, np.int32)
    k((1,), (128,), (gp.asarray(x), y, np.int32(100)), shared_mem=400)
    np.testing.assert_array_equal(y.get(), x[::-1])


def test_warp_votes_and_shuffles():
    k = gp.RawKernel(r'''
extern "C" __global__ void v(const int *x, unsigned *out) {
  int t = threadIdx.x;
  unsigned b = __ballot_sync(0xffffffff, x[t] > 0);
  int any = __any_sync(0xffffffff, x[t] > 4);
  int all = __all_sync(0xffffffff, x[t] >= 0);
  int sx = __shfl_xor_sync(0xffffffff, t, 1);
  int up = __shfl_up_sync(0xffffffff, t, 3);
  int bc = __shfl_sync(0xffffffff, t * 10, 5);
  if (t % 32 == 0) {
    out[t / 32 * 3] = b; out[t / 32 * 3 + 1] = any; out[t / 32 * 3 + 2] = all;
  }
  out[8 + t] = sx; out[72 + t] = up; out[136 + t] = bc;
}''', "v")
    x = (np.arange(64, dtype=np.int32) * 5) % 7 - 1
    out = gp.zeros(200, np.uint32)
    k((1,), (64,), (gp.asarray(x), out))
    h = out.get()
    t = np.arange(64)
    for w in range(2):
        xs = x[w * 32:(w + 1) * 32]
        assert h[w * 3] == sum(1 << k for k in range(32) if xs[k] > 0)
        assert h[w * 3 + 1] == int((xs > 4).any())
        assert h[w * 3 + 2] == int((xs >= 0).all())
    np.testing.assert_array_equal(h[8:72], t ^ 1)
    lane = t % 32
    np.testing.assert_array_equal(h[72:136], np.where(lane >= 3, t - 3, t))
    np.testing.assert_array_equal(h[136:200], (t - lane + 5) * 10)


def test_atomics_across_blocks():
    k = gp.RawKernel(r'''
extern "C" __global__ void hist(const int *x, int n, unsigned *bins,
                                float *fsum, int *imax) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&bins[x[i]], 1u);
    atomicAdd(fsum, 1.0f);
    atomicMax(imax, x[i] * 3);
  }
}''', "hist")
    x = np.random.default_rng(1).integers(0, 10, 5000).astype(np.int32)
    bins = gp.zeros(10, np.uint32)
    fsum = gp.zeros(1, np.float32)
    imax = gp.zeros(1, np.int32)
    k((20,), (256,), (gp.asarray(x), np.int32(x.size), bins, fsum, imax))
    np.testing.assert_array_equal(bins.get(), np.bincount(x, minlength=10))
    assert fsum.get()[0] == x.size
    assert imax.get()[0] == x.max() * 3


def test_bad_arguments_raise():
    k = gp.RawKernel(SCALE, "scale")
    g = gp.zeros(4, np.float32)
    with pytest.raises(TypeError, match="unsupported type"):
        k((1,), (4,), (g, "two", np.int32(4)))
    with pytest.raises(TypeError, match="unsupported type"):
        k((1,), (4,), (np.zeros(4, np.float32), np.float32(2), np.int32(4)))
    with pytest.raises(ValueError, match="block"):
        k((1,), (0,), (g, np.float32(2), np.int32(4)))
    with pytest.raises(ValueError, match="grid"):
        k((1, 2, 3, 4), (4,), (g, np.float32(2), np.int32(4)))
    with pytest.raises(TypeError, match="args"):
        k((1,), (4,), g)
    with pytest.raises(TypeError, match="Exactly one"):
        gp.RawModule()
    with pytest.raises(AttributeError, match="nope"):
        gp.RawModule(code=SCALE).get_function("nope")


def test_compile_error_carries_the_log():
    k = gp.RawKernel('extern "C" __global__ void f(int *x) { x[0] = ; }',
                     "f")
    with pytest.raises(gp.CompileError) as e:
        k((1,), (1,), (gp.zeros(1, np.int32),))
    assert e.value.log


def test_host_barrier_never_met_raises_not_hangs():
    if gp._core._get_device()[0] != "host":
        pytest.skip("a divergent barrier is undefined behaviour on a GPU")
    k = gp.RawKernel(r'''
extern "C" __global__ void b(int *x) {
  if (threadIdx.x == 0) __syncthreads(); else __syncwarp();
  x[0] = 1;
}''', "b")
    with pytest.raises(RuntimeError, match="barrier"):
        k((1,), (64,), (gp.zeros(1, np.int32),))


SPLIT_SIGNATURE = r'''
extern "C" {
__global__ void add_split(const float* x1, /* first */ const float* x2, \
                          float* y, // the output
                          unsigned int n)
{
    unsigned int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = x1[i] + x2[i];
}
}'''


def test_signature_with_line_splice_and_comments():
    # a backslash-newline joins lines and comments are spaces (C's
    # translation phases): the last parameter is an unsigned int
    x = np.arange(300, dtype=np.float32)
    g1, g2, y = gp.asarray(x), gp.asarray(x * 2), gp.zeros(300, np.float32)
    k = gp.RawModule(code=SPLIT_SIGNATURE).get_function("add_split")
    k((2,), (256,), (g1, g2, y, 300))   # a Python int for unsigned int
    np.testing.assert_array_equal(y.get(), x + x * 2)
    with pytest.raises(TypeError):  # the 4th parameter is still checked
        k((2,), (256,), (g1, g2, y, 300.0))
