"""NumPy's argument checks of the statistics functions, both ways:
quantile/percentile out= casting and empty q, nanvar/nanstd array ddof
and where= types, cov/corrcoef y= stacking and weights as text,
histogram2d's len() of x and y, bincount's minlength and uint64 input.
Each case runs with NumPy and its arrays and with gpuarray and its
arrays: the same public exception type, or the same result."""
import warnings

import numpy as np
import pytest

import gpuarray as gp
from gpuarray.testing.parity import assert_same_outcome, outcome

X = np.arange(1.0, 13.0).reshape(3, 4) / 13.0
XN = X.copy()
XN[0, 1] = np.nan
XI = np.arange(12).reshape(3, 4)
V = np.array([1.0, 2.0, 3.0, 4.0])
I = np.array([2, 0, 1, 3])

CASES = {
    # quantile/percentile: the interpolating methods write into out
    # under the same_kind rule; the methods that take copy
    "percentile_out_int8": lambda xp: xp.percentile(
        xp.asarray(X), 50, axis=0, out=xp.zeros(4, np.int8)),
    "quantile_out_int_input": lambda xp: xp.quantile(
        xp.asarray(XI), 0.5, axis=0, out=xp.zeros(4, np.int8)),
    "quantile_out_bool": lambda xp: xp.quantile(
        xp.asarray(X), 0.5, axis=0, out=xp.zeros(4, bool)),
    "quantile_out_f32": lambda xp: xp.quantile(
        xp.asarray(X), 0.5, axis=0, out=xp.zeros(4, np.float32)),
    "quantile_out_int8_lower": lambda xp: xp.quantile(
        xp.asarray(X), 0.5, axis=0, out=xp.zeros(4, np.int8),
        method="lower"),
    "quantile_out_int8_hazen": lambda xp: xp.quantile(
        xp.asarray(X), 0.5, axis=0, out=xp.zeros(4, np.int8),
        method="hazen"),
    "percentile_out_0d_int": lambda xp: xp.percentile(
        xp.asarray(X), 50, out=xp.zeros((), np.int64)),
    "nanpercentile_out_int8": lambda xp: xp.nanpercentile(
        xp.asarray(XN), 50, axis=0, out=xp.zeros(4, np.int8)),
    "median_out_int": lambda xp: xp.median(
        xp.asarray(X), out=xp.zeros((), np.int64)),
    "percentile_q_empty_2d": lambda xp: xp.percentile(
        xp.asarray(X), np.zeros((0, 4))),
    "nanquantile_q_empty_2d": lambda xp: xp.nanquantile(
        xp.asarray(X), np.zeros((0, 4))),
    "percentile_q_empty_1d": lambda xp: xp.percentile(
        xp.asarray(X), np.zeros((0,))),
    # nanvar/nanstd: an array ddof broadcasts against the counts
    "nanvar_ddof_list": lambda xp: xp.nanvar(xp.asarray(XN), ddof=[1, 2]),
    "nanstd_correction_list": lambda xp: xp.nanstd(
        xp.asarray(XN), correction=[1, 2]),
    "nanvar_ddof_per_column": lambda xp: xp.nanvar(
        xp.asarray(XN), axis=0, ddof=[1, 2, 3, 4]),
    "nanvar_ddof_mismatch": lambda xp: xp.nanvar(
        xp.asarray(XN), axis=0, ddof=[1, 2]),
    "nanvar_ddof_keepdims": lambda xp: xp.nanvar(
        xp.asarray(XN), axis=1, ddof=np.array([[1], [2], [0]]),
        keepdims=True),
    "var_ddof_list": lambda xp: xp.var(xp.asarray(X), ddof=[1, 2]),
    "nanvar_where_float": lambda xp: xp.nanvar(
        xp.asarray(XN), where=xp.ones((3, 4))),
    "nanstd_where_int": lambda xp: xp.nanstd(
        xp.asarray(XN), where=xp.ones(4, np.int64)),
    "nanvar_where_bool": lambda xp: xp.nanvar(
        xp.asarray(XN), where=xp.asarray(X > 0.3)),
    "nanvar_ddof_and_correction": lambda xp: xp.nanvar(
        xp.asarray(XN), ddof=[0, 0], correction=1),
    # cov/corrcoef: y's observations are checked against m's first
    "cov_y_text": lambda xp: xp.cov(xp.asarray(X), "bogus"),
    "cov_y_object": lambda xp: xp.cov(xp.asarray(X), object()),
    "corrcoef_y_text": lambda xp: xp.corrcoef(xp.asarray(X), "bogus"),
    "cov_y_short": lambda xp: xp.cov(xp.asarray(X), xp.ones(3)),
    "cov_y_rowvar": lambda xp: xp.cov(xp.asarray(X), xp.ones(3),
                                      rowvar=False),
    "cov_y_list": lambda xp: xp.cov(xp.asarray(X), [1.0, 2, 3, 5]),
    "cov_fweights_text": lambda xp: xp.cov(xp.asarray(X),
                                           fweights="bogus"),
    "cov_aweights_text": lambda xp: xp.cov(xp.asarray(X),
                                           aweights="bogus"),
    "cov_fweights_numeric_text": lambda xp: xp.cov(
        xp.asarray(X), fweights=["1", "2", "3", "4"]),
    # histogram2d: NumPy compares len(x) and len(y)
    "histogram2d_x_0d": lambda xp: xp.histogram2d(
        xp.asarray(0.5), xp.asarray(V)),
    "histogram2d_x_bool": lambda xp: xp.histogram2d(True, xp.asarray(V)),
    "histogram2d_y_npscalar": lambda xp: xp.histogram2d(
        xp.asarray(V), np.int8(3)),
    "histogram2d_lengths": lambda xp: xp.histogram2d(
        xp.asarray(V), xp.asarray(V[:3])),
    # bincount: minlength by operator.index; uint64 counted as intp
    "bincount_minlength_text": lambda xp: xp.bincount(
        xp.asarray(I), minlength="bogus"),
    "bincount_minlength_float": lambda xp: xp.bincount(
        xp.asarray(I), minlength=1.5),
    "bincount_minlength_bool": lambda xp: xp.bincount(
        xp.asarray(I), minlength=True),
    "bincount_minlength_none": lambda xp: xp.bincount(
        xp.asarray(I), minlength=None),
    "bincount_minlength_huge": lambda xp: xp.bincount(
        xp.asarray(I), minlength=2 ** 70),
    "bincount_minlength_0d": lambda xp: xp.bincount(
        xp.asarray(I), minlength=np.array(6)),
    "bincount_minlength_npint": lambda xp: xp.bincount(
        xp.asarray(I), minlength=np.uint64(5)),
    "bincount_uint64_past_int64": lambda xp: xp.bincount(
        xp.asarray(np.array([0, 1, 2 ** 63, 2 ** 64 - 1], np.uint64))),
    "bincount_uint64": lambda xp: xp.bincount(
        xp.asarray(np.array([0, 1, 2], np.uint64))),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_statistics_argument_checks_match_numpy(case):
    fn = CASES[case]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = outcome(fn, np)
        got = outcome(fn, gp)
    assert_same_outcome(got, want, rtol=1e-12, atol=1e-12)
