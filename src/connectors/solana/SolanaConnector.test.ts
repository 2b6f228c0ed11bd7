import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devSolanaAccounts } from '../../../dev/solana-rpc/devSolanaAccounts'
import { type RunningSolanaRpc, start } from '../../../dev/solana-rpc/start'
import { DevSolanaWallet } from '../../../dev/solana-wallet/DevSolanaWallet'
import type { Network } from '../../networks/Network'
import { WalletError } from '../walletErrors'
import { SolanaConnector } from './SolanaConnector'
import { walletChainOf } from './solanaChains'
import { connectorContext } from '../../controllers/connection/connectorContext'
import { running } from '../../../tests/support/testStores'

let solana: RunningSolanaRpc
let network: Network
const mainnet: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana', name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

beforeAll(async () => {
  solana = await start()
  network = {
    id: solana.caip2.slice(7), caipNetworkId: solana.caip2 as Network['caipNetworkId'], chainNamespace: 'solana', name: 'Solana Local',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: [solana.url] } },
  }
})
afterAll(() => solana.stop())

/** The dev wallet with its answers scripted: `answers` are taken in order (true = approve). */
function wallet(answers: boolean[] = [true, true, true, true]) {
  const asked: string[] = []
  const dev = new DevSolanaWallet({
    rpcUrl: solana.url, storage: null, origin: 'test',
    approve: async (request) => {
      asked.push(request.title)
      return answers.shift() ?? false
    },
  })
  return { dev, asked }
}

/** One JSON-RPC call to the local node. */
async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await response.json()) as { result: T }).result
}

describe('walletChainOf', () => {
  it('names the public clusters by genesis hash and any other cluster localnet', () => {
    expect(walletChainOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:mainnet')
    expect(walletChainOf('solana:EtWTRABZaYq6iMfeYKouRu166VL2xqa1')).toBe('solana:devnet')
    expect(walletChainOf('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe('solana:testnet')
    expect(walletChainOf('solana:7LfufsPJDCLqYCMNQNr2scqBVmghcFUn')).toBe('solana:localnet')
  })
})

describe('SolanaConnector', () => {
  it('connects on the app network the wallet serves, and reconnects silently after that', async () => {
    const { dev, asked } = wallet()
    const connector = new SolanaConnector(dev, { networks: () => [mainnet, network] })
    expect(connector.namespaces).toEqual(['solana'])
    const result = await connector.connect({ namespace: 'solana', context: connectorContext(running) })
    const [first, second] = devSolanaAccounts()
    expect(result).toEqual({ namespace: 'solana', chainId: network.caipNetworkId, accounts: [first!.publicKey.toBase58(), second!.publicKey.toBase58()] })
    expect(asked).toEqual(['Connect to test'])
    const again = new SolanaConnector(dev, { networks: () => [network] })
    expect(await again.reconnect()).toEqual(result)
    expect(asked).toHaveLength(1)
  })

  it('refuses a wallet without the app network, and a switch to it, with "Unsupported chain"', async () => {
    const { dev } = wallet()
    const connector = new SolanaConnector(dev, { networks: () => [mainnet] })
    await expect(connector.connect({ namespace: 'solana', context: connectorContext(running) })).rejects.toMatchObject({ shortMessage: 'Unsupported chain' })
    const local = new SolanaConnector(dev, { networks: () => [network] })
    await local.connect({ namespace: 'solana', context: connectorContext(running) })
    const error = await local.switchNetwork(mainnet).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WalletError)
    expect((error as WalletError).shortMessage).toBe('Unsupported chain')
  })

  it('a refusal is "Connection rejected" with code 4001; closing the modal is "Modal closed"', async () => {
    const { dev } = wallet([false])
    const connector = new SolanaConnector(dev, { networks: () => [network] })
    await expect(connector.connect({ namespace: 'solana', context: connectorContext(running) })).rejects.toMatchObject({ shortMessage: 'Connection rejected', code: 4001 })
    const slow = new SolanaConnector(new DevSolanaWallet({ rpcUrl: solana.url, storage: null, approve: () => new Promise(() => {}) }), { networks: () => [network] })
    const abort = new AbortController()
    const pending = slow.connect({ namespace: 'solana', context: connectorContext(running), signal: abort.signal })
    abort.abort()
    await expect(pending).rejects.toMatchObject({ shortMessage: 'Modal closed' })
  })

  it('reports the wallet disconnecting as "disconnect"', async () => {
    const { dev } = wallet()
    const connector = new SolanaConnector(dev, { networks: () => [network] })
    await connector.connect({ namespace: 'solana', context: connectorContext(running) })
    const events: string[] = []
    connector.on('disconnect', () => events.push('disconnect'))
    await dev.features['standard:disconnect'].disconnect()
    expect(events).toEqual(['disconnect'])
    expect(connector.getProvider('solana')).toBeUndefined()
  })

  it('its provider signs messages and signs and sends web3.js transactions through the wallet', async () => {
    const { dev, asked } = wallet()
    const connector = new SolanaConnector(dev, { networks: () => [network] })
    expect(connector.getProvider('solana')).toBeUndefined()
    await connector.connect({ namespace: 'solana', context: connectorContext(running) })
    const provider = connector.getProvider('solana')!
    const [first] = devSolanaAccounts()
    // Typed without web3.js (see SolanaWalletProvider), a web3.js PublicKey at run time.
    expect(provider.publicKey).toBeInstanceOf(PublicKey)
    const owner = new PublicKey(provider.publicKey.toBytes())
    expect(owner.equals(first!.publicKey)).toBe(true)
    const message = new TextEncoder().encode('hello')
    const { signature } = await provider.signMessage(message)
    expect(ed25519.verify(signature, message, first!.publicKey.toBytes())).toBe(true)

    const receiver = new PublicKey(solana.accounts[3]!)
    const before = await rpc<{ value: number }>('getBalance', [receiver.toBase58()])
    const { blockhash } = (await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])).value
    const tx = new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: receiver, lamports: 1234 }))
    const signed = await provider.signTransaction(tx)
    expect(signed).toBeInstanceOf(Transaction)
    expect(signed.verifySignatures()).toBe(true)
    const sent = await provider.signAndSendTransaction(tx)
    expect(sent.signature).toBe(await import('bs58').then((m) => m.default.encode(signed.signature!)))
    expect(asked.slice(1)).toEqual(['Sign a message', 'Sign a transaction', 'Send a transaction'])
    expect((await rpc<{ value: number }>('getBalance', [receiver.toBase58()])).value).toBe(before.value + 1234)
  })
})
