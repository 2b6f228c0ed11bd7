import { Connection, SystemProgram, Transaction } from '@solana/web3.js'
import { devSolanaAccounts } from './devSolanaAccounts'
import { start } from './start'

/**
 * Measures, on loopback, how long a signed SOL transfer takes from `sendTransaction` until
 * `confirmTransaction` reports it (web3.js 1.x `Connection`, WebSocket confirmation), and one
 * plain `getBalance` round trip. Run: `npx tsx dev/solana-rpc/measureLatency.ts [count]`.
 */
async function main() {
  const count = Number(process.argv[2] ?? 200)
  const solana = await start()
  const connection = new Connection(solana.url, { wsEndpoint: solana.wsUrl, commitment: 'confirmed' })
  const [sender, receiver] = devSolanaAccounts()
  const confirm: number[] = []
  const balance: number[] = []
  for (let index = 0; index < count; index++) {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: sender!.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: sender!.publicKey, toPubkey: receiver!.publicKey, lamports: 1000 + index }),
    )
    transaction.sign(sender!)
    const wire = transaction.serialize()
    const started = performance.now()
    const signature = await connection.sendRawTransaction(wire)
    const { value } = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight })
    confirm.push(performance.now() - started)
    if (value.err !== null) throw new Error(`transfer ${index} failed: ${JSON.stringify(value.err)}`)
    const readStarted = performance.now()
    await connection.getBalance(receiver!.publicKey)
    balance.push(performance.now() - readStarted)
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2)
    return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`
  }
  console.log(`${count} transfers, sendTransaction → confirmed: ${summary(confirm.slice(5))} (first 5 left out as warm-up)`)
  console.log(`getBalance round trip: ${summary(balance.slice(5))}`)
  await solana.stop()
  process.exit(0)
}

void main()
