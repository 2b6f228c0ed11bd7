//! Bitcoin: PSBT parsing (BIP-174's combined 2-input PSBT), describing, transaction parsing and
//! address checks. `PORTICO_BENCH_QUICK=1` shortens them.
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use portico_core::bitcoin::{self, address, Network};
use portico_core::hex;

fn config() -> Criterion {
    let c = Criterion::default();
    if std::env::var_os("PORTICO_BENCH_QUICK").is_some() {
        c.warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_millis(300)).sample_size(10)
    } else {
        c
    }
}

/// The BIP-174 vector whose case starts with `case`.
fn vector(case: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/bips/bip174.json");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let v = json["vectors"].as_array().unwrap().iter().find(|v| v["case"].as_str().unwrap().starts_with(case)).unwrap();
    hex::decode(v["hex"].as_str().unwrap().as_bytes()).unwrap()
}

fn benches(c: &mut Criterion) {
    let combined = vector("Given both of the above PSBTs, a combiner");
    let psbt = bitcoin::parse_psbt(&combined).expect("the bench PSBT parses");
    let mine: Vec<&[u8]> = psbt.inputs.iter().filter_map(|i| i.utxo.map(|u| u.script_pubkey)).collect();
    c.bench_function("bitcoin parse_psbt (BIP-174 combined, 2 inputs, 2 previous txs)", |b| {
        b.iter(|| bitcoin::parse_psbt(black_box(&combined)).map(|p| p.inputs.len()))
    });
    c.bench_function("bitcoin describe", |b| b.iter(|| bitcoin::describe(black_box(&psbt), &mine).map(|d| d.fee)));
    let extracted = vector("The transaction extracted");
    c.bench_function("bitcoin parse_transaction (segwit, 2 inputs)", |b| b.iter(|| bitcoin::parse_transaction(black_box(&extracted), true).map(|t| t.txid)));
    let texts = [
        "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
        "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
        "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
    ];
    c.bench_function("bitcoin address::check (4 kinds)", |b| {
        b.iter(|| texts.iter().filter(|t| address::check(black_box(t), Network::Mainnet).is_ok()).count())
    });
}

criterion_group! { name = group; config = config(); targets = benches }
criterion_main!(group);
