import { MutationCache, onlineManager, QueryClient, type MutationMeta } from '@tanstack/react-query'
import { ApiError } from './api-client'
import { describeFailure, type FailureTexts } from './describe-failure'
import { dismissErrors, notifyFailure, notifySuccess } from './notify'
import { MAX_AGE_MS } from './offline/persist-policy'

/** What a mutation says when it ends (`meta`): every mutation hook declares its own texts. */
export type MutationFeedback = {
  /** The success toast (docs/product.md §8). */
  success?: string
  /** The failure texts (describeFailure); with `meta` but no `failure` the generic rules apply. */
  failure?: FailureTexts
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFeedback
  }
}

const MAX_QUERY_RETRIES = 2

/**
 * Retry only what may pass next time: the network or the server (5xx), never a 4xx answer. A network
 * failure that put the app offline is retried without limit: the retry waits (paused, not failed) until
 * the connection is back, so a list never turns into an error — nor a trip to /login — while offline.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  if (error instanceof ApiError && error.isNetworkError && !onlineManager.isOnline()) return true
  return failureCount < MAX_QUERY_RETRIES
}

/**
 * Feedback for every mutation in one place, from the texts in its `meta`: a success toast that also takes
 * away the error toasts said before, or the failure toast. A mutation without `meta` says nothing.
 */
function createMutationCache(): MutationCache {
  return new MutationCache({
    onSuccess: (_data, _variables, _result, mutation) => {
      const meta: MutationMeta | undefined = mutation.meta
      if (!meta) return
      dismissErrors()
      if (meta.success) notifySuccess(meta.success)
    },
    onError: (error, _variables, _result, mutation) => {
      const meta: MutationMeta | undefined = mutation.meta
      if (meta) notifyFailure(describeFailure(error, meta.failure))
    },
  })
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: {
        // The front desk's lists change through this app's own mutations (which invalidate), so 30 s
        // of freshness avoids refetch storms on every tab switch without showing old data for long.
        staleTime: 30_000,
        // Kept for a day so the offline persister (docs/product.md §13: at most 24 h) has something to restore:
        // gcTime must not be shorter than the persister's maxAge.
        gcTime: MAX_AGE_MS,
        // 'online' (the default, said here on purpose): offline, a query waits (fetchStatus 'paused')
        // and keeps whatever data it has; it does not fail.
        networkMode: 'online',
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // A create/update/delete is never repeated behind the user's back, and never paused waiting for
        // the network: offline it fails at once with a clear message (docs/product.md §13: nothing queued silently).
        retry: 0,
        networkMode: 'always',
      },
    },
  })
}
