"""The distribution methods of Generator (NumPy's Generator signatures)
and RandomState (NumPy's legacy signatures), as mixins of the classes in
random/_generator.py.  The samplers live in _continuous.py,
_discrete.py, _gamma.py and _multivariate.py."""
import numpy as _np

from . import _common
from . import _continuous as _c
from . import _discrete as _d
from . import _multivariate as _m


def _bytes(gen, length):
    n = int(length)
    if n < 0:
        raise ValueError("negative dimensions are not allowed")
    return gen.integers(0, 256, n, dtype=_np.uint8).get().tobytes()


class GeneratorDistributions:
    """Mixin of Generator: self is the Generator."""

    def standard_gamma(self, shape, size=None, dtype=_np.float64, out=None):
        size = _common.check_out(out, dtype, size, c_only=True)
        r = _c.standard_gamma(self, shape, size, dtype)
        if out is not None:
            out[...] = r
            return out
        return r

    def gamma(self, shape, scale=1.0, size=None):
        return _c.gamma(self, shape, scale, size)

    def beta(self, a, b, size=None):
        return _c.beta(self, a, b, size)

    def chisquare(self, df, size=None):
        return _c.chisquare(self, df, size)

    def f(self, dfnum, dfden, size=None):
        return _c.f(self, dfnum, dfden, size)

    def noncentral_chisquare(self, df, nonc, size=None):
        return _c.noncentral_chisquare(self, df, nonc, size)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return _c.noncentral_f(self, dfnum, dfden, nonc, size)

    def standard_t(self, df, size=None):
        return _c.standard_t(self, df, size)

    def standard_cauchy(self, size=None):
        return _c.standard_cauchy(self, size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return _c.lognormal(self, mean, sigma, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return _c.gumbel(self, loc, scale, size)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        return _c.laplace(self, loc, scale, size)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return _c.logistic(self, loc, scale, size)

    def pareto(self, a, size=None):
        return _c.pareto(self, a, size)

    def power(self, a, size=None):
        return _c.power(self, a, size)

    def weibull(self, a, size=None):
        return _c.weibull(self, a, size)

    def rayleigh(self, scale=1.0, size=None):
        return _c.rayleigh(self, scale, size)

    def triangular(self, left, mode, right, size=None):
        return _c.triangular(self, left, mode, right, size)

    def wald(self, mean, scale, size=None):
        return _c.wald(self, mean, scale, size)

    def vonmises(self, mu, kappa, size=None):
        return _c.vonmises(self, mu, kappa, size)

    def poisson(self, lam=1.0, size=None):
        return _d.poisson(self, lam, size)

    def binomial(self, n, p, size=None):
        return _d.binomial(self, n, p, size)

    def geometric(self, p, size=None):
        return _d.geometric(self, p, size)

    def negative_binomial(self, n, p, size=None):
        return _d.negative_binomial(self, n, p, size)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        return _d.hypergeometric(self, ngood, nbad, nsample, size)

    def zipf(self, a, size=None):
        return _d.zipf(self, a, size)

    def logseries(self, p, size=None):
        return _d.logseries(self, p, size)

    def dirichlet(self, alpha, size=None):
        return _m.dirichlet(self, alpha, size)

    def multinomial(self, n, pvals, size=None):
        return _m.multinomial(self, n, pvals, size)

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn",
                            tol=1e-8, *, method="svd"):
        return _m.multivariate_normal(self, mean, cov, size, check_valid,
                                      tol, method)

    def multivariate_hypergeometric(self, colors, nsample, size=None,
                                    method="marginals"):
        return _m.multivariate_hypergeometric(self, colors, nsample, size,
                                              method)

    def bytes(self, length):
        return _bytes(self, length)


class LegacyDistributions:
    """Mixin of RandomState (NumPy's legacy signatures); self._g is the
    Generator that draws."""

    def standard_gamma(self, shape, size=None):
        return _c.standard_gamma(self._g, shape, size)

    def gamma(self, shape, scale=1.0, size=None):
        return _c.gamma(self._g, shape, scale, size)

    def beta(self, a, b, size=None):
        return _c.beta(self._g, a, b, size)

    def chisquare(self, df, size=None):
        return _c.chisquare(self._g, df, size)

    def f(self, dfnum, dfden, size=None):
        return _c.f(self._g, dfnum, dfden, size)

    def noncentral_chisquare(self, df, nonc, size=None):
        return _c.noncentral_chisquare(self._g, df, nonc, size)

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return _c.noncentral_f(self._g, dfnum, dfden, nonc, size)

    def standard_t(self, df, size=None):
        return _c.standard_t(self._g, df, size)

    def standard_cauchy(self, size=None):
        return _c.standard_cauchy(self._g, size)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return _c.lognormal(self._g, mean, sigma, size)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return _c.gumbel(self._g, loc, scale, size)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        return _c.laplace(self._g, loc, scale, size)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return _c.logistic(self._g, loc, scale, size)

    def pareto(self, a, size=None):
        return _c.pareto(self._g, a, size)

    def power(self, a, size=None):
        return _c.power(self._g, a, size)

    def weibull(self, a, size=None):
        return _c.weibull(self._g, a, size)

    def rayleigh(self, scale=1.0, size=None):
        return _c.rayleigh(self._g, scale, size)

    def triangular(self, left, mode, right, size=None):
        return _c.triangular(self._g, left, mode, right, size)

    def wald(self, mean, scale, size=None):
        return _c.wald(self._g, mean, scale, size)

    def vonmises(self, mu, kappa, size=None):
        return _c.vonmises(self._g, mu, kappa, size)

    def poisson(self, lam=1.0, size=None):
        return _d.poisson(self._g, lam, size)

    def binomial(self, n, p, size=None):
        return _d.binomial(self._g, n, p, size)

    def geometric(self, p, size=None):
        return _d.geometric(self._g, p, size)

    def negative_binomial(self, n, p, size=None):
        return _d.negative_binomial(self._g, n, p, size, legacy=True)

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        return _d.hypergeometric(self._g, ngood, nbad, nsample, size,
                                 legacy=True)

    def zipf(self, a, size=None):
        return _d.zipf(self._g, a, size)

    def logseries(self, p, size=None):
        return _d.logseries(self._g, p, size)

    def dirichlet(self, alpha, size=None):
        return _m.dirichlet(self._g, alpha, size, legacy=True)

    def multinomial(self, n, pvals, size=None):
        return _m.multinomial(self._g, n, pvals, size, legacy=True)

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn",
                            tol=1e-8):
        return _m.multivariate_normal(self._g, mean, cov, size, check_valid,
                                      tol, "svd")

    def bytes(self, length):
        return _bytes(self._g, length)


# the module-level functions of numpy.random (legacy), on one RandomState
NAMES = ("beta", "binomial", "chisquare", "dirichlet", "f", "gamma",
         "geometric", "gumbel", "hypergeometric", "laplace", "logistic",
         "lognormal", "logseries", "multinomial", "multivariate_normal",
         "negative_binomial", "noncentral_chisquare", "noncentral_f",
         "pareto", "poisson", "power", "rayleigh", "standard_cauchy",
         "standard_gamma", "standard_t", "triangular", "vonmises", "wald",
         "weibull", "zipf", "bytes")
