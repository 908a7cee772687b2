//! The page's connection to the other device: one [`super::link::Link`] at a time, held
//! for the page and cheap to copy (like the computer player's client). Native builds (the
//! tests of the game state) have no connection: every call there says so.

use super::LinkEvent;
use leptos::prelude::*;
use std::rc::Rc;

#[cfg(target_arch = "wasm32")]
type Held = super::link::Link;
/// Native builds hold nothing.
#[cfg(not(target_arch = "wasm32"))]
type Held = ();

/// The connection, if any.
#[derive(Copy, Clone)]
pub struct Peer {
    link: StoredValue<Option<Rc<Held>>, LocalStorage>,
    /// Counts the connections made: a late event of an earlier one is dropped.
    generation: StoredValue<u64, LocalStorage>,
}

impl Default for Peer {
    fn default() -> Peer {
        Peer::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
const NONE_HERE: &str = "no direct connections in this build";

impl Peer {
    pub fn new() -> Peer {
        Peer {
            link: StoredValue::new_local(None),
            generation: StoredValue::new_local(0),
        }
    }

    /// `on`, for the connection made now only.
    #[cfg(target_arch = "wasm32")]
    fn this_one(self, mut on: impl FnMut(LinkEvent) + 'static) -> impl FnMut(LinkEvent) + 'static {
        let now = self.generation.get_value();
        let generation = self.generation;
        move |e| {
            if generation.try_get_value() == Some(now) {
                on(e)
            }
        }
    }

    /// Drops any other connection and makes this one (`made`: the link and the text to pass
    /// on); it is kept, and `on` hears it, only if no other connection was begun meanwhile.
    #[cfg(target_arch = "wasm32")]
    async fn install(
        self,
        made: impl std::future::Future<Output = Result<(super::link::Link, String), String>>,
        on: impl FnMut(LinkEvent) + 'static,
    ) -> Result<String, String> {
        self.close();
        let on = self.this_one(on);
        let now = self.generation.get_value();
        let (link, text) = made.await?;
        if self.generation.try_get_value() != Some(now) {
            return Err("left for another connection".into());
        }
        link.listen(on);
        self.link.set_value(Some(Rc::new(link)));
        Ok(text)
    }

    /// Drops the connection, if any (whatever it says later is not heard).
    pub fn close(self) {
        self.generation.update_value(|g| *g += 1);
        #[cfg(target_arch = "wasm32")]
        self.link.with_value(|l| {
            if let Some(l) = l {
                l.close()
            }
        });
        self.link.set_value(None);
    }

    /// Opens a connection as the inviting device (dropping any other); `on` hears everything
    /// it says. Gives the invitation's text.
    pub async fn host(
        self,
        stun: Vec<String>,
        on: impl FnMut(LinkEvent) + 'static,
    ) -> Result<String, String> {
        #[cfg(target_arch = "wasm32")]
        {
            self.install(super::link::Link::host(&stun), on).await
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (stun, on);
            Err(NONE_HERE.into())
        }
    }

    /// Opens a connection as the invited device, from the invitation's text; gives the
    /// answer's.
    pub async fn join(
        self,
        offer: String,
        stun: Vec<String>,
        on: impl FnMut(LinkEvent) + 'static,
    ) -> Result<String, String> {
        #[cfg(target_arch = "wasm32")]
        {
            self.install(super::link::Link::join(&offer, &stun), on)
                .await
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = (offer, stun, on);
            Err(NONE_HERE.into())
        }
    }

    /// The inviting device takes the answer's text.
    pub async fn accept(self, answer: String) -> Result<(), String> {
        #[cfg(target_arch = "wasm32")]
        {
            let Some(link) = self.link.with_value(|l| l.clone()) else {
                return Err("no invitation is open".into());
            };
            link.accept(&answer).await
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = answer;
            Err(NONE_HERE.into())
        }
    }

    /// Sends one message; refused while not connected.
    pub fn send(self, text: &str) -> Result<(), String> {
        #[cfg(target_arch = "wasm32")]
        {
            self.link.with_value(|l| match l {
                Some(l) => l.send(text),
                None => Err("not connected".into()),
            })
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let _ = text;
            Err(NONE_HERE.into())
        }
    }

    pub fn is_open(self) -> bool {
        #[cfg(target_arch = "wasm32")]
        {
            self.link
                .with_value(|l| l.as_ref().is_some_and(|l| l.is_open()))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            false
        }
    }
}
