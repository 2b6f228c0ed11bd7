//! CAIP-2 network ids (`namespace:reference`) and CAIP-10 account ids
//! (`namespace:reference:address`).
use crate::Error;

/// The namespaces a CAIP-10 account id may name.
pub const KNOWN_NAMESPACES: [&str; 5] = ["eip155", "solana", "polkadot", "bip122", "cosmos"];

/// A CAIP-2 network id, borrowed from its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkId<'a> {
    pub namespace: &'a str,
    pub reference: &'a str,
}

/// A CAIP-10 account id, borrowed from its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccountId<'a> {
    pub namespace: &'a str,
    pub reference: &'a str,
    pub address: &'a str,
}

/// Splits `value` on `:` into exactly `N` non-empty parts.
fn split_exact<const N: usize>(value: &str) -> Option<[&str; N]> {
    let mut parts = [""; N];
    let mut pieces = value.split(':');
    for part in parts.iter_mut() {
        *part = pieces.next().filter(|p| !p.is_empty())?;
    }
    pieces.next().is_none().then_some(parts)
}

/// Parses a CAIP-2 network id: exactly two non-empty parts.
///
/// ```
/// let id = portico_core::caip::parse_network_id("eip155:1").unwrap();
/// assert_eq!((id.namespace, id.reference), ("eip155", "1"));
/// assert!(portico_core::caip::parse_network_id("eip155:1:0xab").is_err());
/// ```
pub fn parse_network_id(value: &str) -> Result<NetworkId<'_>, Error> {
    let [namespace, reference] = split_exact::<2>(value).ok_or(Error::CaipInvalidNetworkId)?;
    Ok(NetworkId { namespace, reference })
}

/// Parses a CAIP-10 account id: exactly three non-empty parts and a known namespace.
///
/// ```
/// let id = portico_core::caip::parse_account_id("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv").unwrap();
/// assert_eq!(id.namespace, "solana");
/// assert!(portico_core::caip::parse_account_id("unknown:1:0xab").is_err());
/// ```
pub fn parse_account_id(value: &str) -> Result<AccountId<'_>, Error> {
    let [namespace, reference, address] = split_exact::<3>(value).ok_or(Error::CaipInvalidAccountId)?;
    if !KNOWN_NAMESPACES.contains(&namespace) {
        return Err(Error::CaipInvalidAccountId);
    }
    Ok(AccountId { namespace, reference, address })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_ids() {
        assert_eq!(parse_network_id("eip155:1"), Ok(NetworkId { namespace: "eip155", reference: "1" }));
        for bad in ["eip155", "eip155:", ":1", "eip155:1:0xab", "", ":", "a:b:c"] {
            assert_eq!(parse_network_id(bad), Err(Error::CaipInvalidNetworkId), "{bad}");
        }
    }

    #[test]
    fn account_ids() {
        for namespace in KNOWN_NAMESPACES {
            let text = alloc::format!("{namespace}:ref:addr");
            assert_eq!(parse_account_id(&text), Ok(AccountId { namespace, reference: "ref", address: "addr" }));
        }
        assert_eq!(parse_account_id("cosmos:héllo:wörld").unwrap().address, "wörld");
        for bad in ["eip155:1", "eip155:1:", "eip155::0xab", ":1:0xab", "eip155:1:0xab:extra", "unknown:1:0xab", "EIP155:1:0xab", "", "::"] {
            assert_eq!(parse_account_id(bad), Err(Error::CaipInvalidAccountId), "{bad}");
        }
    }
}
