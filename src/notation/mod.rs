//! Move notation (art. 7): full Chinese in simplified and traditional glyphs, the abbreviated
//! form of art. 7.5, WXF and ICCS — written canonically and read as people really write them.
//!
//! Writing needs no move generation; reading checks only the moves the text can describe (at
//! most three per piece), which costs less than one legal-move generation. A text that fits none is refused with the reason (no such piece, the rule
//! the move breaks, a file out of range…); one that fits several is refused with the
//! candidates — never a silent guess.

mod abbrev;
mod chinese;
mod detect;
mod error;
mod geometry;
mod glyphs;
mod iccs;
mod query;
mod wxf;

use std::fmt;
use std::str::FromStr;

pub use abbrev::{strip_strokes, stroke_marks};
pub use detect::{detect, script_of};
pub(crate) use detect::{folds_to_ascii, script_glyph};
pub use error::NotationError;
pub(crate) use glyphs::{classify, piece_glyph, Glyph, WIDE_GLYPHS};
pub use glyphs::{Action, Script, Stroke};

use crate::lang::Language;
use crate::rules::{IllegalReason, Move, Position};

/// A move notation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Notation {
    /// Coordinates: `h2e2` (`H2-E2` in PGN).
    Iccs,
    /// World Xiangqi Federation notation: `C2.5`, `H8+7`.
    Wxf,
    /// Full Chinese, simplified glyphs: 炮二平五 马８进７.
    ChineseSimplified,
    /// Full Chinese, traditional glyphs: 炮二平五 馬８進７.
    ChineseTraditional,
    /// Abbreviated notation of art. 7.5: 炮25 馬87̲.
    Abbreviated,
}

impl Notation {
    /// All notations, in menu order.
    pub const ALL: [Notation; 5] = [
        Notation::ChineseSimplified,
        Notation::ChineseTraditional,
        Notation::Abbreviated,
        Notation::Wxf,
        Notation::Iccs,
    ];

    /// The command-line name: `iccs`, `wxf`, `zh`, `zh-hant`, `abbrev`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::ChineseSimplified => "zh",
            Notation::ChineseTraditional => "zh-hant",
            Notation::Abbreviated => "abbrev",
        }
    }

    /// The name shown to users.
    pub fn label(self, lang: Language) -> &'static str {
        match self {
            Notation::Iccs => lang.pick("ICCS coordinates", "ICCS 坐标", "ICCS 座標"),
            Notation::Wxf => lang.pick("WXF notation", "WXF 记谱", "WXF 記譜"),
            Notation::ChineseSimplified => lang.pick(
                "Chinese (simplified)",
                "中文记谱（简体）",
                "中文記譜（簡體）",
            ),
            Notation::ChineseTraditional => lang.pick(
                "Chinese (traditional)",
                "中文记谱（繁体）",
                "中文記譜（繁體）",
            ),
            Notation::Abbreviated => lang.pick("Abbreviated (7.5)", "简式记谱", "簡式記譜"),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A notation name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation '{0}'; expected iccs, wxf, zh, zh-hant or abbrev")]
pub struct UnknownNotation(pub String);

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "iccs" | "uci" | "ucci" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "zh" | "zh-hans" | "chinese" => Ok(Notation::ChineseSimplified),
            "zh-hant" => Ok(Notation::ChineseTraditional),
            "abbrev" | "abbreviated" => Ok(Notation::Abbreviated),
            _ => Err(UnknownNotation(s.to_owned())),
        }
    }
}

/// How several soldiers on one file, and soldiers crowded on two files, are named
/// (formats.md §2.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum SoldierConvention {
    /// XiangQi Wizard (象棋巫师, xqbase): 前/後 for two, 前/中/後 for three, 一…五 for four or
    /// five, all soldiers on crowded files numbered together from the mover's right.
    #[default]
    XiangqiWizard,
    /// Textbooks and DhtmlXQ: 前/中/後, 前 二 三 四 (五) on one file; on two crowded files the
    /// file number replaces the glyph (前三平四).
    Textbook,
}

/// How a chariot, horse, cannon or soldier that shares its file with another of its kind is
/// named when writing (both are read).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum TandemConvention {
    /// The textbook form, art. 7.3: 前車進四, 後馬退六 (the default).
    #[default]
    FrontBack,
    /// The file number when only that piece of the file can make the move, as many records
    /// (CCPD, dpxq) write it: 車六進四; 前/後 when both could.
    File,
}

impl TandemConvention {
    /// Both conventions, the textbook one first.
    pub const ALL: [TandemConvention; 2] = [TandemConvention::FrontBack, TandemConvention::File];

    /// The name `--tandem` and the app's settings use (`front-back`, `file`).
    pub fn name(self) -> &'static str {
        match self {
            TandemConvention::FrontBack => "front-back",
            TandemConvention::File => "file",
        }
    }
}

impl FromStr for TandemConvention {
    type Err = UnknownTandem;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "front-back" => Ok(TandemConvention::FrontBack),
            "file" => Ok(TandemConvention::File),
            _ => Err(UnknownTandem(s.to_owned())),
        }
    }
}

/// A tandem convention name that is not one of ours.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown tandem convention '{0}'; expected front-back or file")]
pub struct UnknownTandem(pub String);

/// Which stroke on the last digit of an abbreviated move means 進 (sources disagree).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum StrokeConvention {
    /// A line under the digit is 進, a line over it is 退 (the default).
    #[default]
    UnderAdvances,
    /// A line over the digit is 進, a line under it is 退.
    OverAdvances,
}

/// How ICCS is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum IccsStyle {
    /// `h2e2`.
    #[default]
    Compact,
    /// `H2-E2`, as in PGN `[Format "ICCS"]`.
    Hyphenated,
}

/// Choices for writing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// Black's digits in Chinese notation full-width (１…９, the default) or ASCII (1…9).
    pub full_width_black_digits: bool,
    /// Naming of several soldiers on a file.
    pub soldiers: SoldierConvention,
    /// Naming of a piece that shares its file with another of its kind (Chinese and
    /// abbreviated notation).
    pub tandem: TandemConvention,
    /// Meaning of the strokes in abbreviated notation.
    pub strokes: StrokeConvention,
    /// Glyph set of abbreviated notation (traditional by default, as in the rule text).
    pub abbreviated_script: Script,
    /// Form of ICCS.
    pub iccs: IccsStyle,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            full_width_black_digits: true,
            soldiers: SoldierConvention::XiangqiWizard,
            tandem: TandemConvention::FrontBack,
            strokes: StrokeConvention::UnderAdvances,
            abbreviated_script: Script::Traditional,
            iccs: IccsStyle::Compact,
        }
    }
}

/// Choices for reading moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ReadOptions {
    /// Meaning of the strokes in abbreviated notation.
    pub strokes: StrokeConvention,
    /// The abbreviated text is known to carry its strokes (as Qipu writes it), so a last digit
    /// without one means 平. Off by default: plain text has usually lost them, and an unmarked
    /// move then fits 進, 退 and 平 alike.
    pub strokes_kept: bool,
}

impl ReadOptions {
    /// The reading choices for the moves of one text (a scoresheet, the moves of a command
    /// line): when any of them carries a stroke, the strokes were kept, so a move without one
    /// is a 平 move; a text with no stroke at all reads unmarked moves as 進, 退 or 平 alike.
    pub fn for_text<'a>(
        moves: impl IntoIterator<Item = &'a str>,
        strokes: StrokeConvention,
    ) -> ReadOptions {
        ReadOptions {
            strokes,
            strokes_kept: moves.into_iter().any(carries_strokes),
        }
    }
}

/// Whether the text carries a stroke of abbreviated notation (a line under or over a digit).
pub fn carries_strokes(text: &str) -> bool {
    text.chars()
        .any(|c| c == glyphs::UNDERLINE || c == glyphs::OVERLINE)
}

/// Write `mv`, played in `pos`, in `notation`. The move is expected to be legal; if no piece of
/// the side to move stands on its starting point, or no piece moves like that, it is written in
/// ICCS instead.
pub fn write_move(pos: &Position, mv: Move, notation: Notation, options: &WriteOptions) -> String {
    let written = match notation {
        Notation::Iccs => Some(iccs::write(mv, options.iccs)),
        Notation::Wxf => wxf::write(pos, mv),
        Notation::ChineseSimplified => chinese::write(pos, mv, Script::Simplified, options),
        Notation::ChineseTraditional => chinese::write(pos, mv, Script::Traditional, options),
        Notation::Abbreviated => abbrev::write(pos, mv, options),
    };
    written.unwrap_or_else(|| mv.to_string())
}

/// How moves are written for a reader: the notation and the conventions of writing it (the
/// tandem convention, …). The one value that carries the user's choice from a setting to every
/// place a move is shown or printed (the record, the move box's candidates, the analysis lines,
/// the referee's evidence).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveStyle {
    /// The notation.
    pub notation: Notation,
    /// The conventions of writing it.
    pub options: WriteOptions,
}

impl MoveStyle {
    /// `mv`, played in `pos`, written in this style (see [`write_move`]).
    pub fn write(&self, pos: &Position, mv: Move) -> String {
        write_move(pos, mv, self.notation, &self.options)
    }

    /// `炮八平四 (b2f2)`: the move with ICCS beside it, unless it is written in ICCS (or could
    /// only be written so).
    pub fn with_iccs(&self, pos: &Position, mv: Move) -> String {
        let text = self.write(pos, mv);
        if self.notation == Notation::Iccs || text == mv.to_string() {
            text
        } else {
            format!("{text} ({mv})")
        }
    }
}

impl From<Notation> for MoveStyle {
    /// The notation written with the default conventions (textbook tandem, 前車進四).
    fn from(notation: Notation) -> MoveStyle {
        MoveStyle {
            notation,
            options: WriteOptions::default(),
        }
    }
}

/// "Illegal move 车九进五 (a0a5): a piece stands in the way": a refused move in a user's language,
/// written in `style` as the record shows moves (with ICCS beside it).
pub fn illegal_move_text(
    pos: &Position,
    mv: Move,
    reason: IllegalReason,
    lang: Language,
    style: &MoveStyle,
) -> String {
    format!(
        "{} {}: {}",
        lang.pick("Illegal move", "不合规则的着法", "不合規則的著法"),
        style.with_iccs(pos, mv),
        reason.message(lang)
    )
}

/// Read one move written in `hint` (`None`: detect the notation from the text). Exactly one
/// legal move must fit; several give [`NotationError::Ambiguous`] with the candidates.
pub fn read_move(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
) -> Result<Move, NotationError> {
    read_move_with(pos, text, hint, &ReadOptions::default())
}

/// [`read_move`] with reading choices.
pub fn read_move_with(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
    options: &ReadOptions,
) -> Result<Move, NotationError> {
    if let Some(mv) = read_single(pos, text, hint, options) {
        if pos.play(mv).is_ok() {
            return Ok(mv);
        }
    }
    read_general(pos, text, hint, options)
}

/// A move read by [`read_move_for_tree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ReadMove {
    /// The move.
    pub mv: Move,
    /// True when the move is proved legal; false when only the rules of movement (2.2) were
    /// checked (the one piece of its kind on the named file): the game tree then checks the own
    /// general's safety as it plays the move on its own copy of the position
    /// (`Game::play_moved`), and when that fails [`read_move_with`] says why.
    pub legal: bool,
}

/// [`read_move_with`] for a reader that plays the move into a game tree (the PGN reader): the
/// usual move, one piece on its file, is not played here to check it, so the tree plays it
/// once, on its own copy of the position.
pub(crate) fn read_move_for_tree(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
    options: &ReadOptions,
) -> Result<ReadMove, NotationError> {
    if let Some(mv) = read_single(pos, text, hint, options) {
        return Ok(ReadMove { mv, legal: false });
    }
    read_general(pos, text, hint, options).map(|mv| ReadMove { mv, legal: true })
}

/// The one move that fits, by the general reader (candidates, then the single one).
fn read_general(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
    options: &ReadOptions,
) -> Result<Move, NotationError> {
    let candidates = read_candidates_with(pos, text, hint, options)?;
    match candidates[..] {
        [mv] => Ok(mv),
        _ => Err(NotationError::Ambiguous {
            text: text.to_owned(),
            candidates,
        }),
    }
}

/// The move of a full Chinese text naming one piece by its file, with its movement: found
/// without lists, the way most moves of real records are written. `None` for anything else
/// (the general reader then gives the move, the candidates or the reason).
fn read_single(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
    options: &ReadOptions,
) -> Option<Move> {
    let chinese = match hint {
        Some(Notation::ChineseSimplified | Notation::ChineseTraditional) => true,
        Some(Notation::Iccs | Notation::Wxf | Notation::Abbreviated) => false,
        // Without a hint, [`detect`] calls a text full Chinese when it has a movement character;
        // the parse below tells that, so the glyphs are classified once.
        None => !text.chars().all(detect::folds_to_ascii),
    };
    if !chinese {
        return None;
    }
    let parsed = chinese::parse(text, options.strokes).ok()?;
    if hint.is_none() && !parsed.action_character {
        return None;
    }
    parsed.query.resolve_single(pos)
}

/// [`read_single`] for a move read as glyphs (the two-byte codes of a GBK or BIG5 file looked
/// up, numbers with their strokes, no spaces) from a text that has a character [`detect`] does
/// not fold to ASCII, read without a hint: the same move, found the same way, or `None` where
/// the text has to be read by [`read_move_for_tree`].
pub(crate) fn read_single_glyphs(
    pos: &Position,
    glyphs: &[(Glyph, Option<Stroke>)],
) -> Option<Move> {
    let parsed = chinese::parse_glyphs(glyphs, StrokeConvention::default())?;
    if !parsed.action_character {
        return None;
    }
    parsed.query.resolve_single(pos)
}

/// Every legal move that fits the text (at least one; in board order). Abbreviated moves
/// without strokes may give several.
pub fn read_candidates(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
) -> Result<Vec<Move>, NotationError> {
    read_candidates_with(pos, text, hint, &ReadOptions::default())
}

/// [`read_candidates`] with reading choices.
pub fn read_candidates_with(
    pos: &Position,
    text: &str,
    hint: Option<Notation>,
    options: &ReadOptions,
) -> Result<Vec<Move>, NotationError> {
    let notation = hint.or_else(|| detect(text));
    let result = match notation {
        None => Err(NotationError::Unreadable {
            text: text.to_owned(),
            notation: None,
        }),
        Some(Notation::Iccs) => iccs::read(pos, text),
        Some(Notation::Wxf) => wxf::parse(text).and_then(|q| q.resolve(pos, text)),
        Some(Notation::ChineseSimplified | Notation::ChineseTraditional) => {
            chinese::parse(text, options.strokes).and_then(|parsed| {
                if parsed.query.action.is_none() {
                    Err(NotationError::Unreadable {
                        text: text.to_owned(),
                        notation,
                    })
                } else {
                    parsed.query.resolve(pos, text)
                }
            })
        }
        Some(Notation::Abbreviated) => {
            chinese::parse(text, options.strokes).and_then(|mut parsed| {
                if options.strokes_kept && parsed.query.action.is_none() {
                    parsed.query.action = Some(Action::Traverse);
                }
                parsed.query.resolve(pos, text)
            })
        }
    };
    result.map_err(|e| match e {
        NotationError::Unreadable {
            text,
            notation: None,
        } => NotationError::Unreadable { text, notation },
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_notation_names_are_capitalised_alike() {
        for notation in Notation::ALL {
            let label = notation.label(Language::English);
            assert!(
                label.starts_with(|c: char| c.is_ascii_uppercase()),
                "{label}"
            );
        }
    }

    #[test]
    fn the_script_of_a_text() {
        assert_eq!(script_of("1. 炮二平五 馬８進７"), Some(Script::Traditional));
        assert_eq!(
            script_of("[Event \"全國賽\"] 1. 炮二平五 马８进７"),
            Some(Script::Simplified)
        );
        assert_eq!(script_of("1. h2e2 h9g7 {好棋}"), None);
        // Each glyph told apart counts, wherever it stands (the last character of the text too),
        // and glyphs both scripts share (炮, 兵, 平) count for neither.
        for c in "帅将马车进后码砗".chars() {
            assert_eq!(
                script_of(&format!("炮兵平{c}")),
                Some(Script::Simplified),
                "{c}"
            );
        }
        for c in "帥將馬車進後碼硨傌俥".chars() {
            assert_eq!(
                script_of(&format!("a{c}")),
                Some(Script::Traditional),
                "{c}"
            );
        }
        assert_eq!(script_of("馬马車"), Some(Script::Traditional));
        assert_eq!(script_of("馬马"), None);
        assert_eq!(script_of("炮兵平"), None);
    }

    #[test]
    fn a_refused_move_is_written_as_the_record_shows_moves() {
        // 車九進五 through the cannon's file is blocked by the soldier on a3.
        let pos = Position::startpos();
        let mv = Move::parse_iccs("a0a5").expect("ICCS");
        let reason = pos.why_illegal(mv).expect("a0a5 is blocked");
        assert_eq!(
            illegal_move_text(
                &pos,
                mv,
                reason,
                Language::SimplifiedChinese,
                &Notation::ChineseSimplified.into()
            ),
            format!(
                "不合规则的着法 车九进五 (a0a5): {}",
                reason.message(Language::SimplifiedChinese)
            )
        );
        assert_eq!(
            illegal_move_text(&pos, mv, reason, Language::English, &Notation::Wxf.into()),
            format!(
                "Illegal move R9+5 (a0a5): {}",
                reason.message(Language::English)
            )
        );
        assert_eq!(
            illegal_move_text(&pos, mv, reason, Language::English, &Notation::Iccs.into()),
            format!("Illegal move a0a5: {}", reason.message(Language::English))
        );
    }
}
