import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from '../../vite.config'

/** What a consumer page did in Chromium. */
export type PageReport = {
  /** Console errors, uncaught exceptions (hydration mismatches land here too) and failed responses. */
  errors: string[]
  /** Requests to any host other than 127.0.0.1 / localhost. */
  remoteRequests: string[]
  /** Scripts the page loaded before the Connect button was clicked (URLs). */
  scriptsBeforeClick: string[]
  /** Those of them requested once `PorticoProvider` started preloading the modal, the page being idle. */
  scriptsPreloaded: string[]
  /** The bytes of the others as served, gzipped (level 9): the first load, React and the app's code included. */
  firstLoadGzipBytes: number
  /** What the page's own `Address.checksum` call printed. */
  checksum: string
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost'])

/**
 * Opens a consumer app's page in Chromium and uses it as a person would: the Connect button opens
 * the dialog named by its title; Escape closes it; the "Checksum" button runs `portico/core`'s
 * `Address.checksum` inside the page and shows the result in the output named "EIP-55 checksum".
 * `colorScheme` is the system preference the page sees.
 */
export async function checkConsumerPage(url: string, { colorScheme = 'light' }: { colorScheme?: 'light' | 'dark' } = {}): Promise<PageReport> {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
  try {
    const page = await browser.newPage({ colorScheme })
    const report: PageReport = { errors: [], remoteRequests: [], scriptsBeforeClick: [], scriptsPreloaded: [], firstLoadGzipBytes: 0, checksum: '' }
    const gzipBytes = new Map<string, number>()
    const bodies: Promise<void>[] = []
    let clicked = false
    page.on('console', (message) => {
      if (message.type() === 'error') report.errors.push(message.text())
    })
    page.on('response', (response) => {
      if (response.status() >= 400) report.errors.push(`${response.status()} ${response.url()}`)
      else if (!clicked && response.request().resourceType() === 'script') {
        bodies.push(response.body().then((body) => void gzipBytes.set(response.url(), gzipSync(body, { level: 9 }).length)))
      }
    })
    page.on('pageerror', (error) => report.errors.push(`${error.name}: ${error.message}`))
    page.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url())
      if ((protocol === 'http:' || protocol === 'https:' || protocol === 'ws:' || protocol === 'wss:') && !LOCAL_HOSTS.has(hostname)) report.remoteRequests.push(request.url())
      if (!clicked && request.resourceType() === 'script') report.scriptsBeforeClick.push(request.url())
    })
    await page.goto(url, { waitUntil: 'networkidle' })

    const connect = page.getByRole('button', { name: 'Connect wallet' })
    await connect.waitFor({ timeout: 30_000 })
    clicked = true
    await Promise.all(bodies)
    // The modal's chunks, fetched once the page is idle (`preloadWhenIdle` marks the moment), are not
    // part of the first load.
    const preloadStarts = (await page.evaluate(`(() => {
      const mark = performance.getEntriesByName('portico:preload-modal')[0]
      return mark ? performance.getEntriesByType('resource').filter((e) => e.startTime >= mark.startTime).map((e) => e.name) : []
    })()`)) as string[]
    report.scriptsPreloaded = report.scriptsBeforeClick.filter((script) => preloadStarts.includes(script))
    for (const [script, bytes] of gzipBytes) if (!report.scriptsPreloaded.includes(script)) report.firstLoadGzipBytes += bytes
    await connect.click()
    const dialog = page.getByRole('dialog', { name: 'Connect wallet', exact: true })
    await dialog.waitFor({ timeout: 30_000 })
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })

    await page.getByRole('button', { name: 'Checksum' }).click()
    const output = page.getByRole('status', { name: 'EIP-55 checksum', exact: true })
    for (const deadline = Date.now() + 30_000; !report.checksum && Date.now() < deadline; ) {
      report.checksum = (await output.textContent()) ?? ''
      if (!report.checksum) await page.waitForTimeout(100)
    }
    await page.waitForLoadState('networkidle')
    return report
  } finally {
    await browser.close()
  }
}

/** Prints an app's first load (everything it loads before the click, React and framework included). */
export function logFirstLoad(app: string, report: PageReport) {
  console.log(`${app}: ${(report.firstLoadGzipBytes / 1024).toFixed(1)} kB min+gz of JS before Connect is clicked (${report.scriptsBeforeClick.length} scripts, React and the framework included)`)
}
