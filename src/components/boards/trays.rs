//! The removed pieces of each side as the viewer knows them, grouped by rank with a count
//! (排长 ×3), and a table of what each side still has on the board, by rank (what the
//! opponent has left, as the platforms show it). In 暗棋 an enemy piece removed unseen is
//! counted apart ("?"), so the table's enemy numbers are then "at most".

use crate::components::boards::piece::{piece_body, LabelLook};
use crate::components::play::label_look;
use crate::ground::render::PieceModel;
use crate::i18n::{self, Lang};
use crate::state::store::Store;
use junqi_core::{Color, Occupant, Role};
use leptos::prelude::*;

/// A small piece (the trays, the rules screen).
pub fn tray_piece(color: Color, role: Option<Role>, look: LabelLook) -> impl IntoView {
    let pm = PieceModel::lone(Some(color), role);
    view! {
        <svg class="tray-piece" viewBox="-30 -16 60 32">
            {piece_body(&pm, look)}
        </svg>
    }
}

/// The removed pieces of one side grouped by rank (highest first), the unseen ones last.
pub fn groups(removed: &[Occupant]) -> Vec<(Option<Role>, usize)> {
    let mut out: Vec<(Option<Role>, usize)> = Role::ALL
        .iter()
        .map(|&r| {
            (
                Some(r),
                removed.iter().filter(|o| o.role == Some(r)).count(),
            )
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    let unseen = removed.iter().filter(|o| o.role.is_none()).count();
    if unseen > 0 {
        out.push((None, unseen));
    }
    out
}

fn group_label(role: Option<Role>, n: usize, lang: Lang) -> String {
    let name = role.map_or("?", |r| i18n::role_name(r, lang));
    format!("{name} ×{n}")
}

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
        let rows = [Color::Red, Color::Black]
            .into_iter()
            .map(|c| {
                let chips = groups(&tray[c])
                    .into_iter()
                    .map(|(role, n)| {
                        // The piece shows its rank (the key above names each); the name is
                        // its title and what a screen reader says.
                        let label = group_label(role, n, lang);
                        let title = label.clone();
                        view! {
                            <span
                                class="tray-group"
                                data-tray-color=c.char().to_string()
                                data-tray-role=role.map(|r| r.upper_char().to_string())
                                data-count=n.to_string()
                                title=title
                            >
                                {tray_piece(c, role, look)}
                                <span class="tray-count" aria-hidden="true">{format!("×{n}")}</span>
                                <span class="sr">{label}</span>
                            </span>
                        }
                    })
                    .collect_view();
                view! {
                    <div class=format!("tray {c}") data-testid=format!("tray-{}", c.char())>
                        <span class="tray-name">{i18n::color_name(c, lang)}</span>
                        <span class="tray-pieces">{chips}</span>
                    </div>
                }
            })
            .collect_view();
        let left = left_table(&tray, lang);
        Some(view! {
            <div class="trays">
                <div class="panel-title">{i18n::REMOVED.get(lang)}</div>
                {rows}
                {left}
            </div>
        })
    }
}

/// Each side's pieces still on the board by rank: the army's count less the removed pieces
/// of that rank the viewer saw.
fn left_table(tray: &crate::state::game::Tray, lang: Lang) -> impl IntoView {
    let unseen =
        [Color::Red, Color::Black].map(|c| tray[c].iter().filter(|o| o.role.is_none()).count());
    let rows = Role::ALL
        .iter()
        .map(|&r| {
            let cells = [Color::Red, Color::Black].map(|c| {
                let gone = tray[c].iter().filter(|o| o.role == Some(r)).count();
                usize::from(r.count()).saturating_sub(gone)
            });
            let rank = r.rank().map(|n| format!(" {n}")).unwrap_or_default();
            view! {
                <tr data-left-role=r.upper_char().to_string()>
                    <th scope="row">{i18n::role_name(r, lang)} <span class="rank-num">{rank}</span></th>
                    <td data-left-color="r">{cells[0]}</td>
                    <td data-left-color="b">{cells[1]}</td>
                </tr>
            }
        })
        .collect_view();
    let unseen_row = (unseen != [0, 0]).then(|| {
        view! {
            <tr class="left-unseen">
                <th scope="row">{i18n::REMOVED_UNSEEN.get(lang)}</th>
                <td>{unseen[0]}</td>
                <td>{unseen[1]}</td>
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
                        <th scope="col">{i18n::color_name(Color::Red, lang)}</th>
                        <th scope="col">{i18n::color_name(Color::Black, lang)}</th>
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
            color: Color::Red,
            role: Role::Lieutenant,
        });
        let gen = Occupant::known(Piece {
            color: Color::Red,
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
}
