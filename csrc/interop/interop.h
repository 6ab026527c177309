/* interop.h - what the interop layer gives the rest of gpuarray: the
 * buffer protocol and __array__ (host_views.c), the CUDA array interface
 * (cai.c export, cai_import.c import), DLPack (dlpack.c export,
 * dlpack_import.c import) and the helpers they share (foreign.c).
 *
 * Note [Interop streams]: both protocols name streams with the same
 * integers: 1 is the legacy default stream, 2 the per-thread default
 * stream, any other value a CUstream handle (0 is disallowed as
 * ambiguous; DLPack's -1 means "do not synchronise").  Inside gpuarray a
 * NULL gpa_stream is the legacy default stream (the driver API without
 * the _ptsz entry points), so 1 maps to NULL and 2 to the driver's own
 * CU_STREAM_PER_THREAD handle (0x2), which cuStreamWaitEvent accepts.
 * Whoever hands memory over makes the receiver's stream wait on an event
 * recorded on the stream that wrote it; nothing is done when the two
 * streams are the same.
 */
#ifndef GPA_INTEROP_H
#define GPA_INTEROP_H

#include "array/array.h"

/* ---- host_views.c ---------------------------------------------------- */
int gpa_array_getbuffer(PyObject *self, Py_buffer *view, int flags);
extern PyMethodDef gpa_array_methods_interop[];

/* ---- cai.c / cai_import.c -------------------------------------------- */
PyObject *gpa_array_get_cai(gpa_array *a, void *closure);

/* *cai: new reference to obj.__cuda_array_interface__.  1 when obj has
 * one, 0 when it has none (no exception), -1 on error. */
int gpa_cai_lookup(PyObject *obj, PyObject **cai);

/* New reference: an array sharing the memory `cai` (obj's interface
 * dict) describes, keeping obj alive; the current stream is made to
 * wait on the interface's stream.  NULL with an exception (TypeError,
 * ValueError for a malformed interface, BufferError when there is no
 * CUDA device to hold it). */
gpa_array *gpa_cai_import(PyObject *obj, PyObject *cai);

/* ---- dlpack.c / dlpack_import.c -------------------------------------- */
/* ndarray methods (METH_VARARGS | METH_KEYWORDS / METH_NOARGS). */
PyObject *gpa_array_dlpack(gpa_array *a, PyObject *args, PyObject *kw);
PyObject *gpa_array_dlpack_device(gpa_array *a, PyObject *noargs);
PyObject *gpa_array_to_dlpack(gpa_array *a, PyObject *noargs);

/* New reference: the array a DLPack capsule ("dltensor" or
 * "dltensor_versioned") holds; renames the capsule "used_..." so that
 * it cannot be consumed twice.  NULL with an exception, leaving the
 * capsule unconsumed. */
gpa_array *gpa_dlpack_import_capsule(PyObject *capsule);

/* New reference: from_dlpack(x) for any object with __dlpack__ (or a raw
 * capsule, or a gpuarray array).  target: the device the result must be
 * on (NULL: x's own).  copy: -1 (if needed), 0 (never), 1 (always). */
gpa_array *gpa_dlpack_import(PyObject *x, gpa_device *target, int copy);

/* x.__dlpack_device__() as (type, id): 1 when x has the method, 0 when
 * not (no exception), -1 on error. */
int gpa_dlpack_device_of(PyObject *x, int *type, int *id);

/* ---- foreign.c ------------------------------------------------------- */
#define GPA_STREAM_PER_THREAD ((gpa_stream)(uintptr_t)0x2)

/* New reference: an array over foreign memory at `data` (element
 * [0,...,0]) on dev, kept alive by `owner` (increfed; it becomes the
 * array's base).  Steals descr.  strides in bytes, NULL: C order.
 * Checks that the extent fits in the address space (BufferError). */
gpa_array *gpa_foreign_array(gpa_device *dev, PyObject *owner,
                             PyArray_Descr *descr, int nd,
                             const Py_ssize_t *shape,
                             const Py_ssize_t *strides, char *data,
                             int writeable);

/* Converts a protocol stream integer (Note [Interop streams]) to a
 * gpa_stream.  `what` names the protocol in errors.  GPA_OK, or GPA_ERR
 * with ValueError for 0 and negative values. */
int gpa_stream_from_protocol(long long v, const char *what,
                             gpa_stream *out);

/* Makes `waiter` wait for the work queued so far on `waited` (both on
 * dev): an event recorded on `waited`, waited for on `waiter`.  Nothing
 * when they are the same stream. */
int gpa_stream_order(gpa_device *dev, gpa_stream waiter, gpa_stream waited);

/* New reference: a's values on device dst (a itself when already there),
 * C-contiguous when copied. */
gpa_array *gpa_array_to_device(gpa_array *a, gpa_device *dst);

#endif
