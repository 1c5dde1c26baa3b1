import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { BrowserRouter, RouterProvider } from 'react-router-dom'
import { afterPaintWhenIdle } from './after-paint'
import { AppRoutes, type AppRouter } from './router'
import { UpdatePrompt } from './update-prompt'

// The toast container (and react-toastify) arrives after the first render: the first screen never
// needs it (size budget, docs/performance.md).
const Toasts = lazy(() => import('./toasts'))

/**
 * True once the browser is idle after the first render (at most ~2 s later). The toast container's
 * download and mount wait for it: on a slow phone they would otherwise compete with the opening page for
 * the network and the main thread (Lighthouse's LCP). A toast raised earlier waits in react-toastify's
 * queue and shows when the container mounts.
 */
function useIdleAfterStart(): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    const wait = afterPaintWhenIdle(2000)
    void wait.done.then(() => setIdle(true))
    return wait.cancel
  }, [])
  return idle
}

/** Everything around the routes: the query client, the toasts, the update prompt. */
function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const showToasts = useIdleAfterStart()
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {showToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <UpdatePrompt />
    </QueryClientProvider>
  )
}

/**
 * The app in the browser: react-router's declarative `<BrowserRouter>` over the route tree, lighter than a
 * data router (bench/journal/2026-11-22-first-day.md; nothing here uses loaders, actions or fetchers).
 */
export function BrowserApp({ queryClient, onCommitted }: { queryClient: QueryClient; onCommitted?: () => void }) {
  // main.tsx waits for the first screen's commit before it registers the service worker.
  useEffect(() => {
    onCommitted?.()
  }, [onCommitted])
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  )
}

export interface AppProvidersProps {
  router: AppRouter
  queryClient: QueryClient
}

/** The same providers and route tree over a given data router (the tests' memory router). */
export function AppProviders({ router, queryClient }: AppProvidersProps) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  )
}
