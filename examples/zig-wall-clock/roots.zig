//! A function of two arguments: Newton's method finding the root `a` of x^n - a^n, over every
//! combination of a degree and a root (`roots/n:1/a:1.1`, `roots/n:1/a:11`, …). The count is the
//! number of Newton steps taken.
const std = @import("std");
const bench_action = @import("bench_action");
const State = bench_action.State;

pub const args = bench_action.argsProduct(.{
    .n = [_]usize{ 1, 2, 5, 8 }, // polynomial degree
    .a = [_]f64{ 1.1, 11.0 }, // root to find
});
pub const arg_names = [_][]const u8{ "n", "a" };

pub fn solve(state: *State, arg: @TypeOf(args[0])) u64 {
    var steps: u64 = 0;
    var iter = state.iter();
    while (iter.next()) |_| {
        steps = newton(bench_action.blackBox(arg.n), bench_action.blackBox(arg.a));
        std.mem.doNotOptimizeAway(steps);
    }
    return steps;
}

/// Newton steps from 2a until |x^n - a^n| is within 1e-12 of a^n.
fn newton(n: usize, a: f64) u64 {
    const target = power(a, n);
    var x = 2 * a;
    var steps: u64 = 0;
    while (steps < 1000) : (steps += 1) {
        const below = power(x, n - 1);
        const f = below * x - target;
        if (@abs(f) <= 1e-12 * target) break;
        x -= f / (@as(f64, @floatFromInt(n)) * below);
    }
    return steps;
}

fn power(x: f64, n: usize) f64 {
    var result: f64 = 1;
    for (0..n) |_| result *= x;
    return result;
}
