//! The game database, on SQLite and on a real PostgreSQL server (`QIPU_TEST_POSTGRES`, which
//! `.ci/run` starts; without a reachable server those tests say why and skip): the shared
//! corpus imported with the counts `qipu stats` gives; duplicates of the CCPD archive found;
//! searches and opening trees checked against answers computed here by replaying the games;
//! an import killed midway and resumed; bad input refused with the reason.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod fixture;
mod queries;
