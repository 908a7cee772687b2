//! Reading the other device's QR code with this device's camera, where the browser has one:
//! the invitation on the invited device, the answer on the inviting one. Frames of the camera's
//! picture go to a Web Worker of their own (src/bin/scan_worker.rs), which reads them in grey
//! with `rqrr`: the decoder is loaded only when a player scans, and never with the game. The
//! browser's own `BarcodeDetector` exists in some browsers only (not in Safari or Firefox, nor
//! in Chromium on Linux): one decoder, the same everywhere, keeps one path, tested natively.

/// The widest frame read, in pixels: a code that fills a good part of the picture needs no
/// more, and a phone decodes it in a few milliseconds.
pub const FRAME_WIDTH: u32 = 640;

/// The text of a QR code in a picture of `width` × `height` pixels, four bytes each (red,
/// green, blue, alpha, as a canvas gives them); `None` when there is none (or the picture is
/// not that size).
pub fn decode(width: usize, height: usize, rgba: &[u8]) -> Option<String> {
    if width == 0 || height == 0 || rgba.len() < width.checked_mul(height)?.checked_mul(4)? {
        return None;
    }
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
        let i = (y * width + x) * 4;
        let (r, g, b) = (
            u32::from(rgba[i]),
            u32::from(rgba[i + 1]),
            u32::from(rgba[i + 2]),
        );
        ((r * 77 + g * 150 + b * 29) >> 8) as u8
    });
    img.detect_grids()
        .into_iter()
        .find_map(|grid| grid.decode().ok().map(|(_, text)| text))
}

/// The camera facing away from the player, its picture in a `<video>`, and the worker that
/// reads its frames (src/bin/scan_worker.rs).
#[cfg(target_arch = "wasm32")]
pub mod camera {
    use crate::js::error_text as why;
    use std::cell::Cell;
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{
        CanvasRenderingContext2d, HtmlCanvasElement, HtmlVideoElement, MediaStream,
        MediaStreamConstraints, MessageEvent, Worker, WorkerOptions, WorkerType,
    };

    /// The worker script, relative to the page.
    const SCRIPT: &str = "scan_worker.js";

    /// Whether the browser can give the page a camera at all.
    pub fn exists() -> bool {
        web_sys::window()
            .map(|w| w.navigator())
            .and_then(|n| n.media_devices().ok())
            .is_some()
    }

    /// Starts the camera (the browser asks the player first) and shows it in `video`.
    pub async fn open(video: &HtmlVideoElement) -> Result<MediaStream, String> {
        let devices = web_sys::window()
            .ok_or("no window")?
            .navigator()
            .media_devices()
            .map_err(why)?;
        let constraints = MediaStreamConstraints::new();
        let facing = js_sys::Object::new();
        js_sys::Reflect::set(&facing, &"facingMode".into(), &"environment".into()).map_err(why)?;
        constraints.set_video(&facing);
        constraints.set_audio(&JsValue::FALSE);
        let promise = devices
            .get_user_media_with_constraints(&constraints)
            .map_err(why)?;
        let stream: MediaStream = JsFuture::from(promise)
            .await
            .map_err(why)?
            .dyn_into()
            .map_err(why)?;
        video.set_muted(true);
        video.set_src_object(Some(&stream));
        if let Ok(p) = video.play() {
            // The picture shows once the frames come; a refused autoplay only delays it.
            let _ = JsFuture::from(p).await;
        }
        Ok(stream)
    }

    /// Stops the camera.
    pub fn close(stream: &MediaStream) {
        for track in stream.get_tracks().iter() {
            if let Ok(t) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                t.stop();
            }
        }
    }

    /// The worker that reads frames, one at a time.
    pub struct Reader {
        worker: Worker,
        /// The worker's loader, revoked with it.
        url: String,
        canvas: HtmlCanvasElement,
        /// It said it listens, and no frame is being read.
        idle: Rc<Cell<bool>>,
        _on_message: Closure<dyn FnMut(MessageEvent)>,
        _on_error: Closure<dyn FnMut(web_sys::Event)>,
    }

    impl Reader {
        /// Starts the worker; `found` hears the first text read, `failed` why the worker
        /// stopped (it failed to load, or a frame broke it).
        pub fn start(
            found: impl Fn(String) + 'static,
            failed: impl Fn(String) + 'static,
        ) -> Result<Reader, String> {
            let canvas = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.create_element("canvas").ok())
                .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
                .ok_or("no canvas")?;
            let idle = Rc::new(Cell::new(false));
            let ready = idle.clone();
            let on_message = Closure::new(move |ev: MessageEvent| {
                let text = ev.data().as_string().unwrap_or_default();
                ready.set(true);
                if !text.is_empty() && text != "ready" {
                    found(text);
                }
            });
            let opts = WorkerOptions::new();
            opts.set_type(WorkerType::Module);
            opts.set_name("junqi-scan");
            let on_error = Closure::new(move |ev: web_sys::Event| {
                let message = ev
                    .dyn_ref::<web_sys::ErrorEvent>()
                    .map(|e| e.message())
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(|| "the reader stopped".into());
                failed(message);
            });
            let url = crate::js::module_worker_url(SCRIPT)?;
            let worker = Worker::new_with_options(&url, &opts).map_err(why)?;
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            Ok(Reader {
                worker,
                url,
                canvas,
                idle,
                _on_message: on_message,
                _on_error: on_error,
            })
        }

        /// Sends the frame `video` shows now to be read, unless one is being read.
        pub fn offer(&self, video: &HtmlVideoElement) {
            if !self.idle.get() {
                return;
            }
            let (w, h) = (video.video_width(), video.video_height());
            if w == 0 || h == 0 {
                return;
            }
            let scale = f64::from(super::FRAME_WIDTH.min(w)) / f64::from(w);
            let (w, h) = ((f64::from(w) * scale) as u32, (f64::from(h) * scale) as u32);
            self.canvas.set_width(w);
            self.canvas.set_height(h);
            let Some(ctx) = self
                .canvas
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            else {
                return;
            };
            let (fw, fh) = (f64::from(w), f64::from(h));
            if ctx
                .draw_image_with_html_video_element_and_dw_and_dh(video, 0.0, 0.0, fw, fh)
                .is_err()
            {
                return;
            }
            let Ok(image) = ctx.get_image_data(0.0, 0.0, fw, fh) else {
                return;
            };
            let pixels = js_sys::Uint8ClampedArray::from(image.data().0.as_slice());
            let frame = js_sys::Array::of3(&fw.into(), &fh.into(), &pixels);
            if self.worker.post_message(&frame).is_ok() {
                self.idle.set(false);
            }
        }
    }

    impl Drop for Reader {
        fn drop(&mut self) {
            self.worker.terminate();
            let _ = web_sys::Url::revoke_object_url(&self.url);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text`'s QR code as a camera might see it: `scale` pixels a module, off-centre in a
    /// larger grey picture, in colour.
    fn picture(text: &str, scale: usize) -> (usize, usize, Vec<u8>) {
        let (width, dark) = crate::remote::qr::modules(text).unwrap();
        let (w, h) = (width * scale + 160, width * scale + 90);
        let mut rgba = vec![0u8; w * h * 4];
        for y in 0..h {
            for x in 0..w {
                let (mx, my) = (
                    (x as isize - 100) / scale as isize,
                    (y as isize - 40) / scale as isize,
                );
                let on = x >= 100
                    && y >= 40
                    && (mx as usize) < width
                    && (my as usize) < width
                    && dark[my as usize * width + mx as usize];
                let (r, g, b) = if on { (30, 20, 40) } else { (230, 225, 210) };
                let i = (y * w + x) * 4;
                rgba[i..i + 4].copy_from_slice(&[r, g, b, 255]);
            }
        }
        (w, h, rgba)
    }

    #[test]
    fn a_code_in_a_camera_picture_reads_back_to_its_text() {
        let link = "https://example.org/junqi/#join=AbC-123_xyz";
        let (w, h, rgba) = picture(link, 5);
        assert_eq!(decode(w, h, &rgba).as_deref(), Some(link));
    }

    #[test]
    fn a_picture_without_a_code_or_of_the_wrong_size_reads_nothing() {
        let (w, h, mut rgba) = picture("x", 4);
        assert_eq!(
            decode(w, h + 1, &rgba),
            None,
            "fewer bytes than the size says"
        );
        assert_eq!(decode(0, 0, &[]), None);
        rgba.iter_mut().for_each(|b| *b = 200);
        assert_eq!(decode(w, h, &rgba), None);
    }
}
