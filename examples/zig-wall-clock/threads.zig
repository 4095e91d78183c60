//! The same counting on 1 and 2 threads (`threads/uncoord/threads:1`, …). Every thread runs
//! `state.iterations` iterations; a sample's iterations are the sum over threads, its duration the
//! wall time of all of them together.
//!
//! - `uncoord`: each thread counts on its own, no synchronisation at all.
//! - `fetchAdd`: every iteration adds 1 to one shared atomic counter.
//! - `localAdd`: the same total, each thread adding its local count to the shared counter once, on
//!   its last iteration.
//!
//! `fetchAdd` and `localAdd` count the adds per iteration the shared counter received, which is the
//! number of threads: a lost update would show as a different count. `fetchAdd` also reports its adds
//! as elements, for a rate in adds per second beside the time.
const std = @import("std");
const bench_action = @import("bench_action");
const State = bench_action.State;

pub const threads = [_]usize{ 1, 2 };

var shared: std.atomic.Value(u64) align(std.atomic.cache_line) = .init(0);

pub fn uncoord(state: *State) void {
    var iter = state.iter();
    while (iter.next()) |i| {
        std.mem.doNotOptimizeAway(i);
    }
}

pub fn fetchAdd(state: *State) bench_action.Elements {
    // Setup: thread 0 resets the counter before any thread's loop starts.
    if (state.thread == 0) shared.store(0, .monotonic);
    var iter = state.iter();
    while (iter.next()) |_| {
        _ = shared.fetchAdd(1, .monotonic);
    }
    return .{ .elements = state.iterations, .count = addsPerIteration(state) };
}

pub fn localAdd(state: *State) u64 {
    if (state.thread == 0) shared.store(0, .monotonic);
    const last = state.iterations - 1;
    var local: u64 = 0;
    var iter = state.iter();
    while (iter.next()) |i| {
        local += 1;
        std.mem.doNotOptimizeAway(local);
        if (i == last) _ = shared.fetchAdd(local, .monotonic);
    }
    return addsPerIteration(state);
}

/// Every thread has left its loop when `next()` returns null, so the counter is complete here.
fn addsPerIteration(state: *State) u64 {
    if (state.thread != 0) return 0;
    return shared.load(.monotonic) / state.iterations;
}
