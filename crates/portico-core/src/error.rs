//! The one error type of the crate.
//!
//! Every variant, its stable code and its text are written once, in the `errors!` list below.
//! Codes are part of the WASM contract: the facade reads the code → name table from the bindings
//! (`error_names`) and maps names to its error classes, and a test checks that it maps every
//! one. Never renumber, only add.
use core::fmt;

macro_rules! errors {
    ($($(#[doc = $doc:literal])* $variant:ident = $code:literal, $text:literal;)*) => {
        /// Everything the core can reject, each with a stable numeric code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Error {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Error {
            /// Every variant, in code order.
            pub const ALL: &'static [Error] = &[$(Error::$variant),*];

            /// The stable code that crosses the WASM boundary.
            pub const fn code(self) -> u32 {
                match self {
                    $(Error::$variant => $code,)*
                }
            }

            /// The variant's name, which the facade maps to its error class.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Error::$variant => stringify!($variant),)*
                }
            }

            const fn text(self) -> &'static str {
                match self {
                    $(Error::$variant => $text,)*
                }
            }
        }
    };
}

errors! {
    // --- RLP (100..) -----------------------------------------------------------------------
    /// The input holds no bytes at all.
    RlpEmptyInput = 100, "RLP input is empty";
    /// A single byte below 0x80 was wrapped in a string header (`0x81 0x05`).
    RlpNonCanonicalSingleByte = 101, "RLP single byte below 0x80 must not have a string header";
    /// A long-form length starts with a zero byte.
    RlpLeadingZeroLength = 102, "RLP length has leading zero bytes";
    /// A long-form header encodes a length below 56, which has a short form.
    RlpNonCanonicalLength = 103, "RLP long-form length below 56 must use the short form";
    /// A header announces more bytes than the input holds.
    RlpLengthPastInput = 104, "RLP length runs past the end of the input";
    /// The items inside a list do not add up to the list's payload length.
    RlpListPayloadMismatch = 105, "RLP list items do not add up to the list payload length";
    /// Bytes follow the single top-level item.
    RlpTrailingBytes = 106, "RLP input has bytes after the item";
    /// Lists nest deeper than [`crate::rlp::MAX_DEPTH`].
    RlpDepthExceeded = 107, "RLP lists nest deeper than 8192";
    /// A length does not fit in the platform's `usize`.
    RlpLengthOverflow = 108, "RLP length does not fit in memory";
    /// A list was found where a byte string was expected.
    RlpUnexpectedList = 109, "RLP list found where a byte string was expected";
    /// A byte string was found where a list was expected.
    RlpUnexpectedString = 110, "RLP byte string found where a list was expected";
    /// An integer has leading zero bytes (integers are minimal big-endian).
    RlpIntegerLeadingZero = 111, "RLP integer has leading zero bytes";
    /// An integer is wider than its field allows.
    RlpIntegerOverflow = 112, "RLP integer is too large for its field";
    // --- Transactions (200..) --------------------------------------------------------------
    /// `chainId` is zero (or, for typed transactions, missing).
    TxInvalidChainId = 200, "chainId must be a positive integer";
    /// `to` or an access-list address is not 20 bytes.
    TxInvalidAddress = 201, "address must be 20 bytes";
    /// `maxFeePerGas` is above 2^256 − 1.
    TxFeeCapTooHigh = 202, "maxFeePerGas cannot be higher than 2^256-1";
    /// `maxPriorityFeePerGas` is above `maxFeePerGas`.
    TxTipAboveFeeCap = 203, "maxPriorityFeePerGas cannot be higher than maxFeePerGas";
    /// An access-list storage key is not 32 bytes.
    TxInvalidStorageKeySize = 204, "storage key must be 32 bytes";
    /// A legacy `v` that is neither 27/28 nor EIP-155 (`chainId * 2 + 35/36`).
    TxInvalidLegacyV = 205, "legacy v must be 27, 28 or chainId * 2 + 35/36";
    /// A legacy or EIP-2930 transaction carries EIP-1559 fee fields.
    TxFeeFieldsNotAllowed = 206, "legacy and EIP-2930 transactions cannot carry EIP-1559 fees";
    /// An EIP-4844 transaction has no blob versioned hashes.
    TxEmptyBlobHashes = 207, "blob transaction needs at least one blob versioned hash";
    /// A blob versioned hash is not 32 bytes.
    TxInvalidBlobHashSize = 208, "blob versioned hash must be 32 bytes";
    /// A blob versioned hash's first byte is not 0x01.
    TxInvalidBlobHashVersion = 209, "blob versioned hash version must be 0x01";
    /// No transaction type fits the given fields.
    TxCannotInferType = 210, "transaction type cannot be inferred from its fields";
    /// A serialized transaction starts with an unknown type byte.
    TxInvalidSerializedType = 211, "serialized transaction has an unknown type";
    /// A serialized transaction has the wrong number of fields.
    TxInvalidFieldCount = 212, "serialized transaction has the wrong number of fields";
    /// `yParity` is neither 0 nor 1.
    TxInvalidYParity = 213, "yParity must be 0 or 1";
    /// A signature has only some of `r`, `s` and `v`/`yParity`.
    TxIncompleteSignature = 214, "signature needs r, s and v or yParity together";
    /// `gasPrice` is above 2^256 − 1.
    TxGasPriceTooHigh = 215, "gasPrice cannot be higher than 2^256-1";
    /// An EIP-4844 transaction has no `to` (blob transactions cannot create contracts).
    TxMissingTo = 216, "blob transaction needs a recipient";
    /// An access-list entry is not a list of exactly an address and a list of storage keys.
    TxInvalidAccessListEntry = 217, "access-list entry must be [address, [storage keys]]";
    // --- Blobs (300..) ---------------------------------------------------------------------
    /// Data to be put into blobs is empty.
    BlobEmpty = 300, "blob data is empty";
    /// Data to be put into blobs is longer than [`crate::blobs::MAX_BYTES_PER_TRANSACTION`].
    BlobTooLarge = 301, "blob data is larger than 761855 bytes";
    // --- Addresses (400..) -----------------------------------------------------------------
    /// Not an EVM address (40 hex digits, optionally after `0x`).
    AddressInvalid = 400, "address is invalid";
    // --- CAIP (500..) ----------------------------------------------------------------------
    /// Not `namespace:reference` with both parts non-empty.
    CaipInvalidNetworkId = 500, "invalid CAIP-2 network id";
    /// Not `namespace:reference:address` with all parts non-empty and a known namespace.
    CaipInvalidAccountId = 501, "invalid CAIP-10 account id";
    // --- Base58 (600..) --------------------------------------------------------------------
    /// A character outside the Bitcoin base58 alphabet.
    Base58InvalidCharacter = 600, "character is not in the base58 alphabet";
    /// A base58 text or byte string is longer than [`crate::base58::MAX_TEXT_LENGTH`] /
    /// [`crate::base58::MAX_BYTES`].
    Base58TooLong = 601, "base58 input is longer than the limit";
    // --- Hex (700..) -----------------------------------------------------------------------
    /// Not an even number of hex digits.
    HexInvalid = 700, "hex is invalid";
    // --- Solana (800..) --------------------------------------------------------------------
    /// The input ends before the part being read.
    SolanaTruncated = 800, "Solana input ends before the message is complete";
    /// Bytes follow the end of the message.
    SolanaTrailingBytes = 801, "Solana message has bytes after its end";
    /// An instruction names an account (or a program) past the keys it can use.
    SolanaAccountIndexOutOfRange = 802, "Solana instruction account index is out of range";
    /// The header's counts do not fit the account keys, or leave no writable fee payer.
    SolanaInvalidHeader = 803, "Solana message header does not add up";
    /// The transaction (or the message with its signatures) is larger than a packet allows.
    SolanaTooLarge = 804, "Solana transaction is larger than 1232 bytes";
    /// The message loads more accounts than a transaction may lock.
    SolanaTooManyAccounts = 805, "Solana transaction uses more than 64 accounts";
    /// A compact-u16 length has a redundant trailing zero byte.
    SolanaNonCanonicalCompactU16 = 806, "Solana compact-u16 is not in its shortest form";
    /// A compact-u16 length is above 65535.
    SolanaCompactU16Overflow = 807, "Solana compact-u16 is larger than 65535";
    /// A versioned message with a version other than 0.
    SolanaUnsupportedVersion = 808, "Solana message version is not supported";
    /// A transaction's signature count differs from the header's required signatures.
    SolanaSignatureCountMismatch = 809, "Solana signature count differs from the required signatures";
    /// An instruction's program is the fee payer (account 0).
    SolanaProgramIsFeePayer = 810, "Solana instruction program cannot be the fee payer";
    /// An address-table lookup loads no account.
    SolanaEmptyLookup = 811, "Solana address table lookup loads no account";
    /// An account key (or the blockhash) given as text is not 32 bytes of base58.
    SolanaInvalidKey = 812, "Solana account key is not 32 bytes of base58";
    /// The message lists the same account key twice (the runtime's `AccountLoadedTwice`).
    SolanaDuplicateAccountKey = 813, "Solana message lists the same account key twice";
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::Error;

    #[test]
    fn codes_are_unique_and_grouped_by_module() {
        let mut codes: std::vec::Vec<u32> = Error::ALL.iter().map(|e| e.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Error::ALL.len());
        for e in Error::ALL {
            let prefix = match e.code() / 100 {
                1 => "Rlp",
                2 => "Tx",
                3 => "Blob",
                4 => "Address",
                5 => "Caip",
                6 => "Base58",
                7 => "Hex",
                8 => "Solana",
                _ => unreachable!(),
            };
            assert!(e.name().starts_with(prefix), "{}", e.name());
        }
    }
}
