//! The window's layout: which side panels show and how wide, and whether the referee's detail
//! is open under the status line. The board comes first: when the window is too narrow for the
//! panels at their widths they shrink, then one collapses to a tab, so the board keeps
//! [`BOARD_ROOM`] (a board of about 300 px at 640×480).

use serde::{Deserialize, Serialize};

/// Width the board keeps before any side panel (the central area, margins included).
pub const BOARD_ROOM: f32 = 350.0;
/// The narrowest a side panel is drawn (narrower, it collapses to a tab).
pub const PANEL_MIN: f32 = 200.0;
/// The width of a collapsed panel's tab.
pub const TAB: f32 = 30.0;
/// A side panel's width until the user sets one.
pub const PANEL_DEFAULT: f32 = 300.0;

/// A side panel of the window.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Serialize, Deserialize)]
pub enum Panel {
    /// The left panel: the move box and the clock (the clerk's desk).
    Desk,
    /// The right panel: the record.
    Record,
}

impl Panel {
    /// Both, left to right.
    pub const ALL: [Panel; 2] = [Panel::Desk, Panel::Record];

    fn other(self) -> Panel {
        match self {
            Panel::Desk => Panel::Record,
            Panel::Record => Panel::Desk,
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
    /// The panel kept open when the window holds only one.
    pub favoured: Panel,
    /// The referee's detail (the moves of a cycle) is open under the status line.
    pub detail_open: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            desk_shown: true,
            desk_width: PANEL_DEFAULT,
            record_shown: true,
            record_width: PANEL_DEFAULT,
            favoured: Panel::Record,
            detail_open: false,
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
        }
    }

    /// The width the user set for `panel`.
    pub fn width(&self, panel: Panel) -> f32 {
        match panel {
            Panel::Desk => self.desk_width,
            Panel::Record => self.record_width,
        }
    }

    /// The layout with `panel` shown or hidden.
    pub fn with_shown(mut self, panel: Panel, shown: bool) -> Layout {
        match panel {
            Panel::Desk => self.desk_shown = shown,
            Panel::Record => self.record_shown = shown,
        }
        if shown {
            self.favoured = panel;
        }
        self
    }

    /// The layout with `panel` at `width` (at least [`PANEL_MIN`]).
    pub fn with_width(mut self, panel: Panel, width: f32) -> Layout {
        let width = width.max(PANEL_MIN);
        match panel {
            Panel::Desk => self.desk_width = width,
            Panel::Record => self.record_width = width,
        }
        self
    }

    /// The layout with the referee's detail open or closed.
    pub fn with_detail(mut self, open: bool) -> Layout {
        self.detail_open = open;
        self
    }

    /// The layout that keeps `panel` open when only one fits.
    pub fn favouring(mut self, panel: Panel) -> Layout {
        self.favoured = panel;
        self
    }

    /// How each panel (in [`Panel::ALL`] order) is drawn in a window `window` wide.
    pub fn fit(&self, window: f32) -> [Fit; 2] {
        let room = (window - BOARD_ROOM).max(0.0);
        let shown: Vec<Panel> = Panel::ALL.into_iter().filter(|&p| self.shown(p)).collect();
        let wanted: f32 = shown.iter().map(|&p| self.width(p)).sum();
        let mut fits = [Fit::Hidden; 2];
        let index = |p: Panel| p as usize;
        if wanted <= room {
            for &p in &shown {
                let others: f32 = shown
                    .iter()
                    .filter(|&&q| q != p)
                    .map(|&q| self.width(q))
                    .sum();
                fits[index(p)] = Fit::Free {
                    width: self.width(p),
                    max: room - others,
                };
            }
        } else if shown.len() as f32 * PANEL_MIN <= room {
            // Both shrink in proportion to their widths, neither under the minimum.
            let [first, rest @ ..] = shown.as_slice() else {
                return fits;
            };
            let share = (self.width(*first) * room / wanted)
                .clamp(PANEL_MIN, room - rest.len() as f32 * PANEL_MIN);
            fits[index(*first)] = Fit::Narrow(share);
            for &p in rest {
                fits[index(p)] = Fit::Narrow(room - share);
            }
        } else {
            // One at most beside the board: the favoured one, the other as a tab.
            let keep = if shown.contains(&self.favoured) {
                self.favoured
            } else {
                self.favoured.other()
            };
            let mut left = room;
            if shown.contains(&keep.other()) {
                fits[index(keep.other())] = Fit::Tab;
                left -= TAB;
            }
            if shown.contains(&keep) {
                fits[index(keep)] = if left >= PANEL_MIN {
                    Fit::Narrow(left.min(self.width(keep)))
                } else {
                    Fit::Tab
                };
            }
        }
        fits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_window_gives_each_panel_its_width_and_keeps_the_board_room() {
        let layout = Layout::default().with_width(Panel::Desk, 350.0);
        let [desk, record] = layout.fit(1400.0);
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
        let [Fit::Narrow(desk), Fit::Narrow(record)] = layout.fit(800.0) else {
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
        assert_eq!(none, [Fit::Hidden, Fit::Hidden]);
    }
}
