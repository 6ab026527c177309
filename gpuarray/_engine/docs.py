"""Docstrings of public names whose code carries none, by name (NumPy's
own _add_newdocs keeps the docs of its C functions the same way).

`fill(module)` sets `__doc__` on the module's names listed here that have
no docstring yet, and `fill_ndarray(ndarray)` on the Python-level methods
and properties of the ndarray type; a docstring written in the code always
wins.  gpuarray/__init__.py calls both at import, and lazy.load
(_engine/lazy.py) after importing a lazy module; tests/project/test_docstrings.py
checks that every public name ends up documented.
"""

RNG = ("\n\n    Differs from NumPy: the values come from gpuarray's own "
       "generator (Philox), so a seed gives other numbers than NumPy's; "
       "the distribution is the same.")

DOCS = {
    # creation
    "ascontiguousarray": "A C-contiguous array (at least 1-d) with a's "
                         "values: `a` itself when it already is one.",
    "asfortranarray": "A Fortran-ordered array (at least 1-d) with a's "
                      "values: `a` itself when it already is one.",
    "identity": "The n x n identity matrix.",
    "logspace": "Numbers spaced evenly on a log scale: base ** "
                "linspace(start, stop, num).",
    "ones_like": "An array of ones with the shape and dtype of `a`.",
    "zeros_like": "An array of zeros with the shape and dtype of `a`.",
    "copy": "A copy of `a` on its device.",
    "copyto": "Copies `src` into `dst` (broadcast, cast under `casting`, "
              "where `where` is True).",
    "meshgrid": "Coordinate matrices from coordinate vectors.",
    "diag": "The k-th diagonal of a 2-d array, or a 2-d array with `v` on "
            "its k-th diagonal.",
    "get_default_pinned_memory_pool": "The process's pool of pinned host "
                                      "memory used to stage transfers.",
    # shape and manipulation
    "ndim": "The number of dimensions of `a`.",
    "shape": "The shape of `a`.",
    "size": "The number of elements of `a` (along `axis` when given).",
    "reshape": "`a` with a new shape and the same data (a view when the "
               "layout allows).",
    "ravel": "`a` as a 1-d array (a view when the layout allows).",
    "squeeze": "`a` without its length-1 axes (or those in `axis`).",
    "transpose": "`a` with its axes reversed or permuted (a view).",
    "permute_dims": "`a` with its axes permuted as `axes` says (a view).",
    "matrix_transpose": "Transposes the last two axes of `x` (a view).",
    "swapaxes": "`a` with axes axis1 and axis2 interchanged (a view).",
    "moveaxis": "`a` with axes moved to new positions (a view).",
    "rollaxis": "`a` with `axis` rolled back to position `start` (a view).",
    "flip": "`a` with the order of elements reversed along `axis` (a "
            "view).",
    "fliplr": "`m` with its columns in reverse order (a view).",
    "flipud": "`m` with its rows in reverse order (a view).",
    "atleast_1d": "Each input as an array of at least one dimension.",
    "atleast_2d": "Each input as an array of at least two dimensions.",
    "atleast_3d": "Each input as an array of at least three dimensions.",
    "broadcast_arrays": "The inputs broadcast against each other (views).",
    "concatenate": "Joins arrays along an existing axis.",
    "concat": "Joins arrays along an existing axis (the array API's name "
              "of concatenate).",
    "stack": "Joins arrays along a new axis.",
    "hstack": "Stacks arrays column-wise (along axis 1; axis 0 for 1-d).",
    "vstack": "Stacks arrays row-wise (along axis 0, 1-d inputs as rows).",
    "dstack": "Stacks arrays along the third axis.",
    "column_stack": "Stacks 1-d arrays as the columns of a 2-d array.",
    "split": "Splits an array into sub-arrays (views) along `axis`.",
    "hsplit": "Splits an array into sub-arrays column-wise (axis 1).",
    "vsplit": "Splits an array into sub-arrays row-wise (axis 0).",
    "dsplit": "Splits an array into sub-arrays along the third axis.",
    "append": "A copy of `arr` with `values` appended (flattened when axis "
              "is None).",
    # indexing
    "compress": "The slices of `a` along `axis` where `condition` is True.",
    "extract": "The elements of `arr` where `condition` is True, as 1-d.",
    "flatnonzero": "Indices of the nonzero elements of the flattened `a`.",
    "take_along_axis": "Takes values from `arr` by matching 1-d index "
                       "slices along `axis`.",
    "diag_indices": "Indices of the main diagonal of an n x ... x n array.",
    "diag_indices_from": "Indices of the main diagonal of `arr`.",
    "tril_indices_from": "Indices of the lower triangle of `arr`.",
    "triu_indices_from": "Indices of the upper triangle of `arr`.",
    "trace": "Sum along the diagonal (offset, axis1, axis2 as NumPy).",
    # elementwise
    "angle": "The angle of complex numbers (in radians, or degrees with "
             "deg=True).",
    "real": "The real part of the elements.",
    "imag": "The imaginary part of the elements.",
    "isclose": "Elementwise: whether a and b are equal within rtol and "
               "atol.",
    "nan_to_num": "NaN as `nan`, infinities as `posinf`/`neginf` (the "
                  "dtype's extremes by default).",
    "isneginf": "Elementwise: whether x is negative infinity.",
    "isposinf": "Elementwise: whether x is positive infinity.",
    "iscomplexobj": "Whether x has a complex dtype (its values are not "
                    "looked at).",
    "isrealobj": "Whether x has a non-complex dtype (its values are not "
                 "looked at).",
    # reductions and statistics
    "all": "Whether all elements (along `axis`) are true.",
    "any": "Whether any element (along `axis`) is true.",
    "allclose": "Whether all elements of a and b are equal within rtol "
                "and atol.",
    "array_equal": "Whether two arrays have the same shape and elements.",
    "array_equiv": "Whether two arrays are equal after broadcasting.",
    "min": "The minimum (along `axis`).",
    "amin": "The minimum (along `axis`); NumPy's alias of min.",
    "argmin": "Indices of the minimum values (along `axis`).",
    "count_nonzero": "The number of nonzero elements (along `axis`).",
    "prod": "The product of the elements (along `axis`).",
    "product": "The product of the elements (along `axis`); an alias of "
               "prod.",
    "ptp": "The range (maximum - minimum) of values (along `axis`).",
    "std": "The standard deviation (along `axis`).",
    "average": "The weighted average (along `axis`).",
    "diff": "The n-th discrete difference along `axis`.",
    "nanargmax": "Indices of the maximum values, ignoring NaNs.",
    "nanargmin": "Indices of the minimum values, ignoring NaNs.",
    "nanmean": "The mean (along `axis`), ignoring NaNs.",
    "nanmin": "The minimum (along `axis`), ignoring NaNs.",
    "nanprod": "The product (along `axis`), NaNs counted as one.",
    "nansum": "The sum (along `axis`), NaNs counted as zero.",
    "nanstd": "The standard deviation (along `axis`), ignoring NaNs.",
    "nanvar": "The variance (along `axis`), ignoring NaNs.",
    "cumprod": "The cumulative product (along `axis`; flattened when "
               "None).",
    "cumulative_prod": "The cumulative product along `axis` (the array "
                       "API's form, with include_initial).",
    "cumulative_sum": "The cumulative sum along `axis` (the array API's "
                      "form, with include_initial).",
    "nancumprod": "The cumulative product, NaNs counted as one.",
    "nancumsum": "The cumulative sum, NaNs counted as zero.",
    "median": "The median (along `axis`).",
    "nanmedian": "The median (along `axis`), ignoring NaNs.",
    "percentile": "The q-th percentiles (along `axis`), with any of "
                  "NumPy's methods.",
    "nanpercentile": "The q-th percentiles (along `axis`), ignoring NaNs.",
    "quantile": "The q-th quantiles (along `axis`), with any of NumPy's "
                "methods.",
    "nanquantile": "The q-th quantiles (along `axis`), ignoring NaNs.",
    "histogram_bin_edges": "The bin edges `histogram` would use.",
    # sorting, sets, products
    "argpartition": "Indices that partition `a` around its kth element.",
    "sort_complex": "The array sorted by real part, then imaginary part, "
                    "as complex.",
    "unique_all": "The unique values with their first indices, inverse "
                  "indices and counts (the array API's unique_all).",
    "unique_counts": "The unique values and how often each occurs.",
    "unique_inverse": "The unique values and the indices that rebuild "
                      "the input from them.",
    "outer": "The outer product of two vectors (flattened first).",
}

SUBPACKAGE_DOCS = {
    "linalg": {
        "matmul": "The matrix product of x1 and x2 (the array API's "
                  "linalg.matmul).",
        "matrix_transpose": "Transposes the last two axes of x.",
        "tensordot": "The tensor dot product over the last/first `axes` "
                     "axes.",
    },
    "random": {
        "choice": "A random sample from `a` (or arange(a))." + RNG,
        "exponential": "Samples of the exponential distribution." + RNG,
        "normal": "Samples of the normal distribution." + RNG,
        "permutation": "A random permutation of x (or of arange(x))." + RNG,
        "rand": "Uniform samples in [0, 1) of the given shape." + RNG,
        "randint": "Random integers in [low, high)." + RNG,
        "randn": "Standard normal samples of the given shape." + RNG,
        "random": "Uniform floats in [0, 1)." + RNG,
        "random_integers": "Random integers in [low, high] (deprecated in "
                           "NumPy)." + RNG,
        "random_sample": "Uniform floats in [0, 1)." + RNG,
        "ranf": "Uniform floats in [0, 1); an alias of random_sample." + RNG,
        "sample": "Uniform floats in [0, 1); an alias of random_sample." + RNG,
        "seed": "Seeds the global generator of gpuarray.random." + RNG,
        "shuffle": "Shuffles x in place along its first axis." + RNG,
        "standard_exponential": "Samples of the standard exponential "
                                "distribution." + RNG,
        "standard_normal": "Samples of the standard normal distribution."
                           + RNG,
        "uniform": "Uniform samples in [low, high)." + RNG,
    },
    "testing": {
        "assert_array_compare": "Asserts that `comparison(x, y)` holds "
                                "elementwise (NumPy's helper, taking "
                                "gpuarray arrays).",
        "build_err_msg": "The failure message numpy.testing's assertions "
                         "print for these arrays: header, err_msg and "
                         "each array's repr under its name (NumPy's "
                         "helper, taking gpuarray arrays).",
    },
}

NDARRAY_DOCS = {
    "all": "Whether all elements (along `axis`) are true; as gpuarray.all.",
    "any": "Whether any element (along `axis`) is true; as gpuarray.any.",
    "argmax": "Indices of the maximum values (along `axis`).",
    "argmin": "Indices of the minimum values (along `axis`).",
    "argpartition": "Indices that partition the array around its kth "
                    "element.",
    "argsort": "Indices that sort the array (along `axis`).",
    "choose": "Builds an array from `choices` using this array as the "
              "index.",
    "clip": "The values limited to [min, max].",
    "compress": "The slices along `axis` where `condition` is True.",
    "conj": "The complex conjugate, elementwise.",
    "conjugate": "The complex conjugate, elementwise.",
    "cumprod": "The cumulative product (along `axis`).",
    "cumsum": "The cumulative sum (along `axis`).",
    "diagonal": "The diagonal (offset, axis1, axis2 as NumPy); a view.",
    "dot": "The dot product with `b`; as gpuarray.dot.",
    "dump": "Pickles the array to `file`.\n\n    Differs from NumPy: the "
            "data is copied to the host first.",
    "dumps": "The array pickled, as bytes.\n\n    Differs from NumPy: the "
             "data is copied to the host first.",
    "flat": "A 1-d iterator over the array (index it, or iterate).",
    "getfield": "A field of the array as a given dtype at a byte offset "
                "(a view).",
    "imag": "The imaginary part (a view for complex arrays).",
    "max": "The maximum (along `axis`).",
    "mean": "The mean (along `axis`).",
    "min": "The minimum (along `axis`).",
    "nonzero": "Indices of the nonzero elements, one array per dimension.",
    "prod": "The product of the elements (along `axis`).",
    "put": "Sets the elements at the flat `indices` to `values`.",
    "real": "The real part (a view for complex arrays).",
    "repeat": "Each element repeated `repeats` times (along `axis`).",
    "round": "The values rounded to `decimals` decimals.",
    "searchsorted": "Indices where `v` would be inserted to keep this "
                    "sorted array sorted.",
    "setfield": "Sets a field of the array given by dtype and byte offset.",
    "sort": "Sorts the array in place (along `axis`).",
    "std": "The standard deviation (along `axis`).",
    "sum": "The sum of the elements (along `axis`).",
    "take": "The elements at `indices` (along `axis`).",
    "tobytes": "The data as bytes in `order`.\n\n    Differs from NumPy: "
               "copies the data to the host.",
    "tofile": "Writes the data to a file, as bytes or text.\n\n    Differs "
              "from NumPy: copies the data to the host first.",
    "trace": "Sum along the diagonal.",
    "var": "The variance (along `axis`).",
}


def _set(obj, text):
    if getattr(obj, "__doc__", None):
        return
    try:
        obj.__doc__ = text
    except (AttributeError, TypeError):
        pass  # a C object whose docs come from its own table


def fill(module, table=None):
    """Docstrings from `table` (DOCS by default) for the names of
    `module` that have none."""
    names = vars(module)
    for name, text in (DOCS if table is None else table).items():
        if name in names:
            _set(names[name], text)


def fill_ndarray(ndarray):
    for name, text in NDARRAY_DOCS.items():
        obj = ndarray.__dict__.get(name)
        if obj is not None:
            _set(obj, text)


def fill_loaded(module):
    """Called by _lazy.load: the names of a newly imported module,
    whichever table they are in."""
    fill(module)
    short = module.__name__.split(".", 1)[-1]
    if short in SUBPACKAGE_DOCS:
        fill(module, SUBPACKAGE_DOCS[short])
