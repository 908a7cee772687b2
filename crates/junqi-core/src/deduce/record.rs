//! A 2-player record read as the table reading reads any board's ([`Table`]): the seat's
//! view and its own formation on the facing board, and the public history, whose events
//! ([`crate::PublicEvent`]) are every board's. Both armies are followed from their setup points, each enemy
//! piece with the roles its own record allows — the setup rules for its slot (RULES.md
//! §3 with the game's switches), movable roles once it has moved, an engineer (or a flying
//! bomb) once it made a run no other piece could, what each contact with one of the seat's own
//! pieces allows, and public reveals.

use super::table::Table;
use super::{role_bit, RoleMask, ALL_ROLES};
use crate::siguo::{self, Grid};
use crate::{Deployment, Mode, PlayerView, Point, PublicEvent, Role, Rules, Seat, Slot};

/// Every role but the landmine and the flag: what a piece that moved may be.
pub fn movable() -> RoleMask {
    ALL_ROLES & !role_bit(Role::Landmine) & !role_bit(Role::Flag)
}

/// The setup rules (RULES.md §3, with the game's setup switches) as a mask for the piece that
/// started on `slot`, as the core states them ([`Deployment::allowed_slots_with`]). The same
/// for any seat's area on any board: slots are read as their owner sees them.
pub fn setup_mask(slot: Slot, rules: &Rules) -> RoleMask {
    Role::ALL
        .into_iter()
        .filter(|&r| Deployment::allowed_slots_with(r, rules).contains(&slot))
        .fold(0, |m, r| m | role_bit(r))
}

/// What `me` knew at the start of a game like `view`'s from its own formation `own`: its
/// pieces on their setup points (all a reading takes from a seat's view of the start), on any
/// board.
pub(crate) fn start_view<P: Grid>(
    view: &siguo::Position<P>,
    me: Seat,
    own: &Deployment,
) -> siguo::Position<P> {
    let mut start = view.clone();
    for p in view.occupied() {
        start.take(p);
    }
    for slot in Slot::setup() {
        if let (Some(p), Some(role)) = (view.board().slot_point(me, slot), own.get(slot)) {
            start.put(
                p,
                siguo::Occupant {
                    seat: me,
                    role: Some(role),
                },
            );
        }
    }
    start
}

impl<P: Grid> Table<P> {
    /// [`Table::read_knowing`] for the seat `me` whose own formation is `own`: its pieces are
    /// known from their setup points on, lost or not, and so is what they met.
    pub fn read_own(
        view: &siguo::Position<P>,
        history: &[PublicEvent<P>],
        me: Seat,
        own: &Deployment,
    ) -> Option<Table<P>> {
        Table::read_knowing(view, history, Some(&start_view(view, me, own)))
    }
}

impl Table<Point> {
    /// 暗棋: what `view`'s seat (with its own formation `own`) may read of the record: its
    /// view on the facing board, its view of the start and the public history. `None` in
    /// the other modes, for a view of nobody, or when the history does not lead to the view
    /// (a position set up by hand).
    pub fn two_player(view: &PlayerView, own: &Deployment) -> Option<Table<Point>> {
        if view.mode != Mode::Dark {
            return None;
        }
        let me = view.me?;
        Table::read_own(&view.to_position().into_engine(), &view.history, me, own)
    }
}
