"""NumPy's remaining public names (issue 19 group 7): poly1d, frompyfunc,
nditer, nested_iters, matrix/asmatrix/bmat, memmap, recarray/record,
fromregex, show_runtime, flatiter, get_include, info, test -- each
against NumPy."""
import inspect
import io
import os
import subprocess
import sys

import numpy as np
import pytest

import gpuarray as gp

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

# matrix warns as NumPy's does (checked once below); quiet elsewhere
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")


def H(a):
    return gp.asnumpy(a) if isinstance(a, gp.ndarray) else np.asarray(a)


# ---- poly1d ----------------------------------------------------------

@pytest.mark.parametrize("c", [[1, 2, 3], [2.0, -1.0], [1.5, 0, 0, -2]])
def test_poly1d_parity(c):
    p, q = gp.poly1d(c), np.poly1d(c)
    x = np.linspace(-2, 2, 7)
    np.testing.assert_allclose(H(p(gp.asarray(x))), q(x))
    assert isinstance(p(gp.asarray(x)), gp.ndarray)
    assert isinstance(p.coeffs, gp.ndarray)
    np.testing.assert_array_equal(H(p.coeffs), q.coeffs)
    assert p.order == q.order and len(p) == len(q)
    assert str(p) == str(q) and repr(p) == repr(q)
    for r, s in [(p + p, q + q), (p * p, q * q), (p - 1, q - 1),
                 (2 * p, 2 * q), (p ** 2, q ** 2), (p.deriv(), q.deriv()),
                 (p.integ(), q.integ()), (p(p), q(q))]:
        assert isinstance(r, gp.poly1d)
        np.testing.assert_allclose(H(r.coeffs), s.coeffs)
    np.testing.assert_allclose(np.sort_complex(H(p.roots)),
                               np.sort_complex(q.roots))
    assert p[0] == q[0]
    assert p == gp.poly1d(c) and p != gp.poly1d([9, 9, 9, 9, 9])


def test_poly1d_from_roots_and_division():
    p, q = gp.poly1d([1, 2], r=True), np.poly1d([1, 2], r=True)
    np.testing.assert_allclose(H(p.coeffs), q.coeffs)
    (a, b), (c, d) = p / gp.poly1d([1, 1]), q / np.poly1d([1, 1])
    np.testing.assert_allclose(H(a.coeffs), c.coeffs)
    np.testing.assert_allclose(H(b.coeffs), d.coeffs)
    assert p(3.0) == q(3.0)


# ---- frompyfunc --------------------------------------------------------

def test_frompyfunc_parity():
    f = lambda a, b: a * b + 1  # noqa: E731
    u, v = gp.frompyfunc(f, 2, 1), np.frompyfunc(f, 2, 1)
    x = np.arange(6).reshape(2, 3)
    r = u(gp.asarray(x), 3)
    assert isinstance(r, gp.ndarray)
    np.testing.assert_array_equal(H(r), v(x, 3).astype(np.int64))
    assert (u.nin, u.nout, u.nargs) == (v.nin, v.nout, v.nargs)
    np.testing.assert_array_equal(H(u.reduce(gp.asarray(x), axis=1)),
                                  v.reduce(x, axis=1).astype(np.int64))
    np.testing.assert_array_equal(H(u.accumulate(gp.asarray(x[0]))),
                                  v.accumulate(x[0]).astype(np.int64))
    np.testing.assert_array_equal(H(u.outer(gp.asarray([1, 2]), [3, 4])),
                                  v.outer([1, 2], [3, 4]).astype(np.int64))
    assert u(2, 3) == v(2, 3) == 7


def test_frompyfunc_two_outputs_and_identity():
    u = gp.frompyfunc(divmod, 2, 2)
    q, r = u(gp.asarray([7, 8, 9]), 4)
    nq, nr = np.frompyfunc(divmod, 2, 2)(np.array([7, 8, 9]), 4)
    np.testing.assert_array_equal(H(q), nq.astype(int))
    np.testing.assert_array_equal(H(r), nr.astype(int))
    add = gp.frompyfunc(lambda a, b: a + b, 2, 1, identity=0)
    assert add.identity == 0
    assert int(add.reduce(gp.asarray(np.zeros(0, int)))) == 0


# ---- nditer / nested_iters ---------------------------------------------

def test_nditer_order_and_multi_index_as_numpy():
    x = np.arange(6).reshape(2, 3).T  # Fortran-order view
    got = [(int(v), it_mi) for v, it_mi in
           _walk(gp.nditer(gp.asarray(x), flags=["multi_index"]))]
    ref = [(int(v), it_mi) for v, it_mi in
           _walk(np.nditer(x, flags=["multi_index"]))]
    assert got == ref


def _walk(it):
    out = []
    while not it.finished:
        out.append((it[0], it.multi_index))
        it.iternext()
    return out


def test_nditer_writes_reach_the_device():
    h = np.arange(6.0).reshape(2, 3)
    a = gp.asarray(h)
    for x in gp.nditer(a, op_flags=["readwrite"]):
        x[...] = 2 * x + 1
    for x in np.nditer(h, op_flags=["readwrite"]):
        x[...] = 2 * x + 1
    np.testing.assert_array_equal(H(a), h)


def test_nditer_allocated_output_and_context():
    h = np.arange(4.0)
    with gp.nditer([gp.asarray(h), None]) as it:
        for x, y in it:
            y[...] = x * x
        out = it.operands[1]
    with np.nditer([h, None]) as it:
        for x, y in it:
            y[...] = x * x
        ref = it.operands[1]
    assert isinstance(out, gp.ndarray)
    np.testing.assert_array_equal(H(out), ref)


def test_nditer_errors_are_numpys():
    with pytest.raises(ValueError):
        gp.nditer([gp.zeros(2), gp.zeros(3)])
    with pytest.raises(ValueError):
        np.nditer([np.zeros(2), np.zeros(3)])


def test_nested_iters_as_numpy():
    x = np.arange(12).reshape(2, 3, 2)
    gi, gj = gp.nested_iters(gp.asarray(x), [[0], [1, 2]])
    ni, nj = np.nested_iters(x, [[0], [1, 2]])
    got = [[int(v) for v in gj] for _ in gi]
    ref = [[int(v) for v in nj] for _ in ni]
    assert got == ref


# ---- matrix ------------------------------------------------------------

def test_matrix_parity():
    h = [[1.0, 2.0], [3.0, 4.0]]
    m, n = gp.matrix(h), np.matrix(h)
    assert isinstance(m, gp.ndarray) and isinstance(m, gp.matrix)
    for r, s in [(m * m, n * n), (m ** 3, n ** 3), (m + 1, n + 1),
                 (m.T, n.T), (m.H, n.H), (m.I, n.I), (m[0], n[0]),
                 (m[:, 1], n[:, 1]), (m.sum(axis=0), n.sum(axis=0)),
                 (m.mean(axis=1), n.mean(axis=1)), (m.ravel(), n.ravel()),
                 (2 * m, 2 * n), (m * [[1.0], [2.0]], n * [[1.0], [2.0]])]:
        assert isinstance(r, gp.matrix)
        assert r.shape == s.shape
        np.testing.assert_allclose(H(r.A), np.asarray(s))
    assert m.sum() == n.sum() and float(m[1, 1]) == n[1, 1]
    assert m.A1.shape == n.A1.shape and not isinstance(m.A, gp.matrix)
    assert m.tolist() == n.tolist()
    assert str(m) == str(n)


@pytest.mark.filterwarnings("error::PendingDeprecationWarning")
def test_matrix_warns_as_numpy():
    with pytest.warns(PendingDeprecationWarning):
        np.matrix([[1]])
    with pytest.warns(PendingDeprecationWarning):
        gp.matrix([[1]])


def test_matrix_shapes_and_strings():
    assert gp.matrix([1, 2, 3]).shape == np.matrix([1, 2, 3]).shape
    assert gp.matrix(5).shape == np.matrix(5).shape
    np.testing.assert_array_equal(H(gp.matrix("1 2; 3 4").A),
                                  np.asarray(np.matrix("1 2; 3 4")))
    with pytest.raises(ValueError):
        gp.matrix(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError):
        np.matrix(np.zeros((2, 2, 2)))
    a = gp.asarray([[1, 2]])
    assert gp.asmatrix(a).shape == (1, 2)
    m = gp.matrix([[1, 2]])
    assert gp.asmatrix(m) is m


def test_bmat_parity():
    A = np.array([[1, 1], [1, 1]])
    B = np.array([[2, 2], [2, 2]])
    gA, gB = gp.asarray(A), gp.asarray(B)
    np.testing.assert_array_equal(H(gp.bmat([[gA, gB], [gB, gA]]).A),
                                  np.asarray(np.bmat([[A, B], [B, A]])))
    np.testing.assert_array_equal(
        H(gp.bmat("gA, gB; gB, gA").A), np.asarray(np.bmat("A, B; B, A")))
    np.testing.assert_array_equal(
        H(gp.bmat("X Y", ldict={"X": gA}, gdict={"Y": gB}).A),
        np.asarray(np.bmat("X Y", ldict={"X": A}, gdict={"Y": B})))


# ---- host-backed types -------------------------------------------------

def test_memmap_is_numpys_and_transfers(tmp_path):
    assert gp.memmap is np.memmap
    f = tmp_path / "m.dat"
    mm = gp.memmap(f, dtype=np.float32, mode="w+", shape=(3, 4))
    mm[:] = np.arange(12).reshape(3, 4)
    mm.flush()
    a = gp.asarray(gp.memmap(f, dtype=np.float32, mode="r", shape=(3, 4)))
    assert isinstance(a, gp.ndarray)
    np.testing.assert_array_equal(H(a), np.arange(12).reshape(3, 4))


def test_recarray_and_record_are_numpys():
    assert gp.recarray is np.recarray and gp.record is np.record
    r = gp.recarray((2,), dtype=[("x", "f8"), ("y", "i4")])
    r.x = [1.0, 2.0]
    np.testing.assert_array_equal(H(gp.asarray(r.x)), [1.0, 2.0])


def test_fromregex_parity():
    text = "1 2.5\n3 4.5\n10 0.25\n"
    dt = [("n", np.int64), ("x", np.float64)]
    got = gp.fromregex(io.StringIO(text), r"(\d+) ([\d.]+)", dt)
    ref = np.fromregex(io.StringIO(text), r"(\d+) ([\d.]+)", dt)
    np.testing.assert_array_equal(got, ref)
    x = gp.asarray(got["x"])  # a field moves to the device
    assert isinstance(x, gp.ndarray)
    np.testing.assert_array_equal(H(x), ref["x"])
    with pytest.raises(TypeError):  # NumPy's: dtype must be structured
        gp.fromregex(io.StringIO(text), r"(\d+)", np.float64)


def test_show_runtime_reports_gpuarray_and_numpy(capsys):
    gp.show_runtime()
    out = capsys.readouterr().out
    assert "gpuarray" in out and "current device" in out
    assert "numpy_version" in out


def test_get_include_and_flatiter():
    assert gp.get_include() == np.get_include()
    a = gp.arange(6).reshape(2, 3)
    assert isinstance(a.flat, gp.flatiter)
    np.testing.assert_array_equal(H(a.flat[1:4]), np.arange(6)[1:4])


def test_long_double_types_stay_absent():
    for name in ("float128", "complex256"):
        assert not hasattr(gp, name)


# ---- calendar functions (host, through NumPy) --------------------------

def test_datetime_data_and_busdaycalendar_are_numpys():
    assert gp.datetime_data(np.dtype("datetime64[5s]")) == ("s", 5)
    assert gp.busdaycalendar is np.busdaycalendar
    assert gp.rec is np.rec


def test_is_busday_and_busday_count_come_to_the_device():
    d = np.arange("2024-01-01", "2024-01-15", dtype="datetime64[D]")
    b = gp.is_busday(d, weekmask="1111011", holidays=["2024-01-02"])
    assert isinstance(b, gp.ndarray) and b.dtype == np.bool_
    np.testing.assert_array_equal(
        H(b), np.is_busday(d, weekmask="1111011", holidays=["2024-01-02"]))
    c = gp.busday_count(d[:3], d[-3:])
    assert isinstance(c, gp.ndarray)
    np.testing.assert_array_equal(H(c), np.busday_count(d[:3], d[-3:]))
    out = gp.zeros(3, np.int64)
    assert gp.busday_count(d[:3], d[-3:], out=out) is out
    np.testing.assert_array_equal(H(out), np.busday_count(d[:3], d[-3:]))


def test_busday_offset_and_datetime_as_string_as_numpy():
    d = np.array(["2024-03-01", "2024-03-08"], dtype="datetime64[D]")
    off = gp.asarray([1, 5])
    got = gp.busday_offset(d, off, roll="forward")
    assert isinstance(got, gp.ndarray)  # datetimes live on the device
    np.testing.assert_array_equal(
        H(got), np.busday_offset(d, [1, 5], roll="forward"))
    with pytest.raises(ValueError):  # NumPy's: not a business day
        gp.busday_offset(np.datetime64("2024-03-02"), 1)
    np.testing.assert_array_equal(gp.datetime_as_string(d, unit="M"),
                                  np.datetime_as_string(d, unit="M"))


# ---- info --------------------------------------------------------------

def _info_text(fn, obj, **kw):
    out = io.StringIO()
    fn(obj, output=out, **kw)
    return out.getvalue()


def _documented(alpha_parameter, beta_parameter=3,
                gamma_parameter_long_name=None, *, epsilon="xxxxxxx"):
    """Does something.

    More text about it."""


class _Documented:
    """A class."""

    def __init__(self, a, b=2):
        pass

    def meth(self):
        """Meth's line."""

    def other(self):
        pass


@pytest.mark.parametrize("obj", [_documented, _Documented, np.polyval])
@pytest.mark.parametrize("width", [76, 30])
def test_info_prints_numpys_text_for_python_objects(obj, width):
    assert _info_text(gp.info, obj, maxwidth=width) == \
        _info_text(np.info, obj, maxwidth=width)


@pytest.mark.parametrize("name", ["sum", "concatenate", "histogram",
                                  "pad"])
def test_info_of_gpuarray_functions(name):
    # numpy.info's layout: " name(signature)" (broken to fit the width),
    # a blank line, the docstring
    fn = getattr(gp, name)
    sig, _, rest = _info_text(gp.info, fn, maxwidth=40).partition("\n\n")
    assert sig.startswith(" %s(" % name)
    assert all(len(line) <= 41 or ", " not in line
               for line in sig.splitlines())
    assert " ".join(sig.split()) == name + str(inspect.signature(fn))
    assert rest == inspect.getdoc(fn) + "\n"


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", [np.float64, np.complex64, np.int8])
def test_info_of_an_array(order, dtype):
    x = np.asarray(np.arange(6).reshape(2, 3), dtype=dtype, order=order)
    want = _info_text(np.info, x).splitlines()
    got = _info_text(gp.info, gp.asarray(x, order=order)).splitlines()
    assert [g for g in got if not g.startswith("device:")
            and not g.startswith("data pointer")] == \
        [w for w in want if not w.startswith("data pointer")]
    a = gp.asarray(x, order=order)
    assert "data pointer: %s" % hex(a.data.ptr) in got
    assert "device:  %s" % a.device in got


def test_info_of_a_name_searches_gpuarrays_namespaces():
    text = _info_text(gp.info, "norm")
    assert "*** Found in gpuarray.linalg ***" in text
    assert inspect.getdoc(gp.linalg.norm) in text
    assert "*** Total of 1 references found. ***" in text
    # found in both gpuarray and gpuarray.fft, as numpy.info('fft') is
    text = _info_text(gp.info, "fft")
    assert "*** Found in gpuarray ***" in text and \
        "*** Found in gpuarray.fft ***" in text
    assert "*** Total of 2 references found. ***" in text
    # a name found twice as the same object is a repeat reference
    text = _info_text(gp.info, "sliding_window_view")
    assert "Repeat reference found in gpuarray.lib.stride_tricks" in text \
        or "Total of 1 references found" in text
    for fn in (np.info, gp.info):
        assert _info_text(fn, "no_such_name_anywhere") == \
            "Help for no_such_name_anywhere not found.\n"
    # toplevel is a module name, as NumPy's
    assert "*** Found in numpy.linalg ***" in _info_text(
        gp.info, "norm", toplevel="numpy")


def test_info_of_none_and_of_other_objects():
    assert inspect.getdoc(gp.info) in _info_text(gp.info, None)
    assert _info_text(gp.info, gp.add) == inspect.getdoc(gp.add) + "\n"
    assert _info_text(gp.info, 3) == _info_text(np.info, 3)


# ---- test --------------------------------------------------------------

def test_test_has_numpys_signature():
    assert inspect.signature(gp.test) == inspect.signature(np.test)
    assert "Differs from NumPy" in gp.test.__doc__


def _run_test(monkeypatch, **kw):
    """gp.test's pytest arguments (the child process not started)."""
    from gpuarray.lib import info_test
    seen = []
    monkeypatch.setattr(info_test._subprocess, "call",
                        lambda args, **k: seen.append(args) or 0)
    assert gp.test(**kw) is True
    return seen[0][3:]   # after python -m pytest


def _numpy_test_args(monkeypatch, **kw):
    """numpy.test's pytest arguments (pytest.main not run)."""
    import warnings
    seen = []
    monkeypatch.setattr(pytest, "main", lambda a: seen.append(a) or 0)
    with warnings.catch_warnings():
        # numpy.test imports numpy.distutils on Python < 3.12 (deprecated):
        # imported here first, quietly, it is not imported again there
        warnings.simplefilter("ignore")
        try:
            import numpy.distutils.cpuinfo  # noqa: F401
        except ImportError:
            pass
    assert np.test(**kw) is True
    return [a for a in seen[0] if not a.startswith("-W ")]


@pytest.mark.parametrize("kw", [
    {}, {"label": "full"}, {"label": "not gpu"}, {"verbose": 3},
    {"extra_argv": ["-x", "--maxfail=2"]}, {"durations": 5},
    {"doctests": True}, {"verbose": 2, "label": "full", "durations": 0}])
def test_test_arguments_mean_what_numpys_do(monkeypatch, kw):
    ours = _run_test(monkeypatch, **kw)
    theirs = _numpy_test_args(monkeypatch, **kw)
    # the same pytest options; the tests are our tests/ folder, not
    # NumPy's --pyargs numpy
    assert theirs[-2:] == ["--pyargs", "numpy"]
    assert ours[:-1] == theirs[:-2]
    assert ours[-1] == os.path.join(ROOT, "tests")


def test_test_paths(monkeypatch):
    tests = os.path.join(ROOT, "tests")
    for given, want in [
            ("lib/test_missing_names.py",
             os.path.join(tests, "lib", "test_missing_names.py")),
            ("tests/lib/test_missing_names.py::test_test_paths",
             os.path.join(tests, "lib", "test_missing_names.py") +
             "::test_test_paths"),
            ("gpuarray.linalg", os.path.join(tests, "linalg"))]:
        assert _run_test(monkeypatch, tests=[given])[-1] == want


def test_test_runs_the_suite(capfd):
    # two small runs, each pytest in a child process of this pytest (test()
    # starts it; no extra interpreter around them): the first passes; the
    # second selects nothing, which pytest (and so numpy.test) counts as a
    # failure
    first = gp.test(tests=["project/test_numpy_names.py::"
                           "test_objects_are_numpys"])
    second = gp.test(tests=["project/test_numpy_names.py"],
                     extra_argv=["-k", "no_such_test_xyz"])
    out = capfd.readouterr().out
    assert (first, second) == (True, False), out
    assert "passed" in out


def test_test_says_the_tests_are_not_installed(monkeypatch, tmp_path,
                                               capsys):
    from gpuarray.lib import info_test
    monkeypatch.setattr(info_test, "_TESTS", str(tmp_path / "tests"))
    monkeypatch.setattr(info_test._subprocess, "call",
                        lambda *a, **k: pytest.fail("pytest was started"))
    assert gp.test() is False
    err = capsys.readouterr().err
    assert "not installed" in err and str(tmp_path / "tests") in err
