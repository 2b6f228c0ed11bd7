import type { ComponentType } from 'react'

export type ViewModule = { default: ComponentType }

/** A view chunk's loader that remembers the module once it has loaded (see `loaded`). */
export type ViewLoader = { (): Promise<ViewModule>; loaded(): ViewModule | undefined }

/**
 * Wraps a view chunk's `import()` so that the router can render a chunk that has already loaded
 * (preloaded, or shown before) at once, without going through `lazy`: a component that suspends,
 * even on a settled import, shows its fallback, and React then holds the content back for up to
 * 300 ms to batch reveals.
 *
 * @example
 * const loadSwap = viewLoader(() => import('./views/SwapView'))
 */
export function viewLoader(load: () => Promise<ViewModule>): ViewLoader {
  let module: ViewModule | undefined
  const loader = () =>
    load().then((loadedModule) => {
      module = loadedModule
      return loadedModule
    })
  return Object.assign(loader, { loaded: () => module })
}
