"""NumPy's remaining public names (issue 19 group 7): poly1d, frompyfunc,
nditer, nested_iters, matrix/asmatrix/bmat, memmap, recarray/record,
fromregex, show_runtime, flatiter, get_include -- each against NumPy."""
import io

import numpy as np
import pytest

import gpuarray as gp

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
