//! The glue to the system under the window: which renderer to use, the memory kept by the
//! allocator, the pointer's input held back on its way in, the native file dialogs, the fonts,
//! and the surface the core's drawing paints on. Imports only from [`super::base`].

pub mod fonts;
pub mod heap;
pub mod input_filter;
pub mod native_dialogs;
pub mod quiet_input;
pub mod renderer;
pub mod screen_surface;
