import { join } from 'node:path'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DEFAULT_DATA_DIR } from './backend/db/openStore'
import { devPaymasterSettings } from './backend/paymasterSettings'
import { start as startBackend } from './backend/start'
import { start as startBundler } from './bundler/start'
import { SMART_ACCOUNT_CONTRACTS } from './chain/devSmartAccounts'
import { start as startBitcoin } from './bitcoin/start'
import { btcdPath } from './bitcoin/startBtcd'
import { ServerSecret } from './backend/ServerSecret'
import { start as startChains } from './chain/start'
import { start as startFarcaster } from './farcaster/start'
import { start as startMailSink } from './mail-sink/start'
import { start as startOidc } from './oidc/start'
import { phoneBitcoinKeys } from './phone/phoneBitcoinKeys'
import { start as startPhone } from './phone/start'
import { DEV_SOLANA_FUNDING, devSolanaKeypair } from './solana-rpc/devSolanaAccounts'
import { start as startRelay } from './relay/start'
import { start as startSecureSite } from './secure-site/start'
import { freePort } from './secure-site/social/freePort'
import { start as startSolana } from './solana-rpc/start'

type Stoppable = { stop(): Promise<void> }

/**
 * Starts the local stack: the two dev chains with an ERC-4337 bundler each, the local Solana RPC,
 * Bitcoin regtest (btcd and an Esplora API, when btcd is installed), the reference backend (with
 * the paymaster service), the
 * WalletConnect relay and the phone wallet page, the embedded wallet's secure site with its mail
 * sink, OpenID provider and Farcaster relay and, when `dev/demo` is there, the demo page.
 * Prints the URLs; Ctrl-C or SIGTERM stops everything.
 */
async function main() {
  const running: Stoppable[] = []
  let stopping = false
  const stopAll = async (code: number) => {
    if (stopping) return
    stopping = true
    console.log('\nStopping the local stack…')
    for (const item of running.reverse()) await item.stop().catch((error) => console.error(error))
    process.exit(code)
  }
  process.on('SIGINT', () => void stopAll(0))
  process.on('SIGTERM', () => void stopAll(0))

  try {
    const chains = await startChains()
    running.push(chains)
    const bundler = await startBundler({ chains: chains.chains })
    running.push(bundler)
    // The embedded wallet's mail (codes, device links) goes to a local SMTP sink with an inbox page.
    const mailSink = await startMailSink()
    running.push(mailSink)
    // Names and sign-in sessions are kept between runs (the chains start afresh each time).
    const storage = process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.PORTICO_DATA_DIR || DEFAULT_DATA_DIR }
    // Social login and Farcaster: the provider's clients list the secure site's callback, so its port is chosen first.
    const secureSitePort = await freePort()
    const oidc = await startOidc({ redirectUris: [`http://127.0.0.1:${secureSitePort}/social/callback.html`, `http://localhost:${secureSitePort}/social/callback.html`] })
    running.push(oidc)
    const farcaster = await startFarcaster()
    running.push(farcaster)
    const socialLogin = { oidc: { issuer: oidc.url, clientIds: oidc.clients }, farcaster: { relayUrl: farcaster.url, rpcUrl: chains.chains[0]!.rpcUrl } }
    const paymaster = devPaymasterSettings(chains.chains.map((chain) => chain.id))
    // The demo's port is chosen now too: its exact origin is the one the backend and the secure site allow.
    const demoPort = await freePort()
    const allowedOrigins = [`http://127.0.0.1:${demoPort}`]
    // The server secret of the embedded wallet's tables, outside the database: the environment's, or a file beside PGlite's directory.
    const secret = ServerSecret.fromEnvironment(process.env, storage.dataDir && join(storage.dataDir, '..', 'secret'))
    if (!secret) throw new Error('PORTICO_SECRET or PORTICO_SECRET_FILE: a server secret is needed with DATABASE_URL (e.g. `openssl rand -hex 32`)')
    const backend = await startBackend({ chains: chains.chains, storage, smtpUrl: mailSink.smtpUrl, socialLogin, allowedOrigins, secret, paymaster })
    running.push(backend)
    for (const chain of chains.chains) console.log(`Chain ${chain.id} (${chain.name}): ${chain.rpcUrl}`)
    console.log(`Backend: ${backend.url} (data: ${storage.databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${storage.dataDir}`})`)
    console.log(`  RPC proxy: ${backend.url}/v1/?chainId=eip155:31337&projectId=<any>`)
    console.log(`  Paymaster (ERC-7677): ${backend.url}/v1/paymaster?projectId=<any> (${paymaster.dailyCapPerAccount} sponsored operations per account per day)`)
    for (const { chainId, url } of bundler.bundlers) console.log(`Bundler (alto, EntryPoint v0.7 ${SMART_ACCOUNT_CONTRACTS.entryPoint}) for chain ${chainId}: ${url}`)
    console.log(`Smart accounts: factory ${SMART_ACCOUNT_CONTRACTS.accountFactory}, VerifyingPaymaster ${SMART_ACCOUNT_CONTRACTS.paymaster}`)
    console.log(`Dev accounts (10 000 ETH each): ${chains.accounts[0]} … ${chains.accounts.at(-1)}`)
    for (const token of chains.tokens) console.log(`Token ${token.symbol}: ${token.address}`)
    console.log(`Dev inbox (mail sink): ${mailSink.url} (SMTP ${mailSink.smtpUrl})`)
    console.log(`OpenID provider (social logins: ${oidc.clients.join(', ')}): ${oidc.url}`)
    console.log(`Farcaster auth relay and app: ${farcaster.url}`)
    // The secure site on its own origin; named by 127.0.0.1 like the demo, so its storage is first-party to the browser's eye.
    const secureSite = await startSecureSite({
      backendUrl: backend.url, rpcUrls: chains.rpcUrls, publicHost: '127.0.0.1', port: secureSitePort, oidcIssuer: oidc.url, farcasterRelayUrl: farcaster.url,
      // Email and social accounts are smart accounts on both chains (the visitor may switch to the EOA).
      smartAccounts: { entryPoint: SMART_ACCOUNT_CONTRACTS.entryPoint, accountFactory: SMART_ACCOUNT_CONTRACTS.accountFactory, bundlerUrls: bundler.urls },
    })
    running.push(secureSite)
    console.log(`Embedded wallet secure site: ${secureSite.url}`)
    const relay = await startRelay()
    running.push(relay)
    console.log(`WalletConnect relay: ${relay.url}`)
    const solana = await startSolana()
    running.push(solana)
    console.log(`Solana RPC (${solana.chain}, ${solana.caip2}): ${solana.url} (WebSocket ${solana.wsUrl})`)
    console.log(`Solana dev accounts (1 000 SOL each): ${solana.accounts.join(', ')}`)
    if (solana.mint) console.log(`Solana token ${solana.mint.symbol}: ${solana.mint.address}`)
    // Bitcoin: btcd in regtest behind an Esplora API, when scripts/setup.sh has installed btcd.
    let bitcoinForDemo: { url: string; caip2: string } | undefined
    let bitcoinForPhone: { caip2: string; esploraUrl: string } | undefined
    let hasBtcd = true
    try {
      btcdPath()
    } catch (error) {
      hasBtcd = false
      console.log(`Bitcoin: skipped (${(error as Error).message})`)
    }
    if (hasBtcd) {
      const bitcoin = await startBitcoin()
      running.push(bitcoin)
      console.log(`Bitcoin regtest (${bitcoin.caip2}): Esplora API ${bitcoin.url}, btcd RPC ${bitcoin.rpcUrl} (user and password: portico)`)
      bitcoinForDemo = { url: bitcoin.url, caip2: bitcoin.caip2 }
      // The phone's own Bitcoin account (dev/phone/phoneBitcoinKeys.ts), funded so that it can send over WalletConnect.
      const phonePayment = phoneBitcoinKeys().payment.address
      await bitcoin.fund(phonePayment, 100_000_000n)
      bitcoinForPhone = { caip2: bitcoin.caip2, esploraUrl: bitcoin.url }
      console.log(`Phone wallet's Bitcoin account: ${phonePayment} (1 BTC)`)
    }
    // The phone holds a Solana key of its own on the local cluster, funded like the dev accounts.
    const phoneSolana = devSolanaKeypair('phone').publicKey.toBase58()
    solana.ledger.airdrop(phoneSolana, DEV_SOLANA_FUNDING)
    const phone = await startPhone({ relayUrl: relay.url, rpcUrls: chains.rpcUrls, solana: { caip2: solana.caip2, rpcUrl: solana.url }, ...(bitcoinForPhone && { bitcoin: bitcoinForPhone }) })
    running.push(phone)
    console.log(`Phone wallet (WalletConnect): ${phone.url} (Solana account ${phoneSolana})`)

    const demoPath = fileURLToPath(new URL('./demo/start.ts', import.meta.url))
    if (existsSync(demoPath)) {
      const demo = (await import(demoPath)) as {
        start(options: { backendUrl: string; rpcUrls: Record<number, string>; relayUrl?: string; solana?: { url: string; wsUrl: string; caip2: string; mint?: object | undefined }; bitcoin?: { url: string; caip2: string }; secureSiteUrl?: string; mailSinkUrl?: string; port?: number }): Promise<{ url: string; stop(): Promise<void> }>
      }
      const solanaForDemo = { url: solana.url, wsUrl: solana.wsUrl, caip2: solana.caip2, mint: solana.mint ?? undefined }
      const page = await demo.start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, relayUrl: relay.url, solana: solanaForDemo, ...(bitcoinForDemo && { bitcoin: bitcoinForDemo }), secureSiteUrl: secureSite.url, mailSinkUrl: mailSink.url, port: demoPort })
      running.push(page)
      console.log(`Demo: ${page.url}`)
    } else {
      console.log('Demo: not present (dev/demo/start.ts), skipped')
    }
    console.log('Press Ctrl-C to stop.')
  } catch (error) {
    console.error('The local stack failed to start:', error)
    await stopAll(1)
  }
}

void main()
