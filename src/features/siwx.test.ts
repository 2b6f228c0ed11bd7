import { beforeEach, describe, expect, it } from 'vitest'
import { createSiwxController } from '../controllers/SiwxController'
import { createStores, type Stores } from '../controllers/stores'
import { SiwxConfigError, startSiwx } from './siwx'

let stores: Stores
beforeEach(() => {
  stores = createStores()
})
const SiwxController = () => stores.get(createSiwxController)

describe('startSiwx', () => {
  it('refuses sign-in with nowhere to verify it, in words', () => {
    const attempt = () => startSiwx(stores, { siwx: { required: true } })
    expect(attempt).toThrow(SiwxConfigError)
    expect(attempt).toThrow('siwx needs a server to verify sign-ins: pass siwx.backend, or apiUrl for the reference backend')
    expect(SiwxController().state.enabled).toBe(false)
  })

  it('turns sign-in on over the reference backend at apiUrl, and off without siwx', () => {
    startSiwx(stores, { siwx: { required: true, statement: 'Sign in' }, apiUrl: 'http://127.0.0.1:8787' })
    expect(SiwxController().state).toMatchObject({ enabled: true, required: true })
    startSiwx(stores, {})
    expect(SiwxController().state).toMatchObject({ enabled: false, required: false })
  })
})
