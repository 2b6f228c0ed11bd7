import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { Measured } from '../../scripts/measureOnce'
import { HEADLESS_LIMIT_BYTES, type HeadlessFirstLoad, measureHeadless } from '../../scripts/sizeHeadless'

describe('examples/headless (portico/headless only, Vite 8 + React 19): tsc --strict, production build, Chromium', () => {
  let load: Measured<HeadlessFirstLoad>
  beforeAll(async () => {
    // Installs the packed Portico into the example, runs `tsc -p tsconfig.json --strict` and `vite build`
    // (either failing throws here), then opens the built page until its wallet search is shown. A measure
    // of the same inputs (this tarball's files, the example, the measuring code) is read back instead.
    load = await measureHeadless(inject('porticoTarball'))
    console.log(`headless: ${(load.gzipped / 1024).toFixed(1)} kB min+gz before any click (React excluded), ${load.chunks} chunks; Portico's share ${(load.share / 1024).toFixed(1)} kB${load.reused ? ' (measured earlier from the same inputs)' : ''}`)
  }, 600_000)

  it('type-checks under strict, builds, and renders its own connect UI with no console error and no remote request', () => {
    expect(load.problems).toEqual([])
    expect(load.chunks).toBeGreaterThan(0)
  })

  it("measures Portico's share against the same example without it: the app's own code weighs something, and Portico more", () => {
    expect(load.without).toBeGreaterThan(0)
    expect(load.share).toBeGreaterThan(load.without)
    expect(load.share).toBeLessThan(load.gzipped)
  })

  it("holds Portico's share to the budget `npm run size` holds it to", () => {
    expect(load.share).toBeLessThanOrEqual(HEADLESS_LIMIT_BYTES)
  })

  it('loads no view, modal shell, modal component or stylesheet before any click', () => {
    expect(load.modalModules).toEqual([])
  })
})
