//! What the integration tests share: a scratch folder of their own, removed when the
//! test is done with it (kept when the test fails, to look at).

use std::ops::Deref;
use std::path::{Path, PathBuf};

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
