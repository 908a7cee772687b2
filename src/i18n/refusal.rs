//! Why a record file is refused, in the player's language: what is wrong, then what the core
//! names (a key, a value, a ply, a formation's violations) as it names it.

use super::Lang;
use junqi_core::siguo::SiguoRecordError;
use junqi_core::RecordError;
use junqi_duel::DuelError;

/// A 2-player record's refusal.
pub fn record(e: &RecordError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match e {
        RecordError::Json(msg) => json(msg, lang),
        RecordError::Version(v) if zh => format!("是新版程序保存的（第{v}版），这个版本读不了"),
        RecordError::Version(v) => {
            format!("saved by a newer version of the game (record version {v}); this one reads 1")
        }
        RecordError::Setup(s) if zh => format!("布阵不对：{s}"),
        RecordError::Setup(s) => format!("bad setup: {s}"),
        RecordError::Action { ply, error } if zh => format!("第{ply}手走不了：{error}"),
        RecordError::Action { ply, error } => format!("ply {ply} cannot be played: {error}"),
        RecordError::Mismatch { ply, .. } if zh => format!("第{ply}手的结果和记录不一样"),
        RecordError::Mismatch { .. } | RecordError::Result(_) if !zh => e.to_string(),
        RecordError::Result(_) | RecordError::Mismatch { .. } => "结局和记录不一样".into(),
    }
}

/// A 4-player record's refusal.
pub fn siguo_record(e: &SiguoRecordError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match e {
        SiguoRecordError::Json(msg) => json(msg, lang),
        SiguoRecordError::Version(v) if zh => {
            format!("是新版程序保存的（第{v}版），这个版本读不了")
        }
        SiguoRecordError::Version(v) => {
            format!("saved by a newer version of the game (record version {v})")
        }
        SiguoRecordError::Rules(why) if zh => format!("规则不对：{why}"),
        SiguoRecordError::Link(why) if zh => format!("分享的链接坏了：{why}"),
        SiguoRecordError::Setup { seat, violations } if zh => {
            format!("座位{seat}的布阵不对：{}", violations.join(", "))
        }
        SiguoRecordError::Event { index, error } if zh => {
            format!("第{}步走不了：{error}", index + 1)
        }
        SiguoRecordError::Result { .. } if zh => "结局和记录不一样".into(),
        _ => e.to_string(),
    }
}

/// What serde found wrong in a record's JSON, by the shape of its message: a key it does not
/// know or misses, a value it does not know, a value of the wrong kind, or no record at all.
fn json(msg: &str, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let quoted = |after: &str| {
        msg.split_once(after)
            .and_then(|(_, rest)| rest.split('`').next())
            .map(str::to_string)
    };
    if let Some(key) = quoted("unknown field `") {
        return if zh {
            format!("记录里有不认得的“{key}”")
        } else {
            format!("the record has an unknown entry '{key}'")
        };
    }
    if let Some(key) = quoted("missing field `") {
        return if zh {
            format!("记录里没有“{key}”")
        } else {
            format!("the record has no '{key}'")
        };
    }
    if let Some(value) = quoted("unknown variant `") {
        return if zh {
            format!("“{value}”不是能用的值")
        } else {
            format!("'{value}' is not a known value")
        };
    }
    if msg.starts_with("invalid type") || msg.starts_with("invalid value") {
        return if zh {
            "有一个值不对".into()
        } else {
            format!("a value has the wrong form ({msg})")
        };
    }
    if zh {
        "不是棋局文件".into()
    } else {
        "not a game record file".into()
    }
}

/// Why a game between two devices cannot be played on the new-game screen's choices
/// (`junqi_duel::Terms::check`), naming the rule switch as the screen names it.
pub fn duel_terms(e: &DuelError, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let rule = |name: &str| super::rule_text(name).get(lang).to_string();
    match e {
        DuelError::FlipNotOffered => super::REMOTE_NO_FLIP.get(lang).to_string(),
        DuelError::NeedsReferee(name) if zh => {
            format!("暗棋里的「{}」要有看得见双方的裁判才能判", rule(name))
        }
        DuelError::NeedsReferee(name) => format!(
            "in the hidden game, \"{}\" needs a referee who sees both sides",
            rule(name)
        ),
        DuelError::NeedsTimer(name) if zh => {
            format!("「{}」要先设每步限时", rule_or_number(name, lang))
        }
        DuelError::NeedsTimer(name) => {
            format!("\"{}\" needs a time per move", rule_or_number(name, lang))
        }
        DuelError::Clock(_) if zh => "计时太长了".to_string(),
        DuelError::Clock(_) => "the clock is longer than a game between devices allows".to_string(),
        DuelError::Version(v) if zh => {
            format!("这局用的是第{v}版的连接方式，请两台设备都更新本游戏")
        }
        DuelError::Version(v) => {
            format!("this game uses version {v} of the connection: update the game on both devices")
        }
        DuelError::Rules(why) | DuelError::Formation(why) => why.clone(),
        DuelError::GameId if zh => "游戏编号不对".to_string(),
        DuelError::GameId => "a bad game id".to_string(),
    }
}

/// The screen's name of a rule switch or number.
fn rule_or_number(name: &str, lang: Lang) -> String {
    match name {
        "timeout_limit" => super::TIMEOUT_LIMIT.get(lang).to_string(),
        _ => super::rule_text(name).get(lang).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_name_what_is_wrong_in_either_language() {
        let unknown = junqi_core::GameRecord::from_json(
            r#"{"version":1,"mode":"open","setup":{"kind":"shuffle","seed":1},"actions":[{"action":"a6-a7","resu7t":"move"}]}"#,
        )
        .expect_err("an unknown key is refused");
        assert_eq!(
            record(&unknown, Lang::En),
            "the record has an unknown entry 'resu7t'"
        );
        assert_eq!(record(&unknown, Lang::Zh), "记录里有不认得的“resu7t”");
        let garbage =
            junqi_core::GameRecord::from_json("this is not a record").expect_err("not JSON");
        assert_eq!(record(&garbage, Lang::En), "not a game record file");
        assert_eq!(record(&garbage, Lang::Zh), "不是棋局文件");
        assert_eq!(
            record(&RecordError::Version(9), Lang::Zh),
            "是新版程序保存的（第9版），这个版本读不了"
        );
        let mode = junqi_core::siguo::SiguoRecord::from_json(
            r#"{"version":1,"mode":"four-dusk","formations":["","","",""],"events":[]}"#,
        )
        .expect_err("an unknown mode");
        assert_eq!(
            siguo_record(&mode, Lang::En),
            "'four-dusk' is not a known value"
        );
        assert_eq!(siguo_record(&mode, Lang::Zh), "“four-dusk”不是能用的值");
        let missing = junqi_core::siguo::SiguoRecord::from_json(
            r#"{"version":1,"mode":"four-dark","formations":["","","",""]}"#,
        )
        .expect_err("no events");
        assert_eq!(
            siguo_record(&missing, Lang::En),
            "the record has no 'events'"
        );
    }
}
