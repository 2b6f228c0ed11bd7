import { describe, expect, it } from 'vitest'
import { DevBitcoinWallet } from '../../../dev/bitcoin-wallet/DevBitcoinWallet'
import type { Network } from '../../networks/Network'
import type { ConnectorContext } from '../Connector'
import { WalletError } from '../walletErrors'
import { BitcoinConnector } from './BitcoinConnector'
import { bitcoin, bitcoinNetwork, bitcoinTestnet } from './bitcoinNetworks'

const regtest = bitcoinNetwork('regtest', 'http://127.0.0.1:1')

const context = (networks: readonly Network[], active?: Network): ConnectorContext => ({
  networks,
  activeNetworkIds: active ? { bip122: active.caipNetworkId } : {},
  metadata: undefined,
  projectId: undefined,
  theme: { mode: 'light', subscribe: () => () => {} },
  storage: { getItem: () => undefined, setItem: () => {}, removeItem: () => {} },
  fetch,
})

const wallet = (approve = async () => true) => new DevBitcoinWallet({ esploraUrl: 'http://127.0.0.1:1', approve, seedLabel: 'unit' })

describe('BitcoinConnector', () => {
  it('connects the payment address first, typed, with the ordinals one beside it, on the app\'s network the wallet serves', async () => {
    const w = wallet()
    const connector = new BitcoinConnector(w)
    const result = await connector.connect({ namespace: 'bip122', context: context([bitcoin, regtest], bitcoin) })
    const [payment, ordinals] = w.keys
    expect(result).toEqual({
      accounts: [payment!.address, ordinals!.address],
      accountTypes: { [payment!.address]: 'payment', [ordinals!.address]: 'ordinal' },
      chainId: regtest.caipNetworkId,
      namespace: 'bip122',
    })
    expect(connector.getProvider('bip122')?.chain).toBe('bitcoin:regtest')
    expect(connector.getProvider('eip155')).toBeUndefined()
  })

  it('refuses, without asking the wallet, when it serves none of the app\'s Bitcoin networks', async () => {
    let asked = 0
    const connector = new BitcoinConnector(wallet(async () => (asked++, true)))
    const failure = await connector.connect({ namespace: 'bip122', context: context([bitcoin, bitcoinTestnet]) }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(WalletError)
    expect((failure as WalletError).shortMessage).toBe('The connector does not support any of the requested chains')
    expect((failure as WalletError).errorCode).toBe('chainsNotSupported')
    expect(asked).toBe(0)
  })

  it('a refusal in the wallet is "Connection rejected" with code 4001', async () => {
    const connector = new BitcoinConnector(wallet(async () => false))
    const failure = (await connector.connect({ namespace: 'bip122', context: context([regtest]) }).catch((e: unknown) => e)) as WalletError
    expect([failure.shortMessage, failure.code]).toEqual(['Connection rejected', 4001])
  })

  it('reports a disconnect the wallet makes on its side', async () => {
    const w = wallet()
    const connector = new BitcoinConnector(w)
    await connector.connect({ namespace: 'bip122', context: context([regtest]) })
    const events: string[] = []
    connector.on('disconnect', () => events.push('disconnect'))
    await w.features['standard:disconnect'].disconnect()
    expect(events).toEqual(['disconnect'])
    expect(connector.getProvider('bip122')).toBeUndefined()
  })

  it('refuses a switch to a network the wallet does not serve; its own disconnect stops following the wallet', async () => {
    const w = wallet()
    const connector = new BitcoinConnector(w)
    await connector.connect({ namespace: 'bip122', context: context([regtest]) })
    await expect(connector.switchNetwork(bitcoinTestnet)).rejects.toThrow('Not supported by the wallet')
    const events: string[] = []
    connector.on('disconnect', () => events.push('disconnect'))
    await connector.disconnect()
    expect(connector.getProvider('bip122')).toBeUndefined()
    expect(w.accounts).toEqual([])
    expect(events).toEqual([])
  })
})
