import { describe, expect, it } from 'vitest'
import * as BitcoinFailure from './BitcoinFailure'
import * as Rlp from './Rlp'
import * as SolanaFailure from './SolanaFailure'
import * as TransactionFailure from './TransactionFailure'
import { fields } from './TransactionWire'
import { errorNames } from './wasmError'
import { bitcoin } from './wasmBitcoin'
import { evm } from './wasmEvm'
import { solana } from './wasmSolana'

/**
 * Rust variants that facade modules map without a table: each module checks the one or two codes
 * its calls can raise. Blob errors are not reachable: no facade function packs blobs yet.
 */
const MAPPED_IN_PLACE: Record<string, string> = {
  AddressInvalid: 'Address.InvalidAddressError',
  CaipInvalidNetworkId: 'Caip.InvalidNetworkIdError',
  CaipInvalidAccountId: 'Caip.InvalidAccountIdError',
  Base58InvalidCharacter: 'Base58.InvalidCharacterError',
  Base58TooLong: 'Base58.TooLongError',
  BlobEmpty: 'not reachable from the facade',
  BlobTooLarge: 'not reachable from the facade',
}

describe('the boundary tables come from Rust', () => {
  it('maps every error variant the WASM side can throw to an error class', () => {
    const names = [...new Set([evm, solana, bitcoin].flatMap((module) => [...errorNames(module).values()]))]
    expect(names.length).toBeGreaterThanOrEqual(88)
    const unmapped = names.filter((name) => {
      const rlp = Rlp.errorFromFailure({ code: 0, name, field: 0, item: 0, at: 0, len: 0 })
      return !rlp && !TransactionFailure.handles(name) && !SolanaFailure.handles(name) && !BitcoinFailure.handles(name) && !(name in MAPPED_IN_PLACE)
    })
    expect(unmapped).toEqual([])
    expect(errorNames(evm).get(100)).toBe('RlpEmptyInput')
    expect(errorNames(evm).get(217)).toBe('TxInvalidAccessListEntry')
    expect(errorNames(solana).get(800)).toBe('SolanaTruncated')
    expect(errorNames(bitcoin).get(940)).toMatch(/^BitcoinPsbt/)
  })

  it('gives each module the names of the errors it can throw, and none of another namespace', () => {
    const codes = (module: Parameters<typeof errorNames>[0]) => [...errorNames(module).keys()]
    expect(codes(evm).every((code) => code < 800)).toBe(true)
    expect(codes(solana).filter((code) => code >= 800)).toEqual(expect.arrayContaining([800, 812]))
    expect(codes(solana).some((code) => code >= 900)).toBe(false)
    expect(codes(bitcoin).some((code) => code >= 800 && code < 900)).toBe(false)
    // The shared core's (base58, hex) are in every module's table.
    for (const module of [evm, solana, bitcoin]) expect(errorNames(module).get(600)).toBe('Base58InvalidCharacter')
  })

  it('has one boundary, linked into each module: separate memories, each its own exports', () => {
    expect(solana.memory()).not.toBe(evm.memory())
    expect(Object.keys(solana.exports())).not.toContain('tx_parse_scratch')
    expect(Object.keys(evm.exports())).not.toContain('solana_parse_transaction_scratch')
  })

  it('reads the Solana part names from the bindings', () => {
    expect(SolanaFailure.partNames()).toEqual(['signatures', 'header', 'accountKeys', 'recentBlockhash', 'instructions', 'addressTableLookups'])
  })

  it('reads the transaction field order and kinds from the bindings', () => {
    expect(fields().map((f) => f.name)).toEqual([
      'type', 'chainId', 'nonce', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'gas',
      'to', 'value', 'data', 'accessList', 'blobVersionedHashes', 'v', 'r', 's', 'yParity',
    ])
    expect(new Set(fields().map((f) => f.kind))).toEqual(new Set(['type', 'u64', 'uint', 'address', 'bytes', 'accessList', 'hashes']))
  })
})
