/*
 * model_runner: a benchmark program whose numbers are computed from its inputs instead of measured. It
 * speaks the two protocols bench-action reads from throughput and wall-clock programs — CSB's
 * `key=val;` line and rebar's runner protocol — so that a test can drive the scaling and wall-clock
 * kinds end to end (exec helper, copies, KLV, parsing, speedup, pairing, verdicts) with numbers known in
 * advance: what it asserts then holds however busy the machine is.
 *
 *   model_runner [OPTIONS] -t=T        one run at T threads: prints one CSB line (as csb_harness.h does)
 *   model_runner [OPTIONS] --samples   reads rebar's KLV configuration on stdin and prints one
 *                                      `duration_ns,count,iterations` line per sample
 *
 * The model. One thread completes an operation every NS nanoseconds; each thread beyond the first adds
 * EFFICIENCY of one thread's throughput (1: linear scaling; 0: none, as when a mutex serialises the
 * threads). A sample (a CSB run) is T × OPS operations, taking
 *
 *   duration_ns = round(T × OPS × NS / (1 + (T − 1) × EFFICIENCY) × (1 + jitter))
 *
 * jitter being within ±JITTER parts per million, drawn from a hash of the process id and the sample's
 * index, so samples differ as measured ones do, by an amount the test chooses.
 *
 * Time limits are kept in the model's own time: sampling stops once the reported durations add up to
 * max-time (checked after each sample, as rebar's loop checks its clock), and warmup samples, computed and
 * discarded, once theirs add up to max-warmup-time. The threads item is T (1 when absent); every other
 * item is read and ignored.
 *
 * OPTIONS, each --NAME=VALUE:
 *   --ns=N          nanoseconds per operation of one thread (default 10)
 *   --ops=N         operations per thread per sample (default 1000000)
 *   --efficiency=E  what each extra thread adds, 0 to 1 (default 1)
 *   --jitter=PPM    spread of the durations, parts per million either way (default 10000: ±1%)
 *   --count=C       the count column and CSB's count; default the sample's operations
 *   --hold-ms=MS    CSB mode: sleep MS milliseconds before printing, so that copies started together
 *                   are seen to overlap
 *   --log=FILE      appends what the program received and reported (below)
 *   --label=NAME    the first word of its log lines (default model)
 *
 * The log: each line one write(2) to a file opened with O_APPEND, so that copies running at once do not
 * mix their lines; words are KEY=VALUE. Times are CLOCK_MONOTONIC nanoseconds.
 *
 *   LABEL run pid=P threads=T start_ns=S end_ns=E duration_us=D ops=N count=C     one per CSB run
 *   LABEL invocation pid=P threads_item=T|- max_iters=I max_warmup_iters=W max_time=NS    --samples
 *   LABEL sample pid=P index=K warmup=0|1 threads=T duration_ns=D ops=N count=C   one per sample
 *
 * Exit status: 0; 2 for a bad command line or malformed KLV.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct options {
  double ns, efficiency;
  uint64_t ops, jitter_ppm, hold_ms;
  int has_count;
  uint64_t count;
  const char *log, *label;
};

static struct options opt = {10, 1, 1000000, 10000, 0, 0, 0, NULL, "model"};

static void die(const char *format, const char *detail) {
  fprintf(stderr, "model_runner: ");
  fprintf(stderr, format, detail);
  fprintf(stderr, "\n");
  exit(2);
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t parse_u64(const char *text, size_t len, const char *what) {
  uint64_t v = 0;
  if (len == 0) die("%s: expected a decimal integer", what);
  for (size_t i = 0; i < len; i++) {
    if (text[i] < '0' || text[i] > '9') die("%s: expected a decimal integer", what);
    v = v * 10 + (uint64_t)(text[i] - '0');
  }
  return v;
}

static double parse_double(const char *text, const char *what) {
  char *end = NULL;
  errno = 0;
  double v = strtod(text, &end);
  if (*text == '\0' || *end != '\0' || errno != 0 || !(v >= 0)) die("%s: expected a non-negative number", what);
  return v;
}

static void log_line(const char *format, ...) {
  if (opt.log == NULL) return;
  char line[1024];
  int n = snprintf(line, sizeof line, "%s ", opt.label);
  va_list args;
  va_start(args, format);
  n += vsnprintf(line + n, sizeof line - (size_t)n, format, args);
  va_end(args);
  if (n >= (int)sizeof line - 1) die("%s: log line too long", opt.label);
  line[n++] = '\n';
  int fd = open(opt.log, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) die("cannot open the log %s", opt.log);
  if (write(fd, line, (size_t)n) != n) die("cannot write the log %s", opt.log);
  close(fd);
}

/* splitmix64: a well-mixed hash of the process id and the sample index. */
static uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/* The modelled duration of sample `index` at `threads` threads. */
static uint64_t duration_ns(unsigned threads, uint64_t index) {
  double speed = 1.0 + (threads - 1) * opt.efficiency;
  double jitter = 0;
  if (opt.jitter_ppm > 0) {
    uint64_t h = mix(((uint64_t)getpid() << 32) ^ index);
    jitter = ((double)(h % (2 * opt.jitter_ppm + 1)) - (double)opt.jitter_ppm) / 1e6;
  }
  double d = (double)threads * (double)opt.ops * opt.ns / speed * (1.0 + jitter);
  return d < 1 ? 1 : (uint64_t)(d + 0.5);
}

static uint64_t count_of(uint64_t ops) { return opt.has_count ? opt.count : ops; }

static int csb_run(unsigned threads) {
  uint64_t start = now_ns();
  uint64_t ops = (uint64_t)threads * opt.ops;
  uint64_t us = (duration_ns(threads, 0) + 500) / 1000;
  if (us == 0) us = 1;
  if (opt.hold_ms > 0) {
    struct timespec t = {(time_t)(opt.hold_ms / 1000), (long)(opt.hold_ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {
    }
  }
  double per_ms = (double)ops / ((double)us / 1000.0);
  printf("num_threads=%u;init_sz=0;max_noise=0;duration=0.1;op0_dist=1024;algo_name=model;"
         "univ_count=%llu;univ_succ_count=%llu;throughput_max=%.8f;throughput_min=%.8f;"
         "duration_max_ms=%llu;duration_min_ms=%llu;count=%llu;\n",
         threads, (unsigned long long)ops, (unsigned long long)ops, per_ms, per_ms, (unsigned long long)us,
         (unsigned long long)us, (unsigned long long)count_of(ops));
  if (fflush(stdout) != 0) return 2;
  log_line("run pid=%ld threads=%u start_ns=%llu end_ns=%llu duration_us=%llu ops=%llu count=%llu", (long)getpid(),
           threads, (unsigned long long)start, (unsigned long long)now_ns(), (unsigned long long)us,
           (unsigned long long)ops, (unsigned long long)count_of(ops));
  return 0;
}

static char *read_all(size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  for (;;) {
    if (buf == NULL) die("%s", "out of memory");
    if (n == cap) buf = realloc(buf, cap *= 2);
    if (buf == NULL) die("%s", "out of memory");
    size_t got = fread(buf + n, 1, cap - n, stdin);
    n += got;
    if (got == 0) break;
  }
  *len = n;
  return buf;
}

static int key_is(const char *key, size_t len, const char *name) {
  return strlen(name) == len && memcmp(key, name, len) == 0;
}

static int samples(void) {
  size_t len, pos = 0;
  char *klv = read_all(&len);
  uint64_t max_iters = 0, max_warmup_iters = 0, max_time = 0, max_warmup_time = 0, threads = 1;
  char threads_item[32] = "-";
  while (pos < len) {
    const char *key = klv + pos;
    const char *colon = memchr(key, ':', len - pos);
    if (colon == NULL) die("%s", "malformed KLV: no ':' after a key");
    size_t key_len = (size_t)(colon - key);
    pos += key_len + 1;
    const char *colon2 = memchr(klv + pos, ':', len - pos);
    if (colon2 == NULL) die("%s", "malformed KLV: no ':' after a length");
    uint64_t value_len = parse_u64(klv + pos, (size_t)(colon2 - (klv + pos)), "a KLV length");
    pos = (size_t)(colon2 - klv) + 1;
    if (value_len >= len - pos || klv[pos + value_len] != '\n') die("%s", "malformed KLV: no newline after a value");
    const char *value = klv + pos;
    pos += value_len + 1;
    if (key_is(key, key_len, "max-iters")) max_iters = parse_u64(value, value_len, "max-iters");
    else if (key_is(key, key_len, "max-warmup-iters")) max_warmup_iters = parse_u64(value, value_len, "max-warmup-iters");
    else if (key_is(key, key_len, "max-time")) max_time = parse_u64(value, value_len, "max-time");
    else if (key_is(key, key_len, "max-warmup-time")) max_warmup_time = parse_u64(value, value_len, "max-warmup-time");
    else if (key_is(key, key_len, "threads")) {
      threads = parse_u64(value, value_len, "threads");
      if (threads == 0 || threads > 4096) die("%s", "threads: expected 1 to 4096");
      snprintf(threads_item, sizeof threads_item, "%llu", (unsigned long long)threads);
    }
  }
  log_line("invocation pid=%ld threads_item=%s max_iters=%llu max_warmup_iters=%llu max_time=%llu", (long)getpid(),
           threads_item, (unsigned long long)max_iters, (unsigned long long)max_warmup_iters,
           (unsigned long long)max_time);
  uint64_t ops = threads * opt.ops, index = 0, spent = 0;
  for (uint64_t i = 0; i < max_warmup_iters; i++) {
    uint64_t d = duration_ns((unsigned)threads, index++);
    log_line("sample pid=%ld index=%llu warmup=1 threads=%llu duration_ns=%llu ops=%llu count=%llu", (long)getpid(),
             (unsigned long long)(index - 1), (unsigned long long)threads, (unsigned long long)d,
             (unsigned long long)ops, (unsigned long long)count_of(ops));
    spent += d;
    if (spent >= max_warmup_time) break;
  }
  spent = 0;
  for (uint64_t i = 0; i < max_iters; i++) {
    uint64_t d = duration_ns((unsigned)threads, index++);
    printf("%llu,%llu,%llu\n", (unsigned long long)d, (unsigned long long)count_of(ops), (unsigned long long)ops);
    log_line("sample pid=%ld index=%llu warmup=0 threads=%llu duration_ns=%llu ops=%llu count=%llu", (long)getpid(),
             (unsigned long long)(index - 1), (unsigned long long)threads, (unsigned long long)d,
             (unsigned long long)ops, (unsigned long long)count_of(ops));
    spent += d;
    if (spent >= max_time) break;
  }
  free(klv);
  return fflush(stdout) == 0 ? 0 : 2;
}

static const char *value_of(const char *arg, const char *name) {
  size_t n = strlen(name);
  return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

int main(int argc, char **argv) {
  int csb = 0, runner = 0;
  uint64_t threads = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    if (strcmp(a, "--samples") == 0) runner = 1;
    else if ((v = value_of(a, "-t")) != NULL) {
      threads = parse_u64(v, strlen(v), "-t");
      if (threads == 0 || threads > 4096) die("%s", "-t: expected 1 to 4096");
      csb = 1;
    } else if ((v = value_of(a, "--ns")) != NULL) opt.ns = parse_double(v, "--ns");
    else if ((v = value_of(a, "--ops")) != NULL) opt.ops = parse_u64(v, strlen(v), "--ops");
    else if ((v = value_of(a, "--efficiency")) != NULL) opt.efficiency = parse_double(v, "--efficiency");
    else if ((v = value_of(a, "--jitter")) != NULL) opt.jitter_ppm = parse_u64(v, strlen(v), "--jitter");
    else if ((v = value_of(a, "--hold-ms")) != NULL) opt.hold_ms = parse_u64(v, strlen(v), "--hold-ms");
    else if ((v = value_of(a, "--count")) != NULL) {
      opt.count = parse_u64(v, strlen(v), "--count");
      opt.has_count = 1;
    } else if ((v = value_of(a, "--log")) != NULL) opt.log = v;
    else if ((v = value_of(a, "--label")) != NULL) opt.label = v;
    else die("unknown argument %s", a);
  }
  if (csb == runner) die("%s", "usage: model_runner [OPTIONS] -t=THREADS | model_runner [OPTIONS] --samples < KLV");
  if (opt.ops == 0 || !(opt.ns > 0) || opt.jitter_ppm >= 1000000) die("%s", "--ops and --ns must be above 0, --jitter below 1000000");
  return csb ? csb_run((unsigned)threads) : samples();
}
