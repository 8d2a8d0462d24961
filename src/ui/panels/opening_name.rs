//! The opening of the game shown, by its ECCO code and name, for the moves on the board: the
//! shipped table's classification of the moves played up to the move shown
//! ([`EccoTable::classify_to`]), or before the first move the game's own opening
//! ([`EccoTable::opening_of`]: its `[ECCO]` and `[Opening]` tags, else its main line). Names are
//! in the script of the interface (simplified in English). Shown above the record and in the
//! game's information.

use eframe::egui::{self, RichText};

use crate::ecco::{Classified, EccoTable};
use crate::lang::Language;
use crate::record::{Game, NodeId};
use crate::rules::Move;

use crate::ui::base::session::Session;

/// `C02 中炮七路马对屏风马` in the script of `lang`.
fn written(found: Classified, lang: Language) -> String {
    let name = match lang {
        Language::TraditionalChinese => found.name_traditional,
        _ => found.name,
    };
    name.map_or_else(|| found.code.clone(), |n| format!("{} {n}", found.code))
}

/// The opening of the moves on the board, if it is known.
pub fn text(session: &Session) -> Option<String> {
    let game = session.game();
    let table = EccoTable::builtin();
    let found = if session.cursor() == game.root() {
        table.opening_of(game)
    } else {
        table.classify_to(game, session.cursor())
    };
    found.map(|f| written(f, session.lang()))
}

/// The whole game's opening (its tags, else its main line), if it is known.
pub fn of_game(game: &Game, lang: Language) -> Option<String> {
    EccoTable::builtin()
        .opening_of(game)
        .map(|f| written(f, lang))
}

/// The opening `mv` leads to after the moves up to `node`, if the table knows it.
pub fn of_next(game: &Game, node: NodeId, mv: Move, lang: Language) -> Option<String> {
    EccoTable::builtin()
        .classify_next(game, node, mv)
        .map(|f| written(f, lang))
}

/// Draw the opening of the moves on the board as one line, when it is known.
pub fn show(ui: &mut egui::Ui, session: &Session) {
    if let Some(text) = text(session) {
        let lang = session.lang();
        ui.label(RichText::new(text).strong())
            .on_hover_text(lang.pick("Opening (ECCO)", "开局（ECCO）", "開局（ECCO）"));
    }
}
