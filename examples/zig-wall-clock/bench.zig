//! The benchmark program: `bench --list`, `bench --samples NAME < KLV`, or `bench` alone to run every
//! benchmark briefly. Build it from examples/ (runners/zig/README.md):
//!
//!     zig build-exe -O ReleaseFast --dep bench_action -Mbench=zig-wall-clock/bench.zig -Mbench_action=../runners/zig/bench_action.zig --cache-dir zig-wall-clock/build/zig-cache -femit-bin=zig-wall-clock/build/bench
pub const main = @import("bench_action").main(.{
    @import("empty.zig"),
    @import("fib.zig"),
    @import("memcpy.zig"),
    @import("roots.zig"),
    @import("threads.zig"),
});
