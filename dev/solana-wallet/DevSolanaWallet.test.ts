import { ed25519 } from '@noble/curves/ed25519'
import { Connection, PublicKey, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { WalletAccount } from '@wallet-standard/base'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { devSolanaAccounts } from '../solana-rpc/devSolanaAccounts'
import { start, type RunningSolanaRpc } from '../solana-rpc/start'
import type { ApprovalRequest } from '../wallet/ApprovalPanel'
import { DevSolanaWallet } from './DevSolanaWallet'

let solana: RunningSolanaRpc
let connection: Connection
beforeAll(async () => {
  solana = await start()
  connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
})
afterAll(() => solana?.stop())

/** A wallet whose person answers from `answers` (true = approve) and whose requests are kept. */
function walletWith(answers: boolean[], storage: Map<string, string> | null = null) {
  const requests: ApprovalRequest[] = []
  const wallet = new DevSolanaWallet({
    rpcUrl: solana.url,
    approve: async (request) => {
      requests.push(request)
      return answers.shift() ?? false
    },
    storage: storage && { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value), removeItem: (key) => void storage.delete(key) },
    origin: 'app.test',
  })
  const features = wallet.features
  return { wallet, requests, features }
}

async function legacyTransfer(from: PublicKey, lamports: number): Promise<Uint8Array> {
  const transaction = new Transaction({ feePayer: from, recentBlockhash: (await connection.getLatestBlockhash()).blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(solana.accounts[2]!), lamports }),
  )
  return transaction.serialize({ requireAllSignatures: false })
}

it('signTransaction signs what the node then accepts, without sending it', async () => {
  const { wallet, requests, features } = walletWith([true, true])
  const { accounts } = await features['standard:connect'].connect()
  const account = accounts[1]!
  const before = await connection.getBalance(new PublicKey(account.address))
  const [output] = await features['solana:signTransaction'].signTransaction({ account, transaction: await legacyTransfer(new PublicKey(account.address), 4242), chain: 'solana:localnet' })
  expect(requests[1]).toMatchObject({ method: 'solana:signTransaction', title: 'Sign a transaction' })
  expect(requests[1]!.details).toContainEqual(['Instruction 1', `Transfer 0.000004242 SOL to ${solana.accounts[2]}`])
  const signed = VersionedTransaction.deserialize(output!.signedTransaction)
  expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), new PublicKey(account.address).toBytes())).toBe(true)
  expect(await connection.getBalance(new PublicKey(account.address))).toBe(before) // not sent
  const signature = await connection.sendRawTransaction(output!.signedTransaction)
  await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) })
  expect(await connection.getBalance(new PublicKey(account.address))).toBe(before - 4242 - 5000)
  expect(wallet.accounts.map((entry) => entry.address)).toEqual(solana.accounts.slice(0, 2))
})

it('remembers the permission: a silent connect asks nothing once granted, and nothing before', async () => {
  const storage = new Map<string, string>()
  const first = walletWith([true], storage)
  expect((await first.features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
  expect(first.requests).toHaveLength(0)
  await first.features['standard:connect'].connect()
  expect(first.requests.map((request) => request.title)).toEqual(['Connect to app.test'])

  const afterReload = walletWith([], storage)
  expect((await afterReload.features['standard:connect'].connect({ silent: true })).accounts).toHaveLength(2)
  expect(afterReload.requests).toHaveLength(0)
  await afterReload.features['standard:disconnect'].disconnect()
  expect(afterReload.wallet.accounts).toEqual([])
  expect((await walletWith([], storage).features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
})

it('refuses what it cannot or may not sign, with specific errors', async () => {
  const { features, requests } = walletWith([false, true])
  await expect(features['standard:connect'].connect()).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
  const stranger = { address: devSolanaAccounts()[3]!.publicKey.toBase58(), publicKey: new Uint8Array(32), chains: ['solana:localnet'], features: [] } as WalletAccount
  await expect(features['solana:signMessage'].signMessage({ account: stranger, message: new Uint8Array([1]) })).rejects.toThrow(`Unknown account ${stranger.address}`)
  const { accounts } = await features['standard:connect'].connect()
  const account = accounts[0]!
  const transfer = await legacyTransfer(new PublicKey(account.address), 1)
  await expect(features['solana:signTransaction'].signTransaction({ account, transaction: transfer, chain: 'solana:mainnet' })).rejects.toThrow(
    'Unsupported chain solana:mainnet; this wallet serves solana:localnet',
  )
  await expect(features['solana:signTransaction'].signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) })).rejects.toThrow(/^The transaction bytes do not decode/)
  const notMine = await legacyTransfer(new PublicKey(solana.accounts[3]!), 1)
  await expect(features['solana:signTransaction'].signTransaction({ account, transaction: notMine })).rejects.toThrow(`The transaction does not ask ${account.address} to sign`)
  expect(requests).toHaveLength(2) // none of the refused inputs reached the person
})

it('signAndSendTransaction reports the node refusing a transaction', async () => {
  const { features } = walletWith([true, true])
  const { accounts } = await features['standard:connect'].connect()
  const account = accounts[0]!
  const tooMuch = await legacyTransfer(new PublicKey(account.address), 1e15)
  await expect(features['solana:signAndSendTransaction'].signAndSendTransaction({ account, transaction: tooMuch, chain: 'solana:localnet' })).rejects.toThrow(
    /^The node refused the transaction: [\s\S]*custom program error: 0x1/,
  )
})
