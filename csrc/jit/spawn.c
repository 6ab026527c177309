/* spawn.c - see spawn.h.  vfork + exec rather than posix_spawn: the child
 * needs prctl(PR_SET_PDEATHSIG) and one inherited descriptor, and does
 * only async-signal-safe system calls between the two.
 *
 * Note [vfork for the compiler]: fork() copies the page tables of the
 * whole interpreter (a test worker or a notebook holds hundreds of MB),
 * 4-7 ms a compile against ~1 ms for vfork, and every compile of the
 * host device starts one.  The vfork child shares our memory until exec,
 * so it writes nothing but its own stack: all signals are blocked around
 * vfork (no handler of ours may run in the child), the child puts every
 * caught signal back to its default and then restores the mask it had,
 * and it reports an exec failure through the pipe, not through memory. */
#include "jit/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int gpa_split_words(const char *text, char *buf, size_t buf_n,
                    const char **argv, int *argc, int max)
{
    size_t n = strlen(text);
    if (n + 1 > buf_n)
        goto too_long;
    memcpy(buf, text, n + 1);
    for (char *p = buf; *p;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            *p++ = '\0';
        if (*p == '\0')
            break;
        if (*argc >= max - 1)
            goto too_long;
        argv[(*argc)++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n')
            p++;
    }
    argv[*argc] = NULL;
    return 0;
too_long:
    PyErr_Format(PyExc_ValueError, "compiler command too long: %.200s", text);
    return -1;
}

/* The vfork child: never returns.  Reports an exec failure's errno on
 * `err`.  `mask` is the signal mask to run the compiler with. */
static void child(const char *const *argv, int out_fd, int keep_fd, int err,
                  pid_t parent, const sigset_t *mask)
{
    int e;
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) /* the parent died before prctl */
        _exit(127);
    /* no handler of the parent's may run here (Note [vfork for the
     * compiler]); SIGPIPE: Python ignores it, and exec would keep that */
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction old;
        if (sig == SIGKILL || sig == SIGSTOP ||
            sigaction(sig, NULL, &old) != 0)
            continue;
        if (old.sa_handler != SIG_DFL || sig == SIGPIPE)
            sigaction(sig, &dfl, NULL);
    }
    sigprocmask(SIG_SETMASK, mask, NULL);
    if (dup2(out_fd, 1) < 0 || dup2(out_fd, 2) < 0)
        goto fail;
    if (keep_fd >= 0 && fcntl(keep_fd, F_SETFD, 0) < 0)
        goto fail;
    execvp(argv[0], (char *const *)argv);
fail:
    e = errno;
    if (write(err, &e, sizeof e) < 0)
        _exit(127);
    _exit(127);
}

/* Kills the child's process group and reaps the child. */
static void kill_child(pid_t pid)
{
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
        ;
}

void gpa_spawn_kill(pid_t pid)
{
    if (pid > 0)
        kill_child(pid);
}

int gpa_spawn_start(const char *const *argv, int out_fd, int keep_fd,
                    pid_t *pid_out)
{
    int null_fd = -1, pipe_fd[2] = {-1, -1}, rc = -1, e = 0;
    pid_t pid = -1;
    if (out_fd < 0) {
        out_fd = null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (out_fd < 0) {
            PyErr_SetFromErrnoWithFilename(PyExc_OSError, "/dev/null");
            goto done;
        }
    }
    if (pipe2(pipe_fd, O_CLOEXEC) < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        goto done;
    }
    pid_t parent = getpid();
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid = vfork();
    if (pid == 0)
        child(argv, out_fd, keep_fd, pipe_fd[1], parent, &old);
    e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pid < 0) {
        errno = e;
        e = 0;
        PyErr_SetFromErrno(PyExc_OSError);
        goto done;
    }
    e = 0;
    close(pipe_fd[1]);
    pipe_fd[1] = -1;
    setpgid(pid, pid); /* also here: no race with an early kill */
    /* exec succeeded iff the pipe closes with nothing in it */
    ssize_t got;
    Py_BEGIN_ALLOW_THREADS
    do
        got = read(pipe_fd[0], &e, sizeof e);
    while (got < 0 && errno == EINTR);
    Py_END_ALLOW_THREADS
    if (got == (ssize_t)sizeof e) {
        kill_child(pid);
        errno = e;
        PyErr_Format(PyExc_OSError, "cannot run '%s': %s", argv[0],
                     strerror(e));
        goto done;
    }
    *pid_out = pid;
    rc = 0;
done:
    if (null_fd >= 0)
        close(null_fd);
    if (pipe_fd[0] >= 0)
        close(pipe_fd[0]);
    if (pipe_fd[1] >= 0)
        close(pipe_fd[1]);
    return rc;
}

int gpa_spawn_wait_any(const pid_t *pids, int n, int *which, int *exit_code)
{
    /* Wait, looking at Python's signal flags every 20 ms (the GIL is
     * taken back for that): a Ctrl-C stops the compiles at once. */
    for (;;) {
        pid_t w = 0;
        int status = 0, k = -1;
        Py_BEGIN_ALLOW_THREADS
        for (int i = 0; i < 20 && w == 0; i++) {
            for (k = 0; k < n; k++) {
                if (pids[k] <= 0)
                    continue;
                w = waitpid(pids[k], &status, WNOHANG);
                if (w != 0)
                    break;
            }
            if (w == 0) {
                struct timespec ts = {0, 1000000};
                nanosleep(&ts, NULL);
            }
        }
        Py_END_ALLOW_THREADS
        if (w > 0) {
            *which = k;
            *exit_code = WIFEXITED(status) ? WEXITSTATUS(status)
                                           : 128 + WTERMSIG(status);
            return 0;
        }
        if (w < 0 && errno != EINTR) {
            PyErr_SetFromErrno(PyExc_OSError);
            return -1;
        }
        if (PyErr_CheckSignals() < 0)
            return -1;
    }
}

int gpa_spawn(const char *const *argv, int out_fd, int keep_fd,
              int *exit_code)
{
    pid_t pid = 0;
    int which = 0;
    if (gpa_spawn_start(argv, out_fd, keep_fd, &pid) < 0)
        return -1;
    if (gpa_spawn_wait_any(&pid, 1, &which, exit_code) < 0) {
        kill_child(pid);
        return -1;
    }
    return 0;
}
