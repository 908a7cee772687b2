//! Native checks that the shipped files agree with the code: the subset font covers every
//! Chinese character the app shows, and the CSS knows the board's proportions.
#![cfg(not(target_arch = "wasm32"))]

use junqi::ground::geometry::view_box;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn is_cjk(c: char) -> bool {
    // Ranges of the font's @font-face unicode-range (style/main.css).
    matches!(c as u32, 0x2E80..=0x9FFF | 0xFF00..=0xFFEF)
}

/// Every string junqi-core and junqi-ai give the app to show: piece, mode and level names and
/// the setup violations.
fn shown_by_crates() -> Vec<String> {
    use junqi_core::{Mode, Role, ViolationKind};
    let mut out: Vec<String> = Vec::new();
    for r in Role::ALL {
        out.push(r.zh().into());
        out.push(
            ViolationKind::WrongCount {
                role: r,
                expected: r.count(),
                found: 0,
            }
            .message_zh(),
        );
    }
    for m in Mode::ALL {
        out.push(m.zh().into());
    }
    for lv in junqi_ai::LEVELS {
        out.push(lv.name_zh.into());
    }
    for k in [
        ViolationKind::FlagNotInHeadquarters,
        ViolationKind::MineOutsideBackRows,
        ViolationKind::BombInFrontRow,
        ViolationKind::PieceInCamp,
        ViolationKind::EmptyPoint,
        ViolationKind::MineNotAroundFlag,
    ] {
        out.push(k.message_zh());
    }
    out
}

#[test]
fn subset_font_covers_the_chinese_text() {
    let root = root();
    // The course's stage names are shown in the course menu.
    let mut sources = vec![
        root.join("index.html"),
        root.join("crates/junqi-learn/data/course.json"),
    ];
    files(&root.join("src"), &mut sources);
    files(&root.join("style"), &mut sources);
    let mut used: BTreeSet<char> = sources
        .iter()
        .filter_map(|f| fs::read_to_string(f).ok())
        .flat_map(|text| text.chars().filter(|&c| is_cjk(c)).collect::<Vec<_>>())
        .collect();
    // Text the other crates supply and the app shows (src/i18n.rs spells it too).
    used.extend(
        shown_by_crates()
            .iter()
            .flat_map(|t| t.chars().filter(|&c| is_cjk(c)).collect::<Vec<_>>()),
    );
    assert!(used.contains(&'军') && used.contains(&'棋'));
    let shipped = fs::read_to_string(root.join("assets/fonts/junqi-han.txt")).unwrap();
    let missing: String = used.iter().filter(|c| !shipped.contains(**c)).collect();
    assert!(
        missing.is_empty(),
        "characters missing from assets/fonts/junqi-han.woff2: {missing} \
         (run `bash scripts/make-font.sh` and commit the result)"
    );
    let woff2 = fs::read(root.join("assets/fonts/junqi-han.woff2")).unwrap();
    assert_eq!(&woff2[..4], b"wOF2");
}

#[test]
fn css_board_ratio_matches_the_view_box() {
    let css = fs::read_to_string(root().join("style/main.css")).unwrap();
    let vb = view_box();
    let ratio = format!("calc({} / {})", vb.width, vb.height);
    assert!(
        css.contains(&ratio),
        "style/main.css should set --board-ratio: {ratio}"
    );
    let aspect = format!("aspect-ratio: {} / {}", vb.width, vb.height);
    assert!(css.contains(&aspect), "style/main.css should set {aspect}");
}
