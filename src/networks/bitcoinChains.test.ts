import { describe, expect, it } from 'vitest'
import { bitcoinNetworkForWallet, bitcoinWalletChainOf } from './bitcoinChains'
import { bitcoin, bitcoinNetwork, bitcoinTestnet } from '../connectors/bitcoin/bitcoinNetworks'

describe('Bitcoin chains', () => {
  it('names each network by bip122: and the first 32 hex characters of its genesis hash', () => {
    // The genesis block hashes of mainnet, testnet3 and regtest (big-endian, as explorers print them).
    const genesis = {
      mainnet: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
      testnet: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
      regtest: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    }
    expect(bitcoin.caipNetworkId).toBe(`bip122:${genesis.mainnet.slice(0, 32)}`)
    expect(bitcoinTestnet.caipNetworkId).toBe(`bip122:${genesis.testnet.slice(0, 32)}`)
    expect(bitcoinNetwork('regtest', 'http://127.0.0.1:1/').caipNetworkId).toBe(`bip122:${genesis.regtest.slice(0, 32)}`)
    expect(bitcoinNetwork('regtest', 'http://127.0.0.1:1/').rpcUrls.default.http).toEqual(['http://127.0.0.1:1'])
    expect(bitcoin.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
  })

  it('maps them to the Wallet Standard chains wallets serve, and nothing else', () => {
    expect(bitcoinWalletChainOf(bitcoin.caipNetworkId)).toBe('bitcoin:mainnet')
    expect(bitcoinWalletChainOf(bitcoinTestnet.caipNetworkId)).toBe('bitcoin:testnet')
    expect(bitcoinWalletChainOf('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('bitcoin:regtest')
    expect(bitcoinWalletChainOf('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined()
    expect(bitcoinWalletChainOf('eip155:1')).toBeUndefined()
  })

  it('picks the first of the app\'s networks the wallet serves, or none', () => {
    const regtest = bitcoinNetwork('regtest', 'http://127.0.0.1:1')
    expect(bitcoinNetworkForWallet([bitcoin, regtest], ['bitcoin:regtest'])).toBe(regtest)
    expect(bitcoinNetworkForWallet([bitcoin, regtest], ['bitcoin:regtest', 'bitcoin:mainnet'])).toBe(bitcoin)
    expect(bitcoinNetworkForWallet([regtest], ['bitcoin:mainnet', 'solana:mainnet'])).toBeUndefined()
  })
})
