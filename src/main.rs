//! Entry point of the web app. The body only exists on wasm32: natively the binary is an empty
//! shell so that `cargo test --workspace` and clippy build the whole workspace.

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    junqi::ai::install_test_hook();
    // index.html's loading screen (#shell) gives way to the app in the same frame.
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("shell"))
    {
        shell.remove();
    }
    leptos::mount::mount_to_body(junqi::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("junqi is a web app: run `bash scripts/play.sh` and open http://127.0.0.1:8080");
}
