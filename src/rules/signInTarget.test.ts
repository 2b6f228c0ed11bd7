import { describe, expect, it } from 'vitest'
import type { Network } from '../networks/Network'
import { signInTarget } from './signInTarget'

const local: Network = {
  id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const base = { namespace: 'eip155' as const, network: local, address, walletNetwork: 'eip155:31337', multiChain: undefined }

describe('signInTarget', () => {
  it('is the account on the active network, as CAIP-10', () => {
    expect(signInTarget(base)).toEqual({ caipAddress: `eip155:31337:${address}`, address })
    expect(signInTarget({ ...base, walletNetwork: undefined })).toEqual({ caipAddress: `eip155:31337:${address}`, address })
  })

  it('is nothing while the wallet is on a network the app does not support (UnsupportedChain first)', () => {
    expect(signInTarget({ ...base, walletNetwork: 'eip155:999' })).toBeUndefined()
  })

  it('is nothing without an account, a network, or outside the signing namespaces', () => {
    expect(signInTarget({ ...base, address: undefined })).toBeUndefined()
    expect(signInTarget({ ...base, network: undefined })).toBeUndefined()
    expect(signInTarget({ ...base, namespace: 'polkadot' })).toBeUndefined()
  })

  it('is the Bitcoin payment account on its network, as CAIP-10 (Sign in with Bitcoin, BIP-322)', () => {
    const regtest: Network = { ...local, id: '0f9188f13cb7b2c71f2a335e3a4fc328', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328', chainNamespace: 'bip122' }
    const bitcoinAddress = 'bcrt1q50rtrmj2f8vl9tem8qpfw36ylw5jg9j2dkku3w'
    expect(signInTarget({ namespace: 'bip122', network: regtest, address: bitcoinAddress, walletNetwork: regtest.caipNetworkId, multiChain: undefined }))
      .toEqual({ caipAddress: `${regtest.caipNetworkId}:${bitcoinAddress}`, address: bitcoinAddress })
  })

  it('is the Solana account on its cluster, as CAIP-10 (Sign in with Solana)', () => {
    const cluster: Network = { ...local, id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana' }
    const solanaAddress = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    expect(signInTarget({ namespace: 'solana', network: cluster, address: solanaAddress, walletNetwork: cluster.caipNetworkId, multiChain: undefined }))
      .toEqual({ caipAddress: `${cluster.caipNetworkId}:${solanaAddress}`, address: solanaAddress })
  })

  it('through a multi-chain provider, only when every requested network is of a signing namespace', () => {
    expect(signInTarget({ ...base, multiChain: ['eip155:31337', 'eip155:1'] })).toBeDefined()
    expect(signInTarget({ ...base, multiChain: ['eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })).toBeDefined()
    expect(signInTarget({ ...base, multiChain: ['eip155:31337', 'bip122:000000000019d6689c085ae165831e93'] })).toBeDefined()
    expect(signInTarget({ ...base, multiChain: ['eip155:31337', 'polkadot:91b171bb158e2d3848fa23a9f1c25182'] })).toBeUndefined()
  })
})
