//! The file's bytes: the pages' and forms' streams as they come, the objects that are not
//! streams (pages' dictionaries, structure) packed into compressed object streams as they
//! come, then at the end the objects kept until then ([`super::object`]: fonts, the
//! catalog, metadata), a cross-reference stream (ISO 32000-1 7.5.7 and 7.5.8) and the
//! document's ID.
//!
//! Every stream's data is followed by an end-of-line and `endstream`; a stream whose data
//! ends with a carriage return could not be told from one a byte shorter (PDF/A
//! validators count it so), so none is written: a stream of text (a page's or a form's
//! content, an object stream, a ToUnicode map) that would end so gets one more space
//! before it is compressed ([`Deflate::text_stream`]), and a font program is left
//! uncompressed ([`Deflate::stream_data`], [`super::keep_streams_unambiguous`]).

use std::collections::{BTreeMap, VecDeque};
use std::io::Write;

use super::object::{Object, ObjectTable};
use crate::failure::{RenderError, Result};
use crate::seed::{splitmix64, Fnv};

/// Objects in one object stream.
const PER_STREAM: usize = 200;

/// One entry of the cross-reference stream.
#[derive(Clone, Copy)]
enum Entry {
    Free,
    /// At this offset of the file.
    Plain(usize),
    /// In an object stream, at this index.
    Packed {
        stream: u32,
        index: usize,
    },
}

fn failed(what: &str) -> RenderError {
    RenderError::Failed(format!("writing the PDF failed: {what}"))
}

/// One deflate state for all of a file's streams: making a new one costs more than
/// compressing a small stream.
pub(super) struct Deflate(flate2::Compress);

impl Default for Deflate {
    /// Level 5 of 9, with flate2's zlib-rs backend: against miniz_oxide at level 3 (used
    /// until 29 November 2026), smaller files (a 12-puzzle sheet 43.9 KB instead of
    /// 44.6, 100 Kamon puzzles 459 KB instead of 484, the 276-page book 2.33 MB instead
    /// of 2.46) for fewer instructions (the sheet 40.0 M instead of 42.3 M). zlib-rs's
    /// processor-specific code only compares and slides faster: the bytes are the same
    /// on every machine and in WebAssembly (the web page's same-bytes test).
    fn default() -> Self {
        Deflate(flate2::Compress::new(flate2::Compression::new(5), true))
    }
}

impl Deflate {
    /// `data` compressed (zlib, as `FlateDecode` reads it).
    pub fn zlib(&mut self, data: &[u8]) -> Result<Vec<u8>> {
        let z = &mut self.0;
        z.reset();
        let mut out = Vec::with_capacity(data.len() / 3 + 64);
        loop {
            let read = z.total_in() as usize;
            let status = z
                .compress_vec(&data[read..], &mut out, flate2::FlushCompress::Finish)
                .map_err(|e| failed(&e.to_string()))?;
            if status == flate2::Status::StreamEnd {
                return Ok(out);
            }
            out.reserve(out.capacity().max(256));
        }
    }

    /// A stream's data as written: compressed (`true`), unless the compressed bytes would
    /// end with a carriage return, which validators cannot tell from an end of line
    /// (see [`super::keep_streams_unambiguous`]): then as it is (`false`).
    pub fn stream_data(&mut self, data: Vec<u8>) -> Result<(Vec<u8>, bool)> {
        let packed = self.zlib(&data)?;
        Ok(if packed.last() == Some(&b'\r') { (data, false) } else { (packed, true) })
    }

    /// Compresses a stream of text where trailing white space means nothing (a page's or a
    /// form's operators, an object stream's objects, a ToUnicode map): one whose
    /// compressed bytes would end with a carriage return gets a trailing space first.
    /// (Left uncompressed instead, a page of a few hundred puzzles took 50-150 KB
    /// where it takes 10-30.)
    pub fn text_stream(&mut self, mut content: Vec<u8>) -> Result<Vec<u8>> {
        loop {
            let data = self.zlib(&content)?;
            if data.last() != Some(&b'\r') {
                return Ok(data);
            }
            content.push(b' ');
        }
    }
}

/// A job for the compressing thread, run with that thread's deflate state.
#[cfg(feature = "parallel")]
type Job = Box<dyn FnOnce(&mut Deflate) + Send>;

/// The jobs waiting for a deflate state, shared by the helper thread and the caller's: the
/// helper takes them in turn, and a caller waiting for a result takes the next itself
/// rather than wait idle (on the 2-core machine the helper sometimes fell a millisecond
/// behind, and the caller waited for it).
#[cfg(feature = "parallel")]
#[derive(Default)]
struct Queue {
    /// The jobs not yet begun, oldest first, and whether the writer is done with them.
    jobs: std::sync::Mutex<(VecDeque<Job>, bool)>,
    /// Rung when a job is added or the writer is done.
    rung: std::sync::Condvar,
}

#[cfg(feature = "parallel")]
impl Queue {
    /// The jobs, even if a job panicked while another thread held them.
    fn jobs(&self) -> std::sync::MutexGuard<'_, (VecDeque<Job>, bool)> {
        self.jobs.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The next job not yet begun, if any.
    fn take(&self) -> Option<Job> {
        self.jobs().0.pop_front()
    }

    /// The next job, waiting for one; `None` once the writer is done.
    fn next(&self) -> Option<Job> {
        let mut jobs = self.jobs();
        loop {
            if let Some(job) = jobs.0.pop_front() {
                return Some(job);
            }
            if jobs.1 {
                return None;
            }
            jobs = self.rung.wait(jobs).unwrap_or_else(|poisoned| poisoned.into_inner());
        }
    }
}

/// Where streams are compressed: on a helper thread beside the caller's when the writer
/// may use two threads ([`Compressor::new`]), so that a page is compressed while the next
/// is drawn; otherwise at once, on the caller's. The bytes are the same either way: each
/// stream is compressed alone, from a reset state, and written in the order it was
/// given, whichever thread compressed it.
pub(super) struct Compressor {
    /// The caller's deflate state, for the work done at once, once it is needed.
    deflate: Option<Deflate>,
    /// The caller's deflate state as the helper thread makes it, while the caller has
    /// none.
    #[cfg(feature = "parallel")]
    made_for_caller: Option<std::sync::mpsc::Receiver<Deflate>>,
    /// The jobs the helper thread takes, when there is one.
    #[cfg(feature = "parallel")]
    helper: Option<std::sync::Arc<Queue>>,
}

/// A result already made, or being made from the queue (by the helper thread, or by
/// the caller's while it waits: [`Compressor::wait`]).
pub(super) enum Later<T> {
    /// Made at once.
    Made(T),
    /// Coming from the helper thread.
    #[cfg(feature = "parallel")]
    Coming(std::sync::mpsc::Receiver<T>),
}

impl Compressor {
    /// A compressor for a writer that may use `threads` threads: with two or more (and
    /// the `parallel` feature), streams are compressed on a helper thread, started now
    /// so that it is ready by the first page's end. (It saves a long document a third
    /// of its time, but costs a page or two 0.2 ms: `drawn_documents` keeps those to
    /// one thread.)
    ///
    /// A deflate state takes 380 KB that zlib-rs clears (about fifty page faults in a
    /// new process): the helper thread makes the caller's too, after its own, while the
    /// caller draws the first page.
    pub fn new(threads: usize) -> Compressor {
        #[cfg(feature = "parallel")]
        if threads > 1 {
            let queue = std::sync::Arc::new(Queue::default());
            let jobs = queue.clone();
            let (give, made_for_caller) = std::sync::mpsc::sync_channel(1);
            let started = std::thread::Builder::new().name("pdf-deflate".into()).spawn(move || {
                let mut deflate = Deflate::default();
                let _ = give.send(Deflate::default());
                while let Some(job) = jobs.next() {
                    job(&mut deflate);
                }
            });
            // Without a thread, the work is done at once.
            if started.is_ok() {
                return Compressor { deflate: None, made_for_caller: Some(made_for_caller), helper: Some(queue) };
            }
        }
        #[cfg(not(feature = "parallel"))]
        let _ = threads;
        Compressor {
            deflate: None,
            #[cfg(feature = "parallel")]
            made_for_caller: None,
            #[cfg(feature = "parallel")]
            helper: None,
        }
    }

    /// The caller's deflate state: the one the helper thread made, else a new one.
    fn own(&mut self) -> &mut Deflate {
        #[cfg(feature = "parallel")]
        if self.deflate.is_none() {
            self.deflate = self.made_for_caller.take().and_then(|made| made.recv().ok());
        }
        self.deflate.get_or_insert_with(Deflate::default)
    }

    /// `job`'s result, made on the helper thread when there is one, else now.
    pub fn later<T: Send + 'static>(&mut self, job: impl FnOnce(&mut Deflate) -> T + Send + 'static) -> Later<T> {
        #[cfg(feature = "parallel")]
        if let Some(queue) = &self.helper {
            let (done, coming) = std::sync::mpsc::channel();
            queue.jobs().0.push_back(Box::new(move |deflate: &mut Deflate| {
                let _ = done.send(job(deflate));
            }));
            queue.rung.notify_one();
            return Later::Coming(coming);
        }
        Later::Made(job(self.own()))
    }

    /// The result `later` is making, once it is made. While it is not, the caller's
    /// thread does the jobs not yet begun (a result waited for is never behind a job
    /// nobody is doing).
    pub fn wait<T>(&mut self, later: Later<T>) -> Result<T> {
        match later {
            Later::Made(made) => Ok(made),
            #[cfg(feature = "parallel")]
            Later::Coming(coming) => loop {
                if let Ok(made) = coming.try_recv() {
                    return Ok(made);
                }
                match self.helper.as_ref().and_then(|queue| queue.take()) {
                    Some(job) => job(self.own()),
                    None => return coming.recv().map_err(|_| failed("the compressing thread stopped")),
                }
            },
        }
    }

    /// `job`'s result, made now on the caller's thread.
    pub fn now<T>(&mut self, job: impl FnOnce(&mut Deflate) -> T) -> T {
        job(self.own())
    }
}

#[cfg(feature = "parallel")]
impl Drop for Compressor {
    /// The helper thread ends once the jobs given are done.
    fn drop(&mut self) {
        if let Some(queue) = &self.helper {
            queue.jobs().1 = true;
            queue.rung.notify_all();
        }
    }
}

/// How large a piece of the file grows before the next is begun.
pub(super) const PIECE: usize = 1 << 20;

/// The file as it is written: the pieces finished and the one being filled, each at most
/// [`PIECE`] bytes unless one object is larger (an object is never split). Held so, a
/// long document never lives in one buffer that grows by doubling: in a browser's
/// WebAssembly, whose memory never shrinks, such a buffer and the blocks it leaves as it
/// grows cost about twice the file before the page has its own copy.
pub(super) struct Output {
    /// The pieces finished.
    pieces: Vec<Vec<u8>>,
    /// Their length in all.
    before: usize,
    /// The piece being filled.
    tail: Vec<u8>,
}

impl Output {
    /// A file that begins with `header`.
    pub fn new(header: Vec<u8>) -> Output {
        Output { pieces: Vec::new(), before: 0, tail: header }
    }

    /// How long the file is so far.
    pub fn len(&self) -> usize {
        self.before + self.tail.len()
    }

    /// Appends an object (or any run of bytes kept together), beginning a new piece
    /// first when it would not fit in this one.
    pub fn append(&mut self, bytes: &[u8]) {
        if !self.tail.is_empty() && self.tail.len() + bytes.len() > PIECE {
            // The next piece is made its full size at once: growing it by doubling would
            // leave a trail of smaller blocks behind in a memory that never shrinks.
            let full = std::mem::replace(&mut self.tail, Vec::with_capacity(PIECE.max(bytes.len())));
            self.before += full.len();
            self.pieces.push(full);
        }
        self.tail.extend_from_slice(bytes);
    }

    /// The pieces, in order.
    pub(super) fn into_pieces(mut self) -> Vec<Vec<u8>> {
        if !self.tail.is_empty() {
            self.pieces.push(self.tail);
        }
        self.pieces
    }
}

/// How many objects may wait for the compressing thread before the writer waits for the
/// first: a page's content stream, while the next page is drawn, and its forms.
const WAITING: usize = 4;

/// Where every object of the file is, the objects waiting to be packed, and the streams
/// being compressed: objects that are not streams go into compressed object streams of
/// [`PER_STREAM`] as they come, so that a long document's page dictionaries and structure
/// are held compressed.
pub(super) struct Objects {
    entries: BTreeMap<u32, Entry>,
    pending: Vec<(u32, Vec<u8>)>,
    /// Objects whose bytes are being made on the compressing thread, in file order.
    coming: VecDeque<(u32, Later<Result<Vec<u8>>>)>,
    /// The file's compressor.
    pub compressor: Compressor,
}

impl Objects {
    /// No objects yet; streams compressed as [`Compressor::new`] says for `threads`.
    pub fn new(threads: usize) -> Objects {
        Objects {
            entries: BTreeMap::new(),
            pending: Vec::new(),
            coming: VecDeque::new(),
            compressor: Compressor::new(threads),
        }
    }

    /// Object `id` is written at `at` in the file.
    pub fn plain(&mut self, id: u32, at: usize) {
        self.entries.insert(id, Entry::Plain(at));
    }

    /// Content stream object `id` with `dict` (its dictionary's entries but its length
    /// and filter) and `data`, compressed ([`Deflate::text_stream`]), is the next object
    /// of the file.
    pub fn stream(&mut self, id: u32, dict: String, data: Vec<u8>, out: &mut Output) -> Result<()> {
        let made = self.compressor.later(move |deflate| {
            let data = deflate.text_stream(data)?;
            Ok(stream_object(id, &format!("{dict}/Filter/FlateDecode"), &data))
        });
        self.coming(id, made, out)
    }

    /// Object `id`, being made, follows those already coming; the oldest is written
    /// when too many wait.
    fn coming(&mut self, id: u32, made: Later<Result<Vec<u8>>>, out: &mut Output) -> Result<()> {
        self.coming.push_back((id, made));
        while self.coming.len() > WAITING {
            self.settle_one(out)?;
        }
        Ok(())
    }

    /// Writes the oldest object coming.
    fn settle_one(&mut self, out: &mut Output) -> Result<()> {
        if let Some((id, made)) = self.coming.pop_front() {
            let bytes = self.compressor.wait(made)??;
            self.entries.insert(id, Entry::Plain(out.len()));
            out.append(&bytes);
        }
        Ok(())
    }

    /// Writes every object coming, in order.
    pub fn settle(&mut self, out: &mut Output) -> Result<()> {
        while !self.coming.is_empty() {
            self.settle_one(out)?;
        }
        Ok(())
    }

    /// Object `id` (not a stream) is `body`; packed with others into `out`, taking the
    /// object streams' numbers from `table`.
    pub fn pack(&mut self, id: u32, body: Vec<u8>, out: &mut Output, table: &mut ObjectTable) -> Result<()> {
        self.pending.push((id, body));
        if self.pending.len() == PER_STREAM {
            self.flush(out, table)?;
        }
        Ok(())
    }

    /// Writes the objects waiting as one object stream.
    fn flush(&mut self, out: &mut Output, table: &mut ObjectTable) -> Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let group = std::mem::take(&mut self.pending);
        let mut index = String::new();
        let mut bodies = Vec::new();
        for (id, body) in &group {
            index += &format!("{id} {} ", bodies.len());
            bodies.extend_from_slice(body.trim_ascii());
            bodies.push(b'\n');
        }
        let first = index.len();
        let mut content = index.into_bytes();
        content.extend(bodies);
        let stream = table.new_object_id().0;
        for (i, (id, _)) in group.iter().enumerate() {
            self.entries.insert(*id, Entry::Packed { stream, index: i });
        }
        let count = group.len();
        let made = self.compressor.later(move |deflate| {
            let data = deflate.text_stream(content)?;
            Ok(stream_object(stream, &format!("/Type/ObjStm/N {count}/First {first}/Filter/FlateDecode"), &data))
        });
        self.coming(stream, made, out)
    }
}

/// Stream object `id` as the file holds it: its dictionary (`dict`'s entries and the
/// length) and `data`.
fn stream_object(id: u32, dict: &str, data: &[u8]) -> Vec<u8> {
    let mut object = format!("{id} 0 obj\n<<{dict}/Length {}>>stream\n", data.len()).into_bytes();
    object.extend_from_slice(data);
    object.extend_from_slice(b"\nendstream\nendobj\n");
    object
}

/// Where objects go as they are made: numbers from `table`, bodies packed by `objects`
/// into `out`.
pub(super) struct Sink<'a> {
    pub table: &'a mut ObjectTable,
    pub out: &'a mut Output,
    pub objects: &'a mut Objects,
}

impl Sink<'_> {
    /// A new object's id.
    pub fn id(&mut self) -> u32 {
        self.table.new_object_id().0
    }

    /// Object `id` (not a stream) is `body`.
    pub fn put(&mut self, id: u32, body: Vec<u8>) -> Result<()> {
        self.objects.pack(id, body, self.out, self.table)
    }
}

/// `bytes` as a PDF literal string: parentheses and backslashes escaped, and a carriage
/// return written as the escape `r` (a raw one would be read as an end of line).
pub(super) fn literal(bytes: &[u8], out: &mut Vec<u8>) {
    out.push(b'(');
    for &b in bytes {
        match b {
            b'(' | b')' | b'\\' => out.extend_from_slice(&[b'\\', b]),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(b),
        }
    }
    out.push(b')');
}

/// The document's bytes, in pieces: `out` (the header and the objects written so far,
/// which `objects` knows), then `table`'s streams as they are and its other objects
/// packed, in number order, a cross-reference stream, and a document ID that is a hash of
/// the bytes.
pub(super) fn pdf_bytes(table: &mut ObjectTable, mut out: Output, mut objects: Objects) -> Result<Vec<Vec<u8>>> {
    for (id, object) in std::mem::take(&mut table.objects) {
        if let Object::Stream(_) = object {
            objects.settle(&mut out)?;
            objects.plain(id, out.len());
            out.append(&object.indirect(id));
        } else {
            objects.pack(id, object.to_bytes(), &mut out, table)?;
        }
    }
    objects.flush(&mut out, table)?;
    objects.settle(&mut out)?;
    let mut entries = objects.entries;
    let next_id = table.max_id + 1;
    // The cross-reference stream: type (1 byte), offset or stream (4), generation or
    // index (2); the first entry is the head of the free list.
    let xref_id = next_id;
    let xref_at = out.len();
    entries.insert(xref_id, Entry::Plain(xref_at));
    let size = xref_id + 1;
    let mut data = Vec::with_capacity(7 * size as usize);
    for id in 0..size {
        let (kind, a, b): (u8, u32, u16) = match entries.get(&id).copied().unwrap_or(Entry::Free) {
            Entry::Free => (0, 0, if id == 0 { 65535 } else { 0 }),
            Entry::Plain(at) => (1, at as u32, 0),
            Entry::Packed { stream, index } => (2, stream, index as u16),
        };
        data.push(kind);
        data.extend_from_slice(&a.to_be_bytes());
        data.extend_from_slice(&b.to_be_bytes());
    }
    let (Some(root), Some(info)) = (table.root, table.info) else {
        return Err(failed("the catalog or the information dictionary is missing"));
    };
    let zeros = format!("<{}>", "0".repeat(32));
    // The cross-reference stream and the file's end, appended as one run (so that the
    // ID's place is in the last piece).
    let mut end = Vec::with_capacity(data.len() + 256);
    write!(
        end,
        "{xref_id} 0 obj\n<</Type/XRef/Size {size}/W[1 4 2]/Root {} 0 R/Info {} 0 R/ID[{zeros}{zeros}]/Length {}>>stream\n",
        root.0,
        info.0,
        data.len()
    )
    .map_err(|e| failed(&e.to_string()))?;
    end.extend_from_slice(&data);
    write!(end, "\nendstream\nendobj\nstartxref\n{xref_at}\n%%EOF\n").map_err(|e| failed(&e.to_string()))?;
    out.append(&end);
    // The ID: a hash of the bytes written with zeros in its place (the same length, so
    // nothing moves).
    let mut pieces = out.into_pieces();
    let mut hash = Fnv::new();
    for piece in &pieces {
        hash.write(piece);
    }
    let h = hash.finish();
    let id = format!("<{:016X}{:016X}>", h, splitmix64(h));
    let last = pieces.last_mut().ok_or_else(|| failed("no ID"))?;
    let from = last.len() - end.len();
    let at =
        from + last[from..].windows(zeros.len()).position(|w| w == zeros.as_bytes()).ok_or_else(|| failed("no ID"))?;
    last[at..at + zeros.len()].copy_from_slice(id.as_bytes());
    last[at + zeros.len()..at + 2 * zeros.len()].copy_from_slice(id.as_bytes());
    Ok(pieces)
}
