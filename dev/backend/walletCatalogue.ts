import { keccak256, stringToHex } from 'viem'

/** A wallet as `GET /getWallets` lists it. */
export type CatalogueWallet = {
  id: string
  name: string
  homepage: string
  image_id: string
  order: number
  /** The phone app: its scheme (`rainbow://`), or for a few wallets a universal link (`https://…/`). */
  mobile_link: string | null
  /** A universal link the phone app also answers, for apps that prefer universal links. */
  link_mode: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  rdns: string | null
  injected: { namespace: string; injected_id: string }[] | null
  chains: string[]
  badge_type: 'none' | 'certified'
  supports_wc: boolean
}

/** Well-known ids the modal's filtering rules refer to. */
export const WALLET_IDS = {
  coinbase: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa',
  phantom: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
  solflare: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79',
} as const

const EVM = ['eip155:1', 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161', 'eip155:31337', 'eip155:31338']
const SOLANA = ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']
const BITCOIN = ['bip122:000000000019d6689c085ae165831e93']

/**
 * name, rdns, platforms (m = mobile app, d = desktop app, w = web app, x = browser extension,
 * u = the phone app is reached by a universal link only), chain families (e = EVM, s = Solana,
 * b = Bitcoin), certified.
 */
const rows: [string, string | null, string, string, boolean][] = [
  ['MetaMask', 'io.metamask', 'mx', 'e', true],
  ['Trust Wallet', 'com.trustwallet.app', 'mx', 'esb', true],
  ['Coinbase Wallet', 'com.coinbase.wallet', 'mxw', 'es', true],
  ['Rainbow', 'me.rainbow', 'mx', 'e', true],
  ['Phantom', 'app.phantom', 'mx', 'esb', true],
  ['Solflare', 'com.solflare', 'mx', 's', false],
  ['Ledger Live', 'com.ledger', 'md', 'eb', true],
  ['Zerion', 'io.zerion.wallet', 'mx', 'e', true],
  ['OKX Wallet', 'com.okex.wallet', 'mx', 'esb', true],
  ['Rabby Wallet', 'io.rabby', 'x', 'e', false],
  ['Uniswap Wallet', 'org.uniswap.app', 'mx', 'e', true],
  ['Safe', null, 'muw', 'e', true],
  ['Argent', null, 'mu', 'e', false],
  ['imToken', 'im.token', 'm', 'eb', false],
  ['TokenPocket', 'pro.tokenpocket', 'mx', 'es', false],
  ['Bitget Wallet', 'com.bitget.web3', 'mx', 'esb', true],
  ['Exodus', 'com.exodus.web3-wallet', 'mdx', 'esb', false],
  ['Frame', 'sh.frame', 'd', 'e', false],
  ['Brave Wallet', 'com.brave.wallet', 'mx', 'es', false],
  ['Backpack', 'app.backpack', 'mx', 'es', false],
  ['Taho', 'xyz.taho', 'x', 'e', false],
  ['Enkrypt', 'com.enkrypt', 'x', 'eb', false],
  ['Zengo', null, 'm', 'eb', false],
  ['1inch Wallet', 'io.1inch.wallet', 'm', 'e', false],
  ['MEW wallet', 'com.myetherwallet', 'm', 'e', false],
  ['Coin98', 'coin98.com', 'mx', 'es', false],
  ['SafePal', 'io.safepal', 'mx', 'esb', false],
  ['Binance Wallet', 'com.binance.wallet', 'm', 'esb', true],
  ['Crypto.com Onchain', 'com.crypto.wallet', 'mx', 'e', false],
  ['MathWallet', 'org.mathwallet', 'mx', 'es', false],
  ['Trezor Suite', null, 'dw', 'eb', false],
  ['Core', 'app.core.extension', 'mx', 'e', false],
  ['Family', null, 'm', 'e', false],
  ['Xverse', 'com.xverse', 'mx', 'b', false],
  ['Leather', 'io.leather', 'x', 'b', false],
  ['Portico Dev Wallet', 'dev.portico.wallet', 'x', 'e', false],
  ['Ambire Wallet', 'com.ambire', 'mxw', 'e', false],
  ['Rainbow Lite', null, 'w', 'e', false],
  ['Keystone', null, 'm', 'eb', false],
  ['OneKey', 'so.onekey.app.wallet', 'mdx', 'esb', false],
  ['Tangem', null, 'm', 'eb', false],
  ['Nufi', 'com.nufi', 'x', 'es', false],
  ['Glow', 'com.glow', 'mx', 's', false],
  ['Unisat', 'io.unisat', 'x', 'b', false],
  ['Web Wallet Only', null, 'w', 'e', false],
  ['Desktop Only Wallet', null, 'd', 'e', false],
]

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
const idOf = (name: string) =>
  name === 'Coinbase Wallet' ? WALLET_IDS.coinbase
  : name === 'Phantom' ? WALLET_IDS.phantom
  : name === 'Solflare' ? WALLET_IDS.solflare
  : keccak256(stringToHex(`portico:${name}`)).slice(2)

/**
 * The bundled wallet catalogue (a few dozen wallets, in listing order). Links have the forms real
 * wallets use — app schemes (`rainbow://`), universal links (`https://link.rainbow.example/`),
 * desktop schemes and web apps — on made-up `.example` hosts; icons are drawn by `walletIcon`.
 */
export const WALLET_CATALOGUE: readonly CatalogueWallet[] = rows.map(([name, rdns, platforms, families, certified], index) => {
  const s = slug(name)
  const scheme = s.replace(/-/g, '')
  const mobile = platforms.includes('m')
  const universal = `https://link.${s}.example/`
  return {
    id: idOf(name),
    name,
    homepage: `https://${s}.example`,
    image_id: `img-${idOf(name).slice(0, 16)}`,
    order: index + 1,
    mobile_link: !mobile ? null : platforms.includes('u') ? universal : `${scheme}://`,
    link_mode: mobile && certified ? universal : null,
    desktop_link: platforms.includes('d') ? `${scheme}desktop://` : null,
    webapp_link: platforms.includes('w') ? `https://app.${s}.example` : null,
    app_store: mobile ? `https://apps.apple.example/${s}` : null,
    play_store: mobile ? `https://play.google.example/${s}` : null,
    chrome_store: platforms.includes('x') ? `https://chromewebstore.example/${s}` : null,
    rdns,
    injected: platforms.includes('x') && rdns ? [{ namespace: 'eip155', injected_id: rdns }] : null,
    chains: [...(families.includes('e') ? EVM : []), ...(families.includes('s') ? SOLANA : []), ...(families.includes('b') ? BITCOIN : [])],
    badge_type: certified ? 'certified' : 'none',
    supports_wc: mobile || platforms.includes('d') || platforms.includes('w'),
  }
})
