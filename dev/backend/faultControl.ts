import type { Fault, RecordedRequest } from './faults'

/**
 * Test helpers for a running backend's fault injection: queue faults, clear them, read what
 * the backend received.
 *
 * @example
 * await injectFault(backend.url, { kind: 'status', status: 429, retryAfter: 1, path: '/getWallets' })
 */
export async function injectFault(backendUrl: string, fault: Fault | Fault[]): Promise<void> {
  const response = await fetch(`${backendUrl}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  })
  if (!response.ok) throw new Error(`Fault refused: ${await response.text()}`)
}

/** Removes pending faults and empties the request log. */
export async function clearFaults(backendUrl: string): Promise<void> {
  await fetch(`${backendUrl}/__faults`, { method: 'DELETE' })
}

/** Requests received since the last `clearFaults`, optionally only those under a path. */
export async function receivedRequests(backendUrl: string, pathPrefix = '/'): Promise<RecordedRequest[]> {
  const { requests } = (await (await fetch(`${backendUrl}/__requests`)).json()) as { requests: RecordedRequest[] }
  return requests.filter((request) => request.path.startsWith(pathPrefix))
}
