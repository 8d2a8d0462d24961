//! The opening's name above the record is the name of the moves on the board (a name once
//! claimed more than was played).

use egui_kittest::kittest::{NodeT, Queryable};

use super::support::{app, enter, Scripted};

/// The opening line shown above the record, if any.
fn heading(harness: &egui_kittest::Harness<'_, qipu::ui::QipuApp>) -> Option<String> {
    harness
        .query_all_by(|node| {
            node.label()
                .or_else(|| node.value())
                .is_some_and(|t| t.len() > 4 && qipu::ecco::is_code(&t[..3]) && &t[3..4] == " ")
        })
        .find_map(|node| node.value().or_else(|| node.accesskit_node().label()))
}

#[test]
fn the_heading_names_only_the_moves_on_the_board() {
    let mut harness = app([1400.0, 950.0], Scripted::default(), None);
    enter(&mut harness, "炮二平五 炮8平5");
    let two = heading(&harness).expect("an opening is named after two plies");
    assert!(two.starts_with("D00 "), "{two}");
    enter(&mut harness, "马二进三 马8进7 车一平二 车9平8");
    let six = heading(&harness).expect("an opening is named after six plies");
    assert!(six.starts_with('D') && !six.starts_with("D00"), "{six}");
}
