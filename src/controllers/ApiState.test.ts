import { describe, expect, it } from 'vitest'
import { createApiState, initialListingOptions } from './ApiState'
import { createStores } from './stores'

describe('showSearching', () => {
  it('shows a search as under way from the keystroke, and none for a blank text', () => {
    const listing = createStores().get(createApiState)
    listing.showSearching('rain')
    expect(listing.state.searching).toBe(true)
    listing.showSearching('   ')
    expect(listing.state.searching).toBe(false)
  })
})

describe('createApiState', () => {
  it("gives each Portico its own listing: one's narrowing, search and loader leave the other's alone", async () => {
    const one = createStores().get(createApiState)
    const two = createStores().get(createApiState)
    let loaded = 0
    one.setLoader(async () => void loaded++)
    one.configure({ chains: ['eip155:1'] })
    one.showSearching('rain')
    await two.load()
    expect(loaded).toBe(0)
    expect(two.options()).toEqual(initialListingOptions())
    expect(two.state.searching).toBe(false)
    await one.load()
    expect(loaded).toBe(1)
    expect(one.options().chains).toEqual(['eip155:1'])
  })

  it('reset clears the listing and the narrowing', () => {
    const stores = createStores()
    const listing = stores.get(createApiState)
    listing.configure({ featuredWalletIds: ['a'] })
    listing.state.searchQuery = 'rain'
    stores.reset()
    expect(listing.options()).toEqual(initialListingOptions())
    expect(listing.state.searchQuery).toBe('')
  })
})
