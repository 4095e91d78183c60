//! Instruction-count benchmarks of this crate, for bench-action:
//! `instructions --list`, `instructions --run NAME`.

use bench_action_harness::{black_box, main, Bench};
use rust_instructions::{build_lookup_table, count_present, fibonacci, sum_fields, LookupTable};

const RECORD: &str = "2024,11,30,17,42,5,1000,65535,3,14159,2653,58979,323,84626";

fn lookup_table_100k() -> LookupTable {
    build_lookup_table(100_000, 1000)
}

fn search(table: &LookupTable) -> usize {
    count_present(&table.sorted, &table.queries)
}

main!(
    // The harness's own cost: what a benchmark that does nothing counts.
    Bench::new("empty", || ()),
    Bench::new("fibonacci_20", || fibonacci(black_box(20))),
    Bench::new("sum_fields", || sum_fields(black_box(RECORD))),
    // Building and sorting 100 000 keys is setup; only the 1000 lookups are counted.
    Bench::with_setup("search_sorted_100k", lookup_table_100k, search),
);
