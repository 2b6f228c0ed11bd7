import type { BrowserContext, Page, Request, WebSocket } from 'playwright-core'
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node'

/**
 * Vitest browser commands that record every URL the test's browser asks for — each request of
 * every page and frame of its context (the test page, the phone tab, hidden iframes) and each
 * WebSocket opened — between `netRecordStart()` and `netRecordStop()`. A test uses them to show
 * that nothing leaves for a host other than the local stack.
 */

type Recording = { urls: string[]; detach(): void }
const recordings = new Map<string, Recording>()

function record(context: BrowserContext): Recording {
  const urls: string[] = []
  const onRequest = (request: Request) => void urls.push(request.url())
  const onWebSocket = (socket: WebSocket) => void urls.push(socket.url())
  const watch = (page: Page) => void page.on('websocket', onWebSocket)
  context.on('request', onRequest)
  context.on('page', watch)
  for (const page of context.pages()) watch(page)
  return {
    urls,
    detach() {
      context.off('request', onRequest)
      context.off('page', watch)
      for (const page of context.pages()) page.off('websocket', onWebSocket)
    },
  }
}

const netRecordStart: BrowserCommand<[]> = async (context: BrowserCommandContext) => {
  recordings.get(context.sessionId)?.detach()
  recordings.set(context.sessionId, record(context.context))
}

/** Stops recording; returns the URLs in the order they were asked for. */
const netRecordStop: BrowserCommand<[]> = async (context: BrowserCommandContext) => {
  const recording = recordings.get(context.sessionId)
  if (!recording) throw new Error('Call netRecordStart() first')
  recordings.delete(context.sessionId)
  recording.detach()
  return recording.urls
}

export const networkRecorderCommands = { netRecordStart, netRecordStop }

declare module 'vitest/browser' {
  interface BrowserCommands {
    netRecordStart(): Promise<void>
    netRecordStop(): Promise<string[]>
  }
}
