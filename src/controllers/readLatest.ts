/**
 * One read into a store: `loading` while `read` runs, and only the latest run (`isLatest`, from the
 * store's `latestRun`) writes its result, its failure and the end of `loading`. What a store
 * clears before a read stays its own.
 *
 * @example
 * await readLatest(s, run.start(), () => api.fetchNfts(query), (items) => (s.nfts = items), () => (s.failed = true))
 */
export async function readLatest<T>(
  state: { loading: boolean },
  isLatest: () => boolean,
  read: () => Promise<T>,
  write: (value: T) => void,
  failed: (error: unknown) => void,
): Promise<void> {
  state.loading = true
  try {
    const value = await read()
    if (isLatest()) write(value)
  } catch (error) {
    if (isLatest()) failed(error)
  } finally {
    if (isLatest()) state.loading = false
  }
}
