/** The parts of btcd's verbose transaction (`getrawtransaction txid 1`, `searchrawtransactions`)
 * the Esplora API reads. Amounts are BTC as floating-point numbers. */
export type BtcdTx = {
  hex: string
  txid: string
  version: number
  locktime: number
  size?: number
  vsize?: number
  weight?: number
  blockhash?: string
  confirmations?: number
  blocktime?: number
  vin: BtcdVin[]
  vout: { value: number; n: number; scriptPubKey: { hex: string; type: string; addresses?: string[]; address?: string } }[]
}

export type BtcdVin = {
  coinbase?: string
  txid?: string
  vout?: number
  scriptSig?: { hex: string }
  txinwitness?: string[]
  sequence: number
  /** With `searchrawtransactions … vinextra=1`: the spent output's addresses and value. */
  prevOut?: { addresses?: string[]; value: number }
}

/** BTC (a float) to satoshis. */
export const sats = (btc: number): number => Math.round(btc * 1e8)

/** The addresses an output pays (btcd lists them; newer releases give one `address`). */
export const outputAddresses = (o: BtcdTx['vout'][number]): string[] => o.scriptPubKey.addresses ?? (o.scriptPubKey.address ? [o.scriptPubKey.address] : [])
