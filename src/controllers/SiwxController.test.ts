import { beforeEach, describe, expect, it } from 'vitest'
import { SiwxController } from './SiwxController'

beforeEach(() => SiwxController.reset())

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

  it('configure(undefined) turns sign-in off', () => {
    SiwxController.configure({ required: true })
    SiwxController.configure(undefined)
    expect(SiwxController.state).toMatchObject({ enabled: false, required: false })
  })
})
