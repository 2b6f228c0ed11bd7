import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import * as btc from '@scure/btc-signer'
import type { BtcdRpc } from './BtcdRpc'
import { sats, type BtcdTx } from './btcdTypes'

/** The regtest network for @scure/btc-signer: `bcrt` segwit addresses, testnet's base58 versions. */
export const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

/** A key derived from a label, the way the dev stack names its accounts. */
export const devBitcoinKey = (label: string): Uint8Array => sha256(new TextEncoder().encode(`portico dev bitcoin ${label}`))

/** The miner's key and P2WPKH address: every mined block pays it, and the faucet spends from it. */
export const MINER_KEY = /* @__PURE__ */ devBitcoinKey('miner')
export const minerPayment = () => btc.p2wpkh(secp256k1.getPublicKey(MINER_KEY, true), REGTEST)

/** A coinbase can be spent 100 blocks after its own. */
export const COINBASE_MATURITY = 100
/** The fee of a faucet transaction (one input, two P2WPKH/P2TR outputs: about 150 vbytes). */
const FAUCET_FEE = 1_000n

type Coin = { txid: string; index: number; amount: bigint }

/**
 * Sends regtest coins from the miner's key: it spends the first coinbase once it is mature, then
 * the change of its last send (unconfirmed change is fine: btcd accepts chained transactions).
 * Sends run one at a time.
 */
export class Faucet {
  private coin: Coin | undefined
  private queue: Promise<unknown> = Promise.resolve()
  private readonly payment = minerPayment()

  constructor(private readonly rpc: BtcdRpc) {}

  /** Sends `amount` satoshis to `address`; resolves to the transaction id. */
  send(address: string, amount: bigint): Promise<string> {
    const run = this.queue.then(() => this.sendNow(address, amount))
    this.queue = run.catch(() => undefined)
    return run
  }

  private async firstCoin(): Promise<Coin> {
    const hash = await this.rpc.call<string>('getblockhash', [1])
    const block = await this.rpc.call<{ tx: string[] }>('getblock', [hash, 1])
    const coinbase = await this.rpc.call<BtcdTx>('getrawtransaction', [block.tx[0], 1])
    return { txid: coinbase.txid, index: 0, amount: BigInt(sats(coinbase.vout[0]!.value)) }
  }

  private async sendNow(address: string, amount: bigint): Promise<string> {
    const coin = this.coin ?? (await this.firstCoin())
    if (coin.amount < amount + FAUCET_FEE) throw new Error(`the faucet has ${coin.amount} sats left, not enough to send ${amount}`)
    const tx = new btc.Transaction()
    tx.addInput({ txid: coin.txid, index: coin.index, witnessUtxo: { script: this.payment.script, amount: coin.amount } })
    tx.addOutputAddress(address, amount, REGTEST)
    const change = coin.amount - amount - FAUCET_FEE
    tx.addOutputAddress(this.payment.address!, change, REGTEST)
    tx.sign(MINER_KEY)
    tx.finalize()
    const txid = await this.rpc.call<string>('sendrawtransaction', [tx.hex])
    this.coin = { txid, index: 1, amount: change }
    return txid
  }
}
