/** A window opened during a click, to be sent to its URL once that is known. */
export type PendingWindow = { go(url: string): void; close(): void }

/**
 * Opens an empty window now (inside the click, so pop-up blockers allow it) and returns a handle
 * that sends it to a URL later, without access back to this page. Undefined when the browser
 * blocked it.
 *
 * @example
 * const popup = openInNewWindow()
 * popup?.go(await getUrl())
 */
export function openInNewWindow(): PendingWindow | undefined {
  const popup = window.open('', '_blank')
  if (!popup) return undefined
  popup.opener = null
  return {
    go: (url) => popup.location.replace(url),
    close: () => popup.close(),
  }
}
