//! The progress bar on standard error while puzzles are mined: found / wanted, attempts,
//! rate and ETA, drawn once a run has taken a second and only when standard error is a
//! terminal. The library reports progress through a callback; this keeps the numbers
//! and a thread draws them ten times a second.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use boardpress::mine::Progress;

/// The numbers the callback stores and the drawing thread reads.
#[derive(Debug, Default)]
struct Shared {
    found: AtomicU64,
    attempts: AtomicU64,
    done: AtomicBool,
}

/// A progress bar for one run.
#[derive(Debug)]
pub struct Bar {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl Bar {
    /// Starts the drawing thread for `wanted` puzzles (nothing is drawn when standard
    /// error is not a terminal).
    pub fn start(wanted: u32) -> Bar {
        let shared = Arc::new(Shared::default());
        let thread = std::io::stderr().is_terminal().then(|| {
            let shared = shared.clone();
            std::thread::spawn(move || draw(&shared, wanted))
        });
        Bar { shared, thread }
    }

    /// The library's progress callback: stores the numbers; never cancels.
    pub fn update(&self, p: Progress) -> bool {
        self.shared.found.store(p.found as u64, Ordering::Relaxed);
        self.shared.attempts.store(p.attempts, Ordering::Relaxed);
        true
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.shared.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn draw(shared: &Shared, wanted: u32) {
    let started = Instant::now();
    let bar = ProgressBar::with_draw_target(Some(wanted as u64), ProgressDrawTarget::hidden());
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles · {msg} · ETA {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    let mut shown = false;
    while !shared.done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let elapsed = started.elapsed();
        if !shown && elapsed >= Duration::from_secs(1) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            shown = true;
        }
        let found = shared.found.load(Ordering::Relaxed);
        bar.set_position(found.min(wanted as u64));
        let rate = found as f64 / elapsed.as_secs_f64().max(1e-9);
        bar.set_message(format!("{} attempts · {rate:.0}/s", shared.attempts.load(Ordering::Relaxed)));
    }
    bar.finish_and_clear();
}
