import { execFileSync } from 'node:child_process'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { checkConsumerPage, logFirstLoad, type PageReport } from './checkConsumerPage'
import { consumerEnv } from './consumerEnv'
import { installConsumerApp } from './installConsumerApp'
import { freePort, startServer } from './startServer'

const CHECKSUM = getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')

for (const app of ['vite', 'vite-wasm']) {
  describe(`a Vite 8 + React 19 app (${app}): production build served by vite preview`, () => {
    let report: PageReport
    let server: Awaited<ReturnType<typeof startServer>> | undefined
    beforeAll(async () => {
      const dir = installConsumerApp(app, inject('porticoTarball'))
      execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, env: consumerEnv(), stdio: ['ignore', 'inherit', 'inherit'] })
      const port = await freePort()
      const url = `http://127.0.0.1:${port}/`
      server = await startServer('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, url })
      report = await checkConsumerPage(url)
      logFirstLoad(app, report)
    }, 300_000)
    afterAll(() => server?.stop())

    it('opens the Connect dialog and runs Address.checksum in the page, with no console error and no remote request', () => {
      expect(report.checksum).toBe(CHECKSUM)
      expect(report.errors).toEqual([])
      expect(report.remoteRequests).toEqual([])
    })
  })
}

describe('the same Vite app under `vite` (the dev server, with its dependency optimizer)', () => {
  let report: PageReport
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  beforeAll(async () => {
    const dir = installConsumerApp('vite', inject('porticoTarball'))
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/`
    server = await startServer('npx', ['vite', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--force'], { cwd: dir, url })
    report = await checkConsumerPage(url)
  }, 300_000)
  afterAll(() => server?.stop())

  it('opens the Connect dialog and runs Address.checksum in the page, with no console error and no remote request', () => {
    expect(report.checksum).toBe(CHECKSUM)
    expect(report.errors).toEqual([])
    expect(report.remoteRequests).toEqual([])
  })
})
