// Which user's offline cache is running, and the three moments that change it (docs/product.md §13):
// the app starts with a session (restore it before the first query renders), someone signs in (another
// user's data must never show), the session ends ('Sair', a 401, another tab signing out: erase).
import type { QueryClient } from '@tanstack/react-query'
import { getSession, SESSION_STORAGE_KEY } from '../session'
import { eraseStoredCache, startOfflineCache, type OfflineCache } from './offline-cache'

interface Running {
  userId: string
  queryClient: QueryClient
  cache: OfflineCache
}

let running: Running | null = null
// Erases and starts run one after the other: a start must not read the database before the erase
// queued ahead of it has deleted it.
let queue: Promise<unknown> = Promise.resolve()
// Bumped by every start and erase: a start still waiting in the queue gives up when it is stale.
let generation = 0

/** How long a start may hold up the first render (boot) or the sign-in before the app goes on. */
export const RESTORE_WAIT_MS = 3000

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task)
  queue = result.catch(() => {})
  return result
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined'

function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    promise.then(
      () => {
        clearTimeout(timer)
        resolve()
      },
      () => {
        clearTimeout(timer)
        resolve()
      },
    )
  })
}

/** The user whose cache is running, if any (tests and diagnostics). */
export function runningCacheUser(): string | null {
  return running?.userId ?? null
}

/**
 * Detaches the running cache and stops its writes at once (synchronously); clearing the QueryClient,
 * removing the stored client and deleting the database follow in the queue, in that order.
 */
function eraseNow(queryClient: QueryClient): Promise<void> {
  generation += 1
  const previous = running
  running = null
  const erasing = previous?.cache.erase() // stops the persister synchronously, then clear, remove, delete
  return enqueue(async () => {
    if (previous && erasing) {
      await erasing
      if (previous.queryClient !== queryClient) queryClient.clear()
      return
    }
    // Nothing running (a 401 right at start, a cache left by a run that ended abruptly, a sign-in).
    queryClient.clear()
    if (hasIndexedDb()) await eraseStoredCache()
  })
}

function startFor(queryClient: QueryClient, userId: string): Promise<void> {
  const mine = ++generation
  const started = enqueue(async () => {
    if (mine !== generation || !hasIndexedDb()) return
    const cache = startOfflineCache(queryClient, userId)
    running = { userId, queryClient, cache }
    await cache.restored
  })
  return waitAtMost(started, RESTORE_WAIT_MS)
}

/**
 * At boot with a stored session: restores that user's cache (another user's or version's is discarded
 * by the buster) and keeps persisting. Resolves once restored — or after RESTORE_WAIT_MS at most.
 */
export function startUserCache(queryClient: QueryClient, userId: string): Promise<void> {
  if (running?.userId === userId && running.queryClient === queryClient) return Promise.resolve()
  if (running?.userId === userId) {
    // The same user on a new QueryClient (a remount): the old one stops writing, the stored cache stays.
    running.cache.stop()
    running = null
  } else if (running) {
    void eraseNow(queryClient)
  }
  return startFor(queryClient, userId)
}

/**
 * A successful sign-in. The same user whose cache is running keeps it; otherwise whatever is cached —
 * running or only stored — is erased first (a shared tablet: the previous person's patients must not
 * show), then this user's cache starts.
 */
export function switchUserCache(queryClient: QueryClient, userId: string): Promise<void> {
  if (running?.userId === userId && running.queryClient === queryClient) return Promise.resolve()
  void eraseNow(queryClient)
  return startFor(queryClient, userId)
}

/**
 * The session ended: stop the persister (at once), clear the QueryClient, remove the persisted client,
 * delete the IndexedDB database — in that order. Resolves when the database is gone.
 */
export function eraseUserCache(queryClient: QueryClient): Promise<void> {
  return eraseNow(queryClient)
}

/**
 * Another tab of the app signs out or in: localStorage (the session) is shared, the QueryClient is
 * not. Follow it so this tab never keeps one user's data under another's (or no) session.
 */
export function followSessionAcrossTabs(queryClient: QueryClient): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== SESSION_STORAGE_KEY) return
    const session = getSession()
    if (!session) {
      if (running) void eraseUserCache(queryClient)
    } else if (running?.userId !== session.user.id) {
      void switchUserCache(queryClient, session.user.id)
    }
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}
