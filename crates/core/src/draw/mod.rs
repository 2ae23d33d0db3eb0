//! Drawings shared by several games or pages, into a scene (never a page: pages are
//! `layout`'s): square boards, and the dot leaders of a contents page.

pub mod leaders;
pub mod square;
