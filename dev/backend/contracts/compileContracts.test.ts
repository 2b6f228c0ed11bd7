import { describe, expect, it } from 'vitest'
import { compileOwnedWallet, readOwnedWalletArtifacts } from './compileContracts'

describe('OwnedWallet artifacts', () => {
  it('are what solc-js makes of OwnedWallet.sol today (rerun compileContracts.ts after editing the source)', () => {
    expect(compileOwnedWallet()).toEqual(readOwnedWalletArtifacts())
  }, 60_000)
})
