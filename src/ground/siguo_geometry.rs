//! Where each point of the 4-player cross (RULES-4P.md §1–§3) sits in the SVG drawing, seen
//! from one seat, and the drawing as plain data: points, roads and railways (the four arcs as
//! SVG arcs), the areas tinted per seat, the 九宫 centre, the seat badges; then the tap and
//! zoom arithmetic of a board too small to tap point by point.
//!
//! The world grid is RULES-4P.md §2.3's: 17 × 17, X west → east, Y north → south, S at the
//! bottom. One rotation per viewing seat brings that seat's area to the bottom: the world map
//! `(X, Y) → (Y, 16 − X)` takes seat s's area to seat s + 1's, so the viewer `v` is brought
//! down by that map applied `4 − v` times. Only positions turn: labels and pieces are drawn
//! upright, readable from the bottom edge.

use super::geometry::{ScreenRect, ViewBox, Xy};
use super::shape::PointLook;
use junqi_core::siguo::{Board, Point};
use junqi_core::{EdgeKind, Seat};

/// Distance between neighbouring lines of the world grid, in SVG units.
pub const STEP: f32 = 60.0;
/// Space beyond the outermost points: half a step, so every point's tap cell is whole.
pub const MARGIN: f32 = STEP / 2.0;
/// The largest world coordinate (the grid runs 0..=16).
pub const LAST: f32 = 16.0;

/// A piece tile's width and height.
pub const TILE_W: f32 = 52.0;
pub const TILE_H: f32 = 40.0;
/// A post (兵站).
pub const POST_W: f32 = 44.0;
pub const POST_H: f32 = 30.0;
/// A camp (行营) circle's radius.
pub const CAMP_R: f32 = 22.0;
/// A headquarters (大本营), drawn with its arch toward the area's front: width across the
/// area and depth along it.
pub const HQ_W: f32 = 50.0;
pub const HQ_D: f32 = 40.0;

// Neighbouring shapes never touch.
const _: () = assert!(TILE_W < STEP && TILE_H < STEP && HQ_W < STEP && 2.0 * CAMP_R < STEP);
const _: () = assert!(TILE_W / 2.0 < MARGIN && HQ_W / 2.0 < MARGIN);

/// The smallest distance between points, in CSS pixels, that a finger can tap point by point.
pub const MIN_TARGET_PX: f32 = 44.0;
/// How much a tap zooms a board whose points are closer than [`MIN_TARGET_PX`], at least.
pub const MIN_ZOOM: f32 = 2.0;
/// The most a tap zooms, however small the board.
pub const MAX_ZOOM: f32 = 3.0;

/// The drawing: the whole 17 × 17 grid with a half step around it.
pub fn view_box() -> ViewBox {
    let side = LAST * STEP + 2.0 * MARGIN;
    ViewBox {
        width: side,
        height: side,
    }
}

/// Quarter turns, each `(X, Y) → (Y, 16 − X)`, that bring `viewer`'s area to the bottom.
pub fn turns(viewer: Seat) -> usize {
    (4 - viewer.index()) % 4
}

/// Where a seat's area is drawn, seen from `viewer`: 0 bottom, 1 right, 2 top, 3 left.
pub fn side_of(seat: Seat, viewer: Seat) -> usize {
    (seat.index() + 4 - viewer.index()) % 4
}

/// World coordinates turned `k` quarter turns.
fn turn((x, y): (f32, f32), k: usize) -> (f32, f32) {
    (0..k % 4).fold((x, y), |(x, y), _| (y, LAST - x))
}

/// World coordinates, as seen from `viewer`, in SVG units.
pub fn world_xy(w: (f32, f32), viewer: Seat) -> Xy {
    let (x, y) = turn(w, turns(viewer));
    Xy {
        x: MARGIN + x * STEP,
        y: MARGIN + y * STEP,
    }
}

/// The world coordinates drawn at `xy` for `viewer` (fractional between grid lines).
pub fn xy_world(xy: Xy, viewer: Seat) -> (f32, f32) {
    let g = ((xy.x - MARGIN) / STEP, (xy.y - MARGIN) / STEP);
    turn(g, 4 - turns(viewer))
}

/// The centre of point `p` seen from `viewer`.
pub fn point_xy(board: &Board, p: Point, viewer: Seat) -> Xy {
    let (x, y) = board.world(p);
    world_xy((f32::from(x), f32::from(y)), viewer)
}

/// The point whose tap cell holds `xy`: the nearest point, if `xy` lies within half a step of
/// it across and along (so neighbouring cells meet and no cell overlaps another).
pub fn point_at(board: &Board, xy: Xy, viewer: Seat) -> Option<Point> {
    let (x, y) = xy_world(xy, viewer);
    let (gx, gy) = (x.round(), y.round());
    if !(0.0..=LAST).contains(&gx) || !(0.0..=LAST).contains(&gy) {
        return None;
    }
    // The grid point under the tap; the odd cells of the centre and the empty corners hold
    // none.
    let (gx, gy) = (gx as u8, gy as u8);
    board.points().find(|&p| board.world(p) == (gx, gy))
}

/// The keyboard cursor's next point from `p` in screen direction `dir`, on the board seen by
/// `viewer`: the nearest point within 45° of that direction (the centre's points stand two
/// steps apart, the arcs' corners turn), `None` past the edge.
pub fn step_towards(
    board: &Board,
    p: Point,
    dir: crate::ground::geometry::Screen,
    viewer: Seat,
) -> Option<Point> {
    use crate::ground::geometry::Screen;
    let from = point_xy(board, p, viewer);
    board
        .points()
        .filter(|&q| q != p)
        .filter_map(|q| {
            let c = point_xy(board, q, viewer);
            let (dx, dy) = (c.x - from.x, c.y - from.y);
            let (along, across) = match dir {
                Screen::Up => (-dy, dx),
                Screen::Down => (dy, dx),
                Screen::Left => (-dx, dy),
                Screen::Right => (dx, dy),
            };
            (along > 0.0 && across.abs() <= along).then_some((along + 2.0 * across.abs(), q))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, q)| q)
}

/// The point whose piece tile holds `xy` (a tap well inside a piece, not merely in its cell):
/// on a board too small to tap point by point, such a tap on one's own piece still selects it.
pub fn tile_at(board: &Board, xy: Xy, viewer: Seat) -> Option<Point> {
    let p = point_at(board, xy, viewer)?;
    let c = point_xy(board, p, viewer);
    ((xy.x - c.x).abs() <= TILE_W / 2.0 && (xy.y - c.y).abs() <= TILE_H / 2.0).then_some(p)
}

/// An axis-aligned rectangle in SVG units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    /// The rectangle spanned by two corners, in any order.
    fn spanning(a: Xy, b: Xy) -> Rect {
        Rect {
            x: r2(a.x.min(b.x)),
            y: r2(a.y.min(b.y)),
            w: r2((a.x - b.x).abs()),
            h: r2((a.y - b.y).abs()),
        }
    }

    pub fn contains(&self, p: Xy) -> bool {
        p.x >= self.x && p.x <= self.x + self.w && p.y >= self.y && p.y <= self.y + self.h
    }

    pub fn centre(&self) -> Xy {
        Xy {
            x: self.x + self.w / 2.0,
            y: self.y + self.h / 2.0,
        }
    }
}

pub use super::shape::{EdgeShape, PointShape};

/// How the cross draws its points.
pub const CROSS_POINTS: PointLook = PointLook {
    class: "sg-point",
    post_w: POST_W,
    post_h: POST_H,
    camp_r: CAMP_R,
    hq_w: HQ_W,
    hq_d: HQ_D,
    hq_shoulder: 8.0,
    hq_rise: 7.0,
    hq_label_y: (0.0, 0.0),
};

/// A seat's area: its tinted ground, the place of its name badge and of its "out" mark.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaShape {
    pub seat: Seat,
    pub rect: Rect,
    /// The badge's centre, in the empty corner of the cross to the area's right (as its owner
    /// sits).
    pub badge: Xy,
}

/// Everything the 4-player board draws beneath the pieces, seen from one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SiguoLayout {
    pub viewer: Seat,
    pub view_box: ViewBox,
    /// The cross-shaped outline of the board.
    pub outline: String,
    /// The 九宫 centre's ground.
    pub centre: Rect,
    /// S, E, N, W.
    pub areas: Vec<AreaShape>,
    /// All points, in index order.
    pub points: Vec<PointShape<Point>>,
    /// All connections, roads first so railways are drawn over them.
    pub edges: Vec<EdgeShape>,
}

/// Rounded to hundredths, never "-0".
fn r2(v: f32) -> f32 {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// The quarter circle joining two rail corners of neighbouring areas (RULES-4P.md §1.3): round
/// the corner of the empty square between them that lies away from the centre, tangent to
/// both areas' side rails.
fn arc_path(a: Xy, b: Xy, mid: Xy) -> String {
    // The two other corners of the unit square that `a` and `b` span.
    let c1 = Xy { x: a.x, y: b.y };
    let c2 = Xy { x: b.x, y: a.y };
    let dist = |p: Xy| (p.x - mid.x).powi(2) + (p.y - mid.y).powi(2);
    let c = if dist(c1) > dist(c2) { c1 } else { c2 };
    // Sweep 1 draws with the angle increasing, which is clockwise on the screen (y down).
    let cross = (a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x);
    let sweep = u8::from(cross > 0.0);
    format!(
        "M{} {}A{STEP} {STEP} 0 0 {sweep} {} {}",
        r2(a.x),
        r2(a.y),
        r2(b.x),
        r2(b.y)
    )
}

/// A path through the centres of `points` in order, along the board's connections: a quarter
/// circle where two consecutive points are joined by an arc, a straight line otherwise.
pub fn route_path(board: &Board, points: &[Point], viewer: Seat) -> String {
    let mid = world_xy((8.0, 8.0), viewer);
    let mut d = String::new();
    for (i, &p) in points.iter().enumerate() {
        let xy = point_xy(board, p, viewer);
        if i == 0 {
            d.push_str(&format!("M{} {}", r2(xy.x), r2(xy.y)));
            continue;
        }
        let prev = points[i - 1];
        let arc = board
            .edges()
            .iter()
            .any(|e| e.arc && ((e.a, e.b) == (prev, p) || (e.a, e.b) == (p, prev)));
        if arc {
            let seg = arc_path(point_xy(board, prev, viewer), xy, mid);
            // Drop the segment's own move-to: the path is already there.
            let at = seg.find('A').unwrap_or(0);
            d.push_str(&seg[at..]);
        } else {
            d.push_str(&format!("L{} {}", r2(xy.x), r2(xy.y)));
        }
    }
    d
}

impl SiguoLayout {
    /// Lays out `board` (the 4-player board) as seen from `viewer`.
    pub fn new(board: &Board, viewer: Seat) -> SiguoLayout {
        let view_box = view_box();
        let mid = world_xy((8.0, 8.0), viewer);
        let points = board
            .points()
            .map(|p| {
                let area = p.area();
                let rotate = area.map_or(0.0, |s| -90.0 * side_of(s, viewer) as f32);
                PointShape {
                    point: p,
                    name: p.to_string(),
                    kind: board.kind(p),
                    on_rail: board.is_rail(p),
                    area: area
                        .map_or_else(|| "centre".to_string(), |s| format!("seat-{}", s.index())),
                    center: point_xy(board, p, viewer),
                    rotate: if rotate == 0.0 { 0.0 } else { rotate },
                }
            })
            .collect();

        let mut edges: Vec<EdgeShape> = board
            .edges()
            .iter()
            .map(|e| {
                let (a, b) = (point_xy(board, e.a, viewer), point_xy(board, e.b, viewer));
                let d = if e.arc {
                    arc_path(a, b, mid)
                } else {
                    format!("M{} {}L{} {}", r2(a.x), r2(a.y), r2(b.x), r2(b.y))
                };
                EdgeShape {
                    name: format!("{}-{}", e.a, e.b),
                    kind: e.kind,
                    arc: e.arc,
                    d,
                }
            })
            .collect();
        // Stable: keeps the board's order within each kind.
        edges.sort_by_key(|e| e.kind == EdgeKind::Rail);

        // Corners of each area and of the centre, in world units of S's frame turned to each
        // seat (seat s's area is S's turned s times).
        let grow = 0.46;
        let areas = Seat::ALL
            .into_iter()
            .map(|seat| {
                let k = seat.index();
                let a = turn((6.0 - grow, 11.0 - grow), k);
                let b = turn((10.0 + grow, 16.0 + grow), k);
                AreaShape {
                    seat,
                    rect: Rect::spanning(world_xy(a, viewer), world_xy(b, viewer)),
                    badge: world_xy(turn((13.6, 14.6), k), viewer),
                }
            })
            .collect();
        let centre = Rect::spanning(
            world_xy((6.0 - grow, 6.0 - grow), viewer),
            world_xy((10.0 + grow, 10.0 + grow), viewer),
        );

        // The cross: twelve corners, the same for every viewer (it is symmetric).
        let (lo, hi) = (-0.5 + 0.04, LAST + 0.5 - 0.04);
        let (inner_lo, inner_hi) = (5.5, 10.5);
        let corners = [
            (inner_lo, lo),
            (inner_hi, lo),
            (inner_hi, inner_lo),
            (hi, inner_lo),
            (hi, inner_hi),
            (inner_hi, inner_hi),
            (inner_hi, hi),
            (inner_lo, hi),
            (inner_lo, inner_hi),
            (lo, inner_hi),
            (lo, inner_lo),
            (inner_lo, inner_lo),
        ];
        let mut outline = String::new();
        for (i, &(x, y)) in corners.iter().enumerate() {
            let xy = world_xy((x, y), Seat::S);
            outline.push_str(&format!(
                "{}{} {}",
                if i == 0 { 'M' } else { 'L' },
                r2(xy.x),
                r2(xy.y)
            ));
        }
        outline.push('Z');

        SiguoLayout {
            viewer,
            view_box,
            outline,
            centre,
            areas,
            points,
            edges,
        }
    }
}

// ----- taps and zoom -------------------------------------------------------------------------

/// SVG coordinates of a screen position over the board's `<svg>` drawn in `rect`, which shows
/// the whole (square) view box centred (`preserveAspectRatio="xMidYMid meet"`).
pub fn client_to_view(client_x: f64, client_y: f64, rect: ScreenRect) -> Xy {
    view_box().from_client(client_x, client_y, rect)
}

/// CSS pixels between neighbouring points when the whole board is drawn in `rect`.
pub fn spacing_px(rect: ScreenRect) -> f32 {
    let vb = view_box();
    (rect.width.min(rect.height) as f32) / vb.width * STEP
}

/// How much a tap should zoom a board whose points are `spacing` CSS pixels apart: `None` when
/// they are at least `min_target` apart (normally [`MIN_TARGET_PX`]) and can be tapped as they
/// are, else enough to bring them a little over `min_target` apart, [`MIN_ZOOM`] at least.
pub fn zoom_factor(spacing: f32, min_target: f32) -> Option<f32> {
    (spacing > 0.0 && spacing < min_target)
        .then(|| (min_target * 1.05 / spacing).clamp(MIN_ZOOM, MAX_ZOOM))
}

/// The part of the drawing shown when zoomed by `factor` about `centre` (SVG units), moved as
/// little as needed to stay inside the drawing.
pub fn zoom_window(centre: Xy, factor: f32) -> Rect {
    let vb = view_box();
    let factor = factor.max(1.0);
    let (w, h) = (vb.width / factor, vb.height / factor);
    Rect {
        x: (centre.x - w / 2.0).clamp(0.0, vb.width - w),
        y: (centre.y - h / 2.0).clamp(0.0, vb.height - h),
        w,
        h,
    }
}

/// The CSS transform of the drawing's content that shows `window` in the whole view box.
pub fn zoom_transform(window: Rect) -> String {
    let z = view_box().width / window.w;
    format!(
        "translate({}px, {}px) scale({})",
        r2(-window.x * z),
        r2(-window.y * z),
        (z * 1000.0).round() / 1000.0
    )
}

/// The drawing's coordinates under view-box position `v` while `window` is shown.
pub fn unzoom(v: Xy, window: Rect) -> Xy {
    let z = view_box().width / window.w;
    Xy {
        x: window.x + v.x / z,
        y: window.y + v.y / z,
    }
}

/// A corner of the board's box.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Corner {
    TopRight,
    TopLeft,
    BottomRight,
    BottomLeft,
}

impl Corner {
    pub const ALL: [Corner; 4] = [
        Corner::TopRight,
        Corner::TopLeft,
        Corner::BottomRight,
        Corner::BottomLeft,
    ];

    /// The CSS class placing the zoom-out button there.
    pub fn class(self) -> &'static str {
        match self {
            Corner::TopRight => "top-right",
            Corner::TopLeft => "top-left",
            Corner::BottomRight => "bottom-right",
            Corner::BottomLeft => "bottom-left",
        }
    }
}

/// Whether the "whole board" button, `button` (width, height) view-box units in `corner` of the
/// box while `window` is shown, keeps clear of every point's tile.
pub fn corner_clear(
    board: &Board,
    viewer: Seat,
    window: Rect,
    button: (f32, f32),
    corner: Corner,
) -> bool {
    let z = view_box().width / window.w;
    let (bw, bh) = (button.0 / z, button.1 / z);
    let (left, top) = (window.x, window.y);
    let (right, bottom) = (window.x + window.w - bw, window.y + window.h - bh);
    let (x, y) = match corner {
        Corner::TopRight => (right, top),
        Corner::TopLeft => (left, top),
        Corner::BottomRight => (right, bottom),
        Corner::BottomLeft => (left, bottom),
    };
    board.points().all(|p| {
        let c = point_xy(board, p, viewer);
        c.x + TILE_W / 2.0 < x
            || c.x - TILE_W / 2.0 > x + bw
            || c.y + TILE_H / 2.0 < y
            || c.y - TILE_H / 2.0 > y + bh
    })
}

/// Where the "whole board" button goes while `window` is shown: the first corner of the box
/// (top right first) where it covers no point. The cross leaves an empty corner in nearly every
/// window; top right when none is clear.
pub fn free_corner(board: &Board, viewer: Seat, window: Rect, button: (f32, f32)) -> Corner {
    Corner::ALL
        .into_iter()
        .find(|&c| corner_clear(board, viewer, window, button, c))
        .unwrap_or(Corner::TopRight)
}

/// The zoom centre (world coordinates) after the shown drawing was dragged by `delta` SVG
/// units of the drawing: the content follows the finger, and the centre stays where its
/// window fits inside the drawing (so dragging past an edge does not pile up).
pub fn pan(centre: (f32, f32), delta: Xy, factor: f32, viewer: Seat) -> (f32, f32) {
    let c = world_xy(centre, viewer);
    let moved = Xy {
        x: c.x - delta.x,
        y: c.y - delta.y,
    };
    let w = zoom_window(moved, factor);
    xy_world(w.centre(), viewer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::PointKind;

    fn board() -> std::sync::Arc<Board> {
        Board::shared()
    }

    fn pt(s: &str) -> Point {
        board().points().find(|p| p.to_string() == s).unwrap()
    }

    #[test]
    fn view_box_is_square_and_seventeen_steps() {
        let vb = view_box();
        assert_eq!(vb.width, vb.height);
        assert_eq!(vb.width, 17.0 * STEP);
        assert_eq!(vb.attr(), "0 0 1020 1020");
    }

    #[test]
    fn each_viewer_sees_its_own_area_at_the_bottom() {
        let b = board();
        let vb = view_box();
        for viewer in Seat::ALL {
            for p in b.points() {
                let xy = point_xy(&b, p, viewer);
                match p.area() {
                    // The viewer's area fills the bottom six rows, its back row lowest.
                    Some(s) if s == viewer => {
                        assert!(xy.y > MARGIN + 10.5 * STEP, "{viewer} {p}");
                        let (c, r) = p.local().unwrap();
                        assert_eq!(xy.y, MARGIN + (11.0 + f32::from(r)) * STEP, "{p}");
                        // Column a on the viewer's left.
                        assert_eq!(xy.x, MARGIN + (6.0 + f32::from(c)) * STEP, "{p}");
                    }
                    Some(s) => {
                        assert!(xy.y < MARGIN + 10.5 * STEP, "{viewer} {p}");
                        // The partner opposite, the next seat on the right, the previous one
                        // on the left.
                        match side_of(s, viewer) {
                            1 => assert!(xy.x > vb.width / 2.0 + 2.5 * STEP, "{viewer} {p}"),
                            2 => assert!(xy.y < vb.height / 2.0 - 2.5 * STEP, "{viewer} {p}"),
                            3 => assert!(xy.x < vb.width / 2.0 - 2.5 * STEP, "{viewer} {p}"),
                            _ => unreachable!(),
                        }
                    }
                    None => {
                        assert!((xy.x - vb.width / 2.0).abs() <= 2.0 * STEP + 0.01);
                        assert!((xy.y - vb.height / 2.0).abs() <= 2.0 * STEP + 0.01);
                    }
                }
            }
        }
        // S's view is the world as RULES-4P.md §2.3 draws it.
        assert_eq!(
            point_xy(&b, pt("Sa5"), Seat::S),
            Xy {
                x: MARGIN + 6.0 * STEP,
                y: MARGIN + 16.0 * STEP
            }
        );
        assert_eq!(
            point_xy(&b, pt("Ea0"), Seat::S),
            Xy {
                x: MARGIN + 11.0 * STEP,
                y: MARGIN + 10.0 * STEP
            }
        );
        // Seen from E, E's a5 is at the bottom left and N's area on the right.
        assert_eq!(
            point_xy(&b, pt("Ea5"), Seat::E),
            point_xy(&b, pt("Sa5"), Seat::S)
        );
        assert_eq!(
            point_xy(&b, pt("Na0"), Seat::E),
            point_xy(&b, pt("Ea0"), Seat::S)
        );
    }

    #[test]
    fn every_point_and_tile_lies_inside_the_view_box() {
        let b = board();
        let vb = view_box();
        for viewer in Seat::ALL {
            for p in b.points() {
                let Xy { x, y } = point_xy(&b, p, viewer);
                assert!(x - TILE_W / 2.0 > 0.0 && x + TILE_W / 2.0 < vb.width, "{p}");
                assert!(
                    y - TILE_H / 2.0 > 0.0 && y + TILE_H / 2.0 < vb.height,
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn point_at_finds_every_point_under_every_rotation() {
        let b = board();
        for viewer in Seat::ALL {
            for p in b.points() {
                let c = point_xy(&b, p, viewer);
                assert_eq!(point_at(&b, c, viewer), Some(p), "{viewer} {p}");
                // Anywhere in its cell, up to just under half a step across and along.
                for (dx, dy) in [(0.49, 0.49), (-0.49, 0.3), (0.2, -0.49), (-0.45, -0.45)] {
                    let near = Xy {
                        x: c.x + dx * STEP,
                        y: c.y + dy * STEP,
                    };
                    assert_eq!(point_at(&b, near, viewer), Some(p), "{viewer} {p} near");
                }
            }
            // The empty corners and the odd cells of the centre hold no point.
            assert_eq!(point_at(&b, world_xy((1.0, 1.0), viewer), viewer), None);
            assert_eq!(point_at(&b, world_xy((7.0, 7.0), viewer), viewer), None);
            assert_eq!(point_at(&b, Xy { x: -5.0, y: 40.0 }, viewer), None);
        }
    }

    #[test]
    fn the_cursor_steps_over_the_cross_as_it_is_drawn() {
        use crate::ground::geometry::Screen;
        let b = board();
        let step = |from: &str, d: Screen, v: Seat| {
            step_towards(&b, pt(from), d, v).map(|p| p.to_string())
        };
        assert_eq!(step("Sa4", Screen::Up, Seat::S).as_deref(), Some("Sa3"));
        assert_eq!(step("Sa4", Screen::Right, Seat::S).as_deref(), Some("Sb4"));
        assert_eq!(step("Sc0", Screen::Up, Seat::S).as_deref(), Some("Cs"));
        assert_eq!(step("Cs", Screen::Up, Seat::S).as_deref(), Some("Cc"));
        assert_eq!(step("Cc", Screen::Up, Seat::S).as_deref(), Some("Cn"));
        assert_eq!(step("Sc5", Screen::Down, Seat::S), None);
        // Seen from East, East's area is at the bottom: up from its front goes into the centre.
        assert_eq!(step("Ec0", Screen::Up, Seat::E).as_deref(), Some("Ce"));
        // Every point is reached from the south-west corner of S's area by arrows alone.
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![pt("Sa5")];
        while let Some(p) = todo.pop() {
            if seen.insert(p) {
                for d in [Screen::Up, Screen::Down, Screen::Left, Screen::Right] {
                    todo.extend(step_towards(&b, p, d, Seat::S));
                }
            }
        }
        assert_eq!(seen.len(), b.points().count());
    }

    #[test]
    fn tile_at_is_the_piece_under_the_tap_not_the_gap_beside_it() {
        let b = board();
        let p = pt("Sb2");
        let c = point_xy(&b, p, Seat::S);
        let at = |dx: f32, dy: f32| {
            tile_at(
                &b,
                Xy {
                    x: c.x + dx,
                    y: c.y + dy,
                },
                Seat::S,
            )
        };
        assert_eq!(at(0.0, 0.0), Some(p));
        assert_eq!(at(TILE_W / 2.0 - 1.0, -TILE_H / 2.0 + 1.0), Some(p));
        // In the point's cell but between the tiles: not a piece.
        assert_eq!(at(TILE_W / 2.0 + 2.0, 0.0), None);
        assert_eq!(at(0.0, TILE_H / 2.0 + 2.0), None);
        assert_eq!(
            point_at(
                &b,
                Xy {
                    x: c.x,
                    y: c.y + TILE_H / 2.0 + 2.0
                },
                Seat::S
            ),
            Some(p)
        );
    }

    #[test]
    fn world_and_drawing_round_trip() {
        for viewer in Seat::ALL {
            for w in [(0.0, 0.0), (3.5, 12.25), (16.0, 8.0)] {
                let back = xy_world(world_xy(w, viewer), viewer);
                assert!((back.0 - w.0).abs() < 1e-4 && (back.1 - w.1).abs() < 1e-4);
            }
        }
    }

    #[test]
    fn layout_counts_and_kinds() {
        let b = board();
        let l = SiguoLayout::new(&b, Seat::N);
        assert_eq!(l.points.len(), 129);
        assert_eq!(l.edges.len(), 196 + 92);
        assert_eq!(l.edges.iter().filter(|e| e.arc).count(), 4);
        assert_eq!(
            l.edges.iter().filter(|e| e.kind == EdgeKind::Rail).count(),
            92
        );
        // Roads first.
        let first_rail = l
            .edges
            .iter()
            .position(|e| e.kind == EdgeKind::Rail)
            .unwrap();
        assert!(l.edges[first_rail..]
            .iter()
            .all(|e| e.kind == EdgeKind::Rail));
        let count = |k| l.points.iter().filter(|p| p.kind == k).count();
        assert_eq!(count(PointKind::Headquarters), 8);
        assert_eq!(count(PointKind::Camp), 20);
        assert!(l
            .edges
            .iter()
            .any(|e| e.name == "Sa4-Sa3" || e.name == "Sa3-Sa4"));
    }

    #[test]
    fn arcs_are_quarter_circles_bulging_toward_the_centre() {
        let b = board();
        for viewer in Seat::ALL {
            let l = SiguoLayout::new(&b, viewer);
            let mid = world_xy((8.0, 8.0), viewer);
            for e in l.edges.iter().filter(|e| e.arc) {
                assert!(e.d.contains(&format!("A{STEP} {STEP} 0 0 ")), "{}", e.d);
                // The arc's middle, on the circle round the empty corner, is nearer the
                // centre than the chord's middle.
                let nums: Vec<f32> =
                    e.d.split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                        .filter(|s| !s.is_empty())
                        .map(|s| s.parse().unwrap())
                        .collect();
                let (a, bb) = (
                    Xy {
                        x: nums[0],
                        y: nums[1],
                    },
                    Xy {
                        x: nums[7],
                        y: nums[8],
                    },
                );
                let sweep = nums[6];
                let chord = Xy {
                    x: (a.x + bb.x) / 2.0,
                    y: (a.y + bb.y) / 2.0,
                };
                // The corner away from the centre, and the arc's middle point from it.
                let c1 = Xy { x: a.x, y: bb.y };
                let c2 = Xy { x: bb.x, y: a.y };
                let d = |p: Xy, q: Xy| ((p.x - q.x).powi(2) + (p.y - q.y).powi(2)).sqrt();
                let c = if d(c1, mid) > d(c2, mid) { c1 } else { c2 };
                let len = d(chord, c);
                let arc_mid = Xy {
                    x: c.x + (chord.x - c.x) / len * STEP,
                    y: c.y + (chord.y - c.y) / len * STEP,
                };
                assert!(d(arc_mid, mid) < d(chord, mid), "{}", e.name);
                // Sweep: clockwise (1) exactly when a → b turns clockwise round c.
                let cross = (a.x - c.x) * (bb.y - c.y) - (a.y - c.y) * (bb.x - c.x);
                assert_eq!(sweep == 1.0, cross > 0.0, "{}", e.name);
            }
        }
    }

    #[test]
    fn route_through_an_arc() {
        let b = board();
        let path = [pt("Se1"), pt("Se0"), pt("Ea0"), pt("Ea1")];
        let d = route_path(&b, &path, Seat::S);
        assert_eq!(d.matches('L').count(), 2, "{d}");
        assert_eq!(d.matches('A').count(), 1, "{d}");
        assert!(d.starts_with('M'));
    }

    #[test]
    fn areas_and_headquarters_turn_with_the_viewer() {
        let b = board();
        let vb = view_box();
        for viewer in Seat::ALL {
            let l = SiguoLayout::new(&b, viewer);
            let own = &l.areas[viewer.index()];
            assert!(own.rect.y > vb.height / 2.0, "{viewer}");
            assert!((own.rect.centre().x - vb.width / 2.0).abs() < 0.01);
            for a in &l.areas {
                // Five columns by six rows, lying along or across.
                let (long, short) = (a.rect.w.max(a.rect.h), a.rect.w.min(a.rect.h));
                assert!((long - (5.0 + 0.92) * STEP).abs() < 0.1, "{a:?}");
                assert!((short - (4.0 + 0.92) * STEP).abs() < 0.1, "{a:?}");
                for p in &l.points {
                    if p.point.area() == Some(a.seat) {
                        assert!(a.rect.contains(p.center));
                    }
                }
                // Badges sit in the empty corners, inside the drawing.
                assert_eq!(point_at(&b, a.badge, viewer), None);
                assert!(Rect {
                    x: 0.0,
                    y: 0.0,
                    w: vb.width,
                    h: vb.height
                }
                .contains(a.badge));
            }
            for p in l
                .points
                .iter()
                .filter(|p| p.kind == PointKind::Headquarters)
            {
                let side = side_of(p.point.area().unwrap(), viewer);
                assert_eq!(p.rotate, -90.0 * side as f32);
            }
        }
    }

    #[test]
    fn zoom_only_when_points_are_too_close_to_tap() {
        // A 768 px tablet: over 44 px per point, no zoom.
        assert_eq!(zoom_factor(752.0 / 17.0, MIN_TARGET_PX), None);
        // A 360 px phone: about 20 px, zoomed to at least 44.
        let s = 344.0 / 17.0;
        let z = zoom_factor(s, MIN_TARGET_PX).unwrap();
        assert!((MIN_ZOOM..=MAX_ZOOM).contains(&z));
        assert!(s * z >= MIN_TARGET_PX, "{z}");
        // Only a little short: still a real zoom.
        assert_eq!(zoom_factor(42.0, MIN_TARGET_PX), Some(MIN_ZOOM));
        // A screen that asks for less.
        assert_eq!(zoom_factor(42.0, 40.0), None);
    }

    #[test]
    fn zoom_window_stays_on_the_board_and_unzooms_taps() {
        let vb = view_box();
        for (cx, cy) in [(0.0, 0.0), (510.0, 510.0), (1020.0, 990.0), (100.0, 900.0)] {
            let w = zoom_window(Xy { x: cx, y: cy }, 2.2);
            assert!(w.x >= 0.0 && w.y >= 0.0);
            assert!(w.x + w.w <= vb.width + 1e-3 && w.y + w.h <= vb.height + 1e-3);
            // The view box's middle shows the window's middle.
            let m = unzoom(
                Xy {
                    x: vb.width / 2.0,
                    y: vb.height / 2.0,
                },
                w,
            );
            assert!((m.x - w.centre().x).abs() < 1e-3 && (m.y - w.centre().y).abs() < 1e-3);
        }
        let w = zoom_window(Xy { x: 510.0, y: 510.0 }, 2.0);
        assert_eq!(zoom_transform(w), "translate(-510px, -510px) scale(2)");
    }

    #[test]
    fn zoomed_taps_find_every_point_under_every_rotation() {
        let b = board();
        let vb = view_box();
        for viewer in Seat::ALL {
            for p in b.points() {
                let c = point_xy(&b, p, viewer);
                // Zoomed about the point (clamped at the edges), a tap where the point shows.
                let w = zoom_window(c, 2.2);
                let z = vb.width / w.w;
                let shown = Xy {
                    x: (c.x - w.x) * z,
                    y: (c.y - w.y) * z,
                };
                assert!(shown.x > 0.0 && shown.x < vb.width && shown.y > 0.0);
                assert_eq!(point_at(&b, unzoom(shown, w), viewer), Some(p), "{p}");
            }
        }
    }

    #[test]
    fn the_zoom_out_button_finds_an_empty_corner() {
        let b = board();
        // A 52 px button with 6 px around it on a 344 px phone board, zoomed as a tap does there.
        let per_px = view_box().width / 344.0;
        let button = (58.0 * per_px, 58.0 * per_px);
        let factor = zoom_factor(344.0 / 17.0, MIN_TARGET_PX).unwrap();
        let mut blocked = Vec::new();
        for viewer in Seat::ALL {
            for p in b.points() {
                let w = zoom_window(point_xy(&b, p, viewer), factor);
                let c = free_corner(&b, viewer, w, button);
                if !corner_clear(&b, viewer, w, button, c) {
                    blocked.push(format!("{viewer}{p}"));
                }
            }
        }
        // Zoomed about any point, some corner of the window is free.
        assert!(blocked.is_empty(), "{blocked:?}");
        // The whole board: the top right corner of the cross is empty.
        let whole = Rect {
            x: 0.0,
            y: 0.0,
            w: view_box().width,
            h: view_box().height,
        };
        assert_eq!(free_corner(&b, Seat::S, whole, button), Corner::TopRight);
    }

    #[test]
    fn panning_follows_the_finger_and_stops_at_the_edges() {
        let c = (8.0, 8.0);
        let moved = pan(c, Xy { x: STEP, y: 0.0 }, 2.0, Seat::S);
        assert!((moved.0 - 7.0).abs() < 1e-4 && (moved.1 - 8.0).abs() < 1e-4);
        // Seen from E the same drag moves the other way in world terms.
        let moved = pan(c, Xy { x: STEP, y: 0.0 }, 2.0, Seat::E);
        assert!((moved.0 - 8.0).abs() < 1e-4, "{moved:?}");
        // Far past the edge: the window's centre stops where the window touches the edge.
        let far = pan(
            c,
            Xy {
                x: 10_000.0,
                y: 0.0,
            },
            2.0,
            Seat::S,
        );
        let w = zoom_window(world_xy(far, Seat::S), 2.0);
        assert!(w.x.abs() < 1e-3);
        assert!((world_xy(far, Seat::S).x - w.w / 2.0).abs() < 1e-3);
    }

    #[test]
    fn screen_to_view() {
        let rect = ScreenRect {
            left: 10.0,
            top: 20.0,
            width: 510.0,
            height: 600.0,
        };
        // Half size, centred vertically: 45 px of slack above.
        let v = client_to_view(10.0 + 15.0, 20.0 + 45.0 + 15.0, rect);
        assert!(
            (v.x - 30.0).abs() < 1e-3 && (v.y - 30.0).abs() < 1e-3,
            "{v:?}"
        );
        assert!((spacing_px(rect) - 30.0).abs() < 1e-3);
    }
}
