//! Bitcoin addresses: P2PKH and P2SH (base58check), P2WPKH and P2WSH (bech32), P2TR and later
//! witness versions (bech32m), each checked for its network, and turned into (or read back from)
//! the output script they stand for.
use alloc::string::String;
use alloc::vec::Vec;

use super::{bech32, hash::sha256d, Network};
use crate::{base58, Error};

/// What an address pays to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    P2pkh = 0,
    P2sh = 1,
    P2wpkh = 2,
    P2wsh = 3,
    P2tr = 4,
    /// Witness version 2..16, or version 1 with a program that is not 32 bytes (BIP-350 keeps
    /// those spendable by anyone until a soft fork gives them meaning).
    WitnessUnknown = 5,
}

/// Which networks an address's encoding fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Family {
    /// `1…`, `3…`, `bc1…`.
    Mainnet = 0,
    /// `m…`/`n…`, `2…` (testnet, signet and regtest) or `tb1…` (testnet and signet).
    Test = 1,
    /// `bcrt1…`.
    Regtest = 2,
}

/// A parsed address: its kind, the network family of its encoding, its witness version (0 for
/// base58 addresses) and its hash or witness program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub kind: Kind,
    pub family: Family,
    /// True for base58check addresses, which testnet, signet and regtest share.
    pub base58: bool,
    pub witness_version: u8,
    pub program: Vec<u8>,
}

impl Address {
    /// Whether the address may be used on `network`.
    pub fn fits(&self, network: Network) -> bool {
        match (self.family, network) {
            (Family::Mainnet, Network::Mainnet) => true,
            (Family::Test, Network::Testnet | Network::Signet) => true,
            (Family::Test, Network::Regtest) => self.base58,
            (Family::Regtest, Network::Regtest) => true,
            _ => false,
        }
    }

    /// The output script (scriptPubKey) the address stands for.
    pub fn script_pubkey(&self) -> Vec<u8> {
        let p = &self.program;
        let mut s = Vec::with_capacity(p.len() + 5);
        match self.kind {
            Kind::P2pkh => {
                s.extend_from_slice(&[0x76, 0xa9, 0x14]);
                s.extend_from_slice(p);
                s.extend_from_slice(&[0x88, 0xac]);
            }
            Kind::P2sh => {
                s.extend_from_slice(&[0xa9, 0x14]);
                s.extend_from_slice(p);
                s.push(0x87);
            }
            _ => {
                s.push(if self.witness_version == 0 { 0 } else { 0x50 + self.witness_version });
                s.push(p.len() as u8);
                s.extend_from_slice(p);
            }
        }
        s
    }
}

/// Parses `text` as an address of any network.
pub fn parse(text: &str) -> Result<Address, Error> {
    let b = text.as_bytes();
    let lower_prefix = |p: &str| b.len() > p.len() && b[..p.len()].eq_ignore_ascii_case(p.as_bytes()) && b[p.len()] == b'1';
    if lower_prefix("bc") || lower_prefix("tb") || lower_prefix("bcrt") {
        return parse_segwit(text);
    }
    parse_base58(text)
}

/// Parses `text` and checks that it is an address of `network`.
///
/// ```
/// use portico_core::bitcoin::{address, Network};
/// use portico_core::Error;
/// assert_eq!(address::check("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network::Testnet), Err(Error::BitcoinAddressWrongNetwork));
/// ```
pub fn check(text: &str, network: Network) -> Result<Address, Error> {
    let address = parse(text)?;
    if !address.fits(network) {
        return Err(Error::BitcoinAddressWrongNetwork);
    }
    Ok(address)
}

fn parse_base58(text: &str) -> Result<Address, Error> {
    // The longest valid text is 35 characters; a longer one cannot be 25 bytes.
    if text.is_empty() || text.len() > 40 {
        return Err(if base58::first_invalid_character(text.as_bytes()).is_some() {
            Error::BitcoinAddressUnknownFormat
        } else {
            Error::BitcoinAddressInvalidLength
        });
    }
    if base58::first_invalid_character(text.as_bytes()).is_some() {
        return Err(Error::BitcoinAddressInvalidCharacter);
    }
    let bytes = base58::decode(text.as_bytes()).map_err(|_| Error::BitcoinAddressInvalidCharacter)?;
    if bytes.len() != 25 {
        return Err(Error::BitcoinAddressInvalidLength);
    }
    let (payload, checksum) = bytes.split_at(21);
    if sha256d(&[payload])[..4] != *checksum {
        return Err(Error::BitcoinAddressBadChecksum);
    }
    let (kind, family) = match payload[0] {
        0x00 => (Kind::P2pkh, Family::Mainnet),
        0x05 => (Kind::P2sh, Family::Mainnet),
        0x6f => (Kind::P2pkh, Family::Test),
        0xc4 => (Kind::P2sh, Family::Test),
        _ => return Err(Error::BitcoinAddressUnknownVersion),
    };
    Ok(Address { kind, family, base58: true, witness_version: 0, program: payload[1..].to_vec() })
}

fn parse_segwit(text: &str) -> Result<Address, Error> {
    let decoded = bech32::decode(text)?;
    let family = match decoded.hrp.to_ascii_lowercase().as_str() {
        "bc" => Family::Mainnet,
        "tb" => Family::Test,
        "bcrt" => Family::Regtest,
        _ => return Err(Error::BitcoinAddressUnknownFormat),
    };
    let (&version, groups) = decoded.data.split_first().ok_or(Error::BitcoinAddressInvalidLength)?;
    if version > 16 {
        return Err(Error::BitcoinAddressInvalidWitnessVersion);
    }
    let program = bech32::from_5bit(groups)?;
    if !(2..=40).contains(&program.len()) || (version == 0 && program.len() != 20 && program.len() != 32) {
        return Err(Error::BitcoinAddressInvalidProgramLength);
    }
    let expected = if version == 0 { bech32::Variant::Bech32 } else { bech32::Variant::Bech32m };
    if decoded.variant != expected {
        return Err(Error::BitcoinAddressWrongEncoding);
    }
    let kind = match (version, program.len()) {
        (0, 20) => Kind::P2wpkh,
        (0, _) => Kind::P2wsh,
        (1, 32) => Kind::P2tr,
        _ => Kind::WitnessUnknown,
    };
    Ok(Address { kind, family, base58: false, witness_version: version, program })
}

/// What an output script pays to, if it is one of the standard forms an address stands for:
/// the kind, the witness version and the hash or program.
pub fn classify(script: &[u8]) -> Option<(Kind, u8, &[u8])> {
    match script {
        [0x76, 0xa9, 0x14, hash @ .., 0x88, 0xac] if hash.len() == 20 => Some((Kind::P2pkh, 0, hash)),
        [0xa9, 0x14, hash @ .., 0x87] if hash.len() == 20 => Some((Kind::P2sh, 0, hash)),
        [0x00, 0x14, program @ ..] if program.len() == 20 => Some((Kind::P2wpkh, 0, program)),
        [0x00, 0x20, program @ ..] if program.len() == 32 => Some((Kind::P2wsh, 0, program)),
        [0x51, 0x20, program @ ..] if program.len() == 32 => Some((Kind::P2tr, 1, program)),
        [op @ 0x51..=0x60, len, program @ ..] if (2..=40).contains(len) && program.len() == *len as usize => {
            Some((Kind::WitnessUnknown, op - 0x50, program))
        }
        _ => None,
    }
}

/// The address of `script` on `network`, or `None` for a script no address stands for
/// (`OP_RETURN`, bare multisig, non-standard).
///
/// ```
/// use portico_core::bitcoin::{address, Network};
/// let script = [0x00, 0x14, 0x75, 0x1e, 0x76, 0xe8, 0x19, 0x91, 0x96, 0xd4, 0x54, 0x94, 0x1c, 0x45, 0xd1, 0xb3, 0xa3, 0x23, 0xf1, 0x43, 0x3b, 0xd6];
/// assert_eq!(address::from_script(&script, Network::Mainnet).unwrap(), "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
/// ```
pub fn from_script(script: &[u8], network: Network) -> Option<String> {
    let (kind, version, program) = classify(script)?;
    let (p2pkh, p2sh) = network.base58_versions();
    match kind {
        Kind::P2pkh | Kind::P2sh => {
            let mut payload = [0u8; 25];
            payload[0] = if kind == Kind::P2pkh { p2pkh } else { p2sh };
            payload[1..21].copy_from_slice(program);
            let check = sha256d(&[&payload[..21]]);
            payload[21..].copy_from_slice(&check[..4]);
            let text = base58::encode(&payload).ok()?;
            String::from_utf8(text).ok()
        }
        _ => {
            let mut data = Vec::with_capacity(1 + (program.len() * 8).div_ceil(5));
            data.push(version);
            bech32::to_5bit(program, &mut data);
            let variant = if version == 0 { bech32::Variant::Bech32 } else { bech32::Variant::Bech32m };
            Some(bech32::encode(network.hrp(), &data, variant))
        }
    }
}
