//! The scratch-buffer boundary, defined once and linked into every Portico WASM module
//! (`portico-wasm-evm`, `portico-wasm-solana`, …). Each module is its own instance with its own
//! memory, so each has its own copy of these buffers; the facade (`src/core/scratch.ts`) reads
//! them through the exports below, which every module therefore has under the same names.
//!
//! Hot calls on small inputs (an RLP item, a 32-byte hash, a transaction's layout) spend most of
//! their time in the allocation and copies that passing a `&[u8]` and returning a `Vec` cost.
//! Instead, the facade writes the input straight into [`INPUT`] (through a view of WASM memory at
//! `scratch_input`'s pointer) and reads results from [`TAPE`] / [`OUTPUT`] right after the call,
//! copying them out.
//!
//! A failure throws the error's code (a number) and leaves its context in the failure scratch
//! buffer (see [`scratch_failure`]), which the facade reads right after the throw.
//!
//! A binding crate for a new namespace (`crates/portico-wasm-<namespace>`, a `cdylib`) depends on
//! this crate and `use`s what it needs from it; linking it is what gives the module these
//! exports. A module with large scratch buffers of its own registers their release with
//! [`on_release`] from its `#[wasm_bindgen(start)]` function.
#![forbid(unsafe_code)]

use std::cell::{Cell, RefCell};

use portico_core::Error;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The input the facade writes before a `*_scratch` call.
    pub static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// `u32` results: lengths, offsets, a layout.
    pub static TAPE: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// Byte or text results.
    pub static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static FAILURE: RefCell<[u32; 5]> = const { RefCell::new([0; 5]) };
    static RELEASE: Cell<Option<fn()>> = const { Cell::new(None) };
}

/// Scratch buffers above this size are dropped at the next small call, so one large input does
/// not keep its buffers for the life of the page (the WASM memory itself cannot shrink; the
/// freed space is reused by later calls).
pub const KEEP_BYTES: usize = 1 << 20;

/// Registers the function that releases a module's own large scratch buffers, called with the
/// shared ones' release (a module registers it once, from its first call that fills them).
pub fn on_release(release: fn()) {
    RELEASE.set(Some(release));
}

/// Drops `buffer`'s allocation when it is over [`KEEP_BYTES`].
pub fn shrink(buffer: &mut Vec<u8>) {
    if buffer.capacity() > KEEP_BYTES {
        *buffer = Vec::new();
    }
}

fn release_large_buffers() {
    INPUT.with_borrow_mut(shrink);
    OUTPUT.with_borrow_mut(shrink);
    TAPE.with_borrow_mut(|b| {
        if b.capacity() * 4 > KEEP_BYTES {
            *b = Vec::new();
        }
    });
    if let Some(release) = RELEASE.get() {
        release();
    }
}

/// Makes the input scratch buffer `len` bytes long (keeping what it holds) and returns where it
/// starts; the caller writes the input there before the next call. A small `len` first releases
/// buffers a large call left behind (the caller asks for its first size before writing anything).
#[wasm_bindgen]
pub fn scratch_input(len: usize) -> *mut u8 {
    if len <= KEEP_BYTES {
        release_large_buffers();
    }
    INPUT.with_borrow_mut(|input| {
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Where the bytes written by the last call that has an output start.
#[wasm_bindgen]
pub fn scratch_output() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}

/// Where the `u32`s written by the last call with a tape start.
#[wasm_bindgen]
pub fn scratch_tape() -> *const u32 {
    TAPE.with_borrow(|tape| tape.as_ptr())
}

/// Where the context of the last failure starts: five `u32`s, `[code, field, item, at, len]`.
/// `field` is a transaction field's index (or a Solana message part); `item` the index in a list
/// (an access-list entry, a batch's value); `at`/`len` a byte range in the input (an RLP offset,
/// a base58 character's position, the offending value of a parsed transaction).
#[wasm_bindgen]
pub fn scratch_failure() -> *const u32 {
    FAILURE.with_borrow(|failure| failure.as_ptr())
}

/// Records a failure's context and returns the value to throw: its code.
pub fn fail(error: Error, field: u32, item: u32, at: u32, len: u32) -> JsValue {
    FAILURE.with_borrow_mut(|failure| *failure = [error.code(), field, item, at, len]);
    JsValue::from_f64(error.code() as f64)
}

/// `code:Name` for every error of `groups` (`portico_core::error::error_groups`), comma-separated:
/// each module exports this for the namespaces whose errors it can throw, so no module carries
/// the names of another's. (Built by hand: `format!` would pull the formatting machinery into the
/// module.)
pub fn error_names(groups: &[&[(u32, &str)]]) -> String {
    let mut out = String::new();
    for &(code, name) in groups.iter().flat_map(|group| group.iter()) {
        if !out.is_empty() {
            out.push(',');
        }
        for digit in [code / 100, code / 10 % 10, code % 10] {
            out.push(char::from(b'0' + digit as u8));
        }
        out.push(':');
        out.push_str(name);
    }
    out
}

/// Runs `write` with the cleared output and tape buffers, putting the text's length first on the
/// tape; returns the tape's length.
pub fn with_tape(write: impl FnOnce(&mut Vec<u8>, &mut Vec<u32>)) -> u32 {
    OUTPUT.with_borrow_mut(|text| {
        TAPE.with_borrow_mut(|tape| {
            text.clear();
            tape.clear();
            tape.push(0);
            write(text, tape);
            tape[0] = text.len() as u32;
            tape.len() as u32
        })
    })
}
