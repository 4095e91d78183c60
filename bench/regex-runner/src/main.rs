//! A runner program for rebar's protocol, measuring the `regex` crate the way rebar's own
//! `rust/regex` engine does: the configuration comes in as KLV on stdin, one `duration,count` line
//! per sample goes out. Like rebar's runners it knows only rebar's keys and rejects any other.
//!
//! Model `count`: compile `pattern` once, then each call counts the matches in `haystack`. The
//! lazy DFA inside `regex` builds its states while it searches, so the first calls of a process
//! are slower than the rest: what a warm-up has to absorb.
use std::io::{Read, Write};
use std::time::{Duration, Instant};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

#[derive(Default)]
struct Config {
    model: String,
    pattern: Option<String>,
    case_insensitive: bool,
    unicode: bool,
    haystack: Vec<u8>,
    max_iters: u64,
    max_warmup_iters: u64,
    max_time: Duration,
    max_warmup_time: Duration,
}

fn text(value: &[u8], key: &str) -> Result<String> {
    String::from_utf8(value.to_vec()).map_err(|_| format!("'{key}' is not UTF-8").into())
}

fn number(value: &[u8], key: &str) -> Result<u64> {
    text(value, key)?.parse().map_err(|_| format!("'{key}' is not a whole number").into())
}

fn flag(value: &[u8], key: &str) -> Result<bool> {
    match value {
        b"true" => Ok(true),
        b"false" => Ok(false),
        _ => Err(format!("'{key}' is neither true nor false").into()),
    }
}

impl Config {
    fn parse(mut raw: &[u8]) -> Result<Config> {
        let mut c = Config { unicode: true, ..Config::default() };
        while !raw.is_empty() {
            let colon = raw.iter().position(|&b| b == b':').ok_or("KLV item without ':'")?;
            let key = text(&raw[..colon], "key")?;
            raw = &raw[colon + 1..];
            let colon = raw.iter().position(|&b| b == b':').ok_or("KLV item without a length")?;
            let len = number(&raw[..colon], "length")? as usize;
            raw = &raw[colon + 1..];
            if raw.len() <= len || raw[len] != b'\n' {
                return Err(format!("KLV item '{key}' has no line terminator").into());
            }
            let value = &raw[..len];
            raw = &raw[len + 1..];
            match key.as_str() {
                "name" => {}
                "model" => c.model = text(value, &key)?,
                "pattern" => c.pattern = Some(text(value, &key)?),
                "case-insensitive" => c.case_insensitive = flag(value, &key)?,
                "unicode" => c.unicode = flag(value, &key)?,
                "haystack" => c.haystack = value.to_vec(),
                "max-iters" => c.max_iters = number(value, &key)?,
                "max-warmup-iters" => c.max_warmup_iters = number(value, &key)?,
                "max-time" => c.max_time = Duration::from_nanos(number(value, &key)?),
                "max-warmup-time" => c.max_warmup_time = Duration::from_nanos(number(value, &key)?),
                _ => return Err(format!("unrecognized KLV key '{key}'").into()),
            }
        }
        Ok(c)
    }
}

/// rebar's timer loop: warm up until either warm-up limit, then sample until either limit, at
/// least one sample.
fn run(c: &Config, mut bench: impl FnMut() -> usize) -> Vec<(Duration, usize)> {
    let warmup_start = Instant::now();
    for _ in 0..c.max_warmup_iters {
        std::hint::black_box(bench());
        if warmup_start.elapsed() >= c.max_warmup_time {
            break;
        }
    }
    let mut samples = vec![];
    let run_start = Instant::now();
    for _ in 0..c.max_iters {
        let start = Instant::now();
        let count = bench();
        samples.push((start.elapsed(), count));
        if run_start.elapsed() >= c.max_time {
            break;
        }
    }
    samples
}

fn main() -> Result<()> {
    if std::env::args().nth(1).as_deref() == Some("--version") {
        println!("{}", env!("CARGO_PKG_VERSION"));
        return Ok(());
    }
    let mut raw = vec![];
    std::io::stdin().read_to_end(&mut raw)?;
    let c = Config::parse(&raw)?;
    if c.model != "count" {
        return Err(format!("unrecognized model '{}'", c.model).into());
    }
    let re = regex::bytes::RegexBuilder::new(c.pattern.as_deref().ok_or("no pattern")?)
        .unicode(c.unicode)
        .case_insensitive(c.case_insensitive)
        .size_limit(100 << 20)
        .build()?;
    let samples = run(&c, || re.find_iter(&c.haystack).count());
    let mut out = std::io::stdout().lock();
    for (duration, count) in samples {
        writeln!(out, "{},{}", duration.as_nanos(), count)?;
    }
    Ok(())
}
