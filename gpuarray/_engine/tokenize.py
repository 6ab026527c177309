"""ndarray.__dask_tokenize__: a cheap, process-unique identity token.

Dask names graph keys by tokenizing their inputs; without this method it
would pickle the array, i.e. copy device memory to the host.  The token is
a random 128-bit id given to the array object the first time it is
tokenized (kept in a table of weak references by id(), so a new array at a
recycled id() or address never inherits an old token) plus the layout (device, pointer, shape, strides,
dtype).  Like Dask's tokens of other mutable objects it names the object,
not its contents: an array written in place keeps its token.
"""
import os
import weakref

_tokens = {}  # id(array) -> (weakref, token); arrays are unhashable


def _identity(a):
    key = id(a)
    entry = _tokens.get(key)
    if entry is None or entry[0]() is not a:
        ref = weakref.ref(a, lambda r, key=key: _forget(key, r))
        entry = _tokens[key] = (ref, os.urandom(16).hex())
    return entry[1]


def _forget(key, ref):
    entry = _tokens.get(key)
    if entry is not None and entry[0] is ref:
        del _tokens[key]


def dask_tokenize(self):
    return ("gpuarray.ndarray", _identity(self), self.data.ptr, self.shape,
            self.strides, self.dtype.str, str(self.device))
