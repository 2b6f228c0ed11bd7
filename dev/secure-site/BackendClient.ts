/** A refusal from the backend, with the code the modal maps to an alert (`JWT_TOKEN_NOT_VALID`). */
export class BackendError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message)
    this.name = 'BackendError'
  }
}

/**
 * The secure site's client of the backend's embedded-wallet endpoints (`/v1/embedded/*`): JSON
 * in and out, the project id on every call, the session as a bearer token.
 */
export class BackendClient {
  constructor(private readonly baseUrl: string, readonly projectId: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string | undefined } = {}): Promise<T> {
    const url = new URL(path, this.baseUrl)
    url.searchParams.set('projectId', this.projectId)
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: { ...(options.body !== undefined && { 'content-type': 'application/json' }), ...(options.token && { authorization: `Bearer ${options.token}` }) },
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      })
    } catch (error) {
      throw new BackendError(`The wallet server cannot be reached (${(error as Error).message})`, 0)
    }
    const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string }
    if (!response.ok) throw new BackendError(body.error ?? `The wallet server answered ${response.status}`, response.status, body.code)
    return body as T
  }

  allowedOrigins(): Promise<{ allowedOrigins: string[] }> {
    return this.call('GET', '/projects/v1/origins')
  }
}
