//! Several documents in one download: a zip file (PKWARE APPNOTE 6.3: local headers,
//! deflated or stored data, a central directory), written the same way every time — a fixed date
//! (1980-01-01, zip's first), no extra fields, files in the order given — so a request
//! gives the same zip bytes on every machine, as it gives the same documents.

use std::io::Write;

use flate2::write::DeflateEncoder;
use flate2::Compression;

/// 1980-01-01 00:00 in MS-DOS form: the date every entry carries.
const DOS_DATE: u16 = (1 << 5) | 1;
const DOS_TIME: u16 = 0;

fn u16le(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn u32le(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// Bytes written in pieces of at most [`PIECE`] (a deflated document of many megabytes
/// is never one buffer that grows by doubling: see `render`'s PDF writer).
#[derive(Default)]
struct Pieces {
    pieces: Vec<Vec<u8>>,
    len: usize,
}

/// How large a piece grows.
const PIECE: usize = 1 << 20;

impl Write for Pieces {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let room = match self.pieces.last() {
            Some(last) if last.len() < PIECE => PIECE - last.len(),
            // The first piece grows as it fills (most files are small); the next ones
            // are made their full size at once.
            None => {
                self.pieces.push(Vec::new());
                PIECE
            }
            Some(_) => {
                self.pieces.push(Vec::with_capacity(PIECE));
                PIECE
            }
        };
        let n = room.min(bytes.len());
        if let Some(last) = self.pieces.last_mut() {
            last.extend_from_slice(&bytes[..n]);
        }
        self.len += n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One part of a zip, in order: bytes of the zip's own (headers, deflated data, the
/// central directory), or a file given to [`archive`], stored as it is. The page puts
/// the parts together into one download, so a stored file is never a second copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Bytes of the zip's own.
    Own(Vec<u8>),
    /// The bytes of the `n`th file given, stored.
    File(usize),
}

/// Whether a file is stored rather than deflated: a PDF's streams are deflated already
/// (deflating one again gains about 8%, and would hold a second copy of it).
fn stored(name: &str) -> bool {
    name.ends_with(".pdf")
}

/// A zip of `files` (name, and the bytes in pieces), as its parts: PDFs stored (the
/// zip refers to the file), the others deflated into pieces that become the zip's own
/// (or stored where deflating does not make them smaller), the headers between them and
/// the central directory at the end. Names are UTF-8 (flag bit 11). Sizes stay under
/// 4 GiB: a browser page makes nothing near that.
pub fn archive(files: &[(&str, &[Vec<u8>])]) -> Vec<Part> {
    let mut zip: Vec<Part> = Vec::new();
    let mut written = 0usize;
    let mut central = Vec::new();
    for (n, (name, pieces)) in files.iter().enumerate() {
        let mut crc = crc32fast::Hasher::new();
        for piece in pieces.iter() {
            crc.update(piece);
        }
        let crc = crc.finalize();
        let size: usize = pieces.iter().map(|p| p.len()).sum();
        let deflated = (!stored(name)).then(|| {
            let mut encoder = DeflateEncoder::new(Pieces::default(), Compression::best());
            for piece in pieces.iter() {
                // Writing into memory cannot fail.
                let _ = encoder.write_all(piece);
            }
            encoder.finish().unwrap_or_default()
        });
        let (method, data_len, data): (u16, usize, Vec<Part>) = match deflated {
            Some(d) if d.len > 0 && d.len < size => (8, d.len, d.pieces.into_iter().map(Part::Own).collect()),
            _ => (0, size, vec![Part::File(n)]),
        };
        let offset = written as u32;
        let mut out = Vec::new();
        let header = |out: &mut Vec<u8>| {
            u16le(out, 20); // version needed: 2.0 (deflate)
            u16le(out, 1 << 11); // flags: UTF-8 names
            u16le(out, method);
            u16le(out, DOS_TIME);
            u16le(out, DOS_DATE);
            u32le(out, crc);
            u32le(out, data_len as u32);
            u32le(out, size as u32);
            u16le(out, name.len() as u16);
            u16le(out, 0); // extra field length
        };
        u32le(&mut out, 0x0403_4b50);
        header(&mut out);
        out.extend_from_slice(name.as_bytes());
        written += out.len() + data_len;
        zip.push(Part::Own(out));
        zip.extend(data);

        u32le(&mut central, 0x0201_4b50);
        u16le(&mut central, 20); // made by: MS-DOS attributes, zip 2.0
        header(&mut central);
        u16le(&mut central, 0); // comment length
        u16le(&mut central, 0); // disk number
        u16le(&mut central, 0); // internal attributes
        u32le(&mut central, 0); // external attributes
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let central_offset = written as u32;
    let central_size = central.len() as u32;
    let mut out = central;
    u32le(&mut out, 0x0605_4b50);
    u16le(&mut out, 0); // this disk
    u16le(&mut out, 0); // the central directory's disk
    u16le(&mut out, files.len() as u16);
    u16le(&mut out, files.len() as u16);
    u32le(&mut out, central_size);
    u32le(&mut out, central_offset);
    u16le(&mut out, 0); // comment length
    zip.push(Part::Own(out));
    zip
}

/// A zip's bytes, its parts put together with the files they refer to (as the page does
/// for a download; here for the tests).
pub fn assemble(parts: &[Part], files: &[(&str, &[Vec<u8>])]) -> Vec<u8> {
    let mut zip = Vec::new();
    for part in parts {
        match part {
            Part::Own(bytes) => zip.extend_from_slice(bytes),
            Part::File(n) => files[*n].1.iter().for_each(|p| zip.extend_from_slice(p)),
        }
    }
    zip
}

/// The names in a zip's central directory, in order (for the tests; `None` if the
/// bytes are not a zip this module wrote).
pub fn names(zip: &[u8]) -> Option<Vec<String>> {
    let end = zip.len().checked_sub(22)?;
    if zip[end..end + 4] != [0x50, 0x4b, 0x05, 0x06] {
        return None;
    }
    let read16 = |at: usize| u16::from_le_bytes([zip[at], zip[at + 1]]) as usize;
    let read32 = |at: usize| u32::from_le_bytes([zip[at], zip[at + 1], zip[at + 2], zip[at + 3]]) as usize;
    let count = read16(end + 10);
    let mut at = read32(end + 16);
    let mut names = Vec::new();
    for _ in 0..count {
        if zip.get(at..at + 4)? != [0x50, 0x4b, 0x01, 0x02] {
            return None;
        }
        let len = read16(at + 28);
        let extra = read16(at + 30) + read16(at + 32);
        names.push(String::from_utf8(zip.get(at + 46..at + 46 + len)?.to_vec()).ok()?);
        at += 46 + len + extra;
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zip_that_unzip_reads_back() {
        let page = "<svg>".repeat(200);
        let halves = [page.as_bytes()[..333].to_vec(), page.as_bytes()[333..].to_vec()];
        let pdf = [b"%PDF-1.7\n".to_vec(), b"%%EOF\n".to_vec()];
        let x = [b"x".to_vec()];
        let files: Vec<(&str, &[Vec<u8>])> = vec![("a-page1.svg", &halves), ("é.txt", &x), ("b.pdf", &pdf)];
        let parts = archive(&files);
        // The SVG deflated into the zip's own bytes; the one-letter file and the PDF
        // stored, as the files given.
        assert!(matches!(parts[1], Part::Own(_)));
        assert_eq!(parts[3], Part::File(1));
        assert_eq!(parts[5], Part::File(2));
        let zip = assemble(&parts, &files);
        assert_eq!(zip, assemble(&archive(&files), &files), "the same bytes every time");
        assert_eq!(names(&zip).unwrap(), ["a-page1.svg", "é.txt", "b.pdf"]);
        // Read back by an independent reader when the machine has one.
        let dir = std::env::temp_dir().join(format!("boardpress-zip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.zip");
        std::fs::write(&path, &zip).unwrap();
        if let Ok(out) = std::process::Command::new("python3")
            .args(["-c", "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(len(z.read('a-page1.svg')), z.read('é.txt').decode(), z.getinfo('b.pdf').compress_type, z.read('b.pdf').decode().split())"])
            .arg(&path)
            .output()
        {
            assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1000 x 0 ['%PDF-1.7', '%%EOF']", "{}", String::from_utf8_lossy(&out.stderr));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
