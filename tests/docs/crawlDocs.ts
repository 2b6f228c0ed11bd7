import axe from 'axe-core'
import type { Page } from 'playwright-core'

/** What the crawl found on one page of the site. */
export interface CrawledPage {
  path: string
  status: number
  /** axe's violations, as `rule: help (n nodes)`. */
  violations: string[]
  /** Internal links of the page: path (no hash) and the hash, if any. */
  links: { href: string; path: string; hash: string }[]
  /** The ids in the page, for links to a section. */
  ids: Set<string>
}

/** The path of `url` as the site serves it: no hash, no query, no trailing `.html` or `index`. */
export function sitePath(url: URL): string {
  return url.pathname.replace(/\.html$/, '').replace(/\/index$/, '/')
}

/**
 * Opens `path` on `origin`, runs axe on the rendered page and lists its links that stay on the site.
 * Assets (pictures, SVG) are links too: the caller checks that they answer.
 */
export async function crawlPage(page: Page, origin: string, path: string): Promise<CrawledPage> {
  const response = await page.goto(new URL(path, origin).href, { waitUntil: 'load' })
  const status = response?.status() ?? 0
  await page.addScriptTag({ content: axe.source })
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document)
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`)
  })
  const hrefs = await page.$$eval('a[href], img[src]', (elements) =>
    elements.map((e) => (e instanceof HTMLImageElement ? e.src : (e as HTMLAnchorElement).href)))
  const ids = new Set(await page.$$eval('[id]', (elements) => elements.map((e) => e.id)))
  const links = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => ({ href: url.href, path: sitePath(url), hash: decodeURIComponent(url.hash.slice(1)) }))
  return { path, status, violations, links, ids }
}
