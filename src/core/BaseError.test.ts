import { describe, expect, it } from 'vitest'
import { BaseError } from './BaseError'

describe('BaseError', () => {
  it('uses the short message alone when there are no details', () => {
    const error = new BaseError('Something specific went wrong')
    expect(error.message).toBe('Something specific went wrong')
    expect(error.shortMessage).toBe('Something specific went wrong')
    expect(error.details).toBeUndefined()
  })

  it('appends details and keeps the cause', () => {
    const cause = new Error('socket hang up')
    const error = new BaseError('Request failed', { cause })
    expect(error.message).toBe('Request failed\n\nDetails: socket hang up')
    expect(error.cause).toBe(cause)
  })

  it('walks to the deepest cause, or to the first match', () => {
    class Inner extends BaseError {
      override name = 'Inner'
    }
    const root = new Error('root')
    const inner = new Inner('inner', { cause: root })
    const outer = new BaseError('outer', { cause: inner })
    expect(outer.walk()).toBe(root)
    expect(outer.walk((e) => e instanceof Inner)).toBe(inner)
    expect(outer.walk((e) => e instanceof TypeError)).toBeUndefined()
  })
})
