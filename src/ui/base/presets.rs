//! The time controls of art. 6 as the forms offer them (the clock panel, a game against the
//! computer, the settings that keep the last one chosen).

use std::time::Duration;

use crate::competition::Preset;
use crate::lang::Language;

/// The five presets of art. 6, 6.5 with `minutes`.
pub fn presets(minutes: u32) -> [Preset; 5] {
    [
        Preset::Art6_1,
        Preset::Art6_2,
        Preset::Art6_3,
        Preset::Art6_4,
        Preset::Art6_5(Duration::from_secs(u64::from(minutes) * 60)),
    ]
}

/// The article of a preset: `6.1`.
pub fn article(preset: Preset) -> &'static str {
    match preset {
        Preset::Art6_1 => "6.1",
        Preset::Art6_2 => "6.2",
        Preset::Art6_3 => "6.3",
        Preset::Art6_4 => "6.4",
        Preset::Art6_5(_) => "6.5",
    }
}

/// The name of a preset for the chooser.
pub fn preset_label(preset: Preset, lang: Language) -> String {
    match preset {
        Preset::Art6_1 => lang.pick(
            "6.1: 40 moves in 90 min, then 10 per 15 min",
            "6.1：90 分钟 40 着，之后每 15 分钟 10 着",
            "6.1：90 分鐘 40 著，之後每 15 分鐘 10 著",
        ),
        Preset::Art6_2 => lang.pick(
            "6.2: 30 moves in 60 min, then 10 per 10 min",
            "6.2：60 分钟 30 着，之后每 10 分钟 10 着",
            "6.2：60 分鐘 30 著，之後每 10 分鐘 10 著",
        ),
        Preset::Art6_3 => lang.pick(
            "6.3: 40 moves in 10 min, then 30 per 5 min",
            "6.3：10 分钟 40 着，之后每 5 分钟 30 着",
            "6.3：10 分鐘 40 著，之後每 5 分鐘 30 著",
        ),
        Preset::Art6_4 => lang.pick(
            "6.4: 30 moves per 5 min",
            "6.4：每 5 分钟 30 着",
            "6.4：每 5 分鐘 30 著",
        ),
        Preset::Art6_5(_) => lang.pick(
            "6.5: the whole game in fixed minutes",
            "6.5：包干时间",
            "6.5：包幹時間",
        ),
    }
    .to_owned()
}

/// A preset in brief for a closed chooser, its meaning beside the article: `6.4: 30/5 min`
/// (moves in minutes); 6.5 with its minutes.
pub fn preset_brief(preset: Preset, lang: Language) -> String {
    let (moves, minutes) = match preset {
        Preset::Art6_1 => (40, 90),
        Preset::Art6_2 => (30, 60),
        Preset::Art6_3 => (40, 10),
        Preset::Art6_4 => (30, 5),
        Preset::Art6_5(whole) => {
            let minutes = whole.as_secs() / 60;
            return match lang {
                Language::English => format!("6.5: {minutes} min a game"),
                Language::SimplifiedChinese => format!("6.5：包干 {minutes} 分钟"),
                Language::TraditionalChinese => format!("6.5：包幹 {minutes} 分鐘"),
            };
        }
    };
    let article = article(preset);
    match lang {
        Language::English => format!("{article}: {moves}/{minutes} min"),
        Language::SimplifiedChinese => format!("{article}：{minutes} 分钟 {moves} 着"),
        Language::TraditionalChinese => format!("{article}：{minutes} 分鐘 {moves} 著"),
    }
}
