"""Lazy parts of the namespace: modules that `import gpuarray` does not
load until one of their names is used, so the import stays under 100 ms
(issue 2; tests/core/test_array_basics.py::test_import_is_fast).

Note [Lazy namespace]: gpuarray/__init__.py's module `__getattr__` looks a
missing name up in LAZY_NAMES (module -> the names it exports, kept equal
to each module's __all__ by tests/project/test_lazy_namespace.py) or
LAZY_MODULES (the subpackages), imports that module and caches the name in
the package.  Module names are relative to gpuarray (chapter.module).  The C
layer's hooks into these modules ("matmul" for `@`, "ufunc.at") and the
ndarray methods they define (sort, argsort, dot, put, choose) are
registered by gpuarray/_ndarray.py as small forwarding functions that
import the module on first use; the eager modules reach lazy ones the
same way, through function-local imports on tests/project/test_layering.py's
allow-list.
"""
import importlib as _importlib

from . import docs as _docs

LAZY_NAMES = {
    "cuda.config": ("show_config",),
    "creation.building": (
        "vander", "diagflat",
    ),
    "creation.convert": (
        "asanyarray", "asarray_chkfinite", "require",
    ),
    "creation.geomspace": (
        "geomspace",
    ),
    "indexing.generate": (
        "indices", "ix_", "unravel_index", "ravel_multi_index",
        "diag_indices", "diag_indices_from", "tril_indices",
        "triu_indices", "tril_indices_from", "triu_indices_from",
        "fill_diagonal",
    ),
    "indexing.index_tricks": (
        "r_", "c_", "s_", "index_exp", "mgrid", "ogrid", "ndindex",
        "ndenumerate", "broadcast_shapes", "isfortran", "iterable",
        "common_type", "min_scalar_type", "mintypecode", "typename",
        "isdtype",
    ),
    "indexing.put_choose": (
        "put", "place", "putmask", "choose", "select", "put_along_axis",
    ),
    "interop.array_api_info": (
        "__array_namespace_info__",
    ),
    "interop.numpy_compat": (
        "errstate", "seterr", "geterr", "bool", "get_array_module",
        "astype",
    ),
    "io.files": (
        "frombuffer", "fromiter", "fromstring", "fromfile", "loadtxt",
        "genfromtxt", "save", "savez", "savez_compressed", "savetxt",
        "load",
    ),
    "io.printing": (
        "array2string", "array_repr", "array_str", "set_printoptions",
        "get_printoptions", "printoptions", "format_float_positional",
        "format_float_scientific", "base_repr", "binary_repr",
    ),
    "kernels.vectorize": (
        "vectorize",
    ),
    "lib.functional": (
        "fromfunction", "apply_along_axis", "piecewise", "apply_over_axes",
    ),
    "lib.interp": (
        "interp",
    ),
    "lib.datetimes": (
        "datetime_data", "busdaycalendar", "is_busday", "busday_count",
        "busday_offset", "datetime_as_string",
    ),
    "lib.host_backed": (
        "memmap", "recarray", "record", "fromregex", "rec",
    ),
    "lib.host_iterators": (
        "nditer", "nested_iters", "frompyfunc",
    ),
    "lib.matrixlib": (
        "matrix", "asmatrix", "bmat",
    ),
    "lib.poly1d": (
        "poly1d",
    ),
    "lib.runtime_info": (
        "show_runtime", "get_include",
    ),
    "lib.info_test": (
        "info", "test",
    ),
    "lib.memory": (
        "may_share_memory", "shares_memory", "byte_bounds",
    ),
    "lib.who": (
        "who",
    ),
    "lib.numpy_names": (
        "True_", "False_", "ScalarType", "typecodes", "sctypeDict",
        "little_endian", "exceptions", "dtypes", "long", "ulong",
        "object_", "str_", "bytes_", "void", "character", "flexible",
        "clongdouble", "longdouble", "datetime64", "timedelta64", "isnat",
        "einsum_path", "row_stack", "mask_indices", "geterrcall",
        "seterrcall", "getbufsize", "setbufsize",
    ),
    "lib.polynomial": (
        "poly", "polyadd", "polysub", "polymul", "polydiv", "polyder",
        "polyint", "polyval", "roots", "polyfit",
    ),
    "linalg.dot_matmul": (
        "dot", "matmul", "inner", "vdot", "outer", "tensordot", "kron",
        "cross",
    ),
    "linalg.einsum": (
        "einsum",
    ),
    "linalg.vector_products": (
        "vecdot", "matvec", "vecmat",
    ),
    "logic.types": (
        "iscomplexobj", "isrealobj", "iscomplex", "isreal",
        "real_if_close", "isscalar", "isneginf", "isposinf",
    ),
    "lib.add_remove": (
        "delete", "insert", "trim_zeros", "resize",
    ),
    "manipulation.joining": (
        "block", "concat", "unstack",
    ),
    "lib.pad": (
        "pad",
    ),
    "math.bits": (
        "packbits", "unpackbits",
    ),
    "math.convolve": (
        "convolve", "correlate",
    ),
    "math.differences": (
        "ediff1d", "gradient", "trapezoid", "unwrap",
    ),
    "math.special": (
        "sinc", "fix", "i0",
    ),
    "math.windows": (
        "bartlett", "blackman", "hamming", "hanning", "kaiser",
    ),
    "sorting.isin": (
        "isin",
    ),
    "sorting.search_unique": (
        "searchsorted", "unique",
    ),
    "sorting.sets": (
        "intersect1d", "union1d", "setdiff1d", "setxor1d",
    ),
    "sorting.sort": (
        "sort", "argsort", "sort_complex", "lexsort", "partition",
        "argpartition",
    ),
    "sorting.unique_arrayapi": (
        "unique_values", "unique_counts", "unique_inverse", "unique_all",
    ),
    "statistics.correlation": (
        "cov", "corrcoef",
    ),
    "statistics.histograms": (
        "bincount", "histogram", "histogram_bin_edges", "digitize",
    ),
    "statistics.histograms_nd": (
        "histogramdd", "histogram2d",
    ),
    "statistics.order": (
        "quantile", "percentile", "nanquantile", "nanpercentile", "median",
        "nanmedian",
    ),
}

LAZY_MODULES = ("random", "linalg", "fft", "testing", "emath", "lib",
                "polynomial")

# name -> module, for __getattr__
WHERE = {n: m for m, names in LAZY_NAMES.items() for n in names}
WHERE.update({"ElementwiseKernel": "kernels.elementwise",
              "ReductionKernel": "kernels.elementwise",
              "fuse": "kernels.fusion", "RawModule": "kernels.raw",
              "RawKernel": "kernels.raw",
              "make_aligned_dtype": "creation.aligned_dtype"})


_LOADED = {}


def load(module):
    # Once per module: the hooks (`a @ b`, a.dot, ...) call this on every
    # use, and import_module + fill_loaded cost ~30 us a call.
    mod = _LOADED.get(module)
    if mod is None:
        mod = _importlib.import_module("gpuarray." + module)
        _docs.fill_loaded(mod)  # docstrings of names whose code has none
        _LOADED[module] = mod
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
    # mutate: skip const: each name given here (_ndarray.py) has one "m_"
    call.__name__ = name.lstrip("_").replace("m_", "", 1)
    return call
