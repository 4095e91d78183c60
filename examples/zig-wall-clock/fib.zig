//! Two ways to compute the same Fibonacci number, over a list of arguments: `fib/recurse/20`,
//! `fib/sequential/5`, … Each returns its answer, fib(n), as the sample's count.
const std = @import("std");
const bench_action = @import("bench_action");
const State = bench_action.State;

pub const args = [_]usize{ 1, 2, 5, 10, 20 };

pub fn recurse(state: *State, n: usize) u64 {
    var answer: u64 = 0;
    var iter = state.iter();
    while (iter.next()) |_| {
        // blackBox: the compiler may not compute fib(n) once, or at compile time, for a known n.
        answer = fibRecursive(bench_action.blackBox(n));
        std.mem.doNotOptimizeAway(answer);
    }
    return answer;
}

pub fn sequential(state: *State, n: usize) u64 {
    var answer: u64 = 0;
    var iter = state.iter();
    while (iter.next()) |_| {
        answer = fibSequential(bench_action.blackBox(n));
        std.mem.doNotOptimizeAway(answer);
    }
    return answer;
}

fn fibRecursive(n: usize) u64 {
    if (n < 2) return n;
    return fibRecursive(n - 1) + fibRecursive(n - 2);
}

fn fibSequential(n: usize) u64 {
    var a: u64 = 0;
    var b: u64 = 1;
    for (0..n) |_| {
        const next = a + b;
        a = b;
        b = next;
    }
    return a;
}
