/**
 * "The latest run wins" for a store's async work: a run started later, or a reset, makes every
 * earlier run stale, so a slow answer never overwrites a newer one. One guard per store.
 *
 * @example
 * const run = latestRun()
 * async function fetchThings() {
 *   const isLatest = run.start()
 *   const things = await api.things()
 *   if (isLatest()) state.things = things
 * }
 * function reset() { run.cancel() }
 */
export function latestRun() {
  let current = 0
  return {
    /** Starts a run: the check it returns holds until a newer run starts or `cancel` is called. */
    start(): () => boolean {
      const id = ++current
      return () => id === current
    },
    /** Makes every run in flight stale (a reset, a newer action that is not a run). */
    cancel(): void {
      current++
    },
  }
}
