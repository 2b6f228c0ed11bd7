import { describe, expect, it } from 'vitest'
import { PorticoError } from '../errors/PorticoError'
import { readable, type SendFlowState, sendPreviewed } from './sendFlow'

const previewing = (): SendFlowState & { id?: string } => ({ step: 'preview', error: 'an earlier refusal' })

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
    expect(s).toEqual({ step: 'sent', error: undefined, id: '0xabc' })
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
    expect(s).toEqual({ step: 'preview', error: 'User rejected the request.' })
  })

  it('a failure after sending is shown beside the sent result (the step stays sent)', async () => {
    const s = previewing()
    const id = await sendPreviewed(s, { send: async () => 'sig', sent: () => undefined, settle: () => Promise.reject(PorticoError.of('sendNotSetUp')) })
    expect(id).toBe('sig')
    expect(s.step).toBe('sent')
    expect(s.error).toBe(PorticoError.of('sendNotSetUp').shortMessage)
  })

  it('readable: a Portico error’s short message, else the first line, else the value as text', () => {
    expect(readable(PorticoError.of('sendNotSetUp'))).toBe(PorticoError.of('sendNotSetUp').shortMessage)
    expect(readable(new Error('first\nsecond'))).toBe('first')
    expect(readable('plain')).toBe('plain')
  })
})
