//! A 2-player record read as the table reading reads any board's ([`Table`]): the seat's
//! view and its view of the start on the facing board, and the public history in the words
//! every board shares ([`TableEvent`]). The enemy's 25 pieces are followed from their setup
//! points, each with the roles its own record allows — the setup rules for its slot (RULES.md
//! §3 with the game's switches), movable roles once it has moved, an engineer (or a flying
//! bomb) once it made a run no other piece could, what each contact with one of the seat's own
//! pieces allows, and public reveals.

use super::table::{Contact, Table, TableEvent};
use super::{role_bit, RoleMask, ALL_ROLES};
use crate::position::{Occupant, Position};
use crate::siguo;
use crate::{
    Action, ActionResult, Deployment, Mode, PlayerView, Point, PublicEvent, Role, Rules, Seat, Slot,
};

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

/// What everyone is told of a contact, in the words both boards share.
fn told(result: ActionResult) -> Option<Contact> {
    match result {
        ActionResult::Win | ActionResult::Capture => Some(Contact::AttackerWins),
        ActionResult::Lose | ActionResult::Scout => Some(Contact::DefenderWins),
        ActionResult::Both => Some(Contact::BothRemoved),
        ActionResult::Bounce => Some(Contact::Bounced),
        ActionResult::Move | ActionResult::Flip => None,
    }
}

/// One action of a 2-player game as every board's reading takes it: the move, what its contact
/// told everyone, and a flag taken to be carried (shown at the move's destination). A 翻棋
/// flip moves nothing and is left out.
pub fn table_event(e: &PublicEvent) -> Option<TableEvent<Point>> {
    let Action::Move { to, .. } = e.action else {
        return None;
    };
    let carried = (e.result == ActionResult::Win)
        .then(|| {
            e.revealed
                .iter()
                .find(|(p, piece)| *p == to && piece.role == Role::Flag)
                .map(|(_, piece)| piece.color)
        })
        .flatten();
    Some(TableEvent {
        mv: Some(e.action),
        contact: told(e.result),
        left: Vec::new(),
        carried,
    })
}

/// What `me` saw at the start of a 2-player 暗棋 game: its own formation, and an enemy piece
/// of unknown role on every setup point of the other half.
pub fn facing_start(me: Seat, own: &Deployment, rules: &Rules) -> siguo::Position<Point> {
    let mut start = Position::empty(Mode::Dark, *rules);
    for (p, piece) in own.placed(me) {
        start.put(p, Occupant::known(piece));
    }
    let enemy = me.other_side();
    for slot in Slot::setup() {
        start.put(
            slot.point(enemy),
            Occupant {
                color: Some(enemy),
                role: None,
                face_down: false,
            },
        );
    }
    start.into_engine()
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
        let events: Vec<TableEvent<Point>> = view.history.iter().filter_map(table_event).collect();
        let start = facing_start(me, own, &view.rules);
        Table::read_knowing(&view.to_position().into_engine(), &events, Some(&start))
    }
}
