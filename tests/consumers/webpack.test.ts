import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { getAddress } from 'viem'
import { preview } from 'vite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { checkConsumerPage, logFirstLoad, type PageReport } from './checkConsumerPage'
import { consumerEnv } from './consumerEnv'
import { installConsumerApp } from './installConsumerApp'
import { freePort } from './startServer'

describe('a webpack 5 app: production build', () => {
  let report: PageReport
  let server: Awaited<ReturnType<typeof preview>> | undefined
  beforeAll(async () => {
    const dir = installConsumerApp('webpack', inject('porticoTarball'))
    execFileSync(process.execPath, ['build.js'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
    // Any static server does; this one is the repository's Vite, serving webpack's dist/ as it is.
    const port = await freePort()
    server = await preview({ configFile: false, root: dir, logLevel: 'warn', build: { outDir: join(dir, 'dist') }, preview: { host: '127.0.0.1', port, strictPort: true } })
    report = await checkConsumerPage(`http://127.0.0.1:${port}/`)
    logFirstLoad('webpack', report)
  }, 300_000)
  afterAll(() => server?.close())

  it('opens the Connect dialog and runs Address.checksum in the page, with no console error and no remote request', () => {
    expect(report.checksum).toBe(getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045'))
    expect(report.errors).toEqual([])
    expect(report.remoteRequests).toEqual([])
  })
})
