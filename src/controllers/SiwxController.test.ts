import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SiwxController } from './SiwxController'

beforeEach(() => SiwxController.reset())
afterEach(() => vi.useRealTimers())

describe('SiwxController', () => {
  it('sign-in is pending only when required and no session exists', () => {
    expect(SiwxController.isSignInPending()).toBe(false)
    SiwxController.configure({ required: false })
    expect(SiwxController.isSignInPending()).toBe(false)
    SiwxController.configure({ required: true })
    expect(SiwxController.state.enabled).toBe(true)
    expect(SiwxController.isSignInPending()).toBe(true)
    SiwxController.setSessions([{ chainId: 'eip155:1', address: '0x1', message: 'Sign in', signature: '0xsig' }])
    expect(SiwxController.isSignInPending()).toBe(false)
  })

  it('only a session of the connected address counts (case-insensitive)', () => {
    SiwxController.configure({ required: true })
    SiwxController.addSession({ chainId: 'eip155:1', address: '0xAbC', message: 'Sign in', signature: '0xsig' })
    expect(SiwxController.isSignInPending('0xabc')).toBe(false)
    expect(SiwxController.isSignInPending('0xdef')).toBe(true)
  })

  it('an expired session does not count', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') })
    SiwxController.configure({ required: true })
    SiwxController.addSession({ chainId: 'eip155:1', address: '0x1', message: 'm', signature: '0xs', expiresAt: '2026-01-01T00:00:01Z' })
    vi.advanceTimersByTime(999)
    expect(SiwxController.isSignInPending('0x1')).toBe(false)
    vi.advanceTimersByTime(1)
    expect(SiwxController.isSignInPending('0x1')).toBe(true)
  })

  it('configure(undefined) turns sign-in off', () => {
    SiwxController.configure({ required: true })
    SiwxController.configure(undefined)
    expect(SiwxController.state).toMatchObject({ enabled: false, required: false })
  })
})
