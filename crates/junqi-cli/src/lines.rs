//! Reading protocol lines with a bound on their length, as bytes: a line that is too long or
//! not UTF-8 is a protocol error to answer, never an out-of-memory or the end of the reader.

use std::io::{self, BufRead};

/// The longest line (without its `\n`) read from an engine or from a host: 1 MiB. The longest
/// real message (a `go` or `update` with a JFEN view and `last`) is well under 1 KiB.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's bytes, without the `\n` (not checked for UTF-8).
    Bytes(Vec<u8>),
    /// A line longer than the bound; its bytes were read and dropped up to its `\n`.
    TooLong,
}

/// Reads the next line, keeping at most `max` bytes of it. `Ok(None)` at the end of input; a
/// last line without `\n` still counts.
pub fn read_line<R: BufRead>(r: &mut R, max: usize) -> io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (any, too_long) {
                (false, _) => None,
                (true, true) => Some(Line::TooLong),
                (true, false) => Some(Line::Bytes(buf)),
            });
        }
        any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        if !too_long {
            if buf.len() + part.len() > max {
                too_long = true;
                buf = Vec::new();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        r.consume(used);
        if newline.is_some() {
            return Ok(Some(if too_long {
                Line::TooLong
            } else {
                Line::Bytes(buf)
            }));
        }
    }
}

/// At most `max` characters of `text` for a log line, with `…` when cut.
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    fn all(input: &[u8], max: usize) -> Vec<Line> {
        // A tiny buffer, so lines span many reads.
        let mut r = BufReader::with_capacity(3, input);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, max).expect("in-memory reads do not fail") {
            out.push(l);
        }
        out
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            all(b"ab\n\ncdefgh\nij", 4),
            vec![
                Line::Bytes(b"ab".to_vec()),
                Line::Bytes(Vec::new()),
                Line::TooLong,
                Line::Bytes(b"ij".to_vec()),
            ]
        );
        assert_eq!(all(b"abcd\n", 4), vec![Line::Bytes(b"abcd".to_vec())]);
        assert_eq!(all(b"abcde", 4), vec![Line::TooLong]);
        assert_eq!(all(b"", 4), vec![]);
        assert_eq!(
            all(b"\xff\xfe\nok\n", 4),
            vec![Line::Bytes(vec![0xff, 0xfe]), Line::Bytes(b"ok".to_vec())]
        );
    }

    #[test]
    fn excerpts_cut_on_characters() {
        assert_eq!(excerpt("翻棋明棋", 2), "翻棋…");
        assert_eq!(excerpt("ab", 2), "ab");
    }
}
