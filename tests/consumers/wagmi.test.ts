import { execFileSync, spawnSync } from 'node:child_process'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createPublicClient, getAddress, http, parseEther, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { start, type DevChainStack } from '../../dev/chain/start'
import { hardhatDevPrivateKeys } from '../../dev/wallet/devAccounts'
import { chromiumLaunchOptions } from '../../vite.config'
import { checkConsumerPage, logFirstLoad, type PageReport } from './checkConsumerPage'
import { consumerEnv } from './consumerEnv'
import { devWalletInitScript } from './devWalletInitScript'
import { installConsumerApp } from './installConsumerApp'
import { textOf } from './textOf'
import { freePort, startServer } from './startServer'

const KEY = hardhatDevPrivateKeys[3]!
const ACCOUNT = privateKeyToAddress(KEY)
const WALLET = 'Portico Dev Wallet'

/** Plays the person in front of the wallet: waits for its panel asking `title`, then approves. */
async function approveInWallet(page: Page, title: string) {
  const panel = page.getByRole('dialog', { name: WALLET })
  await panel.getByText(title, { exact: true }).waitFor({ timeout: 30_000 })
  await panel.getByRole('button', { name: 'Approve' }).click()
}

describe('a wagmi 3 app with portico/wagmi (Vite 8 + React 19): production build, the dev wallet, the local chains', () => {
  let chains: DevChainStack | undefined
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  let browser: Browser | undefined
  let url: string
  let dir: string

  beforeAll(async () => {
    chains = await start({ seed: false })
    dir = installConsumerApp('wagmi', inject('porticoTarball'))
    const listed = chains.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl }))
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: dir,
      env: consumerEnv({ VITE_PORTICO_CHAINS: JSON.stringify(listed) }),
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    const port = await freePort()
    url = `http://127.0.0.1:${port}/`
    server = await startServer('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, url })
    browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await chains?.stop()
  })

  it('imports in plain Node (a server: no DOM), and the process exits by itself', () => {
    const script = "const wagmi = await import('portico/wagmi'); console.log(JSON.stringify(Object.keys(wagmi)))"
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env: consumerEnv(), encoding: 'utf8', timeout: 20_000 })
    expect(run.error).toBeUndefined() // a timeout (something kept the process alive) is an error here
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(['porticoConnector'])
  })

  for (const resolution of ['bundler', 'node16']) {
    it(`type-checks portico/wagmi beside wagmi with tsc --noEmit --strict under moduleResolution ${resolution}`, () => {
      const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', `tsconfig.${resolution}.json`], { cwd: dir, env: consumerEnv(), encoding: 'utf8' })
      expect(tsc.stdout + tsc.stderr).toBe('')
      expect(tsc.status).toBe(0)
    })
  }

  it('opens the Connect dialog and runs Address.checksum in the page, with no console error and no remote request', async () => {
    const report: PageReport = await checkConsumerPage(url)
    logFirstLoad('wagmi', report)
    expect(report.checksum).toBe(getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
    expect(report.errors).toEqual([])
    expect(report.remoteRequests).toEqual([])
  })

  it('connects through the modal, sends with useSendTransaction, switches network, restores after a reload and disconnects', async () => {
    const [chainA, chainB] = chains!.chains as [DevChainStack['chains'][0], DevChainStack['chains'][0]]
    const node = createPublicClient({ transport: http(chainA.rpcUrl) })
    const page = await browser!.newPage()
    const errors: string[] = []
    const remote: string[] = []
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
    page.on('request', (request) => {
      const { hostname } = new URL(request.url())
      if (hostname !== '127.0.0.1' && hostname !== 'localhost' && !request.url().startsWith('data:')) remote.push(request.url())
    })
    await page.addInitScript(await devWalletInitScript({ chains: chains!.chains, accounts: [KEY] }))
    await page.goto(url)
    const status = page.getByRole('status', { name: 'wagmi status', exact: true })
    const address = page.getByRole('status', { name: 'wagmi address', exact: true })
    const chain = page.getByRole('status', { name: 'wagmi chain', exact: true })
    const error = page.getByRole('status', { name: 'wagmi error', exact: true })
    await textOf(status, 'disconnected')

    // wagmi's connect opens Portico's modal; the visitor picks the wallet and approves there.
    await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
    const modal = page.getByRole('dialog', { name: 'Connect wallet', exact: true })
    await modal.getByRole('button', { name: new RegExp(WALLET) }).click()
    await approveInWallet(page, `Connect to ${new URL(url).host}`)
    await textOf(status, 'connected')
    expect(await textOf(address, ACCOUNT)).toBe(ACCOUNT)
    expect(await textOf(chain, String(chainA.id))).toBe(String(chainA.id))
    await modal.waitFor({ state: 'detached' })

    // useSendTransaction: the wallet asks, the local chain mines, the balances move by exactly what was spent.
    const receiver = privateKeyToAddress(generatePrivateKey())
    const before = await node.getBalance({ address: ACCOUNT })
    await page.getByRole('textbox', { name: 'Receiver' }).fill(receiver)
    await page.getByRole('button', { name: 'Send 0.25 ETH' }).click()
    await approveInWallet(page, 'Send 0.25 ETH')
    const hash = (await textOf(page.getByRole('status', { name: 'wagmi transaction', exact: true }), /^0x[0-9a-f]{64}$/)) as Hash
    const receipt = await node.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.25'))
    expect(await node.getBalance({ address: ACCOUNT })).toBe(before - parseEther('0.25') - receipt.gasUsed * receipt.effectiveGasPrice)

    // useSwitchChain goes through Portico's network switch.
    await page.getByRole('button', { name: 'Switch network with wagmi' }).click()
    await approveInWallet(page, `Switch to ${chainB.name}`)
    await textOf(chain, String(chainB.id))
    await expect.poll(() => page.getByRole('button', { name: new RegExp(chainB.name) }).count()).toBeGreaterThan(0)

    // A reload: Portico restores the connection without asking, and wagmi reconnects to it.
    await page.reload()
    await textOf(status, 'connected')
    await textOf(address, ACCOUNT)
    await textOf(chain, String(chainB.id))
    expect(await page.getByRole('dialog', { name: WALLET }).count()).toBe(0)

    // useDisconnect: wagmi and Portico's button both show the disconnected state.
    await page.getByRole('button', { name: 'Disconnect with wagmi' }).click()
    await textOf(status, 'disconnected')
    await page.getByRole('button', { name: 'Connect wallet' }).waitFor()

    expect(await error.textContent()).toBe('')
    expect(errors).toEqual([])
    expect(remote).toEqual([])
    await page.close()
  })
})
