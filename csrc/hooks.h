/* hooks.h - Python objects the C layer calls back into.
 *
 * A few results are plain Python classes (the flags object, Device, the
 * MemoryPointer of `.data`): gpuarray/__init__.py registers them with
 * `_core._set_hook(name, obj)` and C reads them from here.  Kept in the
 * module's process-wide state (Note [State] in common.h).
 */
#ifndef GPA_HOOKS_H
#define GPA_HOOKS_H

#include "common.h"

/* Borrowed reference, or NULL with RuntimeError when never registered. */
PyObject *gpa_hook(const char *name);
/* Calls hook `name` as name(first, *args, **kw).  New reference. */
PyObject *gpa_hook_call(const char *name, PyObject *first, PyObject *args,
                        PyObject *kw);
PyObject *gpa_py_set_hook(PyObject *self, PyObject *args);
void gpa_hooks_clear(void);

#endif
