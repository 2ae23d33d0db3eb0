//! Writing results without ever leaving a half-written file: every file is written to a
//! temporary name in its destination folder and renamed into place only once all of a
//! command's files are complete. A failure removes the temporaries and leaves any file
//! already at the destination untouched.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// One file to write.
#[derive(Debug, Clone)]
pub struct OutFile {
    /// Where it goes.
    pub path: PathBuf,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

fn temp_name(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Checks a destination before any work is done: not a directory, parent folder present
/// (the default `output/` folder is created).
pub fn check_destination(path: &Path, create_parent: bool) -> Result<()> {
    if path.is_dir() {
        return Err(Error::io(format!("{} is a directory; give a file name with --out", path.display())));
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !parent.exists() {
        if create_parent {
            fs::create_dir_all(parent)
                .map_err(|e| Error::io(format!("cannot create folder {}: {e}", parent.display())))?;
        } else {
            return Err(Error::io(format!(
                "cannot write {}: folder {} does not exist",
                path.display(),
                parent.display()
            )));
        }
    } else if !parent.is_dir() {
        return Err(Error::io(format!("cannot write {}: {} is not a folder", path.display(), parent.display())));
    }
    Ok(())
}

/// Writes all files atomically (each by temp file + rename; renames happen only after
/// every temp file is complete).
pub fn write_all(files: &[OutFile]) -> Result<()> {
    let mut temps: Vec<PathBuf> = Vec::new();
    let result = (|| {
        for f in files {
            let tmp = temp_name(&f.path);
            temps.push(tmp.clone());
            let mut handle =
                fs::File::create(&tmp).map_err(|e| Error::io(format!("cannot write {}: {e}", f.path.display())))?;
            handle
                .write_all(&f.bytes)
                .and_then(|_| handle.sync_all())
                .map_err(|e| Error::io(format!("cannot write {}: {e}", f.path.display())))?;
        }
        for (f, tmp) in files.iter().zip(&temps) {
            fs::rename(tmp, &f.path).map_err(|e| Error::io(format!("cannot write {}: {e}", f.path.display())))?;
        }
        Ok(())
    })();
    if result.is_err() {
        for tmp in &temps {
            let _ = fs::remove_file(tmp);
        }
    }
    result
}

/// A file written piece by piece (streamed JSON Lines): the pieces go to a temporary
/// file in the destination folder, which replaces the destination by rename only on
/// [`StreamFile::commit`]. Dropped without a commit, the temporary file is removed and
/// any file already at the destination stays as it was.
#[derive(Debug)]
pub struct StreamFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<fs::File>>,
}

impl StreamFile {
    /// Opens the temporary file for `path`.
    pub fn create(path: &Path) -> Result<Self> {
        let tmp = temp_name(path);
        let file = fs::File::create(&tmp).map_err(|e| Error::io(format!("cannot write {}: {e}", path.display())))?;
        Ok(StreamFile { path: path.to_path_buf(), tmp, file: Some(std::io::BufWriter::new(file)) })
    }

    /// Appends bytes.
    pub fn write(&mut self, bytes: &[u8]) -> Result<()> {
        let file = self.file.as_mut().expect("a StreamFile is written only before its commit");
        file.write_all(bytes).map_err(|e| Error::io(format!("cannot write {}: {e}", self.path.display())))
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> Result<()> {
        let path = self.path.clone();
        let fail = |e: std::io::Error| Error::io(format!("cannot write {}: {e}", path.display()));
        let writer = self.file.take().expect("committed once");
        let file = writer.into_inner().map_err(|e| fail(e.into_error()))?;
        file.sync_all().map_err(fail)?;
        fs::rename(&self.tmp, &self.path).map_err(fail)
    }
}

impl Drop for StreamFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}
