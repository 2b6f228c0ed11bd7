import { keccak256, stringToHex } from 'viem'

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!)

function hueOf(seed: string): number {
  return Number.parseInt(keccak256(stringToHex(seed)).slice(2, 6), 16) % 360
}

/** Up to two capital letters from a name: 'Trust Wallet' → 'TW'. */
export function initials(name: string): string {
  const words = name.split(/[\s.-]+/).filter(Boolean)
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => w[0]) : [name.slice(0, 2)]
  return letters.join('').toUpperCase()
}

/**
 * A generated square icon: a rounded tile in a colour derived from the seed, with the initials.
 *
 * @example
 * tileIcon('MetaMask') // '<svg …>…MM…</svg>'
 */
export function tileIcon(name: string, seed = name): string {
  const hue = hueOf(seed)
  const label = escapeXml(initials(name))
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 70% 40%)"/></linearGradient></defs>
<rect width="96" height="96" rx="24" fill="url(#g)"/>
<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#fff">${label}</text>
</svg>`
}

/** A generated round icon (tokens, currencies, networks). */
export function coinIcon(symbol: string): string {
  const hue = hueOf(symbol)
  const label = escapeXml(symbol.slice(0, 4).toUpperCase())
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(symbol)}">
<circle cx="48" cy="48" r="46" fill="hsl(${hue} 65% 45%)"/><circle cx="48" cy="48" r="38" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>
<text x="48" y="${label.length > 3 ? 56 : 58}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${label.length > 3 ? 22 : 28}" font-weight="700" fill="#fff">${label}</text>
</svg>`
}
