//! Where each point of the 2-player board sits in the board's SVG coordinate space.
//!
//! Units are SVG user units; the `<svg>` scales them to the window through its `viewBox`.
//! Row 12 is at the top and Red's back row (row 1) at the bottom when the board is seen from
//! Red's side, as RULES.md §2 draws it. The front (山界) between rows 6 and 7 is wider than a
//! row step, as on a printed board.

use junqi_core::Point;

/// Horizontal distance between neighbouring columns.
pub const COLUMN_STEP: f32 = 90.0;
/// Vertical distance between neighbouring rows within one half.
pub const ROW_STEP: f32 = 56.0;
/// Vertical distance between rows 6 and 7, across the front.
pub const FRONT_STEP: f32 = 90.0;
/// Space left of column `a` and right of column `e` (coordinates live on the left).
pub const MARGIN_X: f32 = 58.0;
/// Space above row 12 and below row 1 (file letters live at the bottom).
pub const MARGIN_Y: f32 = 40.0;

/// Width of a post (兵站): a piece's footprint.
pub const POST_WIDTH: f32 = 62.0;
/// Height of a post.
pub const POST_HEIGHT: f32 = 30.0;
/// Radius of a camp (行营) circle.
pub const CAMP_RADIUS: f32 = 22.0;
/// Width of a headquarters (大本营).
pub const HQ_WIDTH: f32 = 68.0;
/// Height of a headquarters.
pub const HQ_HEIGHT: f32 = 36.0;

// Shapes of neighbouring points never touch.
const _: () = assert!(POST_WIDTH < COLUMN_STEP && HQ_WIDTH < COLUMN_STEP);
const _: () = assert!(POST_HEIGHT < ROW_STEP && HQ_HEIGHT < ROW_STEP);
const _: () = assert!(2.0 * CAMP_RADIUS < ROW_STEP);

/// Number of columns (`a`..`e`).
const COLUMNS: u8 = 5;
/// Number of rows (`1`..`12`).
const ROWS: u8 = 12;

/// Which side of the board is drawn at the bottom.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// Red (rows 1–6) at the bottom, column `a` on the left.
    #[default]
    RedBottom,
    /// Black (rows 7–12) at the bottom, column `e` on the left.
    BlackBottom,
}

/// A position in board coordinates.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Xy {
    pub x: f32,
    pub y: f32,
}

/// The whole drawing area.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ViewBox {
    pub width: f32,
    pub height: f32,
}

impl ViewBox {
    /// The value of the SVG `viewBox` attribute.
    pub fn attr(self) -> String {
        format!("0 0 {} {}", self.width, self.height)
    }

    /// Drawing coordinates of a screen position over an `<svg>` with this view box drawn in
    /// `rect`, which shows the whole view box centred (`preserveAspectRatio="xMidYMid meet"`).
    pub fn from_client(self, client_x: f64, client_y: f64, rect: ScreenRect) -> Xy {
        let scale = (rect.width / f64::from(self.width)).min(rect.height / f64::from(self.height));
        if scale <= 0.0 {
            return Xy { x: -1.0, y: -1.0 };
        }
        let dx = (rect.width - f64::from(self.width) * scale) / 2.0;
        let dy = (rect.height - f64::from(self.height) * scale) / 2.0;
        Xy {
            x: ((client_x - rect.left - dx) / scale) as f32,
            y: ((client_y - rect.top - dy) / scale) as f32,
        }
    }
}

/// The size of the board drawing.
pub fn view_box() -> ViewBox {
    ViewBox {
        width: 2.0 * MARGIN_X + f32::from(COLUMNS - 1) * COLUMN_STEP,
        height: 2.0 * MARGIN_Y + f32::from(ROWS - 2) * ROW_STEP + FRONT_STEP,
    }
}

/// The x coordinate of a column (0 = `a`) as seen from `orientation`.
pub fn column_x(column: u8, orientation: Orientation) -> f32 {
    let c = match orientation {
        Orientation::RedBottom => column,
        Orientation::BlackBottom => COLUMNS - 1 - column,
    };
    MARGIN_X + f32::from(c) * COLUMN_STEP
}

/// The y coordinate of a row (1..=12) as seen from `orientation`.
pub fn row_y(row: u8, orientation: Orientation) -> f32 {
    // Steps counted from the top edge of the drawing.
    let from_top = match orientation {
        Orientation::RedBottom => ROWS - row,
        Orientation::BlackBottom => row - 1,
    };
    // Every step is a row step except the one across the front, between the 6th and 7th row
    // from the top.
    let front = if from_top >= ROWS / 2 {
        FRONT_STEP - ROW_STEP
    } else {
        0.0
    };
    MARGIN_Y + f32::from(from_top) * ROW_STEP + front
}

/// The centre of a point.
pub fn point_xy(p: Point, orientation: Orientation) -> Xy {
    Xy {
        x: column_x(p.column(), orientation),
        y: row_y(p.row(), orientation),
    }
}

/// The y coordinate of the middle of the front (山界).
pub fn front_y() -> f32 {
    // Symmetric in the orientation.
    (row_y(6, Orientation::RedBottom) + row_y(7, Orientation::RedBottom)) / 2.0
}

/// A direction on the screen, for moving the keyboard's cursor over the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Up,
    Down,
    Left,
    Right,
}

/// The point next to `p` in screen direction `dir` as the board is drawn from `orientation`
/// (every column and row of the 2-player board holds a point); `None` at the edge.
pub fn step_on_screen(p: Point, dir: Screen, orientation: Orientation) -> Option<Point> {
    // Red at the bottom: up is towards row 12, right towards column e.
    let flip: i8 = match orientation {
        Orientation::RedBottom => 1,
        Orientation::BlackBottom => -1,
    };
    let (dc, dr) = match dir {
        Screen::Up => (0, flip),
        Screen::Down => (0, -flip),
        Screen::Left => (-flip, 0),
        Screen::Right => (flip, 0),
    };
    let c = p.column().checked_add_signed(dc)?;
    let r = p.row().checked_add_signed(dr)?;
    Point::at(c, r)
}

/// The point whose cell holds `xy`: the nearest point centre, if `xy` lies within half a step
/// of it (the front counts as part of the nearest row). The whole board is covered, so every
/// point's touch target is as large as the board allows.
pub fn point_at(xy: Xy, orientation: Orientation) -> Option<Point> {
    let vb = view_box();
    if xy.x < 0.0 || xy.y < 0.0 || xy.x > vb.width || xy.y > vb.height {
        return None;
    }
    let column = ((xy.x - MARGIN_X) / COLUMN_STEP).round();
    if !(0.0..f32::from(COLUMNS)).contains(&column) {
        return None;
    }
    let mut best: Option<(f32, u8)> = None;
    for row in 1..=ROWS {
        let d = (row_y(row, orientation) - xy.y).abs();
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, row));
        }
    }
    let (dy, row) = best?;
    if dy > FRONT_STEP / 2.0 {
        return None;
    }
    let c = match orientation {
        Orientation::RedBottom => column as u8,
        Orientation::BlackBottom => COLUMNS - 1 - column as u8,
    };
    Point::at(c, row)
}

/// A rectangle on the screen in CSS pixels (an element's bounding box).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ScreenRect {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
}

/// Board coordinates of a screen position over the board's `<svg>` drawn in `rect`, which shows
/// the whole view box centred (`preserveAspectRatio="xMidYMid meet"`).
pub fn client_to_board(client_x: f64, client_y: f64, rect: ScreenRect) -> Xy {
    view_box().from_client(client_x, client_y, rect)
}

/// A hint's arrow between two tiles ([`arrow_between`]): the shaft from `start` to `base`, and
/// the head, an SVG path from `base` to the tip.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrow {
    pub start: Xy,
    pub base: Xy,
    pub head: String,
}

/// The arrow from the tile at `a` to the one at `b`, tiles reaching `half_w` across and
/// `half_h` along from their points (plus a margin of 2): from the edge of one to the edge of
/// the other, so neither label is covered; the head is a triangle, smaller between close
/// neighbours. Used by the 2-player and the 4-player boards.
pub fn arrow_between(a: Xy, b: Xy, half_w: f32, half_h: f32) -> Arrow {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let to_edge = {
        let tx = if ux.abs() > 1e-6 {
            half_w / ux.abs()
        } else {
            f32::INFINITY
        };
        let ty = if uy.abs() > 1e-6 {
            half_h / uy.abs()
        } else {
            f32::INFINITY
        };
        tx.min(ty) + 2.0
    };
    let mut cut = to_edge.min(len / 2.0 - 4.0).max(0.0);
    let mut head_len = (len - 2.0 * cut).clamp(6.0, 22.0);
    // Between neighbours a full head leaves no shaft, and a head alone reads as a dot: the
    // arrow then runs from the tiles' very edges (the labels stay free) with a smaller head;
    // where even that leaves no room it reaches over the tiles.
    const MIN_SHAFT: f32 = 6.0;
    if len - 2.0 * cut - head_len < MIN_SHAFT {
        let edge = (to_edge - 1.0).min(len / 2.0 - 4.0).max(0.0);
        let gap = len - 2.0 * edge;
        if gap >= 14.0 {
            cut = edge;
            head_len = (gap * 0.55).clamp(6.0, 22.0);
        } else {
            head_len = head_len.max(12.0).min(len * 0.4);
            cut = ((len - head_len - 2.0 * MIN_SHAFT) / 2.0).max(0.0);
        }
    }
    let head_half = head_len * 13.0 / 22.0;
    let start = Xy {
        x: a.x + ux * cut,
        y: a.y + uy * cut,
    };
    let tip = (b.x - ux * cut, b.y - uy * cut);
    let base = Xy {
        x: tip.0 - ux * head_len,
        y: tip.1 - uy * head_len,
    };
    let (nx, ny) = (-uy * head_half, ux * head_half);
    let head = format!(
        "M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} Z",
        tip.0,
        tip.1,
        base.x + nx,
        base.y + ny,
        base.x - nx,
        base.y - ny
    );
    Arrow { start, base, head }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    /// Shaft length and head length of the arrow from `a` to `b` on the 2-player board.
    fn arrow_parts(a: &str, b: &str) -> (f32, f32) {
        let o = Orientation::RedBottom;
        let (from, to) = (point_xy(pt(a), o), point_xy(pt(b), o));
        let arrow = arrow_between(from, to, 33.0, 18.0);
        let shaft = ((arrow.base.x - arrow.start.x).powi(2)
            + (arrow.base.y - arrow.start.y).powi(2))
        .sqrt();
        let len = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
        (shaft, len)
    }

    #[test]
    fn an_arrow_between_neighbours_has_a_shaft() {
        for (a, b) in [
            ("a6", "a7"),
            ("a2", "a3"),
            ("b2", "c2"),
            ("b3", "c4"),
            ("a6", "a12"),
        ] {
            let (shaft, len) = arrow_parts(a, b);
            assert!(shaft >= 5.9, "{a}-{b}: shaft {shaft}");
            assert!(shaft < len, "{a}-{b}: inside the span");
        }
    }

    #[test]
    fn corners() {
        let vb = view_box();
        let o = Orientation::RedBottom;
        assert_eq!(
            point_xy(pt("a12"), o),
            Xy {
                x: MARGIN_X,
                y: MARGIN_Y
            }
        );
        assert_eq!(
            point_xy(pt("e1"), o),
            Xy {
                x: vb.width - MARGIN_X,
                y: vb.height - MARGIN_Y
            }
        );
    }

    #[test]
    fn red_at_the_bottom_row_12_at_the_top() {
        let o = Orientation::RedBottom;
        for c in 0..5 {
            for r in 1..12 {
                let lower = Point::at(c, r).unwrap();
                let upper = Point::at(c, r + 1).unwrap();
                assert!(
                    point_xy(lower, o).y > point_xy(upper, o).y,
                    "{lower} below {upper}"
                );
            }
        }
        assert!(point_xy(pt("a1"), o).x < point_xy(pt("e1"), o).x);
    }

    #[test]
    fn the_front_is_wider_than_a_row() {
        let o = Orientation::RedBottom;
        assert_eq!(row_y(1, o) - row_y(2, o), ROW_STEP);
        assert_eq!(row_y(6, o) - row_y(7, o), FRONT_STEP);
        assert_eq!(row_y(11, o) - row_y(12, o), ROW_STEP);
        assert!(front_y() < row_y(6, o) && front_y() > row_y(7, o));
    }

    #[test]
    fn black_bottom_is_a_half_turn() {
        let vb = view_box();
        for p in Point::all() {
            let red = point_xy(p, Orientation::RedBottom);
            let black = point_xy(p, Orientation::BlackBottom);
            assert!((red.x + black.x - vb.width).abs() < 1e-3, "{p}");
            assert!((red.y + black.y - vb.height).abs() < 1e-3, "{p}");
        }
    }

    #[test]
    fn shapes_fit_between_neighbours() {
        // Neighbours never overlap: checked at compile time below the constants.
        // Every shape stays inside the drawing.
        let vb = view_box();
        for p in Point::all() {
            let Xy { x, y } = point_xy(p, Orientation::RedBottom);
            assert!(x - HQ_WIDTH / 2.0 > 0.0 && x + HQ_WIDTH / 2.0 < vb.width);
            assert!(y - HQ_HEIGHT / 2.0 > 0.0 && y + HQ_HEIGHT / 2.0 < vb.height);
        }
    }

    #[test]
    fn view_box_attribute() {
        assert_eq!(view_box().attr(), "0 0 476 730");
    }
    #[test]
    fn every_point_is_found_at_its_centre_and_near_it() {
        for o in [Orientation::RedBottom, Orientation::BlackBottom] {
            for p in Point::all() {
                let c = point_xy(p, o);
                assert_eq!(point_at(c, o), Some(p), "{p}");
                let near = Xy {
                    x: c.x + COLUMN_STEP * 0.45,
                    y: c.y - ROW_STEP * 0.45,
                };
                assert_eq!(point_at(near, o), Some(p), "{p} near");
            }
        }
        assert_eq!(
            point_at(Xy { x: -3.0, y: 10.0 }, Orientation::RedBottom),
            None
        );
    }

    #[test]
    fn screen_to_board() {
        let vb = view_box();
        // Drawn at half size, 10 px from the corner.
        let rect = ScreenRect {
            left: 10.0,
            top: 10.0,
            width: f64::from(vb.width) / 2.0,
            height: f64::from(vb.height) / 2.0,
        };
        let xy = client_to_board(10.0 + 29.0, 10.0 + 20.0, rect);
        assert!(
            (xy.x - 58.0).abs() < 1e-3 && (xy.y - 40.0).abs() < 1e-3,
            "{xy:?}"
        );
        assert_eq!(point_at(xy, Orientation::RedBottom), "a12".parse().ok());
        // A wider box centres the board horizontally.
        let wide = ScreenRect {
            width: f64::from(vb.width) + 100.0,
            height: f64::from(vb.height),
            left: 0.0,
            top: 0.0,
        };
        let xy = client_to_board(50.0 + 58.0, 40.0, wide);
        assert!((xy.x - 58.0).abs() < 1e-3, "{xy:?}");
    }

    #[test]
    fn a_hint_arrow_runs_between_the_tiles_edges() {
        // Straight up, tiles 33 across and 18 along: it leaves the first tile 20 above its
        // point and its tip stops 20 below the other's, the head 22 long.
        let a = arrow_between(
            Xy { x: 100.0, y: 300.0 },
            Xy { x: 100.0, y: 100.0 },
            33.0,
            18.0,
        );
        assert_eq!(a.start, Xy { x: 100.0, y: 280.0 });
        assert_eq!(a.base, Xy { x: 100.0, y: 142.0 });
        assert!(a.head.starts_with("M100.0,120.0 "), "{}", a.head);
        // Sideways the tile is wider; close neighbours get a smaller head, never a negative one.
        let a = arrow_between(Xy { x: 0.0, y: 0.0 }, Xy { x: 200.0, y: 0.0 }, 33.0, 18.0);
        assert_eq!(a.start, Xy { x: 35.0, y: 0.0 });
        let near = arrow_between(Xy { x: 0.0, y: 0.0 }, Xy { x: 40.0, y: 0.0 }, 33.0, 18.0);
        assert!(near.start.x >= 0.0 && near.base.x <= 40.0 && near.start.x <= near.base.x + 6.0);
    }

    #[test]
    fn the_cursor_steps_as_the_board_is_drawn() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        let red = Orientation::RedBottom;
        let black = Orientation::BlackBottom;
        assert_eq!(step_on_screen(p("c6"), Screen::Up, red), Some(p("c7")));
        assert_eq!(step_on_screen(p("c6"), Screen::Right, red), Some(p("d6")));
        assert_eq!(step_on_screen(p("c6"), Screen::Up, black), Some(p("c5")));
        assert_eq!(step_on_screen(p("c6"), Screen::Right, black), Some(p("b6")));
        assert_eq!(step_on_screen(p("a1"), Screen::Left, red), None);
        assert_eq!(step_on_screen(p("a1"), Screen::Down, red), None);
        assert_eq!(step_on_screen(p("e12"), Screen::Up, red), None);
        assert_eq!(step_on_screen(p("e12"), Screen::Down, black), None);
        // Every step is drawn where the arrow points.
        for o in [red, black] {
            let a = point_xy(p("c6"), o);
            let up = point_xy(step_on_screen(p("c6"), Screen::Up, o).unwrap(), o);
            let right = point_xy(step_on_screen(p("c6"), Screen::Right, o).unwrap(), o);
            assert!(up.y < a.y && right.x > a.x);
        }
        use crate::ground::drag::BoardKey;
        assert_eq!(
            BoardKey::of("ArrowLeft"),
            Some(BoardKey::Step(Screen::Left))
        );
        assert_eq!(BoardKey::of(" "), Some(BoardKey::Pick));
        assert_eq!(BoardKey::of("Escape"), Some(BoardKey::PutBack));
        assert_eq!(BoardKey::of("Tab"), None);
    }
}
