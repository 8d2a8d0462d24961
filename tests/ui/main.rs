//! The desktop app, tested as a user meets it (one test binary: linking the GUI stack is slow).

#[path = "../common/mod.rs"]
mod common;

mod annotate;
mod arbiter;
mod arrows;
mod choosers;
mod cloud;
// The cloud on 127.0.0.1 of the cloud tests (not every one of its helpers is used here).
#[allow(dead_code)]
#[path = "../cloud/server.rs"]
mod cloud_server;
mod coach;
mod computer;
mod database;
mod database_files;
mod desk;
mod engine_match;
mod engine_threads;
mod eval_graph;
mod event;
mod file_model;
mod files;
mod final_result;
mod fonts;
mod layers;
mod layout;
mod lost_game;
mod manual;
mod notifications;
mod opening;
mod pictures;
mod play;
mod puzzles;
mod quiet;
mod reach;
mod registry;
mod result;
mod review;
mod save_formats;
mod session;
mod small_window;
mod smoke_window;
mod snapshots;
mod support;
mod variations;
mod view_menu;
mod words;
