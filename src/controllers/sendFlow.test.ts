import { describe, expect, it } from 'vitest'
import { errorOf } from '../errors/PorticoError'
import { ACCOUNT_MESSAGES } from '../errors/errorMessages'
import { backToForm, readable, reviewDraft, type SendFlowState, type SendReviewState, sendPreviewed } from './sendFlow'

const previewing = (): SendFlowState & { id?: string } => ({ step: 'preview', error: 'an earlier refusal', errorCode: 'sendNotSetUp', errorParams: undefined })

describe('the one send flow', () => {
  it('sending, then sent with the id, then settled; the earlier error is cleared', async () => {
    const s = previewing()
    const seen: string[] = []
    const id = await sendPreviewed(s, {
      send: async () => {
        seen.push(`send:${s.step}:${s.error}`)
        return '0xabc'
      },
      sent: (sent) => {
        s.id = sent
        seen.push(`sent:${s.step}`)
      },
      settle: async (sent) => void seen.push(`settle:${sent}`),
    })
    expect(id).toBe('0xabc')
    expect(seen).toEqual(['send:sending:undefined', 'sent:sent', 'settle:0xabc'])
    expect(s).toEqual({ step: 'sent', error: undefined, errorCode: undefined, id: '0xabc' })
  })

  it('a refusal goes back to the preview with its words, and nothing is recorded or settled', async () => {
    const s = previewing()
    let after = 0
    const id = await sendPreviewed(s, {
      send: () => Promise.reject(new Error('User rejected the request.\nDetails: …')),
      sent: () => after++,
      settle: async () => void after++,
    })
    expect(id).toBeUndefined()
    expect(after).toBe(0)
    expect(s).toEqual({ step: 'preview', error: 'User rejected the request.', errorCode: undefined })
  })

  it('a failure after sending is shown beside the sent result (the step stays sent)', async () => {
    const s = previewing()
    const id = await sendPreviewed(s, { send: async () => 'sig', sent: () => undefined, settle: () => Promise.reject(errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp')) })
    expect(id).toBe('sig')
    expect(s.step).toBe('sent')
    expect(s.error).toBe(errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp').shortMessage)
    expect(s.errorCode).toBe('sendNotSetUp') // the view words it in the visitor's locale by this code
  })

  it('a refusal keeps its code’s parameters, for the view to fill in the locale’s words', async () => {
    const s = previewing()
    const id = await sendPreviewed(s, { send: () => Promise.reject(errorOf(ACCOUNT_MESSAGES, 'solanaNode', { reason: 'fetch failed' })), sent: () => undefined, settle: async () => undefined })
    expect(id).toBeUndefined()
    expect(s).toEqual({ step: 'preview', error: 'The Solana node could not be read: fetch failed', errorCode: 'solanaNode', errorParams: { reason: 'fetch failed' } })
  })

  it('readable: a Portico error’s short message, else the first line, else the value as text', () => {
    expect(readable(errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp'))).toBe(errorOf(ACCOUNT_MESSAGES, 'sendNotSetUp').shortMessage)
    expect(readable(new Error('first\nsecond'))).toBe('first')
    expect(readable('plain')).toBe('plain')
  })
})

describe('the review step', () => {
  type Problems = { amount?: string }
  const reviewing = (): SendReviewState<Problems, string> => ({ step: 'form', error: 'old', errorCode: 'old', errorParams: undefined, checking: false, problems: { amount: 'old' }, preview: undefined })

  it('shows the preview the check built, or the problems it found, and is checking meanwhile', async () => {
    const s = reviewing()
    let during: boolean | undefined
    expect(await reviewDraft(s, () => true, async () => ((during = s.checking), { preview: 'tx' }))).toBe(true)
    expect(during).toBe(true)
    expect(s).toMatchObject({ step: 'preview', preview: 'tx', error: undefined, errorCode: undefined, problems: {}, checking: false })
    const t = reviewing()
    expect(await reviewDraft(t, () => true, async () => ({ problems: { amount: 'Amount is zero' } }))).toBe(false)
    expect(t).toMatchObject({ step: 'form', preview: undefined, problems: { amount: 'Amount is zero' }, checking: false })
  })

  it('only the latest review writes: an older one that ends later changes nothing', async () => {
    const s = reviewing()
    let latest = 1
    const run = () => {
      const mine = ++latest
      return () => mine === latest
    }
    let finishOld!: () => void
    const old = reviewDraft(s, run(), () => new Promise((resolve) => (finishOld = () => resolve({ preview: 'old tx' }))))
    expect(await reviewDraft(s, run(), async () => ({ problems: { amount: 'new problem' } }))).toBe(false)
    finishOld()
    expect(await old).toBe(false)
    expect(s).toMatchObject({ step: 'form', preview: undefined, problems: { amount: 'new problem' }, checking: false })
  })

  it('a throw is shown in words; backToForm forgets the preview', async () => {
    const s = reviewing()
    expect(await reviewDraft(s, () => true, () => Promise.reject(new Error('node down\nstack')))).toBe(false)
    expect(s).toMatchObject({ error: 'node down', checking: false })
    Object.assign(s, { step: 'preview', preview: 'tx' })
    backToForm(s)
    expect(s).toMatchObject({ step: 'form', preview: undefined, error: undefined, errorCode: undefined, checking: false })
  })
})
