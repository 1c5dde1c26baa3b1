import { startTransition, useEffect, useState } from 'react'

/**
 * False until a render with `ready` is on screen, then true (set in a transition). What only needs to follow
 * the first paint — the rest of a long day, the printout — waits for it (issue #18: the offline start on a
 * mid-range tablet; bench/journal/2026-11-24-mid-range-tablet-second-round.md, "The mid-range tablet (second round)").
 */
export function useAfterFirstRender(ready = true): boolean {
  const [after, setAfter] = useState(false)
  useEffect(() => {
    if (ready && !after) startTransition(() => setAfter(true))
  }, [ready, after])
  return after
}
