//! Named formations for the setup screen: the two classics of RULES.md §9, a third classic from
//! the players' rule sheets, and the project's own, each a valid deployment string (checked by a
//! test; junqi-core checks the sheets' ones natively too).

use crate::i18n::T;
use junqi_core::Deployment;

/// A named formation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Stable id (the `<option>` value).
    pub id: &'static str,
    pub name: T,
    /// A deployment string (RULES.md §9).
    pub deployment: &'static str,
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
    },
    Preset {
        id: "classic-2",
        name: T {
            zh: "经典二",
            en: "Classic 2",
        },
        deployment: junqi_core::deployment::CLASSIC_2,
    },
    // From the rule sheets (the sheet that gives classic-1): 连旅司兵团 师炸军 团排连兵 排营营
    // 雷雷连师炸 雷旗旅排兵. The presets below are the project's own.
    Preset {
        id: "classic-3",
        name: T {
            zh: "经典三",
            en: "Classic 3",
        },
        deployment: junqi_core::deployment::CLASSIC_3,
    },
    Preset {
        id: "fortress",
        name: T {
            zh: "铁桶阵",
            en: "Fortress",
        },
        deployment: "CPEPC/DZD/NBBN/RGR/ZMECE/LFLLP",
    },
    Preset {
        id: "left-flag",
        name: T {
            zh: "左旗阵",
            en: "Flag on the left",
        },
        deployment: "PDCGP/ZEZ/BCNR/DMR/ELLPC/LFNEB",
    },
    Preset {
        id: "spearhead",
        name: T {
            zh: "尖刀阵",
            en: "Spearhead",
        },
        deployment: "MGDDE/ZCZ/BNNB/RPR/CLELP/ECLFP",
    },
    Preset {
        id: "rail-engineers",
        name: T {
            zh: "工兵铁路",
            en: "Rail engineers",
        },
        deployment: "DCPCB/ZNZ/GMRD/PBR/ELELE/NCLFP",
    },
    Preset {
        id: "bomb-wall",
        name: T {
            zh: "炸弹墙",
            en: "Bomb wall",
        },
        deployment: "PCECP/ZDZ/GNMB/RBR/DLELN/CFELP",
    },
    Preset {
        id: "deep-mines",
        name: T {
            zh: "深雷阵",
            en: "Deep mines",
        },
        deployment: "DPCPB/ZGZ/MNRE/BDC/LLLCE/RFNPE",
    },
    Preset {
        id: "steady",
        name: T {
            zh: "稳健阵",
            en: "Steady",
        },
        deployment: "CDPDC/BZR/NGMN/ZEB/PLRLE/LFCPE",
    },
    Preset {
        id: "shield",
        name: T {
            zh: "盾牌阵",
            en: "Shield",
        },
        deployment: "EBCBE/DZD/RMGR/NZN/PLCLP/CFLPE",
    },
];

pub fn find(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// Saved formations: one `name<TAB>deployment` per line (localStorage).
pub fn parse_saved(text: &str) -> Vec<(String, Deployment)> {
    text.lines()
        .filter_map(|line| {
            let (name, d) = line.split_once('\t')?;
            let d: Deployment = d.parse().ok()?;
            (!name.trim().is_empty()).then(|| (name.trim().to_string(), d))
        })
        .collect()
}

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
}
