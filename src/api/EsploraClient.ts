import { errorOf } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { SETUP_MESSAGES } from '../errors/setupMessages'
import type { Network } from '../networks/Network'

/** An address's funds as Esplora's `/address/:a` reports them (confirmed and in the mempool). */
type AddressStats = { funded_txo_sum: number; spent_txo_sum: number }
type AddressInfo = { address: string; chain_stats: AddressStats; mempool_stats: AddressStats }

/** The Esplora API of a Bitcoin network: its first RPC URL. */
export function esploraUrl(network: Network): string {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw errorOf(SETUP_MESSAGES, 'noRpcUrl', { network: network.caipNetworkId })
  return url.replace(/\/+$/, '')
}

/** A GET on the network's Esplora API, read as JSON; a non-2xx answer fails with the server's words. */
export async function esploraGet<T>(network: Network, path: string, fetcher: typeof fetch = fetch): Promise<T> {
  const response = await fetcher(`${esploraUrl(network)}${path}`)
  if (!response.ok) throw errorOf(ACCOUNT_MESSAGES, 'bitcoinNode', { reason: `${response.status} ${(await response.text()).slice(0, 200)}`.trim() })
  return (await response.json()) as T
}

/**
 * The balance of `address` in satoshis: what its outputs received minus what they spent,
 * confirmed and unconfirmed (`/address/:a`), which equals the sum of its UTXOs.
 *
 * @example
 * await bitcoinBalance('bcrt1q…', regtest) // 5_000_000n
 */
export async function bitcoinBalance(address: string, network: Network, fetcher: typeof fetch = fetch): Promise<bigint> {
  const info = await esploraGet<AddressInfo>(network, `/address/${encodeURIComponent(address)}`, fetcher)
  const net = (s: AddressStats) => BigInt(s.funded_txo_sum) - BigInt(s.spent_txo_sum)
  return net(info.chain_stats) + net(info.mempool_stats)
}

/** One transaction of an address's history, as the Activity tab shows it. */
export type BitcoinActivityItem = { txid: string; confirmed: boolean; blockTime: number | undefined; /** Satoshis in minus satoshis out for the address. */ net: bigint; fee: bigint }

type EsploraTxSummary = {
  txid: string
  fee: number
  status: { confirmed: boolean; block_time?: number }
  vin: { prevout: { scriptpubkey_address?: string; value: number } | null }[]
  vout: { scriptpubkey_address?: string; value: number }[]
}

/**
 * The latest transactions of `address` (`/address/:a/txs`, newest first), each with what it
 * did to the address's balance.
 *
 * @example
 * (await bitcoinActivity('bcrt1q…', regtest))[0] // { txid, confirmed: true, net: -100_141n, … }
 */
export async function bitcoinActivity(address: string, network: Network, fetcher: typeof fetch = fetch): Promise<BitcoinActivityItem[]> {
  const txs = await esploraGet<EsploraTxSummary[]>(network, `/address/${encodeURIComponent(address)}/txs`, fetcher)
  return txs.map((tx) => {
    const received = tx.vout.filter((o) => o.scriptpubkey_address === address).reduce((sum, o) => sum + BigInt(o.value), 0n)
    const spent = tx.vin.filter((i) => i.prevout?.scriptpubkey_address === address).reduce((sum, i) => sum + BigInt(i.prevout!.value), 0n)
    return { txid: tx.txid, confirmed: tx.status.confirmed, blockTime: tx.status.block_time, net: received - spent, fee: BigInt(tx.fee) }
  })
}
