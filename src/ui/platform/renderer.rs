//! Which of eframe's renderers draws the window: wgpu where a graphics card is found, OpenGL
//! (glow) where only a software rasteriser is (Mesa's llvmpipe and lavapipe, as virtual
//! machines, remote desktops and CI have them). There glow shows a click several times sooner
//! than wgpu does, on Vulkan or on its own GL backend alike (`docs/manual/window.md` gives the figures).
//! `QIPU_RENDERER=glow` or `QIPU_RENDERER=wgpu` sets the choice by hand.
//!
//! When wgpu cannot start (no adapter, a device that cannot be had, shaders the driver cannot
//! compile: under Wine, in a virtual machine, over remote desktop, on an old card), the window
//! falls back to glow by itself: where no render node tells a card apart (Windows, macOS),
//! wgpu is tried before the window opens ([`check_wgpu`]), and on every system a window whose
//! renderer did not start is opened again with glow (`crate::ui::run`).

use std::path::Path;
use std::sync::{Arc, Mutex};

use eframe::egui_wgpu::{self, wgpu};
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

/// Whether the machine tells its graphics card only by name: where there is no render node to
/// look for, wgpu is tried before the window opens ([`check_wgpu`]). (Not on Linux and the BSDs,
/// where the render node tells, and where asking wgpu for adapters before the window opened
/// once kept winit from the X server.)
pub fn checks_wgpu_first() -> bool {
    !has_render_nodes()
}

/// Start wgpu as eframe would (its backends, power preference and device), compile egui's
/// shaders on it, and give the setup to draw the window with; or say why wgpu cannot draw it.
/// Errors of the device (a shader the driver cannot compile) are caught, not fatal: found here
/// they mean glow; found later they are printed.
pub fn check_wgpu() -> Result<egui_wgpu::WgpuSetup, String> {
    let setup = egui_wgpu::WgpuSetupCreateNew::without_display_handle();
    let instance = wgpu::Instance::new(setup.instance_descriptor);
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: setup.power_preference,
        ..Default::default()
    }))
    .map_err(|e| format!("no graphics adapter: {e}"))?;
    let (device, queue) =
        pollster::block_on(adapter.request_device(&(setup.device_descriptor)(&adapter)))
            .map_err(|e| format!("{}: no device: {e}", adapter_name(&adapter)))?;
    let errors: Arc<Mutex<Vec<String>>> = Arc::default();
    let caught = Arc::clone(&errors);
    device.on_uncaptured_error(Arc::new(move |error: wgpu::Error| {
        eprintln!("qipu: wgpu: {error}");
        if let Ok(mut caught) = caught.lock() {
            caught.push(error.to_string());
        }
    }));
    drop(egui_wgpu::Renderer::new(
        &device,
        wgpu::TextureFormat::Bgra8Unorm,
        egui_wgpu::RendererOptions::default(),
    ));
    let first_error = errors.lock().ok().and_then(|e| e.first().cloned());
    if let Some(error) = first_error {
        return Err(format!("{}: {error}", adapter_name(&adapter)));
    }
    Ok(egui_wgpu::WgpuSetup::Existing(
        egui_wgpu::WgpuSetupExisting {
            instance,
            adapter,
            device,
            queue,
        },
    ))
}

/// An adapter as the user knows it: its backend and name (`Vulkan, llvmpipe (LLVM 19.1.7)`).
fn adapter_name(adapter: &wgpu::Adapter) -> String {
    let info = adapter.get_info();
    format!("{:?}, {}", info.backend, info.name)
}

/// The renderer drawing the window, in its own words: `wgpu (Vulkan, …)` with its backend and
/// adapter, or `glow (OpenGL 4.5, …)` with the version and driver OpenGL reports.
pub fn describe(cc: &eframe::CreationContext<'_>) -> String {
    use eframe::glow::HasContext as _;
    if let Some(state) = &cc.wgpu_render_state {
        return format!("wgpu ({})", adapter_name(&state.adapter));
    }
    match &cc.gl {
        Some(gl) => {
            let version = gl.version();
            format!(
                "glow (OpenGL{} {}.{}, {})",
                if version.is_embedded { " ES" } else { "" },
                version.major,
                version.minor,
                version.vendor_info
            )
        }
        None => "none".to_owned(),
    }
}

/// Where a Unix kernel lists the graphics devices a program may render on.
const DRI: &str = "/dev/dri";

/// Whether the machine has a graphics card with a driver: on Linux and the BSDs, a render node
/// in [`DRI`] (there is none where only a software rasteriser draws); elsewhere a card is taken
/// to be there. (Asking wgpu for its adapters before the window opens was tried: on X11 with
/// Mesa's lavapipe, winit could then no longer connect to the X server.)
fn has_graphics_card() -> bool {
    if has_render_nodes() {
        has_render_node(Path::new(DRI))
    } else {
        true
    }
}

/// Whether the kernel lists render nodes in [`DRI`] (Linux and the BSDs).
fn has_render_nodes() -> bool {
    cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd",
        target_os = "dragonfly"
    ))
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
    fn wgpu_checked_on_this_machine_compiles_eguis_shaders_and_hands_over_its_device() {
        // The window's tests render with wgpu (on Mesa's lavapipe where there is no card,
        // README): the same adapter passes the check, and its device is the one handed over.
        match check_wgpu() {
            Ok(egui_wgpu::WgpuSetup::Existing(existing)) => {
                assert!(!existing.adapter.get_info().name.is_empty());
                assert!(existing.device.limits().max_texture_dimension_2d >= 2048);
            }
            Ok(other) => panic!("a setup made here, not handed over: {other:?}"),
            Err(reason) => panic!("wgpu cannot draw here: {reason}"),
        }
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
