//! Words of a game only computers play (旁观), on either board: its controls and paces.

use super::T;

/// Over the controls of a game only computers play.
pub const WATCHING: T = T {
    zh: "旁观：电脑对弈",
    en: "Watching the computers play",
};
pub const PAUSE: T = T {
    zh: "暂停",
    en: "Pause",
};
pub const RESUME: T = T {
    zh: "继续",
    en: "Go on",
};
pub const STEP: T = T {
    zh: "走一步",
    en: "One move",
};
pub const PACE: T = T {
    zh: "速度",
    en: "Pace",
};
/// The paces of a watched game.
pub const PACE_SLOW: T = T {
    zh: "慢",
    en: "Slow",
};
pub const PACE_NORMAL: T = T {
    zh: "中",
    en: "Normal",
};
pub const PACE_FAST: T = T {
    zh: "快",
    en: "Fast",
};
