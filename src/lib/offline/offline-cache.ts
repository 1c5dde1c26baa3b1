// The offline read cache's life: restore at start, persist while signed in, erase at sign-out.
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/query-persist-client-core'
import type { QueryClient } from '@tanstack/react-query'
import { APP_VERSION } from '../app-version'
import { createIdbPersister, type IdbPersister } from './idb-persister'
import { dropExpired, MAX_AGE_MS, shouldPersistQuery, trimForPersistence } from './persist-policy'

/** Bumped when the shape of cached data changes: an older cache is discarded. */
export const CACHE_SCHEMA_VERSION = 1

/** The cache belongs to one user and one app version: any other buster discards it on restore. */
export const cacheBuster = (userId: string) => `${APP_VERSION}:${CACHE_SCHEMA_VERSION}:${userId}`

export interface OfflineCache {
  /** Resolves when the persisted data (if any, and if it is this user's) is in the QueryClient. */
  restored: Promise<void>
  /** Stops persisting (a pending write is dropped) and leaves memory and IndexedDB as they are. */
  stop(): void
  /**
   * The order matters: stop writing (at once, before the returned promise), clear memory, remove the
   * stored client, delete the database.
   */
  erase(): Promise<void>
}

export function startOfflineCache(
  queryClient: QueryClient,
  userId: string,
  persister: IdbPersister = createIdbPersister(),
): OfflineCache {
  const buster = cacheBuster(userId)
  let unsubscribe = () => {}
  let erased = false
  const restored = (async () => {
    // Restore through our own filter so that entries older than 24 h by their own fetch time go,
    // even when the cache as a whole is younger.
    await persistQueryClientRestore({
      queryClient,
      persister: {
        ...persister,
        restoreClient: async () => {
          const client = await persister.restoreClient()
          return client && { ...client, clientState: dropExpired(client.clientState) }
        },
      },
      buster,
      maxAge: MAX_AGE_MS,
    }).catch(() => {})
    if (erased) return
    unsubscribe = persistQueryClientSubscribe({
      queryClient,
      buster,
      persister: {
        ...persister,
        persistClient: (client) =>
          persister.persistClient({ ...client, clientState: trimForPersistence(client.clientState) }),
      },
      dehydrateOptions: {
        shouldDehydrateQuery: (query) => shouldPersistQuery(query),
        shouldDehydrateMutation: () => false,
      },
    })
  })()

  return {
    restored,
    stop() {
      erased = true
      unsubscribe()
      persister.stop()
    },
    erase() {
      // Synchronously: nothing is written from here on, even a throttled write already pending.
      erased = true
      unsubscribe()
      persister.stop()
      return (async () => {
        // a restore under way would hydrate after the clear: let it land first, then wipe it
        await restored
        queryClient.clear()
        await Promise.resolve(persister.removeClient()).catch(() => {})
        await persister.destroy()
      })()
    },
  }
}

/** Erases the stored cache when no OfflineCache is running (e.g. a 401 before anything started). */
export async function eraseStoredCache(persister: IdbPersister = createIdbPersister()): Promise<void> {
  persister.stop()
  await Promise.resolve(persister.removeClient()).catch(() => {})
  await persister.destroy()
}
