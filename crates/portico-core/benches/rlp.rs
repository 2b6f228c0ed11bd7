//! RLP and transaction codec benches. `PORTICO_BENCH_QUICK=1` shortens them (CI).
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use portico_core::rlp::{self, Value};
use portico_core::tx::{self, wire, AccessList, Field, Signature, Transaction, TxType};

fn config() -> Criterion {
    let c = Criterion::default();
    if std::env::var_os("PORTICO_BENCH_QUICK").is_some() {
        c.warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_millis(300)).sample_size(10)
    } else {
        c
    }
}

fn signed_1559<'a>(to: &'a [u8; 20], r: &'a [u8; 32], access_list: &'a [u8]) -> Transaction<'a> {
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
        access_list: Some(AccessList::from_payload(access_list).unwrap()),
        signature: Some(Signature { r, s: r, v: None, y_parity: Some(1) }),
        ..Transaction::default()
    }
}

/// The bench transaction in the layout the facade writes (`tx::wire`): the fields, then the texts.
fn facade_layout() -> Vec<u8> {
    let (mut fields, mut texts) = (Vec::new(), Vec::new());
    let word = |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&(n as u32).to_le_bytes());
    let int = |fields: &mut Vec<u8>, field: Field, value: u64| {
        fields.push(field as u8);
        word(fields, 8);
        fields.extend_from_slice(&value.to_be_bytes());
    };
    let mut text = |fields: &mut Vec<u8>, text: &[u8]| {
        word(fields, text.len());
        texts.extend_from_slice(text);
    };
    let hex_word = |byte: &str| format!("0x{}", byte.repeat(32));
    let to = b"0x3535353535353535353535353535353535353535";
    fields.extend_from_slice(&[Field::Type as u8, 1, 0, 0, 0, 2]);
    int(&mut fields, Field::ChainId, 1);
    int(&mut fields, Field::Nonce, 785);
    int(&mut fields, Field::MaxPriorityFeePerGas, 1_000_000_000);
    int(&mut fields, Field::MaxFeePerGas, 20_000_000_000);
    int(&mut fields, Field::Gas, 21_000);
    fields.push(Field::To as u8);
    text(&mut fields, to);
    int(&mut fields, Field::Value, 1_000_000_000_000_000_000);
    fields.push(Field::Data as u8);
    text(&mut fields, b"0xa9059cbb");
    fields.push(Field::AccessList as u8);
    word(&mut fields, 1);
    text(&mut fields, to);
    word(&mut fields, 1);
    text(&mut fields, hex_word("01").as_bytes());
    fields.push(Field::R as u8);
    text(&mut fields, hex_word("28").as_bytes());
    fields.push(Field::S as u8);
    text(&mut fields, hex_word("28").as_bytes());
    fields.extend_from_slice(&[Field::YParity as u8, 1, 0, 0, 0, 1]);
    let mut input = (4 + fields.len() as u32).to_le_bytes().to_vec();
    input.extend_from_slice(&fields);
    input.extend_from_slice(&texts);
    input
}

fn benches(c: &mut Criterion) {
    let (to, r, key) = ([0x35u8; 20], [0x28u8; 32], [0x01u8; 32]);
    let mut access_list = Vec::new();
    AccessList::encode(&[(&to, &[&key])], &mut access_list);
    let tx = signed_1559(&to, &r, &access_list);
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
    let mut buffer = Vec::new();
    c.bench_function("tx wire read + serialize signed 1559", |b| {
        b.iter(|| {
            let fields = wire::Fields::read(black_box(&layout), &mut buffer).unwrap();
            out.clear();
            tx::serialize_into(&fields.transaction().unwrap(), &mut out).unwrap();
        })
    });
}

criterion_group! { name = group; config = config(); targets = benches }
criterion_main!(group);
