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
    let mut tape = Vec::new();
    decode_tape(&encoded, &mut tape).unwrap();
    let mut again = Vec::new();
    encode_tape(&tape, &encoded, &mut again).unwrap();
    assert_eq!(again, encoded);
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
