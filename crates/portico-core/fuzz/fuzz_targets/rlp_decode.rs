//! Any input: decoding never panics, and whatever decodes re-encodes to the same bytes
//! (canonical form is unique).
#![no_main]
use libfuzzer_sys::fuzz_target;
use portico_core::rlp;

fuzz_target!(|data: &[u8]| {
    if let Ok(value) = rlp::decode(data) {
        assert_eq!(rlp::encode(&value).expect("a decoded value encodes"), data);
    }
});
