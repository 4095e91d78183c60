/*
 * bench_action.h: instruction-count benchmarks for bench-action, in one C99 header.
 *
 * A benchmark binary built with this header runs one benchmark per process:
 *
 *   BINARY --list         one benchmark name per line
 *   BINARY --run NAME     setup, then the benchmark once, then teardown
 *   BINARY --version      harness name and version
 *   BINARY                runs every benchmark once, as a quick check that none fails
 *
 * bench-action runs `valgrind --tool=callgrind --toggle-collect=bench_action_measure BINARY --run NAME`.
 * Callgrind counts only what happens while bench_action_measure() is on the stack, so the setup, the
 * teardown, process start-up and argument parsing are not part of the count.
 *
 *   #include "bench_action.h"
 *
 *   static void *make_table(void) { ... return table; }
 *   static void free_table(void *table) { free(table); }
 *   static uint64_t lookup(void *table) { return count_present(table, ...); }
 *   static uint64_t fib_20(void *unused) { (void)unused; return fib(bench_action_black_box(20)); }
 *
 *   BENCH_ACTION_MAIN(
 *       BENCH_ACTION("lookup", make_table, lookup, free_table),
 *       BENCH_ACTION("fibonacci_20", NULL, fib_20, NULL)
 *   )
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

typedef struct bench_action_benchmark {
    const char *name; /* [A-Za-z0-9_./:-]+ */
    bench_action_setup_fn setup;
    bench_action_benchmark_fn benchmark;
    bench_action_teardown_fn teardown;
} bench_action_benchmark;

/* One entry of the table given to BENCH_ACTION_MAIN. `name` is a string literal. */
#define BENCH_ACTION(name, setup, benchmark, teardown) { (name), (setup), (benchmark), (teardown) }

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
#include <string.h>

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

/* Checks that every name is valid and unique, so --list output can be trusted line by line. */
static int bench_action_check_names(const bench_action_benchmark *benchmarks, size_t count) {
    size_t i, j;
    for (i = 0; i < count; i++) {
        if (!bench_action_is_valid_name(benchmarks[i].name)) {
            fprintf(stderr, "benchmark name \"%s\" is invalid: use letters, digits and _ . / : -\n",
                    benchmarks[i].name ? benchmarks[i].name : "(null)");
            return 0;
        }
        if (benchmarks[i].benchmark == NULL) {
            fprintf(stderr, "benchmark \"%s\" has no benchmark function\n", benchmarks[i].name);
            return 0;
        }
        for (j = 0; j < i; j++) {
            if (strcmp(benchmarks[i].name, benchmarks[j].name) == 0) {
                fprintf(stderr, "benchmark name \"%s\" is registered twice\n", benchmarks[i].name);
                return 0;
            }
        }
    }
    return 1;
}

static void bench_action_run_one(const bench_action_benchmark *entry) {
    /* An opaque entry leaves the compiler no known benchmark to specialise the trampoline for. */
    const bench_action_benchmark *bench =
        (const bench_action_benchmark *)bench_action_black_box_ptr((void *)entry);
    void *input = bench->setup != NULL ? bench->setup() : NULL;
    bench_action_measure(bench->benchmark, input);
    if (bench->teardown != NULL) bench->teardown(input);
}

int bench_action_main(int argc, char **argv, const bench_action_benchmark *benchmarks, size_t count) {
    const char *args[3];
    int nargs = 0;
    int i;
    size_t b;

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
    if (nargs == 1 && strcmp(args[0], "--list") == 0) {
        if (!bench_action_check_names(benchmarks, count)) return BENCH_ACTION_EXIT_INVALID_BENCHMARKS;
        for (b = 0; b < count; b++) printf("%s\n", benchmarks[b].name);
        return 0;
    }
    if (nargs == 2 && strcmp(args[0], "--run") == 0) {
        if (!bench_action_check_names(benchmarks, count)) return BENCH_ACTION_EXIT_INVALID_BENCHMARKS;
        for (b = 0; b < count; b++) {
            if (strcmp(benchmarks[b].name, args[1]) == 0) {
                bench_action_run_one(&benchmarks[b]);
                return 0;
            }
        }
        fprintf(stderr, "unknown benchmark \"%s\"; --list prints the %lu known ones\n", args[1],
                (unsigned long)count);
        return BENCH_ACTION_EXIT_USAGE;
    }
    if (nargs == 0) {
        if (!bench_action_check_names(benchmarks, count)) return BENCH_ACTION_EXIT_INVALID_BENCHMARKS;
        for (b = 0; b < count; b++) {
            bench_action_run_one(&benchmarks[b]);
            printf("%s ... ok\n", benchmarks[b].name);
        }
        return 0;
    }
    fprintf(stderr, "usage: %s --list | --run NAME | --version  (no argument: run every benchmark once)\n",
            argc > 0 ? argv[0] : "BINARY");
    return BENCH_ACTION_EXIT_USAGE;
}

#endif /* BENCH_ACTION_NO_IMPLEMENTATION */

#ifdef __cplusplus
}
#endif
#endif /* BENCH_ACTION_H */
