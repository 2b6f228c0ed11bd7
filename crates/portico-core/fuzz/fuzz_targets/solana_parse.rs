//! Any input: parsing a Solana message or transaction never panics, and what parses serializes
//! back to exactly its bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use portico_core::solana;

fuzz_target!(|data: &[u8]| {
    if let Ok(message) = solana::parse_message(data) {
        assert_eq!(solana::serialize_message(&message), data);
    }
    if let Ok(tx) = solana::parse_transaction(data) {
        let start = data.len() - solana::serialize_message(&tx.message).len();
        assert_eq!(solana::serialize_message(&tx.message), &data[start..]);
        assert_eq!(&data[start - tx.signatures.len()..start], tx.signatures);
    }
});
