/**
 * The dev wallet's icon: a small portico (pediment, three columns, a step) on a slate tile, drawn
 * as SVG and shipped as a data URI, as EIP-6963 asks of `info.icon`.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
<rect width="96" height="96" rx="22" fill="#1e293b"/>
<path d="M48 16 80 34H16Z" fill="#fbbf24"/>
<rect x="18" y="37" width="60" height="6" rx="1" fill="#f8fafc"/>
<rect x="24" y="46" width="8" height="28" fill="#f8fafc"/>
<rect x="44" y="46" width="8" height="28" fill="#f8fafc"/>
<rect x="64" y="46" width="8" height="28" fill="#f8fafc"/>
<rect x="14" y="76" width="68" height="6" rx="1" fill="#fbbf24"/>
</svg>`

export const devWalletIcon = `data:image/svg+xml;base64,${btoa(svg)}` as const
