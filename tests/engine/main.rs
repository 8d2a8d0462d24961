//! The built-in engine, its UCI/UCCI front end, and the client of an outside engine against a real one.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod client;
mod client_qipu;
mod hu_yang;
mod repetition;
mod search;
mod threads;
mod uci;
