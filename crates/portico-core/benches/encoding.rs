//! keccak-256, EIP-55 and base58 benches. `PORTICO_BENCH_QUICK=1` shortens them (CI).
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use portico_core::{address, base58, keccak};

fn config() -> Criterion {
    let c = Criterion::default();
    if std::env::var_os("PORTICO_BENCH_QUICK").is_some() {
        c.warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_millis(300)).sample_size(10)
    } else {
        c
    }
}

/// Deterministic pseudo-random bytes (xorshift), so every run measures the same data.
fn bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let small = bytes(32, 1);
    c.bench_function("keccak256 32 B", |b| b.iter(|| keccak::keccak256(black_box(&small))));
    let large = bytes(128 * 1024, 2);
    let mut group = c.benchmark_group("keccak256 128 KiB");
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function("keccak256 128 KiB", |b| b.iter(|| keccak::keccak256(black_box(&large))));
    group.finish();

    let addresses: Vec<Vec<u8>> = (0..1000).map(|i| portico_core::hex::encode(&bytes(20, 100 + i))).collect();
    let mut out = [0u8; 42];
    c.bench_function("EIP-55 checksum x1000", |b| {
        b.iter(|| {
            for a in &addresses {
                address::checksum_into(black_box(a), &mut out).unwrap();
            }
        })
    });

    let keys: Vec<Vec<u8>> = (0..1000).map(|i| bytes(32, 5000 + i)).collect();
    let texts: Vec<Vec<u8>> = keys.iter().map(|k| base58::encode(k).unwrap()).collect();
    let mut buffer = Vec::with_capacity(64);
    c.bench_function("base58 encode 32 B x1000", |b| {
        b.iter(|| {
            for k in &keys {
                buffer.clear();
                base58::encode_into(black_box(k), &mut buffer).unwrap();
            }
        })
    });
    c.bench_function("base58 decode 32 B x1000", |b| {
        b.iter(|| {
            for t in &texts {
                buffer.clear();
                base58::decode_into(black_box(t), &mut buffer).unwrap();
            }
        })
    });
}

criterion_group! { name = group; config = config(); targets = benches }
criterion_main!(group);
