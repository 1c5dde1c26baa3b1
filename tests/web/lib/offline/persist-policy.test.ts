import { QueryClient, dehydrate } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { addDays, clinicToday } from '@contract'
import {
  agendamentoKeys,
  catalogoKeys,
  clinicaKeys,
  fromTodayFilters,
  laudoKeys,
  medicoKeys,
  pacienteKeys,
} from '@/lib/query-keys'
import { dropExpired, MAX_AGE_MS, shouldPersistQuery, trimForPersistence } from '@/lib/offline/persist-policy'

const now = new Date('2026-11-22T15:00:00Z')
const today = clinicToday(now)
const fresh = now.getTime() - 60_000

function clientWith(entries: Array<{ key: readonly unknown[]; data: unknown; updatedAt?: number }>) {
  const client = new QueryClient()
  for (const { key, data, updatedAt = fresh } of entries) client.setQueryData(key, data, { updatedAt })
  return client
}

const persisted = (client: QueryClient) =>
  dehydrate(client, { shouldDehydrateQuery: (query) => shouldPersistQuery(query, now) }).queries.map((q) => q.queryKey)

describe('offline allow-list', () => {
  it('keeps the exam catalogue with its convênios and prices (docs/product.md §16), not an appointment’s payments', () => {
    const client = clientWith([
      { key: catalogoKeys.all, data: { exames: [], convenios: [], precos: [] } },
      { key: agendamentoKeys.catalogue('a1'), data: { detalhes: {} } },
    ])
    expect(persisted(client)).toEqual([catalogoKeys.all])
  })

  it("keeps today's and the next 7 days' appointments, not yesterday's nor the 8th day", () => {
    const client = clientWith([
      { key: agendamentoKeys.day(today), data: { agendamentos: [] } },
      { key: agendamentoKeys.day(addDays(today, 7)), data: { agendamentos: [] } },
      { key: agendamentoKeys.day(addDays(today, 8)), data: { agendamentos: [] } },
      { key: agendamentoKeys.day(addDays(today, -1)), data: { agendamentos: [] } },
    ])
    expect(persisted(client)).toEqual([agendamentoKeys.day(today), agendamentoKeys.day(addDays(today, 7))])
  })

  it("keeps what confirmations and printouts read: the next days' confirmations, the settings, receipts", () => {
    const client = clientWith([
      { key: agendamentoKeys.confirmations(addDays(today, 1)), data: [] },
      { key: agendamentoKeys.confirmations(addDays(today, 8)), data: [] },
      { key: clinicaKeys.settings(), data: { nome: 'Clínica' } },
      { key: agendamentoKeys.receipt('a1'), data: { paciente: { nome: 'x', cpf: '***.456.789-**' } } },
    ])
    expect(persisted(client)).toEqual([
      agendamentoKeys.confirmations(addDays(today, 1)),
      clinicaKeys.settings(),
      agendamentoKeys.receipt('a1'),
    ])
  })

  it('keeps the unfiltered lists, the doctors and details; not searches or filtered lists', () => {
    const client = clientWith([
      { key: pacienteKeys.list(''), data: { pages: [], pageParams: [] } },
      { key: pacienteKeys.list('maria'), data: { pages: [], pageParams: [] } },
      { key: agendamentoKeys.list({}), data: { pages: [], pageParams: [] } },
      { key: agendamentoKeys.list({ medicoId: 'x' }), data: { pages: [], pageParams: [] } },
      { key: medicoKeys.list(), data: { medicos: [] } },
      { key: medicoKeys.tratamentos(), data: [] },
      { key: pacienteKeys.detail('p1'), data: { paciente: {} } },
      { key: pacienteKeys.inativos(), data: { pages: [], pageParams: [] } },
      // the appointment dialog's patient lookup lives under list('') with one more segment
      { key: [...pacienteKeys.list(''), 'lookup'], data: [] },
    ])
    expect(persisted(client)).toEqual([
      pacienteKeys.list(''),
      agendamentoKeys.list({}),
      medicoKeys.list(),
      medicoKeys.tratamentos(),
      pacienteKeys.detail('p1'),
    ])
  })

  it("keeps the appointments list's opening view of today (today and after), not an earlier day's", () => {
    const client = clientWith([
      { key: agendamentoKeys.fromToday(today), data: { pages: [], pageParams: [] } },
      { key: agendamentoKeys.fromToday(addDays(today, -1)), data: { pages: [], pageParams: [] } },
      {
        key: agendamentoKeys.list({ ...fromTodayFilters(today), medicoId: 'x' }),
        data: { pages: [], pageParams: [] },
      },
    ])
    expect(persisted(client)).toEqual([agendamentoKeys.fromToday(today)])
  })

  it('never keeps a query older than 24 h nor one that has not succeeded', () => {
    const client = clientWith([
      { key: medicoKeys.list(), data: { medicos: [] }, updatedAt: now.getTime() - MAX_AGE_MS - 1 },
    ])
    client.getQueryCache().build(client, { queryKey: agendamentoKeys.day(today) }) // pending, no data
    expect(persisted(client)).toEqual([])
  })

  it('writes only the first page of a list and the 20 most recent details', () => {
    const client = clientWith([
      { key: pacienteKeys.list(''), data: { pages: [['a'], ['b'], ['c']], pageParams: [1, 2, 3] } },
      ...Array.from({ length: 25 }, (_, i) => ({
        key: pacienteKeys.detail(`p${i}`),
        data: { i },
        updatedAt: fresh + i,
      })),
    ])
    const state = trimForPersistence(
      dehydrate(client, { shouldDehydrateQuery: (query) => shouldPersistQuery(query, now) }),
    )
    const list = state.queries.find((q) => q.queryKey[1] === 'list')
    expect(list?.state.data).toEqual({ pages: [['a']], pageParams: [1] })
    const details = state.queries.filter((q) => q.queryKey[1] === 'detail').map((q) => q.queryKey[2])
    expect(details).toHaveLength(20)
    expect(details).not.toContain('p0')
    expect(details).toContain('p24')
  })

  it("keeps every page of the laudo's worklist the doctor loaded, to read them offline (issue 36)", () => {
    const filters = { meus: true, modalidade: null, equipamentoId: null }
    const pages = [
      { laudos: ['a'], proximo: 'c1' },
      { laudos: ['b'], proximo: null },
    ]
    const client = clientWith([{ key: laudoKeys.worklist(filters), data: { pages, pageParams: [null, 'c1'] } }])
    const state = trimForPersistence(
      dehydrate(client, { shouldDehydrateQuery: (query) => shouldPersistQuery(query, now) }),
    )
    expect(state.queries.map((q) => q.state.data)).toEqual([{ pages, pageParams: [null, 'c1'] }])
  })

  it('drops restored entries older than 24 h by their own fetch time', () => {
    const client = clientWith([
      { key: medicoKeys.list(), data: { medicos: [] } },
      { key: pacienteKeys.detail('old'), data: {}, updatedAt: now.getTime() - MAX_AGE_MS - 1000 },
    ])
    const state = dropExpired(dehydrate(client), now)
    expect(state.queries.map((q) => q.queryKey)).toEqual([medicoKeys.list()])
  })
})
