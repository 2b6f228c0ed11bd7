//! Any input: parsing never panics, and a parsed transaction serializes back to the same bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use portico_core::tx;

fuzz_target!(|data: &[u8]| {
    if let Ok(transaction) = tx::parse(data) {
        if let Ok(bytes) = tx::serialize(&transaction) {
            assert_eq!(bytes, data);
        }
    }
});
