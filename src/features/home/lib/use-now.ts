import { useEffect, useState } from 'react'

/** The current instant, renewed every `everyMs`: waiting times and the current-time line move with it. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
