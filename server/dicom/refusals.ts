// Refused DICOM associations counted in memory and written once per few seconds (issue 35): a flood of
// connections costs the database one upsert per address, AE title and reason, not one row per socket.
import type { RefusalCount } from '../repositories/dicom'

export interface RefusalTally {
  add(ip: string, aeTitle: string, resultado: string): void
  /** Writes what is counted (the service's close calls it). */
  flush(): Promise<void>
  stop(): Promise<void>
}

/** A tally written through `write` every `intervalMs`, and whenever the clock minute turns. */
export function refusalTally(
  write: (bucket: Date, refusals: RefusalCount[]) => Promise<void>,
  intervalMs: number,
  now: () => number = Date.now,
): RefusalTally {
  let minute = Math.floor(now() / 60_000)
  let counts = new Map<string, RefusalCount>()
  let writing = Promise.resolve()

  function flush(): Promise<void> {
    if (counts.size === 0) return writing
    const rows = [...counts.values()]
    const bucket = new Date(minute * 60_000)
    counts = new Map()
    writing = writing.then(() => write(bucket, rows)).catch(() => {})
    return writing
  }

  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()

  return {
    add(ip, aeTitle, resultado) {
      const current = Math.floor(now() / 60_000)
      if (current !== minute) {
        void flush()
        minute = current
      }
      // an AE title is at most 16 characters; whatever else a client sends is not kept
      const ae = aeTitle.replace(/\p{Cc}/gu, '').slice(0, 16)
      const key = `${ip}\u0000${ae}\u0000${resultado}`
      const row = counts.get(key)
      if (row) row.count += 1
      else counts.set(key, { ip, aeTitle: ae, resultado, count: 1 })
    },
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
