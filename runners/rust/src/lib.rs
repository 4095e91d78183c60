//! Benchmarks for bench-action: instruction counts under callgrind, and wall-clock samples.
//!
//! A benchmark binary built with this crate runs one benchmark per process:
//!
//! ```text
//! BINARY --list             one benchmark name per line
//! BINARY --run NAME         setup, then the benchmark once, then teardown
//! BINARY --samples NAME     reads a KLV configuration on stdin, prints wall-clock samples
//! BINARY --version          harness name and version
//! BINARY                    runs every benchmark once, as a quick check that none fails
//! ```
//!
//! For instruction counts, bench-action runs
//! `valgrind --tool=callgrind --toggle-collect=bench_action_measure BINARY --run NAME`.
//! Callgrind counts only what happens while [`bench_action_measure`] is on the stack, so the
//! setup, the teardown, process start-up and argument parsing are not part of the count.
//!
//! For wall-clock time, bench-action runs `BINARY --samples NAME` with a configuration in rebar's
//! KLV format on stdin. The harness times batches of calls in-process and prints one
//! `duration_ns,count,iterations` line per sample (see [`SampleConfig`] and [`Sample`]), with the
//! bytes or elements of the sample added for a benchmark that declares a [`Throughput`].
//!
//! As in criterion, one function can be benchmarked over several inputs ([`Bench::with_inputs`],
//! named `NAME/INPUT`), benchmarks can be grouped ([`BenchmarkGroup`], named `GROUP/NAME`), and a
//! benchmark can declare the bytes or elements one call processes ([`Throughput`]).
//!
//! ```no_run
//! use bench_action_harness::{black_box, main, Bench};
//!
//! fn setup_vec() -> Vec<u64> { (0..1000).collect() }
//! fn sum(v: &Vec<u64>) -> u64 { v.iter().sum() }
//!
//! main!(
//!     Bench::with_setup("sum_1000", setup_vec, sum),
//!     Bench::with_setup_mut("sort_1000", || (0..1000u64).rev().collect::<Vec<_>>(), |v| v.sort()),
//!     Bench::new("sum_to_100", || (0..black_box(100u64)).sum::<u64>()),
//! );
//! ```

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::ffi::c_void;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::mem::MaybeUninit;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Hides a value from the optimiser: the compiler must assume it is read and may have changed.
/// Wrap constant arguments in it (`fibonacci(black_box(20))`) so the work is not computed at compile time.
pub use std::hint::black_box;

/// Harness name, printed by `--version` together with [`VERSION`].
pub const HARNESS_NAME: &str = "bench-action-harness-rust";
/// Harness version, printed by `--version`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Exit status for a bad command line or an unknown benchmark name.
pub const EXIT_USAGE: i32 = 2;
/// Exit status when the registered benchmarks themselves are invalid (bad or duplicate names).
pub const EXIT_INVALID_BENCHMARKS: i32 = 1;
/// Exit status of `--samples` when the configuration on stdin cannot be read or is not valid KLV.
pub const EXIT_INVALID_CONFIGURATION: i32 = 1;

/// The signature [`bench_action_measure`] calls: one benchmark invocation with its state behind `context`.
pub type MeasuredEntry = unsafe extern "C-unwind" fn(context: *mut c_void);

/// The counted region. Every benchmark of every binary goes through this one symbol, so a single
/// `--toggle-collect=bench_action_measure` selects exactly the benchmark call, whatever its types.
///
/// It is not generic on purpose: a generic function would be compiled once per type, each copy under
/// a mangled name that the toggle would not match. It is `extern "C-unwind"` so that the symbol keeps
/// its plain C name and a panicking benchmark still unwinds to an ordinary panic message and exit status.
///
/// # Safety
///
/// `entry` must be safe to call with `context`.
#[no_mangle]
#[inline(never)]
pub unsafe extern "C-unwind" fn bench_action_measure(entry: MeasuredEntry, context: *mut c_void) {
    entry(context);
    // Using `context` after the call keeps it a real call. A tail jump would leave this frame, and with
    // it the counted region, before the benchmark runs.
    black_box(context);
}

/// One benchmark call, handed to [`bench_action_measure`] as an untyped context.
struct MeasuredCall<'a, I, O, F> {
    benchmark: &'a F,
    input: &'a mut I,
    output: MaybeUninit<O>,
}

/// Calls the benchmark and passes its result through a black box. The result is moved out, not
/// dropped, so freeing it happens after the counted region.
unsafe extern "C-unwind" fn call_benchmark<I, O, F: Fn(&mut I) -> O>(context: *mut c_void) {
    let call = &mut *context.cast::<MeasuredCall<I, O, F>>();
    let output = (call.benchmark)(black_box(&mut *call.input));
    call.output.write(black_box(output));
}

/// Runs `benchmark` on `input` inside the counted region and returns its output.
fn measure<I, O, F: Fn(&mut I) -> O>(benchmark: &F, input: &mut I) -> O {
    let mut call = MeasuredCall {
        benchmark,
        input,
        output: MaybeUninit::uninit(),
    };
    let entry: MeasuredEntry = call_benchmark::<I, O, F>;
    let context: *mut c_void = (&mut call as *mut MeasuredCall<I, O, F>).cast();
    // The black boxes keep the compiler from specialising the trampoline for a known entry point:
    // the specialised copy would carry another symbol name and escape the toggle.
    unsafe {
        bench_action_measure(black_box(entry), black_box(context));
        call.output.assume_init()
    }
}

/// What a benchmark's output counts in a wall-clock sample: the `count` field of the sample line.
///
/// A correct benchmark gives the same count on every sample, and bench-action fails a benchmark
/// whose counts differ, so return something that shows the answer was right: a number computed, a
/// length, a checksum. Implemented for `()` (count 0), `bool` (0 or 1), the integer types (a
/// negative integer counts as its magnitude; 128-bit integers keep their low 64 bits), `char`,
/// strings, slices, arrays and the standard collections (their length), `Option` (`None` counts
/// 0), `Result` (`Err` counts 0), and references and smart pointers to any of these.
///
/// For an output of another type, implement it, or return a count from the closure:
/// `|| area(black_box(2.0)).to_bits()`.
pub trait Count {
    /// The count reported for this output.
    fn count(&self) -> u64;
}

impl Count for () {
    fn count(&self) -> u64 {
        0
    }
}

impl Count for bool {
    fn count(&self) -> u64 {
        u64::from(*self)
    }
}

impl Count for char {
    fn count(&self) -> u64 {
        u64::from(*self)
    }
}

macro_rules! count_integers {
    ($($t:ty => |$v:ident| $count:expr),* $(,)?) => {$(
        impl Count for $t {
            fn count(&self) -> u64 {
                let $v = *self;
                $count
            }
        }
    )*};
}
count_integers!(
    u8 => |v| u64::from(v),
    u16 => |v| u64::from(v),
    u32 => |v| u64::from(v),
    u64 => |v| v,
    u128 => |v| v as u64,
    usize => |v| v as u64,
    i8 => |v| u64::from(v.unsigned_abs()),
    i16 => |v| u64::from(v.unsigned_abs()),
    i32 => |v| u64::from(v.unsigned_abs()),
    i64 => |v| v.unsigned_abs(),
    i128 => |v| v.unsigned_abs() as u64,
    isize => |v| v.unsigned_abs() as u64,
);

impl Count for str {
    fn count(&self) -> u64 {
        self.len() as u64
    }
}

impl Count for String {
    fn count(&self) -> u64 {
        self.len() as u64
    }
}

impl<T> Count for [T] {
    fn count(&self) -> u64 {
        self.len() as u64
    }
}

impl<T, const N: usize> Count for [T; N] {
    fn count(&self) -> u64 {
        N as u64
    }
}

macro_rules! count_len {
    ($($t:ident<$($p:ident),*>),*) => {$(
        impl<$($p),*> Count for $t<$($p),*> {
            fn count(&self) -> u64 {
                self.len() as u64
            }
        }
    )*};
}
count_len!(Vec<T>, VecDeque<T>, BTreeSet<T>, BTreeMap<K, V>, HashSet<T, S>, HashMap<K, V, S>);

impl<T: Count> Count for Option<T> {
    fn count(&self) -> u64 {
        self.as_ref().map_or(0, Count::count)
    }
}

impl<T: Count, E> Count for Result<T, E> {
    fn count(&self) -> u64 {
        self.as_ref().map_or(0, Count::count)
    }
}

impl<T: Count + ?Sized> Count for &T {
    fn count(&self) -> u64 {
        (**self).count()
    }
}

impl<T: Count + ?Sized> Count for &mut T {
    fn count(&self) -> u64 {
        (**self).count()
    }
}

impl<T: Count + ?Sized> Count for Box<T> {
    fn count(&self) -> u64 {
        (**self).count()
    }
}

impl<T: Count + ?Sized> Count for Rc<T> {
    fn count(&self) -> u64 {
        (**self).count()
    }
}

impl<T: Count + ?Sized> Count for Arc<T> {
    fn count(&self) -> u64 {
        (**self).count()
    }
}

/// The timed loop of a wall-clock sample: `iterations` calls of `benchmark` on `input`, between two
/// readings of the monotonic clock. Compiled once per benchmark, so the call is direct and can be
/// inlined; the black boxes make every call really run, on an input the compiler must assume changed.
/// Every output but the last is dropped inside the loop; the last is counted and dropped after it.
#[inline(never)]
fn time_calls<I, O: Count, F: Fn(&mut I) -> O>(
    benchmark: &F,
    input: &mut I,
    iterations: u64,
) -> (Duration, u64) {
    let start = Instant::now();
    for _ in 1..iterations {
        black_box(benchmark(black_box(&mut *input)));
    }
    let last = black_box(benchmark(black_box(&mut *input)));
    let duration = start.elapsed();
    (duration, last.count())
}

/// How `--samples` takes samples: the keys of the KLV configuration it honours.
///
/// Like rebar's runners, it runs warmup batches until `max_warmup_iters` batches have run or
/// `max_warmup_time` has passed (checked after each batch), then samples until `max_iters` samples
/// are taken or `max_time` has passed (checked after each sample, so at least one is taken when
/// `max_iters` is not 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleConfig {
    /// `max-iters`: the most samples to take. 0 runs nothing.
    pub max_iters: u64,
    /// `max-time` (nanoseconds): stop sampling once this much time has been spent sampling.
    pub max_time: Duration,
    /// `max-warmup-iters`: the most warmup batches, run and discarded before sampling.
    pub max_warmup_iters: u64,
    /// `max-warmup-time` (nanoseconds): stop warming up once this much time has been spent on it.
    pub max_warmup_time: Duration,
    /// `sample-time` (nanoseconds): how long one sample should take; calibration picks the number
    /// of calls per sample that reaches it. [`SampleConfig::DEFAULT_SAMPLE_TIME`] when absent.
    pub sample_time: Duration,
}

impl SampleConfig {
    /// The sample time when the configuration does not give one: 1 ms.
    pub const DEFAULT_SAMPLE_TIME: Duration = Duration::from_millis(1);

    /// Reads a configuration in rebar's KLV format: `key:length:value\n` items, the length counted
    /// in bytes. The honoured keys must hold decimal integers; every other key is ignored (bench-action
    /// also sends `name`, `model`, `threads`, `param.NAME` and the inputs). Absent keys are 0, except
    /// `sample-time`. An item that is not well formed is an error, with its byte offset.
    pub fn from_klv(input: &[u8]) -> Result<SampleConfig, String> {
        let mut config = SampleConfig::default();
        for (key, value) in parse_klv(input)? {
            let nanos = |value| parse_u64(key, value).map(Duration::from_nanos);
            match key {
                b"max-iters" => config.max_iters = parse_u64(key, value)?,
                b"max-time" => config.max_time = nanos(value)?,
                b"max-warmup-iters" => config.max_warmup_iters = parse_u64(key, value)?,
                b"max-warmup-time" => config.max_warmup_time = nanos(value)?,
                b"sample-time" => config.sample_time = nanos(value)?,
                _ => {}
            }
        }
        Ok(config)
    }
}

impl Default for SampleConfig {
    /// No samples, no warmup, the default sample time.
    fn default() -> Self {
        SampleConfig {
            max_iters: 0,
            max_time: Duration::ZERO,
            max_warmup_iters: 0,
            max_warmup_time: Duration::ZERO,
            sample_time: SampleConfig::DEFAULT_SAMPLE_TIME,
        }
    }
}

/// One KLV item: its key and its value, as bytes.
type KlvItem<'a> = (&'a [u8], &'a [u8]);

/// Splits KLV input into its `(key, value)` items, strictly: every byte must belong to an item.
fn parse_klv(input: &[u8]) -> Result<Vec<KlvItem<'_>>, String> {
    let mut items = Vec::new();
    let mut pos = 0;
    while pos < input.len() {
        let start = pos;
        let key_len = match input[pos..].iter().position(|&b| b == b':' || b == b'\n') {
            Some(n) if input[pos + n] == b':' => n,
            _ => {
                return Err(format!(
                    "expected a KLV item `key:length:value`, found no ':' after the key (at byte {start})"
                ))
            }
        };
        if key_len == 0 {
            return Err(format!("a KLV item has an empty key (at byte {start})"));
        }
        let key = &input[pos..pos + key_len];
        let shown = String::from_utf8_lossy(key);
        pos += key_len + 1;
        let digits = input[pos..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || input.get(pos + digits) != Some(&b':') {
            return Err(format!(
                "the KLV item '{shown}' has no decimal byte length followed by ':' (at byte {pos})"
            ));
        }
        let length = std::str::from_utf8(&input[pos..pos + digits])
            .ok()
            .and_then(|text| text.parse::<usize>().ok())
            .ok_or_else(|| {
                format!("the KLV item '{shown}' has a length too large to read (at byte {pos})")
            })?;
        pos += digits + 1;
        let remaining = input.len() - pos;
        if length > remaining {
            return Err(format!(
                "the KLV item '{shown}' has length {length} but only {remaining} bytes follow (at byte {pos})"
            ));
        }
        let value = &input[pos..pos + length];
        pos += length;
        if input.get(pos) != Some(&b'\n') {
            return Err(format!(
                "the KLV item '{shown}' of length {length} is not followed by a newline (is its length in bytes?) (at byte {pos})"
            ));
        }
        pos += 1;
        items.push((key, value));
    }
    Ok(items)
}

/// The value of an honoured key: a decimal integer that fits in 64 bits.
fn parse_u64(key: &[u8], value: &[u8]) -> Result<u64, String> {
    let number = if !value.is_empty() && value.iter().all(u8::is_ascii_digit) {
        std::str::from_utf8(value)
            .ok()
            .and_then(|text| text.parse::<u64>().ok())
    } else {
        None
    };
    number.ok_or_else(|| {
        format!(
            "the value of '{}' is {:?}, expected a decimal integer",
            String::from_utf8_lossy(key),
            String::from_utf8_lossy(value)
        )
    })
}

/// One wall-clock sample: `iterations` calls of the benchmark, timed together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The monotonic wall time of the whole batch.
    pub duration: Duration,
    /// The [`Count`] of the output of the batch's last call.
    pub count: u64,
    /// How many calls the batch timed; the time per call is `duration / iterations`.
    pub iterations: u64,
}

impl Sample {
    /// The line `--samples` prints: `duration_ns,count,iterations`.
    pub fn line(&self) -> String {
        format!(
            "{},{},{}",
            self.duration.as_nanos(),
            self.count,
            self.iterations
        )
    }

    /// The line `--samples` prints for a benchmark with a declared throughput: the work of one call
    /// times the sample's calls, as a fourth field for bytes (`duration_ns,count,iterations,bytes`)
    /// or a fifth for elements (`duration_ns,count,iterations,,elements`).
    pub fn line_with(&self, throughput: Option<Throughput>) -> String {
        match throughput {
            None => self.line(),
            Some(Throughput::Bytes(n)) => {
                format!("{},{}", self.line(), n.saturating_mul(self.iterations))
            }
            Some(Throughput::Elements(n)) => {
                format!("{},,{}", self.line(), n.saturating_mul(self.iterations))
            }
        }
    }
}

/// How much work one call of a benchmark does, for a rate beside its time (criterion's `Throughput`).
///
/// bench-action reports bytes per second for [`Throughput::Bytes`] and elements per second (`ops/s`)
/// for [`Throughput::Elements`], computed from each sample's own time: the rate follows the time's
/// verdict. Instruction counts ignore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Throughput {
    /// Bytes processed by one call.
    Bytes(u64),
    /// Elements (items, records, operations) processed by one call.
    Elements(u64),
}

/// The most calls one sample times, whatever the clock says: calibration stops growing here.
const MAX_CALLS_PER_SAMPLE: u64 = 1 << 40;

/// The number of calls per sample: doubles from 1 until one batch of that many takes at least
/// `sample_time`.
///
/// A batch that reaches the sample time is timed again: the first calls of a benchmark are often
/// slow (cold caches, page faults, lazily bound symbols), and a shared machine can stall any batch.
/// When the repeat takes less than half the sample time, the first was a fluke and the search goes on.
fn calibrate(sample_time: Duration, mut batch: impl FnMut(u64) -> Duration) -> u64 {
    let mut iterations = 1;
    while iterations < MAX_CALLS_PER_SAMPLE {
        if batch(iterations) >= sample_time && batch(iterations) >= sample_time / 2 {
            break;
        }
        iterations *= 2;
    }
    iterations
}

/// Warmup, then sampling, each batch of `iterations` calls, with rebar's stopping rules.
fn take_samples(
    config: &SampleConfig,
    iterations: u64,
    mut batch: impl FnMut(u64) -> (Duration, u64),
) -> Vec<Sample> {
    let warmup_start = Instant::now();
    for _ in 0..config.max_warmup_iters {
        batch(iterations);
        if warmup_start.elapsed() >= config.max_warmup_time {
            break;
        }
    }
    let mut samples = Vec::with_capacity(config.max_iters.min(1 << 16) as usize);
    let start = Instant::now();
    for _ in 0..config.max_iters {
        let (duration, count) = batch(iterations);
        samples.push(Sample {
            duration,
            count,
            iterations,
        });
        if start.elapsed() >= config.max_time {
            break;
        }
    }
    samples
}

/// What the generated `main` needs from a benchmark: its name and ways to run it.
pub trait Benchmark {
    /// The name `--list` prints and `--run` selects.
    fn name(&self) -> &str;
    /// Setup, the measured call, teardown.
    fn run(&self);
    /// Wall-clock samples taken as `config` says, for `--samples`. An error is printed and ends the
    /// process with exit status 1. By default a benchmark does not take samples.
    fn samples(&self, config: &SampleConfig) -> Result<Vec<Sample>, String> {
        let _ = config;
        Err(format!(
            "benchmark {:?} does not take wall-clock samples",
            self.name()
        ))
    }
    /// The work of one call, added to each sample line. None by default.
    fn per_call_throughput(&self) -> Option<Throughput> {
        None
    }
    /// The input this benchmark runs on, for a benchmark made for each of several inputs: the last
    /// part of its name, listed as its `input` parameter. None by default.
    fn input(&self) -> Option<&str> {
        None
    }
    /// The group the benchmark belongs to, listed as its `group` parameter. None by default.
    fn group(&self) -> Option<&str> {
        None
    }
}

/// Benchmarks to register: a single benchmark, a [`BenchmarkGroup`] or the [`BenchInputs`] of one
/// function. [`main!`] takes any of them.
pub trait Benchmarks {
    /// The benchmarks, in registration order.
    fn benchmarks(&self) -> Vec<&dyn Benchmark>;
}

impl<B: Benchmark> Benchmarks for B {
    fn benchmarks(&self) -> Vec<&dyn Benchmark> {
        vec![self]
    }
}

/// The timed loop of one benchmark, compiled for its types: (input, calls) -> (duration, count).
type TimedLoop<I> = Box<dyn Fn(&mut I, u64) -> (Duration, u64)>;

/// A benchmark: a name, a setup that produces its input, the function measured on that input,
/// and a teardown that consumes the input afterwards. Only the function is counted or timed.
pub struct Bench<I = ()> {
    name: String,
    setup: Box<dyn Fn() -> I>,
    measure: Box<dyn Fn(&mut I)>,
    time: TimedLoop<I>,
    /// Whether the benchmark changes its input, so that each timed call needs a fresh one.
    changes_input: bool,
    teardown: Box<dyn Fn(I)>,
    throughput: Option<Throughput>,
    /// The input's name, for one of the benchmarks [`Bench::with_inputs`] makes.
    input_name: Option<String>,
    group: Option<String>,
}

impl Bench<()> {
    /// A benchmark without an input.
    pub fn new<O: Count + 'static>(
        name: impl Into<String>,
        benchmark: impl Fn() -> O + 'static,
    ) -> Self {
        Bench::build(name, || (), move |_: &mut ()| benchmark(), false)
    }
}

impl<I: 'static> Bench<I> {
    /// A benchmark reading an input built by `setup`, which is not measured. Wall-clock samples
    /// build the input once and call the benchmark on it many times.
    pub fn with_setup<O: Count + 'static>(
        name: impl Into<String>,
        setup: impl Fn() -> I + 'static,
        benchmark: impl Fn(&I) -> O + 'static,
    ) -> Self {
        Bench::build(name, setup, move |input: &mut I| benchmark(input), false)
    }

    /// A benchmark that changes its input in place (sorting, inserting, draining) after `setup`
    /// built it. Moving the input out with `std::mem::take` is measured; dropping it later is not.
    /// Each wall-clock sample is one call on a fresh input, with setup before it and teardown after
    /// it, neither timed.
    pub fn with_setup_mut<O: Count + 'static, F: Fn(&mut I) -> O + 'static>(
        name: impl Into<String>,
        setup: impl Fn() -> I + 'static,
        benchmark: F,
    ) -> Self {
        Bench::build(name, setup, benchmark, true)
    }

    fn build<O: Count + 'static, F: Fn(&mut I) -> O + 'static>(
        name: impl Into<String>,
        setup: impl Fn() -> I + 'static,
        benchmark: F,
        changes_input: bool,
    ) -> Self {
        let measured = Rc::new(benchmark);
        let timed = Rc::clone(&measured);
        Bench {
            name: name.into(),
            setup: Box::new(setup),
            measure: Box::new(move |input: &mut I| drop(measure(&*measured, input))),
            time: Box::new(move |input: &mut I, iterations| time_calls(&*timed, input, iterations)),
            changes_input,
            teardown: Box::new(drop),
            throughput: None,
            input_name: None,
            group: None,
        }
    }

    /// Replaces the teardown, which by default drops the input. It runs after the measured region.
    pub fn teardown(mut self, teardown: impl Fn(I) + 'static) -> Self {
        self.teardown = Box::new(teardown);
        self
    }

    /// Declares the work of one call (criterion's `throughput`): wall-clock samples then carry a
    /// rate, bytes or elements per second, beside the time.
    pub fn throughput(mut self, throughput: Throughput) -> Self {
        self.throughput = Some(throughput);
        self
    }
}

impl<I: 'static> Bench<I> {
    /// One benchmark per input (criterion's `bench_with_input` with `BenchmarkId::new(name, input)`):
    /// each is named `NAME/INPUT`, `INPUT` being the input's `Display`, and builds its own input with
    /// `setup(&input)`, which is not measured. `benchmark` reads it, as with [`Bench::with_setup`].
    ///
    /// ```no_run
    /// use bench_action_harness::{main, Bench, Throughput};
    /// main!(Bench::with_inputs("sum", [100u64, 10_000], |&n| (0..n).collect::<Vec<u64>>(),
    ///     |v| v.iter().sum::<u64>())
    ///     .throughput(|&n| Throughput::Elements(n)));
    /// ```
    pub fn with_inputs<T: std::fmt::Display + 'static, O: Count + 'static>(
        name: impl Into<String>,
        inputs: impl IntoIterator<Item = T>,
        setup: impl Fn(&T) -> I + 'static,
        benchmark: impl Fn(&I) -> O + 'static,
    ) -> BenchInputs<T, I> {
        let benchmark = Rc::new(benchmark);
        BenchInputs::build(name.into(), inputs, setup, move |name, setup| {
            let benchmark = Rc::clone(&benchmark);
            Bench::build(name, setup, move |i: &mut I| benchmark(i), false)
        })
    }

    /// [`Bench::with_inputs`] for a benchmark that changes its input, as with [`Bench::with_setup_mut`]:
    /// each wall-clock sample is one call on a fresh input.
    pub fn with_inputs_mut<T: std::fmt::Display + 'static, O: Count + 'static>(
        name: impl Into<String>,
        inputs: impl IntoIterator<Item = T>,
        setup: impl Fn(&T) -> I + 'static,
        benchmark: impl Fn(&mut I) -> O + 'static,
    ) -> BenchInputs<T, I> {
        let benchmark = Rc::new(benchmark);
        BenchInputs::build(name.into(), inputs, setup, move |name, setup| {
            let benchmark = Rc::clone(&benchmark);
            Bench::build(name, setup, move |i: &mut I| benchmark(i), true)
        })
    }
}

/// The benchmarks [`Bench::with_inputs`] makes: one function, one benchmark per input, in the
/// order of the inputs.
pub struct BenchInputs<T, I> {
    benches: Vec<(Rc<T>, Bench<I>)>,
}

impl<T: std::fmt::Display + 'static, I: 'static> BenchInputs<T, I> {
    fn build(
        name: String,
        inputs: impl IntoIterator<Item = T>,
        setup: impl Fn(&T) -> I + 'static,
        make: impl Fn(String, Box<dyn Fn() -> I>) -> Bench<I>,
    ) -> Self {
        let setup = Rc::new(setup);
        let benches = inputs
            .into_iter()
            .map(|value| {
                let input_name = value.to_string();
                let value = Rc::new(value);
                let (setup, own) = (Rc::clone(&setup), Rc::clone(&value));
                let mut bench = make(
                    format!("{name}/{input_name}"),
                    Box::new(move || setup(&own)),
                );
                bench.input_name = Some(input_name);
                (value, bench)
            })
            .collect();
        BenchInputs { benches }
    }

    /// Declares the work of one call on each input (criterion's `group.throughput(...)` set before
    /// each `bench_with_input`): `|&n| Throughput::Elements(n)`.
    pub fn throughput(mut self, throughput: impl Fn(&T) -> Throughput) -> Self {
        for (value, bench) in &mut self.benches {
            bench.throughput = Some(throughput(value));
        }
        self
    }

    /// Replaces the teardown of every input, which by default drops it.
    pub fn teardown(mut self, teardown: impl Fn(I) + 'static) -> Self {
        let teardown = Rc::new(teardown);
        for (_, bench) in &mut self.benches {
            let teardown = Rc::clone(&teardown);
            bench.teardown = Box::new(move |input| teardown(input));
        }
        self
    }
}

impl<T, I> Benchmarks for BenchInputs<T, I> {
    fn benchmarks(&self) -> Vec<&dyn Benchmark> {
        self.benches
            .iter()
            .map(|(_, bench)| bench as &dyn Benchmark)
            .collect()
    }
}

/// Benchmarks named `GROUP/NAME` (criterion's `benchmark_group`), with a throughput shared by the
/// members added after it is set, unless they declare their own.
///
/// ```no_run
/// use bench_action_harness::{black_box, main, Bench, BenchmarkGroup, Throughput};
/// main!(BenchmarkGroup::new("split")
///     .throughput(Throughput::Bytes(5))
///     .bench(Bench::new("split", || black_box("a,b,c").split(',').count()))
///     .bench(Bench::new("filter", || black_box("a,b,c").chars().filter(|&c| c == ',').count())));
/// ```
pub struct BenchmarkGroup {
    name: String,
    throughput: Option<Throughput>,
    members: Vec<Box<dyn Benchmark>>,
}

impl BenchmarkGroup {
    /// An empty group; its members are named `NAME/MEMBER`.
    pub fn new(name: impl Into<String>) -> Self {
        BenchmarkGroup {
            name: name.into(),
            throughput: None,
            members: Vec::new(),
        }
    }

    /// The throughput of the members added from now on that do not declare their own.
    pub fn throughput(mut self, throughput: Throughput) -> Self {
        self.throughput = Some(throughput);
        self
    }

    /// Adds a benchmark, named `GROUP/NAME`.
    pub fn bench<I: 'static>(mut self, bench: Bench<I>) -> Self {
        let bench = self.adopt(bench);
        self.members.push(Box::new(bench));
        self
    }

    /// Adds one function's benchmarks over several inputs, named `GROUP/NAME/INPUT`.
    pub fn bench_inputs<T: 'static, I: 'static>(mut self, inputs: BenchInputs<T, I>) -> Self {
        for (_, bench) in inputs.benches {
            let bench = self.adopt(bench);
            self.members.push(Box::new(bench));
        }
        self
    }

    fn adopt<I>(&self, mut bench: Bench<I>) -> Bench<I> {
        bench.name = format!("{}/{}", self.name, bench.name);
        bench.group = Some(self.name.clone());
        if bench.throughput.is_none() {
            bench.throughput = self.throughput;
        }
        bench
    }
}

impl Benchmarks for BenchmarkGroup {
    fn benchmarks(&self) -> Vec<&dyn Benchmark> {
        self.members.iter().map(|bench| &**bench).collect()
    }
}

impl<I> Benchmark for Bench<I> {
    fn name(&self) -> &str {
        &self.name
    }

    fn run(&self) {
        let mut input = (self.setup)();
        (self.measure)(&mut input);
        (self.teardown)(input);
    }

    fn samples(&self, config: &SampleConfig) -> Result<Vec<Sample>, String> {
        if config.max_iters == 0 {
            return Ok(Vec::new());
        }
        if self.changes_input {
            return Ok(take_samples(config, 1, |iterations| {
                let mut input = (self.setup)();
                let timed = (self.time)(&mut input, iterations);
                (self.teardown)(input);
                timed
            }));
        }
        let mut input = (self.setup)();
        let iterations = calibrate(config.sample_time, |n| (self.time)(&mut input, n).0);
        let samples = take_samples(config, iterations, |n| (self.time)(&mut input, n));
        (self.teardown)(input);
        Ok(samples)
    }

    fn per_call_throughput(&self) -> Option<Throughput> {
        self.throughput
    }

    fn input(&self) -> Option<&str> {
        self.input_name.as_deref()
    }

    fn group(&self) -> Option<&str> {
        self.group.as_deref()
    }
}

/// Whether `name` can be printed by `--list` and passed back to `--run`: `[A-Za-z0-9_./:-]+`.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'/' | b':' | b'-'))
}

/// Checks that every name is valid and unique, so `--list` output can be trusted line by line.
fn check_names(benchmarks: &[&dyn Benchmark]) -> Result<(), String> {
    for (i, bench) in benchmarks.iter().enumerate() {
        let name = bench.name();
        if !is_valid_name(name) {
            return Err(format!(
                "benchmark name {name:?} is invalid: use letters, digits and _ . / : -"
            ));
        }
        if benchmarks[..i].iter().any(|other| other.name() == name) {
            return Err(format!("benchmark name {name:?} is registered twice"));
        }
    }
    Ok(())
}

/// The benchmark `--run NAME` or `--samples NAME` selects, or the exit status after a message.
fn select<'a>(
    benchmarks: &[&'a dyn Benchmark],
    name: &str,
    err: &mut dyn Write,
) -> Result<&'a dyn Benchmark, i32> {
    if let Err(message) = check_names(benchmarks) {
        let _ = writeln!(err, "{message}");
        return Err(EXIT_INVALID_BENCHMARKS);
    }
    match benchmarks.iter().find(|bench| bench.name() == name) {
        Some(bench) => Ok(*bench),
        None => {
            let _ = writeln!(
                err,
                "unknown benchmark {name:?}; --list prints the {} known ones",
                benchmarks.len()
            );
            Err(EXIT_USAGE)
        }
    }
}

/// `--samples NAME`: the configuration from `input`, the samples as lines on `out`.
fn print_samples(
    bench: &dyn Benchmark,
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let mut klv = Vec::new();
    if let Err(error) = input.read_to_end(&mut klv) {
        let _ = writeln!(err, "cannot read the configuration on stdin: {error}");
        return EXIT_INVALID_CONFIGURATION;
    }
    let config = match SampleConfig::from_klv(&klv) {
        Ok(config) => config,
        Err(message) => {
            let _ = writeln!(err, "invalid configuration on stdin: {message}");
            return EXIT_INVALID_CONFIGURATION;
        }
    };
    match bench.samples(&config) {
        Ok(samples) => {
            // Printed after sampling, in one write, so that output does not run between samples.
            let mut text = String::with_capacity(samples.len() * 24);
            for sample in &samples {
                let _ = writeln!(text, "{}", sample.line_with(bench.per_call_throughput()));
            }
            let _ = out.write_all(text.as_bytes());
            0
        }
        Err(message) => {
            let _ = writeln!(err, "{message}");
            1
        }
    }
}

const USAGE: &str = "usage: BINARY --list | --run NAME | --samples NAME < KLV | --version  (no argument: run every benchmark once)";

/// The generated `main`: parses `args` (without the program name), reads stdin for `--samples`,
/// writes to the given streams and returns the exit status. `--bench`, which `cargo bench` adds,
/// is ignored.
pub fn run_with_args(
    benchmarks: &[&dyn Benchmark],
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    run_with_io(benchmarks, args, &mut std::io::stdin(), out, err)
}

/// The environment variable with which bench-action asks `--list` for each benchmark's parameters:
/// with the value `parameters`, a benchmark with an input or a group is listed as
/// `NAME<TAB>input=INPUT<TAB>group=GROUP`.
pub const LIST_PARAMETERS_ENV: &str = "BENCH_ACTION_LIST";

/// [`run_with_args`] with the configuration of `--samples` read from `input` instead of stdin.
pub fn run_with_io(
    benchmarks: &[&dyn Benchmark],
    args: &[String],
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let list_parameters =
        std::env::var_os(LIST_PARAMETERS_ENV).is_some_and(|value| value == "parameters");
    run_harness(benchmarks, args, list_parameters, input, out, err)
}

/// The `--list` line of a benchmark: its name, and its parameters when asked for.
fn list_line(bench: &dyn Benchmark, parameters: bool) -> String {
    let mut line = bench.name().to_string();
    if parameters {
        if let Some(input) = bench.input() {
            let _ = write!(line, "\tinput={input}");
        }
        if let Some(group) = bench.group() {
            let _ = write!(line, "\tgroup={group}");
        }
    }
    line
}

fn run_harness(
    benchmarks: &[&dyn Benchmark],
    args: &[String],
    list_parameters: bool,
    input: &mut dyn Read,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let args: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|arg| *arg != "--bench")
        .collect();
    // Output errors (a closed pipe) are ignored: the exit status still tells the caller what happened.
    match args.as_slice() {
        ["--version"] => {
            let _ = writeln!(out, "{HARNESS_NAME} {VERSION}");
            0
        }
        ["--list"] => {
            if let Err(message) = check_names(benchmarks) {
                let _ = writeln!(err, "{message}");
                return EXIT_INVALID_BENCHMARKS;
            }
            for bench in benchmarks {
                let _ = writeln!(out, "{}", list_line(*bench, list_parameters));
            }
            0
        }
        ["--run", name] => match select(benchmarks, name, err) {
            Ok(bench) => {
                bench.run();
                0
            }
            Err(code) => code,
        },
        ["--samples", name] => match select(benchmarks, name, err) {
            Ok(bench) => print_samples(bench, input, out, err),
            Err(code) => code,
        },
        [] => {
            if let Err(message) = check_names(benchmarks) {
                let _ = writeln!(err, "{message}");
                return EXIT_INVALID_BENCHMARKS;
            }
            for bench in benchmarks {
                bench.run();
                let _ = writeln!(out, "{} ... ok", bench.name());
            }
            0
        }
        _ => {
            let _ = writeln!(err, "{USAGE}");
            EXIT_USAGE
        }
    }
}

/// Runs the harness on the process's own arguments and exits. For a `main` written by hand, e.g.
/// when benchmarks are generated in a loop.
pub fn run_main(benchmarks: &[&dyn Benchmark]) -> ! {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = run_with_args(
        benchmarks,
        &args,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    let _ = std::io::stdout().flush();
    std::process::exit(code)
}

/// Generates `fn main()` for the listed benchmarks: any mix of [`Bench`] input types, of
/// [`BenchInputs`] and of [`BenchmarkGroup`]s ([`Benchmarks`]).
///
/// ```no_run
/// use bench_action_harness::{main, Bench};
/// main!(Bench::new("empty", || ()));
/// ```
#[macro_export]
macro_rules! main {
    ($($bench:expr),+ $(,)?) => {
        fn main() {
            $crate::run_main(&[$($crate::Benchmarks::benchmarks(&$bench)),+].concat())
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::{Cell, RefCell};

    fn run(benchmarks: &[&dyn Benchmark], args: &[&str]) -> (i32, String, String) {
        run_input(benchmarks, args, b"")
    }

    fn run_input(
        benchmarks: &[&dyn Benchmark],
        args: &[&str],
        input: &[u8],
    ) -> (i32, String, String) {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run_with_io(benchmarks, &args, &mut &input[..], &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    /// KLV input as bench-action writes it.
    fn klv(items: &[(&str, &str)]) -> Vec<u8> {
        let mut bytes = Vec::new();
        for (key, value) in items {
            bytes.extend_from_slice(format!("{key}:{}:{value}\n", value.len()).as_bytes());
        }
        bytes
    }

    /// The `(duration_ns, count, iterations)` of each line of `--samples` output.
    fn sample_lines(out: &str) -> Vec<(u128, u64, u64)> {
        out.lines()
            .map(|line| {
                let fields: Vec<&str> = line.split(',').collect();
                assert_eq!(fields.len(), 3, "{line:?}");
                (
                    fields[0].parse().unwrap(),
                    fields[1].parse().unwrap(),
                    fields[2].parse().unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn lists_names_in_registration_order() {
        let a = Bench::new("b/second", || 1);
        let b = Bench::with_setup("a:first", || 2u8, |x: &u8| *x);
        assert_eq!(
            run(&[&a, &b], &["--list"]),
            (0, "b/second\na:first\n".into(), String::new())
        );
        assert_eq!(run(&[&a, &b], &["--list", "--bench"]).0, 0);
    }

    #[test]
    fn runs_setup_benchmark_and_teardown_in_order() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let (l1, l2, l3) = (log.clone(), log.clone(), log.clone());
        let bench = Bench::with_setup_mut(
            "ordered",
            move || {
                l1.borrow_mut().push("setup");
                vec![3, 1, 2]
            },
            move |v: &mut Vec<i32>| {
                v.sort();
                l2.borrow_mut().push("benchmark");
            },
        )
        .teardown(move |v| {
            assert_eq!(v, vec![1, 2, 3]);
            l3.borrow_mut().push("teardown");
        });
        assert_eq!(run(&[&bench], &["--bench", "--run", "ordered"]).0, 0);
        assert_eq!(*log.borrow(), ["setup", "benchmark", "teardown"]);
    }

    #[test]
    fn unknown_name_and_bad_usage_exit_2() {
        let bench = Bench::new("known", || ());
        let (code, out, err) = run(&[&bench], &["--run", "missing"]);
        assert_eq!((code, out.as_str()), (EXIT_USAGE, ""));
        assert!(err.contains("unknown benchmark \"missing\""), "{err}");
        assert_eq!(run(&[&bench], &["--run"]).0, EXIT_USAGE);
        assert_eq!(run(&[&bench], &["--frobnicate"]).0, EXIT_USAGE);
    }

    #[test]
    fn rejects_invalid_and_duplicate_names() {
        let spaced = Bench::new("has space", || ());
        assert_eq!(run(&[&spaced], &["--list"]).0, EXIT_INVALID_BENCHMARKS);
        let (a, b) = (Bench::new("twice", || ()), Bench::new("twice", || ()));
        let (code, _, err) = run(&[&a, &b], &["--run", "twice"]);
        assert_eq!(code, EXIT_INVALID_BENCHMARKS);
        assert!(err.contains("registered twice"), "{err}");
        assert!(is_valid_name("A-z_0.9/x:y"));
        assert!(!is_valid_name("") && !is_valid_name("a b") && !is_valid_name("é"));
    }

    #[test]
    fn prints_version() {
        let (code, out, _) = run(&[], &["--version"]);
        assert_eq!((code, out), (0, format!("{HARNESS_NAME} {VERSION}\n")));
    }

    #[test]
    fn without_arguments_runs_every_benchmark_once() {
        let count = Rc::new(RefCell::new(0));
        let c = count.clone();
        let bench = Bench::new("counted", move || *c.borrow_mut() += 1);
        assert_eq!(
            run(&[&bench], &["--bench"]),
            (0, "counted ... ok\n".into(), String::new())
        );
        assert_eq!(*count.borrow(), 1);
    }

    #[test]
    fn benchmark_output_is_returned_from_the_measured_call() {
        let mut input = vec![1u64, 2, 3];
        let sum = measure(&|v: &mut Vec<u64>| v.iter().sum::<u64>(), &mut input);
        assert_eq!(sum, 6);
    }

    #[test]
    #[should_panic(expected = "benchmark failed")]
    fn a_panicking_benchmark_unwinds_through_the_trampoline() {
        measure(&|_: &mut ()| panic!("benchmark failed"), &mut ());
    }

    #[test]
    fn klv_values_are_counted_in_bytes_and_may_hold_colons_and_newlines() {
        let input = "name:12:a:b\nc→d é\nmax-iters:1:7\nparam.x:0:\n".as_bytes();
        let items = parse_klv(input).unwrap();
        let items: Vec<(&str, &str)> = items
            .iter()
            .map(|(k, v)| {
                (
                    std::str::from_utf8(k).unwrap(),
                    std::str::from_utf8(v).unwrap(),
                )
            })
            .collect();
        assert_eq!(
            items,
            [("name", "a:b\nc→d é"), ("max-iters", "7"), ("param.x", "")]
        );
    }

    #[test]
    fn malformed_klv_is_an_error_with_its_offset() {
        let cases: [(&[u8], &str); 7] = [
            (
                b"max-iters:5:10\n",
                "has length 5 but only 3 bytes follow (at byte 12)",
            ),
            (
                b"max-iters:1:10\n",
                "is not followed by a newline (is its length in bytes?) (at byte 13)",
            ),
            (b"max-iters:2:10", "is not followed by a newline"),
            (b"max-iters\n", "found no ':' after the key (at byte 0)"),
            (b":1:x\n", "empty key (at byte 0)"),
            (
                b"max-iters:+2:10\n",
                "no decimal byte length followed by ':' (at byte 10)",
            ),
            (
                b"max-iters:99999999999999999999999:1\n",
                "too large to read",
            ),
        ];
        for (input, expected) in cases {
            let error = parse_klv(input).unwrap_err();
            assert!(
                error.contains(expected),
                "{:?}: {error}",
                String::from_utf8_lossy(input)
            );
        }
    }

    #[test]
    fn reads_the_honoured_keys_and_ignores_the_others() {
        let input = klv(&[
            ("name", "x"),
            ("max-iters", "10"),
            ("max-time", "2000"),
            ("max-warmup-iters", "3"),
            ("max-warmup-time", "4000"),
            ("threads", "1"),
            ("param.size", "big"),
        ]);
        assert_eq!(
            SampleConfig::from_klv(&input),
            Ok(SampleConfig {
                max_iters: 10,
                max_time: Duration::from_nanos(2000),
                max_warmup_iters: 3,
                max_warmup_time: Duration::from_nanos(4000),
                sample_time: Duration::from_millis(1),
            })
        );
        let with_sample_time = SampleConfig::from_klv(&klv(&[("sample-time", "500")])).unwrap();
        assert_eq!(with_sample_time.sample_time, Duration::from_nanos(500));
        let error = SampleConfig::from_klv(&klv(&[("max-iters", "ten")])).unwrap_err();
        assert!(
            error.contains("'max-iters' is \"ten\", expected a decimal integer"),
            "{error}"
        );
        assert!(SampleConfig::from_klv(&klv(&[("max-time", "")])).is_err());
        assert!(SampleConfig::from_klv(&klv(&[("max-time", "18446744073709551616")])).is_err());
    }

    #[test]
    fn counts_of_common_outputs() {
        assert_eq!(().count(), 0);
        assert_eq!((true.count(), false.count()), (1, 0));
        assert_eq!(
            (7u8.count(), (-7i32).count(), i64::MIN.count()),
            (7, 7, 1 << 63)
        );
        assert_eq!(((u128::from(u64::MAX) + 2).count(), 'a'.count()), (1, 97));
        assert_eq!(("héllo".count(), String::from("ab").count()), (6, 2));
        assert_eq!(
            (
                vec![1, 2, 3].count(),
                [0u8; 4].count(),
                (&[1, 2][..]).count()
            ),
            (3, 4, 2)
        );
        assert_eq!((Some(5u32).count(), None::<u32>.count()), (5, 0));
        assert_eq!(
            (
                Ok::<_, ()>(vec![1]).count(),
                Err::<Vec<u8>, _>("no").count()
            ),
            (1, 0)
        );
        assert_eq!(
            (
                Box::new(3u8).count(),
                Rc::new("abc").count(),
                <&mut u16 as Count>::count(&&mut 4)
            ),
            (3, 3, 4)
        );
        let map: HashMap<u8, u8> = [(1, 1), (2, 2)].into_iter().collect();
        assert_eq!(map.count(), 2);
    }

    #[test]
    fn samples_print_one_line_per_sample_with_the_count_of_the_output() {
        let bench = Bench::new("answer", || black_box(6u64) * 7);
        let input = klv(&[
            ("max-iters", "5"),
            ("max-time", "10000000000"),
            ("sample-time", "100000"),
        ]);
        let (code, out, err) = run_input(&[&bench], &["--samples", "answer", "--bench"], &input);
        assert_eq!((code, err.as_str()), (0, ""));
        let samples = sample_lines(&out);
        assert_eq!(samples.len(), 5, "{out}");
        let iterations = samples[0].2;
        assert!(
            iterations > 1,
            "a 100 µs sample of a trivial call times more than one call: {out}"
        );
        for (duration, count, calls) in samples {
            assert_eq!((count, calls), (42, iterations), "{out}");
            assert!(duration > 0, "{out}");
        }
    }

    #[test]
    fn a_reading_benchmark_is_set_up_once_and_calibrated_to_the_sample_time() {
        let (setups, teardowns) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let (s, t) = (setups.clone(), teardowns.clone());
        let bench = Bench::with_setup(
            "spin",
            move || {
                s.set(s.get() + 1);
                Duration::from_micros(20)
            },
            |wait: &Duration| {
                let start = Instant::now();
                while start.elapsed() < *wait {}
                1u8
            },
        )
        .teardown(move |_| t.set(t.get() + 1));
        let config = SampleConfig {
            max_iters: 3,
            max_time: Duration::from_secs(10),
            max_warmup_iters: 2,
            max_warmup_time: Duration::from_secs(10),
            sample_time: Duration::from_micros(200),
        };
        let samples = bench.samples(&config).unwrap();
        assert_eq!((setups.get(), teardowns.get(), samples.len()), (1, 1, 3));
        // Every call takes at least 20 µs, so 16 calls always reach 200 µs; a loaded machine may
        // reach it with fewer.
        let iterations = samples[0].iterations;
        assert!(
            iterations.is_power_of_two() && iterations <= 16,
            "{samples:?}"
        );
        for sample in &samples {
            assert_eq!(
                (sample.iterations, sample.count),
                (iterations, 1),
                "{samples:?}"
            );
            assert!(
                sample.duration >= Duration::from_micros(20) * iterations as u32,
                "{samples:?}"
            );
        }
    }

    #[test]
    fn a_benchmark_that_changes_its_input_gets_a_fresh_one_for_each_single_call_sample() {
        let (setups, calls) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let (s, c) = (setups.clone(), calls.clone());
        let bench = Bench::with_setup_mut(
            "sort",
            move || {
                s.set(s.get() + 1);
                vec![3u8, 1, 2]
            },
            move |v: &mut Vec<u8>| {
                c.set(c.get() + 1);
                let first = v[0];
                v.sort();
                first
            },
        )
        .teardown(|v| assert_eq!(v, [1, 2, 3]));
        let config = SampleConfig {
            max_iters: 4,
            max_time: Duration::from_secs(10),
            max_warmup_iters: 2,
            max_warmup_time: Duration::from_secs(10),
            ..SampleConfig::default()
        };
        let samples = bench.samples(&config).unwrap();
        // The first element before sorting is 3 on every call: no call saw an already sorted input.
        assert!(
            samples.iter().all(|s| (s.iterations, s.count) == (1, 3)),
            "{samples:?}"
        );
        assert_eq!((samples.len(), setups.get(), calls.get()), (4, 6, 6));
    }

    #[test]
    fn max_time_stops_sampling_after_at_least_one_sample_and_max_iters_0_runs_nothing() {
        let setups = Rc::new(Cell::new(0));
        let s = setups.clone();
        let bench = Bench::with_setup("quick", move || s.set(s.get() + 1), |_: &()| ());
        let config = SampleConfig {
            max_iters: u64::MAX,
            max_time: Duration::ZERO,
            sample_time: Duration::ZERO,
            ..SampleConfig::default()
        };
        let samples = bench.samples(&config).unwrap();
        assert_eq!(samples.len(), 1);
        assert_eq!((samples[0].iterations, samples[0].count), (1, 0));
        let none = bench.samples(&SampleConfig::default()).unwrap();
        assert_eq!((none.len(), setups.get()), (0, 1));
    }

    #[test]
    fn samples_reject_malformed_configuration_and_unknown_names() {
        let bench = Bench::new("known", || ());
        let (code, out, err) = run_input(&[&bench], &["--samples", "known"], b"max-iters:9:1\n");
        assert_eq!((code, out.as_str()), (EXIT_INVALID_CONFIGURATION, ""));
        assert!(
            err.starts_with("invalid configuration on stdin: the KLV item 'max-iters'"),
            "{err}"
        );
        let (code, _, err) = run_input(&[&bench], &["--samples", "missing"], b"");
        assert_eq!(code, EXIT_USAGE);
        assert!(err.contains("unknown benchmark \"missing\""), "{err}");
        assert_eq!(run(&[&bench], &["--samples"]).0, EXIT_USAGE);
        assert_eq!(
            run_input(&[&bench], &["--samples", "known"], b""),
            (0, String::new(), String::new())
        );
    }

    #[test]
    fn a_benchmark_without_samples_fails_with_a_message() {
        struct CountOnly;
        impl Benchmark for CountOnly {
            fn name(&self) -> &str {
                "count_only"
            }
            fn run(&self) {}
        }
        let (code, out, err) = run_input(
            &[&CountOnly],
            &["--samples", "count_only"],
            &klv(&[("max-iters", "1")]),
        );
        assert_eq!((code, out.as_str()), (1, ""));
        assert!(err.contains("does not take wall-clock samples"), "{err}");
    }

    #[test]
    fn inputs_and_groups_are_named_and_listed_with_their_parameters() {
        let sums = Bench::with_inputs(
            "sum",
            [10u64, 1000],
            |&n| (1..=n).collect::<Vec<u64>>(),
            |v| v.iter().sum::<u64>(),
        );
        let group = BenchmarkGroup::new("parse")
            .bench(Bench::new("int", || "42".parse::<u64>().unwrap()))
            .bench_inputs(Bench::with_inputs_mut(
                "sort",
                ["a", "b"],
                |&s| s.to_string(),
                |s| s.len(),
            ));
        let all = [sums.benchmarks(), group.benchmarks()].concat();
        let names = "sum/10\nsum/1000\nparse/int\nparse/sort/a\nparse/sort/b\n";
        let (code, out, _) = run(&all, &["--list"]);
        assert_eq!((code, out.as_str()), (0, names));
        let mut listed = Vec::new();
        let args = ["--list".to_string()];
        let code = run_harness(
            &all,
            &args,
            true,
            &mut &b""[..],
            &mut listed,
            &mut Vec::new(),
        );
        assert_eq!(code, 0);
        assert_eq!(
            String::from_utf8(listed).unwrap(),
            "sum/10\tinput=10\nsum/1000\tinput=1000\nparse/int\tgroup=parse\n\
             parse/sort/a\tinput=a\tgroup=parse\nparse/sort/b\tinput=b\tgroup=parse\n"
        );
        let config = klv(&[("max-iters", "2"), ("sample-time", "1000")]);
        let (code, out, err) = run_input(&all, &["--samples", "sum/1000"], &config);
        assert_eq!((code, err.as_str()), (0, ""));
        assert!(sample_lines(&out).iter().all(|s| s.1 == 500_500), "{out}");
    }

    #[test]
    fn a_declared_throughput_is_the_work_of_one_call_times_the_calls_of_the_sample() {
        let bytes = Bench::new("bytes", || black_box(1u8)).throughput(Throughput::Bytes(64));
        let group = BenchmarkGroup::new("g")
            .throughput(Throughput::Elements(3))
            .bench(Bench::new("inherits", || ()))
            .bench(Bench::new("own", || ()).throughput(Throughput::Bytes(5)))
            .bench_inputs(
                Bench::with_inputs("n", [7u64], |&n| n, |&n| n)
                    .throughput(|&n| Throughput::Elements(n)),
            );
        let all = [bytes.benchmarks(), group.benchmarks()].concat();
        let config = klv(&[("max-iters", "3"), ("sample-time", "10000")]);
        let lines = |name: &str| {
            let (code, out, err) = run_input(&all, &["--samples", name], &config);
            assert_eq!((code, err.as_str()), (0, ""));
            out.lines()
                .map(|line| line.split(',').map(str::to_string).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        };
        let field = |f: &[String], at: usize| f[at].parse::<u64>().unwrap();
        for f in lines("bytes") {
            assert_eq!(f.len(), 4, "{f:?}");
            assert_eq!(field(&f, 3), 64 * field(&f, 2));
        }
        for (name, per_call) in [("g/inherits", 3), ("g/n/7", 7)] {
            for f in lines(name) {
                assert_eq!((f.len(), f[3].as_str()), (5, ""), "{f:?}");
                assert_eq!(field(&f, 4), per_call * field(&f, 2));
            }
        }
        for f in lines("g/own") {
            assert_eq!(field(&f, 3), 5 * field(&f, 2), "{f:?}");
        }
        assert_eq!(Bench::new("none", || ()).per_call_throughput(), None);
    }
}
