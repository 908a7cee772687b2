//! The removed pieces of each side as the viewer knows them, grouped by rank with a count
//! (排长 ×3), and a table of what each side still has on the board, by rank (what the
//! opponents have left, as the platforms show it) — for either board: a side is a colour of
//! the 2-player game or a seat of the cross. In the hidden games an enemy piece removed unseen
//! is counted apart ("?"), so the table's numbers for that side are then "at most".

use crate::components::boards::piece::{piece_body, LabelLook};
use crate::components::play::label_look;
use crate::ground::render::PieceModel;
use crate::i18n::{self, Lang};
use crate::state::store::Store;
use junqi_core::{Occupant, Role, Seat};
use leptos::prelude::*;

/// A small piece (the trays, the rules screen).
pub fn tray_piece(color: Seat, role: Option<Role>, look: LabelLook) -> impl IntoView {
    let pm = PieceModel::lone(Some(color), role);
    view! {
        <svg class="tray-piece" viewBox="-30 -16 60 32">
            {piece_body(&pm, look)}
        </svg>
    }
}

/// One side of a tray as plain values, from either board.
pub struct TraySide {
    /// Names the side for tests (`data-tray-color`, `data-left-color`, `tray-…`): `r` or `b`
    /// on the 2-player board, the seat's digit on the cross.
    pub key: String,
    /// Its colour's class: `red` or `black`, `seat-0`…`seat-3`.
    pub class: String,
    pub name: String,
    /// The removed pieces grouped by rank ([`groups`]).
    pub groups: Vec<(Option<Role>, usize)>,
}

/// The removed pieces of one side grouped by rank (highest first), the unseen ones last.
pub fn groups(removed: &[Occupant]) -> Vec<(Option<Role>, usize)> {
    let roles: Vec<Role> = removed.iter().filter_map(|o| o.role).collect();
    let unseen = removed.iter().filter(|o| o.role.is_none()).count();
    groups_of(&roles, unseen)
}

/// Removed pieces whose ranks are known, and how many more were removed unseen, grouped by
/// rank (highest first), the unseen last.
pub fn groups_of(roles: &[Role], unseen: usize) -> Vec<(Option<Role>, usize)> {
    let mut out: Vec<(Option<Role>, usize)> = Role::ALL
        .iter()
        .map(|&r| (Some(r), roles.iter().filter(|&&x| x == r).count()))
        .filter(|(_, n)| *n > 0)
        .collect();
    if unseen > 0 {
        out.push((None, unseen));
    }
    out
}

fn group_label(role: Option<Role>, n: usize, lang: Lang) -> String {
    let name = role.map_or("?", |r| i18n::role_name(r, lang));
    format!("{name} ×{n}")
}

/// Each side's row of removed pieces: a chip of each rank (`chip` draws a piece of the side
/// at that index, `None` face down) with its count.
pub fn tray_rows(
    sides: &[TraySide],
    chip: impl Fn(usize, Option<Role>) -> AnyView,
    lang: Lang,
) -> impl IntoView {
    sides
        .iter()
        .enumerate()
        .map(|(i, side)| {
            let chips = side
                .groups
                .iter()
                .map(|&(role, n)| {
                    // The piece shows its rank (the key above names each); the name is its
                    // title and what a screen reader says.
                    let label = group_label(role, n, lang);
                    let title = label.clone();
                    view! {
                        <span
                            class="tray-group"
                            data-tray-color=side.key.clone()
                            data-tray-role=role.map(|r| r.upper_char().to_string())
                            data-count=n.to_string()
                            title=title
                        >
                            {chip(i, role)}
                            <span class="tray-count" aria-hidden="true">{format!("×{n}")}</span>
                            <span class="sr">{label}</span>
                        </span>
                    }
                })
                .collect_view();
            view! {
                <div class=format!("tray {}", side.class) data-testid=format!("tray-{}", side.key)>
                    <span class="tray-name">{side.name.clone()}</span>
                    <span class="tray-pieces">{chips}</span>
                </div>
            }
        })
        .collect_view()
}

/// The 2-player game's trays: Red's and Black's removed pieces as the player on the board knows
/// them, and what each has left.
#[component]
pub fn Trays() -> impl IntoView {
    let store = expect_context::<Store>();
    let look = label_look(store);
    move || {
        store.rev.track();
        let lang = store.lang();
        let seat = store.shown.with(|s| s.as_ref().map(|s| s.seat))?;
        let tray = store.tray_of(seat)?;
        let look = look.get();
        let sides: Vec<TraySide> = Seat::RED_BLACK
            .into_iter()
            .map(|c| TraySide {
                key: c.rb_char().to_string(),
                class: c.side_name().to_string(),
                name: i18n::color_name(c, lang).to_string(),
                groups: groups(&tray[c]),
            })
            .collect();
        let chip = move |i: usize, role| tray_piece(Seat::RED_BLACK[i], role, look).into_any();
        Some(view! {
            <div class="trays">
                <div class="panel-title">{i18n::REMOVED.get(lang)}</div>
                {tray_rows(&sides, chip, lang)}
                {left_table(&sides, lang)}
            </div>
        })
    }
}

/// How many of a group (a rank, or `None` the unseen) were removed.
fn count(groups: &[(Option<Role>, usize)], role: Option<Role>) -> usize {
    groups
        .iter()
        .find(|(r, _)| *r == role)
        .map_or(0, |(_, n)| *n)
}

/// How many pieces of `role` a side has left: its army's count less those seen removed.
fn left_of(groups: &[(Option<Role>, usize)], role: Role) -> usize {
    usize::from(role.count()).saturating_sub(count(groups, Some(role)))
}

/// Each side's pieces still on the board by rank: the army's count less the removed pieces
/// of that rank the viewer saw.
pub fn left_table(sides: &[TraySide], lang: Lang) -> impl IntoView {
    let unseen: Vec<usize> = sides.iter().map(|s| count(&s.groups, None)).collect();
    let heads = sides
        .iter()
        .map(|s| view! { <th scope="col">{s.name.clone()}</th> })
        .collect_view();
    let rows = Role::ALL
        .iter()
        .map(|&r| {
            let cells = sides
                .iter()
                .map(|s| {
                    let left = left_of(&s.groups, r);
                    view! { <td data-left-color=s.key.clone()>{left}</td> }
                })
                .collect_view();
            let rank = r.rank().map(|n| format!(" {n}")).unwrap_or_default();
            view! {
                <tr data-left-role=r.upper_char().to_string()>
                    <th scope="row">{i18n::role_name(r, lang)} <span class="rank-num">{rank}</span></th>
                    {cells}
                </tr>
            }
        })
        .collect_view();
    let unseen_row = unseen.iter().any(|n| *n > 0).then(|| {
        let cells = unseen
            .iter()
            .map(|n| view! { <td>{*n}</td> })
            .collect_view();
        view! {
            <tr class="left-unseen">
                <th scope="row">{i18n::REMOVED_UNSEEN.get(lang)}</th>
                {cells}
            </tr>
        }
    });
    view! {
        <details class="pieces-left" data-testid="pieces-left">
            <summary>{i18n::PIECES_LEFT.get(lang)}</summary>
            <table>
                <thead>
                    <tr>
                        <th></th>
                        {heads}
                    </tr>
                </thead>
                <tbody>{rows} {unseen_row}</tbody>
            </table>
            <p class="explain">{i18n::PIECES_LEFT_NOTE.get(lang)}</p>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Piece;

    #[test]
    fn removed_pieces_group_by_rank_with_the_unseen_last() {
        let lt = Occupant::known(Piece {
            color: Seat::RED,
            role: Role::Lieutenant,
        });
        let gen = Occupant::known(Piece {
            color: Seat::RED,
            role: Role::General,
        });
        let unseen = Occupant { role: None, ..lt };
        let g = groups(&[lt, unseen, lt, gen, lt]);
        assert_eq!(
            g,
            vec![
                (Some(Role::General), 1),
                (Some(Role::Lieutenant), 3),
                (None, 1)
            ]
        );
        assert_eq!(group_label(Some(Role::Lieutenant), 3, Lang::Zh), "排长 ×3");
    }

    #[test]
    fn a_seat_of_the_cross_groups_and_counts_what_is_left_the_same_way() {
        // Two engineers and a bomb seen removed, two more pieces removed unseen.
        let g = groups_of(&[Role::Engineer, Role::Bomb, Role::Engineer], 2);
        assert_eq!(
            g,
            vec![(Some(Role::Engineer), 2), (Some(Role::Bomb), 1), (None, 2)]
        );
        assert_eq!(left_of(&g, Role::Engineer), 1);
        assert_eq!(left_of(&g, Role::Bomb), 1);
        assert_eq!(left_of(&g, Role::Marshal), 1);
        assert_eq!(count(&g, None), 2);
        assert_eq!(groups_of(&[], 0), vec![]);
    }
}
