//! What an instruction does, for the few a send preview shows: the System Program's transfer and
//! the SPL Token programs' `Transfer` and `TransferChecked`. Anything else is [`Described::Unknown`].
//!
//! The data is read as the programs read it: a little-endian tag, then the fields; bytes after the
//! fields are ignored, as the programs ignore them. Accounts are given as indexes into the
//! message's account list. An account that comes from an address table (an index past the
//! message's own keys) cannot be named without the table, so such an instruction is `Unknown`.
use super::{Instruction, Message, KEY_BYTES};

/// The System Program: 32 zero bytes (`11111111111111111111111111111111`).
pub const SYSTEM_PROGRAM: [u8; KEY_BYTES] = [0; KEY_BYTES];
/// SPL Token (`TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA`).
pub const TOKEN_PROGRAM: [u8; KEY_BYTES] = [
    0x06, 0xdd, 0xf6, 0xe1, 0xd7, 0x65, 0xa1, 0x93, 0xd9, 0xcb, 0xe1, 0x46, 0xce, 0xeb, 0x79, 0xac, 0x1c, 0xb4, 0x85, 0xed, 0x5f, 0x5b,
    0x37, 0x91, 0x3a, 0x8c, 0xf5, 0x85, 0x7e, 0xff, 0x00, 0xa9,
];
/// SPL Token-2022 (`TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb`): the same two instructions, the
/// same layout.
pub const TOKEN_2022_PROGRAM: [u8; KEY_BYTES] = [
    0x06, 0xdd, 0xf6, 0xe1, 0xee, 0x75, 0x8f, 0xde, 0x18, 0x42, 0x5d, 0xbc, 0xe4, 0x6c, 0xcd, 0xda, 0xb6, 0x1a, 0xfc, 0x4d, 0x83, 0xb9,
    0x0d, 0x27, 0xfe, 0xbd, 0xf9, 0x28, 0xd8, 0xa1, 0x8b, 0xfc,
];

/// `SystemInstruction::Transfer`: a `u32` tag.
const SYSTEM_TRANSFER: u32 = 2;
/// `TokenInstruction::Transfer` and `TransferChecked`: a `u8` tag.
const TOKEN_TRANSFER: u8 = 3;
const TOKEN_TRANSFER_CHECKED: u8 = 12;

/// An instruction in readable fields; accounts are indexes into the message's accounts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Described {
    SystemTransfer { from: u8, to: u8, lamports: u64 },
    SplTransfer { source: u8, destination: u8, authority: u8, amount: u64 },
    SplTransferChecked { source: u8, mint: u8, destination: u8, authority: u8, amount: u64, decimals: u8 },
    Unknown,
}

fn u64_at(data: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(*data.get(at..)?.first_chunk::<8>()?))
}

/// Describes `instruction` of `message`.
///
/// ```
/// use portico_core::solana::{describe, parse_message, Described};
/// let mut message = vec![1, 0, 1, 3];
/// message.extend_from_slice(&[7; 32]); // from (the fee payer)
/// message.extend_from_slice(&[8; 32]); // to
/// message.extend_from_slice(&[0; 32]); // the System Program
/// message.extend_from_slice(&[9; 32]); // recent blockhash
/// message.extend_from_slice(&[1, 2, 2, 0, 1, 12, 2, 0, 0, 0]);
/// message.extend_from_slice(&1_000_000u64.to_le_bytes());
/// let parsed = parse_message(&message).unwrap();
/// assert_eq!(describe(&parsed, &parsed.instructions[0]), Described::SystemTransfer { from: 0, to: 1, lamports: 1_000_000 });
/// ```
pub fn describe(message: &Message<'_>, instruction: &Instruction<'_>) -> Described {
    let Some(program) = message.account_keys.get(instruction.program_id_index as usize) else { return Described::Unknown };
    let keys = message.account_keys.len();
    // The accounts the layout names, each one of the message's own keys.
    let accounts = |n: usize| -> Option<&[u8]> {
        let named = instruction.accounts.get(..n)?;
        named.iter().all(|&a| (a as usize) < keys).then_some(named)
    };
    let data = instruction.data;
    let described = if *program == SYSTEM_PROGRAM {
        match (data.first_chunk::<4>().map(|t| u32::from_le_bytes(*t)), accounts(2)) {
            (Some(SYSTEM_TRANSFER), Some(&[from, to])) => {
                u64_at(data, 4).map(|lamports| Described::SystemTransfer { from, to, lamports })
            }
            _ => None,
        }
    } else if *program == TOKEN_PROGRAM || *program == TOKEN_2022_PROGRAM {
        match data.first() {
            Some(&TOKEN_TRANSFER) => match accounts(3) {
                Some(&[source, destination, authority]) => {
                    u64_at(data, 1).map(|amount| Described::SplTransfer { source, destination, authority, amount })
                }
                _ => None,
            },
            Some(&TOKEN_TRANSFER_CHECKED) => match (accounts(4), data.get(9)) {
                (Some(&[source, mint, destination, authority]), Some(&decimals)) => u64_at(data, 1)
                    .map(|amount| Described::SplTransferChecked { source, mint, destination, authority, amount, decimals }),
                _ => None,
            },
            _ => None,
        }
    } else {
        None
    };
    described.unwrap_or(Described::Unknown)
}
