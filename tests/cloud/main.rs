//! The cloud database (`qipu::cloud`, `qipu cloud`) against a cloud on 127.0.0.1 that answers as
//! chessdb.cn's API documentation says: the client, the cache, the game's rules and the command.
//! No test reaches beyond this machine.

#[path = "../common/mod.rs"]
mod common;

mod cache;
mod cli;
mod client;
mod rules;
mod server;
