/*
 * A runner program written to rebar's "bring your own benchmarks" protocol.
 *
 *   runner --version        prints the runner's version
 *   runner [engine] < KLV   reads `key:length:value\n` items on stdin and prints one
 *                           `duration,count` line per sample (integer nanoseconds)
 *
 * One model, `count`: counts the non-overlapping occurrences of `pattern` in `haystack`.
 * `param.passes` (bench-action's parameter items; default 1) makes one execution search the haystack
 * that many times, reporting the count of one search: more work, same answer.
 * Keys it does not know (`threads`, other `param.*`, `case-insensitive`, ...) are ignored.
 *
 * For tests:
 *   RUNNER_WRONG_COUNT=1   reports count + 1 on every sample
 *   RUNNER_HANG=FILE       forks a child that writes its pid to FILE, then both sleep forever
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct config {
  const char *model;
  size_t model_len;
  const unsigned char *pattern;
  size_t pattern_len;
  const unsigned char *haystack;
  size_t haystack_len;
  uint64_t max_iters;
  uint64_t max_warmup_iters;
  uint64_t max_time_ns;
  uint64_t max_warmup_time_ns;
  uint64_t passes;
};

static void die(const char *message, const char *detail) {
  fprintf(stderr, "rebar_runner: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
  exit(2);
}

static unsigned char *read_all(FILE *in, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  unsigned char *buf = malloc(cap);
  if (!buf) die("out of memory", NULL);
  for (;;) {
    if (n == cap) {
      cap *= 2;
      buf = realloc(buf, cap);
      if (!buf) die("out of memory", NULL);
    }
    size_t got = fread(buf + n, 1, cap - n, in);
    n += got;
    if (got == 0) {
      if (ferror(in)) die("cannot read stdin", strerror(errno));
      break;
    }
  }
  *len = n;
  return buf;
}

static uint64_t parse_u64(const unsigned char *value, size_t len, const char *key) {
  if (len == 0) die("empty number for key", key);
  uint64_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (value[i] < '0' || value[i] > '9') die("not a number for key", key);
    v = v * 10 + (uint64_t)(value[i] - '0');
  }
  return v;
}

static int key_is(const unsigned char *key, size_t key_len, const char *name) {
  return strlen(name) == key_len && memcmp(key, name, key_len) == 0;
}

static void parse_config(const unsigned char *raw, size_t len, struct config *c) {
  size_t pos = 0;
  while (pos < len) {
    const unsigned char *key = raw + pos;
    const unsigned char *colon = memchr(key, ':', len - pos);
    if (!colon) die("invalid KLV item", "could not find first ':'");
    size_t key_len = (size_t)(colon - key);
    pos += key_len + 1;
    const unsigned char *colon2 = memchr(raw + pos, ':', len - pos);
    if (!colon2) die("invalid KLV item", "could not find second ':'");
    size_t value_len = (size_t)parse_u64(raw + pos, (size_t)(colon2 - (raw + pos)), "value length");
    pos = (size_t)(colon2 - raw) + 1;
    if (value_len > len - pos || value_len == len - pos || raw[pos + value_len] != '\n')
      die("invalid KLV item", "no line terminator after the value");
    const unsigned char *value = raw + pos;
    pos += value_len + 1;

    if (key_is(key, key_len, "model")) {
      c->model = (const char *)value;
      c->model_len = value_len;
    } else if (key_is(key, key_len, "pattern")) {
      c->pattern = value;
      c->pattern_len = value_len;
    } else if (key_is(key, key_len, "haystack")) {
      c->haystack = value;
      c->haystack_len = value_len;
    } else if (key_is(key, key_len, "max-iters")) {
      c->max_iters = parse_u64(value, value_len, "max-iters");
    } else if (key_is(key, key_len, "max-warmup-iters")) {
      c->max_warmup_iters = parse_u64(value, value_len, "max-warmup-iters");
    } else if (key_is(key, key_len, "max-time")) {
      c->max_time_ns = parse_u64(value, value_len, "max-time");
    } else if (key_is(key, key_len, "param.passes")) {
      c->passes = parse_u64(value, value_len, "param.passes");
    } else if (key_is(key, key_len, "max-warmup-time")) {
      c->max_warmup_time_ns = parse_u64(value, value_len, "max-warmup-time");
    }
    /* Anything else (name, case-insensitive, unicode, threads, other param.*) is ignored. */
  }
}

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static size_t count_once(const struct config *c) {
  if (c->pattern_len == 0) return c->haystack_len + 1;
  size_t count = 0, i = 0;
  while (c->haystack_len >= c->pattern_len && i <= c->haystack_len - c->pattern_len) {
    if (c->haystack[i] == c->pattern[0] && memcmp(c->haystack + i, c->pattern, c->pattern_len) == 0) {
      count++;
      i += c->pattern_len;
    } else {
      i++;
    }
  }
  return count;
}

static size_t count_occurrences(const struct config *c) {
  size_t count = 0;
  for (uint64_t pass = 0; pass < c->passes; pass++) {
    count = count_once(c);
    /* Each pass reads the haystack again: the compiler may not reuse the previous answer. */
    __asm__ __volatile__("" : : "g"(count) : "memory");
  }
  return count;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--version") == 0) {
    printf("0.1.0\n");
    return 0;
  }
  const char *hang = getenv("RUNNER_HANG");
  if (hang && *hang) {
    pid_t pid = fork();
    if (pid == 0) {
      FILE *f = fopen(hang, "w");
      if (f) {
        fprintf(f, "%ld\n", (long)getpid());
        fclose(f);
      }
    }
    for (;;) pause();
  }
  int wrong = getenv("RUNNER_WRONG_COUNT") && strcmp(getenv("RUNNER_WRONG_COUNT"), "1") == 0;

  size_t len;
  unsigned char *raw = read_all(stdin, &len);
  struct config c;
  memset(&c, 0, sizeof c);
  c.passes = 1;
  parse_config(raw, len, &c);
  if (!c.model || !(c.model_len == 5 && memcmp(c.model, "count", 5) == 0)) {
    fprintf(stderr, "rebar_runner: unrecognized model '%.*s'\n", (int)c.model_len, c.model ? c.model : "");
    return 2;
  }

  volatile size_t sink = 0;
  uint64_t warmup_start = now_ns();
  for (uint64_t i = 0; i < c.max_warmup_iters; i++) {
    sink += count_occurrences(&c);
    if (now_ns() - warmup_start >= c.max_warmup_time_ns) break;
  }

  size_t cap = 1024, n = 0;
  uint64_t *durations = malloc(cap * sizeof *durations);
  size_t *counts = malloc(cap * sizeof *counts);
  if (!durations || !counts) die("out of memory", NULL);
  uint64_t run_start = now_ns();
  for (uint64_t i = 0; i < c.max_iters; i++) {
    uint64_t start = now_ns();
    size_t count = count_occurrences(&c);
    uint64_t duration = now_ns() - start;
    if (n == cap) {
      cap *= 2;
      durations = realloc(durations, cap * sizeof *durations);
      counts = realloc(counts, cap * sizeof *counts);
      if (!durations || !counts) die("out of memory", NULL);
    }
    durations[n] = duration;
    counts[n] = count + (wrong ? 1 : 0);
    n++;
    if (now_ns() - run_start >= c.max_time_ns) break;
  }
  for (size_t i = 0; i < n; i++) printf("%llu,%zu\n", (unsigned long long)durations[i], counts[i]);
  (void)sink;
  return 0;
}
