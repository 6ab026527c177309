"""NumPy's calendar functions beside gpuarray: ``datetime_data``,
``busdaycalendar``, ``is_busday``, ``busday_count``, ``busday_offset``,
``datetime_as_string``.

Business-day rules (weekmasks, holiday lists, roll modes) and ISO 8601
formatting are calendar and string logic with no kernel worth having, so
these run NumPy's own on the host: gpuarray arguments (datetime64 arrays
included) are copied to the host first, and results gpuarray holds --
is_busday's bools, busday_count's counts, busday_offset's datetime64 --
come back as device arrays; datetime_as_string's strings stay a NumPy
array (gpuarray holds no strings).  Datetime arithmetic itself runs on the
device (gpuarray/_engine/datetime_ufuncs.py).
"""
import numpy as _np

from .._core import ndarray
from .._engine.arrays import asarray, asnumpy

__all__ = ["datetime_data", "busdaycalendar", "is_busday", "busday_count",
           "busday_offset", "datetime_as_string"]

datetime_data = _np.datetime_data
busdaycalendar = _np.busdaycalendar


def _host(x):
    return asnumpy(x) if isinstance(x, ndarray) else x


def _cal(holidays, busdaycal):
    """NumPy takes a calendar or holidays, None not spelled out."""
    kw = {}
    if holidays is not None:
        kw["holidays"] = _host(holidays)
    if busdaycal is not None:
        kw["busdaycal"] = busdaycal
    return kw


def _check_out(out, name, dtype, *operands):
    """out= of the business-day functions, checked as NumPy does before
    any work: an array (its ValueError for a list or a scalar), of the
    operands' broadcast shape or one they broadcast to (ValueError),
    into which the result's dtype casts under 'safe' (TypeError)."""
    if out is None:
        return
    if not isinstance(out, (ndarray, _np.ndarray)):
        raise ValueError("%s: must provide a NumPy array for 'out' (a "
                         "gpuarray or NumPy array; got %s)"
                         % (name, type(out).__name__))
    try:
        shape = _np.broadcast_shapes(*[_np.shape(x) for x in operands],
                                     out.shape)
    except ValueError:
        shape = None
    if shape != tuple(out.shape):
        raise ValueError("%s: operands could not be broadcast together "
                         "with out's shape %s" % (name, tuple(out.shape)))
    if not _np.can_cast(dtype, out.dtype, "safe"):
        raise TypeError("Iterator requested dtype could not be cast from "
                        "%r to %r, the output operand's dtype, according "
                        "to the rule 'safe'" % (_np.dtype(dtype), out.dtype))


def _device(r, out):
    """NumPy's result r, on the device or written into out (checked by
    _check_out first)."""
    if out is not None:
        out[...] = asarray(r)
        return out
    return asarray(r) if isinstance(r, _np.ndarray) else r


def is_busday(dates, weekmask="1111100", holidays=None, busdaycal=None,
              out=None):
    """Which dates are business days (a device bool array).

    Differs from NumPy: computed by NumPy on the host (calendar logic, no
    kernel); the result is copied to the device."""
    _check_out(out, "is_busday", _np.bool_, dates)
    r = _np.is_busday(_host(dates), weekmask=_host(weekmask),
                      **_cal(holidays, busdaycal))
    return _device(r, out)


def busday_count(begindates, enddates, weekmask="1111100", holidays=None,
                 busdaycal=None, out=None):
    """Business days in [begin, end) (a device int64 array).

    Differs from NumPy: computed by NumPy on the host; the counts are
    copied to the device."""
    _check_out(out, "busday_count", _np.int64, begindates, enddates)
    r = _np.busday_count(_host(begindates), _host(enddates),
                         weekmask=_host(weekmask),
                         **_cal(holidays, busdaycal))
    return _device(r, out)


def busday_offset(dates, offsets, roll="raise", weekmask="1111100",
                  holidays=None, busdaycal=None, out=None):
    """Dates moved by a number of business days (a device datetime64[D]
    array).

    Differs from NumPy: computed by NumPy on the host (calendar logic, no
    kernel); the dates are copied to the device."""
    _check_out(out, "busday_offset", "datetime64[D]", dates, offsets)
    r = _np.busday_offset(_host(dates), _host(offsets), roll=roll,
                          weekmask=_host(weekmask),
                          **_cal(holidays, busdaycal))
    return _device(r, out)


def datetime_as_string(arr, unit=None, timezone="naive", casting="same_kind"):
    """datetime64 values as ISO 8601 strings.

    Differs from NumPy: formatted by NumPy on the host (string logic, no
    kernel); the strings are a NumPy array (gpuarray arrays hold no
    strings)."""
    return _np.datetime_as_string(_host(arr), unit=unit, timezone=timezone,
                                  casting=casting)
