//! Mining puzzles at scale: puzzle numbers `first..first+count` are generated in
//! parallel (rayon, `--jobs`), each from its own random stream, and handed on strictly
//! in number order, a window at a time, so output is byte-identical for any number of
//! jobs and memory stays bounded however many puzzles are wanted. A shared [`Budget`]
//! counts attempts (for the progress bar) and carries the `--time-limit` deadline.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::error::{Error, Result};

/// What every generator shares while a run is under way: the attempt counter and the
/// deadline.
#[derive(Debug)]
pub struct Budget {
    attempts: AtomicU64,
    found: AtomicU64,
    deadline: Option<Instant>,
    stopped: AtomicBool,
}

impl Budget {
    /// A budget with an optional deadline.
    pub fn new(time_limit: Option<Duration>) -> Self {
        Budget {
            attempts: AtomicU64::new(0),
            found: AtomicU64::new(0),
            deadline: time_limit.map(|t| Instant::now() + t),
            stopped: AtomicBool::new(false),
        }
    }

    /// No deadline (library use, tests, benchmarks).
    pub fn unlimited() -> Self {
        Budget::new(None)
    }

    /// Counts `n` generation attempts; returns false once the deadline has passed (the
    /// caller then gives up on its puzzle).
    pub fn spend(&self, n: u64) -> bool {
        self.attempts.fetch_add(n, Ordering::Relaxed);
        if self.stopped.load(Ordering::Relaxed) {
            return false;
        }
        match self.deadline {
            Some(d) if Instant::now() >= d => {
                self.stopped.store(true, Ordering::Relaxed);
                false
            }
            _ => true,
        }
    }

    /// Attempts counted so far.
    pub fn attempts(&self) -> u64 {
        self.attempts.load(Ordering::Relaxed)
    }
}

/// How a generator's search for one puzzle ended.
#[derive(Debug)]
pub enum Search<T> {
    /// A verified puzzle.
    Found(T),
    /// The attempt limit ran out without one (the run fails with this message).
    Exhausted(String),
    /// The time limit ran out first.
    OutOfTime,
}

impl<T> Search<T> {
    /// Turns a found item into something else; an exhausted search gets the message
    /// `why` (the search itself does not know what it was looking for).
    pub fn map<U>(self, f: impl FnOnce(T) -> U, why: impl FnOnce() -> String) -> Search<U> {
        match self {
            Search::Found(t) => Search::Found(f(t)),
            Search::Exhausted(_) => Search::Exhausted(why()),
            Search::OutOfTime => Search::OutOfTime,
        }
    }
}

/// How a run is to be mined.
#[derive(Debug, Clone)]
pub struct MineOptions {
    /// The first puzzle number (from 1).
    pub first: u32,
    /// How many puzzles.
    pub count: u32,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Stop after this long with what was found.
    pub time_limit: Option<Duration>,
    /// Show a progress bar on stderr (only when it is a terminal, and only after a second).
    pub progress: bool,
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mined {
    /// Puzzles handed to the sink (numbers `first..first+found`).
    pub found: u32,
    /// Puzzles asked for.
    pub wanted: u32,
    /// Attempts made in all. Fewer found than wanted means the time limit stopped the
    /// run (an exhausted search is an error instead).
    pub attempts: u64,
}

impl Mined {
    /// An error when fewer puzzles were found than asked for, naming the reason.
    pub fn shortfall(&self, time_limit: Option<Duration>) -> Result<()> {
        if self.found >= self.wanted {
            return Ok(());
        }
        let limit = time_limit.map(|t| format!("{} s", t.as_secs_f64())).unwrap_or_default();
        Err(Error::failed(format!(
            "found {} of {} puzzles: the time limit of {limit} ran out after {} attempts (what was found has been written)",
            self.found, self.wanted, self.attempts
        )))
    }
}

/// Generates puzzles `first..first+count` with `make(number, budget)` on `jobs` threads
/// and hands each to `sink` in number order. Stops at the first puzzle the time limit
/// cut short (so the output is always a run of consecutive numbers); an exhausted search
/// is an error.
pub fn mine<T: Send>(
    options: &MineOptions,
    make: impl Fn(u32, &Budget) -> Search<T> + Sync,
    mut sink: impl FnMut(T) -> Result<()>,
) -> Result<Mined> {
    let budget = Budget::new(options.time_limit);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| Error::io(format!("cannot start worker threads: {e}")))?;
    let done = AtomicBool::new(false);
    let started = Instant::now();
    std::thread::scope(|scope| {
        let watcher = options.progress.then(|| scope.spawn(|| watch(options, &budget, &done, started)));
        let mined = mine_in_order(options, &budget, &pool, make, &mut sink);
        done.store(true, Ordering::Relaxed);
        if let Some(w) = watcher {
            let _ = w.join();
        }
        mined
    })
}

/// The loop of [`mine`]: a window of numbers at a time on the pool, then handed to the
/// sink in order, stopping at the first puzzle the time limit cut short.
fn mine_in_order<T: Send>(
    options: &MineOptions,
    budget: &Budget,
    pool: &rayon::ThreadPool,
    make: impl Fn(u32, &Budget) -> Search<T> + Sync,
    sink: &mut impl FnMut(T) -> Result<()>,
) -> Result<Mined> {
    let window = (options.jobs.max(1) * 8).max(16) as u64;
    let last = options.first as u64 + options.count as u64;
    let mut found = 0u32;
    let mut next = options.first as u64;
    'windows: while next < last {
        let end = (next + window).min(last);
        let results: Vec<Search<T>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|n| {
                    let r = make(n as u32, budget);
                    if matches!(r, Search::Found(_)) {
                        budget.found.fetch_add(1, Ordering::Relaxed);
                    }
                    r
                })
                .collect()
        });
        for r in results {
            match r {
                Search::Found(t) => {
                    sink(t)?;
                    found += 1;
                }
                Search::Exhausted(why) => return Err(Error::failed(why)),
                Search::OutOfTime => break 'windows,
            }
        }
        next = end;
    }
    Ok(Mined { found, wanted: options.count, attempts: budget.attempts() })
}

/// The progress bar: drawn on stderr once the run has taken a second, refreshed ten
/// times a second, cleared at the end. Nothing is drawn when stderr is not a terminal.
fn watch(options: &MineOptions, budget: &Budget, done: &AtomicBool, started: Instant) {
    if !std::io::stderr().is_terminal() {
        return;
    }
    let bar = ProgressBar::with_draw_target(Some(options.count as u64), ProgressDrawTarget::hidden());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles · {msg} · ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let elapsed = started.elapsed();
        if !shown && elapsed >= Duration::from_secs(1) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            shown = true;
        }
        let found = budget.found.load(Ordering::Relaxed);
        bar.set_position(found.min(options.count as u64));
        let rate = found as f64 / elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!("{} attempts · {rate:.0}/s", budget.attempts()));
    }
    bar.finish_and_clear();
}

/// The default `--jobs`: every core the machine offers.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}
