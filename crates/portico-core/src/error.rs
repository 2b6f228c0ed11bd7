//! The one error type of the crate.
//!
//! Codes are part of the WASM contract (`src/core/errors/codes.ts` mirrors them): never renumber,
//! only add.
use core::fmt;

/// Everything the core can reject, each with a stable numeric code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    // --- RLP (100..) -----------------------------------------------------------------------
    /// The input holds no bytes at all.
    RlpEmptyInput,
    /// A single byte below 0x80 was wrapped in a string header (`0x81 0x05`).
    RlpNonCanonicalSingleByte,
    /// A long-form length starts with a zero byte.
    RlpLeadingZeroLength,
    /// A long-form header encodes a length below 56, which has a short form.
    RlpNonCanonicalLength,
    /// A header announces more bytes than the input holds.
    RlpLengthPastInput,
    /// The items inside a list do not add up to the list's payload length.
    RlpListPayloadMismatch,
    /// Bytes follow the single top-level item.
    RlpTrailingBytes,
    /// Lists nest deeper than [`crate::rlp::MAX_DEPTH`].
    RlpDepthExceeded,
    /// A length does not fit in the platform's `usize`.
    RlpLengthOverflow,
    /// A list was found where a byte string was expected.
    RlpUnexpectedList,
    /// A byte string was found where a list was expected.
    RlpUnexpectedString,
    /// An integer has leading zero bytes (integers are minimal big-endian).
    RlpIntegerLeadingZero,
    /// An integer is wider than its field allows.
    RlpIntegerOverflow,

    // --- Transactions (200..) --------------------------------------------------------------
    /// `chainId` is zero (or, for typed transactions, missing).
    TxInvalidChainId,
    /// `to` or an access-list address is not 20 bytes.
    TxInvalidAddress,
    /// `maxFeePerGas` is above 2^256 − 1.
    TxFeeCapTooHigh,
    /// `maxPriorityFeePerGas` is above `maxFeePerGas`.
    TxTipAboveFeeCap,
    /// An access-list storage key is not 32 bytes.
    TxInvalidStorageKeySize,
    /// A legacy `v` that is neither 27/28 nor EIP-155 (`chainId * 2 + 35/36`).
    TxInvalidLegacyV,
    /// A legacy or EIP-2930 transaction carries EIP-1559 fee fields.
    TxFeeFieldsNotAllowed,
    /// An EIP-4844 transaction has no blob versioned hashes.
    TxEmptyBlobHashes,
    /// A blob versioned hash is not 32 bytes.
    TxInvalidBlobHashSize,
    /// A blob versioned hash's first byte is not 0x01.
    TxInvalidBlobHashVersion,
    /// No transaction type fits the given fields.
    TxCannotInferType,
    /// A serialized transaction starts with an unknown type byte.
    TxInvalidSerializedType,
    /// A serialized transaction has the wrong number of fields.
    TxInvalidFieldCount,
    /// `yParity` is neither 0 nor 1.
    TxInvalidYParity,
    /// A signature has only some of `r`, `s` and `v`/`yParity`.
    TxIncompleteSignature,
    /// `gasPrice` is above 2^256 − 1.
    TxGasPriceTooHigh,
    /// An EIP-4844 transaction has no `to` (blob transactions cannot create contracts).
    TxMissingTo,

    // --- Blobs (300..) ---------------------------------------------------------------------
    /// Data to be put into blobs is empty.
    BlobEmpty,
    /// Data to be put into blobs is longer than [`crate::blobs::MAX_BYTES_PER_TRANSACTION`].
    BlobTooLarge,

    // --- Addresses (400..) -----------------------------------------------------------------
    /// Not an EVM address (40 hex digits, optionally after `0x`).
    AddressInvalid,

    // --- CAIP (500..) ----------------------------------------------------------------------
    /// Not `namespace:reference` with both parts non-empty.
    CaipInvalidNetworkId,
    /// Not `namespace:reference:address` with all parts non-empty and a known namespace.
    CaipInvalidAccountId,

    // --- Base58 (600..) --------------------------------------------------------------------
    /// A character outside the Bitcoin base58 alphabet.
    Base58InvalidCharacter,

    // --- Hex (700..) -----------------------------------------------------------------------
    /// Not an even number of hex digits.
    HexInvalid,
}

impl Error {
    /// The stable code that crosses the WASM boundary.
    pub const fn code(self) -> u32 {
        match self {
            Error::RlpEmptyInput => 100,
            Error::RlpNonCanonicalSingleByte => 101,
            Error::RlpLeadingZeroLength => 102,
            Error::RlpNonCanonicalLength => 103,
            Error::RlpLengthPastInput => 104,
            Error::RlpListPayloadMismatch => 105,
            Error::RlpTrailingBytes => 106,
            Error::RlpDepthExceeded => 107,
            Error::RlpLengthOverflow => 108,
            Error::RlpUnexpectedList => 109,
            Error::RlpUnexpectedString => 110,
            Error::RlpIntegerLeadingZero => 111,
            Error::RlpIntegerOverflow => 112,
            Error::TxInvalidChainId => 200,
            Error::TxInvalidAddress => 201,
            Error::TxFeeCapTooHigh => 202,
            Error::TxTipAboveFeeCap => 203,
            Error::TxInvalidStorageKeySize => 204,
            Error::TxInvalidLegacyV => 205,
            Error::TxFeeFieldsNotAllowed => 206,
            Error::TxEmptyBlobHashes => 207,
            Error::TxInvalidBlobHashSize => 208,
            Error::TxInvalidBlobHashVersion => 209,
            Error::TxCannotInferType => 210,
            Error::TxInvalidSerializedType => 211,
            Error::TxInvalidFieldCount => 212,
            Error::TxInvalidYParity => 213,
            Error::TxIncompleteSignature => 214,
            Error::TxGasPriceTooHigh => 215,
            Error::TxMissingTo => 216,
            Error::BlobEmpty => 300,
            Error::BlobTooLarge => 301,
            Error::AddressInvalid => 400,
            Error::CaipInvalidNetworkId => 500,
            Error::CaipInvalidAccountId => 501,
            Error::Base58InvalidCharacter => 600,
            Error::HexInvalid => 700,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Error::RlpEmptyInput => "RLP input is empty",
            Error::RlpNonCanonicalSingleByte => "RLP single byte below 0x80 must not have a string header",
            Error::RlpLeadingZeroLength => "RLP length has leading zero bytes",
            Error::RlpNonCanonicalLength => "RLP long-form length below 56 must use the short form",
            Error::RlpLengthPastInput => "RLP length runs past the end of the input",
            Error::RlpListPayloadMismatch => "RLP list items do not add up to the list payload length",
            Error::RlpTrailingBytes => "RLP input has bytes after the item",
            Error::RlpDepthExceeded => "RLP lists nest deeper than 8192",
            Error::RlpLengthOverflow => "RLP length does not fit in memory",
            Error::RlpUnexpectedList => "RLP list found where a byte string was expected",
            Error::RlpUnexpectedString => "RLP byte string found where a list was expected",
            Error::RlpIntegerLeadingZero => "RLP integer has leading zero bytes",
            Error::RlpIntegerOverflow => "RLP integer is too large for its field",
            Error::TxInvalidChainId => "chainId must be a positive integer",
            Error::TxInvalidAddress => "address must be 20 bytes",
            Error::TxFeeCapTooHigh => "maxFeePerGas cannot be higher than 2^256-1",
            Error::TxTipAboveFeeCap => "maxPriorityFeePerGas cannot be higher than maxFeePerGas",
            Error::TxInvalidStorageKeySize => "storage key must be 32 bytes",
            Error::TxInvalidLegacyV => "legacy v must be 27, 28 or chainId * 2 + 35/36",
            Error::TxFeeFieldsNotAllowed => "legacy and EIP-2930 transactions cannot carry EIP-1559 fees",
            Error::TxEmptyBlobHashes => "blob transaction needs at least one blob versioned hash",
            Error::TxInvalidBlobHashSize => "blob versioned hash must be 32 bytes",
            Error::TxInvalidBlobHashVersion => "blob versioned hash version must be 0x01",
            Error::TxCannotInferType => "transaction type cannot be inferred from its fields",
            Error::TxInvalidSerializedType => "serialized transaction has an unknown type",
            Error::TxInvalidFieldCount => "serialized transaction has the wrong number of fields",
            Error::TxInvalidYParity => "yParity must be 0 or 1",
            Error::TxIncompleteSignature => "signature needs r, s and v or yParity together",
            Error::TxGasPriceTooHigh => "gasPrice cannot be higher than 2^256-1",
            Error::TxMissingTo => "blob transaction needs a recipient",
            Error::BlobEmpty => "blob data is empty",
            Error::BlobTooLarge => "blob data is larger than 761855 bytes",
            Error::AddressInvalid => "address is invalid",
            Error::CaipInvalidNetworkId => "invalid CAIP-2 network id",
            Error::CaipInvalidAccountId => "invalid CAIP-10 account id",
            Error::Base58InvalidCharacter => "character is not in the base58 alphabet",
            Error::HexInvalid => "hex is invalid",
        };
        f.write_str(text)
    }
}
