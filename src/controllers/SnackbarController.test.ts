import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSnackbarController } from './SnackbarController'
import { createStores } from './stores'

let SnackbarController: ReturnType<typeof createSnackbarController>
beforeEach(() => {
  vi.useFakeTimers()
  SnackbarController = createStores().get(createSnackbarController)
})
afterEach(() => vi.useRealTimers())

describe('SnackbarController', () => {
  it('starts hidden with an empty success message that auto-closes', () => {
    expect(SnackbarController.state).toEqual({ message: '', variant: 'success', svg: undefined, open: false, autoClose: true })
  })

  it('shows a message at once when none is open', () => {
    SnackbarController.showError('Connection declined', 'warning-circle')
    expect(SnackbarController.state).toEqual({ message: 'Connection declined', variant: 'error', svg: 'warning-circle', open: true, autoClose: true })
  })

  it('a new message while one is open closes it and shows the new one after 150 ms', () => {
    SnackbarController.showSuccess('Address copied')
    SnackbarController.showError('Signature declined')
    expect(SnackbarController.state.open).toBe(false)
    expect(SnackbarController.state.message).toBe('Address copied')

    vi.advanceTimersByTime(149)
    expect(SnackbarController.state.open).toBe(false)

    vi.advanceTimersByTime(1) // 150 ms
    expect(SnackbarController.state).toMatchObject({ open: true, message: 'Signature declined', variant: 'error' })
  })

  it('only the latest of several quick messages is shown', () => {
    SnackbarController.showSuccess('one')
    SnackbarController.showSuccess('two')
    SnackbarController.showSuccess('three')
    vi.advanceTimersByTime(150)
    expect(SnackbarController.state.message).toBe('three')
  })

  it('loading messages stay until hidden', () => {
    SnackbarController.showLoading('Waiting for the wallet')
    expect(SnackbarController.state).toMatchObject({ variant: 'loading', autoClose: false, open: true })
    vi.advanceTimersByTime(60_000)
    expect(SnackbarController.state.open).toBe(true)
  })

  it('auto-closing messages close after 2.5 s', () => {
    SnackbarController.showSuccess('Saved')
    vi.advanceTimersByTime(2_499)
    expect(SnackbarController.state.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(SnackbarController.state.open).toBe(false)
  })

  it('hide resets to an empty message, variant success, auto-close on', () => {
    SnackbarController.show('Pending', { variant: 'loading', svg: 'spinner', autoClose: false })
    SnackbarController.hide()
    expect(SnackbarController.state).toEqual({ message: '', variant: 'success', svg: undefined, open: false, autoClose: true })
  })

  it('hide cancels a message waiting to replace the open one', () => {
    SnackbarController.showSuccess('one')
    SnackbarController.showSuccess('two')
    SnackbarController.hide()
    vi.advanceTimersByTime(150)
    expect(SnackbarController.state.open).toBe(false)
    expect(SnackbarController.state.message).toBe('')
  })
})

describe('SnackbarController of one Portico', () => {
  it('shares nothing with another Portico: hiding one leaves the other, and each closes on its own timer', () => {
    const other = createStores().get(createSnackbarController)
    SnackbarController.showSuccess('Address copied')
    vi.advanceTimersByTime(1000)
    other.showError('Request failed')
    other.hide()
    expect(SnackbarController.state.open).toBe(true)
    other.showError('Request failed')
    vi.advanceTimersByTime(1500)
    expect(SnackbarController.state.open).toBe(false)
    expect(other.state).toMatchObject({ open: true, message: 'Request failed' })
  })
})
