//! The computer's strength presets: one table of levels for every board, each level with its
//! search budgets for the facing board (the 2-player game) and the cross board (四国 and its
//! seatings), whose rounds are twice as long and whose positions cost more to search.

/// A named strength preset: search budgets and style.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub number: u8,
    pub name_en: &'static str,
    pub name_zh: &'static str,
    /// Percent chance of a random plausible move instead of the searched one.
    pub wander: u32,
    /// On the facing board.
    pub facing: Budgets,
    /// On the cross board.
    pub cross: Budgets,
}

/// How one level searches on one board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Every identity known: search nodes per move.
    pub nodes: u64,
    /// Every identity known: deepest full-width iteration, in plies (one seat's move each).
    pub max_depth: u32,
    /// Every identity known: random noise added to each root score (centipawn-like units).
    pub noise: i32,
    /// Identities hidden: worlds sampled per move.
    pub worlds: usize,
    /// Identities hidden: search nodes per move, shared by the worlds.
    pub hidden_nodes: u64,
    /// Identities hidden: deepest iteration in each world.
    pub hidden_depth: u32,
    /// Identities hidden: the root noise. Hidden identities make every score uncertain
    /// already, so the levels are set apart there by their own amounts (see BENCHMARKS.md).
    pub hidden_noise: i32,
}

/// From "a young child can beat it" to the strongest this machine affords.
pub const LEVELS: [Level; 5] = [
    Level {
        number: 1,
        name_en: "Recruit",
        name_zh: "新兵",
        wander: 40,
        facing: Budgets {
            nodes: 300,
            max_depth: 1,
            noise: 300,
            worlds: 1,
            hidden_nodes: 300,
            hidden_depth: 1,
            hidden_noise: 400,
        },
        cross: Budgets {
            nodes: 300,
            max_depth: 1,
            noise: 300,
            worlds: 1,
            hidden_nodes: 300,
            hidden_depth: 1,
            hidden_noise: 300,
        },
    },
    Level {
        number: 2,
        name_en: "Corporal",
        name_zh: "班长",
        wander: 15,
        facing: Budgets {
            nodes: 2_000,
            max_depth: 2,
            noise: 150,
            worlds: 1,
            hidden_nodes: 2_000,
            hidden_depth: 1,
            hidden_noise: 280,
        },
        cross: Budgets {
            nodes: 2_000,
            max_depth: 2,
            noise: 150,
            worlds: 1,
            hidden_nodes: 2_000,
            hidden_depth: 1,
            hidden_noise: 150,
        },
    },
    Level {
        number: 3,
        name_en: "Captain",
        name_zh: "连长",
        wander: 0,
        facing: Budgets {
            nodes: 10_000,
            max_depth: 3,
            noise: 20,
            worlds: 8,
            hidden_nodes: 20_000,
            hidden_depth: 2,
            hidden_noise: 40,
        },
        cross: Budgets {
            nodes: 12_000,
            max_depth: 4,
            noise: 10,
            worlds: 4,
            hidden_nodes: 12_000,
            hidden_depth: 2,
            hidden_noise: 10,
        },
    },
    Level {
        number: 4,
        name_en: "Colonel",
        name_zh: "团长",
        wander: 0,
        facing: Budgets {
            nodes: 35_000,
            max_depth: 5,
            noise: 5,
            worlds: 12,
            hidden_nodes: 60_000,
            hidden_depth: 2,
            hidden_noise: 0,
        },
        cross: Budgets {
            nodes: 20_000,
            max_depth: 5,
            noise: 0,
            worlds: 5,
            hidden_nodes: 20_000,
            hidden_depth: 3,
            hidden_noise: 0,
        },
    },
    Level {
        number: 5,
        name_en: "Marshal",
        name_zh: "司令",
        wander: 0,
        facing: Budgets {
            nodes: 120_000,
            max_depth: 8,
            noise: 0,
            worlds: 12,
            hidden_nodes: 300_000,
            hidden_depth: 3,
            hidden_noise: 0,
        },
        cross: Budgets {
            nodes: 32_000,
            max_depth: 6,
            noise: 0,
            worlds: 6,
            hidden_nodes: 32_000,
            hidden_depth: 3,
            hidden_noise: 0,
        },
    },
];

/// The level used when none is chosen.
pub const DEFAULT_LEVEL: u8 = 3;

/// The preset numbered `n` (1 ..= 5).
pub fn level(n: u8) -> Option<Level> {
    LEVELS.iter().copied().find(|l| l.number == n)
}

/// The default level with its noise and wandering taken away: the best move it finds (the
/// hint button, the coach).
pub(crate) fn best_of_default() -> Level {
    let mut level = level(DEFAULT_LEVEL).unwrap_or(LEVELS[2]);
    level.wander = 0;
    for b in [&mut level.facing, &mut level.cross] {
        b.noise = 0;
        b.hidden_noise = 0;
    }
    level
}
