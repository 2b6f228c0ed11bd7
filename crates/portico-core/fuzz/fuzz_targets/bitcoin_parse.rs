//! Any input: parsing a PSBT, a transaction or an address never panics, and what parses can be
//! described without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use portico_core::bitcoin::{self, address, Network};

fuzz_target!(|data: &[u8]| {
    if let Ok(psbt) = bitcoin::parse_psbt(data) {
        let mine: Vec<&[u8]> = psbt.inputs.iter().filter_map(|i| i.utxo.map(|u| u.script_pubkey)).take(1).collect();
        if let Ok(d) = bitcoin::describe(&psbt, &mine) {
            assert_eq!(d.total_in, d.sent + d.change + d.fee);
        }
    }
    if let Ok(tx) = bitcoin::parse_transaction(data, true) {
        assert!(tx.base_size <= tx.total_size && tx.total_size == data.len());
    }
    if let Ok(text) = core::str::from_utf8(data) {
        if let Ok(a) = address::parse(text) {
            for n in Network::ALL {
                if a.fits(n) {
                    let script = a.script_pubkey();
                    assert!(address::from_script(&script, n).is_some());
                }
            }
        }
    }
});
