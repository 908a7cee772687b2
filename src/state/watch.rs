//! 旁观: a game only computers play, watched — on either board. Each move stays on show for
//! the pace chosen; the watcher may pause and play one move at a time. Both stores hold one
//! [`WatchControls`]; what each board's watcher may see (every piece, or one seat's view) is
//! the board's own choice.

use leptos::prelude::*;
use std::time::Duration;

/// How long each move of a watched game stays on show before the next seat thinks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Pace {
    Slow,
    #[default]
    Normal,
    Fast,
}

impl Pace {
    pub const ALL: [Pace; 3] = [Pace::Slow, Pace::Normal, Pace::Fast];

    pub fn pause(self) -> Duration {
        Duration::from_millis(match self {
            Pace::Slow => 2_000,
            Pace::Normal => 800,
            Pace::Fast => 150,
        })
    }

    /// `data-pace` and the test ids.
    pub fn code(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
        }
    }
}

/// The watcher's controls of a watched game: its pace, whether it is paused, and a step asked
/// for while paused.
#[derive(Copy, Clone, Debug)]
pub struct WatchControls {
    pub pace: RwSignal<Pace>,
    pub paused: RwSignal<bool>,
    /// Paused, one move was asked for.
    step: StoredValue<bool>,
    /// The last move is on show: the next seat waits ([`WatchControls::hold`]).
    pub showing: Hold,
}

impl Default for WatchControls {
    fn default() -> WatchControls {
        WatchControls {
            pace: RwSignal::new(Pace::default()),
            paused: RwSignal::new(false),
            step: StoredValue::new(false),
            showing: Hold::default(),
        }
    }
}

impl WatchControls {
    /// Whether the next computer seat may think now: unless paused, or once when a step was
    /// asked for while paused (the step is used up).
    pub fn lets_move(&self) -> bool {
        if !self.paused.get_untracked() {
            return true;
        }
        let step = self.step.get_value();
        self.step.set_value(false);
        step
    }

    /// Pauses the game, or lets it go on.
    pub fn toggle_pause(&self) {
        self.paused.update(|p| *p = !*p);
        self.step.set_value(false);
    }

    /// While paused: the seat to move may play one move. False when not paused.
    pub fn ask_step(&self) -> bool {
        let paused = self.paused.get_untracked();
        self.step.set_value(paused);
        paused
    }

    /// The move just played stays on show for the pace chosen, or for `at_least` (its
    /// animation) if that is longer.
    pub fn hold(&self, at_least: Duration) {
        self.showing
            .hold(self.pace.get_untracked().pause().max(at_least));
    }

    /// A new watched game starts playing: not paused, nothing on show.
    pub fn reset(&self) {
        self.paused.set(false);
        self.step.set_value(false);
        self.showing.release();
    }
}

/// A move on show: while it holds (`on`), the next seat waits. A later hold, or a release,
/// makes an earlier hold's end do nothing.
#[derive(Copy, Clone, Debug)]
pub struct Hold {
    pub on: RwSignal<bool>,
    /// Which hold is running.
    token: StoredValue<u64>,
}

impl Default for Hold {
    fn default() -> Hold {
        Hold {
            on: RwSignal::new(false),
            token: StoredValue::new(0),
        }
    }
}

impl Hold {
    /// Holds for `d`.
    pub fn hold(&self, d: Duration) {
        let token = self.token.get_value() + 1;
        self.token.set_value(token);
        self.on.set(true);
        let me = *self;
        set_timeout(
            move || {
                if me.token.try_get_value() == Some(token) {
                    me.on.set(false);
                }
            },
            d,
        );
    }

    /// Lets go at once, whatever was on show.
    pub fn release(&self) {
        self.token.update_value(|t| *t += 1);
        self.on.set(false);
    }
}
