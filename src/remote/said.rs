//! What travels on the connection: before the game the proposal and its reply
//! (`junqi_duel::Proposal`, `junqi_duel::Reply`), then the game's own messages. Each is one
//! channel message: a word naming the kind, a space, and the text (docs/duel-protocol.md, "On
//! the connection").

use junqi_duel::{Proposal, Reply};

/// One message on the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    Propose(Proposal),
    /// The reply, as text: checked against the proposal it answers (`Reply::from_text`).
    Reply(String),
    /// A message of the game (`junqi_duel::Duel::receive`).
    Game(String),
    /// After a reconnection: the game (its id, hex) both devices go on with; every message
    /// of it follows again.
    Resume(String),
}

impl Said {
    pub fn propose(p: &Proposal) -> String {
        format!("propose {}", p.to_text())
    }

    pub fn reply(r: &Reply) -> String {
        format!("reply {}", r.to_text())
    }

    pub fn game(text: &str) -> String {
        format!("game {text}")
    }

    pub fn resume(id: &str) -> String {
        format!("resume {id}")
    }

    /// Reads one message; anything else is refused with the reason.
    pub fn from_text(text: &str) -> Result<Said, String> {
        let (kind, rest) = text
            .split_once(' ')
            .ok_or_else(|| "a message with no kind".to_string())?;
        match kind {
            "propose" => Proposal::from_text(rest).map(Said::Propose),
            "reply" => Ok(Said::Reply(rest.to_string())),
            "game" => Ok(Said::Game(rest.to_string())),
            "resume" if rest.len() == 32 && rest.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Ok(Said::Resume(rest.to_string()))
            }
            _ => Err(format!("a message of an unknown kind '{kind}'")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Mode, Rules, Seat};
    use junqi_duel::Clock;

    #[test]
    fn each_kind_reads_back_and_anything_else_is_refused() {
        let p = Proposal::new(
            [1; 16],
            Mode::Dark,
            Rules::default(),
            Clock::NONE,
            Seat::RED,
        )
        .unwrap();
        assert_eq!(
            Said::from_text(&Said::propose(&p)),
            Ok(Said::Propose(p.clone()))
        );
        let r = p.reply(true);
        assert_eq!(
            Said::from_text(&Said::reply(&r)),
            Ok(Said::Reply(r.to_text()))
        );
        assert_eq!(
            Said::from_text(&Said::game("{\"v\":1}")),
            Ok(Said::Game("{\"v\":1}".into()))
        );
        let id = "0a".repeat(16);
        assert_eq!(Said::from_text(&Said::resume(&id)), Ok(Said::Resume(id)));
        assert!(Said::from_text("resume ../../x").is_err());
        assert!(Said::from_text("propose {}").is_err());
        assert!(Said::from_text("hello").is_err());
        assert!(Said::from_text("shout x").is_err());
    }
}
