//! Benchmarks of this crate, for bench-action. The same binary serves both kinds of measurement:
//! `instructions --list`, `instructions --run NAME` (instruction counts under callgrind) and
//! `instructions --samples NAME` (wall-clock samples; the configuration comes on stdin).

use bench_action_harness::{black_box, main, Bench, BenchmarkGroup, Throughput};
use rust_instructions::{
    build_lookup_table, count_present, distinct_words, fibonacci, scrambled, sum_fields,
    LookupTable, OPENING,
};

const RECORD: &str = "2024,11,30,17,42,5,1000,65535,3,14159,2653,58979,323,84626";

fn lookup_table_100k() -> LookupTable {
    build_lookup_table(100_000, 1000)
}

fn search(table: &LookupTable) -> usize {
    count_present(&table.sorted, &table.queries)
}

main!(
    // The harness's own cost: what a benchmark that does nothing counts, or takes per call.
    Bench::new("empty", || ()),
    // Its count in wall-clock samples is its answer, 10946.
    Bench::new("fibonacci_20", || fibonacci(black_box(20))),
    // A declared throughput: wall-clock samples also report the record's bytes per second.
    Bench::new("sum_fields", || sum_fields(black_box(RECORD)))
        .throughput(Throughput::Bytes(RECORD.len() as u64)),
    // Building and sorting 100 000 keys is setup; only the 1000 lookups are measured.
    Bench::with_setup("search_sorted_100k", lookup_table_100k, search),
    // Sorting changes its input: every wall-clock sample is one call on freshly scrambled numbers.
    // It returns the last number: the largest once sorted (9999), and a different one before.
    Bench::with_setup_mut(
        "sort_10k",
        || scrambled(10_000),
        |numbers| {
            numbers.sort_unstable();
            numbers[numbers.len() - 1]
        }
    ),
    // A group of one function over two inputs, each its own benchmark: sort/scrambled/100 and
    // sort/scrambled/1000, with the numbers sorted per second beside the time.
    BenchmarkGroup::new("sort").bench_inputs(
        Bench::with_inputs_mut(
            "scrambled",
            [100u64, 1000],
            |&n| scrambled(n),
            |numbers| {
                numbers.sort_unstable();
                numbers[numbers.len() - 1]
            }
        )
        .throughput(|&n| Throughput::Elements(n))
    ),
    // Allocates: a copy of each distinct word and the map's nodes, all freed before it returns. With
    // heap: true the report counts them.
    Bench::new("word_counts", || distinct_words(black_box(OPENING))),
);
