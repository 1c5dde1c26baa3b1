/** A hidden tab paints no frames: how long to wait for one before going on anyway. */
const HIDDEN_TAB_MS = 1000

export interface AfterPaintWait {
  /** Resolves after the next painted frame, once the browser is idle (at most `idleTimeoutMs` later). */
  done: Promise<void>
  /** Stops what is still pending (`done` then never resolves). */
  cancel(): void
}

/**
 * Waits for the frame that paints the current screen (a frame, then a task), then for an idle moment:
 * for work the first screen does not need (the toast container, the service worker's registration), so
 * that it does not compete with that screen for the main thread (Lighthouse's Total Blocking Time).
 * Without requestAnimationFrame (tests) the frame wait is skipped; without requestIdleCallback (Safari)
 * the idle wait is one task.
 */
export function afterPaintWhenIdle(idleTimeoutMs: number): AfterPaintWait {
  let cancelled = false
  let fallback: ReturnType<typeof setTimeout> | undefined
  let frame: number | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let idleHandle: number | undefined
  const done = new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (cancelled) return
      if (typeof requestIdleCallback === 'function')
        idleHandle = requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs })
      else idleTimer = setTimeout(resolve, 0)
    }
    if (typeof requestAnimationFrame !== 'function') return whenIdle()
    fallback = setTimeout(whenIdle, HIDDEN_TAB_MS)
    frame = requestAnimationFrame(() => setTimeout(() => (clearTimeout(fallback), whenIdle()), 0))
  })
  return {
    done,
    cancel() {
      cancelled = true
      clearTimeout(fallback)
      clearTimeout(idleTimer)
      if (frame !== undefined) cancelAnimationFrame(frame)
      if (idleHandle !== undefined) cancelIdleCallback(idleHandle)
    },
  }
}
