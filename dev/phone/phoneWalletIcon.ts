/**
 * The phone wallet's icon, sent to apps in its WalletConnect metadata: a handset with the dev
 * wallet's portico on its screen, drawn as SVG and shipped as a data URI (nothing to fetch).
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
<rect width="96" height="96" rx="22" fill="#0f766e"/>
<rect x="28" y="10" width="40" height="76" rx="8" fill="#f8fafc"/>
<rect x="32" y="18" width="32" height="56" rx="3" fill="#1e293b"/>
<path d="M48 26 60 34H36Z" fill="#fbbf24"/>
<rect x="38" y="37" width="4" height="22" fill="#f8fafc"/>
<rect x="46" y="37" width="4" height="22" fill="#f8fafc"/>
<rect x="54" y="37" width="4" height="22" fill="#f8fafc"/>
<rect x="35" y="62" width="26" height="4" fill="#fbbf24"/>
<circle cx="48" cy="80" r="3" fill="#1e293b"/>
</svg>`

export const phoneWalletIcon = `data:image/svg+xml;base64,${btoa(svg)}` as const
