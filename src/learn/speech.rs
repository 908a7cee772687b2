//! Lesson goals spoken aloud with the browser's SpeechSynthesis, in Chinese (zh-CN) or English.
//! Silent when the browser has no speech or no voice for the language: never an error.

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

/// Speaks `text`, replacing whatever is being said. Does nothing without a fitting voice.
pub fn speak(text: &str, lang: Lang) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
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
            return;
        };
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
    let _ = (text, lang);
}

/// Stops speaking.
pub fn hush() {
    #[cfg(target_arch = "wasm32")]
    if let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) {
        synth.cancel();
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
}
