//! Help ▸ Manual: F1 opens the manual built into the program, in the user's language; the
//! section chosen shows its text, and so does a link to it in the text; Escape closes it.

use eframe::egui::accesskit::Role;
use eframe::egui::Key;
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::ui::{QipuApp, SessionCommand};

use crate::support::{app, Scripted};

/// Words of a manual file's first paragraph as the window shows them: the longest run of its
/// first line between inline markup (code, emphasis, links), at most 12 characters.
fn opening_words(path: &str) -> String {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    let line = text
        .lines()
        .find(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .unwrap_or_else(|| panic!("{path} has no paragraph"));
    let run = line
        .split(|c| "`*_[]()<>".contains(c))
        .map(str::trim)
        .max_by_key(|run| run.chars().count())
        .unwrap_or_default();
    let words: String = run.chars().take(12).collect();
    assert!(
        words.chars().count() >= 6,
        "{path} opens with markup: {line}"
    );
    words
}

/// Whether the text of `path` is on screen.
fn shows(harness: &Harness<'_, QipuApp>, path: &str) -> bool {
    harness
        .query_by_label_contains(&opening_words(path))
        .is_some()
}

/// Click the first element labelled `label` below the menu bar (a section's title in the list,
/// drawn before the text; the Database menu is also 棋谱库).
fn click_first(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness
        .get_all_by_label(label)
        .find(|node| node.rect().top() > 40.0)
        .unwrap_or_else(|| panic!("no {label} on screen"))
        .click();
    harness.run();
}

#[test]
fn f1_opens_the_manual_and_a_section_chosen_shows_its_text() {
    let mut harness = app([1100.0, 820.0], Scripted::default(), None);
    harness.run();
    assert!(!shows(&harness, "docs/manual/window.md"));

    harness.key_press(Key::F1);
    harness.run();
    assert!(shows(&harness, "docs/manual/window.md"));
    assert!(!shows(&harness, "docs/manual/engines.md"));

    click_first(&mut harness, "Engines");
    assert!(shows(&harness, "docs/manual/engines.md"));
    assert!(!shows(&harness, "docs/manual/window.md"));

    harness.key_press(Key::Escape);
    harness.run();
    assert!(!shows(&harness, "docs/manual/engines.md"));
}

/// Click the first link labelled `label` in the text.
fn click_link(harness: &mut Harness<'_, QipuApp>, label: &str) {
    harness
        .get_all_by_role_and_label(Role::Link, label)
        .next()
        .unwrap_or_else(|| panic!("no link {label} on screen"))
        .click();
    harness.run();
}

#[test]
fn a_link_in_the_text_shows_the_section_it_names() {
    let mut harness = app([1100.0, 820.0], Scripted::default(), None);
    harness.run();
    harness.key_press(Key::F1);
    harness.run();
    assert!(shows(&harness, "docs/manual/window.md"));

    click_link(&mut harness, "Engines");
    assert!(shows(&harness, "docs/manual/engines.md"));
    assert!(!shows(&harness, "docs/manual/window.md"));

    // A link written over two lines, drawn with the space between them.
    click_first(&mut harness, "The window");
    click_link(&mut harness, "The game database");
    assert!(shows(&harness, "docs/manual/database.md"));
    assert!(!shows(&harness, "docs/manual/window.md"));
}

#[test]
fn the_manual_is_in_the_language_of_the_window() {
    let mut harness = app([1100.0, 820.0], Scripted::default(), None);
    harness.run();
    let ctx = harness.ctx.clone();
    for (lang, folder, title) in [
        (Language::SimplifiedChinese, "zh-Hans", "命令行"),
        (Language::TraditionalChinese, "zh-Hant", "命令列"),
    ] {
        harness
            .state_mut()
            .apply(&ctx, SessionCommand::SetLanguage(lang));
        harness.key_press(Key::F1);
        harness.run();
        assert!(shows(&harness, &format!("docs/manual/{folder}/window.md")));
        click_first(&mut harness, title);
        assert!(shows(
            &harness,
            &format!("docs/manual/{folder}/command-line.md")
        ));
        assert!(!shows(&harness, "docs/manual/command-line.md"));
        harness.key_press(Key::Escape);
        harness.run();
    }
}

#[test]
fn every_section_is_drawn_in_every_language_with_the_embedded_fonts() {
    // The app's tests panic on a character no font draws: every section is shown once.
    let mut harness = app([1100.0, 820.0], Scripted::default(), None);
    harness.run();
    let ctx = harness.ctx.clone();
    for (lang, folder, titles) in [
        (
            Language::English,
            "",
            [
                "The window",
                "Files and notation",
                "The referee and the clock",
                "Engines",
                "Tournaments",
                "The game database",
                "The command line",
            ],
        ),
        (
            Language::SimplifiedChinese,
            "zh-Hans/",
            [
                "窗口",
                "文件与记谱法",
                "裁判与棋钟",
                "引擎",
                "赛事",
                "棋谱库",
                "命令行",
            ],
        ),
        (
            Language::TraditionalChinese,
            "zh-Hant/",
            [
                "視窗",
                "檔案與記譜法",
                "裁判與棋鐘",
                "引擎",
                "賽事",
                "棋譜庫",
                "命令列",
            ],
        ),
    ] {
        harness
            .state_mut()
            .apply(&ctx, SessionCommand::SetLanguage(lang));
        harness.key_press(Key::F1);
        harness.run();
        for (title, file) in titles.into_iter().zip([
            "window.md",
            "files-and-notation.md",
            "referee.md",
            "engines.md",
            "events.md",
            "database.md",
            "command-line.md",
        ]) {
            click_first(&mut harness, title);
            assert!(
                shows(&harness, &format!("docs/manual/{folder}{file}")),
                "{title}"
            );
        }
        harness.key_press(Key::Escape);
        harness.run();
    }
}
