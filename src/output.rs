//! Writing results without ever leaving a half-written file: every file is written to a
//! temporary name in its destination folder and renamed into place only once all of a
//! command's files are complete. A failure removes the temporaries and leaves any file
//! already at the destination untouched. A temporary is `.<name>.boardpress.tmp`, locked while it
//! is written, so what a killed run left behind is found without listing the folder
//! (see `create_temp`).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use boardpress::error::{Error, Result};
use boardpress::Bytes;

/// One file to write.
#[derive(Debug, Clone)]
pub struct OutFile {
    /// Where it goes.
    pub path: PathBuf,
    /// Its bytes (in the pieces they were made in).
    pub bytes: Bytes,
}

/// What ends the name of every temporary file boardpress writes, so that nothing it
/// takes over or sweeps away can be another program's file.
const TEMP_SUFFIX: &str = ".boardpress.tmp";

/// `.<name><tag>.boardpress.tmp` beside `path`.
fn temp_beside(path: &Path, tag: &str) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}{tag}{TEMP_SUFFIX}"))
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

/// A temporary file being written, open (and so locked) until it is renamed into place
/// or removed.
struct Temp {
    path: PathBuf,
    /// Open while it is written, and until it is in place when it holds the lock.
    file: Option<fs::File>,
}

/// How many temporaries one command holds open (each keeping its lock) at most. A larger
/// batch (SVG pages, one file per diagram) writes `.<name>.<pid>.boardpress.tmp` files, each closed
/// once written, after one sweep of each folder for a killed run's leftovers: the
/// sweep's cost grows with the folder, but once per batch, not once per file.
const HELD_OPEN: usize = 256;

/// Creates the temporary file for `dest` and records it as live (see
/// [`remove_temps_on_signals`]). It is `.<name>.boardpress.tmp` beside `dest`, locked (`flock`)
/// for as long as this process holds it open. A file of that name whose lock is free
/// was left by a run killed outright (SIGKILL cannot be caught): it is taken over and
/// emptied, so a dead run's leftover goes with the next run to the same destination —
/// without listing the folder, whatever its size. While another running process holds
/// it (two runs writing one destination at once), this one writes `.<name>.<pid>.boardpress.tmp`.
fn create_temp(dest: &Path) -> std::io::Result<Temp> {
    create_temp_as(dest, true)
}

/// [`create_temp`], or with `lock` false the `.<name>.<pid>.boardpress.tmp` of a large batch.
fn create_temp_as(dest: &Path, lock: bool) -> std::io::Result<Temp> {
    let folder = folder_of(dest);
    if !folder.exists() {
        fs::create_dir_all(folder)?;
    }
    let mut live = live_temps();
    let locked = if lock { locked_temp(dest)? } else { None };
    let temp = match locked {
        Some(temp) => temp,
        None => {
            let path = temp_beside(dest, &format!(".{}", std::process::id()));
            Temp { file: Some(fs::File::create(&path)?), path }
        }
    };
    live.push(temp.path.clone());
    Ok(temp)
}

/// `.<name>.boardpress.tmp` beside `dest`, locked and empty; `None` when another process holds it
/// or it cannot be opened.
#[cfg(unix)]
fn locked_temp(dest: &Path) -> std::io::Result<Option<Temp>> {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::io::AsRawFd;
    let path = temp_beside(dest, "");
    // A run that held the lock a moment ago may have renamed the file into place between
    // our open and our lock: then the path names another file, and we open it again.
    for _ in 0..8 {
        // Anything in the way of the usual name (a folder of that name) leaves this run
        // its own temporary; a folder it cannot write in fails there, with the reason.
        let Ok(file) = fs::OpenOptions::new().write(true).create(true).truncate(false).open(&path) else {
            return Ok(None);
        };
        // SAFETY: flock on a descriptor this function owns; it changes no memory.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            return Ok(None);
        }
        let (held, named) = (file.metadata()?, fs::symlink_metadata(&path));
        if named.is_ok_and(|named| named.ino() == held.ino() && named.dev() == held.dev()) {
            file.set_len(0)?;
            return Ok(Some(Temp { path, file: Some(file) }));
        }
    }
    Ok(None)
}

/// Without `flock`, every process writes a temporary of its own.
#[cfg(not(unix))]
fn locked_temp(_dest: &Path) -> std::io::Result<Option<Temp>> {
    Ok(None)
}

/// Removes a killed run's temporaries for the files `dests` from their folders (Linux,
/// where `/proc` tells which processes run), listing each folder once:
/// `.<name>.<pid>.boardpress.tmp` of a process that is gone, and
/// `.<name>.boardpress.tmp` that nobody holds locked. Nothing else is touched.
fn sweep(dests: &[&Path]) {
    if !cfg!(target_os = "linux") || !Path::new("/proc/self").exists() {
        return;
    }
    let mut names: std::collections::BTreeMap<&Path, std::collections::BTreeSet<String>> = Default::default();
    for dest in dests {
        let name = dest.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        names.entry(folder_of(dest)).or_default().insert(name);
    }
    let me = std::process::id().to_string();
    for (folder, names) in names {
        let Ok(entries) = fs::read_dir(folder) else { continue };
        for entry in entries.flatten() {
            let file_name = entry.file_name().to_string_lossy().into_owned();
            let Some(inner) = file_name.strip_prefix('.').and_then(|n| n.strip_suffix(TEMP_SUFFIX)) else { continue };
            if names.contains(inner) {
                remove_if_unlocked(&entry.path());
                continue;
            }
            let Some((name, pid)) = inner.rsplit_once('.') else { continue };
            let ours = names.contains(name) && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
            if ours && pid != me && !Path::new("/proc").join(pid).exists() {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// Removes a `.<name>.boardpress.tmp` whose lock is free (its writer was killed).
#[cfg(unix)]
fn remove_if_unlocked(path: &Path) {
    use std::os::unix::io::AsRawFd;
    let Ok(file) = fs::OpenOptions::new().write(true).open(path) else { return };
    // SAFETY: flock on a descriptor this function owns; it changes no memory.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        let _ = fs::remove_file(path);
    }
}

#[cfg(not(unix))]
fn remove_if_unlocked(_path: &Path) {}

/// Forgets a temporary file (renamed into place, or removed).
fn forget_temp(tmp: &Path) {
    live_temps().retain(|t| t != tmp);
}

/// Renames a finished temporary file into place under the lock, so that an interrupt
/// either finds the temporary (and removes it) or the completed file (and leaves it).
/// The file stays open (its `flock` held) until it is in place.
fn rename_temp(temp: Temp, dest: &Path) -> std::io::Result<()> {
    let mut live = live_temps();
    let result = fs::rename(&temp.path, dest);
    live.retain(|t| *t != temp.path);
    drop(temp.file);
    result
}

/// Removes a temporary file that will not be used.
fn remove_temp(temp: Temp) {
    discard(&temp.path);
}

/// Removes a temporary file by its name and forgets it.
fn discard(tmp: &Path) {
    let _ = fs::remove_file(tmp);
    forget_temp(tmp);
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
    let mut temps: Vec<Temp> = Vec::new();
    let fail = |f: &OutFile, e: std::io::Error| Error::io(format!("cannot write {}: {e}", f.path.display()));
    let lock = files.len() <= HELD_OPEN;
    if !lock {
        sweep(&files.iter().map(|f| f.path.as_path()).collect::<Vec<_>>());
    }
    for f in files {
        let written = create_temp_as(&f.path, lock).and_then(|mut temp| {
            let file = temp.file.as_mut().expect("a new temporary is open");
            let done = f.bytes.write_to(file).and_then(|_| file.sync_all());
            match done {
                Ok(()) => {
                    if !lock {
                        temp.file = None;
                    }
                    Ok(temp)
                }
                Err(e) => {
                    remove_temp(temp);
                    Err(e)
                }
            }
        });
        match written {
            Ok(temp) => temps.push(temp),
            Err(e) => {
                temps.into_iter().for_each(remove_temp);
                return Err(fail(f, e));
            }
        }
    }
    let mut renamed = files.iter().zip(temps);
    for (f, temp) in renamed.by_ref() {
        if let Err(e) = rename_temp(temp, &f.path) {
            renamed.for_each(|(_, temp)| remove_temp(temp));
            return Err(fail(f, e));
        }
    }
    Ok(())
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
        let temp = create_temp(path).map_err(|e| Error::io(format!("cannot write {}: {e}", path.display())))?;
        let file = temp.file.expect("a new temporary is open");
        Ok(StreamFile { path: path.to_path_buf(), tmp: temp.path, file: Some(std::io::BufWriter::new(file)) })
    }

    /// Appends bytes.
    pub fn write(&mut self, bytes: &[u8]) -> Result<()> {
        let file = self.file.as_mut().expect("a StreamFile is written only before its commit");
        file.write_all(bytes).map_err(|e| Error::io(format!("cannot write {}: {e}", self.path.display())))
    }

    /// Flushes, syncs and renames the file into place.
    pub fn commit(mut self) -> Result<()> {
        let fail = |e: std::io::Error| Error::io(format!("cannot write {}: {e}", self.path.display()));
        let writer = self.file.take().expect("committed once");
        let synced = writer.into_inner().map_err(|e| e.into_error()).and_then(|file| {
            file.sync_all()?;
            Ok(file)
        });
        let result = synced.and_then(|file| rename_temp(Temp { path: self.tmp.clone(), file: Some(file) }, &self.path));
        if result.is_err() {
            discard(&self.tmp);
        }
        result.map_err(fail)
    }
}

impl Drop for StreamFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            discard(&self.tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty folder of this test's own.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("boardpress-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    /// `flock` locks belong to an open file, so a second open in the same process is
    /// refused as another process would be.
    #[test]
    #[cfg(unix)]
    fn a_second_writer_of_the_same_file_takes_a_temporary_of_its_own() {
        let dir = scratch("two-writers");
        let dest = dir.join("sheet.pdf");
        let first = create_temp(&dest).unwrap();
        let second = create_temp(&dest).unwrap();
        assert_eq!(first.path, dir.join(".sheet.pdf.boardpress.tmp"));
        assert_eq!(second.path, dir.join(format!(".sheet.pdf.{}.boardpress.tmp", std::process::id())));
        rename_temp(second, &dest).unwrap();
        rename_temp(first, &dest).unwrap();
        assert_eq!(names(&dir), ["sheet.pdf"]);
        // Free again: the next writer takes the usual name.
        let third = create_temp(&dest).unwrap();
        assert_eq!(third.path, dir.join(".sheet.pdf.boardpress.tmp"));
        remove_temp(third);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// What a killed run left (nobody holds its lock) is emptied and used, and gone once
    /// the new file is in place.
    #[test]
    #[cfg(unix)]
    fn a_killed_runs_temporary_is_taken_over() {
        let dir = scratch("taken-over");
        let dest = dir.join("mined.jsonl");
        fs::write(dir.join(".mined.jsonl.boardpress.tmp"), "half a record from a killed run").unwrap();
        write_all(&[OutFile { path: dest.clone(), bytes: b"whole\n".to_vec().into() }]).unwrap();
        assert_eq!(names(&dir), ["mined.jsonl"]);
        assert_eq!(fs::read_to_string(&dest).unwrap(), "whole\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A folder where the usual temporary would go does not stop the run.
    #[test]
    fn a_folder_named_like_the_temporary_is_left_alone() {
        let dir = scratch("in-the-way");
        fs::create_dir(dir.join(".sheet.pdf.boardpress.tmp")).unwrap();
        write_all(&[OutFile { path: dir.join("sheet.pdf"), bytes: b"%PDF".to_vec().into() }]).unwrap();
        assert_eq!(names(&dir), [".sheet.pdf.boardpress.tmp", "sheet.pdf"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A batch too large to hold every temporary open sweeps the folder once: a dead
    /// process's `.<name>.<pid>.boardpress.tmp` and an unlocked `.<name>.boardpress.tmp` go;
    /// one that a running writer holds locked, other programs' files and the temporaries
    /// of files the batch does not write stay.
    #[test]
    #[cfg(target_os = "linux")]
    fn a_large_batch_sweeps_killed_runs_leftovers() {
        let dir = scratch("sweep");
        // No process has this number (Linux allows at most 2^22).
        fs::write(dir.join(".page1.svg.999999999.boardpress.tmp"), "dead").unwrap();
        fs::write(dir.join(".page2.svg.boardpress.tmp"), "dead").unwrap();
        // Another program's files, and a leftover of a file this batch does not write.
        fs::write(dir.join(".page3.svg.tmp"), "not ours").unwrap();
        fs::write(dir.join(".elsewhere.svg.boardpress.tmp"), "not this batch's").unwrap();
        // A run writing page5.svg right now holds its temporary.
        let held = create_temp(&dir.join("page5.svg")).unwrap();
        let files: Vec<OutFile> = (0..=HELD_OPEN)
            .map(|i| OutFile { path: dir.join(format!("page{i}.svg")), bytes: vec![b'x'; i].into() })
            .collect();
        write_all(&files).unwrap();
        let mut expected: Vec<String> = (0..=HELD_OPEN).map(|i| format!("page{i}.svg")).collect();
        expected
            .extend([".page5.svg.boardpress.tmp", ".page3.svg.tmp", ".elsewhere.svg.boardpress.tmp"].map(String::from));
        expected.sort();
        assert_eq!(names(&dir), expected);
        assert_eq!(fs::read(dir.join("page7.svg")).unwrap(), b"xxxxxxx");
        remove_temp(held);
        fs::remove_dir_all(&dir).unwrap();
    }
}
