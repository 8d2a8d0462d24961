//! `qipu clock` as an arbiter uses it: JSON on standard output, exit 2 on a malformed spec.

use crate::common;

use std::process::Output;

use common::qipu_output as qipu;

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Red's 40 moves take `red_40th` seconds for the last and 135 s for each before (87:45 in all
/// before it); Black's take 60 s each. Then `more` moves of 60 s for both.
fn times(red_40th: u64, more: usize) -> Vec<String> {
    let mut t = Vec::new();
    for _ in 0..39 {
        t.push("135".to_owned());
        t.push("60".to_owned());
    }
    t.push(red_40th.to_string());
    t.push("60".to_owned());
    t.extend(std::iter::repeat_n("60".to_owned(), 2 * more));
    t
}

fn run(control: &str, times: &[String]) -> serde_json::Value {
    let mut args = vec!["clock", "--control", control, "--times"];
    args.extend(times.iter().map(String::as_str));
    json(&qipu(&args))
}

#[test]
fn art_6_1_the_fortieth_move_at_89_59_and_at_90_01() {
    // 39 × 2:15 = 87:45; a 40th move of 2:14 ends at 89:59, of 2:16 at 90:01.
    let v = run("6.1", &times(134, 0));
    assert_eq!(v["result"], "ongoing");
    assert_eq!(v["ply"], 80);
    assert_eq!(v["remaining"]["red"], 15 * 60 + 1);
    assert_eq!(v["moves_due"]["red"], 10);
    let v = run("6.1", &times(136, 0));
    assert_eq!(v["result"], "red_lost_on_time");
    assert_eq!(v["ply"], 79);
    assert_eq!(v["remaining"]["red"], 0);
    assert_eq!(v["remaining"]["black"], 90 * 60 - 39 * 60);
    assert_eq!(v["moves_due"]["red"], 1);
}

#[test]
fn art_6_1_periods_accumulate_to_105_minutes_for_the_50th_move() {
    // After 40 moves in 89:59, nine more of 60 s reach 98:59; the 50th may take up to 6:01.
    let mut t = times(134, 9);
    t.push("361".to_owned());
    assert_eq!(run("6.1", &t)["result"], "ongoing");
    t.pop();
    t.push("362".to_owned());
    let v = run("6.1", &t);
    assert_eq!(
        (v["result"].as_str(), v["ply"].as_u64()),
        (Some("red_lost_on_time"), Some(99))
    );
}

#[test]
fn a_malformed_spec_is_refused_with_the_reason() {
    let out = qipu(&["clock", "--control", "40/90m,sd", "--times", "10"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("byte 7"), "{stderr}");
    assert!(stderr.contains("'/'"), "{stderr}");
    assert!(out.stdout.is_empty());
}
