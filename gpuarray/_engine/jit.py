"""The compile scheduler: run several pieces of work whose kernels may not
be compiled yet, and compile the missing kernels at once instead of one
after another (issue 17: "compiles that still happen run in parallel where
several are needed at once").

compile_many(calls) runs every call with compiles deferred: a call that
needs a kernel found nowhere (loaded, user cache, shipped set) stops with
_core._DeferredCompile and its kernel is queued.  The queue is then
compiled in one batch -- on the host up to `jobs` compiler processes at a
time, on a GPU NVRTC on `jobs` threads -- and the stopped calls run again,
finding their kernels; a call whose next kernel was behind the first one
is stopped again, and so on, until every call ran to its end.  The rules
of the cache (key binding, checksum trailer, private temporary file
renamed into place) hold for every entry a batch writes: it writes them
the way a single compile does (Note [Parallel compiles],
csrc/jit/compile.c).

The precompile command (gpuarray/precompile.py) and the warm-up API
(gpuarray.precompile.compile_many, the same function) both go through
here: there is one scheduler.
"""
import os

from .. import _core

__all__ = ["compile_many", "default_jobs"]


def default_jobs():
    """How many compiles run at once by default: GPUARRAY_COMPILE_JOBS when
    set, else the CPUs this process may run on."""
    env = os.environ.get("GPUARRAY_COMPILE_JOBS", "").strip()
    if env:
        try:
            n = int(env)
        except ValueError:
            raise ValueError("GPUARRAY_COMPILE_JOBS must be a positive "
                             "integer, not %r" % env) from None
        if n < 1:
            raise ValueError("GPUARRAY_COMPILE_JOBS must be a positive "
                             "integer, not %r" % env)
        return n
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _check_jobs(jobs):
    if jobs is None:
        return default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int):
        raise TypeError("jobs must be an int, not %s" % type(jobs).__name__)
    if not 1 <= jobs <= 256:
        raise ValueError("jobs must be in 1..256, got %d" % jobs)
    return jobs


def compile_many(calls, jobs=None, return_exceptions=False):
    """Runs each of `calls` (callables taking no argument) and returns
    their results in order, compiling the kernels they need that are not
    compiled yet together, at most `jobs` at a time (default:
    default_jobs()).

    A call may run more than once: until its kernels exist, each run stops
    at its first missing kernel (so its side effects must bear
    repeating).  A kernel that fails to compile raises its CompileError
    (compiler log in .log, kernel in .source) and leaves no cache entry;
    the other kernels of the batch are kept.  With return_exceptions=True,
    a call's exception (a CompileError, or whatever the call raised) is
    its result instead and the other calls go on.
    """
    calls = list(calls)
    for c in calls:
        if not callable(c):
            raise TypeError("compile_many takes callables, not %s"
                            % type(c).__name__)
    jobs = _check_jobs(jobs)
    results = [None] * len(calls)

    def plain(i):
        # the ordinary way: its kernels compiled one by one, its own error
        try:
            results[i] = calls[i]()
        except Exception as e:
            if not return_exceptions:
                raise
            results[i] = e

    todo = list(range(len(calls)))
    for _round in range(_MAX_ROUNDS):
        if not todo:
            return results
        waiting = _deferred_round(calls, todo, results, return_exceptions)
        if not waiting:
            return results
        if _core._jit_pending()[0] == 0:
            break   # nothing queued (another thread built them): go plain
        failed = _core._jit_compile_pending(jobs)
        todo, rerun = [], []
        for i, key in waiting.items():
            if key is None:
                # its deferral became another exception or a fallback: a
                # failed kernel could be its, so it runs the plain way
                (rerun if failed else todo).append(i)
            elif key in failed:
                if not return_exceptions:
                    raise failed[key]
                results[i] = failed[key]
            else:
                todo.append(i)
        for i in rerun:
            plain(i)
    else:
        waiting = todo
    for i in waiting:
        plain(i)
    return results


_MAX_ROUNDS = 64   # kernels behind kernels: a call's chain is far shorter


def _deferred_round(calls, todo, results, return_exceptions):
    """Runs calls[i] for i in todo with compiles deferred; stores the
    results of those that ran to the end, returns {i: key} for those that
    stopped at a missing kernel (key None: one was deferred inside the
    call, which then raised something else or went another way)."""
    waiting = {}
    old = _core._jit_defer(True)
    try:
        for i in todo:
            before = _core._jit_pending()[1]
            try:
                r = calls[i]()
            except _core._DeferredCompile as d:
                waiting[i] = d.args[0]
                continue
            except Exception as e:
                if _core._jit_pending()[1] != before:
                    waiting[i] = None
                    continue
                if not return_exceptions:
                    raise
                r = e
            if _core._jit_pending()[1] != before:
                waiting[i] = None
                continue
            results[i] = r
    except BaseException:
        _core._jit_pending(True)       # nobody will build those
        raise
    finally:
        _core._jit_defer(old)
    return waiting
