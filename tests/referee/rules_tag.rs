//! The rule set chosen for a game is kept in its record and survives a PGN save and read.

use qipu::formats::{read_pgn_text, write_pgn, PgnWriteOptions};
use qipu::record::Game;
use qipu::referee::RuleSet;
use qipu::rules::Position;

#[test]
fn rule_set_round_trips_through_pgn() {
    let mut game = Game::new(Position::startpos());
    assert_eq!(RuleSet::of_game(&game), None);
    RuleSet::Asian.store_in(&mut game);
    let text = write_pgn(
        &game,
        &PgnWriteOptions::qipu(qipu::notation::Script::Simplified),
    );
    assert!(text.contains("[Rules \"asian\"]"), "{text}");
    let read = read_pgn_text(&text)
        .next()
        .expect("one game")
        .expect("readable");
    assert_eq!(RuleSet::of_game(&read), Some(RuleSet::Asian));
    RuleSet::Cxa1999.store_in(&mut game);
    assert_eq!(RuleSet::of_game(&game), Some(RuleSet::Cxa1999));
}
