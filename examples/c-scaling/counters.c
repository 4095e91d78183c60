/*
 * Three ways for threads to count, in the style of CSB's builtin benchmarks (runners/c/csb_harness.h).
 * Every operation adds one; the total after the run is the count, and equals univ_count.
 *
 *   uncoordinated  each thread increments its own counter, on a cache line of its own: nothing is
 *                  shared, so throughput should grow with the threads
 *   atomic         every thread does atomic_fetch_add on one shared counter: its cache line moves
 *                  between cores on every operation
 *   local          each thread counts in its own counter and adds its total to the shared one once,
 *                  after the timed loop
 *
 * Built with -DCOUNTERS_SERIALISE, `uncoordinated` takes one global mutex around its increment: a
 * change that serialises the threads, for watching the scaling collapse.
 *
 * Build from examples/:
 *
 *   mkdir -p c-scaling/build && cc -O2 -pthread -o c-scaling/build/counters c-scaling/counters.c -I../runners/c
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csb_harness.h"

/* Two 64-byte lines: adjacent-line prefetchers fetch lines in pairs. */
#define COUNTER_ALIGNMENT 128

typedef struct padded_counter {
    _Alignas(COUNTER_ALIGNMENT) uint64_t value;
} padded_counter;

typedef struct counters {
    /* The shared counter of `atomic` and `local`, on a line of its own. */
    _Alignas(COUNTER_ALIGNMENT) atomic_uint_fast64_t shared;
    unsigned threads;
    /* One per thread, for `uncoordinated` and `local`. */
    padded_counter per_thread[];
} counters;

#ifdef COUNTERS_SERIALISE
static pthread_mutex_t serialise = PTHREAD_MUTEX_INITIALIZER;
#endif

static const char *const increment_op[] = {"inc"};

static void *counters_init(uint64_t initial_size, unsigned threads) {
    size_t size = sizeof(counters) + threads * sizeof(padded_counter);
    counters *c;
    (void)initial_size;
    size = (size + COUNTER_ALIGNMENT - 1) / COUNTER_ALIGNMENT * COUNTER_ALIGNMENT;
    c = aligned_alloc(COUNTER_ALIGNMENT, size);
    if (c == NULL) abort();
    memset(c, 0, size);
    atomic_init(&c->shared, 0);
    c->threads = threads;
    return c;
}

static void counters_destroy(void *state) { free(state); }

static int uncoordinated_increment(void *state, unsigned thread, unsigned op) {
    counters *c = state;
    (void)op;
#ifdef COUNTERS_SERIALISE
    pthread_mutex_lock(&serialise);
    c->per_thread[thread].value++;
    pthread_mutex_unlock(&serialise);
#else
    c->per_thread[thread].value++;
#endif
    return 1;
}

static uint64_t per_thread_total(void *state) {
    counters *c = state;
    uint64_t total = 0;
    for (unsigned t = 0; t < c->threads; t++) total += c->per_thread[t].value;
    return total;
}

static int atomic_increment(void *state, unsigned thread, unsigned op) {
    counters *c = state;
    (void)thread;
    (void)op;
    atomic_fetch_add(&c->shared, 1);
    return 1;
}

static uint64_t shared_total(void *state) {
    counters *c = state;
    return atomic_load(&c->shared);
}

static int local_increment(void *state, unsigned thread, unsigned op) {
    counters *c = state;
    (void)op;
    c->per_thread[thread].value++;
    return 1;
}

/* After the thread's timed loop: its total goes to the shared counter, once. */
static void local_flush(void *state, unsigned thread) {
    counters *c = state;
    atomic_fetch_add(&c->shared, c->per_thread[thread].value);
}

CSB_MAIN(
    CSB_BENCHMARK("uncoordinated", .op_names = increment_op, .init = counters_init,
                  .dispatch = uncoordinated_increment, .result = per_thread_total, .destroy = counters_destroy),
    CSB_BENCHMARK("atomic", .op_names = increment_op, .init = counters_init, .dispatch = atomic_increment,
                  .result = shared_total, .destroy = counters_destroy),
    CSB_BENCHMARK("local", .op_names = increment_op, .init = counters_init, .dispatch = local_increment,
                  .thread_done = local_flush, .result = shared_total, .destroy = counters_destroy)
)
