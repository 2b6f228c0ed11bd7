import { describe, expect, it } from 'vitest'
import { ConnectorClosedError } from '../errors/ConnectionErrors'
import { lazySession } from './lazySession'

/** A session to load by hand, and what the connector closed. */
function harness() {
  const closed: string[] = []
  const session = lazySession<string>((name) => void closed.push(name))
  let finish: (name: string) => void = () => {}
  const load = () => new Promise<string>((resolve) => (finish = resolve))
  return { session, closed, load, finish: (name: string) => finish(name) }
}

describe('lazySession', () => {
  it('loads once for every caller, and closes what it loaded', async () => {
    const { session, closed, load, finish } = harness()
    const first = session.get(load)
    const second = session.get(load)
    finish('one')
    expect(await first).toBe('one')
    expect(await second).toBe('one')
    expect(session.current).toBe('one')
    await session.close()
    expect(closed).toEqual(['one'])
    expect(session.current).toBeUndefined()
  })

  it('a call waiting for a load that close() overtook fails with connectorClosed, and the session it loaded is closed', async () => {
    const { session, closed, load, finish } = harness()
    const waiting = session.get(load)
    const closing = session.close()
    finish('late')
    await closing
    const failure = await waiting.then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(ConnectorClosedError)
    expect((failure as ConnectorClosedError).errorCode).toBe('connectorClosed')
    expect(closed).toEqual(['late'])
    expect(session.current).toBeUndefined()
    expect(session.started).toBeUndefined()
  })

  it('after a close overtook a load, the next call loads a new session', async () => {
    const { session, load, finish } = harness()
    const waiting = session.get(load).catch(() => undefined)
    const closing = session.close()
    finish('old')
    await Promise.all([waiting, closing])
    const next = session.get(load)
    finish('new')
    expect(await next).toBe('new')
  })

  it('a failed load is tried again on the next call', async () => {
    const session = lazySession<string>(() => {})
    await expect(session.get(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
    expect(await session.get(() => Promise.resolve('again'))).toBe('again')
  })
})
