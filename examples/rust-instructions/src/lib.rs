//! A small library whose functions the benchmarks in src/bin/instructions.rs measure.

use std::collections::BTreeMap;

/// The `n`-th Fibonacci number, computed by naive recursion (exponential on purpose: a CPU-bound workload).
pub fn fibonacci(n: u64) -> u64 {
    match n {
        0 | 1 => 1,
        n => fibonacci(n - 1) + fibonacci(n - 2),
    }
}

/// Sums the comma-separated unsigned integers of `line`, or `None` if a field is not a number.
pub fn sum_fields(line: &str) -> Option<u64> {
    line.split(',')
        .map(|field| field.trim().parse::<u64>().ok())
        .sum()
}

/// The numbers `0..n` in a scrambled order: `i * 7919 % n` for each `i`, a permutation when `n` is
/// not a multiple of the prime 7919. Sorting it puts `k` at index `k`.
pub fn scrambled(n: u64) -> Vec<u64> {
    (0..n).map(|i| i * 7919 % n).collect()
}

/// A sorted table and the keys to look up in it.
pub struct LookupTable {
    pub sorted: Vec<u64>,
    pub queries: Vec<u64>,
}

/// Builds a table of `size` pseudo-random sorted keys and `queries` lookups, half of them present.
/// Deterministic, so every run measures the same work.
pub fn build_lookup_table(size: usize, queries: usize) -> LookupTable {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        // xorshift64: cheap, reproducible, good enough to scatter the keys.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut sorted: Vec<u64> = (0..size).map(|_| next()).collect();
    sorted.sort_unstable();
    let queries = (0..queries)
        .map(|i| {
            if i % 2 == 0 {
                sorted[(i * 97) % size]
            } else {
                next()
            }
        })
        .collect();
    LookupTable { sorted, queries }
}

/// Counts how many `queries` occur in `sorted`, by binary search.
// Out of line so that callgrind's per-function costs show it as its own entry.
#[inline(never)]
pub fn count_present(sorted: &[u64], queries: &[u64]) -> usize {
    queries
        .iter()
        .filter(|q| sorted.binary_search(q).is_ok())
        .count()
}

/// The opening of A Tale of Two Cities: 119 words, 58 of them different.
pub const OPENING: &str = "it was the best of times it was the worst of times it was the age of wisdom \
    it was the age of foolishness it was the epoch of belief it was the epoch of incredulity it was the \
    season of light it was the season of darkness it was the spring of hope it was the winter of despair \
    we had everything before us we had nothing before us we were all going direct to heaven we were all \
    going direct the other way in short the period was so far like the present period that some of its \
    noisiest authorities insisted on its being received for good or for evil in the superlative degree \
    of comparison only";

/// How many different words `text` has, counted in an ordered map that owns a copy of each word: one
/// allocation per distinct word, plus the map's nodes. (An ordered map, not a `HashMap`: its hash
/// seed is random per process, which would make the instruction counts differ between runs.)
pub fn distinct_words(text: &str) -> usize {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for word in text.split_whitespace() {
        *counts.entry(word.to_string()).or_insert(0) += 1;
    }
    counts.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computes_the_expected_values() {
        assert_eq!(fibonacci(20), 10946);
        assert_eq!(sum_fields("1, 2,3"), Some(6));
        assert_eq!(sum_fields("1,x"), None);
        let mut numbers = scrambled(10_000);
        assert_eq!(numbers[9999], 2081);
        numbers.sort_unstable();
        assert!(numbers.iter().enumerate().all(|(i, &n)| n == i as u64));
        let table = build_lookup_table(1000, 100);
        assert!(table.sorted.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(count_present(&table.sorted, &table.queries), 50);
        assert_eq!(OPENING.split_whitespace().count(), 119);
        assert_eq!(distinct_words(OPENING), 58);
    }
}
