"""FFT head-to-head: gpuarray.fft beside NumPy on the host device (one
process, alternating calls, ratios), and beside CuPy / PyTorch on a GPU.

    GPUARRAY_DEVICE=host python benchmarks/bench_fft.py   # host rows
    python benchmarks/bench_fft.py    # on a GPU machine: the cuda rows

Targets (issue 15): host fft 2^20 complex, rfft 2^20, fft2 512^2 within
1.2x of NumPy; GPU fft 2^26 within 1.05x of CuPy.
"""
import numpy as np

from _timing import alternate, fmt_time, load_peers, sync, table

HOST_ROWS = [
    ("fft 2^20 complex128", "fft", (1 << 20,), np.complex128, {}),
    ("fft 2^20 complex64", "fft", (1 << 20,), np.complex64, {}),
    ("rfft 2^20 float64", "rfft", (1 << 20,), np.float64, {}),
    ("fft2 512^2 complex128", "fft2", (512, 512), np.complex128, {}),
    ("ifft 2^20 complex128 ortho", "ifft", (1 << 20,), np.complex128,
     {"norm": "ortho"}),
    ("irfft 2^20 (from 2^19+1)", "irfft", ((1 << 19) + 1,), np.complex128,
     {}),
    ("fft axis 0 of 1024x256", "fft", (1024, 256), np.complex128,
     {"axis": 0}),
    ("rfftn 64^3 float32", "rfftn", (64, 64, 64), np.float32, {}),
]


def data(shape, dtype):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def host_rows(gp, rounds):
    rows = []
    for label, name, shape, dtype, kw in HOST_ROWS:
        x = data(shape, dtype)
        xg = gp.asarray(x)
        f_np = getattr(np.fft, name)
        f_gp = getattr(gp.fft, name)
        tg, tn, wins = alternate(lambda: f_gp(xg, **kw), lambda: None,
                                 lambda: f_np(x, **kw), lambda: None,
                                 rounds=rounds)
        rows.append([label, fmt_time(tn), fmt_time(tg), "%.2fx" % (tg / tn),
                     "%d/%d" % (wins, rounds)])
    table("host: gpuarray.fft vs numpy.fft (ratio = gpuarray / numpy)",
          rows, ["workload", "numpy", "gpuarray", "ratio", "gp faster"])


GPU_ROWS = [
    ("fft 2^26 complex64", "fft", (1 << 26,), np.complex64),
    ("rfft 2^26 float32", "rfft", (1 << 26,), np.float32),
    ("fft2 4096^2 complex64", "fft2", (4096, 4096), np.complex64),
    ("fft 2^20 x 64 batch complex64", "fft", (64, 1 << 20), np.complex64),
]


def gpu_rows(peers, rounds):
    gp = peers["gpuarray"]
    rows = []
    for label, name, shape, dtype in GPU_ROWS:
        x = data(shape, dtype)
        xg = gp.asarray(x)
        f_gp = getattr(gp.fft, name)
        tg = None
        for pname, lib in peers.items():
            if pname == "gpuarray":
                continue
            if pname == "cupy":
                xo = lib.asarray(x)
            else:
                xo = lib.as_tensor(x, device="cuda")
            f_o = getattr(lib.fft, name)
            tg, to, wins = alternate(lambda: f_gp(xg), sync(gp),
                                     lambda: f_o(xo), sync(lib),
                                     rounds=rounds)
            rows.append([label, pname, fmt_time(to), fmt_time(tg),
                         "%.3fx" % (tg / to), "%d/%d" % (wins, rounds)])
        if tg is None:
            from _timing import bench
            tg = bench(lambda: f_gp(xg), sync(gp), repeat=rounds)
            rows.append([label, "-", "-", fmt_time(tg), "-", "-"])
    table("GPU: gpuarray.fft vs peers (ratio = gpuarray / peer)", rows,
          ["workload", "peer", "peer time", "gpuarray", "ratio",
           "gp faster"])


def main():
    peers = load_peers()
    gp = peers["gpuarray"]
    if gp._core._get_device()[0] == "cuda":
        gpu_rows(peers, 20)
    else:
        host_rows(gp, 15)


if __name__ == "__main__":
    main()
