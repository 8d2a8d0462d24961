//! The window's layout: which side panels show and how wide, and whether the referee's detail
//! is open under the status line. The board comes first: when the window is too narrow for the
//! panels at their widths they shrink, then the least wanted collapse to tabs (the panel last
//! opened is kept longest), so the board keeps [`BOARD_ROOM`] (a board of about 300 px at
//! 640×480, and at 800×600 with the opening tree shown).

use serde::{Deserialize, Serialize};

/// Width the board keeps before any side panel (the central area, margins included).
pub const BOARD_ROOM: f32 = 350.0;
/// The narrowest a side panel is drawn (narrower, it collapses to a tab).
pub const PANEL_MIN: f32 = 200.0;
/// The width of a collapsed panel's tab.
pub const TAB: f32 = 30.0;
/// A side panel's width until the user sets one.
pub const PANEL_DEFAULT: f32 = 300.0;
/// The opening tree's width until the user sets one: its three columns.
pub const TREE_DEFAULT: f32 = 234.0;

/// A side panel of the window.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
pub enum Panel {
    /// The left panel: the move box and the clock (the clerk's desk).
    Desk,
    /// The right panel: the record.
    Record,
    /// The opening tree of the game database (開局樹), between the board and the record.
    Tree,
}

impl Panel {
    /// All of them, in the order they are kept when the window narrows (after the favoured one).
    pub const ALL: [Panel; 3] = [Panel::Desk, Panel::Record, Panel::Tree];

    /// Which panel goes first when not every one fits: the lower, the longer it is kept.
    fn rank(self) -> u8 {
        match self {
            Panel::Record => 0,
            Panel::Desk => 1,
            Panel::Tree => 2,
        }
    }
}

/// How the window is laid out (kept in the settings).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Layout {
    /// The move box and clock are shown.
    pub desk_shown: bool,
    /// Their width as the user set it.
    pub desk_width: f32,
    /// The record is shown.
    pub record_shown: bool,
    /// Its width as the user set it.
    pub record_width: f32,
    /// The opening tree is shown.
    pub tree_shown: bool,
    /// Its width as the user set it.
    pub tree_width: f32,
    /// The panel kept open longest when the window cannot hold them all (the one last opened).
    pub favoured: Panel,
    /// The referee's detail (the moves of a cycle) is open under the status line.
    pub detail_open: bool,
    /// The analysis panel's lines are drawn as arrows on the board.
    pub engine_arrows: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            desk_shown: true,
            desk_width: PANEL_DEFAULT,
            record_shown: true,
            record_width: PANEL_DEFAULT,
            tree_shown: false,
            tree_width: TREE_DEFAULT,
            favoured: Panel::Record,
            detail_open: false,
            engine_arrows: true,
        }
    }
}

/// How a side panel is drawn in a window of a given width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fit {
    /// Not at all (the user hid it).
    Hidden,
    /// As a tab that opens it (there is no room for it beside the board).
    Tab,
    /// At the user's width, resizable up to `max`.
    Free {
        /// The width.
        width: f32,
        /// The widest the user may make it without taking the board's room.
        max: f32,
    },
    /// Narrower than the user's width, fixed, while the window is small.
    Narrow(f32),
}

impl Layout {
    /// Whether `panel` is shown (not hidden by the user).
    pub fn shown(&self, panel: Panel) -> bool {
        match panel {
            Panel::Desk => self.desk_shown,
            Panel::Record => self.record_shown,
            Panel::Tree => self.tree_shown,
        }
    }

    /// The width the user set for `panel`.
    pub fn width(&self, panel: Panel) -> f32 {
        match panel {
            Panel::Desk => self.desk_width,
            Panel::Record => self.record_width,
            Panel::Tree => self.tree_width,
        }
    }

    /// The layout with `panel` shown or hidden; a panel shown is the one kept longest.
    pub fn with_shown(mut self, panel: Panel, shown: bool) -> Layout {
        match panel {
            Panel::Desk => self.desk_shown = shown,
            Panel::Record => self.record_shown = shown,
            Panel::Tree => self.tree_shown = shown,
        }
        if shown {
            self.favoured = panel;
        }
        self
    }

    /// The layout with `panel` at `width` (at least `PANEL_MIN`).
    pub fn with_width(mut self, panel: Panel, width: f32) -> Layout {
        let width = width.max(PANEL_MIN);
        match panel {
            Panel::Desk => self.desk_width = width,
            Panel::Record => self.record_width = width,
            Panel::Tree => self.tree_width = width,
        }
        self
    }

    /// The layout with the referee's detail open or closed.
    pub fn with_detail(mut self, open: bool) -> Layout {
        self.detail_open = open;
        self
    }

    /// The layout that keeps `panel` open longest when not all fit.
    pub fn favouring(mut self, panel: Panel) -> Layout {
        self.favoured = panel;
        self
    }

    /// How each panel (in [`Panel::ALL`] order) is drawn in a window `window` wide.
    pub fn fit(&self, window: f32) -> [Fit; 3] {
        let room = (window - BOARD_ROOM).max(0.0);
        let shown: Vec<Panel> = Panel::ALL.into_iter().filter(|&p| self.shown(p)).collect();
        let wanted: f32 = shown.iter().map(|&p| self.width(p)).sum();
        let mut fits = [Fit::Hidden; 3];
        let index = |p: Panel| p as usize;
        if wanted <= room {
            for &p in &shown {
                fits[index(p)] = Fit::Free {
                    width: self.width(p),
                    max: room - (wanted - self.width(p)),
                };
            }
            return fits;
        }
        // As many as fit at the minimum beside the board, the favoured one first; the rest tabs.
        let mut kept = shown.clone();
        kept.sort_by_key(|&p| (p != self.favoured, p.rank()));
        let left = loop {
            let left = room - (shown.len() - kept.len()) as f32 * TAB;
            if kept.len() as f32 * PANEL_MIN <= left {
                break left;
            }
            match kept.pop() {
                Some(p) => fits[index(p)] = Fit::Tab,
                None => return fits,
            }
        };
        for (p, width) in self.shares(&kept, left) {
            fits[index(p)] = Fit::Narrow(width);
        }
        fits
    }

    /// `room` shared among `panels` in proportion to their widths (none wider than its width),
    /// none under [`PANEL_MIN`]: those that would be are held at it and the rest share the
    /// remainder. The caller has checked that the minimums fit.
    fn shares(&self, panels: &[Panel], room: f32) -> Vec<(Panel, f32)> {
        let mut held: Vec<Panel> = Vec::new();
        loop {
            let free: Vec<Panel> = panels
                .iter()
                .copied()
                .filter(|p| !held.contains(p))
                .collect();
            let rest = room - held.len() as f32 * PANEL_MIN;
            let wanted: f32 = free.iter().map(|&p| self.width(p)).sum();
            let scale = (rest / wanted).min(1.0);
            let under: Vec<Panel> = free
                .iter()
                .copied()
                .filter(|&p| self.width(p) * scale < PANEL_MIN)
                .collect();
            if under.is_empty() {
                return panels
                    .iter()
                    .map(|&p| {
                        let width = if held.contains(&p) {
                            PANEL_MIN
                        } else {
                            self.width(p) * scale
                        };
                        (p, width)
                    })
                    .collect();
            }
            held.extend(under);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_window_gives_each_panel_its_width_and_keeps_the_board_room() {
        let layout = Layout::default().with_width(Panel::Desk, 350.0);
        let [desk, record, tree] = layout.fit(1400.0);
        assert_eq!(tree, Fit::Hidden);
        assert_eq!(
            desk,
            Fit::Free {
                width: 350.0,
                max: 1400.0 - BOARD_ROOM - 300.0
            }
        );
        assert_eq!(
            record,
            Fit::Free {
                width: 300.0,
                max: 1400.0 - BOARD_ROOM - 350.0
            }
        );
    }

    #[test]
    fn a_narrower_window_shrinks_both_then_collapses_one_to_a_tab() {
        let layout = Layout::default();
        let [Fit::Narrow(desk), Fit::Narrow(record), Fit::Hidden] = layout.fit(800.0) else {
            panic!("both narrow at 800: {:?}", layout.fit(800.0));
        };
        assert_eq!(desk + record, 800.0 - BOARD_ROOM);
        assert!(desk >= PANEL_MIN && record >= PANEL_MIN);
        // At 640 only the record fits; the desk is a tab, and the board keeps its room.
        let fits = layout.fit(640.0);
        assert_eq!(fits[0], Fit::Tab);
        assert_eq!(fits[1], Fit::Narrow(640.0 - BOARD_ROOM - TAB));
        // Favouring the desk swaps them.
        let fits = layout.favouring(Panel::Desk).fit(640.0);
        assert_eq!(fits[1], Fit::Tab);
        assert!(matches!(fits[0], Fit::Narrow(_)));
    }

    #[test]
    fn a_hidden_panel_leaves_its_room_to_the_other() {
        let layout = Layout::default().with_shown(Panel::Desk, false);
        let fits = layout.fit(700.0);
        assert_eq!(fits[0], Fit::Hidden);
        assert_eq!(
            fits[1],
            Fit::Free {
                width: 300.0,
                max: 700.0 - BOARD_ROOM
            }
        );
        assert_eq!(layout.fit(640.0)[1], Fit::Narrow(640.0 - BOARD_ROOM));
        let none = layout.with_shown(Panel::Record, false).fit(640.0);
        assert_eq!(none, [Fit::Hidden, Fit::Hidden, Fit::Hidden]);
    }

    #[test]
    fn at_800_the_opening_tree_opened_keeps_its_place_and_the_board_its_room() {
        let layout = Layout::default().with_shown(Panel::Tree, true);
        let fits = layout.fit(800.0);
        // The tree was opened last: it and the record stay, the desk becomes a tab.
        assert_eq!(fits[Panel::Desk as usize], Fit::Tab);
        let widths: Vec<f32> = fits
            .iter()
            .filter_map(|f| match f {
                Fit::Narrow(w) => Some(*w),
                _ => None,
            })
            .collect();
        assert_eq!(widths.len(), 2);
        assert!(widths.iter().all(|&w| w >= PANEL_MIN), "{fits:?}");
        let used: f32 = widths.iter().sum::<f32>() + TAB;
        assert!((used - (800.0 - BOARD_ROOM)).abs() < 0.01, "{fits:?}");
        // Wide enough, all three at their widths.
        let wide = layout.fit(1400.0);
        assert!(
            wide.iter().all(|f| matches!(f, Fit::Free { .. })),
            "{wide:?}"
        );
        // Favouring the desk again keeps it and the record; the tree is the tab.
        let fits = layout.favouring(Panel::Desk).fit(800.0);
        assert_eq!(fits[Panel::Tree as usize], Fit::Tab);
    }

    #[test]
    fn a_share_never_goes_under_the_minimum_nor_over_the_users_width() {
        let layout = Layout::default()
            .with_width(Panel::Desk, 600.0)
            .with_shown(Panel::Tree, true);
        let shares = layout.shares(&Panel::ALL, 700.0);
        let total: f32 = shares.iter().map(|(_, w)| w).sum();
        assert!((total - 700.0).abs() < 0.01, "{shares:?}");
        assert!(
            shares.iter().all(|&(_, w)| w >= PANEL_MIN - 0.01),
            "{shares:?}"
        );
        let roomy = layout.shares(&[Panel::Record], 700.0);
        assert_eq!(roomy, vec![(Panel::Record, 300.0)]);
    }
}
