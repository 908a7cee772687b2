//! Golden fixtures: the stored texts of this version, exactly as it writes them (settings, the
//! last new-game choices, the grown-up settings, saved formations, a saved game). Whatever
//! format comes next must still load every one of them to the same values: change a format
//! only with a migration that keeps these tests passing.

use crate::ground::label::LabelStyle;
use crate::i18n::Lang;
use crate::learn::grownup::{GrownUp, UndoPolicy};
use crate::state::config::{GameConfig, Opponent};
use crate::state::presets;
use crate::state::saves;
use crate::state::settings::{Settings, Speed};
use junqi_core::{Deployment, Mode};

pub(super) const SETTINGS_DEFAULT_ZH: &str =
    "lang=zh;labels=two;large=0;dests=1;undo=1;face=0;sound=1;volume=70;speed=normal";
pub(super) const SETTINGS_CHANGED: &str =
    "lang=en;labels=icon;large=1;dests=0;undo=0;face=1;sound=0;volume=33;speed=fast";
pub(super) const CONFIG: &str =
    "mode=dark;opponent=computer;level=4;seat=1;clock=10;rule=mines_explode;rule=flying_bomb";
pub(super) const GROWNUP: &str = "undo=once;hints=2;modes=101;voice=0;preview=1";
pub(super) const FORMATIONS: &str =
    "mine\tDECPD/BCZ/ZNRB/GEC/MENLP/RPLFL\nother name\tPCPEP/CNC/DZZD/RNR/EMGEL/BFBLL\n";
pub(super) const SAVES: &str = r#"{"version":1,"current":"19c4-1a2b","games":[{"id":"19c4-1a2b","started":1764500000000.0,"saved":1764500060000.0,"imported":false,"config":"mode=dark;opponent=computer;level=2;seat=0;clock=5","seed":6871,"setup":{"kind":"computer","own":"DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL"},"actions":"c6-d5","result":null,"clock":[290000.0,300000.0],"guesses":"a7=G"}]}"#;

#[test]
fn settings_of_today_still_load() {
    assert_eq!(
        Settings::from_text(SETTINGS_DEFAULT_ZH, Lang::En),
        Settings::defaults(Lang::Zh)
    );
    assert_eq!(Settings::defaults(Lang::Zh).to_text(), SETTINGS_DEFAULT_ZH);
    let s = Settings::from_text(SETTINGS_CHANGED, Lang::Zh);
    assert_eq!(s.lang, Lang::En);
    assert_eq!(s.labels, LabelStyle::Icon);
    assert!(s.large_labels && !s.show_dests && !s.allow_undo && s.face_to_face && !s.sound);
    assert_eq!((s.volume, s.speed), (33, Speed::Fast));
    assert_eq!(s.to_text(), SETTINGS_CHANGED);
}

#[test]
fn new_game_choices_of_today_still_load() {
    let c = GameConfig::from_text(CONFIG);
    assert_eq!((c.mode, c.opponent), (Mode::Dark, Opponent::Computer));
    assert_eq!((c.level, c.seat, c.clock_minutes), (4, 1, 10));
    assert_eq!(c.rules.switch("mines_explode"), Some(true));
    assert_eq!(c.rules.switch("flying_bomb"), Some(true));
    assert_eq!(c.rules.switch("hq_exit"), Some(false));
    assert_eq!(c.to_text(), CONFIG);
}

#[test]
fn grown_up_settings_of_today_still_load() {
    let g = GrownUp::from_text(GROWNUP);
    assert_eq!(g.undo, UndoPolicy::OncePerGame);
    assert_eq!(g.hints, 2);
    assert_eq!(g.modes, [true, false, true]);
    assert!(!g.voice && g.preview);
    assert!(g.floor_points, "points stay at 0 or above, as they did");
    assert!(
        g.coach,
        "the course's coach is on until a grown-up turns it off"
    );
    // Today's text, with the scoring and coach choices it did not have yet.
    assert_eq!(g.to_text(), format!("{GROWNUP};floor=1;coach=1"));
}

#[test]
fn saved_formations_of_today_still_load() {
    let f = presets::parse_saved(FORMATIONS);
    assert_eq!(
        f,
        vec![
            ("mine".to_string(), Deployment::classic_1()),
            ("other name".to_string(), Deployment::classic_2()),
        ]
    );
    assert_eq!(presets::format_saved(&f), FORMATIONS);
}

#[test]
fn a_saved_game_of_today_still_loads_and_resumes() {
    let loaded = saves::read(SAVES).expect("today's envelope");
    assert!(loaded.broken.is_empty());
    let g = loaded.saves.resumable().expect("the game in progress");
    assert_eq!(g.seeds, 0, "saved before the seed scheme");
    assert_eq!(g.rev, 0);
    assert_eq!(g.guess_marks().len(), 1);
    let m = saves::rebuild(g).expect("it replays");
    assert_eq!(m.plies(), 1);
    assert_eq!(
        m.formation_of(1),
        Some(&junqi_ai::deploy::formation(6871 ^ 0xA5A5)),
        "the computer's formation is the one it had"
    );
    assert_eq!(m.config.clock_minutes, 5);
}
