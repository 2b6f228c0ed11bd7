use super::*;
use alloc::vec;

fn nested(depth: usize) -> Vec<u8> {
    // `depth` lists, each holding the next; the innermost is empty.
    let value = (0..depth).fold(None, |inner: Option<Value>, _| {
        Some(Value::List(inner.into_iter().collect()))
    });
    encode(&value.unwrap()).unwrap()
}

#[test]
fn rejects_each_non_canonical_form_with_its_own_error() {
    let cases: &[(&[u8], Error)] = &[
        (&[], Error::RlpEmptyInput),
        (&[0x81, 0x00], Error::RlpNonCanonicalSingleByte),
        (&[0x81, 0x7f], Error::RlpNonCanonicalSingleByte),
        (&[0xb8, 0x00], Error::RlpLeadingZeroLength),
        (&[0xf8, 0x00], Error::RlpLeadingZeroLength),
        (&[0xb8, 0x37], Error::RlpNonCanonicalLength),
        (&[0xf8, 0x01, 0x80], Error::RlpNonCanonicalLength),
        (&[0x83, b'd', b'o'], Error::RlpLengthPastInput),
        (&[0xb8], Error::RlpLengthPastInput),
        (&[0xc2, 0x83, b'd', b'o', b'g'], Error::RlpListPayloadMismatch),
        (&[0x80, 0x80], Error::RlpTrailingBytes),
        (&[0xc0, 0x00], Error::RlpTrailingBytes),
    ];
    for (input, expected) in cases {
        let got = decode(input).unwrap_err();
        assert_eq!(got, *expected, "input {input:02x?}");
    }
}

#[test]
fn reports_where_the_error_is() {
    let mut tape = Vec::new();
    assert_eq!(decode_tape(&[0xc3, 0x80, 0x81, 0x01], &mut tape), Err((Error::RlpNonCanonicalSingleByte, 2)));
}

#[test]
fn single_bytes_and_short_strings() {
    assert_eq!(decode(&[0x00]).unwrap(), Value::Bytes(vec![0]));
    assert_eq!(decode(&[0x7f]).unwrap(), Value::Bytes(vec![0x7f]));
    assert_eq!(decode(&[0x81, 0x80]).unwrap(), Value::Bytes(vec![0x80]));
    assert_eq!(decode(&[0x80]).unwrap(), Value::Bytes(vec![]));
}

#[test]
fn long_string_boundary_at_56_bytes() {
    for len in [55usize, 56, 255, 256, 70_000] {
        let value = Value::Bytes(vec![0xab; len]);
        let encoded = encode(&value).unwrap();
        assert_eq!(encoded[0] >= 0xb8, len >= 56);
        assert_eq!(decode(&encoded).unwrap(), value);
    }
}

#[test]
fn depth_limit_is_8192_inclusive() {
    assert!(decode(&nested(MAX_DEPTH)).is_ok());
    // One more level: build the bytes by hand, since `encode` refuses it too.
    let inner = nested(MAX_DEPTH);
    let mut deeper = Vec::new();
    Header { list: true, payload_length: inner.len() }.encode(&mut deeper);
    deeper.extend_from_slice(&inner);
    assert_eq!(decode(&deeper), Err(Error::RlpDepthExceeded));
    let too_deep = (0..=MAX_DEPTH).fold(Value::List(vec![]), |inner, _| Value::List(vec![inner]));
    assert_eq!(encode(&too_deep), Err(Error::RlpDepthExceeded));
}

#[test]
fn a_million_nested_list_headers_do_not_overflow_the_stack() {
    let input = vec![0xc0u8; 1_000_000];
    // Each 0xc0 is an empty list; after the first the rest are trailing bytes.
    assert_eq!(decode(&input), Err(Error::RlpTrailingBytes));
    let mut deep = vec![0xf9u8, 0xff, 0xff];
    deep.extend(core::iter::repeat(0xf9).take(100));
    assert!(decode(&deep).is_err());
}

#[test]
fn tape_encoding_matches_value_encoding() {
    let value = Value::List(vec![
        Value::Bytes(b"cat".to_vec()),
        Value::List(vec![Value::Bytes(vec![]), Value::List(vec![])]),
        Value::Bytes(vec![0x05]),
    ]);
    let encoded = encode(&value).unwrap();
    assert_eq!(encode(&decode(&encoded).unwrap()).unwrap(), encoded);
    // The encode tape of the same value, by hand.
    let data = [b"cat".as_slice(), &[0x05]].concat();
    let tape = [TAPE_LIST_START, 0, 3 << 1, 0, TAPE_LIST_START, 0, 0, 3, TAPE_LIST_START, 0, TAPE_LIST_END, 0]
        .into_iter()
        .chain([TAPE_LIST_END, 0, 1 << 1, 3, TAPE_LIST_END, 0])
        .collect::<Vec<_>>();
    let mut again = Vec::new();
    encode_tape(&tape, &data, &mut again).unwrap();
    assert_eq!(again, encoded);
}

#[test]
fn decode_tape_is_post_order_with_item_counts() {
    // ["cat", ["", []], 5]
    let encoded = [0xc8, 0x83, b'c', b'a', b't', 0xc2, 0x80, 0xc0, 0x05];
    let mut tape = Vec::new();
    decode_tape(&encoded, &mut tape).unwrap();
    assert_eq!(tape, [3 << 1, 2, 0, 7, tape_list(0), tape_list(2), 1 << 1, 8, tape_list(3)]);
    // A lone byte string, a lone empty list, a long string.
    tape.clear();
    decode_tape(&[0x80], &mut tape).unwrap();
    assert_eq!(tape, [0, 1]);
    tape.clear();
    decode_tape(&[0xc0], &mut tape).unwrap();
    assert_eq!(tape, [tape_list(0)]);
    let long = encode(&Value::Bytes(vec![7; 300])).unwrap();
    tape.clear();
    decode_tape(&long, &mut tape).unwrap();
    assert_eq!(tape, [300 << 1, 3]);
}

#[test]
fn a_reused_decoder_gives_each_tape_and_each_error() {
    let mut decoder = TapeDecoder::new();
    let tape = decoder.decode(&nested(1000)).unwrap();
    assert_eq!(tape.len(), 1000);
    assert_eq!(tape[0], tape_list(0));
    assert!(tape[1..].iter().all(|&w| w == tape_list(1)));
    // A shorter input after a longer one: only its own words.
    assert_eq!(decoder.decode(&nested(2)).unwrap(), [tape_list(0), tape_list(1)]);
    let mut bad = nested(3);
    bad.push(0x80);
    assert_eq!(decoder.decode(&bad), Err((Error::RlpTrailingBytes, 3)));
    assert_eq!(decoder.decode(&[0xc1, 0x05]).unwrap(), [1 << 1, 1, tape_list(1)]);
    // decode_tape appends, and leaves the tape as it was on failure.
    let mut appended = vec![7];
    decode_tape(&[0x05], &mut appended).unwrap();
    assert_eq!(appended, [7, 1 << 1, 0]);
    assert!(decode_tape(&bad, &mut appended).is_err());
    assert_eq!(appended, [7, 1 << 1, 0]);
}

#[test]
fn a_decoder_drops_a_large_tape_at_the_next_smaller_call() {
    let mut decoder = TapeDecoder::new();
    let large = encode(&Value::List(vec![Value::Bytes(vec![]); KEEP_TAPE_WORDS])).unwrap();
    assert_eq!(decoder.decode(&large).unwrap().len(), KEEP_TAPE_WORDS * 2 + 1);
    assert!(decoder.tape.len() > KEEP_TAPE_WORDS);
    decoder.decode(&[0xc0]).unwrap();
    assert_eq!(decoder.tape.len(), 2);
    // An input whose tape outgrows the first room: the scan starts over with more.
    let mut decoder = TapeDecoder::new();
    let long_list = encode(&Value::List(vec![Value::Bytes(vec![]); KEEP_TAPE_WORDS / 2])).unwrap();
    let wide = encode(&Value::List(vec![Value::List(vec![]); KEEP_TAPE_WORDS])).unwrap();
    assert_eq!(decoder.decode(&long_list).unwrap().len(), KEEP_TAPE_WORDS + 1);
    let tape = decoder.decode(&wide).unwrap();
    assert_eq!(tape.len(), KEEP_TAPE_WORDS + 1);
    assert_eq!(tape[KEEP_TAPE_WORDS], tape_list(KEEP_TAPE_WORDS as u32));
}

#[test]
fn errors_inside_deep_lists_keep_their_offsets() {
    // Three lists, the innermost holding a non-canonical single byte at offset 3.
    let mut tape = Vec::new();
    assert_eq!(decode_tape(&[0xc4, 0xc3, 0xc2, 0x81, 0x05], &mut tape), Err((Error::RlpNonCanonicalSingleByte, 3)));
    // The innermost list claims 2 bytes but its item claims 3: a payload mismatch at the item.
    assert_eq!(decode_tape(&[0xc4, 0xc3, 0xc2, 0x82, 0x05, 0x06], &mut tape), Err((Error::RlpListPayloadMismatch, 3)));
    // A list that claims more than the input holds.
    assert_eq!(decode_tape(&[0xc1, 0xc5, 0x80], &mut tape), Err((Error::RlpLengthPastInput, 1)));
    // A single byte behind 0x81 that its list cuts off: the length runs past the list (and, read
    // against the whole input, the header is not canonical either, so it is not called a mismatch).
    assert_eq!(decode_tape(&[0xc2, 0xc1, 0x81, 0x05], &mut tape), Err((Error::RlpLengthPastInput, 2)));
    // Long forms inside lists.
    assert_eq!(decode_tape(&[0xc3, 0xb8, 0x00, 0x00], &mut tape), Err((Error::RlpLeadingZeroLength, 1)));
    assert_eq!(decode_tape(&[0xc3, 0xf8, 0x01, 0x80], &mut tape), Err((Error::RlpNonCanonicalLength, 1)));
    // Trailing bytes after a deep item.
    let mut deep = nested(MAX_DEPTH);
    let end = deep.len();
    deep.extend_from_slice(&[0x80]);
    assert_eq!(decode_tape(&deep, &mut tape), Err((Error::RlpTrailingBytes, end)));
    assert!(tape.is_empty());
    // The level past MAX_DEPTH is refused where its header starts: the innermost, empty list.
    let inner = nested(MAX_DEPTH);
    let mut too_deep = Vec::new();
    Header { list: true, payload_length: inner.len() }.encode(&mut too_deep);
    too_deep.extend_from_slice(&inner);
    assert_eq!(decode_tape(&too_deep, &mut tape), Err((Error::RlpDepthExceeded, too_deep.len() - 1)));
    assert!(tape.is_empty());
}

/// The decoder as it was before `scan`, kept as the reference for errors and their offsets: it
/// reads every header with `Header::decode` and tracks the open lists' ends.
fn walk(input: &[u8]) -> Result<(), (Error, usize)> {
    if input.is_empty() {
        return Err((Error::RlpEmptyInput, 0));
    }
    // End offsets of the lists still open, innermost last.
    let mut open: Vec<usize> = Vec::new();
    let mut buf = input;
    let offset = |buf: &[u8]| input.len() - buf.len();
    loop {
        // The innermost open list bounds what the next header may claim.
        let limit = open.last().map_or(input.len(), |&end| end);
        let at = offset(buf);
        let mut window = &buf[..limit - at];
        let header = Header::decode(&mut window).map_err(|e| {
            // A length that runs past an enclosing list (but not past the input) is a list
            // whose items do not add up.
            if e == Error::RlpLengthPastInput && limit < input.len() && fits_input(buf) {
                (Error::RlpListPayloadMismatch, at)
            } else {
                (e, at)
            }
        })?;
        let consumed = (limit - at) - window.len();
        buf = &buf[consumed..];
        let start = offset(buf);
        if header.list {
            if open.len() == MAX_DEPTH {
                return Err((Error::RlpDepthExceeded, at));
            }
            open.push(start + header.payload_length);
        } else {
            buf = &buf[header.payload_length..];
        }
        // Close every list that ends here.
        let here = offset(buf);
        while open.last() == Some(&here) {
            open.pop();
        }
        if open.is_empty() {
            return if buf.is_empty() { Ok(()) } else { Err((Error::RlpTrailingBytes, here)) };
        }
    }
}


/// Every input of up to four bytes drawn from header boundaries: the fast pass gives the same
/// error at the same offset as the reference walk, and what it accepts decodes to a tape that
/// re-encodes.
#[test]
fn scan_and_walk_agree_on_every_short_input() {
    let alphabet = [
        0x00u8, 0x01, 0x37, 0x38, 0x7f, 0x80, 0x81, 0x82, 0x83, 0xb7, 0xb8, 0xb9, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xf7,
        0xf8, 0xf9, 0xff,
    ];
    let mut input = Vec::new();
    let mut tape = Vec::new();
    let mut open = Vec::new();
    for len in 0..=4u32 {
        for mut index in 0..(alphabet.len() as u64).pow(len) {
            input.clear();
            for _ in 0..len {
                input.push(alphabet[(index % alphabet.len() as u64) as usize]);
                index /= alphabet.len() as u64;
            }
            tape.resize(2 * input.len(), 0);
            open.resize(input.len(), Open::default());
            let fast = scan(&input, &mut tape, &mut open).unwrap();
            assert_eq!(fast.map(|_| ()), walk(&input), "input {input:02x?}");
            if let Ok(words) = fast {
                assert_eq!(encode(&value_from_tape(&input, &tape[..words])).unwrap(), input);
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

    /// Valid encodings with one byte changed, cut short or extended: the same error at the same
    /// offset as the reference walk.
    #[test]
    fn scan_and_walk_agree_on_mutated_encodings(
        value in arb_value(),
        at in proptest::prelude::any::<proptest::sample::Index>(),
        byte in proptest::prelude::any::<u8>(),
        how in 0u8..3,
    ) {
        let mut input = encode(&value).unwrap();
        let i = at.index(input.len());
        match how {
            0 => input[i] = byte,
            1 => input.truncate(i),
            _ => input.insert(i, byte),
        }
        let mut tape = vec![0; 2 * input.len()];
        let fast = scan(&input, &mut tape, &mut vec![Open::default(); input.len()]).unwrap();
        proptest::prop_assert_eq!(fast.map(|_| ()), walk(&input));
        if let Ok(words) = fast {
            proptest::prop_assert_eq!(encode(&value_from_tape(&input, &tape[..words])).unwrap(), input);
        }
    }
}

fn arb_value() -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let leaf = prop::collection::vec(any::<u8>(), 0..70).prop_map(Value::Bytes);
    leaf.prop_recursive(8, 64, 5, |inner| prop::collection::vec(inner, 0..5).prop_map(Value::List))
}

#[test]
fn encode_tape_rejects_unbalanced_tapes() {
    let mut out = Vec::new();
    assert_eq!(encode_tape(&[TAPE_LIST_START, 0], &[], &mut out), Err(Error::RlpListPayloadMismatch));
    assert_eq!(encode_tape(&[TAPE_LIST_END, 0], &[], &mut out), Err(Error::RlpListPayloadMismatch));
    assert_eq!(encode_tape(&[2 << 1, 0], &[1], &mut out), Err(Error::RlpListPayloadMismatch));
    assert_eq!(encode_tape(&[0, 0, 0, 0], &[], &mut out), Err(Error::RlpListPayloadMismatch));
}

#[test]
fn integers_are_minimal() {
    let mut out = Vec::new();
    encode_u64(0, &mut out);
    encode_u64(127, &mut out);
    encode_u64(128, &mut out);
    encode_u64(1024, &mut out);
    assert_eq!(out, [0x80, 0x7f, 0x81, 0x80, 0x82, 0x04, 0x00]);
    assert_eq!(u64_length(1024), 3);
}
