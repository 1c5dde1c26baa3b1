import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS } from '@contract'
import { useCallback, useEffect, useRef } from 'react'

/**
 * docs/product.md §4: after 5 attempts within a minute further attempts are blocked until a 60-second timer resets
 * the counter. The timer starts with the first attempt of a window. The server throttles too (429);
 * this spares it the requests and answers at once.
 */
export function useLoginThrottle(maxAttempts = LOGIN_MAX_FAILURES, windowMs = LOGIN_WINDOW_SECONDS * 1000) {
  const attempts = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current)
    },
    [],
  )

  /** Counts an attempt; false when the attempt is refused because the window's quota is used up. */
  const registerAttempt = useCallback(() => {
    if (attempts.current >= maxAttempts) return false
    attempts.current += 1
    if (timer.current === undefined) {
      timer.current = setTimeout(() => {
        attempts.current = 0
        timer.current = undefined
      }, windowMs)
    }
    return true
  }, [maxAttempts, windowMs])

  return { registerAttempt }
}
