//! Exports: board diagrams, scoresheets and PDF.

#[path = "../common/mod.rs"]
mod common;

mod images;
mod pdf;
