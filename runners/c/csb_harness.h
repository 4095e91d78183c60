/*
 * csb_harness.h: multi-threaded throughput benchmarks in the style of CSB's builtin benchmarks, in
 * one C99 header. A program built with it runs T threads that each call one of the benchmark's
 * operations in a loop for a fixed time, then reports how many operations they completed: once on
 * CSB's command line with CSB's `key=val;` line, or as wall-clock samples over rebar's runner
 * protocol for bench-action.
 *
 * The benchmark: shared state, and up to CSB_MAX_OPS operations on it.
 *
 *   #include "csb_harness.h"
 *
 *   static void *make(uint64_t initial_size, unsigned threads) { ... return state; }
 *   static int push(void *state, unsigned thread, unsigned op) { ... return 1; }  // 1: succeeded
 *   static uint64_t total(void *state) { ... }
 *   static const char *const stack_ops[] = {"push", "pop"};
 *
 *   CSB_MAIN(
 *       CSB_BENCHMARK("stack", .ops = 2, .op_names = stack_ops, .init = make, .dispatch = push_or_pop,
 *                     .result = total, .destroy = free),
 *       CSB_BENCHMARK("counter", .init = make_counter, .dispatch = increment, .destroy = free)
 *   )
 *
 * CSB_BENCHMARK(name, ...) takes the name (a string literal, [A-Za-z0-9_./:-]+) and designated
 * initialisers of the fields of csb_benchmark below; every field but .dispatch may be left out.
 * Per run, the harness calls init once, then in each thread thread_init, dispatch in the timed loop
 * and thread_done after that thread's timed loop has ended, then result and destroy once. A thread
 * is numbered 0..T-1 and dispatch gets the index of the operation to run, drawn for every call by a
 * per-thread xorshift generator according to the frequencies (out of 1024).
 *
 * CSB's command line (a run prints one line; -d takes fractions):
 *
 *   BINARY [NAME | --bench NAME] [-t=T] [-d=D] [-n=N] [-s=S] [-op0=F0 -op1=F1 ...]
 *
 *   -t=T   threads (pthread_create), default 1        -d=D   duration in seconds, default 1
 *   -n=N   nop instructions after each operation, 0   -s=S   passed to init as initial_size, 0
 *   -opK=F how many of every 1024 operations are operation K; the given frequencies must sum to
 *          1024 (the others are 0). Default: 1024 split evenly, -op0=1024 for one operation.
 *
 * NAME is needed only when the binary registers several benchmarks. Other commands:
 *
 *   BINARY --list                  one benchmark name per line
 *   BINARY --samples [NAME] < KLV  wall-clock samples for bench-action (below)
 *   BINARY --version               harness name and version
 *
 * The CSB line. All threads wait at a barrier, are released together, and each counts its
 * operations until the main thread sets the stop flag once the duration has passed; each thread
 * times its own loop with clock_gettime(CLOCK_MONOTONIC). Then it prints, on one line, these of the
 * keys of CSB's builtin benchmarks, in CSB's order:
 *
 *   num_threads, init_sz, max_noise (-n), duration (-d, seconds), opK_dist (-opK), algo_name
 *   opK_NAME_count, opK_NAME_succ_count  operations K called, and those that returned non-zero;
 *                                        opK_count... when the operation has no name
 *   opK_NAME_skipped_count               always 0 (CSB: operations preempted mid-way)
 *   opK_NAME_succ_percent                100 * succ_count / count, two decimals
 *   univ_count, univ_succ_count, univ_skipped_count, univ_succ_percent: the same over all operations
 *   throughput_max, throughput_min       operations per MILLIsecond: univ_count divided by the
 *                                        shortest and by the longest thread's duration
 *   duration_max_ms, duration_min_ms     the longest and shortest thread's duration, in
 *                                        MICROseconds, as CSB prints them despite the names
 *   sys_time, usr_time                   CPU time of the whole process, microseconds (getrusage)
 *   max_rss_kb                           the process's peak resident memory, KiB
 *   count                                result(state) after the run; only when .result is given
 *
 * Only count is not CSB's. CSB's per-operation latency keys (_max, _min, _sum, _avg, _histogram)
 * and its time-stamp-counter keys (_clk, _ts, ticks_to_ms) are not printed: they need two clock
 * readings around every operation, which would cost more than the operations measured here.
 *
 * Wall-clock samples. `BINARY --samples [NAME]` reads a configuration in rebar's KLV format on
 * stdin (`key:length:value\n` items, the length in bytes) and prints one `duration_ns,count,iterations`
 * line per sample, as runners/README.md describes. A sample is one run of all threads for
 * `sample-time`: duration_ns is the longest thread's duration, iterations the operations completed
 * by all threads together (so iterations / duration_ns is the throughput), and count is
 * result(state) of that run, 0 without .result. Each sample starts from a fresh state (init, threads,
 * destroy). Keys, all decimal integers; others are ignored:
 *
 *   max-iters, max-time, max-warmup-iters, max-warmup-time   rebar's loop (nanoseconds), as in
 *                                                           runners/README.md; absent: 0
 *   sample-time   nanoseconds each sample runs; absent: 100 ms
 *   threads       threads; absent: 1
 *   param.nops, param.size, param.opK   as -n, -s and -opK
 *
 * Exit status: 0; 2 for a bad command line (unknown option or name, frequencies not summing to
 * 1024, no name when there are several benchmarks); 1 for malformed or invalid KLV, invalid
 * registered benchmarks, or a thread that cannot be started.
 *
 * Needs POSIX threads and clocks: build with -pthread; with -std=c99, add
 * -D_POSIX_C_SOURCE=200809L. Include it with CSB_MAIN in exactly one .c file.
 */
#ifndef CSB_HARNESS_H
#define CSB_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#define CSB_HARNESS_NAME "bench-action-csb-harness-c"
#define CSB_HARNESS_VERSION "0.1.0"

/* Exit status for a bad command line or an unknown benchmark name. */
#define CSB_EXIT_USAGE 2
/* Exit status for invalid KLV on stdin, invalid registered benchmarks, or a failure to run. */
#define CSB_EXIT_INVALID 1

/* Operation frequencies are given out of this many operations. */
#define CSB_DISTRIBUTION 1024
/* The most operations one benchmark may have. */
#define CSB_MAX_OPS 64
/* The most threads one run may use. */
#define CSB_MAX_THREADS 4096

#ifdef __cplusplus
extern "C" {
#endif

typedef struct csb_benchmark {
    /* [A-Za-z0-9_./:-]+, unique in the binary; printed as algo_name. */
    const char *name;
    /* How many operations dispatch knows, 1..CSB_MAX_OPS; 0 means 1. */
    unsigned ops;
    /* Optional names of the operations, for the opK_NAME_ keys of the CSB line: `ops` entries. */
    const char *const *op_names;
    /* Builds the shared state, before the threads start; NULL: the state is NULL. */
    void *(*init)(uint64_t initial_size, unsigned threads);
    /* Optional: runs in each thread before the start barrier. */
    void (*thread_init)(void *state, unsigned thread);
    /* Required: one operation of index op (0..ops-1) by thread `thread`; non-zero means it succeeded. */
    int (*dispatch)(void *state, unsigned thread, unsigned op);
    /* Optional: runs in each thread once its timed loop has ended, outside the timed region. */
    void (*thread_done)(void *state, unsigned thread);
    /* Optional: a check value after every thread is done, e.g. a counter's total: the count. */
    uint64_t (*result)(void *state);
    /* Optional: releases the state. */
    void (*destroy)(void *state);
} csb_benchmark;

/* One entry of CSB_MAIN: the name, then designated initialisers such as .dispatch = f. */
#define CSB_BENCHMARK(bench_name, ...) { .name = (bench_name), __VA_ARGS__ }

/* Defines the table of benchmarks and main(), which runs the harness on them. No semicolon after it. */
#define CSB_MAIN(...)                                                                            \
    static const csb_benchmark csb_registered_benchmarks[] = { __VA_ARGS__ };                    \
    int main(int argc, char **argv) {                                                            \
        return csb_main(argc, argv, csb_registered_benchmarks,                                   \
                        sizeof csb_registered_benchmarks / sizeof *csb_registered_benchmarks);   \
    }

/* Parses the command line and runs the harness; returns main()'s exit status. */
int csb_main(int argc, char **argv, const csb_benchmark *benchmarks, size_t count);

#ifndef CSB_HARNESS_NO_IMPLEMENTATION

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>

/* Threads' counters are kept this far apart so that no two share a cache line (or a prefetched pair). */
#define CSB_CACHE_LINE 128
/* How much of a key or value an error message shows. */
#define CSB_SHOWN(size) ((int)((size) < 60 ? (size) : 60))

/* The stop flag: read by every thread on every operation, written once by the main thread. */
#if defined(__GNUC__) || defined(__clang__)
#define CSB_LOAD_RELAXED(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define CSB_STORE_RELAXED(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define CSB_NOP() __asm__ __volatile__("nop")
#else
#define CSB_LOAD_RELAXED(p) (*(volatile int *)(p))
#define CSB_STORE_RELAXED(p, v) (*(volatile int *)(p) = (v))
#define CSB_NOP() ((void)0)
#endif

/* A run's parameters: CSB's -t, -n, -s, -opK, and how long it lasts. */
typedef struct csb_params {
    unsigned threads;
    uint64_t nops;
    uint64_t size;
    unsigned weights[CSB_MAX_OPS];
    int weights_given;
} csb_params;

/* What one run measured, summed over its threads. */
typedef struct csb_outcome {
    uint64_t count[CSB_MAX_OPS];
    uint64_t succ[CSB_MAX_OPS];
    uint64_t univ_count;
    uint64_t univ_succ;
    uint64_t duration_min_ns;
    uint64_t duration_max_ns;
    uint64_t result;
} csb_outcome;

/* A barrier of mutex and condition variable: pthread_barrier_t is optional in POSIX (macOS lacks it). */
typedef struct csb_barrier {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    unsigned parties, waiting, generation;
} csb_barrier;

struct csb_run;

/* One thread's counters, on cache lines of its own, written only by that thread during the run. */
typedef struct csb_thread {
    uint64_t count[CSB_MAX_OPS];
    uint64_t succ[CSB_MAX_OPS];
    uint64_t start_ns, end_ns;
    struct csb_run *run;
    unsigned index;
    pthread_t handle;
} csb_thread;

typedef struct csb_run {
    /* Alone on its cache line: every thread reads it on every operation. */
    int stop;
    char pad[CSB_CACHE_LINE - sizeof(int)];
    const csb_benchmark *bench;
    void *state;
    uint64_t nops;
    unsigned ops;
    /* The operation for each of 1024 draws; single_op >= 0 when one operation has all of them. */
    int single_op;
    unsigned char table[CSB_DISTRIBUTION];
    csb_barrier start;
    unsigned char *threads; /* `count` csb_thread slots, `stride` bytes apart */
    size_t stride;
} csb_run;

static unsigned csb_ops(const csb_benchmark *b) { return b->ops == 0 ? 1 : b->ops; }

static uint64_t csb_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* Sleeps until the monotonic clock reaches `deadline_ns`, whatever signals interrupt it. */
static void csb_sleep_until(uint64_t deadline_ns) {
    for (;;) {
        uint64_t now = csb_now_ns();
        struct timespec rest;
        if (now >= deadline_ns) return;
        rest.tv_sec = (time_t)((deadline_ns - now) / 1000000000u);
        rest.tv_nsec = (long)((deadline_ns - now) % 1000000000u);
        nanosleep(&rest, NULL);
    }
}

static int csb_barrier_init(csb_barrier *b, unsigned parties) {
    b->parties = parties;
    b->waiting = 0;
    b->generation = 0;
    if (pthread_mutex_init(&b->mutex, NULL) != 0) return 0;
    if (pthread_cond_init(&b->cond, NULL) != 0) {
        pthread_mutex_destroy(&b->mutex);
        return 0;
    }
    return 1;
}

static void csb_barrier_wait(csb_barrier *b) {
    unsigned generation;
    pthread_mutex_lock(&b->mutex);
    generation = b->generation;
    if (++b->waiting == b->parties) {
        b->waiting = 0;
        b->generation++;
        pthread_cond_broadcast(&b->cond);
    } else {
        while (generation == b->generation) pthread_cond_wait(&b->cond, &b->mutex);
    }
    pthread_mutex_unlock(&b->mutex);
}

static void csb_barrier_destroy(csb_barrier *b) {
    pthread_cond_destroy(&b->cond);
    pthread_mutex_destroy(&b->mutex);
}

static csb_thread *csb_thread_at(const csb_run *run, unsigned i) {
    return (csb_thread *)(void *)(run->threads + (size_t)i * run->stride);
}

/* xorshift64*: a few cycles per draw; the top 10 bits pick one of the 1024 slots. */
static unsigned csb_next_slot(uint64_t *x) {
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return (unsigned)((*x * 0x2545F4914F6CDD1Dull) >> 54);
}

static void *csb_thread_main(void *arg) {
    csb_thread *t = (csb_thread *)arg;
    csb_run *run = t->run;
    const csb_benchmark *b = run->bench;
    int (*dispatch)(void *, unsigned, unsigned) = b->dispatch;
    void *state = run->state;
    const unsigned thread = t->index;
    const uint64_t nops = run->nops;
    const int single_op = run->single_op;
    uint64_t rng = 0x9E3779B97F4A7C15ull * ((uint64_t)thread + 1);

    if (b->thread_init != NULL) b->thread_init(state, thread);
    csb_barrier_wait(&run->start);
    t->start_ns = csb_now_ns();
    while (!CSB_LOAD_RELAXED(&run->stop)) {
        unsigned op = single_op >= 0 ? (unsigned)single_op : run->table[csb_next_slot(&rng)];
        uint64_t n;
        int ok = dispatch(state, thread, op);
        t->count[op]++;
        t->succ[op] += ok != 0;
        for (n = 0; n < nops; n++) CSB_NOP();
    }
    t->end_ns = csb_now_ns();
    if (b->thread_done != NULL) b->thread_done(state, thread);
    return NULL;
}

/*
 * One run: init, the threads released together at a barrier, stopped after `duration_ns`, then
 * result and destroy. Returns 0 after a message if the threads cannot be started.
 */
static int csb_run_once(const csb_benchmark *b, const csb_params *p, uint64_t duration_ns, csb_outcome *out) {
    csb_run *run;
    unsigned ops = csb_ops(b), i, op, slot = 0, started = 0;
    void *run_memory = NULL, *threads_memory = NULL;
    int error = 0;

    /* Aligned, so that the stop flag shares its cache line with nothing another thread writes. */
    if (posix_memalign(&run_memory, CSB_CACHE_LINE, sizeof *run) != 0) {
        fprintf(stderr, "out of memory\n");
        return 0;
    }
    run = (csb_run *)run_memory;
    memset(run, 0, sizeof *run);
    run->bench = b;
    run->nops = p->nops;
    run->ops = ops;
    run->single_op = -1;
    for (op = 0; op < ops; op++) {
        unsigned w;
        if (p->weights[op] == CSB_DISTRIBUTION) run->single_op = (int)op;
        for (w = 0; w < p->weights[op]; w++) run->table[slot++] = (unsigned char)op;
    }
    run->stride = (sizeof(csb_thread) + CSB_CACHE_LINE - 1) / CSB_CACHE_LINE * CSB_CACHE_LINE;
    if (posix_memalign(&threads_memory, CSB_CACHE_LINE, run->stride * p->threads) != 0) {
        fprintf(stderr, "out of memory for %u threads\n", p->threads);
        free(run);
        return 0;
    }
    run->threads = (unsigned char *)threads_memory;
    memset(run->threads, 0, run->stride * p->threads);
    if (!csb_barrier_init(&run->start, p->threads + 1)) {
        fprintf(stderr, "cannot create the start barrier\n");
        free(threads_memory);
        free(run);
        return 0;
    }

    run->state = b->init != NULL ? b->init(p->size, p->threads) : NULL;
    for (i = 0; i < p->threads; i++) {
        csb_thread *t = csb_thread_at(run, i);
        t->run = run;
        t->index = i;
        error = pthread_create(&t->handle, NULL, csb_thread_main, t);
        if (error != 0) break;
        started++;
    }
    if (started < p->threads) {
        /* The threads already waiting at the barrier cannot be released safely: give up. */
        fprintf(stderr, "cannot start thread %u of %u: %s\n", started + 1, p->threads, strerror(error));
        exit(CSB_EXIT_INVALID);
    }
    csb_barrier_wait(&run->start);
    csb_sleep_until(csb_now_ns() + duration_ns);
    CSB_STORE_RELAXED(&run->stop, 1);
    for (i = 0; i < p->threads; i++) pthread_join(csb_thread_at(run, i)->handle, NULL);

    memset(out, 0, sizeof *out);
    out->duration_min_ns = UINT64_MAX;
    for (i = 0; i < p->threads; i++) {
        const csb_thread *t = csb_thread_at(run, i);
        uint64_t duration = t->end_ns - t->start_ns;
        for (op = 0; op < ops; op++) {
            out->count[op] += t->count[op];
            out->succ[op] += t->succ[op];
        }
        if (duration < out->duration_min_ns) out->duration_min_ns = duration;
        if (duration > out->duration_max_ns) out->duration_max_ns = duration;
    }
    for (op = 0; op < ops; op++) {
        out->univ_count += out->count[op];
        out->univ_succ += out->succ[op];
    }
    out->result = b->result != NULL ? b->result(run->state) : 0;
    if (b->destroy != NULL) b->destroy(run->state);
    csb_barrier_destroy(&run->start);
    free(threads_memory);
    free(run);
    return 1;
}

/* Whether `name` can be printed by --list and given back: [A-Za-z0-9_./:-]+. */
static int csb_is_valid_name(const char *name) {
    const char *c;
    if (name == NULL || *name == '\0') return 0;
    for (c = name; *c != '\0'; c++) {
        int ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                 *c == '_' || *c == '.' || *c == '/' || *c == ':' || *c == '-';
        if (!ok) return 0;
    }
    return 1;
}

static int csb_check_benchmarks(const csb_benchmark *benchmarks, size_t count) {
    size_t i, j;
    for (i = 0; i < count; i++) {
        const csb_benchmark *b = &benchmarks[i];
        if (!csb_is_valid_name(b->name)) {
            fprintf(stderr, "benchmark name \"%s\" is invalid: use letters, digits and _ . / : -\n",
                    b->name ? b->name : "(null)");
            return 0;
        }
        if (b->dispatch == NULL) {
            fprintf(stderr, "benchmark \"%s\" has no .dispatch function\n", b->name);
            return 0;
        }
        if (csb_ops(b) > CSB_MAX_OPS) {
            fprintf(stderr, "benchmark \"%s\" has %u operations; at most %d are supported\n", b->name, b->ops,
                    CSB_MAX_OPS);
            return 0;
        }
        for (j = 0; j < i; j++) {
            if (strcmp(b->name, benchmarks[j].name) == 0) {
                fprintf(stderr, "benchmark name \"%s\" is registered twice\n", b->name);
                return 0;
            }
        }
    }
    return 1;
}

/* Reads a decimal integer no larger than `max` from `size` bytes; 0 if they are not one. */
static int csb_parse_u64(const char *text, size_t size, uint64_t max, uint64_t *value) {
    uint64_t result = 0;
    size_t i;
    if (size == 0) return 0;
    for (i = 0; i < size; i++) {
        uint64_t digit;
        if (text[i] < '0' || text[i] > '9') return 0;
        digit = (uint64_t)(text[i] - '0');
        if (result > (max - digit) / 10) return 0;
        result = result * 10 + digit;
    }
    *value = result;
    return 1;
}

/*
 * The frequencies in effect: those given (the others 0), which must sum to 1024, or 1024 split evenly
 * when none is given. Returns 0 after a message when they do not sum to 1024.
 */
static int csb_settle_weights(const csb_benchmark *b, csb_params *p, const char *how) {
    unsigned ops = csb_ops(b), op, sum = 0;
    if (!p->weights_given) {
        for (op = 0; op < ops; op++)
            p->weights[op] = CSB_DISTRIBUTION / ops + (op < CSB_DISTRIBUTION % ops ? 1u : 0u);
        return 1;
    }
    for (op = 0; op < ops; op++) sum += p->weights[op];
    if (sum == CSB_DISTRIBUTION) return 1;
    fprintf(stderr, "the operation frequencies (%s) of \"%s\" sum to %u; they must sum to %d\n", how, b->name, sum,
            CSB_DISTRIBUTION);
    return 0;
}

/* Prints the operation's key prefix: opK_NAME, or opK when it has no name. */
static void csb_print_op_key(const csb_benchmark *b, unsigned op, const char *field) {
    if (b->op_names != NULL && b->op_names[op] != NULL)
        printf("op%u_%s_%s=", op, b->op_names[op], field);
    else
        printf("op%u_%s=", op, field);
}

static double csb_percent(uint64_t part, uint64_t whole) {
    return whole == 0 ? 0.0 : (double)part * 100.0 / (double)whole;
}

/* Operations per millisecond over `duration_ns`, as CSB's throughput keys; 0 for an empty duration. */
static double csb_per_ms(uint64_t operations, uint64_t duration_ns) {
    return duration_ns == 0 ? 0.0 : (double)operations * 1e6 / (double)duration_ns;
}

/* CSB's line: its parameters, the operations' counts, throughput, durations and resource usage. */
static void csb_print_line(const csb_benchmark *b, const csb_params *p, double duration_s, const csb_outcome *o) {
    unsigned ops = csb_ops(b), op;
    struct rusage usage;
    long long max_rss_kb;

    printf("num_threads=%u;init_sz=%llu;max_noise=%llu;duration=%g;", p->threads, (unsigned long long)p->size,
           (unsigned long long)p->nops, duration_s);
    for (op = 0; op < ops; op++) printf("op%u_dist=%u;", op, p->weights[op]);
    printf("algo_name=%s;", b->name);
    for (op = 0; op < ops; op++) {
        csb_print_op_key(b, op, "count");
        printf("%llu;", (unsigned long long)o->count[op]);
        csb_print_op_key(b, op, "succ_count");
        printf("%llu;", (unsigned long long)o->succ[op]);
        csb_print_op_key(b, op, "skipped_count");
        printf("0;");
        csb_print_op_key(b, op, "succ_percent");
        printf("%.2f;", csb_percent(o->succ[op], o->count[op]));
    }
    printf("univ_count=%llu;univ_succ_count=%llu;univ_skipped_count=0;univ_succ_percent=%.2f;",
           (unsigned long long)o->univ_count, (unsigned long long)o->univ_succ,
           csb_percent(o->univ_succ, o->univ_count));
    printf("throughput_max=%.8f;throughput_min=%.8f;", csb_per_ms(o->univ_count, o->duration_min_ns),
           csb_per_ms(o->univ_count, o->duration_max_ns));
    printf("duration_max_ms=%llu;duration_min_ms=%llu;", (unsigned long long)(o->duration_max_ns / 1000),
           (unsigned long long)(o->duration_min_ns / 1000));
    memset(&usage, 0, sizeof usage);
    getrusage(RUSAGE_SELF, &usage);
#ifdef __APPLE__
    max_rss_kb = (long long)usage.ru_maxrss / 1024; /* bytes on macOS */
#else
    max_rss_kb = (long long)usage.ru_maxrss; /* KiB on Linux and the BSDs */
#endif
    printf("sys_time=%lld;usr_time=%lld;max_rss_kb=%lld;",
           (long long)usage.ru_stime.tv_sec * 1000000 + (long long)usage.ru_stime.tv_usec,
           (long long)usage.ru_utime.tv_sec * 1000000 + (long long)usage.ru_utime.tv_usec, max_rss_kb);
    if (b->result != NULL) printf("count=%llu;", (unsigned long long)o->result);
    printf("\n");
}

/* The keys of the KLV configuration --samples honours; times in nanoseconds. */
typedef struct csb_sample_config {
    uint64_t max_iters, max_time_ns, max_warmup_iters, max_warmup_time_ns, sample_time_ns;
} csb_sample_config;

static int csb_key_is(const char *key, size_t size, const char *name) {
    return strlen(name) == size && memcmp(key, name, size) == 0;
}

/* Stores an honoured key's value; every other key is ignored. 0 after a message if the value is bad. */
static int csb_config_item(const csb_benchmark *b, csb_sample_config *config, csb_params *p, const char *key,
                           size_t key_size, const char *value, size_t value_size) {
    uint64_t *field = NULL, number, max = UINT64_MAX;
    uint64_t threads = 0, weight = 0, op = 0;
    int is_threads = 0, is_weight = 0;
    if (csb_key_is(key, key_size, "max-iters")) field = &config->max_iters;
    else if (csb_key_is(key, key_size, "max-time")) field = &config->max_time_ns;
    else if (csb_key_is(key, key_size, "max-warmup-iters")) field = &config->max_warmup_iters;
    else if (csb_key_is(key, key_size, "max-warmup-time")) field = &config->max_warmup_time_ns;
    else if (csb_key_is(key, key_size, "sample-time")) field = &config->sample_time_ns;
    else if (csb_key_is(key, key_size, "param.nops")) field = &p->nops;
    else if (csb_key_is(key, key_size, "param.size")) field = &p->size;
    else if (csb_key_is(key, key_size, "threads")) {
        field = &threads;
        is_threads = 1;
        max = CSB_MAX_THREADS;
    } else if (key_size > 8 && memcmp(key, "param.op", 8) == 0 && csb_parse_u64(key + 8, key_size - 8, 1000, &op)) {
        if (op >= csb_ops(b)) {
            fprintf(stderr, "invalid configuration on stdin: '%.*s': \"%s\" has %u operation(s), numbered from 0\n",
                    CSB_SHOWN(key_size), key, b->name, csb_ops(b));
            return 0;
        }
        field = &weight;
        is_weight = 1;
        max = CSB_DISTRIBUTION;
    }
    if (field == NULL) return 1;
    if (!csb_parse_u64(value, value_size, max, &number) || (is_threads && number == 0)) {
        fprintf(stderr, "invalid configuration on stdin: the value of '%.*s' is \"%.*s\", expected a decimal integer",
                CSB_SHOWN(key_size), key, CSB_SHOWN(value_size), value);
        if (is_threads || is_weight) fprintf(stderr, " from %d to %d", is_threads ? 1 : 0, (int)max);
        fprintf(stderr, "\n");
        return 0;
    }
    *field = number;
    if (is_threads) p->threads = (unsigned)threads;
    if (is_weight) {
        p->weights[op] = (unsigned)weight;
        p->weights_given = 1;
    }
    return 1;
}

/*
 * Reads a configuration in rebar's KLV format: `key:length:value\n` items, the length counted in
 * bytes, the value any bytes at all. Strict: every byte must belong to a well-formed item. Returns 0
 * after a message naming the item and the byte offset where it went wrong.
 */
static int csb_parse_config(const csb_benchmark *b, const char *data, size_t size, csb_sample_config *config,
                            csb_params *p) {
    size_t pos = 0;
    while (pos < size) {
        size_t start = pos, key_size, length_start;
        const char *key = data + pos;
        uint64_t length;
        while (pos < size && data[pos] != ':' && data[pos] != '\n') pos++;
        if (pos == size || data[pos] != ':') {
            fprintf(stderr,
                    "invalid configuration on stdin: expected a KLV item `key:length:value`, found no ':' after the "
                    "key (at byte %llu)\n",
                    (unsigned long long)start);
            return 0;
        }
        key_size = pos - start;
        if (key_size == 0) {
            fprintf(stderr, "invalid configuration on stdin: a KLV item has an empty key (at byte %llu)\n",
                    (unsigned long long)start);
            return 0;
        }
        length_start = ++pos;
        while (pos < size && data[pos] >= '0' && data[pos] <= '9') pos++;
        if (pos == length_start || pos == size || data[pos] != ':' ||
            !csb_parse_u64(data + length_start, pos - length_start, UINT64_MAX, &length)) {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' has no decimal byte length followed by ':' "
                    "(at byte %llu)\n",
                    CSB_SHOWN(key_size), key, (unsigned long long)length_start);
            return 0;
        }
        pos++;
        if (length > size - pos) {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' has length %llu but only %llu bytes follow "
                    "(at byte %llu)\n",
                    CSB_SHOWN(key_size), key, (unsigned long long)length, (unsigned long long)(size - pos),
                    (unsigned long long)pos);
            return 0;
        }
        if (pos + (size_t)length == size || data[pos + (size_t)length] != '\n') {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' of length %llu is not followed by a newline "
                    "(is its length in bytes?) (at byte %llu)\n",
                    CSB_SHOWN(key_size), key, (unsigned long long)length, (unsigned long long)(pos + (size_t)length));
            return 0;
        }
        if (!csb_config_item(b, config, p, key, key_size, data + pos, (size_t)length)) return 0;
        pos += (size_t)length + 1;
    }
    return 1;
}

/* Reads `in` to its end into memory; NULL if it cannot. */
static char *csb_read_all(FILE *in, size_t *size) {
    size_t capacity = 4096, used = 0;
    char *data = (char *)malloc(capacity);
    while (data != NULL) {
        size_t got;
        if (used == capacity) {
            char *grown = (char *)realloc(data, capacity * 2);
            if (grown == NULL) break;
            data = grown;
            capacity *= 2;
        }
        got = fread(data + used, 1, capacity - used, in);
        used += got;
        if (got == 0) {
            if (ferror(in)) break;
            *size = used;
            return data;
        }
    }
    free(data);
    return NULL;
}

/* One wall-clock sample: a run's longest thread duration, its check value, its operations. */
typedef struct csb_sample {
    uint64_t duration_ns, count, iterations;
} csb_sample;

/*
 * --samples: rebar's loop, each batch one run of sample-time. Warmup runs until max-warmup-iters or
 * max-warmup-time, then samples until max-iters or max-time, the time checked after each run. The
 * lines are printed at the end, so printing never runs between samples.
 */
static int csb_samples(const csb_benchmark *b) {
    csb_sample_config config;
    csb_params p;
    csb_outcome outcome;
    csb_sample *samples;
    size_t size = 0, taken = 0, capacity, s;
    uint64_t i, start;
    char *data = csb_read_all(stdin, &size);
    int ok;

    if (data == NULL) {
        fprintf(stderr, "cannot read the configuration on stdin\n");
        return CSB_EXIT_INVALID;
    }
    memset(&config, 0, sizeof config);
    config.sample_time_ns = 100000000u;
    memset(&p, 0, sizeof p);
    p.threads = 1;
    ok = csb_parse_config(b, data, size, &config, &p);
    free(data);
    if (!ok || !csb_settle_weights(b, &p, "param.opK")) return CSB_EXIT_INVALID;
    if (config.max_iters == 0) return 0;
    capacity = config.max_iters < 1024 ? (size_t)config.max_iters : 1024;
    samples = (csb_sample *)malloc(capacity * sizeof *samples);
    if (samples == NULL) {
        fprintf(stderr, "out of memory for %lu samples\n", (unsigned long)capacity);
        return CSB_EXIT_INVALID;
    }
    start = csb_now_ns();
    for (i = 0; i < config.max_warmup_iters; i++) {
        if (!csb_run_once(b, &p, config.sample_time_ns, &outcome)) return CSB_EXIT_INVALID;
        if (csb_now_ns() - start >= config.max_warmup_time_ns) break;
    }
    start = csb_now_ns();
    for (i = 0; i < config.max_iters; i++) {
        if (taken == capacity) {
            csb_sample *grown = (csb_sample *)realloc(samples, 2 * capacity * sizeof *samples);
            if (grown == NULL) {
                fprintf(stderr, "out of memory after %lu samples\n", (unsigned long)taken);
                return CSB_EXIT_INVALID;
            }
            samples = grown;
            capacity *= 2;
        }
        if (!csb_run_once(b, &p, config.sample_time_ns, &outcome)) return CSB_EXIT_INVALID;
        samples[taken].duration_ns = outcome.duration_max_ns;
        samples[taken].count = outcome.result;
        samples[taken].iterations = outcome.univ_count;
        taken++;
        if (csb_now_ns() - start >= config.max_time_ns) break;
    }
    for (s = 0; s < taken; s++) {
        printf("%llu,%llu,%llu\n", (unsigned long long)samples[s].duration_ns, (unsigned long long)samples[s].count,
               (unsigned long long)samples[s].iterations);
    }
    free(samples);
    return 0;
}

static void csb_usage(FILE *out, const char *program) {
    fprintf(out,
            "usage: %s [NAME | --bench NAME] [-t=THREADS] [-d=SECONDS] [-n=NOPS] [-s=SIZE] [-opK=FREQUENCY ...]\n"
            "       %s --samples [NAME] < KLV | --list | --version\n",
            program, program);
}

/* The benchmark `name` selects; with no name, the only one. NULL after a message. */
static const csb_benchmark *csb_select(const csb_benchmark *benchmarks, size_t count, const char *name) {
    size_t i;
    if (name == NULL) {
        if (count == 1) return &benchmarks[0];
        fprintf(stderr, "this binary has %lu benchmarks; choose one with --bench NAME:", (unsigned long)count);
        for (i = 0; i < count; i++) fprintf(stderr, " %s", benchmarks[i].name);
        fprintf(stderr, "\n");
        return NULL;
    }
    for (i = 0; i < count; i++) {
        if (strcmp(benchmarks[i].name, name) == 0) return &benchmarks[i];
    }
    fprintf(stderr, "unknown benchmark \"%s\"; --list prints the %lu known ones\n", name, (unsigned long)count);
    return NULL;
}

/* `-X=` option with an unsigned value no larger than max; 0 after a message. */
static int csb_option_u64(const char *arg, size_t prefix, uint64_t max, uint64_t *value) {
    const char *text = arg + prefix;
    if (!csb_parse_u64(text, strlen(text), max, value)) {
        fprintf(stderr, "%.*s needs a decimal integer from 0 to %llu, got \"%s\"\n", (int)prefix, arg,
                (unsigned long long)max, text);
        return 0;
    }
    return 1;
}

int csb_main(int argc, char **argv, const csb_benchmark *benchmarks, size_t count) {
    const char *program = argc > 0 ? argv[0] : "BINARY";
    const char *name = NULL;
    int list = 0, version = 0, samples = 0, csb_options = 0, i;
    unsigned ops_named = 0; /* one more than the highest K of the -opK options */
    const csb_benchmark *bench;
    csb_params p;
    csb_outcome outcome;
    double duration_s = 1.0;

    memset(&p, 0, sizeof p);
    p.threads = 1;
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *chosen = NULL;
        uint64_t value;
        if (strcmp(arg, "--list") == 0) list = 1;
        else if (strcmp(arg, "--version") == 0) version = 1;
        else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            csb_usage(stdout, program);
            return 0;
        } else if (strcmp(arg, "--samples") == 0) {
            samples = 1;
            if (i + 1 < argc && argv[i + 1][0] != '-') chosen = argv[++i];
        } else if (strcmp(arg, "--bench") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "--bench needs a benchmark name\n");
                return CSB_EXIT_USAGE;
            }
            chosen = argv[++i];
        } else if (strncmp(arg, "--bench=", 8) == 0) chosen = arg + 8;
        else if (strncmp(arg, "-t=", 3) == 0) {
            if (!csb_option_u64(arg, 3, CSB_MAX_THREADS, &value)) return CSB_EXIT_USAGE;
            if (value == 0) {
                fprintf(stderr, "-t needs at least 1 thread\n");
                return CSB_EXIT_USAGE;
            }
            p.threads = (unsigned)value;
            csb_options = 1;
        } else if (strncmp(arg, "-n=", 3) == 0) {
            if (!csb_option_u64(arg, 3, UINT64_MAX, &p.nops)) return CSB_EXIT_USAGE;
            csb_options = 1;
        } else if (strncmp(arg, "-s=", 3) == 0) {
            if (!csb_option_u64(arg, 3, UINT64_MAX, &p.size)) return CSB_EXIT_USAGE;
            csb_options = 1;
        } else if (strncmp(arg, "-d=", 3) == 0) {
            char *end = NULL;
            errno = 0;
            duration_s = strtod(arg + 3, &end);
            if (arg[3] == '\0' || *end != '\0' || errno != 0 || !(duration_s > 0) || duration_s > 1e6) {
                fprintf(stderr, "-d needs a duration in seconds above 0 (fractions allowed), got \"%s\"\n", arg + 3);
                return CSB_EXIT_USAGE;
            }
            csb_options = 1;
        } else if (strncmp(arg, "-op", 3) == 0 && strchr(arg, '=') != NULL) {
            const char *equals = strchr(arg, '=');
            uint64_t op;
            if (!csb_parse_u64(arg + 3, (size_t)(equals - arg - 3), CSB_MAX_OPS - 1, &op)) {
                fprintf(stderr, "%s: expected -opK=FREQUENCY with K an operation index, 0 to %d\n", arg,
                        CSB_MAX_OPS - 1);
                return CSB_EXIT_USAGE;
            }
            if (!csb_option_u64(arg, (size_t)(equals - arg + 1), CSB_DISTRIBUTION, &value)) return CSB_EXIT_USAGE;
            p.weights[op] = (unsigned)value;
            p.weights_given = 1;
            if (op + 1 > ops_named) ops_named = (unsigned)op + 1;
            csb_options = 1;
        } else if (arg[0] != '-') chosen = arg;
        else {
            fprintf(stderr, "unknown option %s\n", arg);
            csb_usage(stderr, program);
            return CSB_EXIT_USAGE;
        }
        if (chosen != NULL) {
            if (name != NULL && strcmp(name, chosen) != 0) {
                fprintf(stderr, "two benchmark names given: %s and %s\n", name, chosen);
                return CSB_EXIT_USAGE;
            }
            name = chosen;
        }
    }
    if (version) {
        printf("%s %s\n", CSB_HARNESS_NAME, CSB_HARNESS_VERSION);
        return 0;
    }
    if (!csb_check_benchmarks(benchmarks, count)) return CSB_EXIT_INVALID;
    if (list) {
        size_t b;
        for (b = 0; b < count; b++) printf("%s\n", benchmarks[b].name);
        return 0;
    }
    bench = csb_select(benchmarks, count, name);
    if (bench == NULL) return CSB_EXIT_USAGE;
    if (samples) {
        if (csb_options) {
            fprintf(stderr, "--samples takes its parameters from the configuration on stdin, not -t -d -n -s -opK\n");
            return CSB_EXIT_USAGE;
        }
        return csb_samples(bench);
    }
    if (ops_named > csb_ops(bench)) {
        fprintf(stderr, "-op%u: \"%s\" has %u operation(s), numbered from 0\n", ops_named - 1, bench->name,
                csb_ops(bench));
        return CSB_EXIT_USAGE;
    }
    if (!csb_settle_weights(bench, &p, "-opK")) return CSB_EXIT_USAGE;
    if (!csb_run_once(bench, &p, (uint64_t)(duration_s * 1e9 + 0.5), &outcome)) return CSB_EXIT_INVALID;
    csb_print_line(bench, &p, duration_s, &outcome);
    return fflush(stdout) == 0 ? 0 : CSB_EXIT_INVALID;
}

#endif /* CSB_HARNESS_NO_IMPLEMENTATION */

#ifdef __cplusplus
}
#endif
#endif /* CSB_HARNESS_H */
