import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { clinicToday } from '@contract'
import { agendamentoKeys, medicoKeys } from '@/lib/query-keys'
import { createIdbPersister } from '@/lib/offline/idb-persister'
import { startOfflineCache } from '@/lib/offline/offline-cache'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const day = agendamentoKeys.day(clinicToday())
const schedule = { agendamentos: [{ id: 'a1', paciente: { nome: 'maria' } }] }

async function storedDatabases() {
  return (await indexedDB.databases()).map((db) => db.name)
}

describe('offline cache life cycle', () => {
  it("restores the same user's cache in a new QueryClient (an app restart)", async () => {
    const first = new QueryClient()
    const cache = startOfflineCache(first, 'user-1', createIdbPersister({ throttleMs: 5 }))
    await cache.restored
    first.setQueryData(day, schedule)
    await wait(50)

    const second = new QueryClient()
    await startOfflineCache(second, 'user-1', createIdbPersister({ throttleMs: 5 })).restored
    expect(second.getQueryData(day)).toEqual(schedule)
    await cache.erase()
  })

  it("does not show one user's cache to another user", async () => {
    const first = new QueryClient()
    const cache = startOfflineCache(first, 'user-1', createIdbPersister({ throttleMs: 5 }))
    await cache.restored
    first.setQueryData(medicoKeys.list(), { medicos: [{ id: 'm', nome: 'x' }] })
    await wait(50)

    const other = new QueryClient()
    await startOfflineCache(other, 'user-2', createIdbPersister({ throttleMs: 5 })).restored
    expect(other.getQueryData(medicoKeys.list())).toBeUndefined()
  })

  it('erases everything at sign-out, and a write that was pending does not bring data back', async () => {
    const client = new QueryClient()
    const cache = startOfflineCache(client, 'user-1', createIdbPersister({ throttleMs: 30 }))
    await cache.restored
    client.setQueryData(day, schedule)
    await wait(80)
    expect(await storedDatabases()).toContain('clinica-offline')

    client.setQueryData(day, { agendamentos: [] }) // a throttled write is now pending
    await cache.erase()
    await wait(80)

    expect(client.getQueryCache().getAll()).toHaveLength(0)
    expect(await storedDatabases()).not.toContain('clinica-offline')
    const restoredLater = new QueryClient()
    await startOfflineCache(restoredLater, 'user-1', createIdbPersister({ throttleMs: 5 })).restored
    expect(restoredLater.getQueryData(day)).toBeUndefined()
  })
})
