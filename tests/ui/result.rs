//! The result shows where people look: after a resignation, a flag fall, an agreed draw or a
//! referee's ruling the record ends with the result and its reason, and Game information ▸
//! Result shows it too, in each language.

use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use qipu::ending::{Outcome, Reason};
use qipu::lang::Language;
use qipu::ui::QipuApp;

use crate::support::{self, click, set_time, Scripted};

fn play(harness: &mut Harness<'_, QipuApp>, iccs: &str) {
    click(harness, &iccs[0..2]);
    click(harness, &iccs[2..4]);
}

/// Press the button `english` (`zh_hans`, `zh_hant`) of `side` (0 Red, 1 Black).
fn side_button(harness: &mut Harness<'_, QipuApp>, lang: Language, label: [&str; 3], side: usize) {
    let label = lang.pick(label[0], label[1], label[2]);
    harness
        .get_all_by_label(label)
        .nth(side)
        .expect("the side's button")
        .click();
    harness.run();
}

fn start_clock(harness: &mut Harness<'_, QipuApp>, lang: Language) {
    set_time(harness, 0);
    click(harness, lang.pick("Start clock", "开始计时", "開始計時"));
}

/// The ways a game ends that the test goes through.
#[derive(Clone, Copy, Debug)]
enum Case {
    Resignation,
    FlagFall,
    AgreedDraw,
    Ruling,
}

fn end_game(harness: &mut Harness<'_, QipuApp>, lang: Language, case: Case) {
    match case {
        Case::Resignation => {
            start_clock(harness, lang);
            play(harness, "h2e2");
            side_button(harness, lang, ["Resign", "认输", "認輸"], 1);
            // A result is final: it is asked for once.
            click(harness, lang.pick("Yes, resign", "确认认输", "確認認輸"));
        }
        Case::FlagFall => {
            start_clock(harness, lang);
            set_time(harness, 60);
            play(harness, "h2e2");
            // Black's 90 minutes of 6.1 run out (22.1).
            set_time(harness, 60 + 90 * 60 + 1);
        }
        Case::AgreedDraw => {
            start_clock(harness, lang);
            play(harness, "h2e2");
            side_button(harness, lang, ["Offer draw", "提和", "提和"], 0);
            side_button(harness, lang, ["Accept", "同意", "同意"], 1);
            click(
                harness,
                lang.pick("Yes, agree the draw", "确认和棋", "確認和棋"),
            );
        }
        Case::Ruling => {
            let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
            for mv in cycle.iter().chain(&cycle) {
                play(harness, mv);
            }
        }
    }
}

#[test]
fn every_ending_is_written_at_the_end_of_the_record_and_in_the_game_information() {
    for lang in Language::ALL {
        for case in [
            Case::Resignation,
            Case::FlagFall,
            Case::AgreedDraw,
            Case::Ruling,
        ] {
            let mut harness = support::app([1100.0, 800.0], Scripted::default(), None);
            click(&mut harness, "Language");
            click(&mut harness, &lang.to_string());
            end_game(&mut harness, lang, case);
            let ending = harness
                .state()
                .session()
                .ending()
                .unwrap_or_else(|| panic!("{case:?} ends the game"));
            let expected = match case {
                Case::Resignation => (Outcome::RedWins, Reason::Resignation),
                Case::FlagFall => (Outcome::RedWins, Reason::LossOnTime),
                Case::AgreedDraw => (Outcome::Draw, Reason::AgreedDraw),
                Case::Ruling => (Outcome::Draw, Reason::RepetitionDraw),
            };
            assert_eq!((ending.outcome, ending.reason), expected, "{case:?}");
            let summary = ending.summary(lang);
            assert!(summary.starts_with(ending.outcome.pgn()), "{summary}");
            let shown =
                |harness: &Harness<'_, QipuApp>| harness.query_all_by_label(&summary).count();
            assert_eq!(
                shown(&harness),
                1,
                "{lang:?} {case:?}: the record ends with {summary}"
            );
            click(
                &mut harness,
                lang.pick("Game information", "对局信息", "對局資訊"),
            );
            assert_eq!(
                shown(&harness),
                2,
                "{lang:?} {case:?}: Result shows {summary}"
            );
        }
    }
    // As a traditional-Chinese scoresheet writes it.
    let resigned = qipu::ending::Ending::win(qipu::rules::Color::Red, Reason::Resignation, 1);
    assert_eq!(
        resigned.summary(Language::TraditionalChinese),
        "1-0 紅方勝 · 黑方認輸"
    );
}
