//! The effects layer: draws the running [`AnimPlan`] — the moving piece along its path, the
//! contact effect, removed pieces fading, flips and reveals turning like cards — on either
//! board: the plan's pieces draw themselves ([`FxPiece`]). The page's
//! Content-Security-Policy forbids inline styles, so timings are set through the CSSOM
//! (`style:` bindings) and the path through the Web Animations API; the shapes' keyframes are in
//! style/game/02-pieces.css.

use crate::components::boards::piece::{piece_body, LabelLook};
use crate::components::play::label_look;
use crate::ground::anim::{AnimPlan, Contact};
use crate::ground::geometry::Xy;
use crate::ground::render::PieceModel;
use crate::state::store::{Anim, Store};
use leptos::prelude::*;

/// A piece of a plan, as the effects layer draws it.
pub trait FxPiece: Clone + Send + Sync + 'static {
    /// Where it stands (board units).
    fn center(&self) -> Xy;
    /// Its drawing, centred on the origin.
    fn body(&self, look: LabelLook) -> AnyView;
}

impl FxPiece for PieceModel {
    fn center(&self) -> Xy {
        self.center
    }

    fn body(&self, look: LabelLook) -> AnyView {
        piece_body(self, look).into_any()
    }
}

/// The 2-player board's effects: the store's running plan.
#[component]
pub fn FxLayer() -> impl IntoView {
    let store = expect_context::<Store>();
    let look = label_look(store);
    view! {
        <g class="fx" pointer-events="none">
            {move || store.anim.get().map(|Anim { id, plan }| fx_view(id, plan, look.get()))}
        </g>
    }
}

fn ms(x: u32) -> String {
    format!("{x}ms")
}

/// Runs the path animation (and the fade of a mover that does not survive) on `el` through the
/// Web Animations API (`Element.animate`, called dynamically: web-sys marks it unstable).
#[cfg(target_arch = "wasm32")]
fn animate_mover(
    el: &web_sys::Element,
    frames: &[String],
    travel_ms: u32,
    fade: Option<(u32, u32)>,
) {
    use leptos::wasm_bindgen::{JsCast, JsValue};
    let set = |o: &js_sys::Object, k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(o, &JsValue::from_str(k), &v);
    };
    let Some(animate) = js_sys::Reflect::get(el, &JsValue::from_str("animate"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    let run = |prop: &str, values: &[&str], duration: u32, delay: u32, easing: &str| {
        let keyframes = js_sys::Array::new();
        for v in values {
            let o = js_sys::Object::new();
            set(&o, prop, JsValue::from_str(v));
            keyframes.push(&o);
        }
        let opts = js_sys::Object::new();
        set(
            &opts,
            "duration",
            JsValue::from_f64(f64::from(duration.max(1))),
        );
        set(&opts, "delay", JsValue::from_f64(f64::from(delay)));
        set(&opts, "easing", JsValue::from_str(easing));
        set(&opts, "fill", JsValue::from_str("forwards"));
        let _ = animate.call2(el, &keyframes, &opts);
    };
    let frames: Vec<&str> = frames.iter().map(String::as_str).collect();
    run("transform", &frames, travel_ms, 0, "linear");
    if let Some((delay, dur)) = fade {
        run("opacity", &["1", "0"], dur, delay, "ease-in");
    }
}

/// The effects of plan `id`.
pub fn fx_view<M: FxPiece, S>(id: u64, plan: AnimPlan<M, S>, look: LabelLook) -> impl IntoView {
    let frames = plan.travel_transforms();
    let AnimPlan {
        mover,
        path,
        contact,
        contact_at,
        mover_survives,
        removed,
        flips,
        reveals,
        travel_ms,
        effect_ms,
        ..
    } = plan;
    let start = path.first().copied().unwrap_or(contact_at);
    let fade_at = travel_ms + effect_ms / 4;
    let fade_ms = effect_ms / 2 + 1;
    let travel = mover.map(|m| {
        let node = NodeRef::<leptos::svg::G>::new();
        let fade = (!mover_survives).then_some((fade_at, fade_ms));
        Effect::new(move |_| {
            if let Some(el) = node.get() {
                #[cfg(target_arch = "wasm32")]
                animate_mover(&el, &frames, travel_ms, fade);
                #[cfg(not(target_arch = "wasm32"))]
                let _ = (&el, &frames, fade);
            }
        });
        view! {
            <g
                class="ghost mover"
                node_ref=node
                style:transform=format!("translate({}px, {}px)", start.x, start.y)
            >
                {m.body(look)}
            </g>
        }
    });
    let removed = removed
        .into_iter()
        .map(|m| {
            view! {
                <g transform=translate(m.center())>
                    <g
                        class="ghost removed"
                        style:animation-name="fx-fade"
                        style:animation-duration=ms(fade_ms)
                        style:animation-delay=ms(fade_at)
                        style:animation-fill-mode="forwards"
                    >
                        {m.body(look)}
                    </g>
                </g>
            }
        })
        .collect_view();
    let half = effect_ms / 2 + 1;
    let flips = flips
        .into_iter()
        .map(|(before, after)| {
            view! {
                <g transform=translate(after.center())>
                    <g class="ghost flip-out" style:animation-duration=ms(half)>
                        {before.body(look)}
                    </g>
                    <g
                        class="ghost flip-in"
                        style:animation-duration=ms(half)
                        style:animation-delay=ms(half)
                    >
                        {after.body(look)}
                    </g>
                </g>
            }
        })
        .collect_view();
    let reveals = reveals
        .into_iter()
        .map(|m| {
            view! {
                <g transform=translate(m.center())>
                    <circle class="reveal-glow" r="30" style:animation-duration=ms(effect_ms.max(1))></circle>
                    <g
                        class="ghost flip-in"
                        style:animation-duration=ms(half)
                        style:animation-delay=ms(travel_ms + effect_ms / 3)
                    >
                        {m.body(look)}
                    </g>
                </g>
            }
        })
        .collect_view();
    let burst =
        (contact != Contact::None).then(|| contact_view(contact, contact_at, travel_ms, effect_ms));
    view! {
        <g class="fx-run" data-anim=id.to_string() data-contact=contact.code()>
            {removed}
            {flips}
            {travel}
            {reveals}
            {burst}
        </g>
    }
}

fn translate(c: Xy) -> String {
    format!("translate({} {})", c.x, c.y)
}

/// The burst where two pieces meet; each kind has its own shape and colour.
fn contact_view(contact: Contact, at: Xy, delay: u32, dur: u32) -> impl IntoView {
    let shape = match contact {
        Contact::Win => view! {
            <path
                class="burst-rays"
                d="M0 -30L5 -9L26 -16L10 -2L28 12L7 8L0 30L-7 8L-28 12L-10 -2L-26 -16L-5 -9Z"
            ></path>
        }
        .into_any(),
        Contact::Lose => view! {
            <g>
                <circle class="puff" r="20"></circle>
                <circle class="puff" cx="-12" cy="6" r="11"></circle>
                <circle class="puff" cx="13" cy="5" r="12"></circle>
            </g>
        }
        .into_any(),
        Contact::Both => view! {
            <g>
                <circle class="ring" r="24"></circle>
                <path class="cross" d="M-16 -16L16 16M-16 16L16 -16"></path>
            </g>
        }
        .into_any(),
        Contact::Mine => view! {
            <g>
                <path
                    class="spikes"
                    d="M0 -34L7 -12L28 -22L14 -4L34 4L12 9L18 30L0 14L-18 30L-12 9L-34 4L-14 -4L-28 -22L-7 -12Z"
                ></path>
                <circle class="core" r="10"></circle>
            </g>
        }
        .into_any(),
        Contact::Bomb => view! {
            <g>
                <circle class="blast" r="36"></circle>
                <circle class="core" r="16"></circle>
            </g>
        }
        .into_any(),
        Contact::Flag => view! {
            <g>
                <circle class="ring gold" r="30"></circle>
                <path class="pole" d="M-10 18V-22"></path>
                <path class="banner" d="M-10 -22L20 -13L-10 -4Z"></path>
            </g>
        }
        .into_any(),
        Contact::Scout => view! {
            <g>
                <circle class="ring scout" r="22"></circle>
                <path class="eye" d="M-16 0Q0 -14 16 0Q0 14 -16 0Z"></path>
                <circle class="pupil" r="4"></circle>
            </g>
        }
        .into_any(),
        Contact::None => view! { <g></g> }.into_any(),
    };
    view! {
        <g transform=translate(at)>
            <g
                class=format!("contact contact-{}", contact.code())
                style:animation-delay=ms(delay)
                style:animation-duration=ms(dur.max(1))
            >
                {shape}
            </g>
        </g>
    }
}
