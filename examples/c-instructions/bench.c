/*
 * Benchmarks in C, for bench-action. Build from this directory with
 *
 *   mkdir -p build && cc -O2 -g -o build/bench bench.c -I../../runners/c
 *
 * then `build/bench --list`, `build/bench --run NAME` (instruction counts under callgrind) and
 * `build/bench --samples NAME < config.klv` (wall-clock samples).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench_action.h"

/* The n-th Fibonacci number, computed by naive recursion (exponential on purpose: a CPU-bound workload). */
static uint64_t fibonacci(uint64_t n) { return n < 2 ? 1 : fibonacci(n - 1) + fibonacci(n - 2); }

/* Sums the comma-separated unsigned integers of `line`; sets *ok to 0 if a field is not a number. */
static uint64_t sum_fields(const char *line, int *ok) {
    uint64_t sum = 0, field = 0;
    int digits = 0;
    *ok = 1;
    for (;; line++) {
        if (*line >= '0' && *line <= '9') {
            field = field * 10 + (uint64_t)(*line - '0');
            digits++;
        } else if (*line == ',' || *line == '\0') {
            if (digits == 0) *ok = 0;
            sum += field;
            field = 0;
            digits = 0;
            if (*line == '\0') return sum;
        } else if (*line != ' ') {
            *ok = 0;
        }
    }
}

/* A sorted table and the keys to look up in it. */
struct lookup_table {
    uint64_t *sorted;
    size_t size;
    uint64_t *queries;
    size_t query_count;
};

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* xorshift64: cheap, reproducible, good enough to scatter the keys. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/*
 * Counts how many `queries` occur in `sorted`, by binary search. Out of line and not cloned, so that
 * callgrind's per-function costs show it as its own entry under this name.
 */
__attribute__((noinline, noclone)) size_t count_present(const uint64_t *sorted, size_t size,
                                                        const uint64_t *queries, size_t query_count) {
    size_t found = 0, q;
    for (q = 0; q < query_count; q++) {
        size_t low = 0, high = size;
        while (low < high) {
            size_t mid = low + (high - low) / 2;
            if (sorted[mid] < queries[q])
                low = mid + 1;
            else
                high = mid;
        }
        found += low < size && sorted[low] == queries[q];
    }
    return found;
}

/* A word and how often it occurs, in a binary search tree ordered by the word; the word is stored in the
   same allocation as its node. */
struct word_node {
    struct word_node *left, *right;
    uint64_t count;
    char word[];
};

/* Adds one occurrence of the `length` bytes at `word`; a word not yet in the tree costs one allocation. */
__attribute__((noinline)) static void count_word(struct word_node **tree, const char *word, size_t length) {
    struct word_node **at = tree, *node;
    while (*at != NULL) {
        int order = strncmp(word, (*at)->word, length);
        if (order == 0 && (*at)->word[length] != '\0') order = -1;
        if (order == 0) {
            (*at)->count++;
            return;
        }
        at = order < 0 ? &(*at)->left : &(*at)->right;
    }
    node = malloc(sizeof *node + length + 1);
    if (node == NULL) abort();
    node->left = node->right = NULL;
    node->count = 1;
    memcpy(node->word, word, length);
    node->word[length] = '\0';
    *at = node;
}

static void free_words(struct word_node *node) {
    if (node == NULL) return;
    free_words(node->left);
    free_words(node->right);
    free(node);
}

/* The opening of A Tale of Two Cities: 119 words, 58 of them different. */
static const char opening[] =
    "it was the best of times it was the worst of times it was the age of wisdom it was the age of "
    "foolishness it was the epoch of belief it was the epoch of incredulity it was the season of light "
    "it was the season of darkness it was the spring of hope it was the winter of despair we had "
    "everything before us we had nothing before us we were all going direct to heaven we were all going "
    "direct the other way in short the period was so far like the present period that some of its "
    "noisiest authorities insisted on its being received for good or for evil in the superlative degree "
    "of comparison only";

/* Counts the distinct words of `text` (separated by single spaces) in a tree, then frees it. */
static uint64_t distinct_words(const char *text) {
    struct word_node *tree = NULL;
    uint64_t distinct = 0;
    const char *start = text, *end;
    for (;;) {
        end = strchr(start, ' ');
        if (end == NULL) end = start + strlen(start);
        count_word(&tree, start, (size_t)(end - start));
        if (*end == '\0') break;
        start = end + 1;
    }
    /* Each distinct word is one node: count them by walking the tree with an explicit stack. */
    {
        struct word_node *stack[128];
        size_t depth = 0;
        if (tree != NULL) stack[depth++] = tree;
        while (depth > 0) {
            struct word_node *node = stack[--depth];
            distinct++;
            if (node->left != NULL) stack[depth++] = node->left;
            if (node->right != NULL) stack[depth++] = node->right;
        }
    }
    free_words(tree);
    return distinct;
}

/* ---- benchmarks ---- */

static uint64_t bench_empty(void *input) {
    (void)input;
    return 0;
}

static uint64_t bench_fibonacci_20(void *input) {
    (void)input;
    return fibonacci(bench_action_black_box(20));
}

static const char record[] = "2024,11,30,17,42,5,1000,65535,3,14159,2653,58979,323,84626";

static uint64_t bench_sum_fields(void *input) {
    int ok;
    uint64_t sum;
    (void)input;
    sum = sum_fields(bench_action_black_box_ptr((void *)record), &ok);
    return ok ? sum : UINT64_MAX;
}

/* Builds 100 000 pseudo-random sorted keys and 1000 lookups, half of them present. Deterministic, so
   every run measures the same work. */
static void *setup_lookup_table_100k(void) {
    struct lookup_table *table = malloc(sizeof *table);
    uint64_t state = 0x9e3779b97f4a7c15u;
    size_t i;
    if (table == NULL) abort();
    table->size = 100000;
    table->query_count = 1000;
    table->sorted = malloc(table->size * sizeof *table->sorted);
    table->queries = malloc(table->query_count * sizeof *table->queries);
    if (table->sorted == NULL || table->queries == NULL) abort();
    for (i = 0; i < table->size; i++) table->sorted[i] = next_random(&state);
    qsort(table->sorted, table->size, sizeof *table->sorted, compare_u64);
    for (i = 0; i < table->query_count; i++)
        table->queries[i] = i % 2 == 0 ? table->sorted[(i * 97) % table->size] : next_random(&state);
    return table;
}

static void teardown_lookup_table(void *input) {
    struct lookup_table *table = input;
    free(table->sorted);
    free(table->queries);
    free(table);
}

static uint64_t bench_search_sorted_100k(void *input) {
    const struct lookup_table *table = input;
    return count_present(table->sorted, table->size, table->queries, table->query_count);
}

#define SORT_SIZE 10000

/* The numbers 0 .. SORT_SIZE-1 in a scrambled order: i * 7919 % SORT_SIZE, a permutation because
   7919 is a prime that does not divide SORT_SIZE. Sorting them puts k at index k. */
static void *setup_scrambled_10k(void) {
    uint64_t *numbers = malloc(SORT_SIZE * sizeof *numbers);
    uint64_t i;
    if (numbers == NULL) abort();
    for (i = 0; i < SORT_SIZE; i++) numbers[i] = i * 7919 % SORT_SIZE;
    return numbers;
}

/* Sorts the numbers and returns the last one: the largest once sorted (9999), and a different one before. */
static uint64_t bench_sort_10k(void *input) {
    uint64_t *numbers = input;
    qsort(numbers, SORT_SIZE, sizeof *numbers, compare_u64);
    return numbers[SORT_SIZE - 1];
}

/* The numbers to sort, after their count: one allocation that free() releases. */
struct numbers {
    uint64_t count;
    uint64_t values[];
};

/* i * 7919 % n for i in 0 .. n-1: a permutation of 0 .. n-1 for the sizes below. */
static void *setup_scrambled(uint64_t n) {
    struct numbers *numbers = malloc(sizeof *numbers + n * sizeof *numbers->values);
    uint64_t i;
    if (numbers == NULL) abort();
    numbers->count = n;
    for (i = 0; i < n; i++) numbers->values[i] = i * 7919 % n;
    return numbers;
}

static uint64_t bench_sort(void *input) {
    struct numbers *numbers = input;
    qsort(numbers->values, numbers->count, sizeof *numbers->values, compare_u64);
    return numbers->values[numbers->count - 1];
}

static const uint64_t sort_sizes[] = {100, 1000};

static uint64_t bench_word_counts(void *input) {
    (void)input;
    return distinct_words(bench_action_black_box_ptr((void *)opening));
}

BENCH_ACTION_MAIN(
    /* The harness's own cost: what a benchmark that does nothing counts, or takes per call. */
    BENCH_ACTION("empty", NULL, bench_empty, NULL),
    /* Its count in wall-clock samples is its answer, 10946. */
    BENCH_ACTION("fibonacci_20", NULL, bench_fibonacci_20, NULL),
    /* A declared throughput: wall-clock samples also report the record's bytes per second. */
    BENCH_ACTION_WITH_THROUGHPUT("sum_fields", NULL, bench_sum_fields, NULL, BENCH_ACTION_BYTES(sizeof record - 1)),
    /* Building and sorting 100 000 keys is setup; only the 1000 lookups are measured. */
    BENCH_ACTION("search_sorted_100k", setup_lookup_table_100k, bench_search_sorted_100k,
                 teardown_lookup_table),
    /* Sorting changes its input: every wall-clock sample is one call on freshly scrambled numbers. */
    BENCH_ACTION_MUT("sort_10k", setup_scrambled_10k, bench_sort_10k, free),
    /* A group of one function over two inputs, each its own benchmark: sort/scrambled/100 and
       sort/scrambled/1000, with the numbers sorted per second beside the time. */
    BENCH_ACTION_GROUP("sort", BENCH_ACTION_ELEMENTS_PER_INPUT(1)),
    BENCH_ACTION_WITH_INPUTS_MUT("scrambled", sort_sizes, setup_scrambled, bench_sort, free, BENCH_ACTION_NO_THROUGHPUT),
    BENCH_ACTION_GROUP_END,
    /* Allocates: one block per distinct word, all freed before it returns. With heap: true the report
       counts them (heap-blocks 58) and the bytes. */
    BENCH_ACTION("word_counts", NULL, bench_word_counts, NULL),
)
