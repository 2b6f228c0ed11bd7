import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileDevContracts, DEV_ARTIFACTS_PATH } from './devContracts'

describe('dev chain contracts', () => {
  it('are cached as solc-js compiles them today (run devContracts.ts after editing a source)', () => {
    expect(compileDevContracts()).toEqual(JSON.parse(readFileSync(DEV_ARTIFACTS_PATH, 'utf8')))
  }, 60_000)
})
