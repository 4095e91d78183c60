//! bench-action's harness for Zig.
//!
//! Benchmarks are written as test definitions: a file (or any struct) whose public functions take a
//! `*State` and run a timed loop. `main` turns a list of definitions into a program that lists its
//! benchmarks, runs any one of them once for callgrind and DHAT (`--run NAME`: one iteration of its
//! loop, through the trampoline `bench_action_measure`), and takes wall-clock samples of any one of
//! them over rebar's runner protocol: the configuration arrives on stdin as `key:length:value\n` items,
//! and every sample is printed as one `duration_ns,count,iterations[,bytes]` or
//! `duration_ns,count,iterations,,elements` line. runners/zig/README.md describes the whole contract.
//!
//!     // empty.zig
//!     const std = @import("std");
//!     const State = @import("bench_action").State;
//!
//!     pub fn simple(state: *State) void {
//!         var iter = state.iter();
//!         while (iter.next()) |i| std.mem.doNotOptimizeAway(i);
//!     }
//!
//!     // bench.zig
//!     pub const main = @import("bench_action").main(.{@import("empty.zig")});
const std = @import("std");
const builtin = @import("builtin");
const Atomic = std.atomic.Value;

/// The harness's version, printed by `--version` after its name.
pub const version = "0.1.0";
/// The name `--version` prints.
pub const harness_name = "bench-action-harness-zig";

/// Exit status for a bad command line or an unknown benchmark name.
pub const exit_usage: u8 = 2;
/// Exit status for bad input on stdin or a benchmark that failed.
pub const exit_failure: u8 = 1;

/// Sample length when the configuration does not give `sample-time`: 1 ms.
pub const default_sample_time_ns: u64 = std.time.ns_per_ms;
/// The most iterations one thread runs in a sample, whatever the calibration asks for.
pub const max_iterations: u64 = 1 << 40;
/// The most threads a benchmark may run on.
pub const max_threads: usize = 1024;

const usage_text =
    "usage: BINARY --list | --run NAME | --samples NAME < KLV | --version | --help  (no argument: run every benchmark briefly)\n";

// ---------------------------------------------------------------------------------------------------
// What a benchmark function sees.

/// Passed to every benchmark function. `iter()` starts the timer; the loop it returns stops it.
pub const State = struct {
    /// Iterations of the timed loop in this call, on each thread: fixed by calibration, so the same on
    /// every sample of one run. Use it to compute what the call processed (`n * state.iterations`).
    iterations: u64,
    /// This thread's index: 0 (the thread that reads the clock) to `threads - 1`.
    thread: usize,
    /// The number of threads running this benchmark together; 1 unless the definition declares
    /// `threads`.
    threads: usize,
    /// The harness's side of the sample; not for benchmark code.
    batch: *Batch,
    started: bool = false,
    stopped: bool = false,

    /// Starts the timer (on thread 0, once every thread has arrived here) and returns the loop to time.
    /// Everything before this call is setup, everything after the loop is teardown: neither is timed.
    /// Call it once per call of the benchmark function, and run the loop until `next()` returns null.
    pub inline fn iter(state: *State) Iterator {
        state.start();
        return .{ .index = 0, .end = state.iterations, .state = state };
    }

    noinline fn start(state: *State) void {
        if (state.started) fatal("state.iter() was called twice in one call of a benchmark");
        state.started = true;
        const batch = state.batch;
        if (batch.counted) {
            // `--run`: the loop is counted, the setup before it was not.
            toggleCollect();
            return;
        }
        if (batch.threads == 1) {
            batch.start_ns = now();
            return;
        }
        _ = batch.arrived.fetchAdd(1, .acq_rel);
        if (state.thread == 0) {
            // Every thread has finished its setup: start the clock, then let them all go.
            spinUntilEqual(usize, &batch.arrived, batch.threads);
            batch.start_ns = now();
            batch.go.store(batch.generation, .release);
        } else {
            spinUntilEqual(u64, &batch.go, batch.generation);
        }
    }

    noinline fn stop(state: *State) void {
        if (state.stopped) return;
        state.stopped = true;
        const batch = state.batch;
        if (batch.counted) {
            // `--run`: the teardown after the loop is not counted.
            toggleCollect();
            return;
        }
        if (batch.threads == 1) {
            batch.end_ns = now();
            return;
        }
        if (state.thread == 0) {
            // Stop the clock once every thread has finished its loop, then let them all leave theirs.
            spinUntilEqual(usize, &batch.ended, batch.threads - 1);
            batch.end_ns = now();
            batch.done.store(batch.generation, .release);
        } else {
            _ = batch.ended.fetchAdd(1, .acq_rel);
            spinUntilEqual(u64, &batch.done, batch.generation);
        }
    }
};

/// The timed loop: `while (iter.next()) |i| { ... }`. `next()` compiles to a compare and an increment
/// of a counter held in a register; the call that returns null stops the timer. With threads, every
/// thread has finished its loop when `next()` returns null on any of them.
pub const Iterator = struct {
    index: u64,
    end: u64,
    state: *State,

    pub inline fn next(it: *Iterator) ?u64 {
        const i = it.index;
        if (i < it.end) {
            it.index = i + 1;
            return i;
        } else {
            @branchHint(.unlikely);
            it.state.stop();
            return null;
        }
    }
};

/// Return this from a benchmark function to report bytes processed: `bytes` is what this call
/// processed in the whole timed loop (typically `n * state.iterations`), `count` its answer.
/// bench-action turns the bytes into a throughput. With threads, both are summed over the threads.
pub const Bytes = struct {
    bytes: u64,
    count: u64 = 0,
};

/// Return this from a benchmark function to report elements (items, records, operations) processed:
/// `elements` is what this call processed in the whole timed loop (typically `n * state.iterations`),
/// `count` its answer. bench-action turns the elements into a throughput in elements per second. With
/// threads, both are summed over the threads.
pub const Elements = struct {
    elements: u64,
    count: u64 = 0,
};

/// How integer arguments appear in benchmark names (`pub const arg_units = .div_1024;`).
pub const Units = enum {
    /// As decimal integers: 1024, 1048576.
    none,
    /// Exact multiples of 1000, 1000², … with k, M, G, T, P, E: 4000 → 4k.
    div_1000,
    /// Exact multiples of 1024, 1024², … with k, M, G, T, P, E: 4096 → 4k, 1048576 → 1M.
    div_1024,
};

/// Hides a value from the optimiser: the result is the same value, but the compiler can no longer
/// see it is a constant, so work computed from it cannot be folded or hoisted out of the loop.
/// Integers of 8 to 64 bits and pointers stay in a register and cost no instruction; other values
/// are copied through memory.
pub inline fn blackBox(value: anytype) @TypeOf(value) {
    const T = @TypeOf(value);
    switch (@typeInfo(T)) {
        .int => |info| if (info.bits <= @bitSizeOf(usize) and info.bits >= 8 and std.math.isPowerOfTwo(info.bits)) {
            return asm volatile (""
                : [ret] "=r" (-> T),
                : [in] "0" (value),
            );
        },
        .pointer => |info| if (info.size != .slice) {
            return asm volatile (""
                : [ret] "=r" (-> T),
                : [in] "0" (value),
            );
        },
        else => {},
    }
    var copy = value;
    asm volatile (""
        :
        : [ptr] "r" (&copy),
        : .{ .memory = true });
    return copy;
}

// ---------------------------------------------------------------------------------------------------
// Arguments.

/// `lo`, `lo·multiplier`, `lo·multiplier²`, … up to `hi`, and `hi` itself when the steps miss it:
/// `range(usize, 2, 8, 1024)` is 8, 16, 32, …, 1024.
pub fn range(comptime T: type, comptime multiplier: T, comptime lo: T, comptime hi: T) []const T {
    return comptime blk: {
        if (@typeInfo(T) != .int) @compileError("range: " ++ @typeName(T) ++ " is not an integer type");
        if (multiplier < 2) @compileError("range: the multiplier must be at least 2");
        if (lo < 1 or lo > hi) @compileError("range: expected 1 <= lo <= hi");
        var values: []const T = &.{};
        var v: T = lo;
        while (true) {
            values = values ++ [_]T{v};
            const product = @mulWithOverflow(v, multiplier);
            if (product[1] != 0 or product[0] > hi) break;
            v = product[0];
        }
        if (values[values.len - 1] != hi) values = values ++ [_]T{hi};
        const result = values[0..values.len].*;
        break :blk &result;
    };
}

/// Every value from `lo` to `hi`, both included: `denseRange(usize, 5, 13)` is 5, 6, …, 13.
pub fn denseRange(comptime T: type, comptime lo: T, comptime hi: T) []const T {
    return comptime blk: {
        if (@typeInfo(T) != .int) @compileError("denseRange: " ++ @typeName(T) ++ " is not an integer type");
        if (lo > hi) @compileError("denseRange: expected lo <= hi");
        const n: usize = @intCast(hi - lo + 1);
        var result: [n]T = undefined;
        for (&result, 0..) |*slot, i| slot.* = lo + @as(T, @intCast(i));
        const final = result;
        break :blk &final;
    };
}

/// The cartesian product of independent lists, first field slowest:
/// `argsProduct(.{ .n = [_]usize{ 1, 2 }, .a = [_]f64{ 1.1, 11.0 } })` is
/// `{ .n = 1, .a = 1.1 }, { .n = 1, .a = 11.0 }, { .n = 2, .a = 1.1 }, { .n = 2, .a = 11.0 }`, each a
/// struct with fields `n: usize` and `a: f64`. The lists may be arrays or slices (such as `range`'s);
/// a tuple of lists gives tuples.
pub fn argsProduct(comptime lists: anytype) []const ArgsProduct(@TypeOf(lists)) {
    return comptime blk: {
        const Lists = @TypeOf(lists);
        const Product = ArgsProduct(Lists);
        const names = @typeInfo(Lists).@"struct".field_names;
        var total: usize = 1;
        for (names) |name| total *= @field(lists, name).len;
        var result: [total]Product = undefined;
        for (0..total) |index| {
            var rest = index;
            var i: usize = names.len;
            while (i > 0) {
                i -= 1;
                const list = @field(lists, names[i]);
                @field(result[index], names[i]) = list[rest % list.len];
                rest /= list.len;
            }
        }
        const final = result;
        break :blk &final;
    };
}

/// The element type of `argsProduct(lists)`.
pub fn ArgsProduct(comptime Lists: type) type {
    const info = switch (@typeInfo(Lists)) {
        .@"struct" => |s| s,
        else => @compileError("argsProduct: expected a struct or tuple of lists, found " ++ @typeName(Lists)),
    };
    if (info.field_names.len == 0) @compileError("argsProduct: expected at least one list");
    var types: [info.field_names.len]type = undefined;
    for (info.field_types, &types, info.field_names) |List, *slot, name| {
        const Elem = ElementOf(List, name);
        if (Elem == comptime_int or Elem == comptime_float)
            @compileError("argsProduct: give the values of '" ++ name ++ "' a type, e.g. [_]usize{ ... } or [_]f64{ ... }");
        slot.* = Elem;
    }
    if (info.is_tuple) return @Tuple(&types);
    return @Struct(.auto, null, info.field_names, &types, &@splat(.{}));
}

fn ElementOf(comptime List: type, comptime what: []const u8) type {
    switch (@typeInfo(List)) {
        .array => |a| return a.child,
        .pointer => |p| switch (p.size) {
            .slice => return p.child,
            .one => if (@typeInfo(p.child) == .array) return @typeInfo(p.child).array.child,
            else => {},
        },
        else => {},
    }
    @compileError("'" ++ what ++ "' is not an array or slice of values: " ++ @typeName(List));
}

// ---------------------------------------------------------------------------------------------------
// From definitions to benchmarks.

/// One benchmark: a function of a definition with one argument and one thread count.
pub const Benchmark = struct {
    name: []const u8,
    call: *const fn (*State) Outcome,
    /// The thread count in the name; 0 for a definition that declares no `threads`.
    threads: usize,
    /// Whether its samples carry a bytes column.
    bytes: bool,
    /// Whether its samples carry an elements column.
    elements: bool = false,
    /// The argument's part of the name, for a definition with `args`; empty otherwise.
    input: []const u8 = "",
    /// The definition's name when the name holds the function's too (`GROUP/FUNCTION`); empty otherwise.
    group: []const u8 = "",
};

/// What one call of a benchmark function reported.
pub const Outcome = struct {
    count: u64 = 0,
    bytes: u64 = 0,
    elements: u64 = 0,
    failure: Failure = .none,

    pub const Failure = union(enum) {
        none,
        /// The function returned this error.
        returned: anyerror,
        /// The function returned without calling `state.iter()`.
        no_loop,
        /// The function left its loop before `next()` returned null.
        left_loop,
    };
};

/// The benchmarks of the definitions, in order: definition, function (in source order), argument,
/// thread count. A bad definition, an invalid name or a name given twice is a compile error.
pub fn benchmarks(comptime definitions: anytype) []const Benchmark {
    return comptime blk: {
        @setEvalBranchQuota(1_000_000);
        var list: []const Benchmark = &.{};
        const info = @typeInfo(@TypeOf(definitions));
        if (info != .@"struct" or !info.@"struct".is_tuple)
            @compileError("bench_action: expected a tuple of test definitions, e.g. .{ @import(\"fib.zig\") }");
        for (definitions) |def| {
            if (@TypeOf(def) != type or @typeInfo(def) != .@"struct")
                @compileError("bench_action: a test definition is a struct type or a file, e.g. @import(\"fib.zig\")");
            list = list ++ definitionBenchmarks(def);
        }
        if (list.len == 0) @compileError("bench_action: no benchmarks");
        for (list, 0..) |a, i| {
            for (list[0..i]) |b| {
                if (std.mem.eql(u8, a.name, b.name)) @compileError("bench_action: two benchmarks are named " ++ a.name);
            }
        }
        const final = list[0..list.len].*;
        break :blk &final;
    };
}

fn definitionBenchmarks(comptime def: type) []const Benchmark {
    const base = definitionName(def);
    const functions = benchmarkFunctions(def);
    if (functions.len == 0)
        @compileError("bench_action: " ++ @typeName(def) ++ " has no benchmark function: pub fn NAME(state: *bench_action.State) ...");
    const has_args = @hasDecl(def, "args");
    const args = if (has_args) def.args else [_]void{{}};
    var thread_counts: []const usize = &.{0};
    if (@hasDecl(def, "threads")) {
        thread_counts = &.{};
        for (def.threads) |t| {
            if (t < 1 or t > max_threads)
                @compileError(std.fmt.comptimePrint("bench_action: {s}.threads holds {d}, expected 1 to {d}", .{ base, t, max_threads }));
            thread_counts = thread_counts ++ [_]usize{t};
        }
        if (thread_counts.len == 0) @compileError("bench_action: " ++ base ++ ".threads is empty");
    }
    var list: []const Benchmark = &.{};
    for (functions) |function_name| {
        const function = @field(def, function_name);
        const params = @typeInfo(@TypeOf(function)).@"fn".param_types;
        const want: usize = if (has_args) 2 else 1;
        if (params.len != want) {
            @compileError(std.fmt.comptimePrint(
                "bench_action: {s}.{s} takes {d} parameters; expected {s}",
                .{ base, function_name, params.len, if (has_args) "(state: *State, arg: T), as the definition declares args" else "(state: *State)" },
            ));
        }
        for (args) |arg| {
            var name: []const u8 = base;
            if (functions.len > 1) name = name ++ "/" ++ function_name;
            if (has_args) name = name ++ "/" ++ argName(def, arg);
            const call = caller(function, has_args, arg);
            const returns = @typeInfo(@TypeOf(function)).@"fn".return_type orelse
                @compileError("bench_action: " ++ base ++ "." ++ function_name ++ " has a generic return type");
            for (thread_counts) |t| {
                const full = if (t == 0) name else std.fmt.comptimePrint("{s}/threads:{d}", .{ name, t });
                checkName(full);
                list = list ++ [_]Benchmark{.{
                    .name = full,
                    .call = call,
                    .threads = t,
                    .bytes = reportsBytes(returns),
                    .elements = reportsElements(returns),
                    .input = if (has_args) argName(def, arg) else "",
                    .group = if (functions.len > 1) base else "",
                }};
            }
        }
    }
    return list;
}

/// `pub const name` when the definition has one, else its type name without the path: a file
/// `fib.zig` is `fib`.
fn definitionName(comptime def: type) []const u8 {
    if (@hasDecl(def, "name") and @typeInfo(@TypeOf(def.name)) != .@"fn") return def.name;
    const full = @typeName(def);
    const dot = std.mem.lastIndexOfScalar(u8, full, '.') orelse return full;
    return full[dot + 1 ..];
}

/// The public functions whose first parameter is `*State`, in source order.
fn benchmarkFunctions(comptime def: type) []const []const u8 {
    var names: []const []const u8 = &.{};
    for (@typeInfo(def).@"struct".decl_names) |decl| {
        const T = @TypeOf(@field(def, decl));
        if (@typeInfo(T) != .@"fn") continue;
        const params = @typeInfo(T).@"fn".param_types;
        if (params.len == 0 or params[0] != *State) continue;
        names = names ++ [_][]const u8{decl};
    }
    return names;
}

fn caller(comptime function: anytype, comptime has_arg: bool, comptime arg: anytype) *const fn (*State) Outcome {
    return &struct {
        fn call(state: *State) Outcome {
            const result = if (has_arg) function(state, blackBox(arg)) else function(state);
            return outcomeOf(result);
        }
    }.call;
}

fn outcomeOf(result: anytype) Outcome {
    if (@typeInfo(@TypeOf(result)) == .error_union) {
        const value = result catch |err| return .{ .failure = .{ .returned = err } };
        return valueOutcome(value);
    }
    return valueOutcome(result);
}

fn valueOutcome(result: anytype) Outcome {
    const T = @TypeOf(result);
    switch (@typeInfo(T)) {
        .void => return .{},
        .bool => return .{ .count = @intFromBool(result) },
        .int => |info| {
            if (info.signedness == .signed or info.bits > 64)
                @compileError("bench_action: a benchmark returns its count as an unsigned integer of at most 64 bits, not " ++ @typeName(T));
            return .{ .count = result };
        },
        else => {
            if (T == Bytes) return .{ .count = result.count, .bytes = result.bytes };
            if (T == Elements) return .{ .count = result.count, .elements = result.elements };
            @compileError("bench_action: a benchmark returns void, bool, an unsigned integer (its count), bench_action.Bytes or bench_action.Elements, or an error union of one of them, not " ++ @typeName(T));
        },
    }
}

fn reportsBytes(comptime T: type) bool {
    return switch (@typeInfo(T)) {
        .error_union => |e| e.payload == Bytes,
        else => T == Bytes,
    };
}

fn reportsElements(comptime T: type) bool {
    return switch (@typeInfo(T)) {
        .error_union => |e| e.payload == Elements,
        else => T == Elements,
    };
}

/// The name of one argument: its value, or `NAME:value` with `arg_names`; the fields of a struct or
/// tuple argument joined with '/'.
fn argName(comptime def: type, comptime arg: anytype) []const u8 {
    const units: Units = if (@hasDecl(def, "arg_units")) def.arg_units else .none;
    const T = @TypeOf(arg);
    const fields: ?[]const [:0]const u8 = switch (@typeInfo(T)) {
        .@"struct" => |s| s.field_names,
        else => null,
    };
    const names: ?[]const []const u8 = if (@hasDecl(def, "arg_names")) blk: {
        var list: []const []const u8 = &.{};
        for (def.arg_names) |n| list = list ++ [_][]const u8{n};
        break :blk list;
    } else null;
    if (fields) |field_names| {
        if (names) |n| if (n.len != field_names.len)
            @compileError(std.fmt.comptimePrint("bench_action: {s}.arg_names has {d} names for arguments of {d} fields", .{ definitionName(def), n.len, field_names.len }));
        var out: []const u8 = "";
        for (field_names, 0..) |field, i| {
            if (i > 0) out = out ++ "/";
            if (names) |n| out = out ++ n[i] ++ ":";
            out = out ++ valueName(@field(arg, field), units);
        }
        return out;
    }
    if (names) |n| {
        if (n.len != 1)
            @compileError(std.fmt.comptimePrint("bench_action: {s}.arg_names has {d} names for a single argument", .{ definitionName(def), n.len }));
        return n[0] ++ ":" ++ valueName(arg, units);
    }
    return valueName(arg, units);
}

fn valueName(comptime value: anytype, comptime units: Units) []const u8 {
    const T = @TypeOf(value);
    switch (@typeInfo(T)) {
        .int, .comptime_int => return intName(value, units),
        .float, .comptime_float => return std.fmt.comptimePrint("{d}", .{value}),
        .bool => return if (value) "true" else "false",
        .@"enum", .enum_literal => return @tagName(value),
        .pointer => |p| {
            if (p.size == .slice and p.child == u8) return value;
            if (p.size == .one and @typeInfo(p.child) == .array and @typeInfo(p.child).array.child == u8) return value;
        },
        else => {},
    }
    @compileError("bench_action: cannot name an argument of type " ++ @typeName(T) ++ " (use integers, floats, bools, enums, strings or structs of them)");
}

fn intName(comptime value: anytype, comptime units: Units) []const u8 {
    const base: u128 = switch (units) {
        .none => return std.fmt.comptimePrint("{d}", .{value}),
        .div_1000 => 1000,
        .div_1024 => 1024,
    };
    if (value > 0) {
        const suffixes = "kMGTPE";
        var scale: u128 = 1;
        var best: ?usize = null;
        for (0..suffixes.len) |i| {
            scale *= base;
            if (value >= scale and value % scale == 0) best = i;
        }
        if (best) |i| return std.fmt.comptimePrint("{d}{c}", .{ value / std.math.pow(u128, base, i + 1), suffixes[i] });
    }
    return std.fmt.comptimePrint("{d}", .{value});
}

fn checkName(comptime name: []const u8) void {
    if (!validName(name))
        @compileError("bench_action: \"" ++ name ++ "\" is not a valid benchmark name: use letters, digits and _ . / : -");
}

/// Names match `[A-Za-z0-9_./:-]+`.
pub fn validName(name: []const u8) bool {
    if (name.len == 0) return false;
    for (name) |c| switch (c) {
        'A'...'Z', 'a'...'z', '0'...'9', '_', '.', '/', ':', '-' => {},
        else => return false,
    };
    return true;
}

// ---------------------------------------------------------------------------------------------------
// The program.

/// `pub const main = bench_action.main(.{ @import("fib.zig"), ... });`
pub fn main(comptime definitions: anytype) fn (std.process.Init.Minimal) u8 {
    return struct {
        fn main(init: std.process.Init.Minimal) u8 {
            return run(init, definitions);
        }
    }.main;
}

/// For a `main` of your own: `return bench_action.run(init, .{ ... });` (with `init.minimal` when
/// your `main` takes a `std.process.Init`) gives the exit status.
pub fn run(init: std.process.Init.Minimal, comptime definitions: anytype) u8 {
    const list = comptime benchmarks(definitions);
    return runWith(init.args, listParameters(init.environ), list);
}

/// The environment variable with which bench-action asks `--list` for each benchmark's parameters:
/// with the value `parameters`, `NAME<TAB>input=ARG<TAB>group=DEFINITION` for the parts the name has.
pub const list_parameters_env = "BENCH_ACTION_LIST";

fn listParameters(environ: std.process.Environ) bool {
    if (builtin.os.tag == .windows) {
        const value = environ.getAlloc(std.heap.page_allocator, list_parameters_env) catch return false;
        defer std.heap.page_allocator.free(value);
        return std.mem.eql(u8, value, "parameters");
    }
    const value = environ.getPosix(list_parameters_env) orelse return false;
    return std.mem.eql(u8, value, "parameters");
}

/// Buffered stdout and stderr.
const Output = struct {
    out_buffer: [4096]u8 = undefined,
    err_buffer: [1024]u8 = undefined,
    out: system.Writer = undefined,
    err: system.Writer = undefined,

    fn init(output: *Output) void {
        output.out = .init(.stdout, &output.out_buffer);
        output.err = .init(.stderr, &output.err_buffer);
    }

    fn print(output: *Output, comptime fmt: []const u8, args: anytype) void {
        output.out.writer().print(fmt, args) catch {};
    }

    /// A message on stderr; returns `status` so callers can `return output.fail(...)`.
    fn fail(output: *Output, status: u8, comptime fmt: []const u8, args: anytype) u8 {
        output.flush();
        output.err.writer().print(fmt ++ "\n", args) catch {};
        output.err.writer().flush() catch {};
        return status;
    }

    fn flush(output: *Output) void {
        output.out.writer().flush() catch {};
    }
};

/// A misuse of the API that cannot be reported as a failed sample: a message, exit status 1.
fn fatal(comptime message: []const u8) noreturn {
    var buffer: [256]u8 = undefined;
    var err: system.Writer = .init(.stderr, &buffer);
    err.writer().writeAll("bench_action: " ++ message ++ "\n") catch {};
    err.writer().flush() catch {};
    std.process.exit(exit_failure);
}

/// The command line, dispatched over `list`; returns the exit status.
pub fn runBenchmarks(process_args: std.process.Args, list: []const Benchmark) u8 {
    return runWith(process_args, false, list);
}

fn runWith(process_args: std.process.Args, list_parameters: bool, list: []const Benchmark) u8 {
    const gpa = std.heap.page_allocator;
    var output: Output = .{};
    output.init();
    defer output.flush();
    var arena: std.heap.ArenaAllocator = .init(gpa);
    defer arena.deinit();
    const argv = process_args.toSlice(arena.allocator()) catch
        return output.fail(exit_failure, "cannot read the command line", .{});
    // `--bench` is ignored wherever it is (`cargo bench` and others add it).
    var kept: std.ArrayList([:0]const u8) = .empty;
    for (if (argv.len > 0) argv[1..] else argv) |arg| {
        if (!std.mem.eql(u8, arg, "--bench")) kept.append(arena.allocator(), arg) catch
            return output.fail(exit_failure, "cannot read the command line", .{});
    }
    const args = kept.items;

    if (args.len == 0) return smoke(gpa, list, &output);
    const command = args[0];
    if (std.mem.eql(u8, command, "--list") and args.len == 1) {
        for (list) |b| {
            output.print("{s}", .{b.name});
            if (list_parameters and b.input.len > 0) output.print("\tinput={s}", .{b.input});
            if (list_parameters and b.group.len > 0) output.print("\tgroup={s}", .{b.group});
            output.print("\n", .{});
        }
        return 0;
    }
    if (std.mem.eql(u8, command, "--version") and args.len == 1) {
        output.print("{s} {s}\n", .{ harness_name, version });
        return 0;
    }
    if ((std.mem.eql(u8, command, "--help") or std.mem.eql(u8, command, "-h")) and args.len == 1) {
        output.print("{s}", .{usage_text});
        return 0;
    }
    if (std.mem.eql(u8, command, "--run") and args.len == 2) {
        const bench = find(list, args[1]) orelse return unknownName(&output, args[1], list);
        return runCounted(bench, &output);
    }
    if (std.mem.eql(u8, command, "--samples") and args.len == 2) {
        const name = args[1];
        const bench = find(list, name) orelse return unknownName(&output, name, list);
        const input = system.readStdin(gpa) catch |err|
            return output.fail(exit_failure, "cannot read the configuration on stdin: {t}", .{err});
        defer gpa.free(input);
        var diagnostic: Diagnostic = .{};
        const config = Config.fromKlv(input, &diagnostic) catch
            return output.fail(exit_failure, "invalid configuration on stdin: {f}", .{diagnostic});
        return samples(gpa, bench, config, &output);
    }
    return output.fail(exit_usage, "{s}", .{usage_text[0 .. usage_text.len - 1]});
}

fn find(list: []const Benchmark, name: []const u8) ?*const Benchmark {
    for (list) |*b| if (std.mem.eql(u8, b.name, name)) return b;
    return null;
}

/// A name `--list` does not print: a message on stderr, exit status 2.
fn unknownName(output: *Output, name: []const u8, list: []const Benchmark) u8 {
    return output.fail(exit_usage, "unknown benchmark \"{s}\"; --list prints the {d} known ones", .{ name, list.len });
}

/// `--samples NAME`: calibrate, warm up, then one line per sample.
fn samples(gpa: std.mem.Allocator, bench: *const Benchmark, config: Config, output: *Output) u8 {
    if (config.max_iters == 0) return 0;
    const threads = threadsFor(bench.*, config);
    if (threads > max_threads)
        return output.fail(exit_failure, "{s}: threads is {d}, more than the {d} this harness runs", .{ bench.name, threads, max_threads });
    var runner = Runner.start(gpa, bench.call, threads) catch |err|
        return output.fail(exit_failure, "{s}: cannot start {d} threads: {t}", .{ bench.name, threads, err });
    defer runner.finish();

    const iterations = calibrate(&runner, config.sample_time) catch
        return runner.failed(output, bench.name);

    if (config.max_warmup_iters > 0) {
        const warmup_start = now();
        var done: u64 = 0;
        while (true) {
            _ = runner.runBatch(iterations) catch return runner.failed(output, bench.name);
            done += 1;
            if (done >= config.max_warmup_iters or elapsedSince(warmup_start) >= config.max_warmup_time) break;
        }
    }

    const sampling_start = now();
    var taken: u64 = 0;
    while (true) {
        const s = runner.runBatch(iterations) catch return runner.failed(output, bench.name);
        if (bench.bytes)
            output.print("{d},{d},{d},{d}\n", .{ s.duration_ns, s.count, s.iterations, s.bytes })
        else if (bench.elements)
            output.print("{d},{d},{d},,{d}\n", .{ s.duration_ns, s.count, s.iterations, s.elements })
        else
            output.print("{d},{d},{d}\n", .{ s.duration_ns, s.count, s.iterations });
        taken += 1;
        if (taken >= config.max_iters or elapsedSince(sampling_start) >= config.max_time) break;
    }
    return 0;
}

/// No argument: every benchmark, briefly, checking that it runs and that its count does not change.
fn smoke(gpa: std.mem.Allocator, list: []const Benchmark, output: *Output) u8 {
    const config: Config = .{
        .max_iters = 3,
        .max_time = 100 * std.time.ns_per_ms,
        .max_warmup_iters = 1,
        .max_warmup_time = 0,
        .sample_time = 100 * std.time.ns_per_us,
    };
    for (list) |bench| {
        output.print("{s} ... ", .{bench.name});
        output.flush();
        const threads = threadsFor(bench, config);
        var runner = Runner.start(gpa, bench.call, threads) catch |err| {
            output.print("FAILED\n", .{});
            return output.fail(exit_failure, "{s}: cannot start {d} threads: {t}", .{ bench.name, threads, err });
        };
        defer runner.finish();
        const iterations = calibrate(&runner, config.sample_time) catch {
            output.print("FAILED\n", .{});
            return runner.failed(output, bench.name);
        };
        var first: ?u64 = null;
        for (0..config.max_iters) |_| {
            const s = runner.runBatch(iterations) catch {
                output.print("FAILED\n", .{});
                return runner.failed(output, bench.name);
            };
            if (first) |count| if (count != s.count) {
                output.print("FAILED\n", .{});
                return output.fail(exit_failure, "{s}: the count changed from {d} to {d} between samples; a benchmark must report the same answer every time", .{ bench.name, count, s.count });
            };
            first = s.count;
        }
        output.print("ok\n", .{});
    }
    return 0;
}

fn threadsFor(bench: Benchmark, config: Config) usize {
    if (bench.threads == 0) return 1;
    if (config.threads > 0) return std.math.cast(usize, config.threads) orelse std.math.maxInt(usize);
    return bench.threads;
}

// ---------------------------------------------------------------------------------------------------
// Running batches.

/// One sample: `iterations` is the total over threads.
pub const Sample = struct {
    duration_ns: u64,
    count: u64,
    iterations: u64,
    bytes: u64,
    elements: u64 = 0,
};

/// Shared by the threads of one benchmark run; written by thread 0 between batches.
pub const Batch = struct {
    call: *const fn (*State) Outcome,
    threads: usize,
    iterations: u64 = 0,
    /// Whether this is the counted call of `--run`: `state.iter()` and the loop's end switch
    /// callgrind's counting on and off instead of reading the clock.
    counted: bool = false,
    /// Numbers the batches; workers run batch `posted` when it changes, and leave on `quit`.
    generation: u64 = 0,
    start_ns: i128 = 0,
    end_ns: i128 = 0,
    slots: []Slot = &.{},
    posted: Atomic(u64) align(std.atomic.cache_line) = .init(0),
    arrived: Atomic(usize) align(std.atomic.cache_line) = .init(0),
    go: Atomic(u64) align(std.atomic.cache_line) = .init(0),
    ended: Atomic(usize) align(std.atomic.cache_line) = .init(0),
    done: Atomic(u64) align(std.atomic.cache_line) = .init(0),
    finished: Atomic(usize) align(std.atomic.cache_line) = .init(0),

    const quit = std.math.maxInt(u64);
};

/// A thread's state and result, on a cache line of its own.
const Slot = struct {
    state: State align(std.atomic.cache_line),
    outcome: Outcome,
};

const Runner = struct {
    gpa: std.mem.Allocator,
    batch_data: *Batch,
    workers: []std.Thread,
    /// The first failure, for `failed`.
    failure: Outcome.Failure = .none,

    fn start(gpa: std.mem.Allocator, call: *const fn (*State) Outcome, threads: usize) !Runner {
        const batch = try gpa.create(Batch);
        errdefer gpa.destroy(batch);
        batch.* = .{ .call = call, .threads = threads };
        batch.slots = try gpa.alloc(Slot, threads);
        errdefer gpa.free(batch.slots);
        const workers = try gpa.alloc(std.Thread, threads - 1);
        errdefer gpa.free(workers);
        var spawned: usize = 0;
        errdefer {
            batch.posted.store(Batch.quit, .release);
            for (workers[0..spawned]) |w| w.join();
        }
        for (workers, 1..) |*w, index| {
            w.* = try std.Thread.spawn(.{}, worker, .{ batch, index });
            spawned += 1;
        }
        return .{ .gpa = gpa, .batch_data = batch, .workers = workers };
    }

    fn finish(runner: *Runner) void {
        const batch = runner.batch_data;
        batch.posted.store(Batch.quit, .release);
        for (runner.workers) |w| w.join();
        runner.gpa.free(runner.workers);
        runner.gpa.free(batch.slots);
        runner.gpa.destroy(batch);
    }

    fn worker(batch: *Batch, index: usize) void {
        var seen: u64 = 0;
        while (true) {
            seen = spinUntilChanged(&batch.posted, seen);
            if (seen == Batch.quit) return;
            const slot = &batch.slots[index];
            slot.outcome = callOnce(batch, &slot.state, index);
            _ = batch.finished.fetchAdd(1, .acq_rel);
        }
    }

    /// Runs the benchmark function once on every thread, `iterations` loop iterations each.
    fn runBatch(runner: *Runner, iterations: u64) error{BenchmarkFailed}!Sample {
        const b = runner.batch_data;
        b.iterations = iterations;
        b.generation += 1;
        if (b.threads > 1) {
            b.arrived.store(0, .monotonic);
            b.ended.store(0, .monotonic);
            b.finished.store(0, .monotonic);
            b.posted.store(b.generation, .release);
        }
        b.slots[0].outcome = callOnce(b, &b.slots[0].state, 0);
        if (b.threads > 1) spinUntilEqual(usize, &b.finished, b.threads - 1);

        var sample: Sample = .{
            .duration_ns = @intCast(@max(0, b.end_ns - b.start_ns)),
            .count = 0,
            .iterations = iterations *% b.threads,
            .bytes = 0,
        };
        for (b.slots) |slot| {
            if (slot.outcome.failure != .none) {
                runner.failure = slot.outcome.failure;
                return error.BenchmarkFailed;
            }
            sample.count +%= slot.outcome.count;
            sample.bytes +%= slot.outcome.bytes;
            sample.elements +%= slot.outcome.elements;
        }
        return sample;
    }

    /// Reports the failure that ended a batch; exit status 1.
    fn failed(runner: *Runner, output: *Output, name: []const u8) u8 {
        return reportFailure(output, name, runner.failure);
    }
};

/// A failed benchmark: a message on stderr naming it and what went wrong; exit status 1.
fn reportFailure(output: *Output, name: []const u8, failure: Outcome.Failure) u8 {
    return switch (failure) {
        .none => output.fail(exit_failure, "{s}: failed", .{name}),
        .returned => |err| output.fail(exit_failure, "{s}: the benchmark returned error.{t}", .{ name, err }),
        .no_loop => output.fail(exit_failure, "{s}: the benchmark returned without calling state.iter()", .{name}),
        .left_loop => output.fail(exit_failure, "{s}: the benchmark left its loop before iter.next() returned null", .{name}),
    };
}

/// One call of the benchmark function on one thread. A function that skips or leaves its loop still
/// passes the start and the end of the timed region, so the other threads are not left waiting.
fn callOnce(batch: *Batch, state: *State, index: usize) Outcome {
    state.* = .{ .iterations = batch.iterations, .thread = index, .threads = batch.threads, .batch = batch };
    var outcome = batch.call(state);
    if (!state.started) {
        state.start();
        state.stop();
        if (outcome.failure == .none) outcome.failure = .no_loop;
    } else if (!state.stopped) {
        state.stop();
        if (outcome.failure == .none) outcome.failure = .left_loop;
    }
    return outcome;
}

// ---------------------------------------------------------------------------------------------------
// Instruction and heap counts: `--run NAME`.

/// `--run NAME`: one call of the benchmark function, on one thread, with a loop of one iteration,
/// through the trampoline `bench_action_measure`. Prints nothing unless the benchmark fails.
fn runCounted(bench: *const Benchmark, output: *Output) u8 {
    var batch: Batch = .{ .call = bench.call, .threads = 1, .iterations = 1, .counted = true };
    var state: State = .{ .iterations = 1, .thread = 0, .threads = 1, .batch = &batch };
    var outcome: Outcome = .{};
    // Black boxes, so the compiler cannot specialise the trampoline for one known benchmark.
    @call(.never_inline, bench_action_measure, .{
        blackBox(@as(*const anyopaque, @ptrCast(bench.call))),
        blackBox(@as(*anyopaque, @ptrCast(&state))),
        blackBox(@as(*anyopaque, @ptrCast(&outcome))),
    });
    if (outcome.failure == .none and !state.started) outcome.failure = .no_loop;
    if (outcome.failure == .none and !state.stopped) outcome.failure = .left_loop;
    if (outcome.failure != .none) return reportFailure(output, bench.name, outcome.failure);
    return 0;
}

/// The trampoline: `valgrind --tool=callgrind --toggle-collect=bench_action_measure` counts from its
/// entry to its return, and bench-action's heap counts keep the allocations whose stack passes through
/// it. It calls the benchmark function (`call`, a `*const fn (*State) Outcome`) on `state` and stores
/// what it returned in `outcome`.
///
/// The benchmark's setup (the code before `state.iter()`) and teardown (after its loop) run inside
/// it, in the same function as the loop; so the trampoline switches callgrind's counting off as it
/// starts, `state.iter()` switches it on, the loop's end off again, and the trampoline on again before
/// it returns (where `--toggle-collect` switches it off). Callgrind then counts the loop and a few
/// instructions of the harness, not the setup or the teardown. DHAT has no such switch: an allocation
/// made in the setup or the teardown has this frame on its stack too.
///
/// Exported with the C calling convention, so its symbol is exactly `bench_action_measure`; called with
/// `.never_inline`, and through black boxes, so it stays a real, unspecialised frame. It uses the
/// result after the call, which keeps the call a real call and not a tail jump.
export fn bench_action_measure(call: *const anyopaque, state: *anyopaque, outcome: *anyopaque) callconv(.c) void {
    toggleCollect();
    const function: *const fn (*State) Outcome = @ptrCast(@alignCast(call));
    const s: *State = @ptrCast(@alignCast(state));
    const result = function(s);
    // Counting is off unless the benchmark left its loop before the end (a failure, reported later).
    if (!s.started or s.stopped) toggleCollect();
    const out: *Outcome = @ptrCast(@alignCast(outcome));
    out.* = result;
}

/// Callgrind's client request `CALLGRIND_TOGGLE_COLLECT`: counting on if it was off, off if it was
/// on. Natively, and under other valgrind tools, it does nothing. It is valgrind's magic instruction
/// sequence (the same as `std.valgrind`, which leaves the requests out of optimised builds); on an
/// architecture without one it is left out, and the setup and teardown are counted.
inline fn toggleCollect() void {
    // VG_USERREQ_TOOL_BASE('C', 'T') + 2: after DUMP_STATS and ZERO_STATS.
    const request: usize = ((@as(usize, 'C') << 24) | (@as(usize, 'T') << 16)) + 2;
    const args = [6]usize{ request, 0, 0, 0, 0, 0 };
    switch (builtin.cpu.arch) {
        .x86_64 => _ = asm volatile (
            \\ rolq  $3,    %%rdi ; rolq $13, %%rdi
            \\ rolq  $61,   %%rdi ; rolq $51, %%rdi
            \\ xchgq %%rbx, %%rbx
            : [_] "={rdx}" (-> usize),
            : [_] "{rax}" (&args),
              [_] "{rdx}" (@as(usize, 0)),
            : .{ .memory = true }),
        .aarch64 => _ = asm volatile (
            \\ ror x12, x12, #3  ; ror x12, x12, #13
            \\ ror x12, x12, #51 ; ror x12, x12, #61
            \\ orr x10, x10, x10
            : [_] "={x3}" (-> usize),
            : [_] "{x4}" (&args),
              [_] "{x3}" (@as(usize, 0)),
            : .{ .memory = true }),
        else => {},
    }
}

/// The iterations per thread for one sample. From 1, the count grows (by the measured rate, at most
/// ×100 a step) until a batch lasts `sample_time`. That batch is run again: a repeat under half of it
/// shows the first was a fluke (an interrupt, a page fault) and the search goes on; a repeat a little
/// short of it scales the count up to reach it.
pub fn calibrate(runner: anytype, sample_time: u64) !u64 {
    var n: u64 = 1;
    while (n < max_iterations) {
        var took = (try runner.runBatch(n)).duration_ns;
        if (took >= sample_time) {
            const again = (try runner.runBatch(n)).duration_ns;
            if (again >= sample_time) return n;
            if (again >= sample_time / 2) {
                const scaled = (@as(u128, n) * sample_time + again - 1) / again;
                return @intCast(@min(scaled, max_iterations));
            }
            took = again;
        }
        n = nextIterations(n, took, sample_time);
    }
    return max_iterations;
}

/// The next count to try after `n` iterations took `took` ns, aiming 20% past `target`.
pub fn nextIterations(n: u64, took: u64, target: u64) u64 {
    // Under a microsecond the clock's own cost dominates: grow by ×10 (×2 once close).
    const predicted: u128 = if (took < std.time.ns_per_us)
        @as(u128, n) * 10
    else
        @as(u128, n) * target * 6 / (@as(u128, took) * 5);
    const lo: u128 = @as(u128, n) + 1;
    const hi: u128 = @as(u128, n) * 100;
    return @intCast(@min(@max(predicted, lo), hi, max_iterations));
}

// ---------------------------------------------------------------------------------------------------
// The clock and waiting.

/// The monotonic clock, in nanoseconds.
inline fn now() i128 {
    return system.nowNs();
}

fn elapsedSince(start: i128) u64 {
    return @intCast(@max(0, now() - start));
}

/// Busy-waits this many pause instructions before yielding the processor between checks: a few
/// microseconds, enough for threads that each have a processor, short enough that threads sharing
/// one get to run.
const spin_limit = 256;

/// Spins (then yields, when there are more threads than processors) until `value` holds `want`.
fn spinUntilEqual(comptime T: type, value: *const Atomic(T), want: T) void {
    var spins: u32 = 0;
    while (value.load(.acquire) != want) {
        if (spins < spin_limit) {
            spins += 1;
            std.atomic.spinLoopHint();
        } else {
            std.Thread.yield() catch {};
        }
    }
}

fn spinUntilChanged(value: *const Atomic(u64), old: u64) u64 {
    var spins: u32 = 0;
    while (true) {
        const v = value.load(.acquire);
        if (v != old) return v;
        if (spins < spin_limit) {
            spins += 1;
            std.atomic.spinLoopHint();
        } else {
            std.Thread.yield() catch {};
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// The operating system: the monotonic clock, stdout and stderr, stdin.
//
// On POSIX systems these are direct system calls (the clock through the vDSO on Linux), which keeps
// std.Io's event loop, and the time it takes to compile, out of the benchmark program. Elsewhere they
// go through std.Io.

const system = switch (builtin.os.tag) {
    .windows, .wasi => IoSystem,
    else => PosixSystem,
};

const Stream = enum { stdout, stderr };

const PosixSystem = struct {
    const posix = std.posix;

    const clock_id: posix.clockid_t = if (builtin.os.tag.isDarwin()) .UPTIME_RAW else .MONOTONIC;

    fn nowNs() i128 {
        var ts: posix.timespec = undefined;
        _ = posix.system.clock_gettime(clock_id, &ts);
        return @as(i128, ts.sec) * std.time.ns_per_s + ts.nsec;
    }

    fn writeAll(fd: posix.fd_t, bytes: []const u8) std.Io.Writer.Error!void {
        var rest = bytes;
        while (rest.len > 0) {
            const rc = posix.system.write(fd, rest.ptr, @min(rest.len, 0x7fff_f000));
            switch (posix.errno(rc)) {
                .SUCCESS => rest = rest[@intCast(rc)..],
                .INTR => {},
                else => return error.WriteFailed,
            }
        }
    }

    /// An unbuffered-to-the-OS std.Io.Writer over a file descriptor.
    const Writer = struct {
        fd: posix.fd_t,
        interface: std.Io.Writer,

        fn init(stream: Stream, buffer: []u8) Writer {
            return .{
                .fd = switch (stream) {
                    .stdout => posix.STDOUT_FILENO,
                    .stderr => posix.STDERR_FILENO,
                },
                .interface = .{ .vtable = &.{ .drain = drain }, .buffer = buffer },
            };
        }

        fn writer(w: *Writer) *std.Io.Writer {
            return &w.interface;
        }

        fn drain(io_w: *std.Io.Writer, data: []const []const u8, splat: usize) std.Io.Writer.Error!usize {
            const w: *Writer = @alignCast(@fieldParentPtr("interface", io_w));
            try writeAll(w.fd, io_w.buffered());
            io_w.end = 0;
            var written: usize = 0;
            for (data[0 .. data.len - 1]) |bytes| {
                try writeAll(w.fd, bytes);
                written += bytes.len;
            }
            const last = data[data.len - 1];
            for (0..splat) |_| try writeAll(w.fd, last);
            return written + last.len * splat;
        }
    };

    fn readStdin(gpa: std.mem.Allocator) ![]u8 {
        var list: std.ArrayList(u8) = .empty;
        errdefer list.deinit(gpa);
        while (true) {
            try list.ensureUnusedCapacity(gpa, 64 * 1024);
            const n = try posix.read(posix.STDIN_FILENO, list.unusedCapacitySlice());
            if (n == 0) return list.toOwnedSlice(gpa);
            list.items.len += n;
        }
    }
};

const IoSystem = struct {
    fn io() std.Io {
        return std.Io.Threaded.global_single_threaded.io();
    }

    fn nowNs() i128 {
        return std.Io.Clock.awake.now(io()).nanoseconds;
    }

    const Writer = struct {
        inner: std.Io.File.Writer,

        fn init(stream: Stream, buffer: []u8) Writer {
            const file: std.Io.File = switch (stream) {
                .stdout => .stdout(),
                .stderr => .stderr(),
            };
            return .{ .inner = file.writerStreaming(io(), buffer) };
        }

        fn writer(w: *Writer) *std.Io.Writer {
            return &w.inner.interface;
        }
    };

    fn readStdin(gpa: std.mem.Allocator) ![]u8 {
        var buffer: [4096]u8 = undefined;
        var reader = std.Io.File.stdin().readerStreaming(io(), &buffer);
        return reader.interface.allocRemaining(gpa, .unlimited);
    }
};

// ---------------------------------------------------------------------------------------------------
// The configuration.

/// The keys `--samples` honours. Absent keys are 0, except `sample-time` (1 ms): with no
/// `max-iters`, no samples are taken.
pub const Config = struct {
    /// `max-iters`: the most samples to print.
    max_iters: u64 = 0,
    /// `max-time` (ns): stop sampling once this long has been spent on it (checked after each sample).
    max_time: u64 = 0,
    /// `max-warmup-iters`: the most warmup batches, run and discarded before sampling.
    max_warmup_iters: u64 = 0,
    /// `max-warmup-time` (ns): stop warming up once this long has been spent on it.
    max_warmup_time: u64 = 0,
    /// `sample-time` (ns): how long one sample should last.
    sample_time: u64 = default_sample_time_ns,
    /// `threads`: when above 0, the thread count of benchmarks that declare `threads`.
    threads: u64 = 0,

    /// Reads rebar's KLV items strictly; unknown keys are ignored. On error, `diagnostic` says why.
    pub fn fromKlv(input: []const u8, diagnostic: *Diagnostic) error{InvalidKlv}!Config {
        var config: Config = .{};
        var items: KlvIterator = .{ .input = input };
        while (try items.next(diagnostic)) |item| {
            const field: *u64 = if (std.mem.eql(u8, item.key, "max-iters"))
                &config.max_iters
            else if (std.mem.eql(u8, item.key, "max-time"))
                &config.max_time
            else if (std.mem.eql(u8, item.key, "max-warmup-iters"))
                &config.max_warmup_iters
            else if (std.mem.eql(u8, item.key, "max-warmup-time"))
                &config.max_warmup_time
            else if (std.mem.eql(u8, item.key, "sample-time"))
                &config.sample_time
            else if (std.mem.eql(u8, item.key, "threads"))
                &config.threads
            else
                continue;
            field.* = parseDecimal(item.value) orelse {
                diagnostic.* = .{ .problem = .not_a_number, .key = item.key, .value = item.value };
                return error.InvalidKlv;
            };
        }
        return config;
    }
};

fn parseDecimal(text: []const u8) ?u64 {
    if (text.len == 0) return null;
    var v: u64 = 0;
    for (text) |c| {
        if (c < '0' or c > '9') return null;
        const m = @mulWithOverflow(v, 10);
        if (m[1] != 0) return null;
        const a = @addWithOverflow(m[0], c - '0');
        if (a[1] != 0) return null;
        v = a[0];
    }
    return v;
}

pub const KlvItem = struct { key: []const u8, value: []const u8 };

/// Why KLV input was rejected; prints as the message.
pub const Diagnostic = struct {
    problem: Problem = .none,
    key: []const u8 = "",
    value: []const u8 = "",
    offset: usize = 0,
    length: usize = 0,
    remaining: usize = 0,

    pub const Problem = enum { none, no_colon, empty_key, bad_length, too_long, no_newline, not_a_number };

    pub fn format(d: Diagnostic, w: *std.Io.Writer) std.Io.Writer.Error!void {
        switch (d.problem) {
            .none => try w.writeAll("no error"),
            .no_colon => try w.print("expected a KLV item `key:length:value`, found no ':' after the key (at byte {d})", .{d.offset}),
            .empty_key => try w.print("a KLV item has an empty key (at byte {d})", .{d.offset}),
            .bad_length => try w.print("the KLV item '{s}' has no decimal byte length followed by ':' (at byte {d})", .{ d.key, d.offset }),
            .too_long => try w.print("the KLV item '{s}' has length {d} but only {d} bytes follow (at byte {d})", .{ d.key, d.length, d.remaining, d.offset }),
            .no_newline => try w.print("the KLV item '{s}' of length {d} is not followed by a newline (is its length in bytes?) (at byte {d})", .{ d.key, d.length, d.offset }),
            .not_a_number => try w.print("the value of '{s}' is \"{f}\", expected a decimal integer", .{ d.key, std.zig.fmtString(d.value) }),
        }
    }
};

/// Splits KLV input into items, strictly: every byte must belong to a `key:length:value\n` item,
/// `length` being the value's size in bytes (the value may hold ':', newlines, anything).
pub const KlvIterator = struct {
    input: []const u8,
    pos: usize = 0,

    pub fn next(it: *KlvIterator, diagnostic: *Diagnostic) error{InvalidKlv}!?KlvItem {
        const input = it.input;
        if (it.pos >= input.len) return null;
        const start = it.pos;
        const key_end = std.mem.indexOfAnyPos(u8, input, start, ":\n") orelse input.len;
        if (key_end == input.len or input[key_end] != ':') return fail(diagnostic, .{ .problem = .no_colon, .offset = start });
        if (key_end == start) return fail(diagnostic, .{ .problem = .empty_key, .offset = start });
        const key = input[start..key_end];
        var pos = key_end + 1;
        var digits: usize = 0;
        while (pos + digits < input.len and std.ascii.isDigit(input[pos + digits])) digits += 1;
        if (digits == 0 or pos + digits >= input.len or input[pos + digits] != ':')
            return fail(diagnostic, .{ .problem = .bad_length, .key = key, .offset = pos });
        const length_text = input[pos .. pos + digits];
        pos += digits + 1;
        const remaining = input.len - pos;
        const length = parseDecimal(length_text) orelse std.math.maxInt(u64);
        if (length > remaining)
            return fail(diagnostic, .{ .problem = .too_long, .key = key, .length = length, .remaining = remaining, .offset = pos });
        const n: usize = @intCast(length);
        const value = input[pos .. pos + n];
        pos += n;
        if (pos >= input.len or input[pos] != '\n')
            return fail(diagnostic, .{ .problem = .no_newline, .key = key, .length = n, .offset = pos });
        it.pos = pos + 1;
        return .{ .key = key, .value = value };
    }

    fn fail(diagnostic: *Diagnostic, d: Diagnostic) error{InvalidKlv} {
        diagnostic.* = d;
        return error.InvalidKlv;
    }
};

// ---------------------------------------------------------------------------------------------------
// Tests: `zig test runners/zig/bench_action.zig`.

const testing = std.testing;

fn parseForTest(input: []const u8) !Config {
    var d: Diagnostic = .{};
    return Config.fromKlv(input, &d);
}

fn diagnosticForTest(input: []const u8) ![]const u8 {
    var d: Diagnostic = .{};
    if (Config.fromKlv(input, &d)) |_| return error.TestUnexpectedResult else |_| {}
    return std.fmt.allocPrint(testing.allocator, "{f}", .{d});
}

test "KLV: values are skipped by their byte length, unknown keys ignored" {
    const config = try parseForTest("name:12:a:b\nc→d é\nmax-iters:1:7\nparam.x:0:\nsample-time:3:500\nthreads:1:4\n");
    try testing.expectEqual(@as(u64, 7), config.max_iters);
    try testing.expectEqual(@as(u64, 500), config.sample_time);
    try testing.expectEqual(@as(u64, 4), config.threads);
    try testing.expectEqual(@as(u64, 0), config.max_time);
    const empty = try parseForTest("");
    try testing.expectEqual(default_sample_time_ns, empty.sample_time);
}

test "KLV: malformed input is rejected with the byte offset" {
    const cases = [_]struct { []const u8, []const u8 }{
        .{ "max-iters:5:10\n", "'max-iters' has length 5 but only 3 bytes follow (at byte 12)" },
        .{ "max-iters:1:10\n", "'max-iters' of length 1 is not followed by a newline (is its length in bytes?) (at byte 13)" },
        .{ "max-iters:2:10", "'max-iters' of length 2 is not followed by a newline" },
        .{ "max-iters\n", "found no ':' after the key (at byte 0)" },
        .{ ":1:a\n", "a KLV item has an empty key (at byte 0)" },
        .{ "max-iters:+2:10\n", "'max-iters' has no decimal byte length followed by ':' (at byte 10)" },
        .{ "max-iters:99999999999999999999999:1\n", "has length 18446744073709551615 but only 2 bytes follow" },
        .{ "max-iters:3:ten\n", "the value of 'max-iters' is \"ten\", expected a decimal integer" },
        .{ "max-time:3:1e9\n", "the value of 'max-time' is \"1e9\", expected a decimal integer" },
        .{ "max-iters:0:\n", "the value of 'max-iters' is \"\", expected a decimal integer" },
    };
    for (cases) |case| {
        const message = try diagnosticForTest(case[0]);
        defer testing.allocator.free(message);
        if (std.mem.indexOf(u8, message, case[1]) == null) {
            std.debug.print("input {s}: got \"{s}\", want \"{s}\"\n", .{ case[0], message, case[1] });
            return error.TestUnexpectedResult;
        }
    }
}

test "range, denseRange, argsProduct" {
    try testing.expectEqualSlices(usize, &.{ 8, 16, 32, 64, 128, 256, 512, 1024 }, range(usize, 2, 8, 1024));
    try testing.expectEqualSlices(usize, &.{ 1024, 4096, 16384, 65536, 262144, 1048576 }, range(usize, 4, 1024, 1 << 20));
    try testing.expectEqualSlices(u32, &.{ 1, 10, 100, 500 }, range(u32, 10, 1, 500));
    try testing.expectEqualSlices(u8, &.{ 100, 200, 255 }, range(u8, 2, 100, 255));
    try testing.expectEqualSlices(usize, &.{ 5, 6, 7, 8, 9, 10, 11, 12, 13 }, denseRange(usize, 5, 13));
    const product = argsProduct(.{ .n = [_]usize{ 1, 2 }, .a = [_]f64{ 1.1, 11.0 }, .k = range(u8, 2, 1, 2) });
    try testing.expectEqual(@as(usize, 8), product.len);
    try testing.expectEqual(@as(usize, 1), product[0].n);
    try testing.expectEqual(@as(f64, 1.1), product[0].a);
    try testing.expectEqual(@as(u8, 2), product[1].k);
    try testing.expectEqual(@as(f64, 11.0), product[2].a);
    try testing.expectEqual(@as(usize, 2), product[7].n);
    const tuples = argsProduct(.{ [_]u8{ 1, 2 }, &[_]bool{ false, true } });
    try testing.expectEqual(true, tuples[3][1]);
}

const NamedDefinition = struct {
    pub const name = "roots";
    pub const args = argsProduct(.{ .n = [_]usize{ 1, 8 }, .a = [_]f64{ 1.1, 11.0 } });
    pub const arg_names = [_][]const u8{ "n", "a" };
    pub fn solve(state: *State, arg: @TypeOf(args[0])) u64 {
        var iter = state.iter();
        while (iter.next()) |_| {}
        return arg.n;
    }
    pub fn helper(x: u64) u64 {
        return x;
    }
};

const SizedDefinition = struct {
    pub const args = range(usize, 4, 1024, 1 << 20) ++ [_]usize{ 1000, 1536, 0 };
    pub const arg_units = .div_1024;
    pub const threads = [_]usize{ 1, 4 };
    pub fn copy(state: *State, n: usize) Bytes {
        var iter = state.iter();
        while (iter.next()) |_| {}
        return .{ .bytes = n * state.iterations };
    }
    pub fn other(state: *State, n: usize) !Elements {
        var iter = state.iter();
        while (iter.next()) |_| {}
        return .{ .elements = n * state.iterations };
    }
};

test "benchmark names" {
    const list = comptime benchmarks(.{ NamedDefinition, SizedDefinition });
    var names: [list.len][]const u8 = undefined;
    for (list, &names) |b, *n| n.* = b.name;
    const want = [_][]const u8{
        "roots/n:1/a:1.1",
        "roots/n:1/a:11",
        "roots/n:8/a:1.1",
        "roots/n:8/a:11",
        "SizedDefinition/copy/1k/threads:1",
        "SizedDefinition/copy/1k/threads:4",
        "SizedDefinition/copy/4k/threads:1",
    };
    for (want, 0..) |w, i| try testing.expectEqualStrings(w, names[i]);
    try testing.expectEqualStrings("SizedDefinition/copy/1M/threads:4", names[4 + 11]);
    try testing.expectEqualStrings("SizedDefinition/copy/1000/threads:1", names[4 + 12]);
    try testing.expectEqualStrings("SizedDefinition/copy/1536/threads:1", names[4 + 14]);
    try testing.expectEqualStrings("SizedDefinition/copy/0/threads:4", names[4 + 17]);
    try testing.expectEqualStrings("SizedDefinition/other/1k/threads:1", names[4 + 18]);
    try testing.expectEqual(true, list[4].bytes);
    try testing.expectEqual(false, list[0].bytes);
    try testing.expectEqualStrings("n:1/a:1.1", list[0].input);
    try testing.expectEqualStrings("", list[0].group);
    try testing.expectEqualStrings("1k", list[4].input);
    try testing.expectEqualStrings("SizedDefinition", list[4].group);
    try testing.expectEqual(true, list[4 + 18].elements);
    try testing.expectEqual(false, list[4].elements);
    try testing.expectEqual(@as(usize, 4), list[5].threads);
    try testing.expectEqual(@as(usize, 0), list[0].threads);
    try testing.expectEqualStrings("4000k", comptime intName(4_096_000, .div_1024));
    try testing.expectEqualStrings("4M", comptime intName(4_000_000, .div_1000));
    try testing.expect(!validName("a b"));
    try testing.expect(!validName(""));
    try testing.expect(validName("fib/recurse/20"));
}

const FakeRunner = struct {
    ns_per_iteration: u64,
    fluke_at: ?u64 = null,
    batches: u64 = 0,
    fn runBatch(r: *FakeRunner, n: u64) !Sample {
        r.batches += 1;
        const took = if (r.fluke_at == n) blk: {
            r.fluke_at = null;
            break :blk 10 * std.time.ns_per_ms;
        } else n * r.ns_per_iteration;
        return .{ .duration_ns = took, .count = 0, .iterations = n, .bytes = 0 };
    }
};

test "calibration reaches the sample time and ignores a fluke" {
    var fast: FakeRunner = .{ .ns_per_iteration = 1 };
    const n = try calibrate(&fast, std.time.ns_per_ms);
    try testing.expect(n >= 1_000_000 and n <= 1_300_000);
    try testing.expect(fast.batches < 20);
    var slow: FakeRunner = .{ .ns_per_iteration = 5 * std.time.ns_per_ms };
    try testing.expectEqual(@as(u64, 1), try calibrate(&slow, std.time.ns_per_ms));
    var fluke: FakeRunner = .{ .ns_per_iteration = 10, .fluke_at = 1 };
    try testing.expect(try calibrate(&fluke, std.time.ns_per_ms) >= 100_000);
    var huge: FakeRunner = .{ .ns_per_iteration = 0 };
    try testing.expectEqual(max_iterations, try calibrate(&huge, std.time.ns_per_ms));
}

test "blackBox returns its value" {
    try testing.expectEqual(@as(u64, 42), blackBox(@as(u64, 42)));
    try testing.expectEqual(@as(u8, 7), blackBox(@as(u8, 7)));
    try testing.expectEqual(@as(f64, 1.5), blackBox(@as(f64, 1.5)));
    const s = blackBox(NamedDefinition.args[3]);
    try testing.expectEqual(@as(usize, 8), s.n);
    const text: []const u8 = "abc";
    try testing.expectEqualStrings("abc", blackBox(text));
}

fn spinFor(ns: u64) void {
    const start = now();
    while (elapsedSince(start) < ns) {}
}

const RunnerTests = struct {
    var shared: Atomic(u64) = .init(0);

    fn slowSetupAndTeardown(state: *State) u64 {
        spinFor(2 * std.time.ns_per_ms);
        var iter = state.iter();
        while (iter.next()) |i| std.mem.doNotOptimizeAway(i);
        spinFor(2 * std.time.ns_per_ms);
        return 7;
    }
    fn bytesPerThread(state: *State) Bytes {
        if (state.thread == 0) shared.store(0, .monotonic);
        var iter = state.iter();
        while (iter.next()) |_| _ = shared.fetchAdd(1, .monotonic);
        return .{ .bytes = 10 * state.iterations, .count = shared.load(.monotonic) / state.iterations };
    }
    fn failing(state: *State) !u64 {
        if (state.thread == state.threads - 1) return error.OutOfInput;
        var iter = state.iter();
        while (iter.next()) |_| {}
        return 1;
    }
    fn noLoop(state: *State) void {
        _ = state;
    }
    fn leavesLoop(state: *State) void {
        var iter = state.iter();
        while (iter.next()) |i| if (i == 2 and state.thread == 0) break;
    }

    fn call(comptime f: anytype) *const fn (*State) Outcome {
        return caller(f, false, {});
    }
};

test "setup and teardown are not timed" {
    var runner = try Runner.start(testing.allocator, RunnerTests.call(RunnerTests.slowSetupAndTeardown), 1);
    defer runner.finish();
    const sample = try runner.runBatch(1000);
    try testing.expect(sample.duration_ns < std.time.ns_per_ms);
    try testing.expectEqual(@as(u64, 7), sample.count);
    try testing.expectEqual(@as(u64, 1000), sample.iterations);
}

test "threads: iterations, counts and bytes are summed over threads" {
    for ([_]usize{ 1, 2, 3 }) |threads| {
        var runner = try Runner.start(testing.allocator, RunnerTests.call(RunnerTests.bytesPerThread), threads);
        defer runner.finish();
        for (0..3) |_| {
            const sample = try runner.runBatch(5000);
            try testing.expectEqual(@as(u64, 5000 * threads), sample.iterations);
            try testing.expectEqual(@as(u64, 10 * 5000 * threads), sample.bytes);
            // Every thread saw all the adds: `threads` adds per iteration each.
            try testing.expectEqual(@as(u64, threads * threads), sample.count);
        }
    }
}

test "a failing or misused benchmark is an error, without leaving threads waiting" {
    const cases = .{
        .{ RunnerTests.failing, Outcome.Failure{ .returned = error.OutOfInput } },
        .{ RunnerTests.noLoop, Outcome.Failure.no_loop },
        .{ RunnerTests.leavesLoop, Outcome.Failure.left_loop },
    };
    inline for (cases) |case| {
        for ([_]usize{ 1, 2 }) |threads| {
            var runner = try Runner.start(testing.allocator, RunnerTests.call(case[0]), threads);
            defer runner.finish();
            try testing.expectError(error.BenchmarkFailed, runner.runBatch(10));
            try testing.expectEqual(case[1], runner.failure);
        }
    }
}

const CountedDefinition = struct {
    pub const args = [_]u64{ 3, 5 };
    var calls: u64 = 0;
    var iterations: u64 = 0;
    var last_arg: u64 = 0;
    pub fn run(state: *State, n: u64) u64 {
        calls += 1;
        last_arg = n;
        var iter = state.iter();
        while (iter.next()) |_| iterations += 1;
        return n;
    }
};

test "--run: one call of the named benchmark, one iteration, with its argument" {
    const list = comptime benchmarks(.{CountedDefinition});
    var output: Output = .{};
    output.init();
    try testing.expectEqual(@as(u8, 0), runCounted(&list[1], &output));
    try testing.expectEqual(@as(u64, 1), CountedDefinition.calls);
    try testing.expectEqual(@as(u64, 1), CountedDefinition.iterations);
    try testing.expectEqual(@as(u64, 5), CountedDefinition.last_arg);
}
