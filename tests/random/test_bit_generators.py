"""NumPy's bit generator names (PCG64, PCG64DXSM, MT19937, SFC64, beside
Philox) and the legacy generator's get_state/set_state, against NumPy:
constructor signatures, seeding (SeedSequence, reproducible, different
seeds and different classes differ), spawn, state round trips, the
errors NumPy raises for bad states, advance/jumped, random_raw, the
stream a BitGenerator shares among its Generators, and
Generator(PCG64(s)) for every distribution the Generator has.  The
numbers are gpuarray's Philox stream, not NumPy's (compared: shapes,
dtypes, structure)."""
import inspect
import pickle
import warnings

import numpy as np
import pytest

import gpuarray as gp

NAMES = ["PCG64", "PCG64DXSM", "MT19937", "SFC64", "Philox"]


def host(x):
    return x.get() if hasattr(x, "get") else np.asarray(x)


def draws(bg, n=64):
    return host(gp.random.Generator(bg).random(n))


def same_error(np_fn, gp_fn):
    """Both raise, the same exception type."""
    with pytest.raises(Exception) as want:
        np_fn()
    with pytest.raises(want.type):
        gp_fn()


@pytest.mark.parametrize("name", NAMES)
def test_constructor_signature_and_type(name):
    ours, theirs = getattr(gp.random, name), getattr(np.random, name)
    assert inspect.signature(ours) == inspect.signature(theirs)
    bg = ours(3)
    assert isinstance(bg, gp.random.BitGenerator)
    assert "Differs from NumPy" in ours.__doc__


@pytest.mark.parametrize("name", NAMES)
def test_seeding_is_reproducible_and_seeds_differ(name):
    cls = getattr(gp.random, name)
    a, b, c = draws(cls(1234)), draws(cls(1234)), draws(cls(1235))
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, c)
    # an int seed is SeedSequence(int), as NumPy's
    np.testing.assert_array_equal(a, draws(cls(np.random.SeedSequence(1234))))
    ss = cls(1234).seed_seq
    want = getattr(np.random, name)(1234).seed_seq
    assert isinstance(ss, np.random.SeedSequence)
    assert ss.entropy == want.entropy and ss.spawn_key == want.spawn_key
    # seed=None: fresh entropy each time, as NumPy's
    assert cls().seed_seq.entropy != cls().seed_seq.entropy
    assert not np.array_equal(draws(cls()), draws(cls()))


def test_classes_have_streams_of_their_own():
    got = {name: draws(getattr(gp.random, name)(7)).tobytes()
           for name in NAMES}
    assert len(set(got.values())) == len(NAMES)


def test_philox_key_and_counter():
    # key= is the key itself (the same draws every time, no SeedSequence),
    # counter= where the stream starts
    for mod in (np, gp):
        a = host(mod.random.Philox(key=5).random_raw(4))
        np.testing.assert_array_equal(
            host(mod.random.Philox(key=5).random_raw(4)), a)
        assert not np.array_equal(
            host(mod.random.Philox(key=6).random_raw(4)), a)
        assert mod.random.Philox(key=5).seed_seq is None
        same = mod.random.Philox(key=5, counter=0).random_raw(4)
        np.testing.assert_array_equal(host(same), a)
    # (ours counts one draw per counter value, so counter=2 is two ahead)
    a = host(gp.random.Philox(key=5).random_raw(6))
    np.testing.assert_array_equal(
        host(gp.random.Philox(key=5, counter=2).random_raw(4)), a[2:])
    assert gp.random.Philox(key=5, counter=2).state["state"]["counter"] == 2
    for kw in ({"seed": 1, "key": 5}, {"key": -1}, {"counter": -1}):
        same_error(lambda: np.random.Philox(**kw),
                   lambda: gp.random.Philox(**kw))
    with pytest.raises(ValueError, match="2\\*\\*64"):
        gp.random.Philox(key=2 ** 64)
    same_error(lambda: np.random.Philox(key=5).spawn(2),
               lambda: gp.random.Philox(key=5).spawn(2))


@pytest.mark.parametrize("name", NAMES)
def test_bad_seeds_raise_numpys_errors(name):
    for bad in (-1, 1.5, "a", [1, -2]):
        same_error(lambda: getattr(np.random, name)(bad),
                   lambda: getattr(gp.random, name)(bad))


@pytest.mark.parametrize("name", NAMES)
def test_spawn(name):
    ours, theirs = getattr(gp.random, name)(5), getattr(np.random, name)(5)
    kids, nkids = ours.spawn(3), theirs.spawn(3)
    assert [type(k) for k in kids] == [type(ours)] * 3
    assert [k.seed_seq.spawn_key for k in kids] == \
        [k.seed_seq.spawn_key for k in nkids]
    got = [draws(k).tobytes() for k in kids]
    assert len(set(got)) == 3
    again = [draws(k).tobytes() for k in getattr(gp.random, name)(5).spawn(3)]
    assert got == again


@pytest.mark.parametrize("name", NAMES)
def test_state_round_trip(name):
    cls = getattr(gp.random, name)
    bg = cls(11)
    st = bg.state
    assert st["bit_generator"] == getattr(np.random, name)(11).state[
        "bit_generator"] == name
    first = draws(bg)
    after = draws(bg)
    assert not np.array_equal(first, after)
    bg.state = st                      # back: the same draws again
    np.testing.assert_array_equal(draws(bg), first)
    # Dask's shuffle: a fresh bit generator given the state continues it
    fresh = cls()
    fresh.state = bg.state
    np.testing.assert_array_equal(draws(fresh), after)
    # pickling keeps the state, as NumPy's
    p = pickle.loads(pickle.dumps(bg))
    assert p.state["state"]["counter"] == bg.state["state"]["counter"]
    np.testing.assert_array_equal(draws(p), draws(bg))


@pytest.mark.parametrize("name", NAMES)
def test_bad_states_raise_numpys_errors(name):
    def setter(mod, value):
        def f():
            getattr(mod.random, name)(1).state = value
        return f
    other = "MT19937" if name != "MT19937" else "PCG64"
    for bad in (5, [1, 2], {"bit_generator": other}, {"x": 1}):
        same_error(setter(np, bad), setter(gp, bad))
    # our own checks on a state for this class
    good = gp.random.PCG64(1).state["state"]
    for st in ({"key": [1], "counter": 0}, {"key": [1, 2]},
               {"key": [1, 2 ** 32], "counter": 0},
               {"key": [1, 2], "counter": -1}):
        with pytest.raises(ValueError):
            bg = getattr(gp.random, name)(1)
            bg.state = {"bit_generator": name, "state": st}
    with pytest.raises(TypeError):
        bg = getattr(gp.random, name)(1)
        bg.state = {"bit_generator": name,
                    "state": dict(good, counter=1.5)}


def test_generators_on_one_bit_generator_share_its_stream():
    # as NumPy's: two Generators on one BitGenerator continue one stream,
    # so their draws together are one Generator's
    for mod in (np, gp):
        bg = mod.random.PCG64(9)
        g1, g2 = mod.random.Generator(bg), mod.random.Generator(bg)
        x = np.concatenate([host(g1.random(3)), host(g2.random(3))])
        y = host(mod.random.Generator(mod.random.PCG64(9)).random(6))
        np.testing.assert_array_equal(x, y)
    # default_rng(bg) wraps it too; default_rng(seed).bit_generator.state
    # follows the Generator's draws
    g = gp.random.default_rng(4)
    st = g.bit_generator.state
    a = host(g.normal(size=10))
    g.bit_generator.state = st
    np.testing.assert_array_equal(host(g.normal(size=10)), a)
    assert gp.random.default_rng(gp.random.SFC64(2)).bit_generator.state[
        "bit_generator"] == "SFC64"


def test_random_raw():
    for mod in (np, gp):
        bg = mod.random.PCG64(3)
        r = host(bg.random_raw(5))
        assert r.dtype == np.uint64 and r.shape == (5,)
        assert bg.random_raw(2, output=False) is None
    bg = gp.random.PCG64(3)
    a = host(bg.random_raw(6))
    b = gp.random.PCG64(3)
    b.random_raw(2, output=False)            # output=False still moves on
    np.testing.assert_array_equal(host(b.random_raw(4)), a[2:])
    x = bg.random_raw()
    assert x.shape == () and x.dtype == np.uint64
    # the bits are well spread: about half of them set
    bits = np.unpackbits(host(gp.random.MT19937(1).random_raw(4096)).view(
        np.uint8))
    assert abs(bits.mean() - 0.5) < 0.01


@pytest.mark.parametrize("name", ["PCG64", "PCG64DXSM", "Philox"])
def test_advance_and_jumped(name):
    cls, ncls = getattr(gp.random, name), getattr(np.random, name)
    # NumPy's advance returns the bit generator itself
    n = ncls(1)
    assert n.advance(5) is n
    a = host(cls(1).random_raw(10))
    bg = cls(1)
    assert bg.advance(4) is bg
    np.testing.assert_array_equal(host(bg.random_raw(6)), a[4:])
    # back again (NumPy's advance is modulo the period), and a float is
    # NumPy's TypeError
    for mod in (np, gp):
        b = getattr(mod.random, name)(1)
        st = b.state
        b.advance(-3)
        b.advance(3)
        assert str(b.state) == str(st)
    back = cls(1).advance(-2)
    np.testing.assert_array_equal(host(back.random_raw(4))[2:], a[:2])
    same_error(lambda: ncls(1).advance(1.5), lambda: cls(1).advance(1.5))
    # jumped: a new one of the same type, the original unchanged
    bg, nbg = cls(1), ncls(1)
    st, nst = bg.state, nbg.state
    j, nj = bg.jumped(), nbg.jumped()
    assert type(j) is type(bg) and type(nj) is type(nbg)
    assert j is not bg
    assert bg.state["state"]["counter"] == st["state"]["counter"]
    assert str(nbg.state) == str(nst)
    d = draws(bg)
    assert not np.array_equal(draws(j), d)
    np.testing.assert_array_equal(draws(cls(1).jumped(2)),
                                  draws(cls(1).jumped(1).jumped(1)))
    np.testing.assert_array_equal(draws(cls(1).jumped(0)), draws(cls(1)))


def test_mt19937_jumped():
    j, nj = gp.random.MT19937(1).jumped(), np.random.MT19937(1).jumped()
    assert type(j) is gp.random.MT19937 and type(nj) is np.random.MT19937
    assert not np.array_equal(draws(j), draws(gp.random.MT19937(1)))


# every distribution of Generator, with arguments
CASES = [
    ("random", ()), ("standard_normal", ()), ("standard_exponential", ()),
    ("uniform", (0.0, 2.0)), ("normal", (1.0, 2.0)), ("exponential", (2.0,)),
    ("integers", (0, 10)), ("choice", (7,)),
    ("beta", (2.0, 3.0)), ("binomial", (10, 0.3)), ("chisquare", (2.0,)),
    ("f", (2.0, 3.0)), ("gamma", (2.0, 1.0)), ("geometric", (0.3,)),
    ("gumbel", (0.0, 1.0)), ("hypergeometric", (5, 6, 3)),
    ("laplace", (0.0, 1.0)), ("logistic", (0.0, 1.0)),
    ("lognormal", (0.0, 1.0)), ("logseries", (0.5,)),
    ("negative_binomial", (2, 0.5)), ("noncentral_chisquare", (2.0, 1.0)),
    ("noncentral_f", (2.0, 3.0, 1.0)), ("pareto", (2.0,)),
    ("poisson", (2.0,)), ("power", (2.0,)), ("rayleigh", (1.0,)),
    ("standard_cauchy", ()), ("standard_gamma", (2.0,)),
    ("standard_t", (3.0,)), ("triangular", (0.0, 1.0, 2.0)),
    ("vonmises", (0.0, 1.0)), ("wald", (1.0, 1.0)), ("weibull", (2.0,)),
    ("zipf", (2.0,)), ("dirichlet", ([1.0, 2.0],)),
    ("multinomial", (5, [0.3, 0.7])),
    ("multivariate_normal", ([0.0, 1.0], [[1.0, 0.2], [0.2, 1.0]])),
    ("multivariate_hypergeometric", ([3, 4, 5], 6)),
]
# the methods that take no size (checked separately below)
NO_SIZE = {"bytes", "permutation", "permuted", "shuffle", "spawn"}


def test_cases_cover_every_generator_method():
    methods = {n for n in dir(gp.random.Generator) if not n.startswith("_")
               and callable(getattr(gp.random.Generator, n))}
    assert methods - NO_SIZE == {c[0] for c in CASES}


@pytest.mark.parametrize("name,args", CASES, ids=[c[0] for c in CASES])
def test_generator_on_pcg64_every_distribution(name, args):
    g, r = (gp.random.Generator(gp.random.PCG64(12)),
            np.random.Generator(np.random.PCG64(12)))
    got, want = (getattr(g, name)(*args, size=(40, 2)),
                 np.asarray(getattr(r, name)(*args, size=(40, 2))))
    assert isinstance(got, gp.ndarray)
    assert got.shape == want.shape and got.dtype == want.dtype
    again = getattr(gp.random.Generator(gp.random.PCG64(12)), name)(
        *args, size=(40, 2))
    np.testing.assert_array_equal(host(got), host(again))
    other = getattr(gp.random.Generator(gp.random.PCG64(13)), name)(
        *args, size=(40, 2))
    assert not np.array_equal(host(got), host(other))


def test_generator_on_pcg64_methods_without_size():
    g, r = (gp.random.Generator(gp.random.PCG64DXSM(3)),
            np.random.Generator(np.random.PCG64DXSM(3)))
    assert len(g.bytes(10)) == len(r.bytes(10)) == 10
    x = np.arange(12).reshape(3, 4)
    for fn in ("permutation", "permuted"):
        got, want = getattr(g, fn)(gp.asarray(x)), getattr(r, fn)(x)
        np.testing.assert_array_equal(np.sort(host(got), axis=None),
                                      np.sort(want, axis=None))
    y = gp.asarray(x)
    g.shuffle(y)
    np.testing.assert_array_equal(np.sort(host(y), axis=0)[:, 0], x[:, 0])
    kids = g.spawn(2)
    assert type(kids[0].bit_generator) is gp.random.PCG64DXSM


# ---- get_state / set_state of the legacy global generator ---------------

LEGACY = [("rand", (3,)), ("randn", (4,)), ("randint", (0, 100, 5)),
          ("normal", (1.0, 2.0, 3)), ("choice", (10, 4)),
          ("permutation", (6,)), ("poisson", (2.0, 5)),
          ("standard_gamma", (0.5, 5))]


def test_get_state_set_state_replay_draws():
    gp.random.seed(2024)
    st = gp.random.get_state()
    first = [host(getattr(gp.random, f)(*a)) for f, a in LEGACY]
    gp.random.set_state(st)
    again = [host(getattr(gp.random, f)(*a)) for f, a in LEGACY]
    for x, y in zip(first, again):
        np.testing.assert_array_equal(x, y)
    # the dict form too, and a state taken midway
    gp.random.seed(5)
    gp.random.rand(7)
    d = gp.random.get_state(legacy=False)
    a = host(gp.random.rand(9))
    gp.random.rand(3)
    gp.random.set_state(d)
    np.testing.assert_array_equal(host(gp.random.rand(9)), a)


def test_get_state_has_numpys_structure():
    ours, theirs = gp.random.get_state(), np.random.get_state()
    assert type(ours) is type(theirs) is tuple and len(ours) == len(theirs)
    assert [type(v) for v in ours[::2]] == [type(v) for v in theirs[::2]]
    assert isinstance(ours[1], np.ndarray) and ours[1].dtype == np.uint32
    assert ours[3:] == (0, 0.0) and ours[0] == "Philox"
    d, nd = gp.random.get_state(legacy=False), np.random.get_state(
        legacy=False)
    assert set(d) == set(nd)
    assert d["bit_generator"] == "Philox" and d["has_gauss"] == 0
    assert "Differs from NumPy" in gp.random.get_state.__doc__
    assert "Differs from NumPy" in gp.random.set_state.__doc__


def test_set_state_refuses_what_numpy_refuses():
    keep = gp.random.get_state()
    try:
        for bad in (5, "MT19937", [1, 2], ("X", np.zeros(2, np.uint32), 0),
                    {"bit_generator": "PCG64", "state": {}}):
            same_error(lambda: np.random.set_state(bad),
                       lambda: gp.random.set_state(bad))
        # NumPy's own MT19937 state is not ours
        with pytest.raises(ValueError, match="Philox"):
            gp.random.set_state(np.random.get_state())
    finally:
        gp.random.set_state(keep)


def test_randomstate_methods_and_other_bit_generators():
    rs = gp.random.RandomState(8)
    st = rs.get_state()
    a = host(rs.random_sample(5))
    rs.set_state(st)
    np.testing.assert_array_equal(host(rs.random_sample(5)), a)
    # on a PCG64 the legacy tuple does not apply: NumPy warns and gives
    # the dict
    for mod in (np, gp):
        r = mod.random.RandomState(mod.random.PCG64(1))
        with pytest.warns(RuntimeWarning):
            s = r.get_state()
        assert isinstance(s, dict) and s["bit_generator"] == "PCG64"
        b = host(r.random_sample(4))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            r.set_state(s)
        np.testing.assert_array_equal(host(r.random_sample(4)), b)
