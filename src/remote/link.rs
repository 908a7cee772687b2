//! The direct connection between two devices: one WebRTC data channel (ordered, reliable),
//! set up by passing an offer and an answer by hand ([`super::invite`]). No server of ours is
//! involved. On one network the browsers find each other with nothing else; across the
//! internet they need a STUN server to learn their public address, which is a setting
//! ([`super::DEFAULT_STUN`]). Candidates are gathered in full before the offer or answer is shown, so
//! that one text carries everything.

use super::invite::{Invite, Kind};
pub use super::LinkEvent;
use crate::js::error_text as js_err;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceGatheringState, RtcIceServer, RtcPeerConnection, RtcSdpType,
    RtcSessionDescriptionInit,
};

/// How long candidates are gathered before the offer or answer is shown anyway.
const GATHER_MS: i32 = 4000;

type Listener = Rc<RefCell<Option<Box<dyn FnMut(LinkEvent)>>>>;

/// One end of the connection.
pub struct Link {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    listener: Listener,
    /// Events that came before anybody listened.
    early: Rc<RefCell<Vec<LinkEvent>>>,
}

impl Link {
    fn new(stun: &[String]) -> Result<Link, String> {
        let config = RtcConfiguration::new();
        let servers = js_sys::Array::new();
        for url in stun {
            let server = RtcIceServer::new();
            server.set_urls(&JsValue::from_str(url));
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config).map_err(js_err)?;
        Ok(Link {
            pc,
            channel: Rc::new(RefCell::new(None)),
            listener: Rc::new(RefCell::new(None)),
            early: Rc::new(RefCell::new(Vec::new())),
        })
    }

    /// The inviting device: opens the connection and its channel; gives the offer's text.
    pub async fn host(stun: &[String]) -> Result<(Link, String), String> {
        let link = Link::new(stun)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = link
            .pc
            .create_data_channel_with_data_channel_dict("junqi", &init);
        link.attach(channel);
        let text = link.describe(link.pc.create_offer(), Kind::Offer).await?;
        Ok((link, text))
    }

    /// The joining device: takes the offer's text, gives the answer's.
    pub async fn join(offer: &str, stun: &[String]) -> Result<(Link, String), String> {
        let invite = Invite::from_text(offer).map_err(|e| e.to_string())?;
        if invite.kind != Kind::Offer {
            return Err("this is an answer, not an invitation".into());
        }
        let link = Link::new(stun)?;
        let channel = link.channel.clone();
        let listener = link.listener.clone();
        let early = link.early.clone();
        let on_channel =
            Closure::<dyn FnMut(RtcDataChannelEvent)>::new(move |e: RtcDataChannelEvent| {
                attach(&channel, &listener, &early, e.channel());
            });
        link.pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        on_channel.forget();
        link.set_remote(&invite, RtcSdpType::Offer).await?;
        let text = link.describe(link.pc.create_answer(), Kind::Answer).await?;
        Ok((link, text))
    }

    /// The inviting device: takes the answer's text; the channel opens soon after.
    pub async fn accept(&self, answer: &str) -> Result<(), String> {
        let invite = Invite::from_text(answer).map_err(|e| e.to_string())?;
        if invite.kind != Kind::Answer {
            return Err("this is an invitation, not an answer".into());
        }
        self.set_remote(&invite, RtcSdpType::Answer).await
    }

    async fn set_remote(&self, invite: &Invite, kind: RtcSdpType) -> Result<(), String> {
        let desc = RtcSessionDescriptionInit::new(kind);
        desc.set_sdp(&invite.to_sdp());
        JsFuture::from(self.pc.set_remote_description(&desc))
            .await
            .map(drop)
            .map_err(js_err)
    }

    /// Makes the description `made` (an offer or an answer) this end's own, and packs it once
    /// its candidates are gathered.
    async fn describe(&self, made: js_sys::Promise, kind: Kind) -> Result<String, String> {
        let desc: RtcSessionDescriptionInit =
            JsFuture::from(made).await.map_err(js_err)?.unchecked_into();
        JsFuture::from(self.pc.set_local_description(&desc))
            .await
            .map_err(js_err)?;
        self.gathered(kind).await
    }

    /// Waits until the candidates are gathered (or [`GATHER_MS`] passed) and packs the local
    /// description.
    async fn gathered(&self, kind: Kind) -> Result<String, String> {
        let pc = self.pc.clone();
        let done = js_sys::Promise::new(&mut |resolve, _| {
            if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                let _ = resolve.call0(&JsValue::NULL);
                return;
            }
            let on_done = resolve.clone();
            let watched = pc.clone();
            let cb = Closure::<dyn FnMut()>::new(move || {
                if watched.ice_gathering_state() == RtcIceGatheringState::Complete {
                    let _ = on_done.call0(&JsValue::NULL);
                }
            });
            pc.set_onicegatheringstatechange(Some(cb.as_ref().unchecked_ref()));
            cb.forget();
            if let Some(w) = web_sys::window() {
                let _ =
                    w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
            }
        });
        JsFuture::from(done).await.map_err(js_err)?;
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or("no local description")?;
        Ok(Invite::from_sdp(kind, &sdp)
            .map_err(|e| e.to_string())?
            .to_text())
    }

    fn attach(&self, channel: RtcDataChannel) {
        attach(&self.channel, &self.listener, &self.early, channel);
    }

    /// Everything the link says from now on goes to `f` (events that came earlier first).
    pub fn listen(&self, mut f: impl FnMut(LinkEvent) + 'static) {
        for e in self.early.borrow_mut().drain(..) {
            f(e);
        }
        *self.listener.borrow_mut() = Some(Box::new(f));
    }

    pub fn is_open(&self) -> bool {
        self.channel
            .borrow()
            .as_ref()
            .is_some_and(|c| c.ready_state() == RtcDataChannelState::Open)
    }

    /// Sends one message; refused while the channel is not open.
    pub fn send(&self, text: &str) -> Result<(), String> {
        match self.channel.borrow().as_ref() {
            Some(c) if c.ready_state() == RtcDataChannelState::Open => {
                c.send_with_str(text).map_err(js_err)
            }
            _ => Err("not connected".into()),
        }
    }

    pub fn close(&self) {
        if let Some(c) = self.channel.borrow().as_ref() {
            c.close();
        }
        self.pc.close();
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.close();
    }
}

fn attach(
    slot: &Rc<RefCell<Option<RtcDataChannel>>>,
    listener: &Listener,
    early: &Rc<RefCell<Vec<LinkEvent>>>,
    channel: RtcDataChannel,
) {
    let tell = {
        let listener = listener.clone();
        let early = early.clone();
        move |e: LinkEvent| match listener.borrow_mut().as_mut() {
            Some(f) => f(e),
            None => early.borrow_mut().push(e),
        }
    };
    let on_open = {
        let tell = tell.clone();
        Closure::<dyn FnMut()>::new(move || tell(LinkEvent::Open))
    };
    let on_close = {
        let tell = tell.clone();
        Closure::<dyn FnMut()>::new(move || tell(LinkEvent::Closed))
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(text) = e.data().as_string() {
            tell(LinkEvent::Message(text));
        }
    });
    channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_open.forget();
    on_close.forget();
    on_message.forget();
    *slot.borrow_mut() = Some(channel);
}
