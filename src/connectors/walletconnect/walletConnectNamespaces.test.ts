import { describe, expect, it } from 'vitest'
import type { Network } from '../../networks/Network'
import { proposalNamespaces, servedNamespaces } from './walletConnectNamespaces'

const evm = (id: number, rpc: string): Network => ({
  id, caipNetworkId: `eip155:${id}`, chainNamespace: 'eip155', name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpc] } },
})
const solana: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana', name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

describe('proposalNamespaces', () => {
  it('proposes every network as optional by default, with rpcMap keyed by the chain reference', () => {
    const { namespaces, optionalNamespaces } = proposalNamespaces([evm(31337, 'http://127.0.0.1:8545'), evm(31338, 'http://127.0.0.1:8546')])
    expect(namespaces).toEqual({})
    expect(optionalNamespaces.eip155).toMatchObject({
      chains: ['eip155:31337', 'eip155:31338'],
      rpcMap: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
      events: ['accountsChanged', 'chainChanged'],
    })
    expect(optionalNamespaces.eip155?.methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']))
  })

  it('puts required networks in namespaces and the rest in optionalNamespaces, without repeats', () => {
    const a = evm(1, 'https://a.example')
    const { namespaces, optionalNamespaces } = proposalNamespaces([a, a, evm(10, 'https://b.example')], { required: ['eip155:1'] })
    expect(namespaces.eip155?.chains).toEqual(['eip155:1'])
    expect(optionalNamespaces.eip155?.chains).toEqual(['eip155:10'])
  })

  it('proposes Solana networks with the WalletConnect Solana methods, the genesis-hash reference in rpcMap', () => {
    const networks = [evm(1, 'https://a.example'), solana]
    const { optionalNamespaces } = proposalNamespaces(networks)
    expect(Object.keys(optionalNamespaces)).toEqual(['eip155', 'solana'])
    expect(optionalNamespaces.solana).toEqual({
      chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: [],
      rpcMap: { '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'http://127.0.0.1:8899' },
    })
    expect(servedNamespaces(networks)).toEqual(['eip155', 'solana'])
  })

  it('proposes Bitcoin networks with WalletConnect\'s bip122 methods and event, beside eip155 and solana', () => {
    const bitcoin = { ...solana, id: '000000000019d6689c085ae165831e93', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', chainNamespace: 'bip122', rpcUrls: { default: { http: ['https://esplora.example/api'] } } } as Network
    const { optionalNamespaces } = proposalNamespaces([evm(1, 'https://a.example'), solana, bitcoin])
    expect(Object.keys(optionalNamespaces)).toEqual(['eip155', 'solana', 'bip122'])
    expect(optionalNamespaces.bip122).toEqual({
      chains: ['bip122:000000000019d6689c085ae165831e93'],
      methods: ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'],
      events: ['bip122_addressesChanged'],
      rpcMap: { '000000000019d6689c085ae165831e93': 'https://esplora.example/api' },
    })
    expect(servedNamespaces([bitcoin, solana])).toEqual(['bip122', 'solana'])
  })

  it('leaves out a chain family it has no methods for', () => {
    const polkadot = { ...solana, id: '91b171bb158e2d3848fa23a9f1c25182', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', chainNamespace: 'polkadot' } as Network
    expect(Object.keys(proposalNamespaces([evm(1, 'https://a.example'), polkadot]).optionalNamespaces)).toEqual(['eip155'])
    expect(servedNamespaces([polkadot, solana])).toEqual(['solana'])
  })
})
