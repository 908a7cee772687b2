//! Fuzzing of every parser the app runs on stored or imported text: saved games (and replaying
//! each one through the referee), results, child profiles, settings, new-game choices, grown-up
//! settings and saved formations. Random bytes and random edits of real stored texts (the golden
//! fixtures and this version's own JSON) must never panic; whatever reads must read its own
//! writing back the same.

use super::fixtures::{CONFIG, FORMATIONS, GROWNUP, SAVES, SETTINGS_CHANGED, SETTINGS_DEFAULT_ZH};
use crate::i18n::Lang;
use crate::learn::grownup::GrownUp;
use crate::learn::profiles::Profiles;
use crate::state::config::GameConfig;
use crate::state::presets;
use crate::state::saves;
use crate::state::settings::Settings;
use crate::state::stats::{Result3, Stats};
use junqi_core::Mode;
use proptest::prelude::*;

/// Real stored texts of every kind, in both the first version's form and this one's.
fn samples() -> Vec<String> {
    let mut stats = Stats::default();
    stats.add_computer(Mode::Dark, 3, Result3::Win, 40, true);
    stats.add_friend(Mode::Open, None);
    let mut profiles = Profiles::new();
    let _ = profiles.create("小明", 2);
    profiles.record("1-1", 3);
    vec![
        SAVES.to_string(),
        CONFIG.to_string(),
        GameConfig::from_text(CONFIG).to_json(),
        GROWNUP.to_string(),
        GrownUp::from_text(GROWNUP).to_json(),
        FORMATIONS.to_string(),
        presets::write_formations(&presets::parse_saved(FORMATIONS), &Default::default()),
        SETTINGS_DEFAULT_ZH.to_string(),
        SETTINGS_CHANGED.to_string(),
        Settings::from_text(SETTINGS_CHANGED, Lang::En).to_json(),
        stats.to_text(),
        profiles.to_text(),
    ]
}

/// `text` with `edits` applied: each replaces, inserts or deletes one character at a place
/// given as a fraction of the length, or cuts the text there.
fn edit(text: &str, edits: &[(u8, f64, char)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(kind, at, c) in edits {
        let i = ((chars.len() as f64) * at) as usize;
        match kind % 4 {
            0 if i < chars.len() => chars[i] = c,
            1 => chars.insert(i.min(chars.len()), c),
            2 if i < chars.len() => {
                chars.remove(i);
            }
            3 => chars.truncate(i),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Every parser on `text`: none may panic, and what one reads it must read back the same from
/// its own writing.
fn read_everything(text: &str) {
    if let Ok(loaded) = saves::read(text) {
        for g in &loaded.saves.games {
            // Replaying a damaged game is refused with a reason, never a panic.
            let _ = saves::rebuild(g);
            let _ = g.setup();
            let _ = g.guess_marks();
        }
        let again = saves::read(&loaded.saves.to_text()).expect("its own text reads");
        assert_eq!(again.saves.games.len(), loaded.saves.games.len());
    }
    if let Ok(s) = Stats::from_text(text) {
        assert_eq!(Stats::from_text(&s.to_text()), Ok(s));
    }
    let _ = Profiles::load(Some(text));
    for lang in [Lang::Zh, Lang::En] {
        let s = Settings::from_text(text, lang);
        assert_eq!(Settings::from_json(&s.to_json(), lang), Ok(s));
        let _ = Settings::from_json(text, lang);
    }
    let c = GameConfig::from_text(text);
    assert_eq!(
        c.rules.validate(),
        Ok(()),
        "read choices are always playable rules"
    );
    assert!((1..=5).contains(&c.level));
    assert_eq!(GameConfig::from_json(&c.to_json()), Ok(c));
    if let Ok(c) = GameConfig::from_json(text) {
        assert_eq!(c.rules.validate(), Ok(()));
    }
    let g = GrownUp::from_text(text);
    assert_eq!(GrownUp::from_json(&g.to_json()), Ok(g));
    let _ = GrownUp::from_json(text);
    let _ = presets::parse_saved(text);
    if let Ok((saved, rest)) = presets::read_formations(text) {
        let written = presets::write_formations(&saved, &rest);
        let (again, _) = presets::read_formations(&written).expect("its own text reads");
        assert_eq!(again, saved);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        read_everything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn edited_stored_texts_never_panic(
        which in 0usize..12,
        edits in proptest::collection::vec((any::<u8>(), 0.0f64..1.0, any::<char>()), 1..6),
    ) {
        let samples = samples();
        let text = &samples[which % samples.len()];
        read_everything(&edit(text, &edits));
    }

    #[test]
    fn edited_json_values_never_panic(
        which in 0usize..12,
        at in 0.0f64..1.0,
        value in prop_oneof![
            Just("null".to_string()),
            Just("-1".to_string()),
            Just("1e999".to_string()),
            Just("18446744073709551616".to_string()),
            Just("\"\"".to_string()),
            Just("[]".to_string()),
            Just("{}".to_string()),
            Just("true".to_string()),
            "[a-z0-9=;/\\t]{0,12}".prop_map(|s| format!("{s:?}")),
        ],
    ) {
        // Replaces one JSON value (after a colon) by a value of another type or range.
        let samples = samples();
        let text = &samples[which % samples.len()];
        let colons: Vec<usize> = text.match_indices(':').map(|(i, _)| i).collect();
        if colons.is_empty() {
            return Ok(());
        }
        let c = colons[((colons.len() as f64) * at) as usize % colons.len()] + 1;
        let end = text[c..]
            .find([',', '}', ']'])
            .map_or(text.len(), |e| c + e);
        let edited = format!("{}{}{}", &text[..c], value, &text[end..]);
        read_everything(&edited);
    }
}
