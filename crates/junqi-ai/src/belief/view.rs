//! Worlds consistent with one seat's view alone, on any board, for determinised search where
//! no record of the game is at hand ([`super::Belief`] reads one). The view alone tells a
//! good deal about every hidden army: how many pieces each seat has left, which of its pieces
//! stand off their own setup rows (those moved, so they are neither landmines nor the flag),
//! where its flag can be (one of its own two headquarters: the flag never moves and a seat
//! whose flag is taken is out), and identities made public (a flag shown once its owner's Field
//! Marshal fell). Each hidden piece is given a role drawn from what its seat has not shown,
//! within those limits; roles left over stand for pieces already lost.

use junqi_core::seat::Seat;
use junqi_core::siguo::{Grid, Occupant, Position};
use junqi_core::{Deployment, Role, SplitMix64};

/// May a piece of `seat` standing on `p` still be where it was deployed, as a `role` that
/// never moves (a landmine or the flag)? The setup rules of the game's switches say
/// ([`Deployment::allowed_slots_with`]).
fn may_be<P: Grid>(pos: &Position<P>, seat: Seat, p: P, role: Role) -> bool {
    pos.board().point_slot(seat, p).is_some_and(|slot| {
        Deployment::allowed_slots_with(role, &pos.rules().rules).contains(&slot)
    })
}

/// The roles of `seat` that the view does not show: 25 pieces less those known.
fn unseen_roles<P: Grid>(pos: &Position<P>, seat: Seat) -> Vec<Role> {
    let mut counts = [0u8; 12];
    for r in Role::ALL {
        counts[r as usize] = r.count();
    }
    for p in pos.pieces_of(seat) {
        if let Some(r) = pos.at(p).and_then(|o| o.role) {
            counts[r as usize] = counts[r as usize].saturating_sub(1);
        }
    }
    let mut out = Vec::with_capacity(25);
    for r in Role::ALL {
        for _ in 0..counts[r as usize] {
            out.push(r);
        }
    }
    out
}

/// Fills in `seat`'s hidden pieces in `world`.
fn fill_seat<P: Grid>(world: &mut Position<P>, seat: Seat, rng: &mut SplitMix64) {
    let hidden: Vec<P> = world
        .pieces_of(seat)
        .iter()
        .filter(|&p| world.at(p).is_some_and(|o| o.role.is_none()))
        .collect();
    if hidden.is_empty() {
        return;
    }
    let mut pool = unseen_roles(world, seat);
    rng.shuffle(&mut pool);
    let put = |w: &mut Position<P>, p: P, role: Role| {
        w.put(
            p,
            Occupant {
                seat,
                role: Some(role),
            },
        )
    };
    let mut left: Vec<P> = hidden.clone();
    // The flag first: it stands on one of the seat's own headquarters.
    if let Some(i) = pool.iter().position(|&r| r == Role::Flag) {
        pool.remove(i);
        let homes: Vec<P> = left
            .iter()
            .copied()
            .filter(|&p| may_be(world, seat, p, Role::Flag))
            .collect();
        if !homes.is_empty() {
            let p = homes[rng.below(homes.len() as u64) as usize];
            put(world, p, Role::Flag);
            left.retain(|&q| q != p);
        }
    }
    // Pieces that must have moved take movable roles first, then the rest anything that fits.
    rng.shuffle(&mut left);
    left.sort_by_key(|&p| may_be(world, seat, p, Role::Landmine));
    for p in left {
        let fits = |r: Role| r != Role::Flag && (r.is_movable() || may_be(world, seat, p, r));
        let role = match pool.iter().position(|&r| fits(r)) {
            Some(i) => pool.remove(i),
            // More hidden pieces than unseen roles can only come from a position set up by
            // hand: an average piece stands in.
            None => Role::Captain,
        };
        put(world, p, role);
    }
}

/// One world consistent with `view` (the view of `me`): every hidden piece given a role.
pub fn sample<P: Grid>(view: &Position<P>, me: Seat, rng: &mut SplitMix64) -> Position<P> {
    let mut world = view.clone();
    for seat in Seat::ALL {
        if seat != me && view.seating().is_in(seat) {
            fill_seat(&mut world, seat, rng);
        }
    }
    world
}

/// Does `view` hide any identity?
pub fn has_hidden<P: Grid>(view: &Position<P>) -> bool {
    view.occupied()
        .iter()
        .any(|p| view.at(p).is_some_and(|o| o.role.is_none()))
}
