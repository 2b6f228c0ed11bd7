import * as btc from '@scure/btc-signer'
import { bitcoinBalance, esploraGet, esploraUrl } from '../../api/EsploraClient'
import type { Network } from '../../networks/Network'
import { isUserRejection, WalletError } from '../walletErrors'
import { bitcoinNetworkNameOf } from '../../networks/bitcoinChains'
import type { BitcoinSendClient } from './BitcoinSendClient'
import type { BitcoinWalletProvider } from './BitcoinWalletProvider'

type Utxo = { txid: string; vout: number; value: number }

/** The address encodings of each network, as @scure/btc-signer takes them. */
const PARAMS = {
  mainnet: btc.NETWORK,
  testnet: btc.TEST_NETWORK,
  signet: btc.TEST_NETWORK,
  regtest: { ...btc.TEST_NETWORK, bech32: 'bcrt' },
} as const

const paramsOf = (network: Network) => PARAMS[bitcoinNetworkNameOf(network.caipNetworkId) ?? 'mainnet']

/** Esplora's estimate for the first of `targets` (blocks) it has, else `fallback`; at least 1 sat/vB. */
function estimate(estimates: Record<string, number>, targets: readonly number[], fallback: number): number {
  for (const target of targets) {
    const rate = estimates[String(target)]
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) return Math.max(1, Math.ceil(rate))
  }
  return fallback
}

/** Polls `/tx/:id/status` every 500 ms for up to 30 s. */
async function waitForBlock(txid: string, network: Network): Promise<'confirmed' | 'pending'> {
  for (let i = 0; i < 60; i++) {
    const status = await esploraGet<{ confirmed: boolean }>(network, `/tx/${txid}/status`).catch(() => undefined)
    if (status?.confirmed) return 'confirmed'
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return 'pending'
}

/**
 * The {@link BitcoinSendClient} over the connected wallet and the network's Esplora API: the
 * payment address's UTXOs selected by @scure/btc-signer (largest first, change back to the
 * address), the PSBT signed by the wallet (`bitcoin:signTransaction`), finalized here and
 * broadcast through `POST /tx`. Loaded with the first Bitcoin send, never at page load.
 *
 * @example
 * BitcoinSendController.setClient(createBitcoinSendClient(() => portico.getProvider('bip122')))
 */
export function createBitcoinSendClient(getProvider: () => BitcoinWalletProvider | undefined): BitcoinSendClient {
  return {
    async feeRates(network) {
      const estimates = await esploraGet<Record<string, number>>(network, '/fee-estimates')
      const slow = estimate(estimates, [144, 25, 12], 1)
      const normal = Math.max(slow, estimate(estimates, [6, 5, 4, 3], slow))
      const fast = Math.max(normal, estimate(estimates, [1, 2], normal))
      return { slow, normal, fast }
    },

    async build({ from, to, amount, feeRate, network }) {
      const params = paramsOf(network)
      const script = btc.OutScript.encode(btc.Address(params).decode(from))
      const utxos = await esploraGet<Utxo[]>(network, `/address/${encodeURIComponent(from)}/utxo`)
      const selected = btc.selectUTXO(
        utxos.map((u) => ({ txid: u.txid, index: u.vout, witnessUtxo: { script, amount: BigInt(u.value) } })),
        [{ address: to, amount }],
        'default',
        { changeAddress: from, feePerByte: BigInt(feeRate), bip69: false, createTx: true, network: params },
      )
      if (!selected?.tx) return undefined
      return { psbt: selected.tx.toPSBT(0), inputs: Array.from({ length: selected.tx.inputsLength }, (_, i) => i) }
    },

    async send(built, from, network) {
      const provider = getProvider()
      if (!provider) throw WalletError.coded('walletDisconnected')
      let signed: Uint8Array
      try {
        signed = await provider.signPsbt(built.psbt, [{ address: from, indexes: built.inputs }])
      } catch (error) {
        // The same words as an EVM or Solana send that the person refuses.
        if (isUserRejection(error)) throw new WalletError('Transaction rejected in the wallet', { code: 4001, cause: error instanceof Error ? error : undefined })
        throw error
      }
      const tx = btc.Transaction.fromPSBT(signed)
      tx.finalize()
      const response = await fetch(`${esploraUrl(network)}/tx`, { method: 'POST', body: tx.hex })
      const text = (await response.text()).trim()
      if (!response.ok) throw WalletError.coded('walletRequestFailed', { details: `The node refused the transaction: ${text.slice(0, 300)}` })
      return text
    },

    confirm: waitForBlock,

    balanceOf: (address, network) => bitcoinBalance(address, network),
  }
}
