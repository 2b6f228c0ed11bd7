/**
 * Resolves once every one of `work` has settled (fulfilled or rejected), or after `timeoutMs`,
 * whichever comes first, and leaves no timer behind.
 *
 * @example
 * await settledWithin([pairingMade, pairingDeleted], 5_000)
 */
export async function settledWithin(work: readonly Promise<unknown>[], timeoutMs: number): Promise<void> {
  if (work.length === 0) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))
  await Promise.race([Promise.allSettled(work), timeout])
  clearTimeout(timer)
}
