"""Zero-copy interchange with other array libraries (docs/interop.md).

``from_dlpack`` is the Array API standard's: any object with
``__dlpack__``/``__dlpack_device__`` (PyTorch, JAX, CuPy, NumPy, another
gpuarray array) or a raw DLPack capsule becomes a gpuarray array sharing
its memory.  ``fromDlpack`` is the legacy name (CuPy, Chainer) for
capsules such as ``torch.utils.dlpack.to_dlpack(t)`` gives.  Objects with
``__cuda_array_interface__`` are shared by ``gpuarray.asarray``.
"""
from .. import _core
from .. import cuda as _cuda

__all__ = ["from_dlpack", "fromDlpack"]

# DLPack device types that name the host and CUDA devices.
_kDLCPU, _kDLCUDA = 1, 2


def _device_key(device):
    """``device=`` as the C layer takes it: None or ("host"|"cuda", n)."""
    if device is None:
        return None
    if isinstance(device, _cuda.HostDevice):
        return ("host", 0)
    if isinstance(device, _cuda.Device):
        return ("cuda", device.id)
    if isinstance(device, str):
        name, _, num = device.partition(":")
        if name in ("cpu", "host") and num in ("", "0"):
            return ("host", 0)
        if name in ("cuda", "gpu") and (num == "" or num.isdigit()):
            return ("cuda", int(num or 0))
    elif isinstance(device, tuple) and len(device) == 2:
        # a DLPack (device_type, device_id) pair, as __dlpack_device__ gives
        kind, num = int(device[0]), int(device[1])
        if kind == _kDLCPU:
            return ("host", 0)
        if kind == _kDLCUDA:
            return ("cuda", num)
    elif isinstance(device, int) and not isinstance(device, bool):
        return ("cuda", device)
    raise ValueError("from_dlpack: unsupported device %r (use None, "
                     "'host'/'cpu', 'cuda[:N]', gpuarray.cuda.Device(N) or "
                     "a DLPack (device_type, device_id) tuple)" % (device,))


def from_dlpack(x, /, *, device=None, copy=None):
    """Array sharing the memory of `x` through DLPack.

    `x` is any object with ``__dlpack__`` (and ``__dlpack_device__``) or a
    DLPack capsule.  The result lives on `x`'s device unless `device` asks
    for another (then the data is copied, which ``copy=False`` forbids:
    BufferError).  ``copy=True`` always copies; ``copy=None`` copies only
    when it must.  Memory on a CUDA device gives a CUDA array; host memory
    (NumPy, CPU tensors) gives a host-device array, still without a copy.
    """
    if isinstance(copy, (str, bytes)):
        # NumPy's error: a string such as "False" is not a bool
        raise ValueError("strings are not allowed for 'copy' keyword. Use "
                         "True/False/None instead.")
    return _core.from_dlpack(x, device=_device_key(device), copy=copy)


def fromDlpack(capsule):
    """Array from a DLPack capsule (legacy API of CuPy and Chainer), e.g.
    ``torch.utils.dlpack.to_dlpack(t)`` or MXNet's ``to_dlpack_for_read``.
    The capsule is consumed: a second use raises ValueError."""
    return _core.fromDlpack(capsule)
