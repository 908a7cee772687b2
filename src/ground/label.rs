//! What is written on a piece, in each label style.

use junqi_core::Role;

/// How pieces are labelled (a setting).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum LabelStyle {
    /// 司令 — the name as players write it.
    #[default]
    Two,
    /// 司 — one character.
    One,
    /// 40 … 32 for officers and engineers; bomb, landmine and flag as icons.
    Rank,
    /// Insignia for every piece.
    Icon,
}

impl LabelStyle {
    pub const ALL: [LabelStyle; 4] = [
        LabelStyle::Two,
        LabelStyle::One,
        LabelStyle::Rank,
        LabelStyle::Icon,
    ];

    pub fn code(self) -> &'static str {
        match self {
            LabelStyle::Two => "two",
            LabelStyle::One => "one",
            LabelStyle::Rank => "rank",
            LabelStyle::Icon => "icon",
        }
    }

    pub fn from_code(s: &str) -> Option<LabelStyle> {
        LabelStyle::ALL.into_iter().find(|l| l.code() == s)
    }
}

/// A drawn insignia.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Icon {
    /// Stars: 4 司令, 3 军长, 2 师长, 1 旅长.
    Stars(u8),
    /// Bars: 3 团长, 2 营长, 1 连长.
    Bars(u8),
    /// 排长.
    Chevron,
    /// 工兵.
    Shovel,
    /// 炸弹.
    Bomb,
    /// 地雷.
    Mine,
    /// 军旗.
    Flag,
}

/// A piece's label.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Glyph {
    Text(String),
    Icon(Icon),
}

/// The insignia of a role.
pub fn icon(role: Role) -> Icon {
    match role {
        Role::Marshal => Icon::Stars(4),
        Role::General => Icon::Stars(3),
        Role::MajorGeneral => Icon::Stars(2),
        Role::Brigadier => Icon::Stars(1),
        Role::Colonel => Icon::Bars(3),
        Role::Major => Icon::Bars(2),
        Role::Captain => Icon::Bars(1),
        Role::Lieutenant => Icon::Chevron,
        Role::Engineer => Icon::Shovel,
        Role::Bomb => Icon::Bomb,
        Role::Landmine => Icon::Mine,
        Role::Flag => Icon::Flag,
    }
}

/// The label of `role` in `style`.
pub fn glyph(role: Role, style: LabelStyle) -> Glyph {
    match style {
        LabelStyle::Two => {
            Glyph::Text(crate::i18n::role_name(role, crate::i18n::Lang::Zh).to_string())
        }
        LabelStyle::One => Glyph::Text(crate::i18n::one_char(role).to_string()),
        LabelStyle::Rank => match role.rank() {
            Some(r) => Glyph::Text(r.to_string()),
            None => Glyph::Icon(icon(role)),
        },
        LabelStyle::Icon => Glyph::Icon(icon(role)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles() {
        assert_eq!(
            glyph(Role::Marshal, LabelStyle::Two),
            Glyph::Text("司令".into())
        );
        assert_eq!(
            glyph(Role::Marshal, LabelStyle::One),
            Glyph::Text("司".into())
        );
        assert_eq!(
            glyph(Role::Marshal, LabelStyle::Rank),
            Glyph::Text("40".into())
        );
        assert_eq!(
            glyph(Role::Engineer, LabelStyle::Rank),
            Glyph::Text("32".into())
        );
        assert_eq!(glyph(Role::Bomb, LabelStyle::Rank), Glyph::Icon(Icon::Bomb));
        assert_eq!(glyph(Role::Flag, LabelStyle::Icon), Glyph::Icon(Icon::Flag));
        for s in LabelStyle::ALL {
            assert_eq!(LabelStyle::from_code(s.code()), Some(s));
        }
        // One character each, all different.
        let chars: std::collections::HashSet<_> = Role::ALL
            .iter()
            .map(|r| crate::i18n::one_char(*r))
            .collect();
        assert_eq!(chars.len(), 12);
    }
}
