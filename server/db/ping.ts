// Whether PostgreSQL answers `select 1` within a time limit (GET /api/health). A frozen server (stopped
// process, stalled disk, lost network) neither answers nor errors, so a timer races the query. Frozen, it
// must not eat the pool either: the client whose query is stuck is destroyed at the deadline (its slot is
// free at once), and checks share the attempt under way — e.g. one waiting for a connection the server never
// accepts — instead of queueing one more connection each.
import pg from 'pg'
import type { Db } from './client'

export type DatabasePing = () => Promise<boolean>

interface Attempt {
  /** true once the server answered (the query, or at least the connection handshake). */
  done: Promise<boolean>
  /**
   * The deadline passed: destroys the client if its query is still running (the attempt then ends at
   * once). Returns false when it is still waiting for a connection, which cannot be cancelled.
   */
  abandon(): boolean
}

function startAttempt(pool: pg.Pool): Attempt {
  let abandoned = false
  let client: pg.PoolClient | undefined
  let released = false
  const release = (destroy: boolean) => {
    if (!client || released) return
    released = true
    client.release(destroy)
  }
  const done = (async () => {
    try {
      client = await pool.connect()
    } catch {
      return false
    }
    // Connected after the deadline: the server is back; give the connection to the pool as it is.
    if (abandoned) {
      release(false)
      return true
    }
    try {
      await client.query('select 1')
      release(false)
      return true
    } catch {
      release(true)
      return false
    }
  })()
  return {
    done,
    abandon() {
      abandoned = true
      if (!client) return false
      // destroying the client ends its socket: the stuck query fails now instead of whenever
      // PostgreSQL wakes up, and the pool opens a fresh connection next time
      release(true)
      return true
    },
  }
}

/** The pool behind a Drizzle handle (node-postgres keeps it as `$client`). */
export function poolOf(db: Db): pg.Pool {
  const client = (db as unknown as { $client?: unknown }).$client
  if (!(client instanceof pg.Pool)) throw new Error('the database handle has no node-postgres pool')
  return client
}

/** A check that resolves within `limitMs`: true when PostgreSQL answered `select 1` in time. */
export function createDatabasePing(pool: pg.Pool, limitMs: number): DatabasePing {
  // The attempt under way, shared by every check that arrives before it ends: checks that come together
  // (several tablets, a load balancer) open one connection between them, never one each — not even at
  // the moment a stuck attempt gives up.
  let current: Attempt | null = null
  return async () => {
    let attempt = current
    if (!attempt) {
      const started = startAttempt(pool)
      attempt = current = started
      void started.done.finally(() => {
        if (current === started) current = null
      })
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), limitMs)
    })
    const result = await Promise.race([attempt.done, deadline])
    clearTimeout(timer)
    if (result !== 'late') return result
    // a stuck query ends now; a connection still being made stays shared until it is made or times out
    attempt.abandon()
    return false
  }
}
