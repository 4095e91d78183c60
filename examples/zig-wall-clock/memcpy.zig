//! Copying buffers of 1 KiB to 1 MiB (`memcpy/1k` … `memcpy/1M`), reported as bytes copied, which
//! bench-action turns into a throughput.
const std = @import("std");
const bench_action = @import("bench_action");
const State = bench_action.State;

pub const args = bench_action.range(usize, 4, 1024, 1 << 20);
/// Names sizes in binary units: 4096 is `4k`, 1048576 is `1M`.
pub const arg_units = .div_1024;

pub fn copy(state: *State, n: usize) !bench_action.Bytes {
    const allocator = std.heap.page_allocator;
    const src = try allocator.alloc(u8, n);
    defer allocator.free(src);
    const dst = try allocator.alloc(u8, n);
    defer allocator.free(dst);
    for (src, 0..) |*byte, i| byte.* = @truncate(i *% 31 +% 7);
    // Touch every page of the destination now, so no page fault lands inside the timed loop.
    @memset(dst, 0);

    var iter = state.iter();
    while (iter.next()) |_| {
        @memcpy(dst, src);
        std.mem.doNotOptimizeAway(dst.ptr);
    }

    // After the loop: not timed. The checksum of what was copied is the count.
    var sum: u64 = 0;
    for (dst) |byte| sum += byte;
    return .{ .bytes = n * state.iterations, .count = sum };
}
