import { proxy } from 'valtio/vanilla'
import { featureClients, type NftItem } from './featureClients'

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
let seq = 0

/**
 * The Account view's NFTs tab: the account's tokens on the active network from the blockchain
 * API (which reads the chain), spam-flagged items dropped.
 *
 * @example
 * await NftsController.fetch('0xf39F…', 'eip155:31337')
 * NftsController.state.nfts // [{ name: 'Portico Rings #1', image: 'data:image/svg+xml;base64,…', … }]
 */
export const NftsController = {
  state: proxy<NftsState>(initial()),

  async fetch(address: string, caipNetworkId: string): Promise<void> {
    const s = NftsController.state
    const id = ++seq
    Object.assign(s, initial(), { address, caipNetworkId, loading: true })
    const api = featureClients.blockchain
    if (!api) return void Object.assign(s, { loading: false })
    try {
      const items = await api.fetchNfts({ address, caipNetworkId })
      if (id === seq) s.nfts = items.filter((item) => !isSpamNft(item))
    } catch {
      if (id === seq) s.failed = true
    } finally {
      if (id === seq) s.loading = false
    }
  },

  reset() {
    seq++
    Object.assign(NftsController.state, initial())
  },
}
