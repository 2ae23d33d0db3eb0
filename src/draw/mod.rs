//! Drawings several games share, into a scene (never a page: pages are `layout`'s).

pub mod square;
