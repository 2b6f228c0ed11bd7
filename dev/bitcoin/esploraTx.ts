import type { BtcdRpc } from './BtcdRpc'
import { outputAddresses, sats, type BtcdTx } from './btcdTypes'

/** A transaction as Esplora's API gives it (`GET /tx/:txid`). */
export type EsploraTx = {
  txid: string
  version: number
  locktime: number
  vin: {
    txid: string
    vout: number
    prevout: EsploraOutput | null
    scriptsig: string
    witness: string[]
    is_coinbase: boolean
    sequence: number
  }[]
  vout: EsploraOutput[]
  size: number
  weight: number
  fee: number
  status: EsploraStatus
}

export type EsploraOutput = { scriptpubkey: string; scriptpubkey_type: string; scriptpubkey_address?: string; value: number }
export type EsploraStatus = { confirmed: true; block_height: number; block_hash: string; block_time: number } | { confirmed: false }

/** btcd's script type names, as Esplora names them. */
const TYPES: Record<string, string> = {
  pubkeyhash: 'p2pkh',
  scripthash: 'p2sh',
  witness_v0_keyhash: 'v0_p2wpkh',
  witness_v0_scripthash: 'v0_p2wsh',
  witness_v1_taproot: 'v1_p2tr',
  nulldata: 'op_return',
  pubkey: 'p2pk',
  multisig: 'multisig',
}

export function esploraOutput(o: BtcdTx['vout'][number]): EsploraOutput {
  const address = outputAddresses(o)[0]
  return {
    scriptpubkey: o.scriptPubKey.hex,
    scriptpubkey_type: TYPES[o.scriptPubKey.type] ?? o.scriptPubKey.type,
    ...(address ? { scriptpubkey_address: address } : {}),
    value: sats(o.value),
  }
}

export function esploraStatus(tx: BtcdTx, tipHeight: number): EsploraStatus {
  if (!tx.blockhash || !tx.confirmations) return { confirmed: false }
  return { confirmed: true, block_height: tipHeight - tx.confirmations + 1, block_hash: tx.blockhash, block_time: tx.blocktime ?? 0 }
}

/** Turns btcd's verbose transaction into Esplora's, fetching each spent output for `prevout` and
 * the fee. */
export async function esploraTx(rpc: BtcdRpc, tx: BtcdTx, tipHeight: number): Promise<EsploraTx> {
  const vin = await Promise.all(
    tx.vin.map(async (input) => {
      const coinbase = input.coinbase !== undefined
      let prevout: EsploraOutput | null = null
      if (!coinbase) {
        const previous = await rpc.call<BtcdTx>('getrawtransaction', [input.txid, 1])
        prevout = esploraOutput(previous.vout[input.vout!]!)
      }
      return {
        txid: coinbase ? '0'.repeat(64) : input.txid!,
        vout: coinbase ? 0xffffffff : input.vout!,
        prevout,
        scriptsig: coinbase ? input.coinbase! : (input.scriptSig?.hex ?? ''),
        witness: input.txinwitness ?? [],
        is_coinbase: coinbase,
        sequence: input.sequence,
      }
    }),
  )
  const vout = tx.vout.map(esploraOutput)
  const fee = vin.some((i) => i.is_coinbase) ? 0 : vin.reduce((s, i) => s + (i.prevout?.value ?? 0), 0) - vout.reduce((s, o) => s + o.value, 0)
  const size = tx.size ?? tx.hex.length / 2
  return { txid: tx.txid, version: tx.version, locktime: tx.locktime, vin, vout, size, weight: tx.weight ?? size * 4, fee, status: esploraStatus(tx, tipHeight) }
}
