//! Recursive Length Prefix, canonical form only.
//!
//! Decoding never recurses: nested lists are tracked on a heap stack, so any depth up to
//! [`MAX_DEPTH`] decodes without touching the call stack, and anything deeper is an error.
//! Every canonical-form rule is checked where the header is read.
//!
//! Three representations are offered:
//! - [`Value`], an owned tree, for Rust callers;
//! - the *decode tape*, a flat `u32` stream in post-order, which is what [`decode_tape`] writes and
//!   what crosses the WASM boundary (one copy out, no object per node on the Rust side). It is laid
//!   out so that JavaScript builds the tree in one pass with a stack of values, each list made at
//!   its final size:
//!   - `[len << 1, offset]` (even first word): a byte string of `len` bytes at `offset` in the input;
//!   - `[(items << 1) | 1]` ([`tape_list`]): a list of the last `items` values, written when it closes.
//! - the *encode tape*, in pre-order, which [`encode_tape`] reads (the JavaScript side writes it
//!   while walking the value, before any list's size in bytes is known). Tokens are pairs of `u32`:
//!   - `[len << 1, offset]`: a byte string of `len` bytes at `offset` in the data buffer;
//!   - `[TAPE_LIST_START, 0]`: a list begins;
//!   - `[TAPE_LIST_END, 0]`: the innermost open list ends.
//!
//! ```
//! use portico_core::rlp::{self, Value};
//! let dog = rlp::decode(&[0x83, b'd', b'o', b'g']).unwrap();
//! assert_eq!(dog, Value::Bytes(b"dog".to_vec()));
//! ```
use alloc::vec::Vec;

use crate::Error;

/// The deepest list nesting that decodes; one level more is [`Error::RlpDepthExceeded`].
pub const MAX_DEPTH: usize = 8192;

/// Encode-tape token that opens a list (see the module docs).
pub const TAPE_LIST_START: u32 = 1;
/// Encode-tape token that closes the innermost open list.
pub const TAPE_LIST_END: u32 = 3;

/// An RLP header: whether the item is a list, and how many payload bytes follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub list: bool,
    pub payload_length: usize,
}

impl Header {
    /// Reads one header from the front of `buf` and advances past it.
    ///
    /// A single byte below 0x80 is its own payload: the header then has `payload_length` 1 and
    /// the cursor is *not* advanced, so the caller reads the byte as the payload.
    /// Checks every canonical-form rule and that the payload fits in `buf`.
    ///
    /// ```
    /// use portico_core::rlp::Header;
    /// let mut buf: &[u8] = &[0xc2, 0x80, 0x80];
    /// assert_eq!(Header::decode(&mut buf), Ok(Header { list: true, payload_length: 2 }));
    /// assert_eq!(buf, &[0x80, 0x80]);
    /// ```
    #[inline]
    pub fn decode(buf: &mut &[u8]) -> Result<Header, Error> {
        let Some(&first) = buf.first() else {
            return Err(Error::RlpLengthPastInput);
        };
        let header = match first {
            0x00..=0x7f => return Ok(Header { list: false, payload_length: 1 }),
            0x80..=0xb7 => {
                let len = (first - 0x80) as usize;
                if len == 1 {
                    match buf.get(1) {
                        Some(&b) if b < 0x80 => return Err(Error::RlpNonCanonicalSingleByte),
                        _ => {}
                    }
                }
                *buf = &buf[1..];
                Header { list: false, payload_length: len }
            }
            0xb8..=0xbf => {
                let len = read_long_length(buf, (first - 0xb7) as usize)?;
                Header { list: false, payload_length: len }
            }
            0xc0..=0xf7 => {
                *buf = &buf[1..];
                Header { list: true, payload_length: (first - 0xc0) as usize }
            }
            0xf8..=0xff => {
                let len = read_long_length(buf, (first - 0xf7) as usize)?;
                Header { list: true, payload_length: len }
            }
        };
        if header.payload_length > buf.len() {
            return Err(Error::RlpLengthPastInput);
        }
        Ok(header)
    }

    /// Appends this header's encoding to `out`.
    #[inline]
    pub fn encode(&self, out: &mut Vec<u8>) {
        let (short, long) = if self.list { (0xc0u8, 0xf7u8) } else { (0x80u8, 0xb7u8) };
        if self.payload_length < 56 {
            out.push(short + self.payload_length as u8);
        } else {
            let bytes = (self.payload_length as u64).to_be_bytes();
            let skip = bytes.iter().take_while(|&&b| b == 0).count();
            out.push(long + (8 - skip) as u8);
            out.extend_from_slice(&bytes[skip..]);
        }
    }

    /// How many bytes [`Header::encode`] writes.
    #[inline]
    pub const fn length(&self) -> usize {
        length_of_length(self.payload_length)
    }
}

/// Bytes a header takes for a payload of `payload_length` bytes.
#[inline]
pub const fn length_of_length(payload_length: usize) -> usize {
    if payload_length < 56 {
        1
    } else {
        1 + (usize::BITS as usize / 8) - (payload_length.leading_zeros() as usize / 8)
    }
}

#[inline]
fn read_long_length(buf: &mut &[u8], len_of_len: usize) -> Result<usize, Error> {
    if buf.len() < 1 + len_of_len {
        return Err(Error::RlpLengthPastInput);
    }
    let digits = &buf[1..1 + len_of_len];
    if digits[0] == 0 {
        return Err(Error::RlpLeadingZeroLength);
    }
    let mut len: u64 = 0;
    for &d in digits {
        len = (len << 8) | d as u64;
    }
    if len < 56 {
        return Err(Error::RlpNonCanonicalLength);
    }
    if len > usize::MAX as u64 {
        return Err(Error::RlpLengthOverflow);
    }
    *buf = &buf[1 + len_of_len..];
    Ok(len as usize)
}

/// An owned RLP item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bytes(Vec<u8>),
    List(Vec<Value>),
}

/// Decodes exactly one canonical item, with nothing after it, into a decode tape (see module docs)
/// appended to `tape`.
///
/// On failure returns the error and the byte offset where it was found (`tape` is then left as
/// it was). [`TapeDecoder`] does the same with buffers kept between calls.
///
/// ```
/// use portico_core::rlp;
/// let mut tape = Vec::new();
/// rlp::decode_tape(&[0xc2, 0x05, 0xc0], &mut tape).unwrap();
/// assert_eq!(tape, [1 << 1, 1, rlp::tape_list(0), rlp::tape_list(2)]);
/// ```
pub fn decode_tape(input: &[u8], tape: &mut Vec<u32>) -> Result<(), (Error, usize)> {
    tape.extend_from_slice(TapeDecoder::new().decode(input)?);
    Ok(())
}

/// The tape word of a list of `items` items (see the module docs).
#[inline]
pub const fn tape_list(items: u32) -> u32 {
    (items << 1) | 1
}

/// Decodes into a tape it owns, with the stack of open lists and the tape kept between calls: once
/// they have grown, decoding allocates nothing and writes each word by index (no length update per
/// word, which `Vec::push` costs in the WASM build). A tape grown past `KEEP_TAPE_WORDS` is dropped
/// at the next small input, so one large input does not hold its memory for good.
#[derive(Default)]
pub struct TapeDecoder {
    /// The enclosing lists' state, innermost last (one entry per level the input can reach).
    open: Vec<Open>,
    /// Sized ahead of the scan (zeros); only the front is written.
    tape: Vec<u32>,
}

/// A list still open while decoding: its parent's state, restored when it closes.
#[derive(Clone, Copy, Default)]
struct Open {
    /// Where the parent's payload ends.
    end: usize,
    /// The parent's items so far, this list included.
    items: u32,
}

/// The largest tape (in `u32`s, 1 MiB) a [`TapeDecoder`] keeps for small inputs.
const KEEP_TAPE_WORDS: usize = 1 << 18;

impl TapeDecoder {
    pub const fn new() -> Self {
        TapeDecoder { open: Vec::new(), tape: Vec::new() }
    }

    /// Decodes the one canonical item in `input` and returns its tape (see [`decode_tape`]).
    pub fn decode(&mut self, input: &[u8]) -> Result<&[u32], (Error, usize)> {
        if self.tape.len() > KEEP_TAPE_WORDS && input.len() < KEEP_TAPE_WORDS / 2 {
            self.tape = Vec::new();
        }
        // Two words per input byte is always enough (each item takes a byte or more and writes one
        // or two words); a large input starts with less, and the scan starts over when it runs out.
        let room = (2 * input.len()).min(KEEP_TAPE_WORDS);
        if self.tape.len() < room {
            self.tape.resize(room, 0);
        }
        // Lists nest at most one per input byte, and at most `MAX_DEPTH`.
        let depth = input.len().min(MAX_DEPTH);
        if self.open.len() < depth {
            self.open.resize(depth, Open::default());
        }
        loop {
            match scan(input, &mut self.tape, &mut self.open) {
                Some(Ok(words)) => return Ok(&self.tape[..words]),
                Some(Err(failure)) => return Err(failure),
                None => self.tape.resize(2 * self.tape.len(), 0),
            }
        }
    }

    /// Where the tape starts (the last [`TapeDecoder::decode`] wrote its front), for the WASM
    /// bindings, which hand the pointer to JavaScript.
    pub fn tape_ptr(&self) -> *const u32 {
        self.tape.as_ptr()
    }
}

/// One pass over `input` that writes the tape from the front of `tape` and returns its length in
/// words, or `None` when `tape` is too short. The loop keeps the innermost list's end and item
/// count in locals and the enclosing lists' in `open` (which has room for `MAX_DEPTH` levels or
/// one per input byte). The common headers are checked by plain
/// comparisons in the loop, the rare ones by [`Header::decode`] out of line (which keeps the loop
/// small: in WASM that made a 1000-deep list about 7 % faster), and a refused header goes through
/// [`Header::decode`] again to name the rule ([`header_error`]); a test holds all this to the
/// errors and offsets of the plain decoder it replaced.
fn scan(input: &[u8], tape: &mut [u32], open: &mut [Open]) -> Option<Result<usize, (Error, usize)>> {
    let mut pos = 0usize;
    let mut words = 0usize;
    let mut depth = 0usize;
    // The innermost open list's payload end and items so far; at the top, the input's end.
    let mut end = input.len();
    let mut items = 0u32;
    loop {
        // Here `pos < end <= input.len()`, except for an empty input.
        let Some(&first) = input.get(pos) else { return Some(Err((Error::RlpEmptyInput, 0))) };
        // Room for this item's words (closing lists check on their own).
        if words + 2 > tape.len() {
            return None;
        }
        if first < 0x80 {
            tape[words] = 1 << 1;
            tape[words + 1] = pos as u32;
            words += 2;
            pos += 1;
            items += 1;
        } else {
            // Lists with payloads below 64 KiB (every level of a deep list) and short strings are
            // read here, each rule in a comparison; the rest goes through `Header::decode`.
            let (start, len, list) = if (0xc0..=0xf9).contains(&first) {
                let (start, len) = if first <= 0xf7 {
                    (pos + 1, (first - 0xc0) as usize)
                } else {
                    // One or two length bytes: not zero-led, 56 or more.
                    let start = pos + 1 + (first - 0xf7) as usize;
                    if start >= end {
                        return Some(Err(header_error(input, pos, end)));
                    }
                    let high = input[pos + 1] as usize;
                    let len = if first == 0xf8 { high } else { (high << 8) | input[start - 1] as usize };
                    if high == 0 || len < 56 {
                        return Some(Err(header_error(input, pos, end)));
                    }
                    (start, len)
                };
                if len > end - start {
                    return Some(Err(header_error(input, pos, end)));
                }
                (start, len, true)
            } else if first <= 0xb7 {
                // A short string (most of a transaction's fields).
                let len = (first - 0x80) as usize;
                if len > end - pos - 1 || (first == 0x81 && input[pos + 1] < 0x80) {
                    return Some(Err(header_error(input, pos, end)));
                }
                (pos + 1, len, false)
            } else {
                let mut window = &input[pos..end];
                let Ok(header) = read_header(&mut window) else {
                    return Some(Err(header_error(input, pos, end)));
                };
                (end - window.len(), header.payload_length, header.list)
            };
            if !list {
                tape[words] = (len as u32) << 1;
                tape[words + 1] = start as u32;
                words += 2;
                pos = start + len;
                items += 1;
            } else {
                if depth == MAX_DEPTH {
                    return Some(Err((Error::RlpDepthExceeded, pos)));
                }
                open[depth] = Open { end, items: items + 1 };
                depth += 1;
                end = start + len;
                items = 0;
                pos = start;
            }
        }
        // Close every list that ends here; at the top, the item must end the input.
        while pos == end {
            if depth == 0 {
                return Some(Ok(words));
            }
            depth -= 1;
            if words >= tape.len() {
                return None;
            }
            tape[words] = tape_list(items);
            words += 1;
            let parent = open[depth];
            end = parent.end;
            items = parent.items;
        }
        if depth == 0 {
            return Some(Err((Error::RlpTrailingBytes, pos)));
        }
    }
}

/// [`Header::decode`] out of line: [`scan`] and [`header_error`] share one copy (the module is
/// built for size).
#[inline(never)]
fn read_header(buf: &mut &[u8]) -> Result<Header, Error> {
    Header::decode(buf)
}

/// The error of the header at `at` that [`scan`] refused, `end` being where the innermost open
/// list (or the input) ends: what [`Header::decode`] says of it, except that a length running past
/// an enclosing list, but not past the input, is a list whose items do not add up.
#[cold]
#[inline(never)]
fn header_error(input: &[u8], at: usize, end: usize) -> (Error, usize) {
    let error = match read_header(&mut &input[at..end]) {
        Err(Error::RlpLengthPastInput) if end < input.len() && fits_input(&input[at..]) => {
            Error::RlpListPayloadMismatch
        }
        Err(e) => e,
        // Not reached: `scan` refuses exactly the headers that `Header::decode` does.
        Ok(_) => Error::RlpListPayloadMismatch,
    };
    (error, at)
}

/// Appends one tape token. Two pushes rather than `extend_from_slice(&[a, b])`, which the WASM
/// build (optimised for size) calls out of line as a generic copy loop: that was half the time of
/// decoding a transaction's RLP.
#[inline(always)]
fn token(tape: &mut Vec<u32>, a: u32, b: u32) {
    tape.push(a);
    tape.push(b);
}

/// Whether the header at the front of `buf` claims no more than `buf` holds (used to tell a list
/// payload mismatch from a plain truncated input).
fn fits_input(buf: &[u8]) -> bool {
    let mut probe = buf;
    Header::decode(&mut probe).is_ok()
}

/// Decodes exactly one canonical item into an owned [`Value`].
///
/// ```
/// use portico_core::rlp::{self, Value};
/// assert_eq!(rlp::decode(&[0xc0]).unwrap(), Value::List(vec![]));
/// assert!(rlp::decode(&[0x81, 0x05]).is_err());
/// ```
pub fn decode(input: &[u8]) -> Result<Value, Error> {
    let mut tape = Vec::new();
    decode_tape(input, &mut tape).map_err(|(e, _)| e)?;
    Ok(value_from_tape(input, &tape))
}

fn value_from_tape(input: &[u8], tape: &[u32]) -> Value {
    // Post-order: items are pushed, and a list takes the last `items` of them.
    let mut values: Vec<Value> = Vec::new();
    let mut words = tape.iter();
    while let Some(&word) = words.next() {
        if word & 1 == 1 {
            let items = values.split_off(values.len() - (word >> 1) as usize);
            values.push(Value::List(items));
        } else {
            let (len, at) = ((word >> 1) as usize, words.next().map_or(0, |&at| at as usize));
            values.push(Value::Bytes(input[at..at + len].to_vec()));
        }
    }
    values.pop().unwrap_or(Value::List(Vec::new()))
}

/// Appends the encoding of a byte string.
///
/// ```
/// let mut out = Vec::new();
/// portico_core::rlp::encode_bytes(b"dog", &mut out);
/// assert_eq!(out, [0x83, b'd', b'o', b'g']);
/// ```
#[inline]
pub fn encode_bytes(bytes: &[u8], out: &mut Vec<u8>) {
    if bytes.len() == 1 && bytes[0] < 0x80 {
        out.push(bytes[0]);
    } else {
        Header { list: false, payload_length: bytes.len() }.encode(out);
        out.extend_from_slice(bytes);
    }
}

/// Bytes [`encode_bytes`] writes for `bytes`.
#[inline]
pub const fn bytes_length(bytes: &[u8]) -> usize {
    if bytes.len() == 1 && bytes[0] < 0x80 {
        1
    } else {
        length_of_length(bytes.len()) + bytes.len()
    }
}

/// Drops leading zero bytes: the canonical big-endian form of an integer (zero is empty).
#[inline]
pub fn trim_leading_zeros(bytes: &[u8]) -> &[u8] {
    let skip = bytes.iter().take_while(|&&b| b == 0).count();
    &bytes[skip..]
}

/// Appends an unsigned integer given as big-endian bytes (leading zeros are dropped).
#[inline]
pub fn encode_uint(be_bytes: &[u8], out: &mut Vec<u8>) {
    encode_bytes(trim_leading_zeros(be_bytes), out)
}

/// Appends a `u64` as an RLP integer.
#[inline]
pub fn encode_u64(value: u64, out: &mut Vec<u8>) {
    encode_uint(&value.to_be_bytes(), out)
}

/// Bytes [`encode_u64`] writes.
#[inline]
pub fn u64_length(value: u64) -> usize {
    bytes_length(trim_leading_zeros(&value.to_be_bytes()))
}

/// Encodes a tape over `data` (string tokens point into `data`), without recursion.
///
/// Fails with [`Error::RlpDepthExceeded`] past [`MAX_DEPTH`] and with
/// [`Error::RlpListPayloadMismatch`] for a tape whose lists do not balance or whose strings point
/// outside `data`.
pub fn encode_tape(tape: &[u32], data: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    if tape.len() % 2 != 0 {
        return Err(Error::RlpListPayloadMismatch);
    }
    // Pass 1: payload length of every list, in the order the lists open.
    let mut payloads: Vec<usize> = Vec::new();
    let mut open: Vec<usize> = Vec::new(); // indices into `payloads`
    let mut top_items = 0usize;
    for token in tape.chunks_exact(2) {
        let length = match token[0] {
            TAPE_LIST_START => {
                if open.len() == MAX_DEPTH {
                    return Err(Error::RlpDepthExceeded);
                }
                open.push(payloads.len());
                payloads.push(0);
                continue;
            }
            TAPE_LIST_END => {
                let index = open.pop().ok_or(Error::RlpListPayloadMismatch)?;
                length_of_length(payloads[index]) + payloads[index]
            }
            len if len & 1 == 0 => {
                let (len, at) = ((len >> 1) as usize, token[1] as usize);
                let bytes = data.get(at..at + len).ok_or(Error::RlpListPayloadMismatch)?;
                bytes_length(bytes)
            }
            _ => return Err(Error::RlpListPayloadMismatch),
        };
        match open.last() {
            Some(&parent) => payloads[parent] += length,
            None => top_items += 1,
        }
    }
    if !open.is_empty() || top_items != 1 {
        return Err(Error::RlpListPayloadMismatch);
    }
    // Pass 2: write.
    let total = payloads.first().map_or(0, |&p| length_of_length(p) + p);
    out.reserve(total.max(data.len() + 9));
    let mut next_list = 0usize;
    for token in tape.chunks_exact(2) {
        match token[0] {
            TAPE_LIST_START => {
                Header { list: true, payload_length: payloads[next_list] }.encode(out);
                next_list += 1;
            }
            TAPE_LIST_END => {}
            len => {
                let (len, at) = ((len >> 1) as usize, token[1] as usize);
                encode_bytes(&data[at..at + len], out);
            }
        }
    }
    Ok(())
}

/// Encodes an owned [`Value`] (any depth up to [`MAX_DEPTH`], without recursion).
///
/// ```
/// use portico_core::rlp::{self, Value};
/// let cat_dog = Value::List(vec![Value::Bytes(b"cat".to_vec()), Value::Bytes(b"dog".to_vec())]);
/// assert_eq!(rlp::encode(&cat_dog).unwrap()[0], 0xc8);
/// ```
pub fn encode(value: &Value) -> Result<Vec<u8>, Error> {
    let mut tape = Vec::new();
    let mut data = Vec::new();
    let mut stack: Vec<core::slice::Iter<'_, Value>> = Vec::new();
    push_value(value, &mut tape, &mut data, &mut stack);
    while let Some(children) = stack.last_mut() {
        match children.next() {
            Some(child) => {
                if stack.len() > MAX_DEPTH {
                    return Err(Error::RlpDepthExceeded);
                }
                push_value(child, &mut tape, &mut data, &mut stack);
            }
            None => {
                stack.pop();
                token(&mut tape, TAPE_LIST_END, 0);
            }
        }
    }
    let mut out = Vec::new();
    encode_tape(&tape, &data, &mut out)?;
    Ok(out)
}

fn push_value<'a>(
    value: &'a Value,
    tape: &mut Vec<u32>,
    data: &mut Vec<u8>,
    stack: &mut Vec<core::slice::Iter<'a, Value>>,
) {
    match value {
        Value::Bytes(bytes) => {
            token(tape, (bytes.len() as u32) << 1, data.len() as u32);
            data.extend_from_slice(bytes);
        }
        Value::List(items) => {
            token(tape, TAPE_LIST_START, 0);
            stack.push(items.iter());
        }
    }
}

#[cfg(test)]
mod tests;
