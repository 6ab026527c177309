"""Lazy parts of the namespace: modules that `import gpuarray` does not
load until one of their names is used, so the import stays under 100 ms
(issue 2; tests/test_array_basics.py::test_import_is_fast).

Note [Lazy namespace]: gpuarray/__init__.py's module `__getattr__` looks a
missing name up in LAZY_NAMES (module -> the names it exports, kept equal
to each module's __all__ by tests/test_lazy_namespace.py) or LAZY_MODULES
(the subpackages), imports that module and caches the name in the
package.  The C layer's hooks into these modules ("matmul" for `@`,
"ufunc.at") and the ndarray methods they define (sort, argsort, dot, put,
choose) are registered at import as small forwarding functions that
import the module on first use.
"""
import importlib as _importlib

from . import _docs

LAZY_NAMES = {
    "_show_config": ("show_config",),
    "_products": (
        "dot", "matmul", "inner", "vdot", "outer", "tensordot",
        "kron", "cross",
    ),
    "_functions": (
        "indices", "ix_", "unravel_index", "ravel_multi_index",
        "diag_indices", "diag_indices_from", "tril_indices",
        "triu_indices", "tril_indices_from", "triu_indices_from",
        "fill_diagonal", "delete", "insert", "trim_zeros", "sinc",
        "fix", "iscomplexobj", "isrealobj", "iscomplex", "isreal",
        "real_if_close", "resize", "ediff1d", "gradient", "trapezoid",
        "select", "choose", "put", "place", "putmask", "polyval",
        "pad", "isin", "cov", "corrcoef", "convolve",
    ),
    "_misc": (
        "isscalar", "isneginf", "isposinf", "i0", "vander",
        "diagflat", "block", "unique_values", "unique_counts",
        "unique_inverse", "unique_all", "astype", "shares_memory",
        "may_share_memory", "get_array_module", "fromfunction",
        "apply_along_axis", "piecewise", "correlate", "interp",
        "einsum", "errstate", "seterr", "geterr", "bool",
        "histogram2d", "histogramdd", "packbits", "unpackbits",
    ),
    "_sorting": (
        "sort", "argsort", "lexsort", "searchsorted", "unique",
        "partition", "argpartition", "sort_complex", "median",
        "nanmedian", "quantile", "percentile", "nanquantile",
        "nanpercentile",
    ),
    "_histograms": (
        "bincount", "histogram", "histogram_bin_edges", "digitize",
    ),
    "_sets": (
        "intersect1d", "union1d", "setdiff1d", "setxor1d",
    ),
    "_windows": (
        "bartlett", "blackman", "hamming", "hanning", "kaiser",
    ),
    "_polynomial": (
        "poly", "polyadd", "polysub", "polymul", "polydiv", "polyder",
        "polyint", "roots", "polyfit",
    ),
    "_extras": (
        "put_along_axis", "geomspace", "unstack", "concat", "vecdot",
        "matvec", "vecmat", "unwrap", "asarray_chkfinite", "asanyarray",
        "require", "apply_over_axes",
    ),
    "_index_tricks": (
        "r_", "c_", "s_", "index_exp", "mgrid", "ogrid", "ndindex",
        "ndenumerate", "broadcast_shapes", "isfortran", "iterable",
        "common_type", "min_scalar_type", "mintypecode", "typename",
        "isdtype",
    ),
    "_io": (
        "frombuffer", "fromiter", "fromstring", "fromfile", "loadtxt",
        "genfromtxt", "save", "savez", "savez_compressed", "savetxt", "load",
    ),
    "_printing": (
        "array2string", "array_repr", "array_str", "set_printoptions",
        "get_printoptions", "printoptions", "format_float_positional",
        "format_float_scientific", "base_repr", "binary_repr",
    ),
    "_vectorize": ("vectorize",),
    "_numpy_names": (
        "True_", "False_", "ScalarType", "typecodes", "sctypeDict",
        "little_endian", "exceptions", "dtypes", "long", "ulong", "object_",
        "str_", "bytes_", "void", "character", "flexible", "clongdouble",
        "longdouble", "datetime64", "timedelta64", "isnat", "einsum_path",
        "row_stack", "mask_indices", "geterrcall", "seterrcall", "getbufsize",
        "setbufsize",
    ),
}

LAZY_MODULES = ("random", "linalg", "fft", "testing", "emath", "lib")

# name -> module, for __getattr__
WHERE = {n: m for m, names in LAZY_NAMES.items() for n in names}
WHERE.update({"ElementwiseKernel": "_kernels", "ReductionKernel": "_kernels",
              "fuse": "_fusion", "RawModule": "_raw", "RawKernel": "_raw"})


def load(module):
    mod = _importlib.import_module("gpuarray." + module)
    _docs.fill_loaded(mod)  # docstrings of names whose code has none
    return mod


def forward(module, name):
    """A function that calls module.name, importing module on first use."""
    def call(*args, **kwargs):
        return getattr(load(module), name)(*args, **kwargs)
    call.__name__ = name
    return call


def method(module, name):
    """An ndarray method forwarding to module.name(self, ...)."""
    def call(self, *args, **kwargs):
        return getattr(load(module), name)(self, *args, **kwargs)
    call.__name__ = name.lstrip("_").replace("m_", "", 1)
    return call
