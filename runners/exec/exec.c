/*
 * exec: runs one command many times and prints what each run cost.
 *
 *   exec [--runs N] [--warmup W] [--timeout-ms T] [--copies C] [--output-dir DIR | --stdout-file FILE |
 *        --stdout-pipe] [--stdin FILE] [--prepare K ARG...] [--conclude K ARG...] [--padding B,B,...]
 *        -- PROGRAM [ARGS...]
 *   exec --version
 *
 * Runs W warmup runs, then N counted runs, one after another, and prints one JSON line per run
 * on stdout:
 *
 *   {"phase":"run","i":0,"wall_ns":1042311,"user_us":412,"sys_us":0,"maxrss_kb":1012,
 *    "minflt":38,"majflt":0,"nvcsw":1,"nivcsw":0,"exit":0,"signal":null,"timed_out":false}
 *
 * With --copies C (default 1), each run starts C copies of the command at once, as will-it-scale's
 * process mode does: they are spawned one right after the other, then reaped as they finish. There
 * is then one line per copy, copy 0 first, each with the copy's index and the number of copies:
 *
 *   {"phase":"run","i":0,"copy":1,"copies":2,"wall_ns":1050022,"user_us":415,...,"timed_out":false}
 *
 * wall_ns, the rusage fields and the exit status are the copy's own: its wall time runs from just
 * before its spawn to its reap. The run fails if any copy fails; the timeout applies to the whole run
 * and kills every copy that is still running.
 *
 * The commands' stdout goes to /dev/null, or with --output-dir DIR (created if missing) to the file
 * DIR/run-PHASE-I-copy-J.out of each run and copy, e.g. run-warmup-0-copy-0.out, run-run-3-copy-1.out,
 * whose path the line then carries as "stdout":"DIR/run-run-3-copy-1.out", after "timed_out". The
 * "copy", "copies" and "stdout" fields appear only with --output-dir or with more than one copy, so
 * without them the output is as it always was.
 *
 * With --stdout-file FILE the commands' stdout goes to FILE instead (created if missing, appended to: every
 * run writes after the previous one), and with --stdout-pipe into a pipe that a process of the launcher reads
 * and discards (a program may write differently to a pipe than to /dev/null or a file). With
 * --stdin FILE, every run (each copy) reads FILE from its start on stdin, opened after the run's prepare
 * step (which may write it); otherwise /dev/null. A FILE that cannot be opened gives a spawn_error line
 * with "step":"stdin" and FILE as the program.
 *
 * --prepare K ARG... and --conclude K ARG... give a command of K arguments run before, and after, every
 * run (warmups included), untimed: in the same directory and environment, stdin and stdout on /dev/null,
 * under the same timeout as a run. They print nothing when they succeed. When one fails, it gets the line
 * of the run it belongs to with "step":"prepare" (or "conclude") after "i", its own rusage and exit
 * status and its "stderr_hex", and the launcher stops as after a failed run; a step that cannot be
 * executed gives a spawn_error line with the same "step" field. A failed run is not followed by its
 * conclude step.
 *
 * With --padding B0,B1,... (one size per run, warmups first: W + N sizes), run k and its copies start
 * with BENCH_ACTION_PLACEMENT set to B_k bytes of 'x' (0 to 65536) in their environment, in place of any
 * value it had. The environment's size moves where the stack begins, and with it the alignment of
 * everything the program keeps on it (Mytkowicz et al., ASPLOS 2009): varying it from run to run
 * measures the program over many placements instead of one. The variable is always there, so its
 * name's bytes are the same in every run; prepare and conclude steps get the run's environment too.
 *
 * On Linux the launcher also turns address randomisation back on for what it starts when it inherited
 * it off (setarch -R, ADDR_NO_RANDOMIZE): the kernel then places stack, heap and shared libraries
 * anew at every exec. Whether it randomises at all is the kernel's setting (kernel.randomize_va_space).
 *
 * Lines are flushed at most every 50 ms and after the last or a failed run, so a caller can show
 * progress without every run of a fast command waking it up: a reader woken once per run competes
 * with the next run for the CPU (measured: about 10 microseconds more per run on a 2-CPU machine).
 *
 * A failed run or copy (non-zero exit, killed by a signal, or timed out) also carries "stderr_hex":
 * the last 4 KiB of what it wrote to stderr (each copy has its own), hex-encoded because it need not
 * be UTF-8. A program that cannot be executed at all gives one line instead ("copy" and "copies"
 * as above; copies already started are killed first):
 *
 *   {"phase":"run","i":0,"spawn_error":"No such file or directory","errno":2,"program":"./nope"}
 *
 * The first failed run ends the loop, after the lines of all its copies: a failed benchmark is
 * reported as failed, and running it again would only take time.
 *
 * Exit status: 0 every run succeeded, 1 a run failed or could not start, 2 bad usage (including an
 * output directory that cannot be created), 3 the launcher itself could not work (no /dev/null, no
 * temporary file, an output file that cannot be opened, wait4 failed).
 *
 * Why a native launcher at all: Node cannot report the resource usage of one child. getrusage
 * with RUSAGE_CHILDREN sums CPU time over every child ever reaped and keeps the largest max RSS
 * among them, and a child forked from a large parent starts with the parent's RSS as its floor.
 * wait4 returns the rusage of exactly the child it reaps, and posix_spawn from this small process
 * keeps that floor at the launcher's own footprint (about 1 MiB). Looping here instead of in Node
 * also keeps the per-run overhead to a few system calls.
 *
 * Builds with `cc -O2` on Linux (glibc, musl) and macOS.
 */
#define _DEFAULT_SOURCE
#define _DARWIN_C_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/personality.h>
#endif

#define EXEC_VERSION "bench-action exec 2"
#define STDERR_TAIL_BYTES 4096
#define PATH_BUFFER_SIZE 4096
#define FLUSH_INTERVAL_NS 50000000LL
#define MAX_COPIES 1024L

#define EXIT_OK 0
#define EXIT_RUN_FAILED 1
#define EXIT_USAGE 2
#define EXIT_INTERNAL 3

extern char **environ;

#define PADDING_VARIABLE "BENCH_ACTION_PLACEMENT="
#define MAX_PADDING_BYTES 65536L
/* The environment every run is started with: environ, or its copy with the run's padding. */
static char **spawn_environ = NULL;

/*
 * Shared with the signal handlers: the pid of each running copy, 0 when that copy is not running.
 * Each child is also the leader of its own process group, so its pid doubles as the group id.
 * (pid_t and sig_atomic_t are both int on the platforms this builds on.) Set up before the
 * handlers are installed and never reallocated.
 */
static volatile sig_atomic_t *running_children = NULL;
static long running_slots = 0;
static volatile sig_atomic_t alarm_fired = 0;

static void kill_child_groups(void)
{
  for (long j = 0; j < running_slots; j++) {
    pid_t pid = (pid_t)running_children[j];
    if (pid > 0) {
      /*
       * The whole group, not just the child: a benchmark may start processes of its own (a shell
       * pipeline, a server and its workers) that would otherwise keep running, hold the CPU during
       * the next benchmark and keep writing to our stderr file. SIGKILL because a program that
       * hangs may well ignore or mishandle SIGTERM.
       */
      kill(-pid, SIGKILL);
      /* The group may not exist yet if the alarm fired while the child was being set up. */
      kill(pid, SIGKILL);
    }
  }
}

static void on_alarm(int sig)
{
  int saved_errno = errno;
  (void)sig;
  alarm_fired = 1;
  kill_child_groups();
  errno = saved_errno;
}

static void on_terminate(int sig)
{
  /*
   * The launcher is being stopped (Ctrl-C, a cancelled CI job). The children run in process
   * groups of their own, so the signal did not reach them: take them down too, then die of the same
   * signal.
   */
  kill_child_groups();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void usage(FILE *out)
{
  fputs("usage: exec [--runs N] [--warmup W] [--timeout-ms T] [--copies C] [--output-dir DIR | --stdout-file FILE |\n"
        "            --stdout-pipe] [--stdin FILE] [--prepare K ARG...] [--conclude K ARG...] [--padding B,B,...]\n"
        "            -- PROGRAM [ARGS...]\n"
        "       exec --version\n"
        "Runs PROGRAM W times to warm up, then N times measured (default N=10, W=0), and prints\n"
        "one JSON line per run. T=0 (the default) means no timeout. Each run starts C copies at\n"
        "once (default 1), one line per copy; their stdout goes to DIR/run-PHASE-I-copy-J.out.\n"
        "The K-argument commands of --prepare and --conclude run untimed before and after every run.\n",
        out);
}

/* Parses a non-negative decimal integer no larger than max; returns -1 when it is not one. */
static long parse_count(const char *text, long max)
{
  char *end;
  long value;
  if (text == NULL || *text < '0' || *text > '9') return -1;
  errno = 0;
  value = strtol(text, &end, 10);
  if (errno != 0 || *end != '\0' || value < 0 || value > max) return -1;
  return value;
}

static int is_executable_file(const char *path)
{
  struct stat st;
  if (stat(path, &st) != 0) return errno;
  if (!S_ISREG(st.st_mode)) return EACCES;
  if (access(path, X_OK) != 0) return errno;
  return 0;
}

/*
 * Finds the program the way execvp does, once, so that each run execs a full path without
 * searching PATH again and a missing program is reported by name before anything runs.
 * Returns 0 or an errno value.
 */
static int resolve_program(const char *name, char *out, size_t out_size)
{
  const char *path;
  const char *entry;
  int error = ENOENT;

  if (*name == '\0') return ENOENT;
  if (strchr(name, '/') != NULL) {
    if (strlen(name) >= out_size) return ENAMETOOLONG;
    strcpy(out, name);
    return is_executable_file(out);
  }
  path = getenv("PATH");
  if (path == NULL) path = "/usr/local/bin:/usr/bin:/bin";
  for (entry = path;;) {
    const char *colon = strchr(entry, ':');
    size_t length = colon != NULL ? (size_t)(colon - entry) : strlen(entry);
    int written;
    /* An empty PATH entry means the current directory. */
    if (length == 0) {
      written = snprintf(out, out_size, "./%s", name);
    } else {
      written = snprintf(out, out_size, "%.*s/%s", (int)length, entry, name);
    }
    if (written > 0 && (size_t)written < out_size) {
      int found = is_executable_file(out);
      if (found == 0) return 0;
      /* Like execvp: a match we may not execute is remembered, but a later entry may still work. */
      if (found == EACCES) error = EACCES;
    }
    if (colon == NULL) break;
    entry = colon + 1;
  }
  return error;
}

static const char *signal_name(int sig, char *buffer, size_t size)
{
  switch (sig) {
#define SIGNAL_NAME(s) \
  case s:              \
    return #s;
    SIGNAL_NAME(SIGHUP)
    SIGNAL_NAME(SIGINT)
    SIGNAL_NAME(SIGQUIT)
    SIGNAL_NAME(SIGILL)
    SIGNAL_NAME(SIGTRAP)
    SIGNAL_NAME(SIGABRT)
    SIGNAL_NAME(SIGBUS)
    SIGNAL_NAME(SIGFPE)
    SIGNAL_NAME(SIGKILL)
    SIGNAL_NAME(SIGUSR1)
    SIGNAL_NAME(SIGSEGV)
    SIGNAL_NAME(SIGUSR2)
    SIGNAL_NAME(SIGPIPE)
    SIGNAL_NAME(SIGALRM)
    SIGNAL_NAME(SIGTERM)
    SIGNAL_NAME(SIGCHLD)
    SIGNAL_NAME(SIGCONT)
    SIGNAL_NAME(SIGSTOP)
    SIGNAL_NAME(SIGTSTP)
    SIGNAL_NAME(SIGTTIN)
    SIGNAL_NAME(SIGTTOU)
    SIGNAL_NAME(SIGURG)
    SIGNAL_NAME(SIGXCPU)
    SIGNAL_NAME(SIGXFSZ)
    SIGNAL_NAME(SIGVTALRM)
    SIGNAL_NAME(SIGPROF)
    SIGNAL_NAME(SIGWINCH)
    SIGNAL_NAME(SIGIO)
    SIGNAL_NAME(SIGSYS)
#ifdef SIGSTKFLT
    SIGNAL_NAME(SIGSTKFLT)
#endif
#ifdef SIGPWR
    SIGNAL_NAME(SIGPWR)
#endif
#ifdef SIGEMT
    SIGNAL_NAME(SIGEMT)
#endif
#ifdef SIGINFO
    SIGNAL_NAME(SIGINFO)
#endif
#undef SIGNAL_NAME
  default:
    snprintf(buffer, size, "SIG%d", sig);
    return buffer;
  }
}

static void put_json_string(FILE *out, const char *text)
{
  const unsigned char *p;
  fputc('"', out);
  for (p = (const unsigned char *)text; *p != '\0'; p++) {
    if (*p == '"' || *p == '\\') {
      fputc('\\', out);
      fputc(*p, out);
    } else if (*p < 0x20 || *p == 0x7f) {
      fprintf(out, "\\u%04x", *p);
    } else {
      fputc(*p, out);
    }
  }
  fputc('"', out);
}

/* Writes the last STDERR_TAIL_BYTES of the run's stderr file as hex. */
static void put_stderr_hex(FILE *out, int stderr_fd)
{
  static const char digits[] = "0123456789abcdef";
  unsigned char tail[STDERR_TAIL_BYTES];
  struct stat st;
  off_t offset = 0;
  size_t have = 0;

  if (fstat(stderr_fd, &st) == 0 && st.st_size > STDERR_TAIL_BYTES) {
    offset = st.st_size - STDERR_TAIL_BYTES;
  }
  while (have < sizeof tail) {
    ssize_t n = pread(stderr_fd, tail + have, sizeof tail - have, offset + (off_t)have);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    have += (size_t)n;
  }
  fputc('"', out);
  for (size_t i = 0; i < have; i++) {
    fputc(digits[tail[i] >> 4], out);
    fputc(digits[tail[i] & 0x0f], out);
  }
  fputc('"', out);
}

struct run_result {
  struct timespec started;
  struct timespec ended;
  long long wall_ns;
  struct rusage usage;
  pid_t pid;
  int status;
  int timed_out;
};

static long long nanoseconds_between(struct timespec start, struct timespec end)
{
  return (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (long long)(end.tv_nsec - start.tv_nsec);
}

static void set_alarm(long timeout_ms)
{
  struct itimerval timer;
  memset(&timer, 0, sizeof timer);
  timer.it_value.tv_sec = timeout_ms / 1000;
  timer.it_value.tv_usec = (timeout_ms % 1000) * 1000;
  setitimer(ITIMER_REAL, &timer, NULL);
}

/* wait4 for `pid` (-1: any child), retried after signals. Exits the launcher if it fails. */
static pid_t reap(pid_t pid, int *status, struct rusage *usage)
{
  for (;;) {
    pid_t reaped = wait4(pid, status, 0, usage);
    if (reaped >= 0) return reaped;
    if (errno != EINTR) {
      fprintf(stderr, "exec: wait4 failed: %s\n", strerror(errno));
      exit(EXIT_INTERNAL);
    }
  }
}

/*
 * One run: spawn every copy, reap each with wait4 as it finishes, time each from just before its
 * spawn to its reap. Returns 0, or the errno value when copy *failed_copy could not be started; the
 * copies started before it are then killed and reaped. Exits the launcher if wait4 fails, which
 * would be a bug here.
 *
 * The timeout is an interval timer whose handler kills the children's process groups itself, so
 * there is no window between checking a flag and blocking in wait4; the timer is armed before the
 * first clock reading and disarmed after the last, so it costs nothing inside the measured
 * intervals. Reaping whichever copy ends first (wait4 on any child: the launcher has no others)
 * gives every copy its own end time, however the copies finish.
 */
static int run_copies(const char *path, char *const argv[], const posix_spawn_file_actions_t *actions,
                      const posix_spawnattr_t *attributes, long timeout_ms, long copies,
                      struct run_result *results, long *failed_copy)
{
  long started = 0;
  int error = 0;

  alarm_fired = 0;
  if (timeout_ms > 0) set_alarm(timeout_ms);
  for (long j = 0; j < copies; j++) {
    pid_t pid;
    clock_gettime(CLOCK_MONOTONIC, &results[j].started);
    error = posix_spawn(&pid, path, &actions[j], attributes, argv, spawn_environ);
    if (error != 0) {
      *failed_copy = j;
      break;
    }
    results[j].pid = pid;
    running_children[j] = pid;
    started++;
    /* The alarm may have fired while posix_spawn ran, before the handler knew whom to kill. */
    if (alarm_fired) kill_child_groups();
  }
  if (error != 0) {
    if (timeout_ms > 0) set_alarm(0);
    kill_child_groups();
    for (long j = 0; j < started; j++) {
      int status;
      struct rusage usage;
      reap(results[j].pid, &status, &usage);
      running_children[j] = 0;
    }
    return error;
  }
  for (long remaining = copies; remaining > 0;) {
    int status;
    struct rusage usage;
    struct timespec end;
    pid_t pid = reap(-1, &status, &usage);
    long j;
    clock_gettime(CLOCK_MONOTONIC, &end);
    for (j = 0; j < copies && results[j].pid != pid; j++) {
    }
    if (j == copies) continue;
    running_children[j] = 0;
    results[j].status = status;
    results[j].usage = usage;
    results[j].ended = end;
    results[j].wall_ns = nanoseconds_between(results[j].started, end);
    /* A copy that finished on its own just as the alarm went off did not time out. */
    results[j].timed_out = alarm_fired && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
    remaining--;
  }
  if (timeout_ms > 0) set_alarm(0);
  return 0;
}

static long long microseconds(struct timeval tv)
{
  return (long long)tv.tv_sec * 1000000LL + (long long)tv.tv_usec;
}

/*
 * How a line names its run: its phase and index, and with several copies or an output directory, the
 * copy, the number of copies, and where the copy's stdout went (NULL: /dev/null).
 */
struct line_id {
  const char *phase;
  long index;
  /* "prepare" or "conclude" for a step around the run; NULL for the run itself. */
  const char *step;
  int with_copy;
  long copy;
  long copies;
  const char *stdout_path;
};

static void put_line_start(const struct line_id *id)
{
  printf("{\"phase\":\"%s\",\"i\":%ld,", id->phase, id->index);
  if (id->step != NULL) printf("\"step\":\"%s\",", id->step);
  if (id->with_copy) printf("\"copy\":%ld,\"copies\":%ld,", id->copy, id->copies);
}

/* Prints the line of one run (or of one copy of it) and returns whether it failed. */
static int report_run(const struct line_id *id, const struct run_result *r, int stderr_fd)
{
  char name_buffer[16];
  int exited = WIFEXITED(r->status);
  int signaled = WIFSIGNALED(r->status);
  int failed = r->timed_out || signaled || (exited && WEXITSTATUS(r->status) != 0);
#ifdef __APPLE__
  long long maxrss_kb = (long long)r->usage.ru_maxrss / 1024; /* bytes on macOS */
#else
  long long maxrss_kb = (long long)r->usage.ru_maxrss; /* KiB on Linux and the BSDs */
#endif

  put_line_start(id);
  printf("\"wall_ns\":%lld,\"user_us\":%lld,\"sys_us\":%lld,\"maxrss_kb\":%lld,"
         "\"minflt\":%lld,\"majflt\":%lld,\"nvcsw\":%lld,\"nivcsw\":%lld,",
         r->wall_ns, microseconds(r->usage.ru_utime), microseconds(r->usage.ru_stime), maxrss_kb,
         (long long)r->usage.ru_minflt, (long long)r->usage.ru_majflt, (long long)r->usage.ru_nvcsw,
         (long long)r->usage.ru_nivcsw);
  if (exited) {
    printf("\"exit\":%d,\"signal\":null,", WEXITSTATUS(r->status));
  } else if (signaled) {
    printf("\"exit\":null,\"signal\":\"%s\",", signal_name(WTERMSIG(r->status), name_buffer, sizeof name_buffer));
  } else {
    fputs("\"exit\":null,\"signal\":null,", stdout);
  }
  printf("\"timed_out\":%s", r->timed_out ? "true" : "false");
  if (id->stdout_path != NULL) {
    fputs(",\"stdout\":", stdout);
    put_json_string(stdout, id->stdout_path);
  }
  if (failed) {
    fputs(",\"stderr_hex\":", stdout);
    put_stderr_hex(stdout, stderr_fd);
  }
  fputs("}\n", stdout);
  return failed;
}

static void report_spawn_error(const struct line_id *id, const char *program, int error)
{
  put_line_start(id);
  fputs("\"spawn_error\":", stdout);
  put_json_string(stdout, strerror(error));
  printf(",\"errno\":%d,\"program\":", error);
  put_json_string(stdout, program);
  fputs("}\n", stdout);
  fflush(stdout);
  if (id->step != NULL && strcmp(id->step, "stdin") == 0) {
    fprintf(stderr, "exec: cannot open the stdin file \"%s\": %s\n", program, strerror(error));
  } else {
    fprintf(stderr, "exec: cannot execute \"%s\": %s\n", program, strerror(error));
  }
}

/* Opens /dev/null on any of fds 0-2 that is closed, so the files opened below never land there. */
static void ensure_standard_fds(void)
{
  for (int fd = 0; fd <= 2; fd++) {
    if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
      if (open("/dev/null", O_RDWR) != fd) {
        exit(EXIT_INTERNAL);
      }
    }
  }
}

/* An unlinked temporary file for the runs' stderr: never left behind, whatever happens to us. */
static int open_stderr_file(void)
{
  const char *dir = getenv("TMPDIR");
  char template_path[PATH_BUFFER_SIZE];
  int fd;

  if (dir == NULL || *dir == '\0') dir = "/tmp";
  if (snprintf(template_path, sizeof template_path, "%s/bench-action-stderr-XXXXXX", dir) >=
      (int)sizeof template_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  fd = mkstemp(template_path);
  if (fd < 0) return -1;
  unlink(template_path);
  /*
   * O_APPEND so that each run writes at the end of the file even though the file offset is shared
   * with every child and survives truncation; FD_CLOEXEC so that the child only sees it as fd 2.
   */
  if (fcntl(fd, F_SETFL, O_APPEND) != 0 || fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

static void install_handler(int sig, void (*handler)(int))
{
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  /*
   * Whether wait4 resumes or fails with EINTR after the alarm does not matter: the handler has
   * already killed the child and the loop waits again. SA_RESTART spares the other calls EINTR.
   */
  action.sa_flags = SA_RESTART;
  sigaction(sig, &action, NULL);
}

/*
 * The file of one run's copy's stdout, DIR/run-PHASE-I-copy-J.out, opened and moved onto `slot`, the
 * descriptor the copy's spawn actions make its fd 1. Exits the launcher if it cannot be opened.
 */
static void open_stdout_file(const char *dir, const char *phase, long index, long copy, int slot, char *path,
                             size_t path_size)
{
  int fd;
  snprintf(path, path_size, "%s/run-%s-%ld-copy-%ld.out", dir, phase, index, copy);
  fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0 || dup2(fd, slot) < 0 || fcntl(slot, F_SETFD, FD_CLOEXEC) != 0) {
    fprintf(stderr, "exec: cannot open %s for a command's stdout: %s\n", path, strerror(errno));
    exit(EXIT_INTERNAL);
  }
  close(fd);
}

/* A command run untimed before or after every run: --prepare, --conclude. */
struct step {
  const char *name;
  char **argv;
  char path[PATH_BUFFER_SIZE];
  posix_spawn_file_actions_t actions;
};

/*
 * Parses `K ARG...` after --prepare or --conclude at argv[*at]; leaves *at on the last argument taken and
 * the arguments NULL-terminated in a copy. Returns 0, or -1 when the count or the arguments are missing.
 */
static int parse_step(int argc, char *argv[], int *at, struct step *step)
{
  long count = parse_count(*at + 1 < argc ? argv[*at + 1] : NULL, 4096);
  if (count < 1 || *at + 1 + count >= argc) return -1;
  step->argv = calloc((size_t)count + 1, sizeof *step->argv);
  if (step->argv == NULL) return -1;
  for (long i = 0; i < count; i++) step->argv[i] = argv[*at + 2 + i];
  step->argv[count] = NULL;
  *at += 1 + (int)count;
  return 0;
}

/*
 * Runs a step once for run `index` of `phase`. Returns 0 when it succeeded; otherwise it has printed the
 * step's line (or its spawn error) and returns 1.
 */
static int run_step(struct step *step, const posix_spawnattr_t *attributes, long timeout_ms, int stderr_fd,
                    const char *phase, long index, int with_copy, long copies)
{
  struct run_result result;
  struct line_id id = {phase, index, step->name, with_copy, 0, copies, NULL};
  long failed_copy = 0;
  struct stat stderr_stat;
  int error;

  if ((fstat(stderr_fd, &stderr_stat) != 0 || stderr_stat.st_size > 0) && ftruncate(stderr_fd, 0) != 0) {
    fprintf(stderr, "exec: cannot truncate the stderr file: %s\n", strerror(errno));
    exit(EXIT_INTERNAL);
  }
  memset(&result, 0, sizeof result);
  error = run_copies(step->path, step->argv, &step->actions, attributes, timeout_ms, 1, &result, &failed_copy);
  if (error != 0) {
    report_spawn_error(&id, step->argv[0], error);
    return 1;
  }
  if (!result.timed_out && WIFEXITED(result.status) && WEXITSTATUS(result.status) == 0) return 0;
  report_run(&id, &result, stderr_fd);
  fflush(stdout);
  return 1;
}

/*
 * The reading end of the pipe the commands' stdout goes to with --stdout-pipe: a forked process of the
 * launcher reads it and discards what it reads, until every writer has closed it. Returns the writing end.
 */
static int start_stdout_drain(void)
{
  int ends[2];
  pid_t pid;
  if (pipe(ends) != 0) return -1;
  pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    static char buffer[1 << 16];
    int devnull = open("/dev/null", O_RDWR);
    close(ends[1]);
    /* Not the launcher's own stdout and stderr: its reader waits for them to close. */
    if (devnull >= 0) {
      dup2(devnull, STDOUT_FILENO);
      dup2(devnull, STDERR_FILENO);
    }
    for (;;) {
      ssize_t n = read(ends[0], buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) _exit(0);
    }
  }
  close(ends[0]);
  if (fcntl(ends[1], F_SETFD, FD_CLOEXEC) != 0) return -1;
  return ends[1];
}

/* Opens FILE on `slot` for a copy's stdin, from its start. Returns 0 or an errno value. */
static int open_stdin_file(const char *file, int slot)
{
  int fd = open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  if (dup2(fd, slot) < 0 || fcntl(slot, F_SETFD, FD_CLOEXEC) != 0) {
    fprintf(stderr, "exec: cannot open %s for a command's stdin: %s\n", file, strerror(errno));
    exit(EXIT_INTERNAL);
  }
  close(fd);
  return 0;
}

/*
 * --padding's comma-separated sizes, one per run, as a new array of *count entries; NULL for a malformed
 * list (an empty item, a size outside 0..MAX_PADDING_BYTES) or when out of memory.
 */
static long *parse_padding(const char *list, long *count)
{
  long n = 1;
  long *sizes;
  const char *at = list;
  for (const char *c = list; *c != '\0'; c++) {
    if (*c == ',') n++;
  }
  sizes = calloc((size_t)n, sizeof *sizes);
  if (sizes == NULL) return NULL;
  for (long i = 0; i < n; i++) {
    char *end;
    long value;
    if (*at < '0' || *at > '9') break;
    errno = 0;
    value = strtol(at, &end, 10);
    if (errno != 0 || value > MAX_PADDING_BYTES || (*end != ',' && *end != '\0') || (*end == '\0') != (i + 1 == n)) break;
    sizes[i] = value;
    at = end + 1;
    if (i + 1 == n) {
      *count = n;
      return sizes;
    }
  }
  free(sizes);
  return NULL;
}

/* PADDING_VARIABLE then MAX_PADDING_BYTES of 'x', cut short by a NUL at padding_end for each run. */
static char *padding_entry = NULL;
static size_t padding_end = 0;

/* spawn_environ becomes environ without any PADDING_VARIABLE, then the padding entry; -1 when out of memory. */
static int make_padded_environ(void)
{
  size_t count = 0, kept = 0, prefix = strlen(PADDING_VARIABLE);
  while (environ[count] != NULL) count++;
  spawn_environ = calloc(count + 2, sizeof *spawn_environ);
  padding_entry = malloc(prefix + (size_t)MAX_PADDING_BYTES + 1);
  if (spawn_environ == NULL || padding_entry == NULL) return -1;
  memcpy(padding_entry, PADDING_VARIABLE, prefix);
  memset(padding_entry + prefix, 'x', (size_t)MAX_PADDING_BYTES);
  padding_end = prefix + (size_t)MAX_PADDING_BYTES;
  padding_entry[padding_end] = '\0';
  for (size_t i = 0; i < count; i++) {
    if (strncmp(environ[i], PADDING_VARIABLE, prefix) != 0) spawn_environ[kept++] = environ[i];
  }
  spawn_environ[kept] = padding_entry;
  spawn_environ[kept + 1] = NULL;
  return 0;
}

/* The next run's padding: `bytes` of 'x' after the variable's name. */
static void set_padding(long bytes)
{
  padding_entry[padding_end] = 'x';
  padding_end = strlen(PADDING_VARIABLE) + (size_t)bytes;
  padding_entry[padding_end] = '\0';
}

/*
 * What the launcher starts gets address randomisation even when the launcher was started without it
 * (setarch -R): the personality flag is inherited through exec, and a benchmark measured at one fixed
 * placement is measured at one sample of the placements its users' machines will give it.
 */
static void randomise_addresses(void)
{
#ifdef __linux__
  int persona = personality(0xffffffff);
  if (persona != -1 && (persona & ADDR_NO_RANDOMIZE) != 0) personality((unsigned long)(persona & ~ADDR_NO_RANDOMIZE));
#endif
}

int main(int argc, char *argv[])
{
  long runs = 10;
  long warmup = 0;
  long timeout_ms = 0;
  long copies = 1;
  const char *output_dir = NULL;
  const char *stdout_file = NULL;
  const char *stdin_file = NULL;
  int stdout_pipe = 0;
  int stdout_fd = -1;
  long *padding = NULL;
  long padding_count = 0;
  int step_stderr_fd = -1;
  struct step prepare = {"prepare", NULL, {0}, {0}};
  struct step conclude = {"conclude", NULL, {0}, {0}};
  struct step *steps[2] = {&prepare, &conclude};
  int *stdin_slots;
  int with_copy;
  int first = 1;
  char program_path[PATH_BUFFER_SIZE];
  char **command;
  int devnull_fd, error;
  /* Per copy: its stderr file, the descriptor that holds its stdout file, its spawn actions, its result. */
  int *stderr_fds, *stdout_slots;
  char (*stdout_paths)[PATH_BUFFER_SIZE];
  posix_spawn_file_actions_t *actions;
  struct run_result *results;
  posix_spawnattr_t attributes;
  sigset_t empty_mask, default_signals;
  struct timespec last_flush;
  /* Output is written when main flushes it (see the top of this file), not whenever stdio likes. */
  static char stdout_buffer[1 << 16];

  ensure_standard_fds();
  setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
  for (; first < argc; first++) {
    const char *arg = argv[first];
    if (strcmp(arg, "--") == 0) {
      first++;
      break;
    } else if (strcmp(arg, "--version") == 0) {
      puts(EXEC_VERSION);
      return EXIT_OK;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
      usage(stdout);
      return EXIT_OK;
    } else if (strcmp(arg, "--runs") == 0 || strcmp(arg, "--warmup") == 0 || strcmp(arg, "--timeout-ms") == 0) {
      /* Bounded so that loop counters and the timer's seconds field cannot overflow. */
      long value = parse_count(first + 1 < argc ? argv[first + 1] : NULL, 1000000000L);
      if (value < 0 || (strcmp(arg, "--runs") == 0 && value == 0)) {
        fprintf(stderr, "exec: %s needs a %s integer\n", arg, strcmp(arg, "--runs") == 0 ? "positive" : "non-negative");
        return EXIT_USAGE;
      }
      if (strcmp(arg, "--runs") == 0) {
        runs = value;
      } else if (strcmp(arg, "--warmup") == 0) {
        warmup = value;
      } else {
        timeout_ms = value;
      }
      first++;
    } else if (strcmp(arg, "--copies") == 0) {
      copies = parse_count(first + 1 < argc ? argv[first + 1] : NULL, MAX_COPIES);
      if (copies < 1) {
        fprintf(stderr, "exec: --copies needs an integer from 1 to %ld\n", MAX_COPIES);
        return EXIT_USAGE;
      }
      first++;
    } else if (strcmp(arg, "--output-dir") == 0) {
      output_dir = first + 1 < argc ? argv[first + 1] : NULL;
      /* Room for the longest file name: run-warmup-1000000000-copy-1024.out. */
      if (output_dir == NULL || *output_dir == '\0' || strlen(output_dir) > PATH_BUFFER_SIZE - 64) {
        fputs("exec: --output-dir needs a directory path\n", stderr);
        return EXIT_USAGE;
      }
      first++;
    } else if (strcmp(arg, "--stdout-file") == 0 || strcmp(arg, "--stdin") == 0) {
      const char *file = first + 1 < argc ? argv[first + 1] : NULL;
      if (file == NULL || *file == '\0') {
        fprintf(stderr, "exec: %s needs a file path\n", arg);
        return EXIT_USAGE;
      }
      if (strcmp(arg, "--stdin") == 0) {
        stdin_file = file;
      } else {
        stdout_file = file;
      }
      first++;
    } else if (strcmp(arg, "--padding") == 0) {
      free(padding);
      padding = first + 1 < argc ? parse_padding(argv[first + 1], &padding_count) : NULL;
      if (padding == NULL) {
        fprintf(stderr, "exec: --padding needs comma-separated sizes from 0 to %ld\n", MAX_PADDING_BYTES);
        return EXIT_USAGE;
      }
      first++;
    } else if (strcmp(arg, "--stdout-pipe") == 0) {
      stdout_pipe = 1;
    } else if (strcmp(arg, "--prepare") == 0 || strcmp(arg, "--conclude") == 0) {
      if (parse_step(argc, argv, &first, strcmp(arg, "--prepare") == 0 ? &prepare : &conclude) != 0) {
        fprintf(stderr, "exec: %s needs a count K and K arguments\n", arg);
        return EXIT_USAGE;
      }
    } else {
      fprintf(stderr, "exec: unknown option %s\n", arg);
      usage(stderr);
      return EXIT_USAGE;
    }
  }
  if (first >= argc) {
    fputs("exec: no command given (put it after --)\n", stderr);
    usage(stderr);
    return EXIT_USAGE;
  }
  if ((output_dir != NULL) + (stdout_file != NULL) + stdout_pipe > 1) {
    fputs("exec: --output-dir, --stdout-file and --stdout-pipe exclude each other\n", stderr);
    return EXIT_USAGE;
  }
  if (padding != NULL && padding_count != warmup + runs) {
    fprintf(stderr, "exec: --padding gave %ld sizes for %ld runs (warmups included)\n", padding_count, warmup + runs);
    return EXIT_USAGE;
  }
  command = argv + first;
  /* The copy fields only when asked for, so that the lines of plain runs stay as they were. */
  with_copy = copies > 1 || output_dir != NULL;

  error = resolve_program(command[0], program_path, sizeof program_path);
  if (error != 0) {
    struct line_id id = {warmup > 0 ? "warmup" : "run", 0, NULL, with_copy, 0, copies, NULL};
    report_spawn_error(&id, command[0], error);
    return EXIT_RUN_FAILED;
  }
  for (int s = 0; s < 2; s++) {
    if (steps[s]->argv == NULL) continue;
    error = resolve_program(steps[s]->argv[0], steps[s]->path, sizeof steps[s]->path);
    if (error != 0) {
      struct line_id id = {warmup > 0 ? "warmup" : "run", 0, steps[s]->name, with_copy, 0, copies, NULL};
      report_spawn_error(&id, steps[s]->argv[0], error);
      return EXIT_RUN_FAILED;
    }
  }
  if (stdout_file != NULL) {
    stdout_fd = open(stdout_file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
    if (stdout_fd < 0) {
      fprintf(stderr, "exec: cannot open the stdout file %s: %s\n", stdout_file, strerror(errno));
      return EXIT_USAGE;
    }
  }
  if (stdout_pipe) {
    /* Before any handler is installed: the reading process keeps the default dispositions. */
    stdout_fd = start_stdout_drain();
    if (stdout_fd < 0) {
      fprintf(stderr, "exec: cannot start reading the commands' stdout: %s\n", strerror(errno));
      return EXIT_INTERNAL;
    }
  }
  if (output_dir != NULL) {
    struct stat dir_stat;
    if (mkdir(output_dir, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "exec: cannot create the output directory %s: %s\n", output_dir, strerror(errno));
      return EXIT_USAGE;
    }
    if (stat(output_dir, &dir_stat) != 0 || !S_ISDIR(dir_stat.st_mode)) {
      fprintf(stderr, "exec: the output directory %s is not a directory\n", output_dir);
      return EXIT_USAGE;
    }
  }

  spawn_environ = environ;
  if (padding != NULL && make_padded_environ() != 0) {
    fputs("exec: out of memory\n", stderr);
    return EXIT_INTERNAL;
  }
  randomise_addresses();
  devnull_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (devnull_fd < 0) {
    fprintf(stderr, "exec: cannot open /dev/null: %s\n", strerror(errno));
    return EXIT_INTERNAL;
  }
  stderr_fds = calloc((size_t)copies, sizeof *stderr_fds);
  stdout_slots = calloc((size_t)copies, sizeof *stdout_slots);
  stdin_slots = calloc((size_t)copies, sizeof *stdin_slots);
  stdout_paths = calloc((size_t)copies, sizeof *stdout_paths);
  actions = calloc((size_t)copies, sizeof *actions);
  results = calloc((size_t)copies, sizeof *results);
  running_children = calloc((size_t)copies, sizeof *running_children);
  if (stderr_fds == NULL || stdout_slots == NULL || stdin_slots == NULL || stdout_paths == NULL || actions == NULL ||
      results == NULL || running_children == NULL) {
    fputs("exec: out of memory\n", stderr);
    return EXIT_INTERNAL;
  }
  running_slots = copies;
  for (long j = 0; j < copies; j++) {
    stderr_fds[j] = open_stderr_file();
    if (stderr_fds[j] < 0) {
      fprintf(stderr, "exec: cannot create a temporary file for stderr: %s\n", strerror(errno));
      return EXIT_INTERNAL;
    }
    /* A descriptor of its own that each run's stdout file is moved onto; /dev/null until then. */
    stdout_slots[j] = output_dir != NULL ? fcntl(devnull_fd, F_DUPFD_CLOEXEC, 3)
                      : stdout_fd >= 0   ? stdout_fd
                                         : devnull_fd;
    /* Likewise for each run's stdin file. */
    stdin_slots[j] = stdin_file != NULL ? fcntl(devnull_fd, F_DUPFD_CLOEXEC, 3) : devnull_fd;
    if (stdout_slots[j] < 0 || stdin_slots[j] < 0) {
      fprintf(stderr, "exec: cannot open a descriptor for stdin or stdout: %s\n", strerror(errno));
      return EXIT_INTERNAL;
    }
    posix_spawn_file_actions_init(&actions[j]);
    posix_spawn_file_actions_adddup2(&actions[j], stdin_slots[j], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions[j], stdout_slots[j], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions[j], stderr_fds[j], STDERR_FILENO);
  }
  if (prepare.argv != NULL || conclude.argv != NULL) {
    step_stderr_fd = open_stderr_file();
    if (step_stderr_fd < 0) {
      fprintf(stderr, "exec: cannot create a temporary file for stderr: %s\n", strerror(errno));
      return EXIT_INTERNAL;
    }
    for (int s = 0; s < 2; s++) {
      posix_spawn_file_actions_init(&steps[s]->actions);
      posix_spawn_file_actions_adddup2(&steps[s]->actions, devnull_fd, STDIN_FILENO);
      posix_spawn_file_actions_adddup2(&steps[s]->actions, devnull_fd, STDOUT_FILENO);
      posix_spawn_file_actions_adddup2(&steps[s]->actions, step_stderr_fd, STDERR_FILENO);
    }
  }

  /* A default disposition is needed for wait4 to see the child at all (SIG_IGN reaps it for us). */
  signal(SIGCHLD, SIG_DFL);
  install_handler(SIGALRM, on_alarm);
  install_handler(SIGINT, on_terminate);
  install_handler(SIGTERM, on_terminate);
  install_handler(SIGHUP, on_terminate);

  /*
   * The child leads a new process group so that a timeout can kill everything it started. Its
   * signal mask is emptied and the signals a caller commonly ignores are reset, so the benchmark
   * behaves as if started from a fresh shell whatever the launcher inherited.
   */
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setpgroup(&attributes, 0);
  sigemptyset(&empty_mask);
  posix_spawnattr_setsigmask(&attributes, &empty_mask);
  sigemptyset(&default_signals);
  sigaddset(&default_signals, SIGPIPE);
  sigaddset(&default_signals, SIGINT);
  sigaddset(&default_signals, SIGQUIT);
  sigaddset(&default_signals, SIGHUP);
  sigaddset(&default_signals, SIGTERM);
  sigaddset(&default_signals, SIGALRM);
  sigaddset(&default_signals, SIGCHLD);
  posix_spawnattr_setsigdefault(&attributes, &default_signals);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  clock_gettime(CLOCK_MONOTONIC, &last_flush);
  for (long k = 0; k < warmup + runs; k++) {
    const char *phase = k < warmup ? "warmup" : "run";
    long index = k < warmup ? k : k - warmup;
    struct timespec ended = last_flush;
    long failed_copy = 0;
    int failed = 0;

    if (padding != NULL) set_padding(padding[k]);
    /* First, so that the run's stdin file is whatever the prepare command left there. */
    if (prepare.argv != NULL &&
        run_step(&prepare, &attributes, timeout_ms, step_stderr_fd, phase, index, with_copy, copies)) {
      return EXIT_RUN_FAILED;
    }
    for (long j = 0; j < copies; j++) {
      struct stat stderr_stat;
      /*
       * Each run's stderr starts empty, so a failure shows that run's output only. Most runs write
       * nothing, and fstat is cheaper than a truncation on a journalling file system.
       */
      if (k > 0 && (fstat(stderr_fds[j], &stderr_stat) != 0 || stderr_stat.st_size > 0) &&
          ftruncate(stderr_fds[j], 0) != 0) {
        fprintf(stderr, "exec: cannot truncate the stderr file: %s\n", strerror(errno));
        return EXIT_INTERNAL;
      }
      if (output_dir != NULL) {
        open_stdout_file(output_dir, phase, index, j, stdout_slots[j], stdout_paths[j], sizeof stdout_paths[j]);
      }
      if (stdin_file != NULL && (error = open_stdin_file(stdin_file, stdin_slots[j])) != 0) {
        struct line_id id = {phase, index, "stdin", with_copy, j, copies, NULL};
        report_spawn_error(&id, stdin_file, error);
        return EXIT_RUN_FAILED;
      }
    }
    error = run_copies(program_path, command, actions, &attributes, timeout_ms, copies, results, &failed_copy);
    if (error != 0) {
      struct line_id id = {phase, index, NULL, with_copy, failed_copy, copies, NULL};
      report_spawn_error(&id, command[0], error);
      return EXIT_RUN_FAILED;
    }
    for (long j = 0; j < copies; j++) {
      struct line_id id = {phase, index, NULL, with_copy, j, copies, output_dir != NULL ? stdout_paths[j] : NULL};
      if (report_run(&id, &results[j], stderr_fds[j])) failed = 1;
      if (nanoseconds_between(ended, results[j].ended) > 0) ended = results[j].ended;
    }
    if (failed || k + 1 == warmup + runs || nanoseconds_between(last_flush, ended) >= FLUSH_INTERVAL_NS) {
      fflush(stdout);
      last_flush = ended;
    }
    if (failed) return EXIT_RUN_FAILED;
    if (conclude.argv != NULL &&
        run_step(&conclude, &attributes, timeout_ms, step_stderr_fd, phase, index, with_copy, copies)) {
      return EXIT_RUN_FAILED;
    }
  }
  return EXIT_OK;
}
