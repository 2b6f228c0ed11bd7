import { useState } from 'react'

/**
 * A wallet, network or account picture; the first letter of `name` when there is no image or it
 * fails to load. Decorative: the surrounding control names it.
 */
export function Avatar({ name, src, size = 'm' }: { name: string; src?: string | undefined; size?: 'm' | 'l' }) {
  const [failed, setFailed] = useState(false)
  return (
    <span className="avatar" data-size={size} aria-hidden="true">
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}

/** A deterministic gradient for an address, so an account is recognisable without any image. */
export function AddressAvatar({ address }: { address: string }) {
  return (
    <span
      className="avatar"
      data-size="l"
      aria-hidden="true"
      style={{ background: addressGradient(address) }}
    />
  )
}

/**
 * The gradient an address is drawn with when it has no picture (the same address, the same colours).
 *
 * @example
 * addressGradient('0xf39F…') // 'linear-gradient(135deg, hsl(…) …)'
 */
export function addressGradient(address: string): string {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const hue = hash % 360
  return `linear-gradient(135deg, hsl(${hue} 70% 60%), hsl(${(hue + 70) % 360} 70% 45%))`
}
