import axe from 'axe-core'
import type { Page } from 'playwright-core'

/** What the crawl found on one page of the site. */
export interface CrawledPage {
  path: string
  status: number
  /** axe's violations in the light and the dark theme, as `theme: rule: help (n nodes)`. */
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
 * Opens `path` on `origin`, runs axe on the rendered page (light and dark) and lists its links that stay on the site.
 * Assets (pictures, SVG) are links too: the caller checks that they answer.
 */
export async function crawlPage(page: Page, origin: string, path: string): Promise<CrawledPage> {
  const response = await page.goto(new URL(path, origin).href, { waitUntil: 'load' })
  const status = response?.status() ?? 0
  await page.addScriptTag({ content: axe.source })
  // axe in the light theme, then in the dark one (VitePress switches by the `dark` class on <html>).
  const violations = await page.evaluate(async () => {
    const found: string[] = []
    // The theme fades colours over half a second when it switches: measure the settled colours.
    const still = document.createElement('style')
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
    document.head.append(still)
    for (const dark of [false, true]) {
      document.documentElement.classList.toggle('dark', dark)
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const result = await (window as unknown as { axe: typeof axe }).axe.run(document)
      for (const v of result.violations) found.push(`${dark ? 'dark' : 'light'}: ${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`)
    }
    document.documentElement.classList.remove('dark')
    still.remove()
    return found
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
