//! The C allocator's settings where a software rasteriser draws the window.
//!
//! Mesa's llvmpipe allocates and frees buffers the size of the window's contents in every frame
//! (the vertices egui uploads, its bins and tiles). glibc's malloc hands large freed blocks back
//! to the kernel (unmapping them, or trimming the heap's top), so each frame faults fresh zeroed
//! pages in again: a sixth of the app's CPU per frame went to the kernel's page faults. Kept in
//! the heap for reuse, they cost nothing the next frame (`docs/manual/window.md` gives the
//! click-to-frame figures with and without).

/// Blocks up to this size come from the heap, not from a mapping of their own.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MMAP_THRESHOLD: i32 = 64 << 20;

/// The heap gives its free top back to the kernel only beyond this size.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const TRIM_THRESHOLD: i32 = 256 << 20;

/// Keep freed memory for reuse (glibc on Linux; elsewhere nothing changes).
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `mallopt` sets two of malloc's tuning parameters under malloc's own lock; it
    // takes plain integers and touches no memory of ours.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
    }
}
