//! Mutations of valid inputs for the parser fuzzers: byte flips, truncation, deleted and
//! duplicated pieces, swapped or dropped whitespace fields, huge or negative numbers,
//! unicode, and wholly random strings over the input's own alphabet. Every result is a
//! valid `String` (byte-level damage goes through lossy UTF-8 decoding).

use escalade_core::SeededRng;
use rand::Rng;

/// Numbers that overflow or underflow the counters of a FEN or a move.
const HUGE_NUMBERS: &[&str] = &[
    "0",
    "-1",
    "-0",
    "255",
    "256",
    "65536",
    "2147483648",
    "4294967296",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "+7",
    "1e9",
    "-2147483649",
    "4294967297",
    "-9223372036854775809",
    "1844674407370955162",
    "NaN",
    "-inf",
];

/// Numbers for the numeric fields of protocol commands (depth, times, hash, threads,
/// movestogo, `level`, `st`, `sd`, option values): the edges of every integer type,
/// negative values, fractions, exponents and non-finite forms.
pub const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "-0",
    "2",
    "0.5",
    "-0.5",
    "1:30",
    "-1:-1",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "4294967297",
    "-4294967296",
    "1844674407370955162",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999",
    "1e9",
    "1e308",
    "-1e308",
    "1e309",
    "NaN",
    "inf",
    "-inf",
    "infinity",
    "+7",
    "0x10",
    "",
];

/// Bytes that make a line invalid UTF-8 (or hide a command): stray continuation bytes,
/// overlong forms, surrogates, truncated sequences, NUL.
const BAD_BYTES: &[&[u8]] = &[
    b"\xff",
    b"\x80",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xe2\x82",
    b"\xc3",
    b"\0",
];

/// One random byte-level change to `s` that may leave invalid UTF-8 or NUL bytes: a bad
/// sequence inserted, a byte replaced by one above 0x7f, a multi-byte character cut, or
/// the whole input in Latin-1 bytes.
pub fn mutate_bytes(s: &[u8], rng: &mut SeededRng) -> Vec<u8> {
    let mut out = s.to_vec();
    match rng.gen_range(0..4) {
        0 => {
            let at = rng.gen_range(0..=out.len());
            let piece = BAD_BYTES[rng.gen_range(0..BAD_BYTES.len())];
            out.splice(at..at, piece.iter().copied());
        }
        1 if !out.is_empty() => {
            let i = rng.gen_range(0..out.len());
            out[i] = rng.gen_range(0x80..=0xff);
        }
        2 => {
            out.extend_from_slice("é♔😀".as_bytes());
            let cut = out.len() - rng.gen_range(1..3);
            out.truncate(cut);
        }
        _ => {
            out = String::from_utf8_lossy(s)
                .chars()
                .map(|c| if c.is_ascii() { c as u8 } else { 0xe9 })
                .collect();
            out.push(0xe9);
        }
    }
    out
}

/// Characters that are not part of any variant's notation (or are, in the wrong place).
const ODD_CHARS: &[char] = &[
    '\0', '\t', '\n', '\r', ' ', '/', '[', ']', '-', '+', '=', '@', ',', '*', '~', '#', '?', '!',
    'é', 'ß', '♔', '♚', '１', '٣', '\u{202e}', '\u{feff}', '\u{fffd}', '𝕏', '😀',
];

/// One random change to `s` (which may be empty).
pub fn mutate(s: &str, rng: &mut SeededRng) -> String {
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    let at = |rng: &mut SeededRng| if n == 0 { 0 } else { rng.gen_range(0..=n) };
    match rng.gen_range(0..12) {
        0 => flip_byte(s, rng),
        1 => chars[..at(rng)].iter().collect(),
        2 => {
            let (a, b) = ordered(at(rng), at(rng));
            chars[..a].iter().chain(&chars[b..]).collect()
        }
        3 => {
            let i = at(rng);
            let c = ODD_CHARS[rng.gen_range(0..ODD_CHARS.len())];
            chars[..i].iter().chain(&[c]).chain(&chars[i..]).collect()
        }
        4 => {
            let (a, b) = ordered(at(rng), at(rng));
            let piece: String = chars[a..b].iter().collect();
            let mut out: String = chars[..b].iter().collect();
            for _ in 0..rng.gen_range(1..4) {
                out.push_str(&piece);
            }
            out.extend(&chars[b..]);
            out
        }
        5 => edit_fields(s, rng),
        6 => replace_number(s, rng),
        7 if n > 0 => {
            // A character replaced by another one of the same input: still looks plausible.
            let mut out = chars.clone();
            out[rng.gen_range(0..n)] = chars[rng.gen_range(0..n)];
            out.into_iter().collect()
        }
        8 if n > 0 => {
            let mut out = chars.clone();
            let i = rng.gen_range(0..n);
            out[i] = if out[i].is_ascii_uppercase() {
                out[i].to_ascii_lowercase()
            } else {
                out[i].to_ascii_uppercase()
            };
            out.into_iter().collect()
        }
        9 => random_over_alphabet(s, rng),
        10 => {
            let bytes: Vec<u8> = (0..rng.gen_range(0..40)).map(|_| rng.gen()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        _ => {
            // Very long input: the text repeated (at most about 200 kB, so that chained
            // mutations stay cheap).
            let times = rng.gen_range(2..200).min(200_000 / s.len().max(1)).max(1);
            s.repeat(times)
        }
    }
}

/// `count` mutations in a row.
pub fn mutate_n(s: &str, count: usize, rng: &mut SeededRng) -> String {
    let mut out = s.to_string();
    for _ in 0..count {
        out = mutate(&out, rng);
    }
    out
}

fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

fn flip_byte(s: &str, rng: &mut SeededRng) -> String {
    let mut bytes = s.as_bytes().to_vec();
    if bytes.is_empty() {
        bytes.push(rng.gen());
    } else {
        let i = rng.gen_range(0..bytes.len());
        bytes[i] ^= 1 << rng.gen_range(0..8);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Swaps, drops, duplicates or empties whitespace-separated fields.
fn edit_fields(s: &str, rng: &mut SeededRng) -> String {
    let mut fields: Vec<&str> = s.split(' ').collect();
    let n = fields.len();
    match rng.gen_range(0..4) {
        0 => fields.swap(rng.gen_range(0..n), rng.gen_range(0..n)),
        1 => {
            fields.remove(rng.gen_range(0..n));
        }
        2 => {
            let f = fields[rng.gen_range(0..n)];
            fields.insert(rng.gen_range(0..=n), f);
        }
        _ => fields[rng.gen_range(0..n)] = "",
    }
    fields.join(" ")
}

/// Replaces one run of digits (or, if there is none, appends a number).
fn replace_number(s: &str, rng: &mut SeededRng) -> String {
    let huge = HUGE_NUMBERS[rng.gen_range(0..HUGE_NUMBERS.len())];
    let runs: Vec<(usize, usize)> = {
        let mut runs = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices().chain(std::iter::once((s.len(), ' '))) {
            match (c.is_ascii_digit(), start) {
                (true, None) => start = Some(i),
                (false, Some(b)) => {
                    runs.push((b, i));
                    start = None;
                }
                _ => {}
            }
        }
        runs
    };
    if runs.is_empty() {
        return format!("{s}{huge}");
    }
    let (a, b) = runs[rng.gen_range(0..runs.len())];
    format!("{}{}{}", &s[..a], huge, &s[b..])
}

/// A random string over the characters of `s` (plus a few odd ones), of similar length.
fn random_over_alphabet(s: &str, rng: &mut SeededRng) -> String {
    let mut alphabet: Vec<char> = s.chars().collect();
    alphabet.extend_from_slice(&ODD_CHARS[..8]);
    let len = rng.gen_range(0..=s.chars().count() + 4);
    (0..len)
        .map(|_| alphabet[rng.gen_range(0..alphabet.len())])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_never_panic_and_change_something() {
        let mut rng = SeededRng::new(1);
        let mut changed = 0;
        for s in ["", "a", "rnbqkbnr/8 w - 0 1", "e2e4", "é♔"] {
            for _ in 0..2000 {
                if mutate(s, &mut rng) != s {
                    changed += 1;
                }
            }
        }
        // Some mutations leave short inputs as they were (truncating or deleting from "",
        // swapping equal bytes): three in four changed is the bar (7596 with this seed).
        assert!(changed > 7000, "{changed}");
    }

    #[test]
    fn byte_mutations_leave_invalid_utf8_or_nul() {
        let mut rng = SeededRng::new(2);
        let mut bad = 0;
        for _ in 0..1000 {
            let out = mutate_bytes(b"isready", &mut rng);
            if std::str::from_utf8(&out).is_err() || out.contains(&0) {
                bad += 1;
            }
        }
        assert!(bad > 900, "{bad}");
    }
}
