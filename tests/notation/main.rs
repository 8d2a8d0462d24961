//! Move notation: the vectors of the research note, the example of art. 7.5, a round trip over
//! positions of random play, and real game records.

mod article75;
mod cli;
mod errors;
mod roundtrip;
mod shared;
mod vectors;
