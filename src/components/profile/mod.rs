//! The profile page: the player's rank on the ladder (name, points, the next rank and a
//! progress bar) and the results table, from the stats kept in localStorage.

pub mod avatar;

use crate::i18n::{self, Lang};
use crate::state::stats::{next_rank, progress, rank_of, Stats};
use crate::state::store::Store;
use junqi_core::Mode;
use leptos::prelude::*;

#[component]
pub fn ProfileScreen() -> impl IntoView {
    let store = expect_context::<Store>();
    let lang = move || store.lang();
    view! {
        <div class="screen profile" data-testid="profile-screen">
            <section class="panel profile-panel">
                <h2 class="panel-heading">{move || i18n::PROFILE.get(lang())}</h2>
                <Show when=move || store.stats_unreadable.get()>
                    <p class="share-error" data-testid="stats-notice">
                        {move || i18n::STATS_UNREADABLE.get(lang())}
                    </p>
                </Show>
                <RankCard/>
                <p class="hint">{move || i18n::RANK_RULES.get(lang())}</p>
                <Show when=move || {
                    use_context::<crate::learn::assist::Assist>()
                        .is_none_or(|a| a.grown.with(|g| g.floor_points))
                }>
                    <p class="hint" data-testid="rank-floor">{move || i18n::RANK_FLOOR.get(lang())}</p>
                </Show>
                {move || store.stats.with(|s| results_table(s, lang()))}
                <SiguoResults/>
                <div class="controls">
                    <button class="primary" data-testid="profile-close" on:click=move |_| store.open_new_game()>
                        {move || i18n::BACK.get(lang())}
                    </button>
                </div>
            </section>
        </div>
    }
}

#[component]
fn RankCard() -> impl IntoView {
    let store = expect_context::<Store>();
    move || {
        let lang = store.lang();
        let shown = store.stats.with(|s| s.points);
        let points = store.stats.with(|s| s.rank_points());
        let rank = rank_of(points);
        let next = match next_rank(points) {
            Some((r, to_go)) => format!(
                "{}: {} · {}",
                i18n::NEXT_RANK.get(lang),
                i18n::rank_name(r, lang),
                i18n::points_to_go(to_go, lang)
            ),
            None => i18n::TOP_RANK.get(lang).to_string(),
        };
        let pct = format!("{:.1}%", progress(points) * 100.0);
        let now = format!("{:.0}", progress(points) * 100.0);
        view! {
            <div class="rank-card" data-testid="rank" data-rank=rank.to_string() data-points=shown.to_string()>
                <div class="rank-name" data-testid="rank-name">{i18n::rank_name(rank, lang)}</div>
                <div class="rank-points" data-testid="rank-points">
                    {i18n::POINTS.get(lang)} ": " {shown}
                </div>
                <div class="rank-next" id="rank-next" data-testid="rank-next">{next}</div>
                <div class="rank-bar" role="progressbar" aria-labelledby="rank-next" aria-valuemin="0" aria-valuemax="100" aria-valuenow=now>
                    <div class="rank-fill" style:width=pct></div>
                </div>
            </div>
        }
    }
}

fn mode_key(m: Mode) -> &'static str {
    match m {
        Mode::Open => "open",
        Mode::Dark => "dark",
        Mode::Flip => "flip",
    }
}

/// Rows only for what has been played.
fn results_table(s: &Stats, lang: Lang) -> impl IntoView {
    let mut computer = Vec::new();
    let mut friend = Vec::new();
    for (mi, m) in Mode::ALL.into_iter().enumerate() {
        for (li, w) in s.computer[mi].iter().enumerate() {
            if w.games() == 0 {
                continue;
            }
            let level = li as u8 + 1;
            computer.push(view! {
                <tr data-testid=format!("stats-{}-{level}", mode_key(m))>
                    <th>{i18n::mode_name(m, lang)} " · " {i18n::level_name(level, lang)}</th>
                    <td class="won">{w.wins}</td>
                    <td>{w.draws}</td>
                    <td class="lost">{w.losses}</td>
                </tr>
            });
        }
        let f = s.friend[mi];
        if f.red + f.black + f.draws > 0 {
            friend.push(view! {
                <tr data-testid=format!("stats-friend-{}", mode_key(m))>
                    <th>{i18n::mode_name(m, lang)}</th>
                    <td>{f.red}</td>
                    <td>{f.draws}</td>
                    <td>{f.black}</td>
                </tr>
            });
        }
    }
    let none = || view! { <tr class="none"><td colspan="4">{i18n::NO_GAMES.get(lang)}</td></tr> };
    let computer = if computer.is_empty() {
        none().into_any()
    } else {
        computer.into_any()
    };
    let friend = if friend.is_empty() {
        none().into_any()
    } else {
        friend.into_any()
    };
    view! {
        <table class="stats-table" data-testid="stats-computer">
            <caption>{i18n::VS_COMPUTER.get(lang)}</caption>
            <thead>
                <tr>
                    <th></th>
                    <th>{i18n::WON.get(lang)}</th>
                    <th>{i18n::DRAWN.get(lang)}</th>
                    <th>{i18n::LOST.get(lang)}</th>
                </tr>
            </thead>
            <tbody>{computer}</tbody>
        </table>
        <table class="stats-table" data-testid="stats-friend">
            <caption>{i18n::PASS_AND_PLAY.get(lang)}</caption>
            <thead>
                <tr>
                    <th></th>
                    <th>{i18n::RED_WON.get(lang)}</th>
                    <th>{i18n::DRAWN.get(lang)}</th>
                    <th>{i18n::BLACK_WON.get(lang)}</th>
                </tr>
            </thead>
            <tbody>{friend}</tbody>
        </table>
    }
}

/// 四国 against the computer: games, wins, draws, losses and QQ's points (+2 / −2).
#[component]
fn SiguoResults() -> impl IntoView {
    let store = expect_context::<Store>();
    let t = crate::state::siguo::stats::load();
    move || {
        let lang = store.lang();
        let s = t.clone()?;
        (s.games > 0).then(|| {
            view! {
                <section class="siguo-results" data-testid="siguo-results">
                    <h3>{i18n::siguo_text::PROFILE_4P.get(lang)}</h3>
                    <p>
                        {i18n::siguo_text::results_line(s.games, s.wins, s.draws, s.losses, s.points, lang)}
                    </p>
                </section>
            }
        })
    }
}
