/** A JSON-RPC error from btcd: its code and message (`-5 No information available about address`). */
export class BtcdRpcError extends Error {
  override name = 'BtcdRpcError'
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`btcd ${method}: ${message} (code ${code})`)
  }
}

/** A btcd JSON-RPC client (HTTP, basic auth, no TLS: the node listens on loopback only). */
export class BtcdRpc {
  private id = 0
  private readonly auth: string

  constructor(
    readonly url: string,
    user: string,
    password: string,
  ) {
    this.auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  }

  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.auth },
      body: JSON.stringify({ jsonrpc: '1.0', id: ++this.id, method, params }),
    })
    const text = await response.text()
    let body: { result?: T; error?: { code: number; message: string } | null }
    try {
      body = JSON.parse(text) as typeof body
    } catch {
      throw new BtcdRpcError(method, response.status, text.trim() || response.statusText)
    }
    if (body.error) throw new BtcdRpcError(method, body.error.code, body.error.message)
    return body.result as T
  }
}
