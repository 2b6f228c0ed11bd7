/**
 * Portico's share of a server-rendered page's first load in Next.js 16 (app router, `next build`
 * then `next start`): the scripts the server's HTML of `/` names, against those of `/plain`, the
 * same page without Portico (tests/consumers/apps/next). Each script is fetched from the server
 * and gzipped at level 9; the share is the difference of the two sums, so React and Next's own
 * runtime, which both pages load, cancel out.
 */
import { execFileSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { consumerEnv } from '../tests/consumers/consumerEnv'
import { installConsumerApp } from '../tests/consumers/installConsumerApp'
import { freePort, startServer } from '../tests/consumers/startServer'

/** Portico's first-load budget in Next.js, as in Vite. */
export const NEXT_LIMIT_BYTES = 40 * 1024

export type NextFirstLoad = { withPortico: number; without: number; share: number; scripts: number }

const env = { NEXT_TELEMETRY_DISABLED: '1' }

/** The `src` of every `<script>` in `html`, resolved against `base`. */
function scriptSources(html: string, base: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&'), base).href)
}

async function firstLoad(url: string): Promise<{ bytes: number; scripts: number }> {
  const html = await (await fetch(url)).text()
  const sources = [...new Set(scriptSources(html, url))]
  if (sources.length === 0) throw new Error(`sizeNext: the HTML of ${url} names no script`)
  let bytes = 0
  for (const source of sources) {
    const response = await fetch(source)
    if (!response.ok) throw new Error(`sizeNext: ${source} answered ${response.status}`)
    bytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length
  }
  return { bytes, scripts: sources.length }
}

/** Builds and serves the Next.js consumer app with the packed `tarball`, and measures both pages. */
export async function measureNext(tarball: string): Promise<NextFirstLoad> {
  const dir = installConsumerApp('next', tarball)
  execFileSync('npx', ['next', 'build'], { cwd: dir, env: consumerEnv(env), stdio: ['ignore', 'ignore', 'inherit'] })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const server = await startServer('npx', ['next', 'start', '--hostname', '127.0.0.1', '--port', String(port)], { cwd: dir, url, env })
  try {
    const withPortico = await firstLoad(url)
    const without = await firstLoad(`${url}plain`)
    return { withPortico: withPortico.bytes, without: without.bytes, share: withPortico.bytes - without.bytes, scripts: withPortico.scripts }
  } finally {
    await server.stop()
  }
}
