//! Writing results without ever leaving a half-written file: every file is written to a
//! temporary name in its destination folder and renamed into place only once all of a
//! command's files are complete. A failure removes the temporaries and leaves any file
//! already at the destination untouched.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use boardpress::error::{Error, Result};

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

/// The folder a file goes into (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// The temporary files this process has open, removed by [`remove_temps_on_signals`]'s
/// handler if the process is interrupted.
static LIVE_TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live_temps() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    LIVE_TEMPS.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Creates a temporary file and records it as live (see [`remove_temps_on_signals`]).
/// Stale temporaries for the same destination, left by a process that was killed
/// outright (SIGKILL cannot be caught), are removed first.
fn create_temp(dest: &Path, tmp: &Path) -> std::io::Result<fs::File> {
    let folder = folder_of(dest);
    if !folder.exists() {
        fs::create_dir_all(folder)?;
    }
    remove_stale_temps(dest);
    let mut live = live_temps();
    let file = fs::File::create(tmp)?;
    live.push(tmp.to_path_buf());
    Ok(file)
}

/// Forgets a temporary file (renamed into place, or removed).
fn forget_temp(tmp: &Path) {
    live_temps().retain(|t| t != tmp);
}

/// Renames a finished temporary file into place under the lock, so that an interrupt
/// either finds the temporary (and removes it) or the completed file (and leaves it).
fn rename_temp(tmp: &Path, dest: &Path) -> std::io::Result<()> {
    let mut live = live_temps();
    let result = fs::rename(tmp, dest);
    live.retain(|t| t != tmp);
    result
}

/// Removes `.<name>.<pid>.tmp` beside `dest` when no process `<pid>` is running (Linux,
/// where `/proc` tells): the leftovers of a run that was killed outright.
fn remove_stale_temps(dest: &Path) {
    if !cfg!(target_os = "linux") || !Path::new("/proc/self").exists() {
        return;
    }
    let Some(name) = dest.file_name().map(|n| n.to_string_lossy().into_owned()) else { return };
    let folder = folder_of(dest);
    let Ok(entries) = fs::read_dir(folder) else { return };
    let prefix = format!(".{name}.");
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file_name.strip_prefix(&prefix).and_then(|rest| rest.strip_suffix(".tmp")) else {
            continue;
        };
        let is_pid = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
        if is_pid && pid != std::process::id().to_string() && !Path::new("/proc").join(pid).exists() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove this process's temporary
/// files and exit with status 128 + the signal number, so an interrupted run leaves
/// neither a partial file nor a temporary behind. Called once, from `main`.
pub fn remove_temps_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Hold the lock until exit: no rename can slip in after the removal.
                let live = live_temps();
                for tmp in live.iter() {
                    let _ = fs::remove_file(tmp);
                }
                std::process::exit(128 + signal);
            }
        });
    }
}

/// Checks a destination before any work is done: not a directory, and its folder (if it
/// exists already) a folder. A missing folder is created when the first file is written
/// (`output/` or one given with `--out`), so a run that fails early leaves no empty
/// folder behind.
pub fn check_destination(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(Error::io(format!("{} is a directory; give a file name with --out", path.display())));
    }
    // The nearest folder on the way that exists must be a folder, not a file.
    let mut parent = folder_of(path);
    while !parent.exists() {
        match parent.parent().filter(|p| !p.as_os_str().is_empty()) {
            Some(up) => parent = up,
            None => return Ok(()),
        }
    }
    if !parent.is_dir() {
        return Err(Error::io(format!("cannot write {}: {} is not a folder", path.display(), parent.display())));
    }
    Ok(())
}

/// Writes all files atomically (each by temp file + rename; renames happen only after
/// every temp file is complete).
pub fn write_all(files: &[OutFile]) -> Result<()> {
    // A folder in the way of any file fails the run before anything is replaced.
    if let Some(f) = files.iter().find(|f| f.path.is_dir()) {
        return Err(Error::io(format!("cannot write {}: a folder of that name is in the way", f.path.display())));
    }
    let mut temps: Vec<PathBuf> = Vec::new();
    let result = (|| {
        for f in files {
            let tmp = temp_name(&f.path);
            temps.push(tmp.clone());
            let mut handle =
                create_temp(&f.path, &tmp).map_err(|e| Error::io(format!("cannot write {}: {e}", f.path.display())))?;
            handle
                .write_all(&f.bytes)
                .and_then(|_| handle.sync_all())
                .map_err(|e| Error::io(format!("cannot write {}: {e}", f.path.display())))?;
        }
        for (f, tmp) in files.iter().zip(&temps) {
            rename_temp(tmp, &f.path).map_err(|e| Error::io(format!("cannot write {}: {e}", f.path.display())))?;
        }
        Ok(())
    })();
    if result.is_err() {
        for tmp in &temps {
            let _ = fs::remove_file(tmp);
            forget_temp(tmp);
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
        let file = create_temp(path, &tmp).map_err(|e| Error::io(format!("cannot write {}: {e}", path.display())))?;
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
        let result = writer
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|file| file.sync_all())
            .and_then(|()| rename_temp(&self.tmp, &self.path));
        if result.is_err() {
            let _ = fs::remove_file(&self.tmp);
            forget_temp(&self.tmp);
        }
        result.map_err(fail)
    }
}

impl Drop for StreamFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = fs::remove_file(&self.tmp);
            forget_temp(&self.tmp);
        }
    }
}
