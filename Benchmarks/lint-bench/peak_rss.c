/* Runs a command and writes its peak resident memory and CPU time to a file:
 *
 *   peak_rss OUT COMMAND [ARG...]      OUT gets "<maxrss KB> <user s> <system s>\n"
 *
 * The exit status is the command's (128 + signal when it was killed). The benchmark starts every
 * measured process through this launcher: a process forked from Python carries the Python
 * process's resident size into its ru_maxrss until it execs, while a child forked from this small
 * launcher starts at about 1–2 MB, so the figure is the command's own.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: peak_rss OUT COMMAND [ARG...]\n"); return 2; }
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 2; }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) { perror("wait4"); return 2; }
    FILE *out = fopen(argv[1], "w");
    if (!out) { perror(argv[1]); return 2; }
    fprintf(out, "%ld %.6f %.6f\n", ru.ru_maxrss,
            ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6, ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
    fclose(out);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
