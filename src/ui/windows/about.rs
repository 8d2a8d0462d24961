//! Help › About: the version and revision of this build, and the renderer drawing the window
//! (and, where wgpu could not start, why the window fell back to glow).

use eframe::egui;

use crate::lang::Language;

use crate::ui::base::command::Command;
use crate::ui::base::command::window_id::WindowId;
use crate::ui::windows::{Opening, Opens, Shown, Window};

/// The About window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    /// The renderer drawing the window, in its own words (`wgpu (Vulkan, …)`, `glow (OpenGL …)`).
    renderer: String,
    /// Why wgpu was given up for glow, when it was.
    fallback: Option<String>,
}

impl About {
    /// The window for a window drawn by `renderer`, with the reason wgpu was given up if it was.
    pub fn new(renderer: String, fallback: Option<String>) -> About {
        About { renderer, fallback }
    }

    /// The lines shown, in `lang`.
    pub fn lines(&self, lang: Language) -> Vec<String> {
        let version = env!("CARGO_PKG_VERSION");
        let revision = env!("QIPU_GIT_REVISION");
        let mut lines = vec![
            lang.pick(
                "Qipu (棋谱), a Xiangqi board, record keeper and referee",
                "棋谱：象棋棋盘、记谱与裁判",
                "棋譜：象棋棋盤、記譜與裁判",
            )
            .to_owned(),
            match lang {
                Language::English => format!("Version {version}, revision {revision}"),
                Language::SimplifiedChinese => format!("版本 {version}，修订 {revision}"),
                Language::TraditionalChinese => format!("版本 {version}，修訂 {revision}"),
            },
            match lang {
                Language::English => format!("Drawn with {}", self.renderer),
                Language::SimplifiedChinese => format!("绘制方式：{}", self.renderer),
                Language::TraditionalChinese => format!("繪製方式：{}", self.renderer),
            },
        ];
        if let Some(reason) = &self.fallback {
            lines.push(match lang {
                Language::English => format!("wgpu could not start ({reason}); glow draws instead"),
                Language::SimplifiedChinese => {
                    format!("wgpu 无法启动（{reason}），改用 glow 绘制")
                }
                Language::TraditionalChinese => {
                    format!("wgpu 無法啟動（{reason}），改用 glow 繪製")
                }
            });
        }
        lines
    }
}

impl Window for About {
    /// Draw the window; false once the user closed it.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        shown: &Shown<'_>,
        _commands: &mut Vec<Command>,
    ) -> bool {
        let ctx = &ui.ctx().clone();
        let lang = shown.session.lang();
        let mut open = true;
        egui::Window::new(WindowId::About.title(lang))
            .id(egui::Id::unique("about"))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                for line in self.lines(lang) {
                    ui.label(line);
                }
            });
        open
    }
}

impl Opens for About {
    fn open(opening: &Opening<'_>) -> About {
        About::new(
            opening.renderer.to_owned(),
            opening.renderer_fallback.map(str::to_owned),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_name_the_version_the_renderer_and_a_fallback_in_each_language() {
        let about = About::new(
            "glow (OpenGL 4.5)".to_owned(),
            Some("no adapter".to_owned()),
        );
        for lang in Language::ALL {
            let lines = about.lines(lang);
            assert_eq!(lines.len(), 4, "{lang:?}");
            assert!(lines[1].contains(env!("CARGO_PKG_VERSION")), "{lang:?}");
            assert!(lines[1].contains(env!("QIPU_GIT_REVISION")), "{lang:?}");
            assert!(lines[2].contains("glow (OpenGL 4.5)"), "{lang:?}");
            assert!(lines[3].contains("no adapter"), "{lang:?}");
        }
        assert_eq!(
            about.lines(Language::English)[2],
            "Drawn with glow (OpenGL 4.5)"
        );
        assert_eq!(
            About::new("wgpu (Vulkan, lavapipe)".to_owned(), None)
                .lines(Language::SimplifiedChinese)
                .len(),
            3
        );
    }
}
