//! The page's entry: the first screen of a first visit, or straight to the whole game
//! (`junqi::start`). Natively an empty binary, so that the workspace builds everywhere.

#[cfg(target_arch = "wasm32")]
fn main() {
    junqi::start::boot();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {}
