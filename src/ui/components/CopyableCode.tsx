import { copyText } from '../copyText'
import { IconButton } from './Button'
import { useStores } from '../../react/PorticoContext'

/**
 * A long machine value (a transaction hash, a signature) in full, left to right in every locale,
 * named by `label`, with a copy button beside it that says `copiedMessage` once copied.
 *
 * @example
 * <CopyableCode value={hash} label={m.send.hash} copyLabel={m.send.copyHash} copiedMessage={m.send.copied} />
 */
export function CopyableCode({ value, label, copyLabel, copiedMessage }: { value: string; label: string; copyLabel: string; copiedMessage: string }) {
  const stores = useStores()
  return (
    <div className="row" style={{ justifyContent: 'center', gap: 4, maxWidth: '100%' }}>
      <code className="ltr" aria-label={label} style={{ overflowWrap: 'anywhere', fontSize: 'var(--portico-text-xs)' }}>{value}</code>
      <IconButton icon="copy" label={copyLabel} style={{ flex: 'none' }} onClick={() => copyText(stores, value, copiedMessage)} />
    </div>
  )
}
