//! The opening of the game shown, by its ECCO code and name: the `[ECCO]` and `[Opening]` tags
//! where the game has them, else the shipped table's classification ([`EccoTable::classify`]),
//! its name in the script of the interface (simplified in English). Shown above the record.

use eframe::egui::{self, RichText};

use crate::ecco::EccoTable;
use crate::lang::Language;
use crate::record::TagKey;
use crate::rules::Position;

use crate::ui::base::session::Session;

/// `C02 中炮七路马对屏风马`: the game's opening, if it is known.
pub fn text(session: &Session) -> Option<String> {
    let game = session.game();
    let tags = game.tags();
    let tagged = tags
        .get(&TagKey::Ecco)
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let named = tags
        .get(&TagKey::Opening)
        .map(str::trim)
        .filter(|n| !n.is_empty());
    if let Some(code) = tagged {
        return Some(named.map_or_else(|| code.to_owned(), |name| format!("{code} {name}")));
    }
    let found = EccoTable::builtin().classify(game)?;
    let name = match session.lang() {
        Language::TraditionalChinese => found.name_traditional,
        _ => found.name,
    };
    Some(name.map_or_else(|| found.code.clone(), |n| format!("{} {n}", found.code)))
}

/// The opening a move leads to, `C02 中炮七路马对屏风马`, if the table knows the position.
pub fn of_position(position: &Position, lang: Language) -> Option<String> {
    let table = EccoTable::builtin();
    let code = table.code_of(position)?;
    let name = table
        .name(code)
        .map(|(simplified, traditional)| match lang {
            Language::TraditionalChinese => traditional,
            _ => simplified,
        });
    Some(name.map_or_else(|| code.to_owned(), |n| format!("{code} {n}")))
}

/// Draw the game's opening as one line, when it is known.
pub fn show(ui: &mut egui::Ui, session: &Session) {
    if let Some(text) = text(session) {
        let lang = session.lang();
        ui.label(RichText::new(text).small())
            .on_hover_text(lang.pick("Opening (ECCO)", "开局（ECCO）", "開局（ECCO）"));
    }
}
