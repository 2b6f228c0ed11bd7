
import { type Stores, storeOf } from './stores'
import { readLatest } from './readLatest'
import { proxy } from 'valtio/vanilla'
import { createFeatureClients, type NftItem } from '../services/featureClients'
import { latestRun } from '../rules/latestRun'

export type NftsState = {
  /** The account's NFTs on the network, spam left out. */
  nfts: NftItem[]
  loading: boolean
  /** The NFTs could not be read (the view says so). */
  failed: boolean
  address: string | undefined
  caipNetworkId: string | undefined
}

/** The seed's spam rule: an item the API flags `is_spam` is never shown. */
export function isSpamNft(item: Pick<NftItem, 'flags'>): boolean {
  return item.flags?.is_spam === true
}

const initial = (): NftsState => ({ nfts: [], loading: false, failed: false, address: undefined, caipNetworkId: undefined })

/**
 * The Account view's NFTs tab: the account's tokens on the active network from the blockchain
 * API (which reads the chain), spam-flagged items dropped.
 *
 * @example
 * await NftsController.fetch('0xf39F…', 'eip155:31337')
 * NftsController.state.nfts // [{ name: 'Portico Rings #1', image: 'data:image/svg+xml;base64,…', … }]
 */
export function createNftsController(stores: Stores) {
  const featureClients = storeOf(stores, createFeatureClients)
  const run = latestRun()

  const NftsController = {
    state: proxy<NftsState>(initial()),

    async fetch(address: string, caipNetworkId: string): Promise<void> {
      const s = NftsController.state
      const isLatest = run.start()
      Object.assign(s, initial(), { address, caipNetworkId })
      const api = featureClients.blockchain
      if (!api) return
      await readLatest(s, isLatest, () => api.fetchNfts({ address, caipNetworkId }), (items) => (s.nfts = items.filter((item) => !isSpamNft(item))), () => (s.failed = true))
    },

    reset() {
      run.cancel()
      Object.assign(NftsController.state, initial())
    },
  }
  return NftsController
}

/** A Portico's NFTs store. */
export type NftsController = ReturnType<typeof createNftsController>
