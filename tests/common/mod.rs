//! What the integration tests share: a scratch folder of their own, removed when the
//! test is done with it (kept when the test fails, to look at); the boardpress binary
//! and the external tools (poppler, qpdf, …) run; pdftoppm's images read.
// Each test file uses some of these.
#![allow(dead_code)]

use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// An empty folder under the system's temporary folder, removed when dropped unless the
/// test is failing.
pub struct Scratch(PathBuf);

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A fresh, empty scratch folder named after the test file, `name` and the process.
pub fn temp_dir(name: &str) -> Scratch {
    let test = env!("CARGO_CRATE_NAME");
    let dir = std::env::temp_dir().join(format!("boardpress-{test}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// The boardpress binary, run in `dir` with `args`.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpress")).args(args).current_dir(dir).output().expect("the binary runs")
}

/// The boardpress binary, run in `dir` with `args`, which must succeed: the test fails
/// with its message otherwise.
pub fn ok(dir: &Path, args: &[&str]) -> Output {
    let out = run(dir, args);
    assert!(out.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// An external tool (`pdftotext`, `qpdf`, `rsvg-convert`, …) as a command to run; the
/// test fails, saying how to install it, where it is missing.
pub fn tool(name: &str) -> Command {
    let found = Command::new("sh").arg("-c").arg(format!("command -v {name}")).output().unwrap();
    assert!(found.status.success(), "{name} is not installed: run the tests with `bash tests/run.sh`");
    Command::new(name)
}

/// What the external tool `name` prints run in `dir` with `args`, which must succeed.
pub fn tool_output(dir: &Path, name: &str, args: &[&str]) -> String {
    let out = tool(name).args(args).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{name} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A PDF's text as poppler's `pdftotext` gives it, with `extra` options first.
pub fn pdftotext(path: &Path, extra: &[&str]) -> String {
    let out = tool("pdftotext").args(extra).arg(path).arg("-").output().unwrap();
    assert!(out.status.success(), "pdftotext {}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A binary netpbm image as `pdftoppm` writes it (`P6`: RGB, `P5` with `-gray`), with
/// 8-bit samples: its width, height and the samples after the header. Fails unless the
/// header names `magic`.
pub fn netpbm<'a>(bytes: &'a [u8], magic: &str) -> (usize, usize, &'a [u8]) {
    // The header: the magic, width, height and maximum, each after white space, then
    // one white-space byte.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!(fields[0], magic, "not a binary netpbm image of that kind");
    assert_eq!(fields[3], "255", "not 8-bit samples");
    (fields[1].parse().unwrap(), fields[2].parse().unwrap(), &bytes[at + 1..])
}
