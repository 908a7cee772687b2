//! The board drawing as plain data: every shape the board component draws, built from
//! junqi-core's topology and [`geometry`](super::geometry). Pure, so it is tested natively;
//! the component only turns it into SVG elements.

use super::geometry::{
    column_x, front_y, point_xy, row_y, view_box, Orientation, ViewBox, Xy, HQ_HEIGHT, HQ_WIDTH,
    MARGIN_X, MARGIN_Y, ROW_STEP,
};
use junqi_core::{EdgeKind, Point, PointKind, Seat, Topology};

/// One point of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct PointShape {
    /// The point drawn.
    pub point: Point,
    /// Its name, `a1` … `e12` (the `data-point` attribute).
    pub name: String,
    /// Post, camp or headquarters.
    pub kind: PointKind,
    /// Whether a railway runs through it.
    pub on_rail: bool,
    /// The half it lies in.
    pub half: Seat,
    /// Its centre.
    pub center: Xy,
    /// For a headquarters: whether it lies below the front, so its arch faces up.
    pub faces_up: bool,
}

/// One drawn connection between two points.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeShape {
    /// `a6-a7`: the two point names as the topology lists them (the `data-edge` attribute).
    pub name: String,
    /// Road or railway.
    pub kind: EdgeKind,
    /// Centre of the first point.
    pub from: Xy,
    /// Centre of the second point.
    pub to: Xy,
}

/// A coordinate label at the board's edge.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub at: Xy,
}

/// Everything the board component draws.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardLayout {
    /// The drawing area.
    pub view_box: ViewBox,
    /// All points, in index order.
    pub points: Vec<PointShape>,
    /// All connections, roads first so railways are drawn over them.
    pub edges: Vec<EdgeShape>,
    /// Centres of the mountains on the front, where a column does not cross it.
    pub mountains: Vec<Xy>,
    /// Top and bottom of the front band.
    pub front: (f32, f32),
    /// Column letters, along the bottom edge.
    pub files: Vec<Label>,
    /// Row numbers, along the left edge.
    pub ranks: Vec<Label>,
}

impl BoardLayout {
    /// Lays out `topology` as seen from `orientation`.
    pub fn new(topology: &Topology, orientation: Orientation) -> BoardLayout {
        let view_box = view_box();
        let fy = front_y();
        let points = Point::all()
            .map(|p| {
                let center = point_xy(p, orientation);
                PointShape {
                    point: p,
                    name: p.to_string(),
                    kind: topology.kind(p),
                    on_rail: topology.is_rail(p),
                    half: p.half(),
                    center,
                    faces_up: center.y > fy,
                }
            })
            .collect();

        let mut edges: Vec<EdgeShape> = topology
            .edges()
            .iter()
            .map(|e| EdgeShape {
                name: format!("{}-{}", e.a, e.b),
                kind: e.kind,
                from: point_xy(e.a, orientation),
                to: point_xy(e.b, orientation),
            })
            .collect();
        // Stable: keeps the topology's order within each kind.
        edges.sort_by_key(|e| e.kind == EdgeKind::Rail);

        let last_red_row = 6;
        let mountains = (0..5)
            .filter_map(|c| {
                let below = Point::at(c, last_red_row)?;
                let above = Point::at(c, last_red_row + 1)?;
                topology.edge(below, above).is_none().then(|| Xy {
                    x: column_x(c, orientation),
                    y: fy,
                })
            })
            .collect();

        let half_band = (row_y(6, Orientation::RedBottom) - row_y(7, Orientation::RedBottom)) / 2.0
            - ROW_STEP * 0.4;
        let files = (0..5u8)
            .map(|c| Label {
                text: char::from(b'a' + c).to_string(),
                at: Xy {
                    x: column_x(c, orientation),
                    y: view_box.height - MARGIN_Y * 0.22,
                },
            })
            .collect();
        let ranks = (1..=12u8)
            .map(|r| Label {
                text: r.to_string(),
                at: Xy {
                    x: MARGIN_X * 0.24,
                    y: row_y(r, orientation),
                },
            })
            .collect();

        BoardLayout {
            view_box,
            points,
            edges,
            mountains,
            front: (fy - half_band, fy + half_band),
            files,
            ranks,
        }
    }
}

/// The outline of a headquarters (大本营) centred on the origin: a box whose side facing the
/// board is an arch.
pub fn headquarters_path(faces_up: bool) -> String {
    let (l, r) = (-HQ_WIDTH / 2.0, HQ_WIDTH / 2.0);
    let (t, b) = (-HQ_HEIGHT / 2.0, HQ_HEIGHT / 2.0);
    // A quadratic arch rising 10 units above the corners' shoulders.
    let (shoulder, rise) = (8.0, 10.0);
    if faces_up {
        format!(
            "M{l} {b}L{l} {}Q0 {} {r} {}L{r} {b}Z",
            t + shoulder,
            t - rise,
            t + shoulder
        )
    } else {
        format!(
            "M{l} {t}L{l} {}Q0 {} {r} {}L{r} {t}Z",
            b - shoulder,
            b + rise,
            b - shoulder
        )
    }
}

/// A small mountain range centred on the origin, for the front where a column is blocked.
pub fn mountain_path() -> &'static str {
    "M-30 12L-14 -8L-8 -1L4 -18L18 2L22 -3L30 12Z"
}

/// The snow caps on [`mountain_path`].
pub fn mountain_snow_path() -> &'static str {
    "M4 -18L-1 -11L3 -12L6 -9L9 -13Z"
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::Topology;

    fn layout() -> BoardLayout {
        BoardLayout::new(Topology::standard(), Orientation::RedBottom)
    }

    #[test]
    fn sixty_points_with_names_in_index_order() {
        let l = layout();
        assert_eq!(l.points.len(), 60);
        assert_eq!(l.points[0].name, "a1");
        assert_eq!(l.points[59].name, "e12");
        let count = |k| l.points.iter().filter(|p| p.kind == k).count();
        assert_eq!(count(PointKind::Post), 46);
        assert_eq!(count(PointKind::Camp), 10);
        assert_eq!(count(PointKind::Headquarters), 4);
    }

    #[test]
    fn edges_match_the_rules() {
        let l = layout();
        assert_eq!(l.edges.len(), 133);
        let rails: Vec<_> = l
            .edges
            .iter()
            .filter(|e| e.kind == EdgeKind::Rail)
            .collect();
        assert_eq!(rails.len(), 35);
        // Roads come first so railways are drawn on top.
        assert!(l.edges[..98].iter().all(|e| e.kind == EdgeKind::Road));
        let names: Vec<&str> = l.edges.iter().map(|e| e.name.as_str()).collect();
        for crossing in ["a6-a7", "c6-c7", "e6-e7"] {
            assert!(names.contains(&crossing), "{crossing}");
        }
        for blocked in ["b6-b7", "d6-d7"] {
            assert!(!names.contains(&blocked), "{blocked}");
        }
        // Camp diagonals are roads.
        for diagonal in ["b3-c4", "c4-d5", "a4-b5", "b5-c6"] {
            let e = l.edges.iter().find(|e| e.name == diagonal).expect(diagonal);
            assert_eq!(e.kind, EdgeKind::Road, "{diagonal}");
        }
        let unique: std::collections::HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), 133);
    }

    #[test]
    fn mountains_block_b_and_d() {
        let l = layout();
        let xs: Vec<f32> = l.mountains.iter().map(|m| m.x).collect();
        assert_eq!(
            xs,
            vec![
                column_x(1, Orientation::RedBottom),
                column_x(3, Orientation::RedBottom)
            ]
        );
        let (top, bottom) = l.front;
        assert!(top > row_y(7, Orientation::RedBottom) + HQ_HEIGHT / 2.0);
        assert!(bottom < row_y(6, Orientation::RedBottom) - HQ_HEIGHT / 2.0);
    }

    #[test]
    fn headquarters_arches_face_the_board() {
        let l = layout();
        let hq: Vec<_> = l
            .points
            .iter()
            .filter(|p| p.kind == PointKind::Headquarters)
            .map(|p| (p.name.as_str(), p.faces_up))
            .collect();
        assert_eq!(
            hq,
            vec![("b1", true), ("d1", true), ("b12", false), ("d12", false)]
        );
        assert_eq!(
            headquarters_path(true),
            "M-34 18L-34 -10Q0 -28 34 -10L34 18Z"
        );
    }

    #[test]
    fn labels() {
        let l = layout();
        let files: String = l.files.iter().map(|f| f.text.as_str()).collect();
        assert_eq!(files, "abcde");
        assert_eq!(l.ranks.len(), 12);
        let flipped = BoardLayout::new(Topology::standard(), Orientation::BlackBottom);
        assert!(flipped.files[0].at.x > flipped.files[4].at.x);
        assert_eq!(flipped.points[0].center, l.points[59].center);
    }
}
