/* spawn.h - running the host compiler: an argument vector, no shell.
 *
 * The child gets its own process group (so a Ctrl-C reaches us, not it),
 * dies with the thread that started it (PR_SET_PDEATHSIG), and is killed
 * when a signal handler of ours asks to stop (KeyboardInterrupt).
 */
#ifndef GPA_SPAWN_H
#define GPA_SPAWN_H

#include "common.h"

#include <sys/types.h>

/* Runs argv[0] (looked up in PATH) with argv; stdout and stderr go to
 * descriptor out_fd, or /dev/null when it is -1; `keep_fd`
 * (or -1) stays open in the child under its own number.  Call with the
 * GIL; it is released while the child runs.  0: *exit_code is the
 * child's exit status (128+N when killed by signal N); -1 with an
 * exception: KeyboardInterrupt (or whatever a signal handler raised) --
 * the child is killed and reaped first --, or OSError when it could not
 * be started (errno of the exec). */
int gpa_spawn(const char *const *argv, int out_fd, int keep_fd,
              int *exit_code);

/* The same in two steps, for running several compilers at once:
 * gpa_spawn_start starts argv and returns its pid (-1 with OSError when
 * it could not be started); gpa_spawn_wait_any waits until one of
 * pids[0..n) (entries <= 0 are skipped) has exited and says which, with
 * its exit status.  -1 with an exception (KeyboardInterrupt, OSError):
 * the children are still running; the caller kills them with
 * gpa_spawn_kill (process group, then reaped). */
int gpa_spawn_start(const char *const *argv, int out_fd, int keep_fd,
                    pid_t *pid);
int gpa_spawn_wait_any(const pid_t *pids, int n, int *which,
                       int *exit_code);
void gpa_spawn_kill(pid_t pid);

/* Splits `text` at blanks into at most max-1 words, appended to argv
 * from *argc (words point into `buf`, a copy of text of size buf_n).
 * -1 with ValueError when they don't fit. */
int gpa_split_words(const char *text, char *buf, size_t buf_n,
                    const char **argv, int *argc, int max);

#endif
