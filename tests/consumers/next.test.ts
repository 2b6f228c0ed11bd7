import { execFileSync } from 'node:child_process'
import { getAddress } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { start, type DevChainStack } from '../../dev/chain/start'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { checkConsumerPage, logFirstLoad, type PageReport } from './checkConsumerPage'
import { consumerEnv } from './consumerEnv'
import { devWalletInitScript } from './devWalletInitScript'
import { installConsumerApp } from './installConsumerApp'
import { returningVisitor, type ReturningVisit } from './returningVisitor'
import { freePort, startServer } from './startServer'

/** No telemetry, and nothing else that would call out. */
const env = { NEXT_TELEMETRY_DISABLED: '1' }
const KEY = hardhatDevPrivateKeys[4]!
const ACCOUNT = privateKeyToAddress(KEY)
const WALLET = 'Portico Dev Wallet'

let chains: DevChainStack | undefined
let dir: string
/** The app's env: its chains are the local dev chains (`NEXT_PUBLIC_PORTICO_CHAINS`, read by `next build` and `next dev`). */
let appEnv: Record<string, string>
let walletScript: string

beforeAll(async () => {
  chains = await start({ seed: false })
  appEnv = { ...env, NEXT_PUBLIC_PORTICO_CHAINS: JSON.stringify(chains.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))) }
  walletScript = await devWalletInitScript({ chains: chains.chains, accounts: [KEY] })
  dir = installConsumerApp('next', inject('porticoTarball'))
}, 600_000)
afterAll(() => chains?.stop())

/** The returning visitor's reload: React reports no mismatch, and the button goes to the account. */
function expectRestoredWithoutMismatch(visit: () => ReturningVisit) {
  it('restores a returning visitor after a reload with no hydration error or warning, and the button goes to the account', () => {
    expect(visit().hydration).toEqual([])
    expect(visit().errors).toEqual([])
    expect(visit().restored).toContain(`${ACCOUNT.slice(0, 6)}…${ACCOUNT.slice(-4)}`)
    expect(visit().walletPanels).toBe(0)
  })
}

describe('a Next.js 16 app (app router): next build, then next start', () => {
  let html: string
  let report: PageReport
  let darkReport: PageReport
  let returning: ReturningVisit
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  beforeAll(async () => {
    execFileSync('npx', ['next', 'build'], { cwd: dir, env: consumerEnv(appEnv), stdio: ['ignore', 'inherit', 'inherit'] })
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    server = await startServer('npx', ['next', 'start', '--hostname', '127.0.0.1', '--port', String(port)], { cwd: dir, url, env: appEnv })
    html = await (await fetch(url)).text()
    report = await checkConsumerPage(url)
    logFirstLoad('Next.js', report)
    // The server cannot know a dark system preference; hydration must still match.
    darkReport = await checkConsumerPage(url, { colorScheme: 'dark' })
    returning = await returningVisitor(url, { walletScript, wallet: WALLET, account: ACCOUNT })
  }, 600_000)
  afterAll(() => server?.stop())

  it('renders the Connect button on the server', () => {
    expect(html).toMatch(/<button type="button"[^>]*>Connect wallet<\/button>/)
  })

  it('hydrates without a mismatch, opens the Connect dialog and runs Address.checksum, with no console error and no remote request', () => {
    expect(report.checksum).toBe(getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
    expect(report.errors).toEqual([])
    expect(report.remoteRequests).toEqual([])
  })

  it('hydrates without a mismatch for a browser that prefers dark too', () => {
    expect(darkReport.errors).toEqual([])
    expect(darkReport.checksum).toBe(report.checksum)
  })

  expectRestoredWithoutMismatch(() => returning)
})

describe('the same Next.js app in next dev', () => {
  let returning: ReturningVisit
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  beforeAll(async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    // The first request compiles the page: allow for it on a busy machine.
    server = await startServer('npx', ['next', 'dev', '--hostname', '127.0.0.1', '--port', String(port)], { cwd: dir, url, env: appEnv, timeoutMs: 300_000 })
    returning = await returningVisitor(url, { walletScript, wallet: WALLET, account: ACCOUNT })
  }, 600_000)
  afterAll(() => server?.stop())

  expectRestoredWithoutMismatch(() => returning)
})
