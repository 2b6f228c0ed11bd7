//! Packing arbitrary data into EIP-4844 blobs, the way viem's `toBlobs` does, so that blob
//! transactions built with Portico carry the same bytes.
//!
//! Each 32-byte field element holds a zero byte and then 31 data bytes (so it stays below the BLS
//! modulus); the data ends with a 0x80 terminator. At most six blobs fit one transaction, which
//! caps the data at [`MAX_BYTES_PER_TRANSACTION`] bytes.
//!
//! ```
//! let blobs = portico_core::blobs::from_data(b"hello").unwrap();
//! assert_eq!(blobs.len(), 1);
//! assert_eq!(&blobs[0][..7], &[0x00, b'h', b'e', b'l', b'l', b'o', 0x80]);
//! ```
use alloc::vec;
use alloc::vec::Vec;

use crate::Error;

pub const BYTES_PER_FIELD_ELEMENT: usize = 32;
pub const FIELD_ELEMENTS_PER_BLOB: usize = 4096;
pub const BYTES_PER_BLOB: usize = BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_BLOB;
pub const MAX_BLOBS_PER_TRANSACTION: usize = 6;
/// 761855: six blobs, less one zero byte per field element and the terminator.
pub const MAX_BYTES_PER_TRANSACTION: usize =
    BYTES_PER_BLOB * MAX_BLOBS_PER_TRANSACTION - 1 - FIELD_ELEMENTS_PER_BLOB * MAX_BLOBS_PER_TRANSACTION;

const DATA_PER_ELEMENT: usize = BYTES_PER_FIELD_ELEMENT - 1;

/// Packs `data` into blobs of [`BYTES_PER_BLOB`] bytes each.
///
/// Fails with [`Error::BlobEmpty`] for no data and [`Error::BlobTooLarge`] past
/// [`MAX_BYTES_PER_TRANSACTION`].
pub fn from_data(data: &[u8]) -> Result<Vec<Vec<u8>>, Error> {
    if data.is_empty() {
        return Err(Error::BlobEmpty);
    }
    if data.len() > MAX_BYTES_PER_TRANSACTION {
        return Err(Error::BlobTooLarge);
    }
    let mut blobs = Vec::new();
    let mut position = 0;
    loop {
        let mut blob = vec![0u8; BYTES_PER_BLOB];
        let mut cursor = 0;
        for _ in 0..FIELD_ELEMENTS_PER_BLOB {
            let end = (position + DATA_PER_ELEMENT).min(data.len());
            let chunk = &data[position..end];
            // blob[cursor] stays 0x00: the field element's leading zero byte.
            blob[cursor + 1..cursor + 1 + chunk.len()].copy_from_slice(chunk);
            cursor += 1 + chunk.len();
            if chunk.len() < DATA_PER_ELEMENT {
                blob[cursor] = 0x80;
                blobs.push(blob);
                return Ok(blobs);
            }
            position += DATA_PER_ELEMENT;
        }
        blobs.push(blob);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert_eq!(MAX_BYTES_PER_TRANSACTION, 761_855);
        assert_eq!(from_data(&[]), Err(Error::BlobEmpty));
        assert_eq!(from_data(&vec![1u8; 761_856]), Err(Error::BlobTooLarge));
        let full = from_data(&vec![1u8; 761_855]).unwrap();
        assert_eq!(full.len(), 6);
        assert_eq!(full[5][BYTES_PER_BLOB - 1], 0x80);
    }

    #[test]
    fn a_multiple_of_31_bytes_ends_with_an_empty_element() {
        let blobs = from_data(&[7u8; 62]).unwrap();
        assert_eq!(&blobs[0][62..67], &[7, 7, 0x00, 0x80, 0x00]);
        assert_eq!(blobs[0][0], 0x00);
        assert_eq!(blobs[0][32], 0x00);
    }

    #[test]
    fn exactly_one_blob_of_data_spills_the_terminator_into_a_second_blob() {
        let blobs = from_data(&vec![9u8; FIELD_ELEMENTS_PER_BLOB * DATA_PER_ELEMENT]).unwrap();
        assert_eq!(blobs.len(), 2);
        assert_eq!(&blobs[1][..3], &[0x00, 0x80, 0x00]);
    }
}
