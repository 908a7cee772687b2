//! The three primitives of the protocol, each a thin use of a well-kept crate:
//!
//! - a **commitment** to one piece: SHA-256 over the game, the seat, the setup slot, the role and
//!   a 32-byte random salt (`sha2`);
//! - a **1-out-of-12 oblivious transfer**, the "simplest OT" of Chou and Orlandi (2015) on the
//!   Ristretto group (`curve25519-dalek`): the sender publishes `S = yG` once per game; for a
//!   contact the receiver, whose choice is `c`, sends `R = cS + xG`; key `i` is
//!   `H(ctx, S, R, i, y(R - iS))`, and the receiver can form only `H(ctx, S, R, c, xS)`;
//! - **sealing** a message under such a key with ChaCha20-Poly1305 (`chacha20poly1305`): every
//!   key seals exactly one message, so the nonce is fixed.
//!
//! At the end of the game both sides open everything (`y`, each `x` and `c`), so every
//! transfer can be checked by anyone holding the transcript.

use chacha20poly1305::aead::Aead;
use chacha20poly1305::{ChaCha20Poly1305, Key, KeyInit, Nonce};
use curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT as G;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use junqi_core::{Role, Seat};
use rand_chacha::rand_core::RngCore;
use sha2::{Digest as _, Sha256};

/// A SHA-256 digest.
pub type Digest = [u8; 32];

/// How many choices a transfer offers: one per role that could attack.
pub const CHOICES: usize = 12;

/// The domain of every hash, so that no value of this protocol can stand for another.
const DOMAIN: &[u8] = b"junqi-duel/1";

pub fn sha256(parts: &[&[u8]]) -> Digest {
    let mut h = Sha256::new();
    h.update(DOMAIN);
    for p in parts {
        h.update((p.len() as u32).to_le_bytes());
        h.update(p);
    }
    h.finalize().into()
}

/// The commitment to the piece of `seat` first set up on `slot`.
pub fn commitment(game: &[u8; 16], seat: Seat, slot: u8, role: Role, salt: &[u8; 32]) -> Digest {
    sha256(&[
        b"piece",
        game,
        &[seat.index() as u8],
        &[slot],
        &[role as u8],
        salt,
    ])
}

/// A uniformly drawn scalar (wide reduction of 64 random bytes).
pub fn random_scalar(rng: &mut impl RngCore) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

pub fn point_bytes(p: &RistrettoPoint) -> [u8; 32] {
    p.compress().to_bytes()
}

/// A group element from its 32 bytes; `None` for bytes that encode none.
pub fn point_from(bytes: &[u8]) -> Option<RistrettoPoint> {
    CompressedRistretto::from_slice(bytes).ok()?.decompress()
}

/// A scalar from its canonical 32 bytes.
pub fn scalar_from(bytes: &[u8]) -> Option<Scalar> {
    let b: [u8; 32] = bytes.try_into().ok()?;
    Option::from(Scalar::from_canonical_bytes(b))
}

/// The sender's public key for `y`.
pub fn sender_key(y: &Scalar) -> RistrettoPoint {
    y * G
}

/// The receiver's message for choice `c` with secret `x`.
pub fn choose(s: &RistrettoPoint, c: u8, x: &Scalar) -> RistrettoPoint {
    Scalar::from(u64::from(c)) * s + x * G
}

fn key(
    ctx: &[u8],
    s: &RistrettoPoint,
    r: &RistrettoPoint,
    i: u8,
    shared: &RistrettoPoint,
) -> Digest {
    sha256(&[
        b"ot",
        ctx,
        &point_bytes(s),
        &point_bytes(r),
        &[i],
        &point_bytes(shared),
    ])
}

/// The sender's twelve keys for the receiver's message `r`.
pub fn sender_keys(ctx: &[u8], y: &Scalar, r: &RistrettoPoint) -> [Digest; CHOICES] {
    let s = sender_key(y);
    std::array::from_fn(|i| {
        let shared = y * (r - Scalar::from(i as u64) * s);
        key(ctx, &s, r, i as u8, &shared)
    })
}

/// The one key the receiver who chose `c` with secret `x` can form.
pub fn receiver_key(
    ctx: &[u8],
    s: &RistrettoPoint,
    r: &RistrettoPoint,
    c: u8,
    x: &Scalar,
) -> Digest {
    key(ctx, s, r, c, &(x * s))
}

/// Seals `plain` under a key used for nothing else.
pub fn seal(key: &Digest, plain: &[u8]) -> Vec<u8> {
    let cipher = ChaCha20Poly1305::new(Key::from_slice(key));
    // Encryption with a valid key and nonce cannot fail for messages this small.
    cipher
        .encrypt(Nonce::from_slice(&[0; 12]), plain)
        .unwrap_or_default()
}

/// Opens what [`seal`] sealed under `key`; `None` if it was sealed under another key or
/// altered.
pub fn unseal(key: &Digest, sealed: &[u8]) -> Option<Vec<u8>> {
    let cipher = ChaCha20Poly1305::new(Key::from_slice(key));
    cipher.decrypt(Nonce::from_slice(&[0; 12]), sealed).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    #[test]
    fn the_receiver_opens_its_choice_and_nothing_else() {
        let mut rng = ChaCha20Rng::from_seed([1; 32]);
        let y = random_scalar(&mut rng);
        let s = sender_key(&y);
        for c in 0..CHOICES as u8 {
            let x = random_scalar(&mut rng);
            let r = choose(&s, c, &x);
            let keys = sender_keys(b"ctx", &y, &r);
            let boxes: Vec<Vec<u8>> = (0..CHOICES)
                .map(|i| seal(&keys[i], &[i as u8; 5]))
                .collect();
            let mine = receiver_key(b"ctx", &s, &r, c, &x);
            for (i, b) in boxes.iter().enumerate() {
                let opened = unseal(&mine, b);
                if i == c as usize {
                    assert_eq!(opened, Some(vec![c; 5]));
                } else {
                    assert_eq!(opened, None, "choice {c} opened box {i}");
                }
            }
            // Another context (another ply) gives other keys.
            assert_ne!(receiver_key(b"other", &s, &r, c, &x), mine);
        }
    }

    #[test]
    fn commitments_bind_every_field() {
        let g = [7; 16];
        let salt = [9; 32];
        let c = commitment(&g, Seat::RED, 3, Role::Marshal, &salt);
        assert_ne!(c, commitment(&g, Seat::BLACK, 3, Role::Marshal, &salt));
        assert_ne!(c, commitment(&g, Seat::RED, 4, Role::Marshal, &salt));
        assert_ne!(c, commitment(&g, Seat::RED, 3, Role::General, &salt));
        assert_ne!(c, commitment(&g, Seat::RED, 3, Role::Marshal, &[8; 32]));
        assert_ne!(c, commitment(&[6; 16], Seat::RED, 3, Role::Marshal, &salt));
    }

    #[test]
    fn bad_bytes_are_no_point_and_no_scalar() {
        assert!(point_from(&[0xff; 32]).is_none());
        assert!(point_from(&[1; 7]).is_none());
        assert!(scalar_from(&[0xff; 32]).is_none());
        assert!(scalar_from(&[1; 31]).is_none());
    }
}
