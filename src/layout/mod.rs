//! Pages: paper sizes, n-up sheets of diagrams with answer keys, and the footer that
//! every page carries (seed, version, page n/N, the command that recreates the file).

pub mod booklet;
pub mod header;
pub mod heading;
pub mod paper;
pub mod section;
pub mod sheet;

pub use header::Header;
pub use paper::Paper;
pub use sheet::Footer;
