import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileSmartAccountContracts, SMART_ACCOUNT_ARTIFACTS_PATH } from './smartAccountContracts'

describe('ERC-4337 dev contracts', () => {
  it('are cached as solc-js compiles them today (run smartAccountContracts.ts after editing a source)', () => {
    expect(compileSmartAccountContracts()).toEqual(JSON.parse(readFileSync(SMART_ACCOUNT_ARTIFACTS_PATH, 'utf8')))
  }, 120_000)
})
