//! Named formations for the setup screen: the two classics of RULES.md §9, a third classic from
//! the players' rule sheets, and the project's own, each a valid deployment string (checked by a
//! test; junqi-core checks the sheets' ones natively too).

use super::storage::{self, NotWritten, Reads};
use crate::i18n::T;
use junqi_core::Deployment;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A named formation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Stable id (the `<option>` value).
    pub id: &'static str,
    pub name: T,
    /// A deployment string (RULES.md §9).
    pub deployment: &'static str,
    /// Given by the players' rule sheets (`../shared/reference/`), not made for this game.
    pub from_sheets: bool,
}

impl Preset {
    pub fn deployment(&self) -> Deployment {
        self.deployment
            .parse()
            .unwrap_or_else(|_| Deployment::classic_1())
    }
}

pub const PRESETS: [Preset; 11] = [
    Preset {
        id: "classic-1",
        name: T {
            zh: "经典一",
            en: "Classic 1",
        },
        deployment: junqi_core::deployment::CLASSIC_1,
        from_sheets: true,
    },
    Preset {
        id: "classic-2",
        name: T {
            zh: "经典二",
            en: "Classic 2",
        },
        deployment: junqi_core::deployment::CLASSIC_2,
        from_sheets: false,
    },
    // From the rule sheets (the sheet that gives classic-1): 连旅司兵团 师炸军 团排连兵 排营营
    // 雷雷连师炸 雷旗旅排兵. Classic 2 (RULES.md §9) and the presets below are the project's own.
    Preset {
        id: "classic-3",
        name: T {
            zh: "经典三",
            en: "Classic 3",
        },
        deployment: junqi_core::deployment::CLASSIC_3,
        from_sheets: true,
    },
    Preset {
        id: "fortress",
        name: T {
            zh: "铁桶阵",
            en: "Fortress",
        },
        deployment: "CPEPC/DZD/NBBN/RGR/ZMECE/LFLLP",
        from_sheets: false,
    },
    Preset {
        id: "left-flag",
        name: T {
            zh: "左旗阵",
            en: "Flag on the left",
        },
        deployment: "PDCGP/ZEZ/BCNR/DMR/ELLPC/LFNEB",
        from_sheets: false,
    },
    Preset {
        id: "spearhead",
        name: T {
            zh: "尖刀阵",
            en: "Spearhead",
        },
        deployment: "MGDDE/ZCZ/BNNB/RPR/CLELP/ECLFP",
        from_sheets: false,
    },
    Preset {
        id: "rail-engineers",
        name: T {
            zh: "工兵铁路",
            en: "Rail engineers",
        },
        deployment: "DCPCB/ZNZ/GMRD/PBR/ELELE/NCLFP",
        from_sheets: false,
    },
    Preset {
        id: "bomb-wall",
        name: T {
            zh: "炸弹墙",
            en: "Bomb wall",
        },
        deployment: "PCECP/ZDZ/GNMB/RBR/DLELN/CFELP",
        from_sheets: false,
    },
    Preset {
        id: "deep-mines",
        name: T {
            zh: "深雷阵",
            en: "Deep mines",
        },
        deployment: "DPCPB/ZGZ/MNRE/BDC/LLLCE/RFNPE",
        from_sheets: false,
    },
    Preset {
        id: "steady",
        name: T {
            zh: "稳健阵",
            en: "Steady",
        },
        deployment: "CDPDC/BZR/NGMN/ZEB/PLRLE/LFCPE",
        from_sheets: false,
    },
    Preset {
        id: "shield",
        name: T {
            zh: "盾牌阵",
            en: "Shield",
        },
        deployment: "EBCBE/DZD/RMGR/NZN/PLCLP/CFLPE",
        from_sheets: false,
    },
];

pub fn find(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// Saved formations as the first version stored them: one `name<TAB>deployment` per line.
pub fn parse_saved(text: &str) -> Vec<(String, Deployment)> {
    parse_tsv(text).0
}

/// The first version's text: the formations, and the lines that could not be read.
fn parse_tsv(text: &str) -> (Vec<(String, Deployment)>, Vec<Value>) {
    let mut read = Vec::new();
    let mut other = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parsed = line.split_once('\t').and_then(|(name, d)| {
            let d: Deployment = d.parse().ok()?;
            (!name.trim().is_empty()).then(|| (name.trim().to_string(), d))
        });
        match parsed {
            Some(entry) => read.push(entry),
            None => other.push(Value::from(line)),
        }
    }
    (read, other)
}

/// The stored form of the saved formations (JSON under `storage::FORMATIONS`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StoredFormations {
    pub version: u64,
    #[serde(default)]
    pub formations: Vec<Value>,
    /// Entries this version could not read (from either format): kept as they are.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unread: Vec<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One formation as stored.
#[derive(Serialize, Deserialize)]
struct Entry {
    name: String,
    deployment: String,
}

/// The stored format's version.
pub const FORMATIONS_VERSION: u64 = 2;

/// What is stored: the formations read, and everything else to keep when rewriting. The first
/// version's text is migrated; a newer version's JSON is refused.
pub fn read_formations(text: &str) -> Result<(Vec<(String, Deployment)>, StoredFormations), Reads> {
    if !storage::is_json(text) {
        let (read, unread) = parse_tsv(text);
        let rest = StoredFormations {
            version: FORMATIONS_VERSION,
            unread,
            ..StoredFormations::default()
        };
        return Ok((read, rest));
    }
    let mut st: StoredFormations = storage::read_json(text, FORMATIONS_VERSION)?;
    let mut read = Vec::new();
    for v in std::mem::take(&mut st.formations) {
        let entry = serde_json::from_value::<Entry>(v.clone())
            .ok()
            .and_then(|e| Some((e.name.trim().to_string(), e.deployment.parse().ok()?)))
            .filter(|(n, _)| !n.is_empty());
        match entry {
            Some(e) => read.push(e),
            None => st.unread.push(v),
        }
    }
    Ok((read, st))
}

/// The stored text for `saved`, keeping what `rest` holds.
pub fn write_formations(saved: &[(String, Deployment)], rest: &StoredFormations) -> String {
    let mut st = rest.clone();
    st.version = FORMATIONS_VERSION;
    st.formations = saved
        .iter()
        .filter_map(|(name, d)| {
            serde_json::to_value(Entry {
                name: name.clone(),
                deployment: d.to_string(),
            })
            .ok()
        })
        .collect();
    serde_json::to_string(&st).unwrap_or_default()
}

/// The saved formations stored (either format); data that cannot be read is backed up and
/// none are shown.
pub fn load_saved() -> Vec<(String, Deployment)> {
    let Some(text) = storage::load_migrating(storage::FORMATIONS) else {
        return Vec::new();
    };
    match read_formations(&text) {
        Ok((read, _)) => read,
        Err(Reads::No) => {
            storage::back_up(storage::FORMATIONS, &text);
            storage::note_unread(storage::FORMATIONS);
            Vec::new()
        }
        Err(_) => {
            storage::note_unread(storage::FORMATIONS);
            Vec::new()
        }
    }
}

/// Merges the formations another tab may have stored meanwhile (`stored`) with this tab's
/// (`mine`), given what this tab last read or wrote (`base`), by name: this tab's version where
/// it saved one since, else the stored one; a formation deleted in one tab and unchanged in the
/// other stays deleted; one saved in either tab is kept.
pub fn merge_saved(
    base: &[(String, Deployment)],
    stored: &[(String, Deployment)],
    mine: &[(String, Deployment)],
) -> Vec<(String, Deployment)> {
    let get = |list: &[(String, Deployment)], name: &str| {
        list.iter().find(|(n, _)| n == name).map(|(_, d)| d.clone())
    };
    let mut out = Vec::new();
    for (name, d) in stored {
        let was = get(base, name);
        match get(mine, name) {
            Some(m) if was.as_ref() != Some(&m) => out.push((name.clone(), m)),
            Some(_) => out.push((name.clone(), d.clone())),
            None if was.as_ref() == Some(d) => {} // deleted here
            None => out.push((name.clone(), d.clone())),
        }
    }
    for (name, m) in mine {
        if get(stored, name).is_some() {
            continue;
        }
        if get(base, name).as_ref() != Some(m) {
            out.push((name.clone(), m.clone())); // saved here (else: deleted elsewhere)
        }
    }
    out
}

/// Writes this tab's formations merged with what is stored now ([`merge_saved`]), keeping
/// stored entries this version cannot read; never over a newer version's data, nor over
/// unreadable data without a copy. Returns what was written.
pub fn sync_saved(
    base: &[(String, Deployment)],
    mine: &[(String, Deployment)],
) -> Result<Vec<(String, Deployment)>, NotWritten> {
    let (stored, rest) = match storage::load_migrating(storage::FORMATIONS) {
        None => (Vec::new(), StoredFormations::default()),
        Some(text) => match read_formations(&text) {
            Ok(read) => read,
            Err(Reads::Newer(v)) => return Err(NotWritten::Newer(v)),
            Err(_) if storage::back_up(storage::FORMATIONS, &text) => {
                (Vec::new(), StoredFormations::default())
            }
            Err(_) => return Err(NotWritten::NoBackup),
        },
    };
    let merged = merge_saved(base, &stored, mine);
    if !storage::save(storage::FORMATIONS, &write_formations(&merged, &rest)) {
        return Err(NotWritten::Refused);
    }
    Ok(merged)
}

/// The first version's text for `saved` (one `name<TAB>deployment` per line).
pub fn format_saved(saved: &[(String, Deployment)]) -> String {
    saved
        .iter()
        .map(|(n, d)| format!("{}\t{d}\n", n.replace(['\t', '\n'], " ")))
        .collect()
}

/// Adds or replaces a saved formation by name.
pub fn save(saved: &mut Vec<(String, Deployment)>, name: &str, d: Deployment) {
    let name = name.trim().replace(['\t', '\n'], " ");
    if name.is_empty() {
        return;
    }
    match saved.iter_mut().find(|(n, _)| *n == name) {
        Some(entry) => entry.1 = d,
        None => saved.push((name, d)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_sheets_formations_are_marked() {
        // The rule sheet 000_4a9683856d4070fc gives these two, row by row from the back.
        let sheets: Vec<_> = PRESETS
            .iter()
            .filter(|p| p.from_sheets)
            .map(|p| p.id)
            .collect();
        assert_eq!(sheets, ["classic-1", "classic-3"]);
    }

    #[test]
    fn ten_distinct_valid_named_formations() {
        assert!(PRESETS.len() >= 10);
        let mut ids = HashSet::new();
        let mut strings = HashSet::new();
        for p in PRESETS {
            let d: Deployment = p
                .deployment
                .parse()
                .unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert_eq!(d.violations(), vec![], "{}", p.id);
            assert!(
                ids.insert(p.id) && strings.insert(d.to_string()),
                "{}",
                p.id
            );
            assert_eq!(p.deployment().to_string(), d.to_string());
        }
        assert_eq!(
            find("classic-2").unwrap().deployment(),
            Deployment::classic_2()
        );
    }

    #[test]
    fn saved_formations_round_trip() {
        let mut saved = Vec::new();
        save(&mut saved, " mine ", Deployment::classic_1());
        save(&mut saved, "other\tname", Deployment::classic_2());
        save(&mut saved, "mine", Deployment::classic_2());
        save(&mut saved, "  ", Deployment::classic_2());
        let text = format_saved(&saved);
        let back = parse_saved(&text);
        assert_eq!(back, saved);
        assert_eq!(back.len(), 2);
        assert_eq!(back[0], ("mine".to_string(), Deployment::classic_2()));
        assert_eq!(back[1].0, "other name");
        assert_eq!(parse_saved("junk\nx\tnot-a-formation\n"), vec![]);
    }

    #[test]
    fn two_tabs_keep_each_others_formations() {
        let one = || Deployment::classic_1();
        let two = || Deployment::classic_2();
        let base = vec![("a".to_string(), one()), ("b".to_string(), one())];
        // Tab B saved "c", changed "a" and deleted "b"; tab A saved "d".
        let stored = vec![("a".to_string(), two()), ("c".to_string(), one())];
        let mut mine = base.clone();
        mine.push(("d".to_string(), two()));
        let merged = merge_saved(&base, &stored, &mine);
        let names: Vec<&str> = merged.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "c", "d"]);
        assert_eq!(merged[0].1, two(), "B's change to a stays");
        // A deletes c, unchanged since it last saw it.
        let merged2 = merge_saved(&merged, &merged, &merged[..1]);
        assert_eq!(merged2.len(), 1);
    }

    // Uses the stand-in storage of native builds.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn lines_this_version_cannot_read_are_kept_on_rewrite() {
        let text = format!("a\t{}\nv2\t{{\"future\":1}}\n", Deployment::classic_1());
        let old_key = storage::legacy_key(storage::FORMATIONS).unwrap();
        assert!(storage::save(old_key, &text));
        let base = load_saved();
        assert_eq!(base.len(), 1);
        let mut mine = base.clone();
        save(&mut mine, "b", Deployment::classic_2());
        let written = sync_saved(&base, &mine).unwrap();
        assert_eq!(written.len(), 2);
        let now = storage::load(storage::FORMATIONS).unwrap();
        assert!(storage::is_json(&now), "{now}");
        assert!(
            now.contains("v2\\t{\\\"future\\\":1}"),
            "the odd line is kept: {now}"
        );
        assert_eq!(load_saved(), written);
        assert_eq!(
            storage::load(old_key),
            Some(text),
            "the first version's key is left for the first version"
        );
        // JSON entries this version cannot read, and unknown fields, are kept too.
        let (read, rest) = read_formations(&now).unwrap();
        let mut rest = rest;
        rest.formations.clear();
        rest.extra.insert("order".into(), Value::from("name"));
        let mut text = write_formations(&read, &rest);
        text = text.replace("\"formations\":[", "\"formations\":[{\"name\":7},");
        assert!(storage::save(storage::FORMATIONS, &text));
        sync_saved(&read, &read).unwrap();
        let now = storage::load(storage::FORMATIONS).unwrap();
        assert!(
            now.contains("{\"name\":7}") && now.contains("\"order\":\"name\""),
            "{now}"
        );
        // A newer version's formations are never written over.
        assert!(storage::save(
            storage::FORMATIONS,
            r#"{"version":3,"formations":[]}"#
        ));
        assert_eq!(sync_saved(&[], &read), Err(NotWritten::Newer(3)));
    }
}
