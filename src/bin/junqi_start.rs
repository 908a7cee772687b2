//! The page's entry: the first screen of a first visit, or straight to the whole game
//! (`junqi::start`). Natively an empty binary, so that the workspace builds everywhere.

#[cfg(target_arch = "wasm32")]
mod doors {
    use wasm_bindgen::prelude::*;

    // Bound here, not in the library: only this wasm carries the snippet (see `junqi::start::Doors`).
    #[wasm_bindgen(module = "/src/start.js")]
    extern "C" {
        #[wasm_bindgen(js_name = loadGame)]
        pub fn load_game() -> js_sys::Promise;
        #[wasm_bindgen(js_name = offlineWhenIdle)]
        pub fn offline_when_idle();
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    junqi::start::boot(junqi::start::Doors {
        load_game: doors::load_game,
        offline_when_idle: doors::offline_when_idle,
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
