import { lazy, useState, type ComponentType } from 'react'

export interface LazyPage {
  (): React.ReactNode
  /** Starts loading the page's code (once); resolves when it can render without suspending. */
  preload(): Promise<void>
}

/**
 * A route's page, code-split like React.lazy, that can also be loaded ahead of the first render. Once loaded it
 * renders directly: React.lazy suspends on its first render even when the code is already there, and React then
 * holds the reveal of a Suspense fallback for up to 300 ms (its fallback throttle) — 300 ms of 'Carregando…' on
 * every start, offline included (bench/journal/2026-11-22-first-day.md, "Second round (afternoon)").
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined
  let loading: Promise<void> | undefined
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default
    }))
  // Not loaded yet: React.lazy over the same load, so a failed download still reaches the route's
  // error boundary.
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })))
  function Page() {
    // Chosen once per mount: switching from <Lazy> to the loaded component later would remount the page
    // and lose its state (a typed search, an open dialog).
    const [Loaded] = useState(() => loaded)
    return Loaded ? <Loaded /> : <Lazy />
  }
  Page.preload = preload
  return Page
}
