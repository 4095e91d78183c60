//! An empty loop: what the timed loop itself costs, a few instructions per iteration.
const std = @import("std");
const State = @import("bench_action").State;

pub fn simple(state: *State) void {
    var iter = state.iter();
    while (iter.next()) |i| {
        std.mem.doNotOptimizeAway(i);
    }
}

/// The same loop between a setup and a teardown: work before `state.iter()` and after the loop is not
/// timed.
pub fn fixture(state: *State) !void {
    const allocator = std.heap.page_allocator;
    const table = try allocator.alloc(u64, 8192);
    defer allocator.free(table);
    for (table, 0..) |*slot, i| slot.* = i;

    var iter = state.iter();
    while (iter.next()) |i| {
        std.mem.doNotOptimizeAway(i);
    }
}
