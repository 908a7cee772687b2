//! The boards' gesture state machine, free of the DOM: a press becomes a tap, a drag (only once
//! the pointer has moved a few pixels, so a tap stays a tap) or a long press. Both boards use it,
//! each with its own kind of point (`P`): the 2-player board's [`Point`] and the cross board's
//! `junqi_core::siguo::Point`.

use super::geometry::Xy;
use junqi_core::Point;

/// Screen distance (CSS px) a press must travel before it becomes a drag.
pub const DRAG_THRESHOLD_PX: f64 = 6.0;
/// A press held this long without moving is a long press (guess marks in 暗棋).
pub const LONG_PRESS_MS: u32 = 550;
/// How far above the pointer a dragged piece is drawn (board units), so a finger does not hide it.
pub const DRAG_LIFT: f32 = 34.0;

/// What a finished gesture means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Gesture<P = Point> {
    /// A press and release on one point, without dragging.
    Tap(P),
    /// A piece dragged from one point and dropped on another (or off the board: `None`).
    Drop { from: P, to: Option<P> },
    /// A press held still (or a right click).
    LongPress(P),
}

/// What a key does on a board: the keyboard's side of the gestures (both boards read keys
/// through it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// An arrow: the cursor steps that way on the screen.
    Step(crate::ground::geometry::Screen),
    /// Enter or Space: a tap on the point under the cursor.
    Pick,
    /// Escape: the piece picked up goes back.
    PutBack,
    /// G: a long press there (a guess mark).
    Guess,
    /// A reading command (L, P, T, X, ?); `Reach(None)` reads the piece under the cursor.
    Read(crate::i18n::reading::Read),
}

impl BoardKey {
    /// The board's meaning of a key (`KeyboardEvent.key`), if it has one.
    pub fn of(key: &str) -> Option<BoardKey> {
        use crate::ground::geometry::Screen;
        use crate::i18n::reading::Read;
        Some(match key {
            "ArrowUp" => BoardKey::Step(Screen::Up),
            "ArrowDown" => BoardKey::Step(Screen::Down),
            "ArrowLeft" => BoardKey::Step(Screen::Left),
            "ArrowRight" => BoardKey::Step(Screen::Right),
            "Enter" | " " => BoardKey::Pick,
            "Escape" => BoardKey::PutBack,
            "g" | "G" => BoardKey::Guess,
            "l" | "L" => BoardKey::Read(Read::Last),
            "p" | "P" => BoardKey::Read(Read::Mine),
            "t" | "T" => BoardKey::Read(Read::Turn),
            "x" | "X" => BoardKey::Read(Read::Reach(None)),
            "?" => BoardKey::Read(Read::Keys),
            _ => return None,
        })
    }
}

/// One press in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Press<P = Point> {
    /// The pointer that pressed (`PointerEvent.pointerId`).
    pub pointer: i32,
    /// The point pressed; `None` for a press between points (the cross board pans or zooms
    /// from there).
    pub point: Option<P>,
    /// Screen position of the press.
    pub start: (f64, f64),
    /// Whether the pressed point holds a piece that may be dragged.
    pub draggable: bool,
    /// Past the threshold: a drag.
    pub dragging: bool,
    /// Where the dragged piece is drawn (board units).
    pub at: Xy,
    /// The point under the pointer.
    pub over: Option<P>,
    /// Moved past the threshold without dragging a piece, or the long press already fired: the
    /// release is no tap.
    pub spent: bool,
}

impl<P: Copy + PartialEq> Press<P> {
    pub fn new(pointer: i32, point: Option<P>, start: (f64, f64), draggable: bool, at: Xy) -> Self {
        Press {
            pointer,
            point,
            start,
            draggable: draggable && point.is_some(),
            dragging: false,
            at,
            over: point,
            spent: false,
        }
    }

    /// The pointer moved to `screen` (CSS px), over board position `board` and `over`.
    /// Returns true when this move started the drag.
    pub fn moved(&mut self, screen: (f64, f64), board: Xy, over: Option<P>) -> bool {
        self.over = over;
        self.at = Xy {
            x: board.x,
            y: board.y - DRAG_LIFT,
        };
        if self.dragging || self.spent {
            return false;
        }
        let (dx, dy) = (screen.0 - self.start.0, screen.1 - self.start.1);
        if (dx * dx + dy * dy).sqrt() >= DRAG_THRESHOLD_PX {
            if self.draggable {
                self.dragging = true;
                return true;
            }
            // Moved off a piece that cannot be dragged: no longer a tap either.
            self.spent = true;
        }
        false
    }

    /// Held long enough: a long press, unless the pointer has moved or dragged.
    pub fn held(&mut self) -> Option<Gesture<P>> {
        if self.dragging || self.spent {
            return None;
        }
        let point = self.point?;
        self.spent = true;
        Some(Gesture::LongPress(point))
    }

    /// Still a tap if released now: neither dragged, nor moved away, nor held.
    pub fn is_tap(&self) -> bool {
        !self.dragging && !self.spent
    }

    /// The piece being dragged and where it is drawn (lifted above the pointer).
    pub fn dragged(&self) -> Option<(P, Xy)> {
        self.point.filter(|_| self.dragging).map(|p| (p, self.at))
    }

    /// The point a dragged piece would drop on.
    pub fn target(&self) -> Option<P> {
        self.over.filter(|_| self.dragging)
    }

    /// The pointer was released over `over`.
    pub fn released(self, over: Option<P>) -> Option<Gesture<P>> {
        let from = self.point?;
        if self.dragging {
            Some(Gesture::Drop { from, to: over })
        } else if self.spent {
            None
        } else {
            Some(Gesture::Tap(from))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    const O: Xy = Xy { x: 0.0, y: 0.0 };

    #[test]
    fn a_small_wobble_stays_a_tap() {
        let mut p = Press::new(1, Some(pt("a6")), (100.0, 100.0), true, O);
        assert!(!p.moved((103.0, 102.0), O, Some(pt("a6"))));
        assert_eq!(p.released(Some(pt("a6"))), Some(Gesture::Tap(pt("a6"))));
    }

    #[test]
    fn past_the_threshold_it_is_a_drag_and_drops() {
        let mut p = Press::new(1, Some(pt("a6")), (100.0, 100.0), true, O);
        assert!(p.moved((100.0, 110.0), Xy { x: 5.0, y: 50.0 }, Some(pt("a5"))));
        assert!(!p.moved((100.0, 130.0), Xy { x: 5.0, y: 60.0 }, Some(pt("a4"))));
        assert_eq!(
            p.at,
            Xy {
                x: 5.0,
                y: 60.0 - DRAG_LIFT
            }
        );
        assert_eq!(p.over, Some(pt("a4")));
        assert_eq!(
            p.released(Some(pt("a4"))),
            Some(Gesture::Drop {
                from: pt("a6"),
                to: Some(pt("a4"))
            })
        );
    }

    #[test]
    fn a_point_without_a_draggable_piece_never_drags() {
        let mut p = Press::new(1, Some(pt("c4")), (0.0, 0.0), false, O);
        assert!(!p.moved((40.0, 0.0), O, Some(pt("d4"))));
        assert_eq!(p.released(Some(pt("d4"))), None);
    }

    #[test]
    fn long_press_fires_once_and_swallows_the_tap() {
        let mut p = Press::new(1, Some(pt("a12")), (0.0, 0.0), false, O);
        assert_eq!(p.held(), Some(Gesture::LongPress(pt("a12"))));
        assert_eq!(p.held(), None);
        assert_eq!(p.released(Some(pt("a12"))), None);
        let mut dragged = Press::new(1, Some(pt("a6")), (0.0, 0.0), true, O);
        dragged.moved((20.0, 0.0), O, None);
        assert_eq!(dragged.held(), None);
    }

    #[test]
    fn a_press_between_points_is_no_gesture_but_knows_whether_it_moved() {
        let mut p: Press = Press::new(1, None, (0.0, 0.0), true, O);
        assert!(!p.draggable, "nothing to drag between points");
        assert!(p.is_tap());
        assert_eq!(p.held(), None);
        assert!(!p.moved((2.0, 2.0), O, Some(pt("c3"))));
        assert!(
            p.is_tap(),
            "a wobble is still a tap (the cross board zooms there)"
        );
        assert!(!p.moved((30.0, 0.0), O, None));
        assert!(!p.is_tap(), "moved away: the cross board pans instead");
        assert_eq!(p.dragged(), None);
        assert_eq!(p.released(None), None);
    }

    #[test]
    fn a_drag_names_its_piece_and_target_until_released() {
        let mut p = Press::new(1, Some(pt("a6")), (0.0, 0.0), true, O);
        assert_eq!((p.dragged(), p.target()), (None, None));
        p.moved((0.0, 20.0), Xy { x: 1.0, y: 40.0 }, Some(pt("a5")));
        assert_eq!(
            p.dragged(),
            Some((
                pt("a6"),
                Xy {
                    x: 1.0,
                    y: 40.0 - DRAG_LIFT
                }
            ))
        );
        assert_eq!(p.target(), Some(pt("a5")));
        assert!(!p.is_tap());
    }
}
