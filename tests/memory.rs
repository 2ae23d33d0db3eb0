//! Memory grows with the file written, not with the drawing: a document's pages are drawn,
//! turned into compressed streams and appended one at a time, so that four times the
//! puzzles cost about four times the file's bytes — not four times every page's drawing,
//! operators and object model, which the writer held whole before (80–100 times the
//! file's size). Counted by an allocator that keeps the peak of the bytes in use, in
//! process; independent of the machine's speed.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use boardpress::{BookRequest, PuzzlesRequest, Request, Run};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

fn grew(bytes: usize) {
    let now = IN_USE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The tests here measure one at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The peak of the bytes in use while `request` is made, above those in use before, and
/// the size of what it made.
fn measure(request: &Request) -> (usize, usize) {
    let run = Run { jobs: 1, ..Run::default() };
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let made = boardpress::make(request, &run).unwrap();
    let peak = PEAK.load(Ordering::Relaxed) - before;
    let written: usize = made.documents.iter().map(|d| d.bytes.len()).sum();
    drop(made);
    (peak, written)
}

/// Memory's growth from the smaller request to the larger, as a multiple of the file's.
fn growth(small: &Request, large: &Request) -> (f64, String) {
    let (peak_small, out_small) = measure(small);
    let (peak_large, out_large) = measure(large);
    let ratio = (peak_large as f64 - peak_small as f64) / (out_large as f64 - out_small as f64);
    let said = format!(
        "peak {:.1} MB for {:.2} MB written, then {:.1} MB for {:.2} MB: {ratio:.2} bytes of memory for each byte more",
        peak_small as f64 / 1e6,
        out_small as f64 / 1e6,
        peak_large as f64 / 1e6,
        out_large as f64 / 1e6
    );
    (ratio, said)
}

/// At most this many bytes of memory for each byte the file grows: the file itself
/// (held until it is handed over, in a buffer that grows by doubling: up to twice its
/// size), each structure element's place in the tree (about a hundred bytes, its words
/// written and let go after its page) and each puzzle's words, which layout keeps. The
/// whole process's target is 60 MB plus twice the file (`benches/memory.sh`); what was
/// held before was 80 to 100 times it.
const BOUND: f64 = 4.0;

#[test]
fn a_sheet_holds_one_page_of_drawing_at_a_time() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for (game, small, large) in [("el", 60, 240), ("kamon", 30, 120)] {
        let sheet = |count| Request::Puzzles(PuzzlesRequest::new(game, count, "memory"));
        let (ratio, said) = growth(&sheet(small), &sheet(large));
        eprintln!("{game} sheets of {small} and {large} puzzles: {said}");
        assert!(ratio <= BOUND, "{game}: {said} (at most {BOUND})");
    }
}

#[test]
fn a_book_holds_one_page_of_drawing_at_a_time() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let book = |count: u32| {
        let text = format!(
            "title = \"Memory\"\ntrim = \"6x9in\"\nseed = \"memory\"\n[[section]]\ntitle = \"EL\"\ngame = \"el\"\ncount = {count}\n[[section]]\ntitle = \"Kamon\"\ngame = \"kamon\"\ncount = {count}\n"
        );
        Request::Book(BookRequest { name: "memory.toml".into(), text, cover: false })
    };
    let (ratio, said) = growth(&book(40), &book(160));
    eprintln!("books of 80 and 320 puzzles: {said}");
    assert!(ratio <= BOUND, "{said} (at most {BOUND})");
}
