import { afterEach, describe, expect, it } from 'vitest'
import { apiState, initialApiState, showSearching } from './ApiState'

afterEach(() => void Object.assign(apiState, initialApiState()))

describe('showSearching', () => {
  it('shows a search as under way from the keystroke, and none for a blank text', () => {
    showSearching('rain')
    expect(apiState.searching).toBe(true)
    showSearching('   ')
    expect(apiState.searching).toBe(false)
  })
})
