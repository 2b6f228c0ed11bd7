import { afterEach, describe, expect, it } from 'vitest'
import { SiwxController } from '../controllers/SiwxController'
import { SiwxConfigError, startSiwx } from './siwx'

afterEach(() => SiwxController.reset())

describe('startSiwx', () => {
  it('refuses sign-in with nowhere to verify it, in words', () => {
    const attempt = () => startSiwx({ siwx: { required: true } })
    expect(attempt).toThrow(SiwxConfigError)
    expect(attempt).toThrow('siwx needs a server to verify sign-ins: pass siwx.backend, or apiUrl for the reference backend')
    expect(SiwxController.state.enabled).toBe(false)
  })

  it('turns sign-in on over the reference backend at apiUrl, and off without siwx', () => {
    startSiwx({ siwx: { required: true, statement: 'Sign in' }, apiUrl: 'http://127.0.0.1:8787' })
    expect(SiwxController.state).toMatchObject({ enabled: true, required: true })
    startSiwx({})
    expect(SiwxController.state).toMatchObject({ enabled: false, required: false })
  })
})
