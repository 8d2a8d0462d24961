//! The bottom layer of the window, with no drawing: the [`command::Command`]s and every type
//! they carry, the [`command::outbox::Outbox`] they come through from outside a frame, the
//! [`session::Session`] they change, the settings kept between runs, the
//! layout, the file-dialog trait, the menu and shortcut table, the clock's time source, and the
//! manual's texts.
//! Nothing here imports from another folder of `src/ui`.

pub mod command;
pub mod files;
pub mod folds;
pub mod layout;
pub mod manual;
pub mod numbers;
pub mod presets;
pub mod review;
pub mod review_sources;
pub mod session;
pub mod settings;
pub mod timer;
pub mod user_command;
pub mod words;
