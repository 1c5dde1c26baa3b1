import { useMutation, type MutationMeta, type UseMutationOptions } from '@tanstack/react-query'
import { useMemo } from 'react'
import { describeFailure } from './describe-failure'

export type AppMutationOptions<TData, TVariables> = UseMutationOptions<TData, Error, TVariables> & {
  /** The texts its toasts say (src/lib/query-client.ts shows them); required, so no change is silent. */
  meta: MutationMeta
}

/**
 * The shape of every mutation hook: `mutationFn`, `meta` (its success and failure texts, toasted by the
 * query client's MutationCache) and the hook's own invalidations in `onSuccess`. Besides TanStack's
 * result it gives `failure`: the last error as the person reads it (the same text as its toast), for the
 * alert a dialog shows at the top of its form and the fields a 400 names.
 */
export function useAppMutation<TData = unknown, TVariables = void>(options: AppMutationOptions<TData, TVariables>) {
  const mutation = useMutation(options)
  const texts = options.meta.failure
  const failure = useMemo(
    () => (mutation.error ? describeFailure(mutation.error, texts) : null),
    [mutation.error, texts],
  )
  return { ...mutation, failure }
}
