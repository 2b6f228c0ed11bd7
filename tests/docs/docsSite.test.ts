import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { serve } from 'vitepress'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumLaunchOptions } from '../../vite.config'
import { freePort } from '../consumers/startServer'
import { crawlPage, type CrawledPage } from './crawlDocs'

const docs = join(import.meta.dirname, '../../docs')

describe('the built docs site (docs/.vitepress/dist), in Chromium', () => {
  let browser: Browser | undefined
  let close: (() => void) | undefined
  const pages = new Map<string, CrawledPage>()
  const assets = new Map<string, number>()
  let origin = ''

  beforeAll(async () => {
    if (!existsSync(join(docs, '.vitepress/dist/index.html'))) throw new Error('No built site in docs/.vitepress/dist: run `npm run docs:build`')
    const port = await freePort()
    const server = await serve({ root: docs, port })
    close = () => server.server?.close()
    origin = `http://localhost:${port}`
    browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true })
    const page = await browser.newPage()
    // Every page reachable from the home page, following the links a reader can click.
    const queue = ['/']
    while (queue.length > 0) {
      const path = queue.shift()!
      if (pages.has(path)) continue
      const crawled = await crawlPage(page, origin, path)
      pages.set(path, crawled)
      for (const link of crawled.links) {
        if (/\.(png|svg|jpe?g|webp)$/.test(link.path)) {
          if (!assets.has(link.path)) assets.set(link.path, (await page.request.get(link.href)).status())
        } else if (!pages.has(link.path) && !queue.includes(link.path)) queue.push(link.path)
      }
    }
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    close?.()
  })

  it('reaches the guides, the benchmarks and the API reference of every entry', () => {
    const paths = [...pages.keys()]
    for (const expected of ['/guide/getting-started', '/guide/connectors/walletconnect', '/guide/theming', '/benchmarks', '/api/portico/core/', '/api/portico/react', '/api/portico/wagmi', '/api/portico/walletconnect', '/api/portico/embedded']) {
      expect(paths).toContain(expected)
    }
  })

  it('has no broken internal link: every page and picture answers 200, every #section exists', () => {
    const broken: string[] = []
    for (const [path, page] of pages) {
      if (page.status !== 200) broken.push(`${path}: HTTP ${page.status}`)
      for (const link of page.links) {
        const target = pages.get(link.path)
        if (link.hash && target && !target.ids.has(link.hash)) broken.push(`${path} → ${link.path}#${link.hash}: no such section`)
      }
    }
    for (const [path, status] of assets) if (status !== 200) broken.push(`${path}: HTTP ${status}`)
    expect(broken).toEqual([])
  })

  it('axe finds no violation on any page, in the light theme or the dark one', () => {
    const found = [...pages].flatMap(([path, page]) => page.violations.map((v) => `${path}: ${v}`))
    expect(found).toEqual([])
    console.log(`docs: ${pages.size} pages and ${assets.size} pictures crawled, axe clean`)
  })
})
