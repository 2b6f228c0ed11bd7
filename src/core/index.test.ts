import { describe, expect, it } from 'vitest'
import * as core from './index'

/** The public surface of `portico/core`: a change here must be deliberate. */
describe('portico/core exports', () => {
  it('has exactly these entries', () => {
    const surface = Object.fromEntries(
      Object.entries(core).map(([name, value]) => [
        name,
        typeof value === 'object' && value !== null ? Object.keys(value).sort() : typeof value,
      ]),
    )
    expect(surface).toMatchSnapshot()
  })
})
