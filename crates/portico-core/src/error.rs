//! The one error type of the crate.
//!
//! Every variant, its stable code and its text are written once, in the `errors!` list below.
//! Codes are part of the WASM contract: the facade reads the code → name table from the bindings
//! (`error_names`) and maps names to its error classes, and a test checks that it maps every
//! one. Never renumber, only add.
use core::fmt;

macro_rules! errors {
    ($($group:ident { $($(#[doc = $doc:literal])* $variant:ident = $code:literal, $text:literal;)* })*) => {
        /// Everything the core can reject, each with a stable numeric code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[non_exhaustive]
        pub enum Error {
            $($($(#[doc = $doc])* $variant,)*)*
        }

        impl Error {
            /// Every variant, in code order.
            pub const ALL: &'static [Error] = &[$($(Error::$variant,)*)*];

            /// The stable code that crosses the WASM boundary.
            pub const fn code(self) -> u32 {
                match self {
                    $($(Error::$variant => $code,)*)*
                }
            }

            /// The variant's name, which the facade maps to its error class.
            pub const fn name(self) -> &'static str {
                match self {
                    $($(Error::$variant => stringify!($variant),)*)*
                }
            }

            const fn text(self) -> &'static str {
                match self {
                    $($(Error::$variant => $text,)*)*
                }
            }
        }

        /// `(code, name)` of each namespace's errors, one table each, so that a WASM module
        /// exports the names of the errors it can throw and links no other namespace's.
        pub mod error_groups {
            $(
                #[allow(missing_docs)]
                pub const $group: &[(u32, &str)] = &[$(($code, stringify!($variant)),)*];
            )*
        }
    };
}

errors! {
    // The EVM core: RLP, transactions, addresses, CAIP, base58, hex.
    EVM {
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
    }
    SOLANA {
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
    BITCOIN {
    // --- Bitcoin addresses (900..) --------------------------------------------------------
    /// Neither a base58check address nor a bech32 one with a Bitcoin prefix.
    BitcoinAddressUnknownFormat = 900, "Bitcoin address is neither base58check nor bech32 with a known prefix";
    /// A character outside the address's alphabet (base58 or bech32).
    BitcoinAddressInvalidCharacter = 901, "Bitcoin address has a character outside its alphabet";
    /// A bech32 address mixes upper and lower case.
    BitcoinAddressMixedCase = 902, "Bitcoin bech32 address mixes upper and lower case";
    /// The base58check or bech32 checksum does not match.
    BitcoinAddressBadChecksum = 903, "Bitcoin address checksum does not match";
    /// A base58check address with a version byte that is not P2PKH or P2SH on any network.
    BitcoinAddressUnknownVersion = 904, "Bitcoin base58 address has an unknown version byte";
    /// The decoded payload (or the whole text) has the wrong length.
    BitcoinAddressInvalidLength = 905, "Bitcoin address has the wrong length";
    /// A segwit address whose witness version is above 16.
    BitcoinAddressInvalidWitnessVersion = 906, "Bitcoin segwit address has a witness version above 16";
    /// A witness program of the wrong size (2..40 bytes; 20 or 32 for version 0; 32 for taproot).
    BitcoinAddressInvalidProgramLength = 907, "Bitcoin segwit address has a witness program of the wrong length";
    /// Version 0 encoded with bech32m, or version 1 and above with bech32 (BIP-350).
    BitcoinAddressWrongEncoding = 908, "Bitcoin segwit v0 address must use bech32 and v1+ bech32m";
    /// A valid address of another network.
    BitcoinAddressWrongNetwork = 909, "Bitcoin address belongs to another network";
    /// A bech32 address whose data has more than 4 bits of padding, or padding that is not zero.
    BitcoinAddressInvalidPadding = 910, "Bitcoin bech32 address has invalid padding";
    // --- Bitcoin transactions (920..) ------------------------------------------------------
    /// The input ends before the transaction is complete.
    BitcoinTxTruncated = 920, "Bitcoin transaction ends before it is complete";
    /// Bytes follow the end of the transaction.
    BitcoinTxTrailingBytes = 921, "Bitcoin transaction has bytes after its end";
    /// A CompactSize that has a shorter form.
    BitcoinTxNonCanonicalCompactSize = 922, "Bitcoin CompactSize is not in its shortest form";
    /// A count or size above 32 MB (Bitcoin Core's `MAX_SIZE`).
    BitcoinTxTooLarge = 923, "Bitcoin transaction size or count is larger than 32 MB";
    /// A segwit marker followed by a flag other than 1.
    BitcoinTxInvalidSegwitFlag = 924, "Bitcoin transaction has a segwit flag other than 1";
    /// A segwit serialization whose witnesses are all empty.
    BitcoinTxSuperfluousWitness = 925, "Bitcoin transaction has a segwit marker but no witness";
    /// An amount (or a sum of amounts) above 21 million BTC.
    BitcoinTxAmountTooLarge = 926, "Bitcoin amount is larger than 21 million BTC";
    // --- PSBT (940..) ----------------------------------------------------------------------
    /// The input does not start with `psbt` and 0xff.
    BitcoinPsbtInvalidMagic = 940, "PSBT does not start with the magic bytes";
    /// The input ends inside a map.
    BitcoinPsbtTruncated = 941, "PSBT ends before its last map is complete";
    /// Bytes follow the last output map.
    BitcoinPsbtTrailingBytes = 942, "PSBT has bytes after its last map";
    /// A key appears twice in one map (BIP-174 forbids it).
    BitcoinPsbtDuplicateKey = 943, "PSBT map has the same key twice";
    /// A key whose data has the wrong length or form for its type.
    BitcoinPsbtInvalidKey = 944, "PSBT key has the wrong length for its type";
    /// A value whose size or form is wrong for its key type.
    BitcoinPsbtInvalidValue = 945, "PSBT value has the wrong size or form for its type";
    /// `PSBT_GLOBAL_VERSION` other than 0 or 2.
    BitcoinPsbtUnsupportedVersion = 946, "PSBT version is not 0 or 2";
    /// A field the version requires is missing.
    BitcoinPsbtMissingField = 947, "PSBT is missing a field its version requires";
    /// A field the version forbids is present.
    BitcoinPsbtFieldNotAllowed = 948, "PSBT has a field its version does not allow";
    /// The v0 unsigned transaction has a scriptSig or a witness.
    BitcoinPsbtUnsignedTxHasScripts = 949, "PSBT unsigned transaction has a scriptSig or witness";
    /// Fewer or more input or output maps than the transaction has inputs or outputs.
    BitcoinPsbtCountMismatch = 950, "PSBT maps do not match the transaction's input or output count";
    /// A `non_witness_utxo` whose txid is not the input's previous txid.
    BitcoinPsbtUtxoTxidMismatch = 951, "PSBT non-witness UTXO is not the transaction the input spends";
    /// The input spends an output index the `non_witness_utxo` does not have.
    BitcoinPsbtUtxoIndexOutOfRange = 952, "PSBT input spends an output its previous transaction does not have";
    /// `witness_utxo` and the `non_witness_utxo`'s output disagree.
    BitcoinPsbtUtxoMismatch = 953, "PSBT witness UTXO differs from the non-witness UTXO's output";
    /// A required time locktime below 500000000, or a height locktime of 0 or at/above it.
    BitcoinPsbtInvalidLocktime = 954, "PSBT required locktime is out of range for its kind";
    /// Inputs require a height and a time locktime that no single locktime satisfies.
    BitcoinPsbtLocktimeConflict = 955, "PSBT inputs require locktimes of different kinds";
    /// An input has neither `witness_utxo` nor `non_witness_utxo`, so its amount is unknown.
    BitcoinPsbtMissingUtxo = 956, "PSBT input has no UTXO, so its amount is unknown";
    /// The outputs spend more than the inputs bring.
    BitcoinPsbtNegativeFee = 957, "PSBT outputs spend more than its inputs";
    }
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
                9 => "Bitcoin",
                _ => unreachable!(),
            };
            assert!(e.name().starts_with(prefix), "{}", e.name());
        }
    }

    #[test]
    fn the_groups_hold_every_error_once() {
        use super::error_groups::{BITCOIN, EVM, SOLANA};
        let grouped: std::vec::Vec<(u32, &str)> = [EVM, SOLANA, BITCOIN].concat();
        let all: std::vec::Vec<(u32, &str)> = Error::ALL.iter().map(|e| (e.code(), e.name())).collect();
        assert_eq!(grouped, all);
        assert!(EVM.iter().all(|(code, _)| *code < 800));
        assert!(SOLANA.iter().all(|(code, _)| (800..900).contains(code)));
        assert!(BITCOIN.iter().all(|(code, _)| *code >= 900));
    }
}
