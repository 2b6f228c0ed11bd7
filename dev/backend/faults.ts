import type { HttpBindings } from '@hono/node-server'
import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'

/**
 * A fault the backend injects into its next matching responses, for tests of retries,
 * fallbacks and error handling:
 * - `status`: answer with that HTTP status (e.g. 429 with `retryAfter` seconds, 500, 403);
 * - `slow`: wait `delayMs` before answering normally;
 * - `malformed`: answer 200 with a body that is not valid JSON;
 * - `drop`: close the connection without an answer.
 */
export const faultSchema = z.object({
  kind: z.enum(['status', 'slow', 'malformed', 'drop']),
  /** Path prefix the fault applies to (default: every path). */
  path: z.string().startsWith('/').optional(),
  /** JSON-RPC method the fault applies to (RPC proxy only). */
  rpcMethod: z.string().optional(),
  status: z.number().int().min(400).max(599).optional(),
  retryAfter: z.number().min(0).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  /** How many matching requests get the fault (default 1). */
  times: z.number().int().min(1).max(1000).optional(),
})
export type Fault = z.infer<typeof faultSchema>

/** A request the backend received, as `GET /__requests` reports it. */
export type RecordedRequest = {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  rpcMethod?: string
  fault?: Fault['kind']
  at: number
}

/** The queue of pending faults and the log of received requests. */
export class FaultInjector {
  private faults: (Fault & { remaining: number })[] = []
  readonly requests: RecordedRequest[] = []

  add(fault: Fault) {
    this.faults.push({ ...fault, remaining: fault.times ?? 1 })
  }

  clear() {
    this.faults = []
    this.requests.length = 0
  }

  /** Takes the first pending fault that matches this request, if any. */
  take(path: string, rpcMethod: string | undefined): Fault | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        (!fault.path || path.startsWith(fault.path)) && (!fault.rpcMethod || fault.rpcMethod === rpcMethod),
    )
    if (index < 0) return undefined
    const fault = this.faults[index]!
    fault.remaining -= 1
    if (fault.remaining <= 0) this.faults.splice(index, 1)
    return fault
  }
}

const KEPT_HEADERS = ['x-project-id', 'x-sdk-type', 'x-sdk-version', 'origin', 'content-type']

async function rpcMethodOf(c: Context): Promise<string | undefined> {
  if (c.req.method !== 'POST' || !c.req.path.startsWith('/v1/')) return undefined
  if (c.req.path !== '/v1/' && c.req.path !== '/v1') return undefined
  try {
    // Through Hono (which keeps the body the input layer already read), not the raw stream.
    const body = (await c.req.json()) as { method?: unknown }
    return typeof body.method === 'string' ? body.method : undefined
  } catch {
    return undefined
  }
}

/** Hono middleware that records each request and applies the injected faults. */
export function faultMiddleware(injector: FaultInjector): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    if (c.req.path.startsWith('/__')) return next()
    const rpcMethod = await rpcMethodOf(c)
    const fault = injector.take(c.req.path, rpcMethod)
    const headers: Record<string, string> = {}
    for (const name of KEPT_HEADERS) {
      const value = c.req.header(name)
      if (value !== undefined) headers[name] = value
    }
    injector.requests.push({
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      headers,
      ...(rpcMethod ? { rpcMethod } : {}),
      ...(fault ? { fault: fault.kind } : {}),
      at: Date.now(),
    })
    if (injector.requests.length > 1000) injector.requests.shift()
    if (!fault) return next()
    switch (fault.kind) {
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000))
        return next()
      case 'malformed':
        return c.body('{"data": [{"id": "truncated', 200, { 'content-type': 'application/json' })
      case 'drop':
        c.env.incoming.socket.destroy()
        return new Promise<Response>(() => {}) // the connection is gone; never answer
      case 'status': {
        const status = fault.status ?? 500
        if (fault.retryAfter !== undefined) c.header('Retry-After', String(fault.retryAfter))
        return c.json({ error: `Injected fault: HTTP ${status}` }, status as 500)
      }
    }
  }
}
