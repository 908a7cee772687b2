//! Formations for 明棋 and 暗棋: varied, seeded, and sound — the flag in a headquarters with
//! landmines guarding it, bombs behind the front where they meet the enemy's big pieces, the
//! strongest officers forward, engineers on the railway.

use junqi_core::{Deployment, PointKind, Role, Rules, Slot, SplitMix64};

/// Weight of putting `role` on `slot` (0 = never), given where the flag went.
fn weight(role: Role, slot: Slot, flag: Slot) -> u64 {
    let (rank, file) = (slot.rank() as i32, slot.file() as i32);
    let near_flag = (rank - flag.rank() as i32).abs() + (file - flag.file() as i32).abs();
    match role {
        Role::Landmine => match near_flag {
            1 => 30,
            2 => 6,
            _ => 2,
        },
        Role::Bomb => match rank {
            1 | 2 => 8,
            3 => 5,
            _ => 1,
        },
        Role::Marshal | Role::General => match rank {
            0 | 1 => 6,
            2 => 5,
            3 => 2,
            _ => 1,
        },
        Role::Engineer => match rank {
            4 => 8,
            0 => 3,
            5 => 1,
            _ => 3,
        },
        Role::MajorGeneral | Role::Brigadier => match rank {
            0..=2 => 5,
            _ => 2,
        },
        _ => {
            // Small pieces fill the front and around the flag.
            if rank == 0 || near_flag <= 2 {
                5
            } else {
                3
            }
        }
    }
}

/// A seeded formation for the computer.
pub fn formation(seed: u64) -> Deployment {
    let mut rng = SplitMix64::new(seed ^ 0xD3_F1_A6);
    let mut d = Deployment::empty();
    let hqs: Vec<Slot> = Slot::all()
        .filter(|s| s.kind() == PointKind::Headquarters)
        .collect();
    let flag = hqs[rng.below(hqs.len() as u64) as usize];
    d.set(flag, Some(Role::Flag));
    let order = [
        Role::Landmine,
        Role::Bomb,
        Role::Marshal,
        Role::General,
        Role::MajorGeneral,
        Role::Engineer,
        Role::Brigadier,
        Role::Colonel,
        Role::Major,
        Role::Captain,
        Role::Lieutenant,
    ];
    for role in order {
        let allowed = Deployment::allowed_slots(role);
        for _ in 0..role.count() {
            let free: Vec<Slot> = allowed
                .iter()
                .copied()
                .filter(|s| d.get(*s).is_none())
                .collect();
            let total: u64 = free.iter().map(|&s| weight(role, s, flag)).sum();
            if total == 0 {
                return Deployment::random(seed);
            }
            let mut pick = rng.below(total);
            for s in free {
                let w = weight(role, s, flag);
                if pick < w {
                    d.set(s, Some(role));
                    break;
                }
                pick -= w;
            }
        }
    }
    if d.is_valid() {
        d
    } else {
        Deployment::random(seed)
    }
}

/// A seeded formation for the computer that meets the setup switches of `rules` (the same as
/// [`formation`] under the default rules).
pub fn formation_for(seed: u64, rules: &Rules) -> Deployment {
    let d = formation(seed).fitted(rules);
    if d.is_valid_with(rules) {
        d
    } else {
        Deployment::random(seed).fitted(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formations_are_valid_varied_and_guard_the_flag() {
        let mut seen = std::collections::HashSet::new();
        let mut guarded = 0;
        for seed in 0..300 {
            let d = formation(seed);
            assert!(d.is_valid(), "{d}");
            assert_eq!(d, formation(seed));
            seen.insert(d.to_string());
            let flag = Slot::all().find(|&s| d.get(s) == Some(Role::Flag)).unwrap();
            let next_to_flag = Slot::all()
                .filter(|s| {
                    (s.rank() as i32 - flag.rank() as i32).abs()
                        + (s.file() as i32 - flag.file() as i32).abs()
                        == 1
                })
                .filter(|&s| d.get(s) == Some(Role::Landmine))
                .count();
            if next_to_flag >= 1 {
                guarded += 1;
            }
        }
        assert_eq!(seen.len(), 300, "never the same few");
        assert!(
            guarded > 250,
            "mines guard the flag in most formations: {guarded}"
        );
    }
}
