//! Sounds, synthesised with Web Audio (no sound files): a short voice per [`Cue`].

use crate::ground::anim::Cue;

/// One tone of a sound: start offset, duration (s), start and end frequency (Hz), wave, gain.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Tone {
    pub at: f64,
    pub dur: f64,
    pub f0: f32,
    pub f1: f32,
    /// 0 sine, 1 triangle, 2 square, 3 sawtooth, 4 noise.
    pub wave: u8,
    pub gain: f32,
}

const fn tone(at: f64, dur: f64, f0: f32, f1: f32, wave: u8, gain: f32) -> Tone {
    Tone {
        at,
        dur,
        f0,
        f1,
        wave,
        gain,
    }
}

// A wooden tap; two rising notes; a falling sigh; a thud and a crash; a low boom; a card's
// flick; a little fanfare; a low buzz; a soft chime.
const MOVE_TONES: &[Tone] = &[tone(0.0, 0.07, 520.0, 380.0, 1, 0.5)];
const CAPTURE_TONES: &[Tone] = &[
    tone(0.0, 0.09, 440.0, 440.0, 1, 0.45),
    tone(0.08, 0.16, 660.0, 700.0, 1, 0.45),
];
const LOSE_TONES: &[Tone] = &[tone(0.0, 0.3, 420.0, 160.0, 0, 0.5)];
const BOTH_TONES: &[Tone] = &[
    tone(0.0, 0.22, 140.0, 60.0, 0, 0.7),
    tone(0.0, 0.25, 900.0, 300.0, 4, 0.25),
];
const MINE_TONES: &[Tone] = &[
    tone(0.0, 0.5, 90.0, 35.0, 0, 0.9),
    tone(0.0, 0.45, 400.0, 120.0, 4, 0.45),
];
const FLIP_TONES: &[Tone] = &[tone(0.0, 0.06, 1400.0, 2200.0, 4, 0.25)];
const FLAG_TONES: &[Tone] = &[
    tone(0.0, 0.14, 523.0, 523.0, 2, 0.22),
    tone(0.13, 0.14, 659.0, 659.0, 2, 0.22),
    tone(0.26, 0.32, 784.0, 784.0, 2, 0.24),
];
const ILLEGAL_TONES: &[Tone] = &[tone(0.0, 0.16, 110.0, 100.0, 2, 0.18)];
const HINT_TONES: &[Tone] = &[
    tone(0.0, 0.25, 988.0, 988.0, 0, 0.3),
    tone(0.2, 0.35, 784.0, 784.0, 0, 0.3),
];

/// The tones of each cue: distinct in pitch, length and colour so they tell apart by ear.
pub fn tones(cue: Cue) -> &'static [Tone] {
    match cue {
        Cue::Move => MOVE_TONES,
        Cue::Capture => CAPTURE_TONES,
        Cue::Lose => LOSE_TONES,
        Cue::Both => BOTH_TONES,
        Cue::Mine => MINE_TONES,
        Cue::Flip => FLIP_TONES,
        Cue::Flag => FLAG_TONES,
        Cue::Illegal => ILLEGAL_TONES,
        Cue::Hint => HINT_TONES,
    }
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::{tones, Cue};
    use std::cell::RefCell;
    use web_sys::{AudioContext, AudioScheduledSourceNode, BiquadFilterType, OscillatorType};

    thread_local! {
        static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    }

    fn with_context(f: impl FnOnce(&AudioContext)) {
        CONTEXT.with(|c| {
            let mut c = c.borrow_mut();
            if c.is_none() {
                *c = AudioContext::new().ok();
            }
            if let Some(ctx) = c.as_ref() {
                if ctx.state() == web_sys::AudioContextState::Suspended {
                    let _ = ctx.resume();
                }
                f(ctx);
            }
        });
    }

    pub fn play(cue: Cue, volume: f32) {
        with_context(|ctx| {
            let now = ctx.current_time();
            for t in tones(cue) {
                let _ = voice(ctx, now, t, volume);
            }
        });
    }

    fn voice(
        ctx: &AudioContext,
        now: f64,
        t: &super::Tone,
        volume: f32,
    ) -> Result<(), wasm_bindgen::JsValue> {
        let gain = ctx.create_gain()?;
        let start = now + t.at;
        let end = start + t.dur;
        let g = gain.gain();
        g.set_value_at_time(0.0001, start)?;
        g.exponential_ramp_to_value_at_time((t.gain * volume).max(0.0002), start + 0.01)?;
        g.exponential_ramp_to_value_at_time(0.0001, end)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        if t.wave == 4 {
            // Noise through a band-pass filter sweeping from f0 to f1.
            let rate = ctx.sample_rate();
            let len = ((t.dur as f32) * rate).max(1.0) as u32;
            let buffer = ctx.create_buffer(1, len, rate)?;
            let mut data = vec![0f32; len as usize];
            let mut seed = 0x1234_5678u32;
            for x in data.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                *x = (seed as f32 / u32::MAX as f32) * 2.0 - 1.0;
            }
            buffer.copy_to_channel(&data, 0)?;
            let src = ctx.create_buffer_source()?;
            src.set_buffer(Some(&buffer));
            let filter = ctx.create_biquad_filter()?;
            filter.set_type(BiquadFilterType::Bandpass);
            filter.frequency().set_value_at_time(t.f0, start)?;
            filter
                .frequency()
                .exponential_ramp_to_value_at_time(t.f1, end)?;
            src.connect_with_audio_node(&filter)?;
            filter.connect_with_audio_node(&gain)?;
            AudioScheduledSourceNode::start_with_when(&src, start)?;
            AudioScheduledSourceNode::stop_with_when(&src, end + 0.02)?;
        } else {
            let osc = ctx.create_oscillator()?;
            osc.set_type(match t.wave {
                0 => OscillatorType::Sine,
                1 => OscillatorType::Triangle,
                2 => OscillatorType::Square,
                _ => OscillatorType::Sawtooth,
            });
            osc.frequency().set_value_at_time(t.f0, start)?;
            osc.frequency()
                .exponential_ramp_to_value_at_time(t.f1, end)?;
            osc.connect_with_audio_node(&gain)?;
            AudioScheduledSourceNode::start_with_when(&osc, start)?;
            AudioScheduledSourceNode::stop_with_when(&osc, end + 0.02)?;
        }
        Ok(())
    }
}

/// Plays a cue at `volume` (0 ..= 100); does nothing natively or when muted.
pub fn play(cue: Cue, volume: u8) {
    #[cfg(target_arch = "wasm32")]
    if volume > 0 {
        web::play(cue, f32::from(volume) / 100.0);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (cue, volume);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_sounds_different() {
        let all = [
            Cue::Move,
            Cue::Capture,
            Cue::Lose,
            Cue::Both,
            Cue::Mine,
            Cue::Flip,
            Cue::Flag,
            Cue::Illegal,
            Cue::Hint,
        ];
        for (i, a) in all.iter().enumerate() {
            assert!(!tones(*a).is_empty());
            for b in &all[i + 1..] {
                assert_ne!(tones(*a), tones(*b), "{a:?} {b:?}");
            }
            for t in tones(*a) {
                assert!(t.f0 > 0.0 && t.f1 > 0.0 && t.dur > 0.0 && t.gain <= 1.0);
            }
        }
    }
}
