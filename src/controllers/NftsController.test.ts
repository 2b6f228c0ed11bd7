import { describe, expect, it } from 'vitest'
import { BlockchainApi } from '../api/BlockchainApi'
import { createFeatureClients } from '../services/featureClients'
import { createNftsController } from './NftsController'
import { createStores } from './stores'

// Port 9 on loopback: nothing listens, so a read fails at once (and the store says so).
const unreachable = () => new BlockchainApi({ baseUrl: 'http://127.0.0.1:9', projectId: 'p', sdkType: 'portico', sdkVersion: 'test', retry: { delay: 5 } })
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('NftsController: one per Portico', () => {
  it("reads through its own Portico's blockchain client only, and a reset forgets that client", async () => {
    const [one, two] = [createStores(), createStores()]
    one.get(createFeatureClients).blockchain = unreachable()
    await one.get(createNftsController).fetch(ADDRESS, 'eip155:31337')
    expect(one.get(createNftsController).state).toMatchObject({ failed: true, loading: false, address: ADDRESS })
    // The other Portico has no client: nothing is read, nothing fails.
    await two.get(createNftsController).fetch(ADDRESS, 'eip155:31337')
    expect(two.get(createNftsController).state).toMatchObject({ failed: false, loading: false, address: ADDRESS })
    one.reset()
    expect(one.get(createFeatureClients).blockchain).toBeUndefined()
    expect(one.get(createNftsController).state).toMatchObject({ failed: false, address: undefined })
  })
})
