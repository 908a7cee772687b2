//! What the public record proves of each hidden piece, sent to engines beside their view
//! (docs/engine-host.md, "What the record proves") so that an outside engine need not derive
//! it again: the core's deduction (`junqi_core::deduce`) read from what the seat may know — its
//! view, its own formation and the public record — and nothing else.

use junqi_core::deduce::{letters, Table};
use junqi_core::siguo::Position as TablePosition;
use junqi_core::{Deployment, PlayerView};
use serde_json::{json, Value};

/// 暗棋: `[[point, letters], …]` for every enemy piece the view hides, in point order; `None`
/// in the other modes, without the seat's own formation, or when the public record does not
/// lead to the view.
pub fn facing(view: &PlayerView, own: Option<&Deployment>) -> Option<Value> {
    let table = Table::two_player(view, own?)?;
    let mut list: Vec<(usize, Value)> = table
        .pieces
        .iter()
        .zip(table.possible())
        .filter_map(|(piece, m)| {
            let p = piece.at?;
            let unseen = view.cells[p.index()].is_some_and(|o| o.role.is_none());
            unseen.then(|| (p.index(), json!([p.to_string(), letters(m)])))
        })
        .collect();
    list.sort_by_key(|(i, _)| *i);
    Some(Value::Array(list.into_iter().map(|(_, v)| v).collect()))
}

/// 四暗 and 双明: the same for every piece of another seat that `view` (a seat's view of the
/// cross) hides; `None` when nothing is hidden, or when the record does not lead to the view.
pub fn table(
    view: &TablePosition,
    history: &[junqi_core::PublicEvent<junqi_core::siguo::Point>],
) -> Option<Value> {
    let read = Table::read(view, history)?;
    let mut list: Vec<(usize, Value)> = read
        .pieces
        .iter()
        .filter_map(|piece| {
            let p = piece.at?;
            let unseen = view.at(p).is_some_and(|o| o.role.is_none());
            unseen.then(|| (p.index(), json!([p.to_string(), letters(piece.mask)])))
        })
        .collect();
    if list.is_empty() {
        return None;
    }
    list.sort_by_key(|(i, _)| *i);
    Some(Value::Array(list.into_iter().map(|(_, v)| v).collect()))
}
