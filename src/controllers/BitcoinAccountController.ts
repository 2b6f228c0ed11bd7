import { readLatest } from './readLatest'
import { proxy } from 'valtio/vanilla'
import type { BitcoinActivityItem } from '../api/EsploraClient'
import { ACCOUNT_MESSAGES, NO_NOTICE, type StoreNotice, storeNotice } from '../errors/errorMessages'
import { errorOf, PorticoError } from '../errors/PorticoError'
import type { Network } from '../networks/Network'
import { latestRun } from '../rules/latestRun'
import { storeOf } from './stores'

export type { BitcoinActivityItem } from '../api/EsploraClient'

/** What the Bitcoin account view reads from the network's Esplora API; handed in by `wireBitcoin`. */
export type BitcoinReadClient = { getActivity(address: string, network: Network): Promise<BitcoinActivityItem[]> }

export type BitcoinAccountState = StoreNotice & { activity: BitcoinActivityItem[] | undefined; loading: boolean }

const initial = (): BitcoinAccountState => ({ activity: undefined, loading: false, ...NO_NOTICE })

/**
 * Makes a Portico's Bitcoin account store.
 *
 * The Bitcoin account's activity, from Esplora's `/address/:a/txs` through the client handed in.
 * Each `fetch` replaces the last; a read that finishes after a newer one started is dropped.
 *
 * @example
 * await BitcoinAccountController.fetch(address, network)
 * BitcoinAccountController.state.activity // [{ txid, confirmed, net: -100_141n, … }]
 */
export function createBitcoinAccountController() {
  let client: BitcoinReadClient | undefined
  const run = latestRun()

  const BitcoinAccountController = {
    state: proxy<BitcoinAccountState>(initial()),

    setClient(next: BitcoinReadClient | undefined) {
      client = next
    },

    async fetch(address: string, network: Network): Promise<void> {
      const s = BitcoinAccountController.state
      Object.assign(s, NO_NOTICE)
      await readLatest(
        s,
        run.start(),
        () => {
          if (!client) throw errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp')
          return client.getActivity(address, network)
        },
        (activity) => (s.activity = activity),
        (error) => Object.assign(s, error instanceof PorticoError && error.errorCode !== 'bitcoinNode' ? { ...NO_NOTICE, error: error.shortMessage } : storeNotice('activityFailed')),
      )
    },

    reset() {
      run.cancel()
      Object.assign(BitcoinAccountController.state, initial())
    },
  }
  return BitcoinAccountController
}

/** A Portico's Bitcoin account store. */
export type BitcoinAccountController = ReturnType<typeof createBitcoinAccountController>
