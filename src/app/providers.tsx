import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import { BrowserRouter, RouterProvider } from 'react-router-dom'
import { AppRoutes, type AppRouter } from './router'
import { UpdatePrompt } from './update-prompt'

// The toast container (and react-toastify) arrives after the first render: the first screen never
// needs it (size budget, docs/performance.md).
const Toasts = lazy(() => import('./toasts'))

/** Everything around the routes: the query client, the toasts, the update prompt. */
function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <UpdatePrompt />
    </QueryClientProvider>
  )
}

/**
 * The app in the browser: react-router's declarative `<BrowserRouter>` over the route tree, ~16 KiB
 * gzip lighter than a data router (nothing here uses loaders, actions or fetchers).
 */
export function BrowserApp({ queryClient }: { queryClient: QueryClient }) {
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
