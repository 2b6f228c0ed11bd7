import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { BadRequestError } from './validation'

/** The largest request body read by default: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Paths whose bodies may be HTML form posts (the dev on-ramp widget's button). */
const FORM_PATHS = /^\/onramp\/widget\//

/** A lone UTF-16 surrogate: JSON can carry one (`"\ud800"`), UTF-8 and PostgreSQL cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why `text` cannot be stored as text, or undefined when it can. */
function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character'
  if (LONE_SURROGATE.test(text)) return 'contains a lone surrogate (not valid Unicode)'
  return undefined
}

/** Percent-decodes one part of a URL; throws naming `where` when it is not UTF-8 or not storable text. */
function decodePart(raw: string, where: string): string {
  let decoded: string
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    throw new BadRequestError(`${where}: is not valid percent-encoded UTF-8`, 400)
  }
  const problem = textProblem(decoded)
  if (problem) throw new BadRequestError(`${where}: ${problem}`, 400)
  return decoded
}

/** Checks every key and string of a parsed JSON body, naming the first bad field by its path. */
function checkJson(value: unknown, path: string[]): void {
  const where = () => `body${path.length ? ` ${path.join('.')}` : ''}`
  if (typeof value === 'string') {
    const problem = textProblem(value)
    if (problem) throw new BadRequestError(`${where()}: ${problem}`, 400)
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => checkJson(item, [...path, String(i)]))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key)
      if (problem) throw new BadRequestError(`${where()}: a key ${problem}`, 400)
      checkJson(item, [...path, key])
    }
  }
}

async function checkBody(c: Context): Promise<void> {
  const raw = c.req.raw
  if (!raw.body) return
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  if (bytes.length === 0) return
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const json = type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)
  const form = type === 'application/x-www-form-urlencoded' && FORM_PATHS.test(c.req.path)
  if (!json && !form) {
    throw new BadRequestError(`content-type: must be application/json, not ${type || 'missing'}`, 415)
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new BadRequestError('body: is not valid UTF-8', 400)
  }
  if (form) {
    for (const pair of text.split('&').filter(Boolean)) {
      const [key = '', value = ''] = pair.split('=')
      decodePart(value, `body ${decodePart(key, 'body: a field name')}`)
    }
    return
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new BadRequestError('body: must be valid JSON', 400)
  }
  checkJson(parsed, [])
}

/**
 * The one input layer in front of every route: a body over `maxBytes` gets 413 before it is read
 * in full; a body that is not JSON (or, on the dev on-ramp widget, a form) gets 415; a path
 * segment, query parameter or body field that is not valid UTF-8, holds a NUL character or a lone
 * surrogate gets 400 naming it. Routes then read the body as usual (Hono keeps it).
 *
 * @example
 * app.use('*', ...inputGuard())
 */
export function inputGuard(maxBytes = MAX_BODY_BYTES): MiddlewareHandler[] {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => c.json({ error: `body: larger than ${maxBytes} bytes` }, 413),
  })
  const check: MiddlewareHandler = async (c, next) => {
    try {
      const url = new URL(c.req.url)
      url.pathname.split('/').forEach((segment, i) => decodePart(segment, `path segment ${i}`))
      for (const pair of url.search.slice(1).split('&').filter(Boolean)) {
        const [key = '', value = ''] = pair.split('=')
        const name = decodePart(key, 'query: a parameter name')
        decodePart(value, `query ${name}`)
      }
      await checkBody(c)
    } catch (error) {
      if (error instanceof BadRequestError) return c.json({ error: error.message }, error.status)
      throw error
    }
    return next()
  }
  return [limit, check]
}
