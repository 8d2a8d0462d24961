//! Move notation: the vectors of the research note, the example of art. 7.5, a round trip over
//! positions of random play, and real game records.

mod article75;
mod ccpd;
mod cli;
#[path = "../common/mod.rs"]
mod common;
mod errors;
mod masters;
mod records;
mod roundtrip;
mod vectors;
mod wukong;
