//! A piece's tile on either board ([`tile_view`]: body, label in the chosen style, emblem or
//! back, rank badge, guess, notebook strip, carried flag; each board's sizes a [`TileLook`]),
//! and the facing board's pieces drawn from its [`PieceModel`] with their test hooks
//! (`data-at`, `data-color`, `data-role` only when the viewer may know it, `data-face="down"`).

use crate::ground::label::{glyph, Glyph, Icon, LabelStyle};
use crate::ground::render::{PieceModel, Proven};
use crate::i18n::guess_text;
use junqi_core::{Role, Seat};
use leptos::prelude::*;

/// The pieces of a board (game, setup, replay, lesson), keyed so that a piece that moves keeps
/// its element and a change of label style redraws them all.
#[component]
pub fn PieceLayer(
    /// The pieces to draw, from the screen's render model.
    #[prop(into)]
    pieces: Signal<Vec<PieceModel>>,
    #[prop(into)] look: Signal<LabelLook>,
) -> impl IntoView {
    view! {
        <g class="pieces">
            <For
                each=move || {
                    let look = look.get();
                    pieces.with(|ps| ps.iter().map(|pm| (pm.clone(), look)).collect::<Vec<_>>())
                }
                key=|(pm, look)| (pm.key(), *look)
                children=|(pm, look)| piece_view(pm, look)
            />
        </g>
    }
}

/// Half the width and height of a piece tile.
pub const HALF_W: f32 = 28.0;
pub const HALF_H: f32 = 14.0;

/// How labels are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct LabelLook {
    pub style: LabelStyle,
    pub large: bool,
    /// The interface language (guess badges).
    pub lang: crate::i18n::Lang,
    /// The rank number in a badge beside the label (the children's course: "37 > 36" reads
    /// where 旅长 and 团长 do not yet).
    pub ranks: bool,
}

/// The CSS class of a side's colour (`red`, `black`, or `unknown` in 翻棋 before colours).
pub fn color_class(c: Option<Seat>) -> &'static str {
    match c {
        Some(Seat::RED) => "red",
        Some(_) => "black",
        None => "unknown",
    }
}

fn face_class(pm: &PieceModel) -> String {
    let mut class = format!("piece {}", color_class(pm.color));
    if pm.face_down {
        class.push_str(" down");
    } else if pm.role.is_none() {
        class.push_str(" hidden");
    }
    class
}

/// A piece placed at its centre, with every hook.
pub fn piece_view(pm: PieceModel, look: LabelLook) -> impl IntoView {
    let mut class = String::from("piece-slot");
    if pm.selected {
        class.push_str(" selected");
    }
    if pm.movable {
        class.push_str(" movable");
    }
    if pm.dragging {
        class.push_str(" dragging");
    }
    let transform = format!("translate({} {})", pm.center.x, pm.center.y);
    view! {
        <g
            class=class
            transform=transform
            data-at=pm.name.clone()
            data-color=pm.color.map(|c| c.rb_char().to_string())
            data-role=pm.role.map(|r| r.upper_char().to_string())
            data-face=pm.face_down.then_some("down")
            data-proven=pm.proven.map(|m| junqi_core::deduce::letters(m.roles))
            data-movable=pm.movable.then_some("")
            data-carrying=pm.carrying.map(|c| c.rb_char().to_string())
        >
            {piece_body(&pm, look)}
        </g>
    }
}

/// A piece's tile and label at the origin, coloured (for ghosts and the trays as well).
pub fn piece_body(pm: &PieceModel, look: LabelLook) -> impl IntoView {
    let transform = match (pm.dragging, pm.turned) {
        (true, true) => "scale(1.35) rotate(180)",
        (true, false) => "scale(1.35)",
        (false, true) => "rotate(180)",
        (false, false) => "",
    };
    let shown = match (pm.face_down, pm.role) {
        (true, _) => Shown::Back,
        (false, Some(r)) => Shown::Role(r),
        (false, None) => Shown::Emblem,
    };
    tile_view(
        &Tile {
            class: face_class(pm),
            transform,
            shown,
            guess: pm.guess,
            proven: pm.proven,
            carrying: pm.carrying.map(|c| color_class(Some(c)).to_string()),
        },
        &FACING_TILE,
        look,
    )
}

/// How a board draws its tiles: their sizes and where their marks go, as data.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TileLook {
    pub half_w: f32,
    pub half_h: f32,
    pub rx: f32,
    /// The inlay's inset and corner radius.
    pub inlay: f32,
    pub inlay_rx: f32,
    /// A label's font size, normal and large: one character, more characters, a rank number.
    pub text_one: (u8, u8),
    pub text_more: (u8, u8),
    pub text_digits: (u8, u8),
    /// An insignia's transform, normal and large.
    pub icon: (&'static str, &'static str),
    /// The back of a piece whose identity the viewer does not know (a lozenge).
    pub back: &'static str,
    /// The guess badge: its centre and radius.
    pub guess: (f32, f32, f32),
    /// A carried flag: the ring's corner radius; the pennant's corner (x, y), width, height
    /// and pole.
    pub ring_rx: f32,
    pub pennant: (f32, f32, f32, f32, f32),
}

/// The facing board's tiles.
pub const FACING_TILE: TileLook = TileLook {
    half_w: HALF_W,
    half_h: HALF_H,
    rx: 6.0,
    inlay: 3.0,
    inlay_rx: 4.0,
    text_one: (18, 24),
    text_more: (15, 20),
    text_digits: (15, 20),
    icon: ("", "scale(1.25)"),
    back: "M-18 0L0 -8L18 0L0 8Z",
    guess: (17.0, -8.0, 9.0),
    ring_rx: 8.0,
    pennant: (HALF_W - 18.0, -HALF_H + 2.0, 14.0, 9.0, 18.0),
};

/// What a tile shows.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Shown {
    /// The role, as the label style draws it.
    Role(Role),
    /// A piece the viewer knows is there but not what it is (the facing board's 暗棋): a plain
    /// emblem on its side's colour.
    Emblem,
    /// Face down: its back.
    Back,
}

/// A tile to draw, from either board's model.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// Its classes: the board's piece class, its colour, its face.
    pub class: String,
    pub transform: &'static str,
    pub shown: Shown,
    /// The viewer's guess on it, drawn while its role is not shown.
    pub guess: Option<Role>,
    /// What the notebook writes on it, drawn while its role is not shown.
    pub proven: Option<Proven>,
    /// The colour class of the flag it carries.
    pub carrying: Option<String>,
}

/// One tile, centred on the origin: its body and inlay, its label (or emblem or back), the
/// rank badge where the look asks, the viewer's guess, the notebook's strip, a carried flag.
pub fn tile_view(t: &Tile, tl: &TileLook, look: LabelLook) -> impl IntoView {
    let (w, h) = (tl.half_w, tl.half_h);
    let hidden = !matches!(t.shown, Shown::Role(_));
    let label = match t.shown {
        Shown::Role(r) => label_view(r, tl, look).into_any(),
        Shown::Emblem => hidden_mark().into_any(),
        Shown::Back => view! { <g class="back"><path d=tl.back></path></g> }.into_any(),
    };
    let rank = match t.shown {
        Shown::Role(r) => rank_badge(r, w, h, look),
        _ => None,
    };
    let guess = t.guess.filter(|_| hidden).map(|g| {
        let (x, y, r) = tl.guess;
        view! {
            <g class="guess" data-guess=g.upper_char().to_string() transform=format!("translate({x} {y})")>
                <circle r=r></circle>
                <text>{guess_text(g, look.lang)}</text>
            </g>
        }
    });
    // The notebook's strip along the bottom edge: what the record proves, when it is short
    // enough to read there (a tap tells the whole reason).
    let proven = t
        .proven
        .filter(|m| hidden && m.news)
        .and_then(|m| crate::i18n::notebook::badge(m.roles, look.lang))
        .map(|text| {
            view! {
                <g class="proven" transform=format!("translate(0 {})", h - 1.0)>
                    <rect x=-w + 4.0 y="-6" width=2.0 * w - 8.0 height="12" rx="5"></rect>
                    <text>{text}</text>
                </g>
            }
        });
    // A carried flag: a ring round the carrier and a pennant at a top corner, both in the
    // flag's owner's colour.
    let carried = t.carrying.clone().map(|owner| {
        let (px, py, pw, ph, pole) = tl.pennant;
        view! {
            <g class=format!("carried {owner}")>
                <rect class="ring" x=-w - 3.0 y=-h - 3.0
                    width=2.0 * w + 6.0 height=2.0 * h + 6.0 rx=tl.ring_rx></rect>
                <g transform=format!("translate({px} {py})")>
                    <path class="pole" d=format!("M0 0V{pole}")></path>
                    <path class="pennant" d=format!("M0 0L{pw} {}L0 {ph}Z", ph / 2.0)></path>
                </g>
            </g>
        }
    });
    view! {
        <g class=t.class.clone() transform=t.transform>
            <rect class="piece-body" x=-w y=-h width=2.0 * w height=2.0 * h rx=tl.rx></rect>
            <rect
                class="piece-inlay"
                x=-w + tl.inlay
                y=-h + tl.inlay
                width=2.0 * (w - tl.inlay)
                height=2.0 * (h - tl.inlay)
                rx=tl.inlay_rx
            ></rect>
            {label}
            {rank}
            {guess}
            {proven}
            {carried}
        </g>
    }
}

/// The rank number on a badge at the tile's top-left corner (the top-right one is where the
/// course puts its target stars), when the look asks for it and the label is not the number.
fn rank_badge(role: Role, w: f32, h: f32, look: LabelLook) -> Option<impl IntoView> {
    let rank = role.rank().filter(|_| look.ranks)?;
    (look.style != LabelStyle::Rank).then(|| {
        view! {
            <g class="rank-badge" data-rank=rank.to_string() transform=format!("translate({} {})", -w + 4.0, -h - 5.0)>
                <circle r="12.5"></circle>
                <text>{rank.to_string()}</text>
            </g>
        }
    })
}

fn label_view(role: Role, tl: &TileLook, look: LabelLook) -> impl IntoView {
    let pick = |(normal, large): (u8, u8)| if look.large { large } else { normal };
    match glyph(role, look.style) {
        Glyph::Text(t) => {
            let digits = t.chars().all(|c| c.is_ascii_digit());
            let size = match (t.chars().count(), digits) {
                (_, true) => pick(tl.text_digits),
                (1, _) => pick(tl.text_one),
                _ => pick(tl.text_more),
            };
            let class = if digits { "label rank" } else { "label" };
            view! { <text class=class font-size=size lang="zh-Hans">{t}</text> }.into_any()
        }
        Glyph::Icon(i) => {
            let scale = if look.large { tl.icon.1 } else { tl.icon.0 };
            view! { <g class="label icon" transform=scale>{icon_view(i)}</g> }.into_any()
        }
    }
}

/// Rounded to hundredths, never "-0.00".
fn round2(v: f32) -> f32 {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// A five-pointed star of outer radius 5.5 centred on (x, 0).
fn star_path(x: f32) -> String {
    let mut d = String::new();
    for i in 0..10 {
        let r = if i % 2 == 0 { 5.5 } else { 2.3 };
        let a = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
        let (px, py) = (round2(x + r * a.cos()), round2(r * a.sin()));
        d.push_str(&format!(
            "{}{px:.2} {py:.2}",
            if i == 0 { 'M' } else { 'L' }
        ));
    }
    d.push('Z');
    d
}

/// Insignia, drawn in about 44 × 22 units around the origin.
pub fn icon_view(icon: Icon) -> impl IntoView {
    match icon {
        Icon::Stars(n) => {
            let n = f32::from(n);
            let d: String = (0..n as u8)
                .map(|i| star_path((f32::from(i) - (n - 1.0) / 2.0) * 11.0))
                .collect();
            view! { <path class="ink" d=d></path> }.into_any()
        }
        Icon::Bars(n) => {
            let n = f32::from(n);
            let bars = (0..n as u8)
                .map(|i| {
                    let y = (f32::from(i) - (n - 1.0) / 2.0) * 6.0 - 1.5;
                    view! { <rect class="ink" x="-13" y=y width="26" height="3.4" rx="1"></rect> }
                })
                .collect_view();
            view! { <g>{bars}</g> }.into_any()
        }
        Icon::Chevron => view! {
            <path class="ink-line" d="M-11 -5L0 5L11 -5"></path>
        }
        .into_any(),
        Icon::Shovel => view! {
            <g>
                <path class="ink-line" d="M-12 6L6 -4"></path>
                <path class="ink" d="M4 -9L13 -4L10 2Q6 4 3 1L1 -3Q1 -7 4 -9Z"></path>
                <path class="ink-line" d="M-15 3L-10 9"></path>
            </g>
        }
        .into_any(),
        Icon::Bomb => view! {
            <g>
                <circle class="ink" cx="-2" cy="2" r="7.5"></circle>
                <path class="ink-line" d="M3 -4Q6 -9 11 -8"></path>
                <path class="spark" d="M11 -12L12 -9L15 -10L13 -7L15 -5L12 -6L11 -3L10 -6L7 -6L9 -8Z"></path>
            </g>
        }
        .into_any(),
        Icon::Mine => view! {
            <g>
                <path class="ink-line" d="M-11 0H11M0 -9V9M-8 -7L8 7M-8 7L8 -7"></path>
                <circle class="ink" r="6"></circle>
            </g>
        }
        .into_any(),
        Icon::Flag => view! {
            <g>
                <path class="ink-line" d="M-8 10V-10"></path>
                <path class="ink" d="M-8 -10L11 -5L-8 1Z"></path>
            </g>
        }
        .into_any(),
    }
}

/// An enemy piece whose identity the viewer does not know: a plain emblem, no name.
fn hidden_mark() -> impl IntoView {
    view! { <path class="emblem" d=star_path(0.0) transform="scale(1.3)"></path> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_star_has_ten_corners() {
        let d = star_path(0.0);
        assert_eq!(d.matches('L').count(), 9);
        assert!(d.starts_with("M0.00 -5.50"), "{d}");
    }
}
