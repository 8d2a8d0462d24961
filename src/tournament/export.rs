//! The event for print and exchange: the crosstable, the standings and the pairing list of
//! every round as CSV, HTML (a page to print) or PDF ([`super::print`]), and the TRF
//! ([`super::trf`]).

use super::event::Event;
use super::standings::{default_rounds, standings, Standing};
use super::systems::knockout;
use super::{print, trf};
use crate::export::pdf::{Paper, PdfError};
use crate::rules::Color;

/// An export format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// FIDE Tournament Report File.
    Trf,
    /// Comma-separated values.
    Csv,
    /// A printable web page.
    Html,
    /// Printable PDF pages: the standings, the crosstable, each round's pairings.
    Pdf,
}

impl Format {
    /// The format named `name` (`trf`, `csv`, `html`, `pdf`).
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "trf" => Some(Format::Trf),
            "csv" => Some(Format::Csv),
            "html" => Some(Format::Html),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }
}

/// The bytes of the event in `format` (a PDF on `paper`).
pub fn render(event: &Event, format: Format, paper: Paper) -> Result<Vec<u8>, PdfError> {
    Ok(match format {
        Format::Trf => trf::write(event).into_bytes(),
        Format::Csv => csv(event).into_bytes(),
        Format::Html => html(event).into_bytes(),
        Format::Pdf => print::pdf(event, paper)?,
    })
}

/// The standings an export shows: the event's own table (a knockout's by the bracket).
pub fn table(event: &Event) -> Vec<Standing> {
    let lines = standings(event, default_rounds(event), None);
    if event.settings.system == super::event::System::Knockout {
        knockout::standings(event, lines)
    } else {
        lines
    }
}

/// One crosstable cell per round for each player: opponent's start number, colour (r/b) and
/// the mark (1 ½ 0 + −); a bye is `bye`.
pub fn crosstable(event: &Event) -> Vec<(String, Vec<String>)> {
    event
        .players
        .iter()
        .enumerate()
        .map(|(id, p)| {
            let cells = event
                .rounds
                .iter()
                .map(|r| {
                    if let Some(g) = r.games().find(|g| g.colour_of(id).is_some()) {
                        let c = g.colour_of(id).unwrap_or(Color::Red);
                        let opp = g.player(c.opponent()) + 1;
                        let colour = if c == Color::Red { "r" } else { "b" };
                        let mark = g.result.map_or("", |res| res.mark(c));
                        format!("{opp}{colour}{mark}")
                    } else if r.bye == Some(event.entrant_of(id)) {
                        "bye".to_owned()
                    } else {
                        String::new()
                    }
                })
                .collect();
            (p.name.clone(), cells)
        })
        .collect()
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

fn csv(event: &Event) -> String {
    let mut out = String::new();
    out.push_str("rank,name,score,played,wins,sonneborn_berger,buchholz,direct,fouls\n");
    for s in table(event) {
        out.push_str(&format!(
            "{},{},{}\n",
            s.rank,
            csv_field(&s.name),
            s.figures().join(",")
        ));
    }
    out.push('\n');
    out.push_str("no,name");
    for r in &event.rounds {
        out.push_str(&format!(",r{}", r.number));
    }
    out.push('\n');
    for (i, (name, cells)) in crosstable(event).into_iter().enumerate() {
        out.push_str(&format!("{},{}", i + 1, csv_field(&name)));
        for c in cells {
            out.push(',');
            out.push_str(&csv_field(&c));
        }
        out.push('\n');
    }
    out.push('\n');
    out.push_str("round,board,red,black,result\n");
    for r in &event.rounds {
        for g in r.games() {
            out.push_str(&format!(
                "{},{},{},{},{}\n",
                r.number,
                g.board,
                csv_field(&event.players[g.red].name),
                csv_field(&event.players[g.black].name),
                g.result.map_or("", |x| x.token())
            ));
        }
        if let Some(b) = r.bye {
            out.push_str(&format!(
                "{},,{},,bye\n",
                r.number,
                csv_field(&event.entrant_name(b))
            ));
        }
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn html(event: &Event) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"zh\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(&format!("<title>{}</title>\n", esc(&event.name)));
    out.push_str(
        "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin-bottom:1.5em}\
         td,th{border:1px solid #888;padding:2px 6px;text-align:center}td.n{text-align:left}\
         @media print{h2{page-break-before:always}h2:first-of-type{page-break-before:auto}}</style>\n",
    );
    out.push_str("</head>\n<body>\n");
    out.push_str(&format!("<h1>{}</h1>\n", esc(&event.name)));
    out.push_str("<h2>名次 Standings</h2>\n<table>\n<tr><th>名次</th><th>姓名</th><th>積分</th><th>局數</th><th>勝局</th><th>小分</th><th>對手分</th><th>直勝</th><th>犯規</th></tr>\n");
    for s in table(event) {
        let figures: String = s
            .figures()
            .iter()
            .map(|f| format!("<td>{f}</td>"))
            .collect();
        out.push_str(&format!(
            "<tr><td>{}</td><td class=\"n\">{}</td>{figures}</tr>\n",
            s.rank,
            esc(&s.name),
        ));
    }
    out.push_str("</table>\n<h2>成績表 Crosstable</h2>\n<table>\n<tr><th>No</th><th>姓名</th>");
    for r in &event.rounds {
        out.push_str(&format!("<th>{}</th>", r.number));
    }
    out.push_str("</tr>\n");
    for (i, (name, cells)) in crosstable(event).into_iter().enumerate() {
        out.push_str(&format!(
            "<tr><td>{}</td><td class=\"n\">{}</td>",
            i + 1,
            esc(&name)
        ));
        for c in cells {
            out.push_str(&format!("<td>{}</td>", esc(&c)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    for r in &event.rounds {
        out.push_str(&format!(
            "<h2>第 {} 輪 Round {}</h2>\n<table>\n<tr><th>臺</th><th>紅方</th><th>結果</th><th>黑方</th></tr>\n",
            r.number, r.number
        ));
        for g in r.games() {
            out.push_str(&format!(
                "<tr><td>{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td></tr>\n",
                g.board,
                esc(&event.players[g.red].name),
                g.result.map_or("", |x| x.token()),
                esc(&event.players[g.black].name)
            ));
        }
        if let Some(b) = r.bye {
            out.push_str(&format!(
                "<tr><td></td><td class=\"n\">{}</td><td>輪空 bye</td><td></td></tr>\n",
                esc(&event.entrant_name(b))
            ));
        }
        out.push_str("</table>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}
