import type { EIP1193Provider } from '../Connector'

/** EIP-6963 `info`: who the wallet is. */
export type EIP6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string }

/** EIP-6963 announcement detail. */
export type EIP6963ProviderDetail = { info: EIP6963ProviderInfo; provider: EIP1193Provider }

/** A type guard for an `eip6963:announceProvider` detail; malformed announcements are ignored. */
export function isEIP6963ProviderDetail(value: unknown): value is EIP6963ProviderDetail {
  const detail = value as Partial<EIP6963ProviderDetail> | null
  const info = detail?.info
  return (
    typeof info === 'object' &&
    info !== null &&
    typeof info.uuid === 'string' &&
    typeof info.name === 'string' &&
    typeof info.icon === 'string' &&
    typeof info.rdns === 'string' &&
    info.rdns !== '' &&
    typeof detail?.provider?.request === 'function'
  )
}

/**
 * Listens for `eip6963:announceProvider` on `target` and asks every wallet to announce itself
 * (`eip6963:requestProvider`). Returns a function that stops listening.
 *
 * @example
 * const stop = watchAnnouncedProviders(window, (detail) => console.log(detail.info.name))
 */
export function watchAnnouncedProviders(target: EventTarget, onAnnounce: (detail: EIP6963ProviderDetail) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (isEIP6963ProviderDetail(detail)) onAnnounce(detail)
  }
  target.addEventListener('eip6963:announceProvider', listener)
  target.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', listener)
}
