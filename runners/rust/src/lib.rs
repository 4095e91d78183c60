//! Instruction-count benchmarks for bench-action.
//!
//! A benchmark binary built with this crate runs one benchmark per process:
//!
//! ```text
//! BINARY --list         one benchmark name per line
//! BINARY --run NAME     setup, then the benchmark once, then teardown
//! BINARY --version      harness name and version
//! BINARY                runs every benchmark once, as a quick check that none fails
//! ```
//!
//! bench-action runs `valgrind --tool=callgrind --toggle-collect=bench_action_measure BINARY --run NAME`.
//! Callgrind counts only what happens while [`bench_action_measure`] is on the stack, so the
//! setup, the teardown, process start-up and argument parsing are not part of the count.
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

use std::ffi::c_void;
use std::io::Write;
use std::mem::MaybeUninit;

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

/// What the generated `main` needs from a benchmark: its name and a way to run it once.
pub trait Benchmark {
    /// The name `--list` prints and `--run` selects.
    fn name(&self) -> &str;
    /// Setup, the measured call, teardown.
    fn run(&self);
}

/// A benchmark: a name, a setup that produces its input, the function measured on that input,
/// and a teardown that consumes the input afterwards. Only the function is counted.
pub struct Bench<I = ()> {
    name: String,
    setup: Box<dyn Fn() -> I>,
    measure: Box<dyn Fn(&mut I)>,
    teardown: Box<dyn Fn(I)>,
}

impl Bench<()> {
    /// A benchmark without an input.
    pub fn new<O: 'static>(name: impl Into<String>, benchmark: impl Fn() -> O + 'static) -> Self {
        Bench::with_setup_mut(name, || (), move |_: &mut ()| benchmark())
    }
}

impl<I: 'static> Bench<I> {
    /// A benchmark reading an input built by `setup`, which is not counted.
    pub fn with_setup<O: 'static>(
        name: impl Into<String>,
        setup: impl Fn() -> I + 'static,
        benchmark: impl Fn(&I) -> O + 'static,
    ) -> Self {
        Bench::with_setup_mut(name, setup, move |input: &mut I| benchmark(input))
    }

    /// A benchmark that changes its input in place (sorting, inserting, draining) after `setup`
    /// built it. Moving the input out with `std::mem::take` is counted; dropping it later is not.
    pub fn with_setup_mut<O: 'static, F: Fn(&mut I) -> O + 'static>(
        name: impl Into<String>,
        setup: impl Fn() -> I + 'static,
        benchmark: F,
    ) -> Self {
        Bench {
            name: name.into(),
            setup: Box::new(setup),
            measure: Box::new(move |input: &mut I| drop(measure(&benchmark, input))),
            teardown: Box::new(drop),
        }
    }

    /// Replaces the teardown, which by default drops the input. It runs after the counted region.
    pub fn teardown(mut self, teardown: impl Fn(I) + 'static) -> Self {
        self.teardown = Box::new(teardown);
        self
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

const USAGE: &str =
    "usage: BINARY --list | --run NAME | --version  (no argument: run every benchmark once)";

/// The generated `main`: parses `args` (without the program name), writes to the given streams and
/// returns the exit status. `--bench`, which `cargo bench` adds, is ignored.
pub fn run_with_args(
    benchmarks: &[&dyn Benchmark],
    args: &[String],
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
                let _ = writeln!(out, "{}", bench.name());
            }
            0
        }
        ["--run", name] => {
            if let Err(message) = check_names(benchmarks) {
                let _ = writeln!(err, "{message}");
                return EXIT_INVALID_BENCHMARKS;
            }
            match benchmarks.iter().find(|bench| bench.name() == *name) {
                Some(bench) => {
                    bench.run();
                    0
                }
                None => {
                    let _ = writeln!(
                        err,
                        "unknown benchmark {name:?}; --list prints the {} known ones",
                        benchmarks.len()
                    );
                    EXIT_USAGE
                }
            }
        }
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

/// Generates `fn main()` for the listed benchmarks (any mix of [`Bench`] input types).
///
/// ```no_run
/// use bench_action_harness::{main, Bench};
/// main!(Bench::new("empty", || ()));
/// ```
#[macro_export]
macro_rules! main {
    ($($bench:expr),+ $(,)?) => {
        fn main() {
            $crate::run_main(&[$(&$bench as &dyn $crate::Benchmark),+])
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::rc::Rc;

    fn run(benchmarks: &[&dyn Benchmark], args: &[&str]) -> (i32, String, String) {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run_with_args(benchmarks, &args, &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
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
}
