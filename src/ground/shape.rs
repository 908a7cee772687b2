//! What every board draws beneath its pieces, as plain data whatever its layout: its points
//! and the roads and railways between them. Each layout's geometry builds these (the facing
//! board in [`layout`](super::layout), the cross in [`siguo_geometry`](super::siguo_geometry));
//! one view draws them for both (`components/boards/points.rs`).

use super::geometry::Xy;
use junqi_core::{EdgeKind, PointKind};

/// One point as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PointShape<P> {
    pub point: P,
    /// `a6`, `Sa4`, `Cc`: the `data-point` attribute.
    pub name: String,
    /// Post, camp or headquarters.
    pub kind: PointKind,
    /// Whether a railway runs through it.
    pub on_rail: bool,
    /// The CSS class of the ground it lies on: a half of the facing board (`red`, `black`), an
    /// area of the cross (`seat-0` … `seat-3`) or its centre (`centre`).
    pub area: String,
    pub center: Xy,
    /// A headquarters' turn in degrees (clockwise) from its outline, whose arch is up: its
    /// arch faces the front (0 or 180 on the facing board, a quarter turn across the cross's
    /// side areas).
    pub rotate: f32,
}

impl<P> PointShape<P> {
    /// A headquarters standing across the drawing, whose name then reads top to bottom.
    pub fn upright(&self) -> bool {
        self.rotate % 180.0 != 0.0
    }
}

/// One connection as drawn: an SVG path, straight or (the cross's four 弧形线) a quarter circle.
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeShape {
    /// `a6-a7`, `Sa4-Sa3`: the two point names as the board lists them (the `data-edge`
    /// attribute).
    pub name: String,
    pub kind: EdgeKind,
    pub arc: bool,
    /// The path's `d`.
    pub d: String,
}

/// How a layout draws its points: the class they carry (each board's stylesheet colours its
/// own) and their sizes.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct PointLook {
    /// `point` on the facing board, `sg-point` on the cross.
    pub class: &'static str,
    /// A post (兵站).
    pub post_w: f32,
    pub post_h: f32,
    /// A camp (行营) circle's radius.
    pub camp_r: f32,
    /// A headquarters (大本营): width, depth, the height of its straight sides' shoulders below
    /// the top corners, and how far its arch rises over them.
    pub hq_w: f32,
    pub hq_d: f32,
    pub hq_shoulder: f32,
    pub hq_rise: f32,
    /// Where a headquarters' name sits below its centre, arch up and arch down.
    pub hq_label_y: (f32, f32),
}

impl PointLook {
    /// The outline of a headquarters centred on the origin, its arch up.
    pub fn hq_path(&self) -> String {
        let (l, r) = (-self.hq_w / 2.0, self.hq_w / 2.0);
        let (t, b) = (-self.hq_d / 2.0, self.hq_d / 2.0);
        format!(
            "M{l} {b}L{l} {}Q0 {} {r} {}L{r} {b}Z",
            t + self.hq_shoulder,
            t - self.hq_rise,
            t + self.hq_shoulder
        )
    }

    /// Where the name of the headquarters `p` sits below its centre.
    pub fn hq_label_y<P>(&self, p: &PointShape<P>) -> f32 {
        if p.rotate.rem_euclid(360.0) == 180.0 {
            self.hq_label_y.1
        } else {
            self.hq_label_y.0
        }
    }
}
