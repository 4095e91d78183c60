/*
 * A runner program for rebar's protocol that starts cold, like a runner whose JIT, caches or lazily
 * built tables warm up while it runs: every call made in the first COLD_MS milliseconds after it
 * starts running the benchmark (default 50) takes 1 ms longer. Its warm-up loop is rebar's (until
 * max-warmup-iters calls or max-warmup-time, checked after each call), timed from the same start,
 * so a warm-up of at least COLD_MS leaves no cold sample.
 *
 *   cold_runner --version   prints the runner's version
 *   cold_runner < KLV       prints one `duration,count` line per sample (count always 1)
 *
 * Like rebar's own runners it accepts only rebar's keys and fails on any other.
 * RUNNER_LOG=FILE appends one line per invocation:
 *   max_warmup_iters=N max_warmup_time=NS warmup_calls=N samples=N cold_samples=N
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void die(const char *message, const char *detail) {
  fprintf(stderr, "cold_runner: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
  exit(2);
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t parse_u64(const char *value, size_t len, const char *key) {
  if (len == 0) die("empty number for key", key);
  uint64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (value[i] < '0' || value[i] > '9') die("not a number for key", key);
    v = v * 10 + (uint64_t)(value[i] - '0');
  }
  return v;
}

static uint64_t start_ns, cold_ns;

/* One call: 1 ms of extra work while cold, a little arithmetic once warm. Returns whether it was cold. */
static int call(void) {
  int cold = now_ns() - start_ns < cold_ns;
  if (cold) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  volatile uint64_t x = 0;
  for (int i = 0; i < 1000; i++) x += (uint64_t)i;
  return cold;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    puts("cold_runner 1");
    return 0;
  }
  static char raw[1 << 20];
  size_t len = fread(raw, 1, sizeof raw, stdin);
  uint64_t max_iters = 0, max_warmup_iters = 0, max_time = 0, max_warmup_time = 0;
  static const char *known[] = {"name", "model", "pattern", "case-insensitive", "unicode", "haystack", NULL};
  for (size_t pos = 0; pos < len;) {
    char *key = raw + pos;
    char *colon = memchr(key, ':', len - pos);
    if (!colon) die("invalid KLV item", "no ':'");
    *colon = '\0';
    char *length = colon + 1;
    char *colon2 = memchr(length, ':', len - (size_t)(length - raw));
    if (!colon2) die("invalid KLV item", "no length");
    size_t value_len = (size_t)parse_u64(length, (size_t)(colon2 - length), key);
    char *value = colon2 + 1;
    if ((size_t)(value - raw) + value_len >= len || value[value_len] != '\n') die("invalid KLV item", key);
    pos = (size_t)(value - raw) + value_len + 1;
    if (strcmp(key, "max-iters") == 0) max_iters = parse_u64(value, value_len, key);
    else if (strcmp(key, "max-warmup-iters") == 0) max_warmup_iters = parse_u64(value, value_len, key);
    else if (strcmp(key, "max-time") == 0) max_time = parse_u64(value, value_len, key);
    else if (strcmp(key, "max-warmup-time") == 0) max_warmup_time = parse_u64(value, value_len, key);
    else {
      int ok = 0;
      for (const char **k = known; *k; k++) ok |= strcmp(key, *k) == 0;
      if (!ok) die("unrecognized KLV key", key);
    }
  }
  const char *cold_ms = getenv("COLD_MS");
  cold_ns = (cold_ms ? (uint64_t)strtoull(cold_ms, NULL, 10) : 50) * 1000000u;

  start_ns = now_ns();
  uint64_t warmup_calls = 0;
  for (uint64_t i = 0; i < max_warmup_iters; i++) {
    call();
    warmup_calls++;
    if (now_ns() - start_ns >= max_warmup_time) break;
  }
  uint64_t *durations = malloc(sizeof(uint64_t) * (max_iters ? max_iters : 1));
  uint64_t samples = 0, cold_samples = 0, run_start = now_ns();
  for (uint64_t i = 0; i < max_iters; i++) {
    uint64_t t = now_ns();
    cold_samples += (uint64_t)call();
    durations[samples++] = now_ns() - t;
    if (now_ns() - run_start >= max_time) break;
  }
  for (uint64_t i = 0; i < samples; i++) printf("%llu,1\n", (unsigned long long)durations[i]);
  const char *log = getenv("RUNNER_LOG");
  if (log) {
    FILE *f = fopen(log, "a");
    if (!f) die("cannot open RUNNER_LOG", log);
    fprintf(f, "max_warmup_iters=%llu max_warmup_time=%llu warmup_calls=%llu samples=%llu cold_samples=%llu\n",
            (unsigned long long)max_warmup_iters, (unsigned long long)max_warmup_time,
            (unsigned long long)warmup_calls, (unsigned long long)samples, (unsigned long long)cold_samples);
    fclose(f);
  }
  return 0;
}
