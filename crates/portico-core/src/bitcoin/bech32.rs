//! Bech32 (BIP-173) and bech32m (BIP-350) for segwit addresses.
use alloc::string::String;
use alloc::vec::Vec;

use crate::Error;

const CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const NOT_BECH32: u8 = 0xff;
const VALUE_OF: [u8; 128] = {
    let mut table = [NOT_BECH32; 128];
    let mut i = 0;
    while i < 32 {
        table[CHARSET[i] as usize] = i as u8;
        table[CHARSET[i].to_ascii_uppercase() as usize] = i as u8;
        i += 1;
    }
    table
};
const GENERATOR: [u32; 5] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3];
/// The longest segwit address text (BIP-173).
pub const MAX_LENGTH: usize = 90;

/// Which checksum constant a string uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Bech32,
    Bech32m,
}

impl Variant {
    const fn constant(self) -> u32 {
        match self {
            Variant::Bech32 => 1,
            Variant::Bech32m => 0x2bc8_30a3,
        }
    }
}

fn polymod_step(chk: u32, value: u8) -> u32 {
    let top = chk >> 25;
    let mut chk = ((chk & 0x01ff_ffff) << 5) ^ value as u32;
    for (i, g) in GENERATOR.iter().enumerate() {
        if (top >> i) & 1 == 1 {
            chk ^= g;
        }
    }
    chk
}

fn hrp_polymod(hrp: &[u8]) -> u32 {
    let mut chk = 1;
    for c in hrp {
        chk = polymod_step(chk, c.to_ascii_lowercase() >> 5);
    }
    chk = polymod_step(chk, 0);
    for c in hrp {
        chk = polymod_step(chk, c.to_ascii_lowercase() & 31);
    }
    chk
}

/// A decoded string: its human-readable part (lower case), its 5-bit data without the checksum
/// and the checksum's variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<'a> {
    pub hrp: &'a str,
    pub data: Vec<u8>,
    pub variant: Variant,
}

/// Decodes `text`, checking length, case, alphabet and checksum.
pub fn decode(text: &str) -> Result<Decoded<'_>, Error> {
    let bytes = text.as_bytes();
    if bytes.len() > MAX_LENGTH {
        return Err(Error::BitcoinAddressInvalidLength);
    }
    let has_lower = bytes.iter().any(u8::is_ascii_lowercase);
    let has_upper = bytes.iter().any(u8::is_ascii_uppercase);
    if has_lower && has_upper {
        return Err(Error::BitcoinAddressMixedCase);
    }
    let sep = bytes.iter().rposition(|&c| c == b'1').ok_or(Error::BitcoinAddressUnknownFormat)?;
    if sep == 0 || sep + 7 > bytes.len() {
        return Err(Error::BitcoinAddressInvalidLength);
    }
    let hrp = &bytes[..sep];
    if hrp.iter().any(|&c| !(33..=126).contains(&c)) {
        return Err(Error::BitcoinAddressInvalidCharacter);
    }
    let mut chk = hrp_polymod(hrp);
    let mut data = Vec::with_capacity(bytes.len() - sep - 1);
    for &c in &bytes[sep + 1..] {
        let v = if c < 128 { VALUE_OF[c as usize] } else { NOT_BECH32 };
        if v == NOT_BECH32 {
            return Err(Error::BitcoinAddressInvalidCharacter);
        }
        chk = polymod_step(chk, v);
        data.push(v);
    }
    let variant = if chk == Variant::Bech32.constant() {
        Variant::Bech32
    } else if chk == Variant::Bech32m.constant() {
        Variant::Bech32m
    } else {
        return Err(Error::BitcoinAddressBadChecksum);
    };
    data.truncate(data.len() - 6);
    Ok(Decoded { hrp: &text[..sep], data, variant })
}

/// Encodes `hrp` (lower case) and 5-bit `data` with `variant`'s checksum.
pub fn encode(hrp: &str, data: &[u8], variant: Variant) -> String {
    let mut out = String::with_capacity(hrp.len() + 1 + data.len() + 6);
    out.push_str(hrp);
    out.push('1');
    let mut chk = hrp_polymod(hrp.as_bytes());
    for &v in data {
        chk = polymod_step(chk, v);
        out.push(CHARSET[v as usize] as char);
    }
    for _ in 0..6 {
        chk = polymod_step(chk, 0);
    }
    chk ^= variant.constant();
    for i in 0..6 {
        out.push(CHARSET[((chk >> (5 * (5 - i))) & 31) as usize] as char);
    }
    out
}

/// Regroups 8-bit bytes into 5-bit groups, padding the last with zeros.
pub fn to_5bit(bytes: &[u8], out: &mut Vec<u8>) {
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(((acc >> bits) & 31) as u8);
        }
    }
    if bits > 0 {
        out.push(((acc << (5 - bits)) & 31) as u8);
    }
}

/// Regroups 5-bit groups into bytes; at most 4 bits of zero padding may remain.
pub fn from_5bit(groups: &[u8]) -> Result<Vec<u8>, Error> {
    let (mut acc, mut bits) = (0u32, 0u32);
    let mut out = Vec::with_capacity(groups.len() * 5 / 8);
    for &g in groups {
        acc = ((acc << 5) | g as u32) & 0xfff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if bits >= 5 || (acc << (8 - bits)) & 0xff != 0 {
        return Err(Error::BitcoinAddressInvalidPadding);
    }
    Ok(out)
}
