import { useEffect } from 'react'
import { useSnapshot } from 'valtio/react'
import { createNftsController } from '../../../controllers/NftsController'
import { Spinner } from '../../components/Spinner'
import { useMessages } from '../../i18n/useMessages'
import { useController } from '../../../react/PorticoContext'

/** The account's NFTs on the active network, as a grid of their images (spam hidden); loaded with the tab. */
export default function AccountNfts({ address, caipNetworkId }: { address: string; caipNetworkId: string | undefined }) {
  const NftsController = useController(createNftsController)
  const m = useMessages()
  const { nfts, loading, failed } = useSnapshot(NftsController.state)
  useEffect(() => {
    if (address && caipNetworkId) void NftsController.fetch(address, caipNetworkId)
  }, [address, caipNetworkId])

  if (failed) return <p className="error-text" role="alert" style={{ padding: '12px 0', textAlign: 'center' }}>{m.nfts.failed}</p>
  if (nfts.length === 0) {
    return loading ? <Spinner label={m.nfts.loading} /> : <p className="muted" style={{ padding: '12px 0', textAlign: 'center' }}>{m.nfts.none}</p>
  }
  return (
    <ul className="list" aria-label={m.nfts.label} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
      {nfts.map((nft) => (
        <li key={nft.id} style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <img src={nft.image} alt={nft.name} width={96} height={96} loading="lazy"
            style={{ width: '100%', height: 'auto', aspectRatio: '1', borderRadius: 'var(--portico-radius-s)' }} />
          <span className="muted" style={{ fontSize: 'var(--portico-text-xs)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} aria-hidden="true">{nft.name}</span>
        </li>
      ))}
    </ul>
  )
}
