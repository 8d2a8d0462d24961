//! The referee's evidence: one line per move of a repetition cycle, with the move's character
//! and its targets, written in the user's language and the notation the record is shown in
//! ("紅 車二平三 捉 黑馬(c7) 無根", "Red R2.3 chases Black's horse (c7), unprotected").

use super::character::{Character, Exception, IdleKind, MoveCharacter, Target};
use super::threat::Weakness;
use crate::lang::Language;
use crate::notation::{piece_glyph, MoveStyle, Script};
use crate::rules::{Color, Position};

/// One move of a cycle as the referee judged it: the position it was played in, and what it
/// does. The line is written when it is shown, in the notation shown.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Evidence {
    /// The position before the move.
    pub before: Position,
    /// The move's character, targets and the exceptions applied.
    pub character: MoveCharacter,
}

impl Evidence {
    /// The evidence line in `lang`, the move written in `style`.
    pub fn line(&self, lang: Language, style: &MoveStyle) -> String {
        let m = &self.character;
        let mv = style.write(&self.before, m.mv);
        match lang {
            Language::English => english(m, &mv),
            Language::SimplifiedChinese => chinese(m, &mv, Script::Simplified),
            Language::TraditionalChinese => chinese(m, &mv, Script::Traditional),
        }
    }
}

/// "Black's horse (c7), unprotected".
fn target_en(t: &Target) -> String {
    let mut text = format!(
        "{}'s {} ({})",
        t.piece.color.name(Language::English),
        t.piece.kind.name(),
        t.square
    );
    if let Some(w) = t.weakness {
        text.push_str(", ");
        text.push_str(weakness_names(w).0);
    }
    text
}

/// "Red R2.3 chases Black's horse (c7), unprotected [from chase to chase is idle: …]".
fn english(m: &MoveCharacter, mv: &str) -> String {
    let targets: Vec<String> = m.targets.iter().map(target_en).collect();
    let targets = targets.join(" and ");
    let idle = match m.idle_kind {
        Some(IdleKind::Exchange) => "is idle (it offers an exchange)",
        Some(IdleKind::Offer) => "is idle (it offers a piece)",
        Some(IdleKind::Follow) => "is idle (it follows)",
        Some(IdleKind::Block) => "is idle (it blocks)",
        None => "is idle",
    };
    let what = match (m.character, targets.is_empty()) {
        (Character::Check, true) => "gives check".to_owned(),
        (Character::Check, false) => format!("checks {targets}"),
        (Character::MateThreat, true) => "threatens mate".to_owned(),
        (Character::MateThreat, false) => format!("threatens mate against {targets}"),
        (Character::Chase, true) => "chases".to_owned(),
        (Character::Chase, false) => format!("chases {targets}"),
        (Character::Idle, true) => idle.to_owned(),
        (Character::Idle, false) => format!("{idle}; it attacks {targets}"),
    };
    let mut line = format!("{} {mv} {what}", m.side.name(Language::English));
    for &e in &m.exceptions {
        line.push_str(&format!(" [{}]", exception_names(e).0));
    }
    if let Some(cut) = m.mate_search_cut {
        line.push_str(&format!(
            " [the mate search stopped at its bound after {} moves: no mate by up to {} \
             checking moves, longer mates not decided: 28.2]",
            cut.nodes, cut.proved
        ));
    }
    line
}

/// "紅 車二平三 捉 黑馬(c7) 無根［從捉到捉按閑，29.2、細則6］".
fn chinese(m: &MoveCharacter, mv: &str, script: Script) -> String {
    let zh = |hans: &'static str, hant: &'static str| match script {
        Script::Simplified => hans,
        Script::Traditional => hant,
    };
    let lang = match script {
        Script::Simplified => Language::SimplifiedChinese,
        Script::Traditional => Language::TraditionalChinese,
    };
    let short = |c: Color| c.short_name(lang);
    let character = match m.character {
        Character::Check => zh("将", "將"),
        Character::MateThreat => zh("杀", "殺"),
        Character::Chase => "捉",
        Character::Idle => match m.idle_kind {
            Some(IdleKind::Exchange) => zh("闲（兑）", "閑（兌）"),
            Some(IdleKind::Offer) => zh("闲（献）", "閑（獻）"),
            Some(IdleKind::Follow) => zh("闲（跟）", "閑（跟）"),
            Some(IdleKind::Block) => zh("闲（拦）", "閑（攔）"),
            None => zh("闲", "閑"),
        },
    };
    let mut line = format!("{} {mv} {character}", short(m.side));
    for t in &m.targets {
        let glyph = piece_glyph(script, t.piece.color, t.piece.kind);
        line.push_str(&format!(" {}{glyph}({})", short(t.piece.color), t.square));
        if let Some(w) = t.weakness {
            let (_, hans, hant) = weakness_names(w);
            line.push(' ');
            line.push_str(zh(hans, hant));
        }
    }
    for &e in &m.exceptions {
        let (_, hans, hant) = exception_names(e);
        line.push_str(&format!("［{}］", zh(hans, hant)));
    }
    if let Some(cut) = m.mate_search_cut {
        line.push_str(&format!(
            "［{}{}{}{}{}］",
            zh("杀着搜索已达上限（试", "殺著搜索已達上限（試"),
            cut.nodes,
            zh("着）：", "著）："),
            cut.proved,
            zh(
                "步连将之内无杀，更长的未判定，28.2",
                "步連將之內無殺，更長的未判定，28.2"
            ),
        ));
    }
    line
}

fn weakness_names(w: Weakness) -> (&'static str, &'static str, &'static str) {
    match w {
        Weakness::Unprotected => ("unprotected", "无根", "無根"),
        Weakness::FalselyProtected => ("falsely protected", "假根", "假根"),
        Weakness::Outnumbered => ("outnumbered", "少根", "少根"),
        Weakness::WorthMore => ("worth more than its attacker", "子力价值大", "子力價值大"),
        Weakness::ThroughCheck => ("won through a check", "将后得子", "將後得子"),
    }
}

/// The exception in English, simplified and traditional Chinese, with its articles (細則 is
/// "detailed rule" in English).
fn exception_names(e: Exception) -> (&'static str, &'static str, &'static str) {
    match e {
        Exception::GeneralAlone => (
            "the general alone attacking is idle: 27.1",
            "帅（将）本身叫吃按闲，27.1",
            "帥（將）本身叫吃按閑，27.1",
        ),
        Exception::SoldierAlone => (
            "a soldier alone attacking is idle: 27.2",
            "兵（卒）本身捉子按闲，27.2",
            "兵（卒）本身捉子按閑，27.2",
        ),
        Exception::SoldierInMutualAttack => (
            "a soldier's attack in mutual attack counts as a chase: 27.2, detailed rule 11",
            "互打时兵卒捉按捉，27.2、细则11",
            "互打時兵卒捉按捉，27.2、細則11",
        ),
        Exception::ChaseToChase => (
            "from chase to chase is idle: 29.2, detailed rule 6",
            "从捉到捉按闲，29.2、细则6",
            "從捉到捉按閑，29.2、細則6",
        ),
        Exception::TakerMated => (
            "taking would be mated, so it is idle: 29.4, detailed rule 7",
            "吃子即被将死按闲，29.4、细则7",
            "吃子即被將死按閑，29.4、細則7",
        ),
        Exception::DefensivePoint => (
            "an incidental attack on advisors or elephants while holding a defensive point is \
             idle: 27.3",
            "占据防守要点附带捉士相按闲，27.3",
            "占據防守要點附帶捉士相按閑，27.3",
        ),
    }
}
