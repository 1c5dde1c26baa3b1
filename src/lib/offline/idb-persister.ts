// A TanStack Query persister on IndexedDB through idb-keyval. Writes are throttled (the cache changes
// often); `stop()` cancels a pending write so that nothing is written after a sign-out.
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core'
import { del, get, set, type UseStore } from 'idb-keyval'

export const OFFLINE_DB_NAME = 'clinica-offline'
const STORE_NAME = 'query-cache'
const CLIENT_KEY = 'client'

/**
 * An idb-keyval store that opens the database for each operation and closes it after, so that the
 * database can be deleted at sign-out without a "blocked" open connection.
 */
function createClosingStore(dbName: string, storeName: string): UseStore {
  return async (txMode, callback) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      const tx = db.transaction(storeName, txMode)
      // listen before the request runs: the transaction may complete before `callback` resolves
      // (addEventListener: idb-keyval assigns the transaction's own on* handlers for `del`)
      const done = new Promise<void>((resolve, reject) => {
        tx.addEventListener('complete', () => resolve())
        tx.addEventListener('error', () => reject(tx.error))
        tx.addEventListener('abort', () => reject(tx.error))
      })
      const result = await callback(tx.objectStore(storeName))
      await done
      return result
    } finally {
      db.close()
    }
  }
}

/**
 * The stored client, read ahead of the app's start (prefetchStoredClient): IndexedDB answers in another
 * thread while the rest of the app's code is still being evaluated. Taken by the first restore of the
 * same database; dropped by any write, removal or deletion, and by discardPrefetchedClient.
 */
let prefetched: { dbName: string; client: Promise<PersistedClient | undefined> } | undefined

/** Starts reading the stored client now (app start, before the rest of the app's code has run). */
export function prefetchStoredClient(dbName = OFFLINE_DB_NAME): void {
  const client = get<PersistedClient>(CLIENT_KEY, createClosingStore(dbName, STORE_NAME))
  client.catch(() => {}) // the restore that takes it reads again on failure
  prefetched = { dbName, client }
}

/** The boot is over: a read ahead that no restore took must not serve a later one. */
export function discardPrefetchedClient(): void {
  prefetched = undefined
}

function takePrefetched(dbName: string): Promise<PersistedClient | undefined> | undefined {
  const taken = prefetched?.dbName === dbName ? prefetched.client : undefined
  if (taken) prefetched = undefined
  return taken
}

export interface IdbPersister extends Persister {
  /** Cancels a pending throttled write and refuses further ones. */
  stop(): void
  /** Deletes the whole IndexedDB database. */
  destroy(): Promise<void>
}

export function createIdbPersister({ throttleMs = 1000, dbName = OFFLINE_DB_NAME } = {}): IdbPersister {
  const store = createClosingStore(dbName, STORE_NAME)
  let timer: ReturnType<typeof setTimeout> | undefined
  let latest: PersistedClient | undefined
  let stopped = false

  return {
    persistClient(client) {
      if (stopped) return
      discardPrefetchedClient()
      latest = client
      if (timer) return
      timer = setTimeout(() => {
        timer = undefined
        const value = latest
        latest = undefined
        if (!stopped && value) void set(CLIENT_KEY, value, store).catch(() => {})
      }, throttleMs)
    },
    restoreClient: () => {
      const read = () => get<PersistedClient>(CLIENT_KEY, store)
      return takePrefetched(dbName)?.catch(read) ?? read()
    },
    removeClient: () => {
      discardPrefetchedClient()
      return del(CLIENT_KEY, store)
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = undefined
      latest = undefined
    },
    destroy() {
      discardPrefetchedClient()
      return new Promise<void>((resolve) => {
        if (typeof indexedDB === 'undefined') return resolve()
        const request = indexedDB.deleteDatabase(dbName)
        request.onsuccess = request.onerror = request.onblocked = () => resolve()
      })
    },
  }
}
