import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start } from './start'

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

let chains: DevChainStack
let backend: RunningBackend
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  backend = await startBackend({ chains: chains.chains })
  demo = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await backend?.stop()
  await chains?.stop()
})

/** axe-core's findings on the whole page (every rule it runs by default), as `rule: target` lines. */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource })
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe
    return (await axe.run(document)).violations
  })
  return found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)}`))
}

async function open(width: number, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } })
  await page.goto(`${demo.url}${path}`)
  await page.getByRole('button', { name: 'Connect wallet' }).waitFor()
  return page
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [360, 1280]) {
    it(`axe finds nothing on the demo page and the lab, ${theme}, ${width} px`, async () => {
      const demoPage = await open(width, `?theme=${theme}`)
      expect(await violations(demoPage)).toEqual([])
      // Connected, with a request's answer and a request's error shown on the lab.
      const lab = await open(width, `lab?theme=${theme}`)
      await lab.getByRole('button', { name: 'Solana signMessage', exact: true }).click()
      await lab.getByRole('status', { name: 'Solana signMessage result' }).getByText('Connect a Solana wallet first.', { exact: false }).waitFor()
      await lab.getByRole('button', { name: 'Connect wallet' }).click()
      await lab.getByRole('dialog', { name: 'Connect wallet' }).getByRole('button', { name: /Portico Dev Wallet/ }).click()
      await lab.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()
      await lab.getByRole('button', { name: 'personal_sign', exact: true }).click()
      await lab.getByRole('dialog', { name: 'Portico Dev Wallet' }).getByRole('button', { name: 'Approve' }).click()
      await lab.getByRole('status', { name: 'personal_sign result' }).getByText(/^Verified/).waitFor()
      expect(await violations(lab)).toEqual([])
      // The connected button stays inside the screen.
      const box = (await lab.getByRole('button', { name: /0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/ }).boundingBox())!
      expect({ left: box.x >= 0, right: box.x + box.width <= width }).toEqual({ left: true, right: true })
      await demoPage.close()
      await lab.close()
    }, 90_000)
  }
}
