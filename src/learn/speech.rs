//! Lesson goals spoken aloud with the browser's SpeechSynthesis, in Chinese (zh-CN) or English.
//! Where the browser has no voice for the language (many tablets lack a Chinese one; headless
//! Chromium has none), the goal's recording plays instead: `assets/prompts/<goal>-<lang>.wav`,
//! synthesised from the same sentence by `scripts/make-prompts.sh` and cached for offline play
//! with the rest of the build. Never an error.

use crate::i18n::Lang;

/// The BCP 47 tag asked for.
pub fn voice_tag(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en-US",
    }
}

/// Whether a voice's language suits `lang` (`zh-CN`, `zh_CN`, `cmn-Hans-CN`; `en-GB`, …).
pub fn voice_fits(voice_lang: &str, lang: Lang) -> bool {
    let v = voice_lang.to_ascii_lowercase().replace('_', "-");
    match lang {
        Lang::Zh => v.starts_with("zh") || v.starts_with("cmn"),
        Lang::En => v.starts_with("en"),
    }
}

/// The recording of goal `key` in `lang`, relative to the page.
pub fn prompt_url(key: &str, lang: Lang) -> String {
    format!("assets/prompts/{key}-{}.wav", lang.code())
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// The recording now playing, if any (one at a time).
    static CLIP: std::cell::RefCell<Option<web_sys::HtmlAudioElement>> =
        const { std::cell::RefCell::new(None) };
}

/// Plays goal `key`'s recording, replacing whatever is being said.
fn play_prompt(key: &str, lang: Lang) {
    #[cfg(target_arch = "wasm32")]
    {
        hush();
        let Ok(audio) = web_sys::HtmlAudioElement::new_with_src(&prompt_url(key, lang)) else {
            return;
        };
        // A refused play (no user gesture yet, say) is not an error worth showing.
        if let Ok(p) = audio.play() {
            let ignore = wasm_bindgen::closure::Closure::once(|_: wasm_bindgen::JsValue| {});
            let _ = p.catch(&ignore);
            ignore.forget();
        }
        CLIP.with(|c| *c.borrow_mut() = Some(audio));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (key, lang);
}

/// Speaks `text` (the sentence of goal `key`), replacing whatever is being said; without a
/// fitting voice, plays the goal's recording.
pub fn speak(text: &str, key: &str, lang: Lang) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
            play_prompt(key, lang);
            return;
        };
        let voices = synth.get_voices();
        let voice = voices
            .iter()
            .filter_map(|v| {
                use wasm_bindgen::JsCast;
                v.dyn_into::<web_sys::SpeechSynthesisVoice>().ok()
            })
            .find(|v| voice_fits(&v.lang(), lang));
        let Some(voice) = voice else {
            play_prompt(key, lang);
            return;
        };
        hush();
        let Ok(u) = web_sys::SpeechSynthesisUtterance::new_with_text(text) else {
            return;
        };
        u.set_voice(Some(&voice));
        u.set_lang(voice_tag(lang));
        u.set_rate(0.9);
        synth.cancel();
        synth.speak(&u);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = text;
        play_prompt(key, lang);
    }
}

/// Stops speaking (and any recording).
pub fn hush() {
    #[cfg(target_arch = "wasm32")]
    {
        if let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) {
            synth.cancel();
        }
        CLIP.with(|c| {
            if let Some(a) = c.borrow_mut().take() {
                let _ = a.pause();
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voices_are_matched_by_language() {
        assert!(voice_fits("zh-CN", Lang::Zh));
        assert!(voice_fits("zh_TW", Lang::Zh));
        assert!(voice_fits("cmn-Hans-CN", Lang::Zh));
        assert!(!voice_fits("en-US", Lang::Zh));
        assert!(voice_fits("en-GB", Lang::En));
        assert!(!voice_fits("fr-FR", Lang::En));
        assert_eq!(voice_tag(Lang::Zh), "zh-CN");
    }

    /// Every goal has a recording in both languages, made from the very sentence shown.
    #[test]
    fn every_goal_has_its_recording() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let script = std::fs::read_to_string(root.join("scripts/make-prompts.sh")).unwrap();
        for (key, text) in crate::learn::lesson::GOAL_PROMPTS {
            for lang in [Lang::Zh, Lang::En] {
                let line = format!("say {key} {} \"{}\"", lang.code(), text.get(lang));
                assert!(
                    script.contains(&line),
                    "scripts/make-prompts.sh lacks: {line}"
                );
                let clip = root.join(prompt_url(key, lang));
                let bytes = std::fs::read(&clip).unwrap_or_default();
                assert!(
                    bytes.starts_with(b"RIFF") && bytes.len() > 4000,
                    "{}",
                    clip.display()
                );
            }
        }
    }
}
