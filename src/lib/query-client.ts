import { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client'

const MAX_QUERY_RETRIES = 2

/** Retry only what may pass next time: the network or the server (5xx), never a 4xx answer. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < MAX_QUERY_RETRIES
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The front desk's lists change through this app's own mutations (which invalidate), so 30 s
        // of freshness avoids refetch storms on every tab switch without showing old data for long.
        staleTime: 30_000,
        // Kept for a day so the offline persister (DESIGN.md: at most 24 h) has something to restore.
        gcTime: 24 * 60 * 60 * 1000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // A create/update/delete is never repeated behind the user's back, and never paused waiting for
        // the network: offline it fails at once with a clear message (DESIGN.md: nothing queued silently).
        retry: 0,
        networkMode: 'always',
      },
    },
  })
}
