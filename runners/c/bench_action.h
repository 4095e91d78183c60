/*
 * bench_action.h: benchmarks for bench-action, instruction counts and wall-clock samples, in one
 * C99 header.
 *
 * A benchmark binary built with this header runs one benchmark per process:
 *
 *   BINARY --list           one benchmark name per line
 *   BINARY --run NAME       setup, then the benchmark once, then teardown
 *   BINARY --samples NAME   reads a KLV configuration on stdin, prints wall-clock samples
 *   BINARY --version        harness name and version
 *   BINARY                  runs every benchmark once, as a quick check that none fails
 *
 * For instruction counts, bench-action runs
 * `valgrind --tool=callgrind --toggle-collect=bench_action_measure BINARY --run NAME`.
 * Callgrind counts only what happens while bench_action_measure() is on the stack, so the setup, the
 * teardown, process start-up and argument parsing are not part of the count.
 *
 * For wall-clock time, bench-action runs `BINARY --samples NAME` with a configuration in rebar's KLV
 * format on stdin; the harness times batches of calls with clock_gettime(CLOCK_MONOTONIC) and prints
 * one `duration_ns,count,iterations` line per sample, count being the benchmark's return value.
 *
 *   #include "bench_action.h"
 *
 *   static void *make_table(void) { ... return table; }
 *   static void free_table(void *table) { free(table); }
 *   static uint64_t lookup(void *table) { return count_present(table, ...); }
 *   static uint64_t fib_20(void *unused) { (void)unused; return fib(bench_action_black_box(20)); }
 *   static void *make_array(void) { ... return array; }
 *   static uint64_t sort(void *array) { qsort(array, ...); return ((uint64_t *)array)[0]; }
 *
 *   BENCH_ACTION_MAIN(
 *       BENCH_ACTION("lookup", make_table, lookup, free_table),
 *       BENCH_ACTION("fibonacci_20", NULL, fib_20, NULL),
 *       BENCH_ACTION_MUT("sort", make_array, sort, free)
 *   )
 *
 * As in criterion, one function can be benchmarked over several inputs (BENCH_ACTION_WITH_INPUTS,
 * named NAME/VALUE), entries can be grouped (BENCH_ACTION_GROUP ... BENCH_ACTION_GROUP_END, named
 * GROUP/NAME), and an entry can declare the bytes or elements one call processes (BENCH_ACTION_BYTES,
 * BENCH_ACTION_ELEMENTS); wall-clock samples then add that work, times the calls, to each line.
 *
 * Wall-clock samples need clock_gettime(): it is there in the compilers' default modes and in C++;
 * with -std=c99, add -D_POSIX_C_SOURCE=199309L, or --samples reports that it is missing.
 *
 * Include it with BENCH_ACTION_MAIN in exactly one .c file: it defines bench_action_measure() and
 * bench_action_main(). Other files that only want bench_action_black_box() define
 * BENCH_ACTION_NO_IMPLEMENTATION before including it.
 */
#ifndef BENCH_ACTION_H
#define BENCH_ACTION_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_ACTION_HARNESS_NAME "bench-action-harness-c"
#define BENCH_ACTION_VERSION "0.1.0"

/* Exit status for a bad command line or an unknown benchmark name. */
#define BENCH_ACTION_EXIT_USAGE 2
/* Exit status when the registered benchmarks themselves are invalid (bad or duplicate names). */
#define BENCH_ACTION_EXIT_INVALID_BENCHMARKS 1
/* Exit status of --samples when the configuration on stdin cannot be read or is not valid KLV. */
#define BENCH_ACTION_EXIT_INVALID_CONFIGURATION 1

#ifdef __cplusplus
/* C linkage keeps the symbol name plain in C++ too, which is what --toggle-collect matches. */
extern "C" {
#endif

/* Builds the benchmark's input before the counted region; NULL means the input is NULL. */
typedef void *(*bench_action_setup_fn)(void);
/* The measured function. Its result is passed through a black box, so return what it computed. */
typedef uint64_t (*bench_action_benchmark_fn)(void *input);
/* Releases the input after the counted region; NULL means nothing to release. */
typedef void (*bench_action_teardown_fn)(void *input);
/* Builds the input of one benchmark of BENCH_ACTION_WITH_INPUTS from its value, before the counted region. */
typedef void *(*bench_action_setup_input_fn)(uint64_t value);

typedef struct bench_action_benchmark {
    const char *name; /* [A-Za-z0-9_./:-]+ */
    bench_action_setup_fn setup;
    bench_action_benchmark_fn benchmark;
    bench_action_teardown_fn teardown;
    /* 1 if the benchmark changes its input: each wall-clock sample is then one call on a fresh input. */
    int changes_input;
    /* The work of one call, for a rate beside the time: BENCH_ACTION_THROUGHPUT_* flags, 0 for none. */
    int throughput_kind;
    /* Bytes or elements of one call; with BENCH_ACTION_THROUGHPUT_PER_INPUT, per unit of the input value. */
    uint64_t throughput;
    /* BENCH_ACTION_WITH_INPUTS: one benchmark NAME/VALUE per value. */
    const uint64_t *inputs;
    size_t input_count;
    /* Builds the input from its value; NULL: the benchmark receives a pointer to its uint64_t value. */
    bench_action_setup_input_fn setup_input;
    /* 0 for a benchmark; BENCH_ACTION_GROUP and BENCH_ACTION_GROUP_END entries mark a group. */
    int role;
} bench_action_benchmark;

/* throughput_kind: what one call processes. */
#define BENCH_ACTION_THROUGHPUT_BYTES 1
#define BENCH_ACTION_THROUGHPUT_ELEMENTS 2
#define BENCH_ACTION_THROUGHPUT_PER_INPUT 4
/*
 * The throughput argument of the macros below (criterion's Throughput): the bytes or elements one call
 * processes, or that many per unit of the input value, for benchmarks with inputs.
 */
#define BENCH_ACTION_NO_THROUGHPUT 0, 0
#define BENCH_ACTION_BYTES(n) BENCH_ACTION_THROUGHPUT_BYTES, (uint64_t)(n)
#define BENCH_ACTION_ELEMENTS(n) BENCH_ACTION_THROUGHPUT_ELEMENTS, (uint64_t)(n)
#define BENCH_ACTION_BYTES_PER_INPUT(n) (BENCH_ACTION_THROUGHPUT_BYTES | BENCH_ACTION_THROUGHPUT_PER_INPUT), (uint64_t)(n)
#define BENCH_ACTION_ELEMENTS_PER_INPUT(n) \
    (BENCH_ACTION_THROUGHPUT_ELEMENTS | BENCH_ACTION_THROUGHPUT_PER_INPUT), (uint64_t)(n)

/*
 * One entry of the table given to BENCH_ACTION_MAIN. `name` is a string literal. Wall-clock samples
 * run setup once and time the benchmark many times on the same input.
 */
#define BENCH_ACTION(name, setup, benchmark, teardown) \
    { (name), (setup), (benchmark), (teardown), 0, BENCH_ACTION_NO_THROUGHPUT, NULL, 0, NULL, 0 }
/*
 * The same for a benchmark that changes its input (sorting, inserting, freeing): each wall-clock
 * sample times one call between its own setup and teardown, which are not timed. Instruction
 * counts are measured exactly as for BENCH_ACTION.
 */
#define BENCH_ACTION_MUT(name, setup, benchmark, teardown) \
    { (name), (setup), (benchmark), (teardown), 1, BENCH_ACTION_NO_THROUGHPUT, NULL, 0, NULL, 0 }
/* BENCH_ACTION and BENCH_ACTION_MUT with a declared throughput: BENCH_ACTION_BYTES(n), BENCH_ACTION_ELEMENTS(n). */
#define BENCH_ACTION_WITH_THROUGHPUT(name, setup, benchmark, teardown, throughput) \
    { (name), (setup), (benchmark), (teardown), 0, throughput, NULL, 0, NULL, 0 }
#define BENCH_ACTION_MUT_WITH_THROUGHPUT(name, setup, benchmark, teardown, throughput) \
    { (name), (setup), (benchmark), (teardown), 1, throughput, NULL, 0, NULL, 0 }
/*
 * One benchmark per value of `inputs`, a `static const uint64_t` array (criterion's bench_with_input
 * with BenchmarkId::new(name, value)), each named NAME/VALUE. `setup(value)` builds its input, or, when
 * NULL, the benchmark receives a pointer to its uint64_t value. `throughput` as above, typically
 * BENCH_ACTION_ELEMENTS_PER_INPUT(1); or BENCH_ACTION_NO_THROUGHPUT.
 */
#define BENCH_ACTION_WITH_INPUTS(name, inputs, setup, benchmark, teardown, throughput)                           \
    { (name), NULL, (benchmark), (teardown), 0, throughput, (inputs), sizeof(inputs) / sizeof((inputs)[0]), \
      (setup), 0 }
#define BENCH_ACTION_WITH_INPUTS_MUT(name, inputs, setup, benchmark, teardown, throughput)                       \
    { (name), NULL, (benchmark), (teardown), 1, throughput, (inputs), sizeof(inputs) / sizeof((inputs)[0]), \
      (setup), 0 }
/*
 * The entries between BENCH_ACTION_GROUP(name, throughput) and BENCH_ACTION_GROUP_END (criterion's
 * benchmark_group) are named GROUP/NAME, and take the group's throughput unless they declare their own.
 */
#define BENCH_ACTION_GROUP(name, throughput) { (name), NULL, NULL, NULL, 0, throughput, NULL, 0, NULL, 1 }
#define BENCH_ACTION_GROUP_END { NULL, NULL, NULL, NULL, 0, BENCH_ACTION_NO_THROUGHPUT, NULL, 0, NULL, 2 }

/* Defines the table of benchmarks and main(), which runs the harness on them. */
#define BENCH_ACTION_MAIN(...)                                                                      \
    static const bench_action_benchmark bench_action_benchmarks[] = { __VA_ARGS__ };                \
    int main(int argc, char **argv) {                                                               \
        return bench_action_main(argc, argv, bench_action_benchmarks,                               \
                                 sizeof bench_action_benchmarks / sizeof *bench_action_benchmarks); \
    }

/*
 * Hides a value from the optimiser: the compiler must assume it is read and may have changed. Wrap
 * constant arguments in it, fibonacci(bench_action_black_box(20)), so the work is not done at compile
 * time, and pass results through it so the work is not removed as unused.
 */
static inline uint64_t bench_action_black_box(uint64_t value) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__ volatile("" : "+r"(value) : : "memory");
    return value;
#else
    volatile uint64_t opaque = value;
    return opaque;
#endif
}

/* The same for a pointer: the memory it points to counts as read and possibly written. */
static inline void *bench_action_black_box_ptr(void *pointer) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__ volatile("" : "+r"(pointer) : : "memory");
    return pointer;
#else
    void *volatile opaque = pointer;
    return opaque;
#endif
}

/*
 * noinline keeps the counted region a real function; noclone stops gcc from specialising it into a
 * copy named bench_action_measure.constprop.0 or .isra.0, which --toggle-collect would not match;
 * used keeps it even if the optimiser sees no caller. gcc 8 and later also get noipa, which stops
 * every interprocedural optimisation across it.
 */
#if defined(__has_attribute)
#define BENCH_ACTION_HAS_ATTRIBUTE(x) __has_attribute(x)
#else
#define BENCH_ACTION_HAS_ATTRIBUTE(x) 0
#endif
#if defined(__clang__)
#define BENCH_ACTION_MEASURE_ATTRIBUTES __attribute__((noinline, used))
#elif defined(__GNUC__) && BENCH_ACTION_HAS_ATTRIBUTE(noipa)
#define BENCH_ACTION_MEASURE_ATTRIBUTES __attribute__((noinline, noclone, noipa, used))
#elif defined(__GNUC__)
#define BENCH_ACTION_MEASURE_ATTRIBUTES __attribute__((noinline, noclone, used))
#else
#define BENCH_ACTION_MEASURE_ATTRIBUTES
#endif

/*
 * The counted region: calls one benchmark on its input and passes the result through a black box.
 * Every benchmark goes through this one symbol, so --toggle-collect=bench_action_measure selects
 * exactly the benchmark call.
 */
BENCH_ACTION_MEASURE_ATTRIBUTES void bench_action_measure(bench_action_benchmark_fn benchmark, void *input);

/* Parses the command line and runs the harness; returns main()'s exit status. */
int bench_action_main(int argc, char **argv, const bench_action_benchmark *benchmarks, size_t count);

#ifndef BENCH_ACTION_NO_IMPLEMENTATION

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * Wall-clock samples read clock_gettime(CLOCK_MONOTONIC), which is POSIX: strict ISO modes such as
 * -std=c99 hide it unless a feature macro like _POSIX_C_SOURCE=199309L asks for it. Without it the
 * header still compiles and counts instructions; --samples then says what is missing.
 */
#if defined(CLOCK_MONOTONIC)
#define BENCH_ACTION_HAS_MONOTONIC_CLOCK 1
#else
#define BENCH_ACTION_HAS_MONOTONIC_CLOCK 0
#endif

BENCH_ACTION_MEASURE_ATTRIBUTES void bench_action_measure(bench_action_benchmark_fn benchmark, void *input) {
    /* Using the result after the call also keeps it a real call: a tail jump would leave this
       frame, and with it the counted region, before the benchmark runs. */
    bench_action_black_box(benchmark(input));
}

/* Whether `name` can be printed by --list and passed back to --run: [A-Za-z0-9_./:-]+. */
static int bench_action_is_valid_name(const char *name) {
    const char *c;
    if (name == NULL || *name == '\0') return 0;
    for (c = name; *c != '\0'; c++) {
        int ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                 *c == '_' || *c == '.' || *c == '/' || *c == ':' || *c == '-';
        if (!ok) return 0;
    }
    return 1;
}

/*
 * One benchmark as --list names it: an entry of the table, or one value of an entry's inputs, with the
 * group it is in and its throughput resolved.
 */
typedef struct bench_action_case {
    char *name;
    const bench_action_benchmark *entry;
    const uint64_t *value; /* the input value, for an entry with inputs; NULL otherwise */
    const char *group;     /* NULL outside a group */
    int throughput_kind;   /* BENCH_ACTION_THROUGHPUT_BYTES or _ELEMENTS, or 0 */
    uint64_t throughput;   /* the work of one call */
} bench_action_case;

static void bench_action_free_cases(bench_action_case *cases, size_t count) {
    size_t i;
    if (cases == NULL) return;
    for (i = 0; i < count; i++) free(cases[i].name);
    free(cases);
}

/* GROUP/NAME/VALUE, with the parts that exist; NULL when out of memory. */
static char *bench_action_case_name(const char *group, const char *name, const uint64_t *value) {
    size_t size = strlen(name) + (group != NULL ? strlen(group) + 1 : 0) + (value != NULL ? 22 : 0) + 1;
    char *text = (char *)malloc(size);
    if (text == NULL) return NULL;
    if (group != NULL && value != NULL)
        snprintf(text, size, "%s/%s/%llu", group, name, (unsigned long long)*value);
    else if (group != NULL)
        snprintf(text, size, "%s/%s", group, name);
    else if (value != NULL)
        snprintf(text, size, "%s/%llu", name, (unsigned long long)*value);
    else
        snprintf(text, size, "%s", name);
    return text;
}

/*
 * The benchmarks of the table: groups resolved, inputs expanded. Checks that every name is valid and
 * unique, so --list output can be trusted line by line. NULL after a message when the table is invalid.
 */
static bench_action_case *bench_action_cases(const bench_action_benchmark *benchmarks, size_t count,
                                             size_t *cases_count) {
    const bench_action_benchmark *group = NULL;
    bench_action_case *cases;
    size_t total = 0, n = 0, i, j, k;
    for (i = 0; i < count; i++) total += benchmarks[i].inputs != NULL ? benchmarks[i].input_count : 1;
    cases = (bench_action_case *)calloc(total > 0 ? total : 1, sizeof *cases);
    if (cases == NULL) {
        fprintf(stderr, "out of memory for %lu benchmarks\n", (unsigned long)total);
        return NULL;
    }
    for (i = 0; i < count; i++) {
        const bench_action_benchmark *entry = &benchmarks[i];
        if (entry->role == 1) {
            if (group != NULL || !bench_action_is_valid_name(entry->name)) {
                fprintf(stderr, group != NULL ? "benchmark group \"%s\" starts inside another group\n"
                                              : "benchmark group name \"%s\" is invalid: use letters, digits and _ . / : -\n",
                        entry->name ? entry->name : "(null)");
                bench_action_free_cases(cases, n);
                return NULL;
            }
            group = entry;
            continue;
        }
        if (entry->role == 2) {
            if (group == NULL) {
                fprintf(stderr, "BENCH_ACTION_GROUP_END without a group\n");
                bench_action_free_cases(cases, n);
                return NULL;
            }
            group = NULL;
            continue;
        }
        if (!bench_action_is_valid_name(entry->name)) {
            fprintf(stderr, "benchmark name \"%s\" is invalid: use letters, digits and _ . / : -\n",
                    entry->name ? entry->name : "(null)");
            bench_action_free_cases(cases, n);
            return NULL;
        }
        if (entry->benchmark == NULL) {
            fprintf(stderr, "benchmark \"%s\" has no benchmark function\n", entry->name);
            bench_action_free_cases(cases, n);
            return NULL;
        }
        for (k = 0; k < (entry->inputs != NULL ? entry->input_count : 1); k++) {
            bench_action_case *c = &cases[n];
            int kind = entry->throughput_kind != 0 ? entry->throughput_kind : group != NULL ? group->throughput_kind : 0;
            uint64_t amount = entry->throughput_kind != 0 ? entry->throughput : group != NULL ? group->throughput : 0;
            c->entry = entry;
            c->value = entry->inputs != NULL ? &entry->inputs[k] : NULL;
            c->group = group != NULL ? group->name : NULL;
            c->throughput_kind = kind & (BENCH_ACTION_THROUGHPUT_BYTES | BENCH_ACTION_THROUGHPUT_ELEMENTS);
            c->throughput = (kind & BENCH_ACTION_THROUGHPUT_PER_INPUT) ? (c->value != NULL ? amount * *c->value : 0)
                                                                        : amount;
            if ((kind & BENCH_ACTION_THROUGHPUT_PER_INPUT) && c->value == NULL) c->throughput_kind = 0;
            c->name = bench_action_case_name(c->group, entry->name, c->value);
            if (c->name == NULL) {
                fprintf(stderr, "out of memory for the benchmark names\n");
                bench_action_free_cases(cases, n);
                return NULL;
            }
            n++;
            for (j = 0; j + 1 < n; j++) {
                if (strcmp(cases[j].name, c->name) == 0) {
                    fprintf(stderr, "benchmark name \"%s\" is registered twice\n", c->name);
                    bench_action_free_cases(cases, n);
                    return NULL;
                }
            }
        }
    }
    *cases_count = n;
    return cases;
}

static void *bench_action_setup_case(const bench_action_case *c) {
    const bench_action_benchmark *entry = c->entry;
    if (c->value != NULL) return entry->setup_input != NULL ? entry->setup_input(*c->value) : (void *)c->value;
    return entry->setup != NULL ? entry->setup() : NULL;
}

static void bench_action_run_one(const bench_action_case *c) {
    /* An opaque entry leaves the compiler no known benchmark to specialise the trampoline for. */
    const bench_action_benchmark *bench =
        (const bench_action_benchmark *)bench_action_black_box_ptr((void *)c->entry);
    void *input = bench_action_setup_case(c);
    bench_action_measure(bench->benchmark, input);
    if (bench->teardown != NULL) bench->teardown(input);
}

/* The benchmark --run NAME or --samples NAME selects, or NULL after a message. */
static const bench_action_case *bench_action_find(const bench_action_case *cases, size_t count, const char *name) {
    size_t b;
    for (b = 0; b < count; b++) {
        if (strcmp(cases[b].name, name) == 0) return &cases[b];
    }
    fprintf(stderr, "unknown benchmark \"%s\"; --list prints the %lu known ones\n", name, (unsigned long)count);
    return NULL;
}

#if BENCH_ACTION_HAS_MONOTONIC_CLOCK

/* The keys of the KLV configuration --samples honours; durations in nanoseconds. */
typedef struct bench_action_sample_config {
    uint64_t max_iters;          /* max-iters: the most samples; 0 runs nothing */
    uint64_t max_time_ns;        /* max-time: stop sampling once this much time has passed */
    uint64_t max_warmup_iters;   /* max-warmup-iters: the most warmup batches, discarded */
    uint64_t max_warmup_time_ns; /* max-warmup-time: stop warming up once this much time has passed */
    uint64_t sample_time_ns;     /* sample-time: how long one sample should take; 1 ms when absent */
} bench_action_sample_config;

/* One wall-clock sample: `iterations` calls timed together; `count` is the last call's result. */
typedef struct bench_action_sample {
    uint64_t duration_ns;
    uint64_t count;
    uint64_t iterations;
} bench_action_sample;

/* The most calls one sample times, whatever the clock says: calibration stops growing here. */
#define BENCH_ACTION_MAX_CALLS_PER_SAMPLE ((uint64_t)1 << 40)
/* How much of a key or value an error message shows. */
#define BENCH_ACTION_SHOWN(size) ((int)((size) < 60 ? (size) : 60))

/* Reads a decimal integer that fits in 64 bits from `size` bytes; 0 if they are not one. */
static int bench_action_parse_u64(const unsigned char *text, size_t size, uint64_t *value) {
    uint64_t result = 0;
    size_t i;
    if (size == 0) return 0;
    for (i = 0; i < size; i++) {
        uint64_t digit;
        if (text[i] < '0' || text[i] > '9') return 0;
        digit = (uint64_t)(text[i] - '0');
        if (result > (UINT64_MAX - digit) / 10) return 0;
        result = result * 10 + digit;
    }
    *value = result;
    return 1;
}

static int bench_action_key_is(const unsigned char *key, size_t size, const char *name) {
    return strlen(name) == size && memcmp(key, name, size) == 0;
}

/* Stores an honoured key's value; every other key is ignored. 0 after a message if the value is bad. */
static int bench_action_config_item(bench_action_sample_config *config, const unsigned char *key, size_t key_size,
                                    const unsigned char *value, size_t value_size) {
    uint64_t *field = NULL;
    if (bench_action_key_is(key, key_size, "max-iters")) field = &config->max_iters;
    else if (bench_action_key_is(key, key_size, "max-time")) field = &config->max_time_ns;
    else if (bench_action_key_is(key, key_size, "max-warmup-iters")) field = &config->max_warmup_iters;
    else if (bench_action_key_is(key, key_size, "max-warmup-time")) field = &config->max_warmup_time_ns;
    else if (bench_action_key_is(key, key_size, "sample-time")) field = &config->sample_time_ns;
    if (field == NULL || bench_action_parse_u64(value, value_size, field)) return 1;
    fprintf(stderr, "invalid configuration on stdin: the value of '%.*s' is \"%.*s\", expected a decimal integer\n",
            BENCH_ACTION_SHOWN(key_size), (const char *)key, BENCH_ACTION_SHOWN(value_size), (const char *)value);
    return 0;
}

/*
 * Reads a configuration in rebar's KLV format: `key:length:value\n` items, the length counted in
 * bytes, the value any bytes at all. Strict: every byte must belong to a well-formed item. Returns 0
 * after a message naming the item and the byte offset where it went wrong.
 */
static int bench_action_parse_config(const unsigned char *data, size_t size, bench_action_sample_config *config) {
    size_t pos = 0;
    memset(config, 0, sizeof *config);
    config->sample_time_ns = 1000000;
    while (pos < size) {
        size_t start = pos, key_size, length_start;
        const unsigned char *key = data + pos;
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
        if (pos == length_start || pos == size || data[pos] != ':') {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' has no decimal byte length followed by ':' "
                    "(at byte %llu)\n",
                    BENCH_ACTION_SHOWN(key_size), (const char *)key, (unsigned long long)length_start);
            return 0;
        }
        if (!bench_action_parse_u64(data + length_start, pos - length_start, &length)) {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' has a length too large to read (at byte "
                    "%llu)\n",
                    BENCH_ACTION_SHOWN(key_size), (const char *)key, (unsigned long long)length_start);
            return 0;
        }
        pos++;
        if (length > size - pos) {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' has length %llu but only %llu bytes follow "
                    "(at byte %llu)\n",
                    BENCH_ACTION_SHOWN(key_size), (const char *)key, (unsigned long long)length,
                    (unsigned long long)(size - pos), (unsigned long long)pos);
            return 0;
        }
        if (pos + (size_t)length == size || data[pos + (size_t)length] != '\n') {
            fprintf(stderr,
                    "invalid configuration on stdin: the KLV item '%.*s' of length %llu is not followed by a newline "
                    "(is its length in bytes?) (at byte %llu)\n",
                    BENCH_ACTION_SHOWN(key_size), (const char *)key, (unsigned long long)length,
                    (unsigned long long)(pos + (size_t)length));
            return 0;
        }
        if (!bench_action_config_item(config, key, key_size, data + pos, (size_t)length)) return 0;
        pos += (size_t)length + 1;
    }
    return 1;
}

/* Reads `in` to its end into memory; NULL if it cannot. */
static unsigned char *bench_action_read_all(FILE *in, size_t *size) {
    size_t capacity = 4096, used = 0;
    unsigned char *data = (unsigned char *)malloc(capacity);
    while (data != NULL) {
        size_t got;
        if (used == capacity) {
            unsigned char *grown = (unsigned char *)realloc(data, capacity * 2);
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

static uint64_t bench_action_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/*
 * The timed loop: `iterations` calls of `benchmark` on `input` between two readings of the monotonic
 * clock. The black boxes make every call really run, on an input the compiler must assume changed,
 * and keep every result. *count gets the last call's result.
 */
static uint64_t bench_action_time_calls(bench_action_benchmark_fn benchmark, void *input, uint64_t iterations,
                                        uint64_t *count) {
    uint64_t i, result = 0, start, end;
    start = bench_action_now_ns();
    for (i = 0; i < iterations; i++) result = bench_action_black_box(benchmark(bench_action_black_box_ptr(input)));
    end = bench_action_now_ns();
    *count = result;
    return end - start;
}

/* One batch; a benchmark that changes its input makes it one call between its own setup and teardown. */
static uint64_t bench_action_batch(const bench_action_case *c, void *input, uint64_t iterations, uint64_t *count) {
    const bench_action_benchmark *bench = c->entry;
    uint64_t duration;
    if (!bench->changes_input) return bench_action_time_calls(bench->benchmark, input, iterations, count);
    input = bench_action_setup_case(c);
    duration = bench_action_time_calls(bench->benchmark, input, 1, count);
    if (bench->teardown != NULL) bench->teardown(input);
    return duration;
}

/*
 * Setup, calibration, warmup, samples, teardown, with rebar's stopping rules: warmup batches until
 * max-warmup-iters or max-warmup-time, then samples until max-iters or max-time, the time checked
 * after each batch. The samples are printed at the end, so that output does not run between them.
 */
static int bench_action_take_samples(const bench_action_case *c, const bench_action_sample_config *config) {
    const bench_action_benchmark *bench =
        (const bench_action_benchmark *)bench_action_black_box_ptr((void *)c->entry);
    void *input = NULL;
    uint64_t iterations = 1, count, start, i;
    bench_action_sample *samples;
    size_t taken = 0, capacity, s;
    int status = 0;

    if (config->max_iters == 0) return 0;
    capacity = config->max_iters < 1024 ? (size_t)config->max_iters : 1024;
    samples = (bench_action_sample *)malloc(capacity * sizeof *samples);
    if (samples == NULL) {
        fprintf(stderr, "out of memory for %lu samples\n", (unsigned long)capacity);
        return 1;
    }
    if (!bench->changes_input) {
        input = bench_action_setup_case(c);
        /* Calibration: the calls per sample double from 1 until a batch takes the sample time, twice
         * running: the first calls are often slow (cold caches, page faults, lazy binding) and a
         * shared machine can stall any batch, so one slow batch alone does not end the search. */
        while (iterations < BENCH_ACTION_MAX_CALLS_PER_SAMPLE &&
               (bench_action_time_calls(bench->benchmark, input, iterations, &count) < config->sample_time_ns ||
                bench_action_time_calls(bench->benchmark, input, iterations, &count) < config->sample_time_ns / 2))
            iterations *= 2;
    }
    start = bench_action_now_ns();
    for (i = 0; i < config->max_warmup_iters; i++) {
        bench_action_batch(c, input, iterations, &count);
        if (bench_action_now_ns() - start >= config->max_warmup_time_ns) break;
    }
    start = bench_action_now_ns();
    for (i = 0; i < config->max_iters; i++) {
        if (taken == capacity) {
            bench_action_sample *grown = (bench_action_sample *)realloc(samples, 2 * capacity * sizeof *samples);
            if (grown == NULL) {
                fprintf(stderr, "out of memory after %lu samples\n", (unsigned long)taken);
                status = 1;
                break;
            }
            samples = grown;
            capacity *= 2;
        }
        samples[taken].duration_ns = bench_action_batch(c, input, iterations, &samples[taken].count);
        samples[taken].iterations = iterations;
        taken++;
        if (bench_action_now_ns() - start >= config->max_time_ns) break;
    }
    if (!bench->changes_input && bench->teardown != NULL) bench->teardown(input);
    if (status == 0) {
        /* A declared throughput adds the sample's work: bytes as a fourth field, elements as a fifth. */
        for (s = 0; s < taken; s++) {
            unsigned long long work = (unsigned long long)(c->throughput * samples[s].iterations);
            printf("%llu,%llu,%llu", (unsigned long long)samples[s].duration_ns, (unsigned long long)samples[s].count,
                   (unsigned long long)samples[s].iterations);
            if (c->throughput_kind == BENCH_ACTION_THROUGHPUT_BYTES) printf(",%llu", work);
            if (c->throughput_kind == BENCH_ACTION_THROUGHPUT_ELEMENTS) printf(",,%llu", work);
            printf("\n");
        }
    }
    free(samples);
    return status;
}

/* --samples NAME: the configuration from stdin, the samples on stdout. */
static int bench_action_samples(const bench_action_case *bench) {
    bench_action_sample_config config;
    size_t size = 0;
    unsigned char *data = bench_action_read_all(stdin, &size);
    int ok;
    if (data == NULL) {
        fprintf(stderr, "cannot read the configuration on stdin\n");
        return BENCH_ACTION_EXIT_INVALID_CONFIGURATION;
    }
    ok = bench_action_parse_config(data, size, &config);
    free(data);
    if (!ok) return BENCH_ACTION_EXIT_INVALID_CONFIGURATION;
    return bench_action_take_samples(bench, &config);
}

#else

static int bench_action_samples(const bench_action_case *bench) {
    (void)bench;
    fprintf(stderr,
            "--samples needs clock_gettime(CLOCK_MONOTONIC), which this build does not declare: compile with "
            "-D_POSIX_C_SOURCE=199309L, or without -std=c99/-ansi\n");
    return 1;
}

#endif /* BENCH_ACTION_HAS_MONOTONIC_CLOCK */

/* The --list line of a benchmark: its name, and its parameters when bench-action asks for them. */
static void bench_action_list_one(const bench_action_case *c, int parameters) {
    printf("%s", c->name);
    if (parameters && c->value != NULL) printf("\tinput=%llu", (unsigned long long)*c->value);
    if (parameters && c->group != NULL) printf("\tgroup=%s", c->group);
    printf("\n");
}

int bench_action_main(int argc, char **argv, const bench_action_benchmark *benchmarks, size_t count) {
    const char *args[3];
    const char *list_env = getenv("BENCH_ACTION_LIST");
    bench_action_case *cases = NULL;
    size_t cases_count = 0, b;
    int nargs = 0, i, status = BENCH_ACTION_EXIT_USAGE;

    /* `--bench`, which cargo and other runners add, is ignored. */
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--bench") == 0) continue;
        if (nargs == 3) break;
        args[nargs++] = argv[i];
    }
    if (nargs == 1 && strcmp(args[0], "--version") == 0) {
        printf("%s %s\n", BENCH_ACTION_HARNESS_NAME, BENCH_ACTION_VERSION);
        return 0;
    }
    if (!((nargs == 1 && strcmp(args[0], "--list") == 0) ||
          (nargs == 2 && (strcmp(args[0], "--run") == 0 || strcmp(args[0], "--samples") == 0)) || nargs == 0)) {
        fprintf(stderr,
                "usage: %s --list | --run NAME | --samples NAME < KLV | --version  (no argument: run every benchmark "
                "once)\n",
                argc > 0 ? argv[0] : "BINARY");
        return BENCH_ACTION_EXIT_USAGE;
    }
    cases = bench_action_cases(benchmarks, count, &cases_count);
    if (cases == NULL) return BENCH_ACTION_EXIT_INVALID_BENCHMARKS;
    if (nargs == 1) {
        /* BENCH_ACTION_LIST=parameters: bench-action asks for each benchmark's input and group too. */
        int parameters = list_env != NULL && strcmp(list_env, "parameters") == 0;
        for (b = 0; b < cases_count; b++) bench_action_list_one(&cases[b], parameters);
        status = 0;
    } else if (nargs == 2) {
        const bench_action_case *bench = bench_action_find(cases, cases_count, args[1]);
        if (bench == NULL)
            status = BENCH_ACTION_EXIT_USAGE;
        else if (strcmp(args[0], "--samples") == 0)
            status = bench_action_samples(bench);
        else {
            bench_action_run_one(bench);
            status = 0;
        }
    } else {
        for (b = 0; b < cases_count; b++) {
            bench_action_run_one(&cases[b]);
            printf("%s ... ok\n", cases[b].name);
        }
        status = 0;
    }
    bench_action_free_cases(cases, cases_count);
    return status;
}

#endif /* BENCH_ACTION_NO_IMPLEMENTATION */

#ifdef __cplusplus
}
#endif
#endif /* BENCH_ACTION_H */
