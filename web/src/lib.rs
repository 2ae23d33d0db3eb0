//! boardpress in the browser. One entry point, [`run`](run_js) (its JavaScript name): a
//! request in JSON — the command line, as typed on a terminal, and the files it names —
//! in, the documents it makes (name, MIME type, bytes), the text it prints and the
//! command that recreates them out, with a progress callback while puzzles are
//! searched. The library does the work exactly as the command line does
//! (`boardpress_cli::in_memory`); nothing here touches a byte of a document.
//!
//! The page runs it in a Web Worker (web/app.js); [`make`] is the same thing for Rust
//! callers and the tests, without JavaScript.

pub mod catalog;
pub mod zip;

use std::cell::RefCell;
use std::collections::BTreeMap;

use boardpress::{Progress, Run};
use boardpress_cli::in_memory;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// What the page asks for.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebRequest {
    /// The command line, as typed on a terminal (`boardpress puzzles el --count 12`).
    pub command: String,
    /// The files the command names (a JSON Lines file to render or verify, a book's
    /// spec, a rulebook template), by the name it gives them.
    #[serde(default)]
    pub files: BTreeMap<String, String>,
}

/// One file made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebDocument {
    /// Its file name.
    pub name: String,
    /// Its MIME type.
    pub mime: String,
    /// Its bytes, in the pieces they were made in.
    pub bytes: boardpress::Bytes,
}

/// Several documents in one zip file, as its parts: the page puts them together with the
/// documents a part refers to (stored PDFs), so the zip holds no second copy of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebZip {
    /// Its file name.
    pub name: String,
    /// Its bytes, as the zip's own bytes and the documents stored in it.
    pub parts: Vec<zip::Part>,
}

impl WebZip {
    /// The zip's bytes, put together with the `documents` it was made of.
    pub fn bytes(&self, documents: &[WebDocument]) -> Vec<u8> {
        zip::assemble(&self.parts, &zip_files(documents))
    }
}

/// The documents as the zip takes them: each name with its bytes' pieces.
fn zip_files(documents: &[WebDocument]) -> Vec<(&str, &[Vec<u8>])> {
    documents.iter().map(|d| (d.name.as_str(), d.bytes.pieces())).collect()
}

/// What a request made.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The documents, in order (several for SVG pages, a book and its cover).
    pub documents: Vec<WebDocument>,
    /// All of them in one zip file, when there are several.
    pub zip: Option<WebZip>,
    /// The command that recreates them: the "recreate with:" line of their footers.
    pub command: Option<String>,
    /// The first page as SVG, for a preview (paged documents only).
    pub preview: Option<String>,
    /// The first page's title and what it shows in words (its diagrams described, as
    /// the documents' figures say them), for the preview's alternative text.
    pub preview_words: Option<(String, String)>,
    /// The documents' language (`en`, `de`, `fr`): the preview's words are read in it.
    pub lang: String,
    /// What the command prints (verify's verdict per line, solve's analysis, help).
    pub printed: String,
    /// Things to know that are not errors (a book padded with notes pages; fewer
    /// puzzles than asked).
    pub notes: Vec<String>,
}

/// Why nothing was made: the message the command line prints, and its exit status
/// (2: the request is wrong; 1: the work failed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// One line naming the problem and where it is.
    pub message: String,
    /// The command line's exit status for it.
    pub exit_status: i32,
    /// The options the message names (`count` for `--count`), in order: the page leads
    /// to the first one's box.
    pub options: Vec<String>,
}

impl Failure {
    fn input(message: impl Into<String>) -> Self {
        Failure { message: message.into(), exit_status: 2, options: Vec::new() }
    }

    /// A command's error as the command line says it, with the options it names.
    fn of(e: &boardpress::Error) -> Self {
        Failure {
            message: boardpress_cli::error_words(e),
            exit_status: e.exit_status(),
            options: e.words.options().map(str::to_string).collect(),
        }
    }
}

/// Runs a request given as JSON; `progress` hears how far a puzzle search is (and may
/// cancel it by returning false).
pub fn make(request: &str, progress: &(dyn Fn(Progress) -> bool + Sync)) -> Result<Outcome, Failure> {
    let request: WebRequest =
        serde_json::from_str(request).map_err(|e| Failure::input(format!("the request is not valid: {e}")))?;
    let words =
        boardpress::names::shell_split(&request.command).map_err(|e| Failure::input(format!("in the command: {e}")))?;
    let files: BTreeMap<String, Vec<u8>> =
        request.files.into_iter().map(|(name, text)| (name, text.into_bytes())).collect();
    let run = Run { progress: Some(progress), ..Run::default() };
    let ran = in_memory::run(&words, &files, &run).map_err(|e| Failure::of(&e))?;
    let mut outcome = Outcome { printed: ran.printed, ..Outcome::default() };
    if let Some(made) = ran.made {
        outcome.documents = made
            .documents
            .into_iter()
            .map(|d| WebDocument { name: d.name, mime: d.mime.to_string(), bytes: d.bytes })
            .collect();
        if outcome.documents.len() > 1 {
            let parts = zip::archive(&zip_files(&outcome.documents));
            outcome.zip = Some(WebZip { name: format!("{}.zip", made.stem), parts });
        }
        let first_page = made.first_page.as_ref().map(boardpress::FirstPage::draw);
        outcome.preview = first_page.as_ref().map(boardpress::render::svg::render);
        outcome.preview_words = first_page.as_ref().map(|p| (p.title.clone(), p.desc.trim().to_string()));
        outcome.command = Some(made.command);
        outcome.lang = made.lang.word().to_string();
        outcome.notes = made.notes;
        if let Some(short) = made.shortfall {
            outcome.notes.push(boardpress::error::single_line(&short.to_string()));
        }
    }
    Ok(outcome)
}

/// The command a request would run, checked and in the form its documents will print
/// it ("recreate with: …"), without making anything: what the page shows as the user
/// fills in the form.
pub fn command(request: &str) -> Result<String, Failure> {
    let request: WebRequest =
        serde_json::from_str(request).map_err(|e| Failure::input(format!("the request is not valid: {e}")))?;
    let words =
        boardpress::names::shell_split(&request.command).map_err(|e| Failure::input(format!("in the command: {e}")))?;
    in_memory::command(&words).map_err(|e| Failure::of(&e))
}

thread_local! {
    /// The page's progress callback while a request runs (WebAssembly in a worker has
    /// one thread; the library's callback must be `Sync`, so it reaches the function
    /// through here rather than holding it).
    static PROGRESS: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    /// The message of a panic, kept for the page: a bug must say what it was.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Calls the page's callback with (found, wanted, attempts); `false` back cancels.
fn report(p: Progress) -> bool {
    PROGRESS.with(|f| match &*f.borrow() {
        Some(f) => {
            let answer = f.call3(
                &JsValue::NULL,
                &JsValue::from(p.found),
                &JsValue::from(p.wanted),
                &JsValue::from(p.attempts as f64),
            );
            answer.map(|v| v != JsValue::FALSE).unwrap_or(true)
        }
        None => true,
    })
}

/// Keeps the message of a panic for [`last_panic`].
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));
}

/// The message of the panic that stopped the last call, if one did.
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> Option<String> {
    PANIC.with(|p| p.borrow().clone())
}

/// What the page offers (games, tasks, options, grades, papers, the sample book) as
/// JSON: see [`catalog::catalog`].
#[wasm_bindgen]
pub fn catalog() -> String {
    catalog::catalog().to_string()
}

/// The program version printed on every sheet.
#[wasm_bindgen]
pub fn version() -> String {
    boardpress::VERSION.to_string()
}

/// The size of the WebAssembly memory, in bytes. It only grows, so after a run it is
/// the most the run held at once (with what earlier runs left it): what the page costs
/// the browser for a document.
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    return (core::arch::wasm32::memory_size(0) * 65536) as f64;
    #[cfg(not(target_arch = "wasm32"))]
    0.0
}

/// The command a request would run, as its documents will print it; throws
/// `{message, exitStatus}` for a request that cannot run.
#[wasm_bindgen(js_name = command)]
pub fn command_js(request: &str) -> Result<String, JsValue> {
    command(request).map_err(|f| failure_to_js(&f))
}

fn failure_to_js(failure: &Failure) -> JsValue {
    let error = js_sys::Object::new();
    set(&error, "message", &JsValue::from_str(&failure.message));
    set(&error, "exitStatus", &JsValue::from(failure.exit_status));
    let options: js_sys::Array = failure.options.iter().map(|o| JsValue::from_str(o)).collect();
    set(&error, "options", &options);
    error.into()
}

/// Runs a request (JSON: `{"command": "...", "files": {"name": "text"}}`) and returns
/// `{documents: [{name, mime, bytes}], zip, command, preview, printed, notes}` (`zip`:
/// `{name, mime, parts, size}`, each part bytes or the index of a document stored in it),
/// or throws
/// `{message, exitStatus}`. `progress(found, wanted, attempts)` is called while puzzles
/// are searched.
#[wasm_bindgen(js_name = run)]
pub fn run_js(request: &str, progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    PROGRESS.with(|f| *f.borrow_mut() = progress);
    let result = make(request, &report);
    PROGRESS.with(|f| *f.borrow_mut() = None);
    match result {
        Ok(outcome) => Ok(outcome_to_js(&outcome)),
        Err(failure) => Err(failure_to_js(&failure)),
    }
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    // Setting a property of a plain object made here cannot fail.
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}

fn document_to_js(d: &WebDocument) -> JsValue {
    let o = js_sys::Object::new();
    set(&o, "name", &JsValue::from_str(&d.name));
    set(&o, "mime", &JsValue::from_str(&d.mime));
    // One array for the page, filled piece by piece: the document is not gathered into
    // one buffer on the WebAssembly side first.
    let bytes = js_sys::Uint8Array::new_with_length(d.bytes.len() as u32);
    let mut at = 0;
    for piece in d.bytes.pieces() {
        bytes.subarray(at, at + piece.len() as u32).copy_from(piece);
        at += piece.len() as u32;
    }
    set(&o, "bytes", &bytes);
    o.into()
}

fn zip_to_js(zip: &WebZip, documents: &[WebDocument]) -> JsValue {
    let o = js_sys::Object::new();
    set(&o, "name", &JsValue::from_str(&zip.name));
    set(&o, "mime", &JsValue::from_str("application/zip"));
    let mut size = 0;
    let parts: js_sys::Array = zip
        .parts
        .iter()
        .map(|part| match part {
            zip::Part::Own(bytes) => {
                size += bytes.len();
                js_sys::Uint8Array::from(bytes.as_slice()).into()
            }
            zip::Part::File(n) => {
                size += documents[*n].bytes.len();
                JsValue::from(*n as u32)
            }
        })
        .collect();
    set(&o, "parts", &parts);
    set(&o, "size", &JsValue::from(size as f64));
    o.into()
}

fn optional_text(text: &Option<String>) -> JsValue {
    text.as_deref().map_or(JsValue::NULL, JsValue::from_str)
}

fn outcome_to_js(outcome: &Outcome) -> JsValue {
    let o = js_sys::Object::new();
    let documents: js_sys::Array = outcome.documents.iter().map(document_to_js).collect();
    set(&o, "documents", &documents);
    set(&o, "zip", &outcome.zip.as_ref().map_or(JsValue::NULL, |z| zip_to_js(z, &outcome.documents)));
    set(&o, "command", &optional_text(&outcome.command));
    set(&o, "preview", &optional_text(&outcome.preview));
    let words = outcome.preview_words.as_ref().map_or(JsValue::NULL, |(title, text)| {
        let w = js_sys::Object::new();
        set(&w, "title", &JsValue::from_str(title));
        set(&w, "text", &JsValue::from_str(text));
        w.into()
    });
    set(&o, "previewWords", &words);
    set(&o, "lang", &JsValue::from_str(&outcome.lang));
    set(&o, "printed", &JsValue::from_str(&outcome.printed));
    let notes: js_sys::Array = outcome.notes.iter().map(|n| JsValue::from_str(n)).collect();
    set(&o, "notes", &notes);
    o.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiet(_: Progress) -> bool {
        true
    }

    #[test]
    fn a_request_makes_the_command_lines_bytes() {
        let outcome = make(r#"{"command": "boardpress puzzles el --count 2 --seed 'web test'"}"#, &quiet).unwrap();
        let mut req = boardpress::PuzzlesRequest::new("el", 2, "web test");
        req.count = 2;
        let direct = boardpress::make(&boardpress::Request::Puzzles(req), &Run::default()).unwrap();
        assert_eq!(outcome.documents[0].bytes, direct.documents[0].bytes);
        assert_eq!(outcome.documents[0].name, "el-win-in-one-web-test.pdf");
        assert_eq!(outcome.command.as_deref(), Some("boardpress puzzles el --count 2 --seed 'web test'"));
        assert!(outcome.preview.unwrap().starts_with("<svg"));
        assert!(outcome.zip.is_none());
        assert_eq!(outcome.lang, "en");
        let german = make(r#"{"command": "rules el --booklet --lang de"}"#, &quiet).unwrap();
        assert_eq!(german.lang, "de");
    }

    #[test]
    fn several_documents_come_zipped_too() {
        let outcome = make(r#"{"command": "rules el --format svg"}"#, &quiet).unwrap();
        assert!(outcome.documents.len() > 1);
        let zip = outcome.zip.unwrap();
        assert_eq!(zip.name, "el-rules.zip");
        let listed = zip::names(&zip.bytes(&outcome.documents)).unwrap();
        let names: Vec<String> = outcome.documents.iter().map(|d| d.name.clone()).collect();
        assert_eq!(listed, names);
        assert!(zip.parts.iter().all(|p| matches!(p, zip::Part::Own(_))), "SVG pages are deflated");
        // Puzzles and their key apart: two PDFs, stored as they are.
        let outcome = make(r#"{"command": "puzzles el --count 2 --key key.pdf"}"#, &quiet).unwrap();
        let zip = outcome.zip.unwrap();
        assert_eq!(zip.parts.iter().filter(|p| matches!(p, zip::Part::File(_))).count(), 2);
        let bytes = zip.bytes(&outcome.documents);
        let sizes: usize = outcome.documents.iter().map(|d| d.bytes.len()).sum();
        assert!(bytes.len() > sizes && bytes.len() < sizes + 400, "{} bytes for {sizes}", bytes.len());
    }

    #[test]
    fn files_are_given_by_name_and_progress_is_heard() {
        let heard = std::sync::atomic::AtomicU32::new(0);
        let listen = |p: Progress| {
            heard.fetch_max(p.found, std::sync::atomic::Ordering::Relaxed);
            true
        };
        let jsonl = make(r#"{"command": "puzzles kamon --count 3 --seed w --format jsonl"}"#, &listen).unwrap();
        assert_eq!(heard.load(std::sync::atomic::Ordering::Relaxed), 3);
        let text = String::from_utf8(jsonl.documents[0].bytes.to_vec()).unwrap();
        let request =
            serde_json::json!({ "command": "verify 'my puzzles.jsonl'", "files": { "my puzzles.jsonl": text } });
        let verdict = make(&request.to_string(), &quiet).unwrap();
        assert_eq!(verdict.printed, "3 records in my puzzles.jsonl: all verified by exhaustive search\n");
        assert!(verdict.documents.is_empty() && verdict.command.is_none());
        // A wrong answer in the second record: the verdict names its line and says so.
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let cell = lines[1].split("\"cell\":\"").nth(1).unwrap()[..2].to_string();
        let wrong = if cell == "A1" { "B1" } else { "A1" };
        lines[1] = lines[1].replacen(&format!("\"cell\":\"{cell}\""), &format!("\"cell\":\"{wrong}\""), 1);
        let bad = lines.join("\n") + "\n";
        let request = serde_json::json!({ "command": "verify p.jsonl", "files": { "p.jsonl": bad } });
        let verdict = make(&request.to_string(), &quiet).unwrap();
        let printed: Vec<&str> = verdict.printed.lines().collect();
        assert!(printed[0].starts_with("p.jsonl:2: solutions listed: "), "{}", verdict.printed);
        assert_eq!(printed.last().unwrap(), &"boardpress: error: 1 of 3 records in p.jsonl failed verification");
        // A record that is not one: an error naming the line, nothing verified.
        let bad = text.replacen("\"task\":\"win-in-one\"", "\"task\":\"win-in-9\"", 1);
        let request = serde_json::json!({ "command": "verify p.jsonl", "files": { "p.jsonl": bad } });
        assert_eq!(
            make(&request.to_string(), &quiet).unwrap_err().message,
            "p.jsonl:1: unknown task 'win-in-9' for kamon"
        );
    }

    #[test]
    fn the_command_shown_is_the_one_printed() {
        let request = r#"{"command": "puzzles six --format svg --task defend --seed x"}"#;
        let shown = command(request).unwrap();
        assert_eq!(shown, "boardpress puzzles six --count 12 --seed x --task defend --format svg");
        assert_eq!(make(request, &quiet).unwrap().command.unwrap(), shown);
        assert_eq!(
            command(r#"{"command": "board el --size 40"}"#).unwrap_err().message,
            "invalid value '40' for '--size': between 3 and 26"
        );
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let fails = |request: &str| make(request, &quiet).unwrap_err();
        assert_eq!(
            fails(r#"{"command": "puzzles el --count 0"}"#).message,
            "invalid value '0' for '--count': between 1 and 10,000 (for more, run in parts with --first)"
        );
        assert_eq!(fails(r#"{"command": "puzzles el --count 0"}"#).exit_status, 2);
        // The options a message names come apart, for the page to lead to their boxes:
        // from clap's refusals and from the library's.
        assert_eq!(fails(r#"{"command": "puzzles el --count 0"}"#).options, ["count"]);
        assert_eq!(fails(r#"{"command": "board el --colour red"}"#).options, ["colour"]);
        assert_eq!(fails(r#"{"command": "puzzles el --diagrams"}"#).options, ["diagrams", "format"]);
        assert_eq!(fails(r#"{"command": "puzzles el --diagrams"}"#).message, "--diagrams goes with --format svg");
        assert!(fails(r#"{"command": "board el --colour red"}"#).message.contains("'--colour'"));
        assert_eq!(
            fails(r#"{"command": "board el --title 'open"}"#).message,
            "in the command: the quote ' at column 18 is not closed"
        );
        assert!(fails(r#"{"comand": "board el"}"#)
            .message
            .starts_with("the request is not valid: unknown field `comand`"));
        assert!(fails("not json").message.starts_with("the request is not valid"));
        assert_eq!(fails(r#"{"command": "render x.jsonl"}"#).message, "cannot read x.jsonl: no file of that name");
    }
}
