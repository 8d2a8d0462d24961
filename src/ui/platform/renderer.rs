//! Which of eframe's renderers draws the window: wgpu where a graphics card is found, OpenGL
//! (glow) where only a software rasteriser is (Mesa's llvmpipe and lavapipe, as virtual
//! machines, remote desktops and CI have them). There glow shows a click several times sooner
//! than wgpu does, on Vulkan or on its own GL backend alike (`docs/manual/window.md` gives the figures).
//! `QIPU_RENDERER=glow` or `QIPU_RENDERER=wgpu` sets the choice by hand.

use std::path::Path;

use eframe::Renderer;

/// The environment variable that sets the renderer by hand.
pub const VARIABLE: &str = "QIPU_RENDERER";

/// The renderer for this machine: the one named in [`VARIABLE`], else wgpu if a graphics card
/// is found, else glow.
pub fn choose() -> Renderer {
    let named = std::env::var(VARIABLE).ok();
    renderer_for(named.as_deref(), has_graphics_card)
}

/// The renderer `named` (`glow` or `wgpu`), or, when none is named or the name is unknown, wgpu
/// if `hardware` finds a graphics card and glow otherwise.
pub fn renderer_for(named: Option<&str>, hardware: impl FnOnce() -> bool) -> Renderer {
    match named.map(str::trim) {
        Some("glow") => Renderer::Glow,
        Some("wgpu") => Renderer::Wgpu,
        _ if hardware() => Renderer::Wgpu,
        _ => Renderer::Glow,
    }
}

/// Whether `renderer` dithers the colours (egui's noise against banding, computed for every
/// pixel): wgpu does; glow, chosen where only a software rasteriser draws, does not, as the
/// window's flat colours have no banding to hide and the noise costs each frame on the CPU.
pub fn dithers(renderer: Renderer) -> bool {
    renderer == Renderer::Wgpu
}

/// Where a Unix kernel lists the graphics devices a program may render on.
const DRI: &str = "/dev/dri";

/// Whether the machine has a graphics card with a driver: on Linux and the BSDs, a render node
/// in [`DRI`] (there is none where only a software rasteriser draws); elsewhere a card is taken
/// to be there. (Asking wgpu for its adapters before the window opens was tried: on X11 with
/// Mesa's lavapipe, winit could then no longer connect to the X server.)
fn has_graphics_card() -> bool {
    if cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    )) {
        has_render_node(Path::new(DRI))
    } else {
        true
    }
}

/// Whether `dir` holds a render node (`renderD128`, …).
fn has_render_node(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| entry.file_name().to_string_lossy().starts_with("renderD"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_renderer_is_taken_without_looking_for_a_card() {
        let never = || -> bool { unreachable!("no probe when a renderer is named") };
        assert_eq!(renderer_for(Some("glow"), never), Renderer::Glow);
        assert_eq!(renderer_for(Some("wgpu"), never), Renderer::Wgpu);
    }

    #[test]
    fn without_a_name_a_card_chooses_wgpu_and_its_absence_glow() {
        assert_eq!(renderer_for(None, || true), Renderer::Wgpu);
        assert_eq!(renderer_for(None, || false), Renderer::Glow);
        assert_eq!(renderer_for(Some("vulkan"), || false), Renderer::Glow);
    }

    #[test]
    fn a_card_is_a_render_node_among_the_devices() {
        let dir = std::env::temp_dir().join(format!("qipu-dri-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        assert!(!has_render_node(&dir.join("absent")));
        std::fs::write(dir.join("card0"), b"").expect("a device entry");
        assert!(
            !has_render_node(&dir),
            "a display controller alone renders nothing"
        );
        std::fs::write(dir.join("renderD128"), b"").expect("a device entry");
        assert!(has_render_node(&dir));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
