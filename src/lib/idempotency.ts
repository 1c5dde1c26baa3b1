import { useRef } from 'react'
import { IDEMPOTENCY_HEADER } from '@contract'
import { ApiError } from './api-client'

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * One Idempotency-Key per submitted form. The key survives only a network failure — the one outcome in
 * which the server may have saved the record without the answer reaching us — so that pressing the button
 * again replays the first answer instead of creating a second record. Any answer from the server (success
 * or refusal) ends the submission, and the next one gets a new key.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null)
  return {
    headers(): Record<string, string> {
      key.current ??= newKey()
      return { [IDEMPOTENCY_HEADER]: key.current }
    },
    settle(error: unknown) {
      if (error instanceof ApiError && error.isNetworkError) return
      key.current = null
    },
  }
}
