/**
 * The dev Bitcoin wallet's icon: a white "B" on an orange disc, as an SVG data URI (the Wallet
 * Standard asks for a `data:image/…;base64,` icon).
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#f7931a"/><text x="16" y="22" text-anchor="middle" font-size="18" fill="#fff" font-family="sans-serif">B</text></svg>`

export const devBitcoinWalletIcon = `data:image/svg+xml;base64,${btoa(svg)}` as const
