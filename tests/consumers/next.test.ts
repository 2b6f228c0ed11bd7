import { execFileSync } from 'node:child_process'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { checkConsumerPage, logFirstLoad, type PageReport } from './checkConsumerPage'
import { consumerEnv } from './consumerEnv'
import { installConsumerApp } from './installConsumerApp'
import { freePort, startServer } from './startServer'

/** No telemetry, and nothing else that would call out. */
const env = { NEXT_TELEMETRY_DISABLED: '1' }

describe('a Next.js 16 app (app router): next build, then next start', () => {
  let html: string
  let report: PageReport
  let darkReport: PageReport
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  beforeAll(async () => {
    const dir = installConsumerApp('next', inject('porticoTarball'))
    execFileSync('npx', ['next', 'build'], { cwd: dir, env: consumerEnv(env), stdio: ['ignore', 'inherit', 'inherit'] })
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    server = await startServer('npx', ['next', 'start', '--hostname', '127.0.0.1', '--port', String(port)], { cwd: dir, url, env })
    html = await (await fetch(url)).text()
    report = await checkConsumerPage(url)
    logFirstLoad('Next.js', report)
    // The server cannot know a dark system preference; hydration must still match.
    darkReport = await checkConsumerPage(url, { colorScheme: 'dark' })
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
})
