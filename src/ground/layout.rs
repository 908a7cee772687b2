//! The board drawing as plain data: every shape the board component draws, built from
//! junqi-core's topology and [`geometry`](super::geometry). Pure, so it is tested natively;
//! the component only turns it into SVG elements.

use super::geometry::{
    column_x, front_y, point_xy, row_y, view_box, Orientation, ViewBox, Xy, CAMP_RADIUS, HQ_HEIGHT,
    HQ_WIDTH, MARGIN_X, MARGIN_Y, POST_HEIGHT, POST_WIDTH, ROW_STEP,
};
use super::shape::PointLook;
use junqi_core::{EdgeKind, Point, Seat, Topology};

pub use super::shape::{EdgeShape, PointShape};

/// How the facing board draws its points.
pub const FACING_POINTS: PointLook = PointLook {
    class: "point",
    post_w: POST_WIDTH,
    post_h: POST_HEIGHT,
    camp_r: CAMP_RADIUS,
    hq_w: HQ_WIDTH,
    hq_d: HQ_HEIGHT,
    hq_shoulder: 8.0,
    hq_rise: 10.0,
    hq_label_y: (6.0, 2.0),
};

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
    pub points: Vec<PointShape<Point>>,
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
                    area: match p.half() {
                        Seat::RED => "red",
                        _ => "black",
                    }
                    .to_string(),
                    center,
                    // A headquarters' arch faces the front: up below it, down above it.
                    rotate: if center.y > fy { 0.0 } else { 180.0 },
                }
            })
            .collect();

        let mut edges: Vec<EdgeShape> = topology
            .edges()
            .iter()
            .map(|e| {
                let (a, b) = (point_xy(e.a, orientation), point_xy(e.b, orientation));
                EdgeShape {
                    name: format!("{}-{}", e.a, e.b),
                    kind: e.kind,
                    arc: false,
                    d: format!("M{} {}L{} {}", a.x, a.y, b.x, b.y),
                }
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
    use junqi_core::PointKind;
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
            .map(|p| (p.name.as_str(), p.rotate))
            .collect();
        assert_eq!(
            hq,
            vec![("b1", 0.0), ("d1", 0.0), ("b12", 180.0), ("d12", 180.0)]
        );
        assert_eq!(
            FACING_POINTS.hq_path(),
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
