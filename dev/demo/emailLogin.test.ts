import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { start as startBackend, type RunningBackend } from '../backend/start'
import { start as startChains, type DevChainStack } from '../chain/start'
import { start as startMailSink, type RunningMailSink } from '../mail-sink/start'
import { start as startSecureSite } from '../secure-site/start'
import { start } from './start'

let chains: DevChainStack
let sink: RunningMailSink
let backend: RunningBackend
let site: Awaited<ReturnType<typeof startSecureSite>>
let demo: Awaited<ReturnType<typeof start>>
let browser: Browser

beforeAll(async () => {
  chains = await startChains({ seed: false })
  sink = await startMailSink()
  backend = await startBackend({ chains: chains.chains, smtpUrl: sink.smtpUrl })
  site = await startSecureSite({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, publicHost: '127.0.0.1' })
  demo = await start({ backendUrl: backend.url, rpcUrls: chains.rpcUrls, secureSiteUrl: site.url, mailSinkUrl: sink.url })
  browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await site?.stop()
  await backend?.stop()
  await sink?.stop()
  await chains?.stop()
})

it('signs in to the demo by email, reading the code from the dev inbox page; only loopback is contacted', async () => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const hosts = new Set<string>()
  context.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http')) hosts.add(url.hostname)
  })
  await page.goto(demo.url)
  const email = `demo-${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Connect wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect wallet' })
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  const started = Date.now()
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  const code = page.getByRole('dialog', { name: 'Confirm your email' }).getByRole('textbox', { name: 'Six-digit code' })
  await code.waitFor({ timeout: 30_000 })
  console.log(`[measure] demo: "Continue" → code step in ${Date.now() - started} ms (cold: first frame load, Vite dev server)`)

  // The dev inbox page, linked from the demo, in another tab.
  const inbox = await context.newPage()
  await inbox.goto(`${sink.url}/?to=${encodeURIComponent(email)}`)
  const subject = await inbox.getByRole('list', { name: 'Messages' }).getByRole('heading').first().innerText()
  const otp = /^Your code: ([0-9]{6})$/.exec(subject)?.[1]
  expect(otp).toMatch(/^[0-9]{6}$/)
  await inbox.close()

  await code.fill(otp!)
  await page.getByRole('dialog', { name: 'Confirm your email' }).getByRole('button', { name: 'Verify' }).click()
  await page.getByText(/^Connected as 0x[0-9a-fA-F]{40}\.$/).waitFor({ timeout: 30_000 })
  expect([...hosts].filter((host) => host !== '127.0.0.1' && host !== 'localhost')).toEqual([])
  await context.close()
}, 90_000)
