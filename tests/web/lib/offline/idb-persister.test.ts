import 'fake-indexeddb/auto'
import type { PersistedClient } from '@tanstack/query-persist-client-core'
import { afterEach, describe, expect, it } from 'vitest'
import { createIdbPersister, discardPrefetchedClient, prefetchStoredClient } from '@/lib/offline/idb-persister'

const DB = 'clinica-offline-prefetch-test'
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const client = (buster: string): PersistedClient => ({
  timestamp: Date.now(),
  buster,
  clientState: { queries: [], mutations: [] },
})

async function store(value: PersistedClient) {
  const persister = createIdbPersister({ throttleMs: 0, dbName: DB })
  persister.persistClient(value)
  await wait(20)
}

afterEach(async () => {
  discardPrefetchedClient()
  await createIdbPersister({ dbName: DB }).destroy()
})

describe('reading the stored client ahead of the start', () => {
  it('serves the first restore with what it read', async () => {
    await store(client('a'))
    prefetchStoredClient(DB)
    expect((await createIdbPersister({ dbName: DB }).restoreClient())?.buster).toBe('a')
  })

  it('serves one restore only: the next one reads the database again', async () => {
    await store(client('a'))
    prefetchStoredClient(DB)
    const persister = createIdbPersister({ dbName: DB })
    await persister.restoreClient()
    await store(client('b'))
    expect((await persister.restoreClient())?.buster).toBe('b')
  })

  it('is dropped by a removal, so that an erased cache never comes back', async () => {
    await store(client('a'))
    prefetchStoredClient(DB)
    const persister = createIdbPersister({ dbName: DB })
    await persister.removeClient()
    expect(await persister.restoreClient()).toBeUndefined()
  })

  it('is dropped by the deletion of the database and at the end of the boot', async () => {
    await store(client('a'))
    prefetchStoredClient(DB)
    await createIdbPersister({ dbName: DB }).destroy()
    expect(await createIdbPersister({ dbName: DB }).restoreClient()).toBeUndefined()

    await store(client('c'))
    prefetchStoredClient(DB)
    discardPrefetchedClient()
    await store(client('d'))
    expect((await createIdbPersister({ dbName: DB }).restoreClient())?.buster).toBe('d')
  })

  it("never serves another database's restore", async () => {
    await store(client('a'))
    prefetchStoredClient('another-db')
    expect((await createIdbPersister({ dbName: DB }).restoreClient())?.buster).toBe('a')
  })
})
