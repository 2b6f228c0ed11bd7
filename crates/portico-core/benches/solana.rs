//! Solana message parsing and the ed25519 point check. `PORTICO_BENCH_QUICK=1` shortens them.
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use portico_core::solana::{self, wire, TOKEN_PROGRAM};
use portico_core::{ed25519, solana::encode_compact_u16};

fn config() -> Criterion {
    let c = Criterion::default();
    if std::env::var_os("PORTICO_BENCH_QUICK").is_some() {
        c.warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_millis(300)).sample_size(10)
    } else {
        c
    }
}

/// A signed v0 token send: payer, two token accounts, mint, Token program, Compute Budget,
/// System Program; a compute-unit limit, a transferChecked and a SOL transfer to a looked-up key.
fn token_send() -> Vec<u8> {
    let mut m = vec![0x80, 1, 0, 4, 7];
    for key in [[1u8; 32], [2; 32], [3; 32], [4; 32], TOKEN_PROGRAM, [5; 32], [0; 32]] {
        m.extend_from_slice(&key);
    }
    m.extend_from_slice(&[9; 32]);
    m.push(3);
    m.extend_from_slice(&[5, 0, 5, 2, 0x40, 0x0d, 0x03, 0x00]);
    m.extend_from_slice(&[4, 4, 1, 3, 2, 0, 10, 12]);
    m.extend_from_slice(&5_000_000u64.to_le_bytes());
    m.push(6);
    m.extend_from_slice(&[6, 2, 0, 7, 12, 2, 0, 0, 0]);
    m.extend_from_slice(&1u64.to_le_bytes());
    m.push(1);
    m.extend_from_slice(&[6; 32]);
    m.extend_from_slice(&[1, 0, 0]);
    let mut tx = Vec::new();
    encode_compact_u16(1, &mut tx);
    tx.extend_from_slice(&[0xab; 64]);
    tx.extend_from_slice(&m);
    tx
}

fn benches(c: &mut Criterion) {
    let tx = token_send();
    let message = &tx[65..];
    solana::parse_transaction(&tx).expect("the bench transaction parses");
    c.bench_function("solana parse_transaction v0 token send", |b| b.iter(|| solana::parse_transaction(black_box(&tx)).map(|t| t.message.instructions.len())));
    c.bench_function("solana parse_message + wire (what the WASM call does)", |b| {
        let (mut text, mut tape) = (Vec::with_capacity(512), Vec::with_capacity(128));
        b.iter(|| {
            text.clear();
            tape.clear();
            let m = solana::parse_message(black_box(message)).unwrap();
            wire::write_message(&m, message, &mut text, &mut tape);
            tape.len()
        })
    });
    let parsed = solana::parse_message(message).unwrap();
    c.bench_function("solana describe 3 instructions", |b| {
        b.iter(|| parsed.instructions.iter().map(|ix| solana::describe(black_box(&parsed), ix)).filter(|d| *d != solana::Described::Unknown).count())
    });
    let wallet: [u8; 32] = [
        0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe, 0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6,
        0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a,
    ];
    c.bench_function("ed25519 is_on_curve", |b| b.iter(|| ed25519::is_on_curve(black_box(&wallet))));
}

criterion_group! { name = group; config = config(); targets = benches }
criterion_main!(group);
