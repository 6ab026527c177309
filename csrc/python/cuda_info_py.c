/* cuda_info_py.c - what gpuarray.cuda.runtime reports about CUDA itself:
 * free/total device memory, driver and NVRTC versions, device attributes.
 *
 * Each function raises RuntimeError with the loader's message when the
 * driver (or NVRTC) is missing; gpuarray/cuda/runtime.py turns those into
 * CUDARuntimeError with CUDA's status codes.  Nothing is cached: these are
 * for show_config, the main job and users' checks, not hot paths.
 */
#include "python/module_functions.h"
#include "runtime/device.h"
#include "runtime/cuda_api.h"
#include "runtime/cuda_backend.h"

/* _cuda_mem_info(ordinal) -> (free_bytes, total_bytes) of that device,
 * as cuMemGetInfo sees it (other processes' allocations included). */
PyObject *gpa_py_cuda_mem_info(PyObject *self, PyObject *arg)
{
    size_t free_b = 0, total_b = 0;
    GPA_UNUSED(self);
    long ordinal = PyLong_AsLong(arg);
    if (ordinal == -1 && PyErr_Occurred())
        return NULL;
    gpa_device *dev = gpa_cuda_device((int)ordinal);
    if (dev == NULL)
        return NULL;
    const gpa_cuda_api *cu = gpa_cuda_api_get();
    if (cu == NULL || gpa_cuda_activate(dev) < 0)
        return NULL;
    CUresult err = cu->cuMemGetInfo(&free_b, &total_b);
    if (err != GPA_CUDA_SUCCESS)
        return (gpa_cuda_raise(err, "cuMemGetInfo", __FILE__, __LINE__),
                NULL);
    return Py_BuildValue("nn", (Py_ssize_t)free_b, (Py_ssize_t)total_b);
}

/* _cuda_driver_version() -> int, CUDA's encoding (12040 = 12.4). */
PyObject *gpa_py_cuda_driver_version(PyObject *self, PyObject *noargs)
{
    int v = 0;
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    const gpa_cuda_api *cu = gpa_cuda_api_get();
    if (cu == NULL)
        return NULL;
    CUresult err = cu->cuDriverGetVersion(&v);
    if (err != GPA_CUDA_SUCCESS)
        return (gpa_cuda_raise(err, "cuDriverGetVersion", __FILE__,
                               __LINE__), NULL);
    return PyLong_FromLong(v);
}

/* _nvrtc_version() -> (major, minor) of the libnvrtc that is loaded. */
PyObject *gpa_py_nvrtc_version(PyObject *self, PyObject *noargs)
{
    int major = 0, minor = 0;
    GPA_UNUSED(self); GPA_UNUSED(noargs);
    const gpa_nvrtc_api *rtc = gpa_nvrtc_api_get();
    if (rtc == NULL)
        return NULL;
    if (rtc->nvrtcVersion(&major, &minor) != 0) {
        PyErr_SetString(PyExc_RuntimeError, "nvrtcVersion failed");
        return NULL;
    }
    return Py_BuildValue("ii", major, minor);
}

/* _cuda_attribute(ordinal, attribute) -> int: cuDeviceGetAttribute with
 * CUDA's CUdevice_attribute number (runtime.py names the ones it uses). */
PyObject *gpa_py_cuda_attribute(PyObject *self, PyObject *args)
{
    int ordinal, attr, value = 0;
    GPA_UNUSED(self);
    if (!PyArg_ParseTuple(args, "ii:_cuda_attribute", &ordinal, &attr))
        return NULL;
    gpa_device *dev = gpa_cuda_device(ordinal);
    if (dev == NULL)
        return NULL;
    const gpa_cuda_api *cu = gpa_cuda_api_get();
    if (cu == NULL)
        return NULL;
    CUresult err = cu->cuDeviceGetAttribute(&value, attr,
                                            (CUdevice)dev->cu_device);
    if (err != GPA_CUDA_SUCCESS)
        return (gpa_cuda_raise(err, "cuDeviceGetAttribute", __FILE__,
                               __LINE__), NULL);
    return PyLong_FromLong(value);
}
