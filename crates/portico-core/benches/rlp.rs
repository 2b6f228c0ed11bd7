//! RLP and transaction codec benches. `PORTICO_BENCH_QUICK=1` shortens them (CI).
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use portico_core::rlp::{self, Value};
use portico_core::tx::{self, wire, AccessListItem, Field, Signature, Transaction, TxType};

fn config() -> Criterion {
    let c = Criterion::default();
    if std::env::var_os("PORTICO_BENCH_QUICK").is_some() {
        c.warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_millis(300)).sample_size(10)
    } else {
        c
    }
}

fn signed_1559<'a>(to: &'a [u8; 20], r: &'a [u8; 32], key: &'a [u8; 32]) -> Transaction<'a> {
    Transaction {
        tx_type: TxType::Eip1559,
        chain_id: Some(1),
        nonce: 785,
        max_priority_fee_per_gas: Some(&[0x3b, 0x9a, 0xca, 0x00]),
        max_fee_per_gas: Some(&[0x04, 0xa8, 0x17, 0xc8, 0x00]),
        gas: Some(&[0x52, 0x08]),
        to: Some(to),
        value: Some(&[0x0d, 0xe0, 0xb6, 0xb3, 0xa7, 0x64, 0x00, 0x00]),
        data: &[0xa9, 0x05, 0x9c, 0xbb],
        access_list: Some(vec![AccessListItem { address: to, storage_keys: vec![key] }]),
        signature: Some(Signature { r, s: r, v: None, y_parity: Some(1) }),
        ..Transaction::default()
    }
}

/// The bench transaction in the layout the facade writes (`tx::wire`).
fn facade_layout() -> Vec<u8> {
    let mut input = Vec::new();
    let put = |input: &mut Vec<u8>, field: Field, bytes: &[u8]| {
        input.push(field as u8);
        input.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        input.extend_from_slice(bytes);
    };
    let word = |byte: &str| format!("0x{}", byte.repeat(32));
    let to = b"0x3535353535353535353535353535353535353535";
    put(&mut input, Field::Type, &[2]);
    put(&mut input, Field::ChainId, &1u64.to_be_bytes());
    put(&mut input, Field::Nonce, &785u64.to_be_bytes());
    put(&mut input, Field::MaxPriorityFeePerGas, &1_000_000_000u64.to_be_bytes());
    put(&mut input, Field::MaxFeePerGas, &20_000_000_000u64.to_be_bytes());
    put(&mut input, Field::Gas, &21_000u64.to_be_bytes());
    put(&mut input, Field::To, to);
    put(&mut input, Field::Value, &1_000_000_000_000_000_000u64.to_be_bytes());
    put(&mut input, Field::Data, b"0xa9059cbb");
    input.push(Field::AccessList as u8);
    input.extend_from_slice(&1u32.to_le_bytes());
    input.extend_from_slice(&(to.len() as u32).to_le_bytes());
    input.extend_from_slice(to);
    input.extend_from_slice(&1u32.to_le_bytes());
    let key = word("01");
    input.extend_from_slice(&(key.len() as u32).to_le_bytes());
    input.extend_from_slice(key.as_bytes());
    put(&mut input, Field::R, word("28").as_bytes());
    put(&mut input, Field::S, word("28").as_bytes());
    put(&mut input, Field::YParity, &[1]);
    input
}

fn benches(c: &mut Criterion) {
    let (to, r, key) = ([0x35u8; 20], [0x28u8; 32], [0x01u8; 32]);
    let tx = signed_1559(&to, &r, &key);
    let serialized = tx::serialize(&tx).unwrap();
    // As the WASM bindings do: one decoder, whose stack of open lists is kept between calls.
    let mut decoder = rlp::TapeDecoder::new();

    c.bench_function("rlp decode_tape signed 1559 tx", |b| {
        b.iter(|| {
            black_box(decoder.decode(black_box(&serialized[1..])).unwrap());
        })
    });

    let deep = rlp::encode(&(0..999).fold(Value::List(vec![]), |inner, _| Value::List(vec![inner]))).unwrap();
    c.bench_function("rlp decode_tape 1000-deep", |b| {
        b.iter(|| {
            black_box(decoder.decode(black_box(&deep)).unwrap());
        })
    });

    let mut out = Vec::with_capacity(256);
    c.bench_function("tx serialize signed 1559 (validated)", |b| {
        b.iter(|| {
            out.clear();
            tx::serialize_into(black_box(&tx), &mut out).unwrap();
        })
    });
    c.bench_function("tx parse signed 1559", |b| b.iter(|| tx::parse(black_box(&serialized)).unwrap()));

    // What `Transaction.serialize` does in WASM: read the facade's layout, then serialize.
    let layout = facade_layout();
    c.bench_function("tx wire read + serialize signed 1559", |b| {
        b.iter(|| {
            let fields = wire::Fields::read(black_box(&layout)).unwrap();
            out.clear();
            tx::serialize_into(&fields.transaction().unwrap(), &mut out).unwrap();
        })
    });
}

criterion_group! { name = group; config = config(); targets = benches }
criterion_main!(group);
