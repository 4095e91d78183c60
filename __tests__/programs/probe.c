/*
 * A program whose behaviour the tests pick with argv[1], to give the process measurement real
 * crashes, exits, hangs, sleeps, CPU burn and memory use to measure.
 *
 *   probe exit CODE LINES MESSAGE   LINES numbered lines then MESSAGE on stderr, exit CODE
 *   probe segv | abort              a message on stderr, then die of SIGSEGV / SIGABRT
 *   probe hang                      start a child, print "child PID" on stderr, both sleep forever
 *   probe sleep MS                  sleep MS milliseconds
 *   probe burn MS                   spin on the CPU for MS milliseconds of CPU time
 *   probe touch MIB                 allocate and write MIB mebibytes
 *   probe need-env NAME VALUE       exit 0 when $NAME is VALUE, else 4
 *   probe need-file NAME            exit 0 when NAME exists in the working directory, else 5
 */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static void no_core_dumps(void)
{
  /* A core dump would only slow the test down. */
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
}

static double cpu_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char *argv[])
{
  const char *mode = argc > 1 ? argv[1] : "";

  if (strcmp(mode, "exit") == 0 && argc == 5) {
    int lines = atoi(argv[3]);
    for (int i = 0; i < lines; i++) fprintf(stderr, "progress line %d\n", i);
    fprintf(stderr, "%s\n", argv[4]);
    return atoi(argv[2]);
  }
  if (strcmp(mode, "segv") == 0 || strcmp(mode, "abort") == 0) {
    no_core_dumps();
    fprintf(stderr, "about to %s\n", mode);
    if (mode[0] == 's') raise(SIGSEGV);
    abort();
  }
  if (strcmp(mode, "hang") == 0) {
    pid_t child = fork();
    if (child < 0) return 1;
    if (child > 0) fprintf(stderr, "child %d\n", (int)child);
    for (;;) pause();
  }
  if (strcmp(mode, "sleep") == 0 && argc == 3) {
    long ms = atol(argv[2]);
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {
    }
    return 0;
  }
  if (strcmp(mode, "burn") == 0 && argc == 3) {
    double until = cpu_seconds() + atol(argv[2]) / 1000.0;
    volatile unsigned long spins = 0;
    while (cpu_seconds() < until) spins++;
    return 0;
  }
  if (strcmp(mode, "touch") == 0 && argc == 3) {
    size_t size = (size_t)atol(argv[2]) * 1024 * 1024;
    volatile char *memory = malloc(size);
    if (memory == NULL) return 1;
    memset((char *)memory, 1, size);
    return memory[size - 1] - 1;
  }
  if (strcmp(mode, "need-env") == 0 && argc == 4) {
    const char *value = getenv(argv[2]);
    if (value != NULL && strcmp(value, argv[3]) == 0) return 0;
    fprintf(stderr, "%s is not %s\n", argv[2], argv[3]);
    return 4;
  }
  if (strcmp(mode, "need-file") == 0 && argc == 3) {
    if (access(argv[2], F_OK) == 0) return 0;
    fprintf(stderr, "no %s here\n", argv[2]);
    return 5;
  }
  fprintf(stderr, "probe: unknown mode\n");
  return 2;
}
