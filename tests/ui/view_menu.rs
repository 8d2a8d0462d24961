//! The View menu shows what is on: each entry for something turned on or off is a tick box,
//! ticked while it is on (Flip board, Evaluation graph, the panels, the engine arrows); the fold
//! modes, one of which is on, are round buttons.

use eframe::egui::accesskit::{Role, Toggled};
use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use qipu::lang::Language;
use qipu::ui::user_command::{Menu, UserCommand};
use qipu::ui::QipuApp;

use crate::support::{self, click, Scripted};

/// Close the menus open.
fn close_menus(harness: &mut Harness<'_, QipuApp>) {
    harness.key_press(eframe::egui::Key::Escape);
    harness.run();
}

/// The role and state of the View menu's entry `label` (the menu opened for it, then closed).
fn entry(harness: &mut Harness<'_, QipuApp>, label: &str) -> (Role, Option<Toggled>) {
    close_menus(harness);
    click(harness, "View");
    // The menu's entry, not a panel's heading of the same name.
    let entries: Vec<(Role, Option<Toggled>)> = harness
        .query_all_by_label(label)
        .map(|node| {
            (
                node.accesskit_node().role(),
                node.accesskit_node().toggled(),
            )
        })
        .filter(|(role, _)| matches!(role, Role::CheckBox | Role::RadioButton | Role::Button))
        .collect();
    assert_eq!(entries.len(), 1, "{label}: {entries:?}");
    close_menus(harness);
    entries[0]
}

#[test]
fn the_view_menu_ticks_what_is_on() {
    let mut harness = support::app([1280.0, 900.0], Scripted::default(), None);
    for label in ["Flip board", "Evaluation graph"] {
        assert_eq!(
            entry(&mut harness, label),
            (Role::CheckBox, Some(Toggled::False)),
            "{label} while off"
        );
        close_menus(&mut harness);
        click(&mut harness, "View");
        click(&mut harness, label);
        assert_eq!(
            entry(&mut harness, label),
            (Role::CheckBox, Some(Toggled::True)),
            "{label} while on"
        );
    }
    assert!(harness.state().session().flipped());
    assert!(harness
        .query_by_role_and_label(Role::Figure, "Evaluation graph")
        .is_some());

    // Every entry of the menu that is on or off says so, as a tick box or a round button.
    let session = harness.state().session().clone();
    let toggles: Vec<UserCommand> = UserCommand::all()
        .into_iter()
        .filter(|c| c.menu() == Some(Menu::View))
        .filter(|c| {
            c.checked(&session).is_some()
                || matches!(c, UserCommand::Analysis | UserCommand::EvaluationGraph)
        })
        .collect();
    assert!(toggles.len() >= 5, "{toggles:?}");
    for command in toggles {
        let label = command.label(Language::English);
        let (role, toggled) = entry(&mut harness, &label);
        let wanted = if matches!(command, UserCommand::Fold(_)) {
            Role::RadioButton
        } else {
            Role::CheckBox
        };
        assert_eq!(role, wanted, "{label}");
        assert!(toggled.is_some(), "{label} shows its state");
    }
}
