/**
 * The dev Solana wallet's icon: three slanted bars (Solana's stripes) on a slate tile, as an SVG
 * data URI (the Wallet Standard asks for a `data:image/…;base64,` icon).
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
<rect width="96" height="96" rx="22" fill="#1e293b"/>
<path d="M30 28h44l-8 9H22z" fill="#fbbf24"/>
<path d="M22 44h44l8 9H30z" fill="#f8fafc"/>
<path d="M30 60h44l-8 9H22z" fill="#fbbf24"/>
</svg>`

export const devSolanaWalletIcon = `data:image/svg+xml;base64,${btoa(svg)}` as const
