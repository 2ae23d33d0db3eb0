//! Mining puzzles at scale: puzzle numbers `first..first+count` are generated a window at
//! a time — in parallel on `jobs` threads with the `parallel` feature (rayon), one after
//! the other without it — each from its own random stream, and handed on strictly in
//! number order, so the output is byte-identical for any number of jobs and memory stays
//! bounded however many puzzles are wanted. A shared [`Budget`] counts attempts, carries
//! the time limit and reports progress to the caller's callback (which may cancel).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::error::{Error, Result};

/// How far a run has got.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Puzzles found so far.
    pub found: u32,
    /// Puzzles wanted.
    pub wanted: u32,
    /// Generation attempts made so far.
    pub attempts: u64,
}

/// A progress callback: called now and then from the generating threads; returning
/// `false` cancels the run.
pub type ProgressFn<'a> = dyn Fn(Progress) -> bool + Sync + 'a;

/// The clock, where there is one (not in a browser's WebAssembly).
#[cfg(not(target_family = "wasm"))]
type Instant = std::time::Instant;

/// Attempts between two progress reports.
const REPORT_EVERY: u64 = 1024;

/// What every generator shares while a run is under way: the attempt counter, the
/// deadline and the progress callback.
pub struct Budget<'a> {
    attempts: AtomicU64,
    found: AtomicU64,
    wanted: u32,
    #[cfg(not(target_family = "wasm"))]
    deadline: Option<Instant>,
    stopped: AtomicBool,
    cancelled: AtomicBool,
    progress: Option<&'a ProgressFn<'a>>,
}

impl std::fmt::Debug for Budget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget").field("attempts", &self.attempts).field("found", &self.found).finish()
    }
}

impl<'a> Budget<'a> {
    /// A budget with an optional time limit and progress callback, for `wanted` puzzles.
    /// (Without a clock — WebAssembly in a browser — the time limit is not kept; cancel
    /// through the callback instead.)
    pub fn new(time_limit: Option<Duration>, wanted: u32, progress: Option<&'a ProgressFn<'a>>) -> Self {
        #[cfg(target_family = "wasm")]
        let _ = time_limit;
        Budget {
            attempts: AtomicU64::new(0),
            found: AtomicU64::new(0),
            wanted,
            #[cfg(not(target_family = "wasm"))]
            deadline: time_limit.map(|t| Instant::now() + t),
            stopped: AtomicBool::new(false),
            cancelled: AtomicBool::new(false),
            progress,
        }
    }

    /// No deadline, no progress (library use, tests, benchmarks).
    pub fn unlimited() -> Budget<'static> {
        Budget::new(None, 0, None)
    }

    /// Counts `n` generation attempts; returns false once the run must stop (the time
    /// limit has passed or the callback cancelled), and the caller gives up its puzzle.
    pub fn spend(&self, n: u64) -> bool {
        let before = self.attempts.fetch_add(n, Ordering::Relaxed);
        if self.stopped.load(Ordering::Relaxed) {
            return false;
        }
        if (before + n) / REPORT_EVERY != before / REPORT_EVERY && !self.report() {
            return false;
        }
        #[cfg(not(target_family = "wasm"))]
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.stopped.store(true, Ordering::Relaxed);
                return false;
            }
        }
        true
    }

    /// Counts a puzzle found and reports it.
    fn found_one(&self) {
        self.found.fetch_add(1, Ordering::Relaxed);
        self.report();
    }

    /// Tells the callback how far the run is; false (and the run stops) if it cancels.
    fn report(&self) -> bool {
        let Some(progress) = self.progress else { return true };
        let now = Progress {
            found: self.found.load(Ordering::Relaxed) as u32,
            wanted: self.wanted,
            attempts: self.attempts.load(Ordering::Relaxed),
        };
        if progress(now) {
            true
        } else {
            self.cancelled.store(true, Ordering::Relaxed);
            self.stopped.store(true, Ordering::Relaxed);
            false
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
    /// The time limit ran out (or the run was cancelled) first.
    OutOfTime,
}

/// How a run is to be mined.
#[derive(Clone, Copy)]
pub struct MineOptions<'a> {
    /// The first puzzle number (from 1).
    pub first: u32,
    /// How many puzzles.
    pub count: u32,
    /// Worker threads (at least 1; more only with the `parallel` feature).
    pub jobs: usize,
    /// Stop after this long with what was found.
    pub time_limit: Option<Duration>,
    /// Told how far the run is; may cancel it.
    pub progress: Option<&'a ProgressFn<'a>>,
}

impl std::fmt::Debug for MineOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MineOptions")
            .field("first", &self.first)
            .field("count", &self.count)
            .field("jobs", &self.jobs)
            .field("time_limit", &self.time_limit)
            .finish_non_exhaustive()
    }
}

impl MineOptions<'_> {
    /// Puzzles `first..first+count` on one thread, no limit, no progress.
    pub fn new(first: u32, count: u32) -> MineOptions<'static> {
        MineOptions { first, count, jobs: 1, time_limit: None, progress: None }
    }
}

/// What a run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mined {
    /// Puzzles handed to the sink (numbers `first..first+found`).
    pub found: u32,
    /// Puzzles asked for.
    pub wanted: u32,
    /// Attempts made in all. Fewer found than wanted means the time limit stopped the
    /// run (an exhausted search or a cancelled run is an error instead).
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

/// Generates puzzles `first..first+count` with `make(number, budget)` and hands each to
/// `sink` in number order. Stops at the first puzzle the time limit cut short (so the
/// output is always a run of consecutive numbers); an exhausted search or a cancelled
/// run is an error.
pub fn mine<T: Send>(
    options: &MineOptions,
    make: impl Fn(u32, &Budget) -> Search<T> + Sync,
    mut sink: impl FnMut(T) -> Result<()>,
) -> Result<Mined> {
    let budget = Budget::new(options.time_limit, options.count, options.progress);
    let window = (options.jobs.max(1) * 8).max(16) as u64;
    let last = options.first as u64 + options.count as u64;
    let mut found = 0u32;
    let mut next = options.first as u64;
    // No more threads than puzzles: a one-puzzle sheet starts none. Small runs start none
    // either: the caller's thread makes puzzles one at a time until the run has taken
    // [`WARM_UP`], and only then are the threads started. Each puzzle depends only
    // on its number, so the output is the same either way.
    let jobs = options.jobs.min(options.count as usize);
    let mut pool = Pool::new(1)?;
    let mut warming = jobs > 1;
    let warm_up = WarmUp::start();
    'windows: while next < last {
        if warming && warm_up.over() {
            pool = Pool::new(jobs)?;
            warming = false;
        }
        let end = if warming { next + 1 } else { (next + window).min(last) };
        let results = pool.map(next..end, |n| {
            let r = make(n as u32, &budget);
            if matches!(r, Search::Found(_)) {
                budget.found_one();
            }
            r
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
    if budget.cancelled.load(Ordering::Relaxed) {
        return Err(Error::failed(format!("cancelled after {found} of {} puzzles", options.count)));
    }
    Ok(Mined { found, wanted: options.count, attempts: budget.attempts() })
}

/// How long a run works on the caller's thread alone before it starts its threads:
/// starting them costs more than a small sheet's puzzles.
#[cfg(feature = "parallel")]
const WARM_UP: Duration = Duration::from_millis(3);

/// When a run started, to tell when it has worked [`WARM_UP`] alone (never, without
/// threads).
struct WarmUp {
    #[cfg(feature = "parallel")]
    started: Instant,
}

impl WarmUp {
    fn start() -> WarmUp {
        WarmUp {
            #[cfg(feature = "parallel")]
            started: Instant::now(),
        }
    }

    /// Whether the run has worked long enough to start its threads.
    fn over(&self) -> bool {
        #[cfg(feature = "parallel")]
        return self.started.elapsed() >= WARM_UP;
        #[cfg(not(feature = "parallel"))]
        false
    }
}

/// The worker threads of a run (rayon), or the caller's thread alone (one job).
struct Pool {
    #[cfg(feature = "parallel")]
    pool: Option<rayon::ThreadPool>,
}

impl Pool {
    #[cfg(feature = "parallel")]
    fn new(jobs: usize) -> Result<Pool> {
        if jobs <= 1 {
            return Ok(Pool { pool: None });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| Error::io(format!("cannot start worker threads: {e}")))?;
        Ok(Pool { pool: Some(pool) })
    }

    #[cfg(not(feature = "parallel"))]
    fn new(_jobs: usize) -> Result<Pool> {
        Ok(Pool {})
    }

    /// `f` over the numbers, results in order.
    #[cfg(feature = "parallel")]
    fn map<T: Send>(&self, numbers: std::ops::Range<u64>, f: impl Fn(u64) -> T + Sync + Send) -> Vec<T> {
        use rayon::prelude::*;
        match &self.pool {
            Some(pool) => pool.install(|| numbers.into_par_iter().map(f).collect()),
            None => numbers.map(f).collect(),
        }
    }

    #[cfg(not(feature = "parallel"))]
    fn map<T: Send>(&self, numbers: std::ops::Range<u64>, f: impl Fn(u64) -> T + Sync + Send) -> Vec<T> {
        numbers.map(f).collect()
    }
}

/// The default `--jobs`: every core the machine offers (one without the `parallel`
/// feature). Asked once per process: on Linux the answer reads the control group's CPU
/// quota from `/sys`, a dozen system calls each time (0.3 ms of a 12-puzzle sheet's
/// 6.8 ms when a run asked twice).
pub fn default_jobs() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    if cfg!(feature = "parallel") {
        *CORES.get_or_init(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
    } else {
        1
    }
}
